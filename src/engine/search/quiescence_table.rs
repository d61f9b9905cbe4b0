//! The four-only quiescence's own table of results, one per tree (so per thread).
//!
//! Below the horizon the side to move plays its fours, the other side blocks, and the same
//! fours played in another order meet again: on the bench midgames half of the tree's nodes
//! are quiescence nodes, and this table cuts the tree's nodes to a given depth by a quarter
//! to four fifths (docs/decisions/0024-quiescence-table.md). The quiescence keeps out of
//! the shared transposition table, whose slots hold the results of full-width searches: its
//! entries are as many again and worth far less, and would push those out.

use super::params::QUIESCENCE_SLOTS as SLOTS;
use super::score::{from_tt, to_tt};
use super::tt::Bound;

/// One stored quiescence result.
#[derive(Clone, Copy, Default)]
struct Slot {
    /// The position's hash.
    key: u64,
    /// The score, mate distances relative to the node (`to_tt`).
    score: i32,
    /// The quiescence depth it was searched at (0 at the horizon, lower below).
    depth: i32,
    /// What `score` bounds; `None` in a slot never written.
    bound: Bound,
}

/// A fixed-size, always-replace table of quiescence results indexed by position hash.
pub struct QuiescenceTable {
    slots: Vec<Slot>,
}

impl QuiescenceTable {
    /// An empty table. Its slots are made at the first store: a tree that only scans its
    /// root (`MasterSearch::root_moves`) never pays for them.
    #[must_use]
    pub fn new() -> QuiescenceTable {
        QuiescenceTable { slots: Vec::new() }
    }

    /// The stored score of the position `key` at `ply`, if it was searched at `depth` or
    /// deeper and settles the window (`alpha`, `beta`).
    pub fn settled(&self, key: u64, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let slot = *self.slots.get(Self::index(key))?;
        let score = from_tt(slot.score, ply);
        (slot.key == key && slot.depth >= depth && slot.bound.settles(score, alpha, beta))
            .then_some(score)
    }

    /// Stores the `score` a quiescence search of `key` at `depth` and `ply` returned in the
    /// window (`alpha`, `beta`).
    pub fn store(&mut self, key: u64, depth: i32, score: i32, alpha: i32, beta: i32, ply: usize) {
        if self.slots.is_empty() {
            self.slots = vec![Slot::default(); SLOTS];
        }
        self.slots[Self::index(key)] = Slot {
            key,
            score: to_tt(score, ply),
            depth,
            bound: Bound::of_result(score, alpha, beta),
        };
    }

    fn index(key: u64) -> usize {
        key as usize & (SLOTS - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::score::WIN;

    #[test]
    fn a_result_settles_only_the_windows_its_bound_covers() {
        let mut table = QuiescenceTable::new();
        // Failed high at 50 in (0, 40): at least 50.
        table.store(7, -2, 50, 0, 40, 3);
        assert_eq!(table.settled(7, -2, 0, 45, 3), Some(50));
        assert_eq!(
            table.settled(7, -2, 0, 60, 3),
            None,
            "50 is only a lower bound"
        );
        // Failed low at -10 in (0, 40): at most -10.
        table.store(9, -2, -10, 0, 40, 3);
        assert_eq!(table.settled(9, -2, -5, 40, 3), Some(-10));
        assert_eq!(
            table.settled(9, -2, -20, 40, 3),
            None,
            "-10 is only an upper bound"
        );
        // Exact in its window: any window.
        table.store(11, -2, 20, 0, 40, 3);
        assert_eq!(table.settled(11, -2, 30, 31, 3), Some(20));
    }

    #[test]
    fn a_shallower_result_or_another_position_never_settles() {
        let mut table = QuiescenceTable::new();
        table.store(7, -3, 20, 0, 40, 3);
        assert_eq!(table.settled(7, -2, 0, 40, 3), None, "searched shallower");
        assert_eq!(table.settled(7, -4, 0, 40, 3), Some(20), "deeper is fine");
        assert_eq!(table.settled(7 + SLOTS as u64, -4, 0, 40, 3), None);
        assert_eq!(QuiescenceTable::new().settled(0, -12, 0, 40, 0), None);
        assert_eq!(
            table.settled(0, -12, 0, 40, 0),
            None,
            "a slot never written"
        );
    }

    #[test]
    fn mate_scores_are_kept_relative_to_the_node() {
        let mut table = QuiescenceTable::new();
        // A five two plies below a node at ply 5, read back from a node at ply 9.
        table.store(7, -1, WIN - 7, 0, 40, 5);
        assert_eq!(table.settled(7, -1, 0, 40, 9), Some(WIN - 11));
    }
}
