//! The transposition table: a fixed-size array of entries indexed by the Zobrist hash,
//! sized in MiB, kept between searches by a `Searcher`.

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

/// A hash-indexed table of search results.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of about `mib` MiB (at least one entry; a power of two entries).
    #[must_use]
    pub fn new(mib: usize) -> Table {
        let wanted = (mib.max(1) << 20) / std::mem::size_of::<Entry>();
        let len = 1usize << (usize::BITS - 1 - wanted.max(1).leading_zeros());
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
        }
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no slots (never: it always has at least one).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.entries[key as usize & self.mask];
        (entry.bound != Bound::None && entry.key == key).then_some(entry)
    }

    /// Stores a result, keeping a deeper entry of the same position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.key != entry.key || entry.depth >= slot.depth || entry.bound == Bound::Exact {
            *slot = entry;
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
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
}
