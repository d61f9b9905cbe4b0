//! The transposition table: a fixed-size array of entries indexed by the Zobrist hash,
//! sized in MiB, kept between searches by a `MasterSearch` and shared by its threads.
//!
//! A slot is two atomic words: the entry packed into one (`data`) and the position's key
//! XOR that word in the other. Threads read and write slots without locks; a slot torn by
//! two writers at once (one word from each) no longer XORs back to a key that matches, so a
//! probe takes it for another position's and misses (the "lockless hashing" of Hyatt and
//! Mann).
//!
//! Slots come in buckets of two, one position's entry in either. A new position takes the
//! bucket's less valuable slot: the shallower search, a search older by one move counting
//! as `AGE_WEIGHT` plies shallower; so a deep result of this move's search survives the
//! shallow ones that share its bucket, and last moves' results give way first.
//!
//! Every slot carries the generation it was written in: a new search starts a generation
//! (the age), and `clear` marks every older one as empty, so clearing costs nothing until
//! the generations wrap (then the slots are wiped for real).

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
            depth: self.depth(),
            bound: match (self.0 >> BOUND_SHIFT) & 3 {
                1 => Bound::Upper,
                2 => Bound::Lower,
                3 => Bound::Exact,
                _ => Bound::None,
            },
        }
    }

    /// The remaining depth searched, read without decoding the rest of the entry.
    fn depth(self) -> i32 {
        (self.0 >> DEPTH_SHIFT) as i32 & 0xff
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

    /// The slot's packed entry, whatever position it belongs to.
    fn packed(&self) -> Packed {
        Packed(self.data.load(Ordering::Relaxed))
    }

    fn write(&self, key: u64, packed: Packed) {
        self.check.store(key ^ packed.0, Ordering::Relaxed);
        self.data.store(packed.0, Ordering::Relaxed);
    }
}

/// The slots one key may use; aligned so that a bucket never straddles a cache line.
#[derive(Default)]
#[repr(align(32))]
struct Bucket([Slot; 2]);

/// How many plies of depth a result loses, when the table picks which slot of a bucket to
/// replace, for each search it is older than the current one.
const AGE_WEIGHT: i32 = 8;

/// A hash-indexed table of search results, safe to share between searching threads.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// The generation slots written now carry: the searches started since the slots were
    /// last wiped, so never 0, the wiped slots' generation.
    generation: AtomicU16,
    /// The first generation that counts: the one `clear` last started.
    valid_from: AtomicU16,
}

impl Table {
    /// A table of about `mib` MiB: the largest power of two buckets that fits (at least
    /// one), so `footprint(mib)` bytes.
    #[must_use]
    pub fn new(mib: usize) -> Table {
        let len = Self::buckets_for(mib);
        Table {
            buckets: (0..len).map(|_| Bucket::default()).collect(),
            mask: len - 1,
            generation: AtomicU16::new(1),
            valid_from: AtomicU16::new(1),
        }
    }

    /// The bytes a table made for `mib` MiB takes: at most `mib` MiB, down to half of it.
    #[must_use]
    pub fn footprint(mib: usize) -> usize {
        Self::buckets_for(mib) * std::mem::size_of::<Bucket>()
    }

    /// The buckets of a table of about `mib` MiB: the largest power of two that fits.
    fn buckets_for(mib: usize) -> usize {
        let wanted = (mib.max(1) << 20) / std::mem::size_of::<Bucket>();
        1usize << (usize::BITS - 1 - wanted.max(1).leading_zeros())
    }

    /// Number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Whether the table has no slots (never: it always has at least one bucket).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// The entry stored for `key`, if any.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        self.current(key)
            .map(|(_, packed)| packed.entry(key))
            .filter(|e| e.bound != Bound::None)
    }

    /// Stores a result: over the position's own slot unless that holds a deeper search
    /// (an exact result always replaces), else over the bucket's less valuable slot.
    pub fn store(&self, entry: TtEntry) {
        let packed = Packed::new(&entry, self.generation());
        match self.current(entry.key) {
            Some((slot, old)) => {
                let old = old.entry(entry.key);
                if entry.depth >= old.depth || entry.bound == Bound::Exact {
                    slot.write(entry.key, packed);
                }
            }
            None => self.victim(entry.key).write(entry.key, packed),
        }
    }

    /// Forgets everything: a new generation, the first that counts. Only between searches:
    /// a search running meanwhile would see a mix of both generations.
    pub fn clear(&self) {
        self.new_search();
        self.valid_from.store(self.generation(), Ordering::Relaxed);
    }

    /// Starts a new search: what earlier searches stored stays, one search older. The
    /// slots are wiped when the generations run out, so that an old slot never passes for a
    /// new one.
    pub fn new_search(&self) {
        let next = self.generation() + 1;
        if next == 1 << GENERATION_BITS {
            for slot in self.buckets.iter().flat_map(|bucket| &bucket.0) {
                slot.write(0, Packed(0));
            }
            self.generation.store(1, Ordering::Relaxed);
            self.valid_from.store(1, Ordering::Relaxed);
        } else {
            self.generation.store(next, Ordering::Relaxed);
        }
    }

    fn generation(&self) -> u16 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Whether a slot written in `generation` is still there: written since the last
    /// `clear` (the wiped slots' generation 0 never is).
    fn counts(&self, generation: u16) -> bool {
        generation >= self.valid_from.load(Ordering::Relaxed)
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[key as usize & self.mask]
    }

    /// The slot holding `key`'s entry and that entry, if one counts.
    fn current(&self, key: u64) -> Option<(&Slot, Packed)> {
        self.bucket(key).0.iter().find_map(|slot| {
            slot.read(key)
                .filter(|packed| self.counts(packed.generation()))
                .map(|packed| (slot, packed))
        })
    }

    /// The slot of `key`'s bucket that a new position replaces: an empty one, else the one
    /// with the lowest depth once aged.
    fn victim(&self, key: u64) -> &Slot {
        let [first, second] = &self.bucket(key).0;
        if self.value(first.packed()) <= self.value(second.packed()) {
            first
        } else {
            second
        }
    }

    /// What keeping a slot is worth: its depth, `AGE_WEIGHT` less per search it is older
    /// than the current one; nothing when it does not count.
    fn value(&self, packed: Packed) -> i32 {
        let generation = packed.generation();
        if !self.counts(generation) {
            return i32::MIN;
        }
        let age = i32::from(self.generation().saturating_sub(generation));
        packed.depth() - AGE_WEIGHT * age
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

    /// Keys sharing `key`'s bucket.
    fn bucket_mates(table: &Table, key: u64) -> impl Iterator<Item = u64> {
        let buckets = (table.len() / 2) as u64;
        (1..).map(move |k| key + k * buckets)
    }

    #[test]
    fn stores_probes_and_keeps_the_deeper_entry() {
        let table = Table::new(1);
        assert!(table.probe(7).is_none());
        table.store(entry(7, 5));
        table.store(entry(7, 3));
        assert_eq!(table.probe(7).unwrap().depth, 5);
        let mut mates = bucket_mates(&table, 7);
        let (other, third) = (mates.next().unwrap(), mates.next().unwrap());
        assert!(table.probe(other).is_none(), "same bucket, other key");
        table.store(entry(other, 1));
        assert_eq!(table.probe(other).unwrap().depth, 1);
        assert_eq!(table.probe(7).unwrap().depth, 5, "the bucket's other slot");
        table.store(entry(third, 2));
        assert_eq!(table.probe(third).unwrap().depth, 2);
        assert!(table.probe(other).is_none(), "the shallower slot replaced");
        assert_eq!(table.probe(7).unwrap().depth, 5, "the deeper slot kept");
    }

    #[test]
    fn older_searches_give_way_and_stay_readable_until_then() {
        let table = Table::new(1);
        let mut mates = bucket_mates(&table, 7);
        table.store(entry(7, 9));
        table.new_search();
        table.store(entry(mates.next().unwrap(), 3));
        assert_eq!(
            table.probe(7).unwrap().depth,
            9,
            "one search old, still read"
        );
        let newcomer = mates.next().unwrap();
        table.store(entry(newcomer, 2));
        assert!(
            table.probe(7).is_none(),
            "depth 9 one search old counts as {}, below 3",
            9 - AGE_WEIGHT
        );
        assert_eq!(table.probe(newcomer).unwrap().depth, 2);
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
        let slot = table.current(7).unwrap().0;
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
