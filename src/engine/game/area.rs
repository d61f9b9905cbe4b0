//! Candidate moves: the empty cells near stones, tracked incrementally.
//!
//! A cell is a candidate when a stone lies within two steps of it along one of the eight
//! line directions (or one step diagonally): moves farther away almost never matter.
//! Counts of nearby stones are updated on make/unmake, and each row keeps a bit mask of its
//! near cells and of its stones, so listing the candidates visits only them.

use crate::engine::game::board::Board;
use crate::engine::game::geometry::{BoardSize, Point};
use crate::engine::game::grid::{CELLS, PAD, STRIDE};

/// The steps `(dx, dy)` from a stone to the cells it makes candidates.
const NEIGHBOURHOOD: [(isize, isize); 16] = {
    let directions = [(1, 0), (0, 1), (1, 1), (-1, 1)];
    let steps = [-2, -1, 1, 2];
    let mut offsets = [(0, 0); 16];
    let mut i = 0;
    while i < 16 {
        let (dx, dy) = directions[i / 4];
        offsets[i] = (dx * steps[i % 4], dy * steps[i % 4]);
        i += 1;
    }
    offsets
};

/// Nearby-stone counts of every cell of the padded grid (so that no step leaves it), and per
/// padded row the masks of near cells and of stones (bit `x` for padded column `x`).
#[derive(Clone)]
pub struct Area {
    size: BoardSize,
    near: Vec<u8>,
    near_rows: [u64; STRIDE],
    stone_rows: [u64; STRIDE],
}

impl Area {
    /// The area of a board's current stones.
    #[must_use]
    pub fn new(board: &Board) -> Area {
        let mut area = Area {
            size: board.size(),
            near: vec![0; CELLS],
            near_rows: [0; STRIDE],
            stone_rows: [0; STRIDE],
        };
        for (p, _) in board.stones() {
            area.add(p);
        }
        area
    }

    /// Records a stone put on `point`.
    pub fn add(&mut self, point: Point) {
        let (x, y) = (point.col() + PAD, point.row() + PAD);
        self.stone_rows[y] |= 1 << x;
        for (dx, dy) in NEIGHBOURHOOD {
            let (nx, ny) = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            self.near[ny * STRIDE + nx] += 1;
            self.near_rows[ny] |= 1 << nx;
        }
    }

    /// Forgets the stone last recorded on `point`.
    pub fn remove(&mut self, point: Point) {
        let (x, y) = (point.col() + PAD, point.row() + PAD);
        self.stone_rows[y] &= !(1 << x);
        for (dx, dy) in NEIGHBOURHOOD {
            let (nx, ny) = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            let count = &mut self.near[ny * STRIDE + nx];
            *count -= 1;
            self.near_rows[ny] &= !(u64::from(*count == 0) << nx);
        }
    }

    /// Every empty cell near a stone (the centre on an empty board), row by row.
    pub fn candidates<'a>(&'a self, board: &'a Board) -> Candidates<'a> {
        Candidates {
            area: self,
            centre: (board.stone_total() == 0).then(|| self.size.center()),
            columns: (1u64 << self.size.width()) - 1,
            row: 0,
            open: 0,
        }
    }

    /// The candidate columns of board row `y` as a mask (bit `x` for column `x`).
    #[inline]
    fn open_in_row(&self, y: usize, columns: u64) -> u64 {
        let row = y + PAD;
        (self.near_rows[row] & !self.stone_rows[row]) >> PAD & columns
    }
}

/// The iterator of `Area::candidates`: a plain loop over the row masks, which the scans
/// (run at every node) iterate faster than a chain of iterator adapters.
pub struct Candidates<'a> {
    area: &'a Area,
    centre: Option<Point>,
    columns: u64,
    /// The next board row to load.
    row: usize,
    /// The candidate columns of row `row - 1` not yet listed.
    open: u64,
}

impl Iterator for Candidates<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if let Some(centre) = self.centre.take() {
            return Some(centre);
        }
        while self.open == 0 {
            if self.row >= self.area.size.height() {
                return None;
            }
            self.open = self.area.open_in_row(self.row, self.columns);
            self.row += 1;
        }
        let x = self.open.trailing_zeros() as usize;
        self.open &= self.open - 1;
        Some(Point::new(x, self.row - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rule, Stone};

    #[test]
    fn candidates_follow_make_and_unmake() {
        let mut board = Board::new(BoardSize::STANDARD, Rule::Freestyle);
        let mut area = Area::new(&board);
        assert_eq!(
            area.candidates(&board).collect::<Vec<_>>(),
            vec![Point::new(7, 7)]
        );
        board.play(Point::new(0, 0));
        area.add(Point::new(0, 0));
        let near: Vec<Point> = area.candidates(&board).collect();
        assert_eq!(near.len(), 6, "{near:?}");
        assert!(near.contains(&Point::new(2, 2)) && !near.contains(&Point::new(2, 1)));
        board.place(Point::new(14, 14), Stone::White);
        area.add(Point::new(14, 14));
        assert_eq!(area.candidates(&board).count(), 12);
        area.remove(Point::new(14, 14));
        board.remove(Point::new(14, 14));
        assert_eq!(area.candidates(&board).count(), 6);
        assert_eq!(Area::new(&board).candidates(&board).count(), 6);
    }
}
