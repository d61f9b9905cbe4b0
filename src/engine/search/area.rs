//! Candidate moves: the empty cells near stones, tracked incrementally.
//!
//! A cell is a candidate when a stone lies within two steps of it along one of the eight
//! line directions (or one step diagonally): moves farther away almost never matter.
//! Counts of nearby stones are updated on make/unmake, and a bounding box of the stones
//! limits the scan.

use crate::engine::board::Board;
use crate::engine::geometry::{BoardSize, Point};
use crate::engine::grid::{self, CELLS, STRIDE};

/// Index offsets of the cells a stone makes candidates.
fn neighbourhood() -> [isize; 16] {
    let s = STRIDE as isize;
    let mut offsets = [0isize; 16];
    let directions = [1, s, s + 1, s - 1];
    for (i, d) in directions.iter().enumerate() {
        for (j, k) in [-2isize, -1, 1, 2].iter().enumerate() {
            offsets[i * 4 + j] = d * k;
        }
    }
    offsets
}

/// Nearby-stone counts of every cell and the stones' bounding box, with an undo stack.
#[derive(Clone)]
pub struct Area {
    size: BoardSize,
    near: Vec<u8>,
    offsets: [isize; 16],
    boxes: Vec<(usize, usize, usize, usize)>,
}

impl Area {
    /// The area of a board's current stones.
    #[must_use]
    pub fn new(board: &Board) -> Area {
        let size = board.size();
        let c = size.center();
        let mut area = Area {
            size,
            near: vec![0; CELLS],
            offsets: neighbourhood(),
            boxes: vec![(c.col(), c.row(), c.col(), c.row())],
        };
        let stones: Vec<Point> = board.stones().map(|(p, _)| p).collect();
        if let Some(&first) = stones.first() {
            area.boxes[0] = (first.col(), first.row(), first.col(), first.row());
        }
        for p in stones {
            area.add(p);
            let grown = area.boxes.pop().expect("just pushed");
            area.boxes[0] = grown;
        }
        area
    }

    /// Records a stone put on `point`.
    pub fn add(&mut self, point: Point) {
        let index = grid::index_of(point);
        for &o in &self.offsets {
            self.near[(index as isize + o) as usize] += 1;
        }
        let (x0, y0, x1, y1) = *self.boxes.last().expect("root box");
        self.boxes.push((
            x0.min(point.col()),
            y0.min(point.row()),
            x1.max(point.col()),
            y1.max(point.row()),
        ));
    }

    /// Forgets the stone last recorded on `point`.
    pub fn remove(&mut self, point: Point) {
        let index = grid::index_of(point);
        for &o in &self.offsets {
            self.near[(index as isize + o) as usize] -= 1;
        }
        self.boxes.pop();
    }

    /// Whether a cell is near a stone.
    #[must_use]
    pub fn is_near(&self, point: Point) -> bool {
        self.near[grid::index_of(point)] > 0
    }

    /// Every empty cell near a stone (the centre on an empty board), row by row.
    pub fn candidates<'a>(&'a self, board: &'a Board) -> impl Iterator<Item = Point> + 'a {
        let (x0, y0, x1, y1) = *self.boxes.last().expect("root box");
        let empty = board.stone_total() == 0;
        let (w, h) = (self.size.width(), self.size.height());
        let xs = x0.saturating_sub(2)..=(x1 + 2).min(w - 1);
        let ys = y0.saturating_sub(2)..=(y1 + 2).min(h - 1);
        let centre = self.size.center();
        ys.flat_map(move |y| xs.clone().map(move |x| Point::new(x, y)))
            .filter(move |&p| board.is_empty(p) && (self.is_near(p) || (empty && p == centre)))
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
