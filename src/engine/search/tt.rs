//! The transposition table: a fixed-size array of entries indexed by the Zobrist hash,
//! sized in MiB, kept between searches by a `Searcher`.
//!
//! Every slot carries the table's generation when it was written; `clear` starts a new
//! generation, which makes every older slot read as empty, so clearing costs nothing until
//! the 16-bit generation wraps (then the slots are wiped for real).

use crate::engine::geometry::Point;

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

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    /// The full hash, to tell positions sharing a slot apart.
    pub key: u64,
    /// Best move found, if any.
    pub best: Option<Point>,
    /// Score, with mate scores relative to the stored node.
    pub score: i32,
    /// Remaining depth searched.
    pub depth: i32,
    /// What `score` bounds.
    pub bound: Bound,
}

/// An entry as stored: the fields of `Entry` and the generation that wrote it, packed into
/// the same 24 bytes as an `Entry`.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    best: Option<Point>,
    score: i32,
    depth: i32,
    bound: Bound,
    generation: u16,
}

impl Slot {
    fn entry(&self) -> Entry {
        Entry {
            key: self.key,
            best: self.best,
            score: self.score,
            depth: self.depth,
            bound: self.bound,
        }
    }
}

/// A hash-indexed table of search results.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    /// The generation slots written since the last `clear` carry; never 0, the wiped slots'.
    generation: u16,
}

impl Table {
    /// A table of about `mib` MiB (at least one entry; a power of two entries).
    #[must_use]
    pub fn new(mib: usize) -> Table {
        let wanted = (mib.max(1) << 20) / std::mem::size_of::<Slot>();
        let len = 1usize << (usize::BITS - 1 - wanted.max(1).leading_zeros());
        Table {
            slots: vec![Slot::default(); len],
            mask: len - 1,
            generation: 1,
        }
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
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        (self.is_current(slot) && slot.key == key).then(|| slot.entry())
    }

    /// Stores a result, keeping a deeper entry of the same position.
    pub fn store(&mut self, entry: Entry) {
        let generation = self.generation;
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let keep = slot.generation == generation
            && slot.key == entry.key
            && entry.depth < slot.depth
            && entry.bound != Bound::Exact;
        if !keep {
            *slot = Slot {
                key: entry.key,
                best: entry.best,
                score: entry.score,
                depth: entry.depth,
                bound: entry.bound,
                generation,
            };
        }
    }

    /// Forgets everything: a new generation, or a wipe when the generations run out.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    /// Whether `slot` holds an entry written in the current generation.
    fn is_current(&self, slot: &Slot) -> bool {
        slot.generation == self.generation && slot.bound != Bound::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i32) -> Entry {
        Entry {
            key,
            best: Some(Point::new(1, 2)),
            score: 42,
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn sized_in_mib_and_power_of_two() {
        let table = Table::new(1);
        assert!(table.len().is_power_of_two());
        assert!(table.len() * std::mem::size_of::<Entry>() <= 1 << 20);
        assert!(table.len() * std::mem::size_of::<Entry>() > 1 << 19);
    }

    #[test]
    fn stores_probes_and_keeps_the_deeper_entry() {
        let mut table = Table::new(1);
        assert!(table.probe(7).is_none());
        table.store(entry(7, 5));
        table.store(entry(7, 3));
        assert_eq!(table.probe(7).unwrap().depth, 5);
        let other = 7 + table.len() as u64;
        assert!(table.probe(other).is_none(), "same slot, other key");
        table.store(entry(other, 1));
        assert_eq!(table.probe(other).unwrap().depth, 1);
        assert!(table.probe(7).is_none());
        table.clear();
        assert!(table.probe(other).is_none());
    }

    #[test]
    fn the_generation_costs_no_room() {
        assert_eq!(std::mem::size_of::<Slot>(), std::mem::size_of::<Entry>());
    }

    #[test]
    fn a_cleared_slot_is_replaced_whatever_its_depth() {
        let mut table = Table::new(1);
        table.store(entry(7, 9));
        table.clear();
        table.store(entry(7, 1));
        assert_eq!(table.probe(7).unwrap().depth, 1);
    }

    #[test]
    fn entries_stay_forgotten_when_the_generation_wraps() {
        let mut table = Table::new(1);
        table.store(entry(7, 5));
        for _ in 0..u16::MAX {
            table.clear();
        }
        assert_eq!(table.generation, 1, "wrapped back to the first generation");
        assert!(table.probe(7).is_none());
        table.store(entry(7, 2));
        assert_eq!(table.probe(7).unwrap().depth, 2);
    }
}
