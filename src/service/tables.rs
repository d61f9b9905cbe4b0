//! The master level's transposition tables, reused from request to request.
//!
//! A master search needs a table of `search::DEFAULT_TT_MIB`; allocating a fresh one per
//! request made the process grow under load (the allocator served the freed tables from
//! fragmenting per-thread arenas). A bounded free list lends a `search::MasterSearch` to each
//! master search instead, cleared first so that every answer depends on its request alone.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use crate::engine::levels::analysis::Analysis;
use crate::engine::search::{self, DEFAULT_TT_MIB};
use crate::engine::{levels, Position, SearchRequest};

/// A free list of master searchers, shared by the search pool's threads: the master level's
/// searches and the judge's of the classic levels (`levels::judgement`) borrow from it.
#[derive(Clone)]
pub struct MasterTables {
    free: Arc<Mutex<Vec<search::MasterSearch>>>,
    keep: usize,
    tt_mib: usize,
}

impl MasterTables {
    /// Tables of `search::DEFAULT_TT_MIB`, at most `keep` of them kept idle (the pool's slots:
    /// no more searches run at once, so no more tables are ever needed).
    #[must_use]
    pub fn new(keep: usize) -> MasterTables {
        MasterTables::sized(keep, DEFAULT_TT_MIB)
    }

    /// Tables of about `tt_mib` MiB, at most `keep` of them kept idle.
    #[must_use]
    pub fn sized(keep: usize, tt_mib: usize) -> MasterTables {
        MasterTables {
            free: Arc::default(),
            keep,
            tt_mib,
        }
    }

    /// `levels::analyze`, the master level searching on a lent table.
    #[must_use]
    pub fn analyze(&self, position: &Position, request: &SearchRequest) -> Analysis {
        levels::analyze_with(position, request, |position, request| {
            self.lend(|searcher| searcher.analyze(position, request))
        })
    }

    /// Tables allocated and idle now.
    #[must_use]
    pub fn idle(&self) -> usize {
        self.free().len()
    }

    /// Runs `work` on an idle searcher (a new one when none is idle), cleared first, and
    /// keeps it for the next search if fewer than `keep` are idle.
    fn lend<T>(&self, work: impl FnOnce(&mut search::MasterSearch) -> T) -> T {
        let idle = self.free().pop();
        let mut searcher = idle.unwrap_or_else(|| search::MasterSearch::new(self.tt_mib));
        searcher.clear();
        let answer = work(&mut searcher);
        let mut free = self.free();
        if free.len() < self.keep {
            free.push(searcher);
        }
        answer
    }

    /// The free list. A search that panicked never held the lock, so a poisoned list is
    /// still consistent.
    fn free(&self) -> MutexGuard<'_, Vec<search::MasterSearch>> {
        self.free.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::{BoardInput, Difficulty, MoveInput, Rule};

    fn position(moves: &[(i64, i64)]) -> Position {
        let input = BoardInput::Moves {
            width: 15,
            height: 15,
            moves: moves.iter().map(|&(x, y)| MoveInput::Pair(x, y)).collect(),
        };
        Position::parse(&input, Rule::Freestyle, None).expect("legal moves")
    }

    /// A master request bounded by depth only, so that its answer is reproducible.
    fn master(depth: u32) -> SearchRequest {
        let mut request = SearchRequest::new(Difficulty::Master, Duration::from_secs(600));
        request.max_depth = Some(depth);
        request.candidates = 3;
        request
    }

    #[test]
    fn an_answer_does_not_depend_on_the_searches_before_it() {
        let tables = MasterTables::sized(1, 1);
        let first = position(&[(7, 7), (8, 8), (6, 9)]);
        let other = position(&[(7, 7), (7, 8), (8, 7), (6, 7), (9, 9)]);
        let before = tables.analyze(&first, &master(4));
        assert!(tables.analyze(&other, &master(5)).best.is_some());
        let after = tables.analyze(&first, &master(4));
        assert_eq!(tables.idle(), 1, "one table, reused");
        assert_eq!(before.best, after.best);
        assert_eq!(before.score, after.score);
        assert_eq!(before.pv, after.pv);
        assert_eq!(before.candidates, after.candidates);
        assert_eq!(before.heatmap, after.heatmap);
        assert_eq!(before.stats.nodes, after.stats.nodes);
    }

    #[test]
    fn keeps_at_most_its_bound_idle_and_lends_the_judge_one_too() {
        let tables = MasterTables::sized(1, 1);
        let start = position(&[(7, 7)]);
        let mut easy = master(2);
        easy.difficulty = Difficulty::Easy;
        easy.candidates = 3;
        assert!(tables.analyze(&start, &easy).best.is_some());
        assert_eq!(
            tables.idle(),
            1,
            "the judge of easy's 3 candidates used one table"
        );
        std::thread::scope(|scope| {
            for _ in 0..3 {
                scope.spawn(|| tables.analyze(&start, &master(2)));
            }
        });
        assert_eq!(tables.idle(), 1);
    }
}
