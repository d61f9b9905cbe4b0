//! The transposition table: a fixed-size array of entries indexed by the Zobrist hash,
//! sized in MiB, kept between searches by a `MasterSearch` and shared by its threads.
//!
//! A slot is two atomic words: the entry packed into one (`data`) and the position's key
//! XOR that word in the other. Threads read and write slots without locks; a slot torn by
//! two writers at once (one word from each) no longer XORs back to a key that matches, so a
//! probe takes it for another position's and misses (the "lockless hashing" of Hyatt and
//! Mann). Every slot carries the table's generation when it was written; `clear` starts a
//! new generation, which makes every older slot read as empty, so clearing costs nothing
//! until the generations wrap (then the slots are wiped for real).

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};

use crate::engine::game::geometry::{Point, MAX_SIDE};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    /// Nothing stored.
    #[default]
    None,
    /// The true value is at most the score (fail-low).
    Upper,
    /// The true value is at least the score (fail-high).
    Lower,
    /// The score is exact.
    Exact,
}

impl Bound {
    /// What a search's `score` in the window (`alpha`, `beta`) says of the true value.
    #[must_use]
    pub fn of_result(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a search in the window (`alpha`,
    /// `beta`): exact, or a bound on the side of the window that cuts.
    #[must_use]
    pub fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
            Bound::None => false,
        }
    }
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TtEntry {
    /// The full hash, to tell positions sharing a slot apart.
    pub key: u64,
    /// Best move found, if any.
    pub best: Option<Point>,
    /// Score, with mate scores relative to the stored node.
    pub score: i32,
    /// Remaining depth searched (stored up to `i8::MAX`, which only understates it).
    pub depth: i32,
    /// What `score` bounds.
    pub bound: Bound,
}

/// Bits of a packed entry's generation: generations wrap after `1 << GENERATION_BITS`.
const GENERATION_BITS: u32 = 11;
/// Bits of a packed entry's best move: 0 for none, else 1 + the point's index on a
/// `MAX_SIDE`-wide grid.
const BEST_BITS: u32 = 11;
const _: () = assert!(MAX_SIDE * MAX_SIDE < 1 << BEST_BITS);
/// Where each field of a packed entry starts; the score takes the low 32 bits.
const DEPTH_SHIFT: u32 = 32;
const BOUND_SHIFT: u32 = DEPTH_SHIFT + 8;
const BEST_SHIFT: u32 = BOUND_SHIFT + 2;
const GENERATION_SHIFT: u32 = BEST_SHIFT + BEST_BITS;
const _: () = assert!(GENERATION_SHIFT + GENERATION_BITS == 64);

/// An entry's fields but the key, and the generation that wrote it, in one word: score
/// (32 bits), depth (8), bound (2), best move (`BEST_BITS`), generation (`GENERATION_BITS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u64);

impl Packed {
    fn new(entry: &TtEntry, generation: u16) -> Packed {
        let depth = entry.depth.clamp(0, i32::from(i8::MAX)) as u64;
        let bound = entry.bound as u64;
        let best = entry
            .best
            .map_or(0, |p| 1 + p.col() as u64 + p.row() as u64 * MAX_SIDE as u64);
        Packed(
            u64::from(entry.score as u32)
                | depth << DEPTH_SHIFT
                | bound << BOUND_SHIFT
                | best << BEST_SHIFT
                | u64::from(generation) << GENERATION_SHIFT,
        )
    }

    fn entry(self, key: u64) -> TtEntry {
        let best = (self.0 >> BEST_SHIFT) as usize & ((1 << BEST_BITS) - 1);
        TtEntry {
            key,
            best: (best > 0).then(|| Point::new((best - 1) % MAX_SIDE, (best - 1) / MAX_SIDE)),
            score: self.0 as u32 as i32,
            depth: (self.0 >> DEPTH_SHIFT) as i32 & 0xff,
            bound: match (self.0 >> BOUND_SHIFT) & 3 {
                1 => Bound::Upper,
                2 => Bound::Lower,
                3 => Bound::Exact,
                _ => Bound::None,
            },
        }
    }

    fn generation(self) -> u16 {
        (self.0 >> GENERATION_SHIFT) as u16
    }
}

/// A slot as stored: the key XOR the packed entry, and the packed entry.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's packed entry if it belongs to `key`.
    fn read(&self, key: u64) -> Option<Packed> {
        let data = self.data.load(Ordering::Relaxed);
        (self.check.load(Ordering::Relaxed) ^ data == key).then_some(Packed(data))
    }

    fn write(&self, key: u64, packed: Packed) {
        self.check.store(key ^ packed.0, Ordering::Relaxed);
        self.data.store(packed.0, Ordering::Relaxed);
    }
}

/// A hash-indexed table of search results, safe to share between searching threads.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    /// The generation slots written since the last `clear` carry; never 0, the wiped slots'.
    generation: AtomicU16,
}

impl Table {
    /// A table of about `mib` MiB: the largest power of two entries that fits (at least
    /// one), so `footprint(mib)` bytes.
    #[must_use]
    pub fn new(mib: usize) -> Table {
        let len = Self::slots_for(mib);
        Table {
            slots: (0..len).map(|_| Slot::default()).collect(),
            mask: len - 1,
            generation: AtomicU16::new(1),
        }
    }

    /// The bytes a table made for `mib` MiB takes: at most `mib` MiB, down to half of it.
    #[must_use]
    pub fn footprint(mib: usize) -> usize {
        Self::slots_for(mib) * std::mem::size_of::<Slot>()
    }

    /// The slots of a table of about `mib` MiB: the largest power of two that fits.
    fn slots_for(mib: usize) -> usize {
        let wanted = (mib.max(1) << 20) / std::mem::size_of::<Slot>();
        1usize << (usize::BITS - 1 - wanted.max(1).leading_zeros())
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: it always has at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        self.current(key)
            .map(|packed| packed.entry(key))
            .filter(|e| e.bound != Bound::None)
    }

    /// Stores a result, keeping a deeper entry of the same position.
    pub fn store(&self, entry: TtEntry) {
        let keep = self
            .probe(entry.key)
            .is_some_and(|old| entry.depth < old.depth && entry.bound != Bound::Exact);
        if !keep {
            self.slot(entry.key)
                .write(entry.key, Packed::new(&entry, self.generation()));
        }
    }

    /// Forgets everything: a new generation, or a wipe when the generations run out. Only
    /// between searches: a search running meanwhile would see a mix of both generations.
    pub fn clear(&self) {
        let next = (self.generation() + 1) & ((1 << GENERATION_BITS) - 1);
        if next == 0 {
            for slot in &self.slots {
                slot.write(0, Packed(0));
            }
        }
        self.generation.store(next.max(1), Ordering::Relaxed);
    }

    fn generation(&self) -> u16 {
        self.generation.load(Ordering::Relaxed)
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[key as usize & self.mask]
    }

    /// The packed entry of `key` if its slot holds one written in the current generation.
    fn current(&self, key: u64) -> Option<Packed> {
        self.slot(key)
            .read(key)
            .filter(|packed| packed.generation() == self.generation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i32) -> TtEntry {
        TtEntry {
            key,
            best: Some(Point::new(1, 2)),
            score: 42,
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn sized_in_mib_and_power_of_two() {
        for mib in [1, 3, 40] {
            let table = Table::new(mib);
            let bytes = table.len() * std::mem::size_of::<Slot>();
            assert!(table.len().is_power_of_two(), "{mib} MiB");
            assert_eq!(Table::footprint(mib), bytes, "{mib} MiB");
            assert!(
                bytes <= mib << 20 && bytes > mib << 19,
                "{mib} MiB: {bytes} bytes"
            );
        }
    }

    #[test]
    fn stores_probes_and_keeps_the_deeper_entry() {
        let table = Table::new(1);
        assert!(table.probe(7).is_none());
        table.store(entry(7, 5));
        table.store(entry(7, 3));
        assert_eq!(table.probe(7).unwrap().depth, 5);
        let other = 7 + table.len() as u64;
        assert!(table.probe(other).is_none(), "same slot, other key");
        table.store(entry(other, 1));
        assert_eq!(table.probe(other).unwrap().depth, 1);
        assert!(table.probe(7).is_none());
    }

    #[test]
    fn every_field_survives_packing() {
        let table = Table::new(1);
        for (key, best, score, depth, bound) in [
            (1, None, 0, 1, Bound::Upper),
            (2, Some(Point::new(31, 31)), -1_000_000, 127, Bound::Exact),
            (3, Some(Point::new(0, 0)), i32::MAX, 64, Bound::Lower),
            (4, Some(Point::new(17, 3)), i32::MIN, 2, Bound::Upper),
        ] {
            let stored = TtEntry {
                key,
                best,
                score,
                depth,
                bound,
            };
            table.store(stored);
            assert_eq!(table.probe(key), Some(stored));
        }
        table.store(entry(5, 300));
        assert_eq!(
            table.probe(5).unwrap().depth,
            127,
            "understated, never overstated"
        );
    }

    #[test]
    fn a_torn_slot_reads_as_empty() {
        let table = Table::new(1);
        table.store(entry(7, 5));
        let slot = table.slot(7);
        let other = Packed::new(&entry(7, 9), table.generation());
        slot.data.store(other.0 ^ 1 << 20, Ordering::Relaxed);
        assert!(table.probe(7).is_none());
    }

    #[test]
    fn a_cleared_slot_is_replaced_whatever_its_depth() {
        let table = Table::new(1);
        table.store(entry(7, 9));
        table.clear();
        assert!(table.probe(7).is_none());
        table.store(entry(7, 1));
        assert_eq!(table.probe(7).unwrap().depth, 1);
    }

    #[test]
    fn entries_stay_forgotten_when_the_generation_wraps() {
        let table = Table::new(1);
        table.store(entry(7, 5));
        for _ in 1..1 << GENERATION_BITS {
            table.clear();
        }
        assert_eq!(
            table.generation(),
            1,
            "wrapped back to the first generation"
        );
        assert!(table.probe(7).is_none());
        table.store(entry(7, 2));
        assert_eq!(table.probe(7).unwrap().depth, 2);
    }

    #[test]
    fn threads_share_one_table() {
        let table = Table::new(1);
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let table = &table;
                s.spawn(move || {
                    for key in (t..2000).step_by(2) {
                        table.store(entry(key, 3));
                    }
                });
            }
        });
        assert!((0..2000).all(|key| table.probe(key).is_some()));
    }
}
