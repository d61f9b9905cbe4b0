//! Zobrist keys: one random 64-bit word per colour and cell, XOR-ed together into a
//! position hash that make/unmake update in one operation.
//!
//! The words come from a fixed-seed generator, so a position hashes the same in every
//! process. 64 bits make collisions rare but not impossible: callers that must never confuse
//! two positions (the response cache) compare the stones as well (`Board::stones_key`).

use std::sync::OnceLock;

use rand::{rngs::StdRng, Rng, SeedableRng};

use super::grid::CELLS;
use super::stone::Stone;

const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

fn table() -> &'static [[u64; CELLS]; 2] {
    static TABLE: OnceLock<Box<[[u64; CELLS]; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut rng = StdRng::seed_from_u64(SEED);
        let mut keys = Box::new([[0u64; CELLS]; 2]);
        for colour in keys.iter_mut() {
            for key in colour.iter_mut() {
                *key = rng.random();
            }
        }
        keys
    })
}

/// The key of `stone` on the cell at padded `index`.
#[must_use]
#[inline]
pub fn key(stone: Stone, index: usize) -> u64 {
    table()[stone.index()][index]
}
