//! The answer cache: search results keyed by the canonical position and every parameter that
//! changes the answer.
//!
//! Square boards have 8 symmetries (rectangles 4); a position and its mirror images share one
//! entry, stored in the canonical orientation (the one with the smallest stone key) and mapped
//! back to each request's orientation. The key holds the canonical stones themselves, not just
//! a hash of them, so equal keys mean equal positions: a hash collision can cost a bucket probe
//! but never return another position's answer.

use std::sync::Arc;
use std::time::Duration;

use moka::future::Cache;

use super::answers::SearchParams;
use crate::engine::levels::analysis::{Analysis, Candidate};
use crate::engine::{Board, BoardSize, Difficulty, Point, Rule, Stone, Symmetry};

/// Everything an answer depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CacheKey {
    stones: Vec<u8>,
    to_move: Stone,
    rule: Rule,
    difficulty: Difficulty,
    time_ms: u128,
    depth: u32,
    nodes: u64,
    seed: Option<u64>,
    candidates: usize,
}

impl CacheKey {
    /// The key as compact bytes (postcard), exact like the key itself: the shared cache's key
    /// after its version prefix.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        let fields = (
            &self.stones,
            self.to_move.code(),
            self.rule.name(),
            self.difficulty.name(),
            self.time_ms,
            self.depth,
            self.nodes,
            self.seed,
            self.candidates,
        );
        // Plain bytes, integers and strings always serialise.
        postcard::to_stdvec(&fields).expect("cache keys serialise")
    }
}

/// A position's canonical orientation: the symmetry taking it there and the cache key.
#[derive(Clone, Debug)]
pub struct Canonical {
    /// Maps the request's board onto the canonical one.
    pub symmetry: Symmetry,
    /// The cache key of the canonical board with these parameters.
    pub key: CacheKey,
}

impl Canonical {
    /// The canonical orientation of `board` for a search with `params`.
    #[must_use]
    pub fn of(board: &Board, params: &SearchParams) -> Canonical {
        let size = board.size();
        let stones: Vec<(Point, u8)> = board.stones().map(|(p, s)| (p, s.code())).collect();
        let (symmetry, stones) = Symmetry::of(size)
            .iter()
            .map(|&symmetry| (symmetry, stones_key(&stones, symmetry, size)))
            .min_by(|a, b| a.1.cmp(&b.1))
            .expect("every size has the identity symmetry");
        Canonical {
            symmetry,
            key: CacheKey {
                stones,
                to_move: board.to_move(),
                rule: board.rule(),
                difficulty: params.difficulty,
                time_ms: params.time.as_millis(),
                depth: params.depth,
                nodes: params.nodes,
                seed: params.seed,
                candidates: params.candidates,
            },
        }
    }
}

/// The size and 2-bit cell codes of `stones` mapped by `symmetry`, row-major, four cells a
/// byte (the first cell in the low bits).
fn stones_key(stones: &[(Point, u8)], symmetry: Symmetry, size: BoardSize) -> Vec<u8> {
    const HEADER: usize = 2;
    let mut key = vec![0u8; HEADER + size.area().div_ceil(4)];
    key[0] = size.width() as u8;
    key[1] = size.height() as u8;
    for &(point, code) in stones {
        let p = symmetry.apply(point, size);
        let cell = p.row() * size.width() + p.col();
        key[HEADER + cell / 4] |= code << (2 * (cell % 4));
    }
    key
}

/// Search answers in canonical orientation, bounded by weight and age.
#[derive(Clone)]
pub struct AnswerCache {
    entries: Cache<CacheKey, Arc<Analysis>>,
}

impl AnswerCache {
    /// A cache of about `megabytes` MiB whose entries live `ttl`.
    #[must_use]
    pub fn new(megabytes: u64, ttl: Duration) -> AnswerCache {
        AnswerCache {
            entries: Cache::builder()
                .max_capacity(megabytes.saturating_mul(1024 * 1024))
                .weigher(|key: &CacheKey, value: &Arc<Analysis>| {
                    u32::try_from(weight(key, value)).unwrap_or(u32::MAX)
                })
                .time_to_live(ttl)
                .build(),
        }
    }

    /// The moka cache itself.
    #[must_use]
    pub fn entries(&self) -> &Cache<CacheKey, Arc<Analysis>> {
        &self.entries
    }
}

/// Approximate bytes an entry holds.
fn weight(key: &CacheKey, analysis: &Analysis) -> usize {
    let points = analysis.pv.len()
        + analysis
            .candidates
            .iter()
            .map(|c| c.pv.len() + 1)
            .sum::<usize>()
        + analysis.heatmap.forbidden.len();
    std::mem::size_of::<CacheKey>()
        + key.stones.len()
        + std::mem::size_of::<Analysis>()
        + analysis.heatmap.values.len() * std::mem::size_of::<Option<f64>>()
        + points * std::mem::size_of::<(Point, u64)>()
        + analysis.candidates.len() * std::mem::size_of::<Candidate>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rule;

    fn params() -> SearchParams {
        SearchParams {
            difficulty: Difficulty::Medium,
            time: Duration::from_millis(100),
            depth: 4,
            nodes: 1000,
            seed: None,
            candidates: 1,
        }
    }

    fn board(points: &[(usize, usize)]) -> Board {
        let mut board = Board::new(BoardSize::STANDARD, Rule::Freestyle);
        for &(x, y) in points {
            board.play(Point::new(x, y));
        }
        board
    }

    #[test]
    fn every_symmetric_image_has_the_same_key_and_different_positions_do_not() {
        let original = board(&[(7, 7), (8, 6), (3, 2)]);
        let key = Canonical::of(&original, &params()).key;
        for &symmetry in Symmetry::of(original.size()) {
            let image = original.transformed(symmetry);
            assert_eq!(Canonical::of(&image, &params()).key, key, "{symmetry:?}");
        }
        let other = board(&[(7, 7), (8, 6), (3, 3)]);
        let other = Canonical::of(&other, &params()).key;
        assert_ne!(other, key);
        assert_ne!(other.encode(), key.encode());
        let longer = SearchParams {
            time: Duration::from_millis(200),
            ..params()
        };
        assert_ne!(Canonical::of(&original, &longer).key.encode(), key.encode());
    }
}
