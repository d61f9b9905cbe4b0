//! Candidate moves: the empty cells near stones, tracked incrementally.
//!
//! A cell is a candidate when a stone lies within two steps of it along one of the eight
//! line directions (or one step diagonally): moves farther away almost never matter.
//! Counts of nearby stones are updated on make/unmake, and each row keeps a bit mask of its
//! near cells and of its stones, so listing the candidates visits only them.

use crate::engine::board::Board;
use crate::engine::geometry::{BoardSize, Point};
use crate::engine::grid::{CELLS, PAD, STRIDE};

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
    pub fn candidates<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Point> + 'a {
        let centre = (board.stone_total() == 0).then(|| self.size.center());
        let columns = (1u64 << self.size.width()) - 1;
        let rows = (0..self.size.height()).flat_map(move |y| {
            let row = y + PAD;
            let mut open = (self.near_rows[row] & !self.stone_rows[row]) >> PAD & columns;
            std::iter::from_fn(move || {
                let x = open.trailing_zeros() as usize;
                open &= open.wrapping_sub(1);
                (x < 64).then(|| Point::new(x, y))
            })
        });
        centre.into_iter().chain(rows)
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
