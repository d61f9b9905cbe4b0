//! The raw cell array behind a board: a padded square of bytes so that line scans up to
//! `PAD` cells past any edge read a wall instead of needing bounds checks.

use super::geometry::{BoardSize, Direction, Point, MAX_SIDE};
use super::stone::Stone;

/// Cells beyond the edge that line scans may read: enough for a five plus its neighbour.
pub const PAD: usize = 6;
/// Row length of the padded array.
pub const STRIDE: usize = MAX_SIDE + 2 * PAD;
/// Number of cells in the padded array.
pub const CELLS: usize = STRIDE * STRIDE;

/// Code of an empty cell.
pub const EMPTY: u8 = 0;
/// Code of a Black stone.
pub const BLACK: u8 = 1;
/// Code of a White stone.
pub const WHITE: u8 = 2;
/// Code of a cell off the board.
pub const WALL: u8 = 3;

/// Index of a point in the padded array.
#[must_use]
#[inline]
pub fn index_of(point: Point) -> usize {
    (point.row() + PAD) * STRIDE + point.col() + PAD
}

/// The point at a padded index (which must be on the board).
#[must_use]
#[inline]
pub fn point_of(index: usize) -> Point {
    Point::new(index % STRIDE - PAD, index / STRIDE - PAD)
}

/// The index offset of one step in `direction`.
#[must_use]
#[inline]
pub fn offset(direction: Direction) -> isize {
    let (dx, dy) = direction.delta();
    (dy * STRIDE as i64 + dx) as isize
}

/// Cells of a board of some size, with walls around it.
#[derive(Clone)]
pub struct Grid {
    size: BoardSize,
    cells: [u8; CELLS],
}

impl Grid {
    /// An empty grid of `size`.
    #[must_use]
    pub fn new(size: BoardSize) -> Grid {
        let mut cells = [WALL; CELLS];
        for point in size.points() {
            cells[index_of(point)] = EMPTY;
        }
        Grid { size, cells }
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The cell code at a padded index.
    #[must_use]
    #[inline]
    pub fn at(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// The cell code `steps` steps from `index` along `step` (may be negative).
    #[must_use]
    #[inline]
    pub fn along(&self, index: usize, step: isize, steps: isize) -> u8 {
        self.cells[(index as isize + step * steps) as usize]
    }

    /// The stone on a point, if any.
    #[must_use]
    pub fn stone(&self, point: Point) -> Option<Stone> {
        match self.cells[index_of(point)] {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }

    /// Whether a point is empty.
    #[must_use]
    #[inline]
    pub fn is_empty(&self, point: Point) -> bool {
        self.cells[index_of(point)] == EMPTY
    }

    /// Puts a stone on an (empty) cell at a padded index.
    #[inline]
    pub fn put(&mut self, index: usize, stone: Stone) {
        debug_assert_eq!(self.cells[index], EMPTY);
        self.cells[index] = stone.code();
    }

    /// Empties a cell at a padded index.
    #[inline]
    pub fn clear(&mut self, index: usize) {
        debug_assert!(matches!(self.cells[index], BLACK | WHITE));
        self.cells[index] = EMPTY;
    }

    /// Length of the contiguous run of `code` through `index` along `step`, counting `index`
    /// itself as one of them whatever it holds, and the run's two ends (the extreme indices).
    #[must_use]
    pub fn run_through(&self, index: usize, step: isize, code: u8) -> (usize, usize, usize) {
        let mut back = 0;
        while self.along(index, step, -(back + 1)) == code {
            back += 1;
        }
        let mut forth = 0;
        while self.along(index, step, forth + 1) == code {
            forth += 1;
        }
        let first = (index as isize - step * back) as usize;
        let last = (index as isize + step * forth) as usize;
        ((back + forth + 1) as usize, first, last)
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.cells[..] == other.cells[..]
    }
}

impl Eq for Grid {}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for y in 0..self.size.height() {
            for x in 0..self.size.width() {
                let symbol = self.stone(Point::new(x, y)).map_or('.', Stone::symbol);
                write!(f, "{symbol}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
