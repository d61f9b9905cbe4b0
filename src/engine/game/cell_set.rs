//! A set of cells of the padded grid, one bit each: kept current by the board for the cells
//! that searches would otherwise find by scanning every empty cell (the four points).

use super::geometry::Point;
use super::grid::{self, CELLS, STRIDE};
use super::patterns::HALF;

/// Words of the bit array.
const WORDS: usize = CELLS.div_ceil(64);

/// Farthest, in padded indices, that a stone changes other cells' line patterns.
const REACH: usize = HALF * STRIDE + HALF;

/// Words a `Window` keeps: enough for every cell within `REACH` of its centre.
const WINDOW_WORDS: usize = (2 * REACH).div_ceil(64) + 1;

/// Cells of the padded grid, by index, iterated in index order (row by row).
#[derive(Clone)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet { words: [0; WORDS] };

    /// Puts the cell at padded `index` in the set (`member`) or takes it out.
    #[inline]
    pub fn set(&mut self, index: usize, member: bool) {
        let bit = 1u64 << (index % 64);
        let word = &mut self.words[index / 64];
        if member {
            *word |= bit;
        } else {
            *word &= !bit;
        }
    }

    /// The cells in the set as points, row by row (the order of `BoardSize::points`). Every
    /// cell in the set must be on the board.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.words
            .iter()
            .enumerate()
            .filter(|&(_, &word)| word != 0)
            .flat_map(|(i, &word)| Bits(word).map(move |bit| grid::point_of(i * 64 + bit)))
    }

    /// The words holding every cell whose line patterns a stone at padded `index` changes.
    #[must_use]
    #[inline]
    pub fn window(&self, index: usize) -> Window {
        let first = index.saturating_sub(REACH) / 64;
        let first = first.min(WORDS - WINDOW_WORDS);
        let mut words = [0; WINDOW_WORDS];
        words.copy_from_slice(&self.words[first..first + WINDOW_WORDS]);
        Window { first, words }
    }

    /// Puts back the words of a `window`.
    #[inline]
    pub fn restore(&mut self, window: &Window) {
        self.words[window.first..window.first + WINDOW_WORDS].copy_from_slice(&window.words);
    }
}

/// The words of a `CellSet` around one cell, to put back after a stone there comes off.
#[derive(Clone)]
pub struct Window {
    first: usize,
    words: [u64; WINDOW_WORDS],
}

/// The set bits of a word, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::geometry::BoardSize;

    proptest::proptest! {
        /// The set holds exactly the cells put in and not taken out, listed in board order.
        #[test]
        fn the_set_lists_its_cells_in_board_order(
            changes in proptest::collection::vec((0..32usize, 0..32usize, proptest::bool::ANY), 0..200)
        ) {
            let mut set = CellSet::EMPTY;
            let mut model = std::collections::BTreeSet::new();
            for (x, y, member) in changes {
                let p = Point::new(x, y);
                set.set(grid::index_of(p), member);
                if member {
                    model.insert((y, x));
                } else {
                    model.remove(&(y, x));
                }
            }
            let listed: Vec<Point> = set.points().collect();
            let expected: Vec<Point> = BoardSize::new(32, 32)
                .expect("a board size")
                .points()
                .filter(|p| model.contains(&(p.row(), p.col())))
                .collect();
            proptest::prop_assert_eq!(&listed, &expected);
        }
    }
}
