//! Board sizes, points and the four line directions.

use std::fmt;

/// Smallest supported side length.
pub const MIN_SIDE: usize = 5;
/// Largest supported side length.
pub const MAX_SIDE: usize = 32;
/// Side length used when a client does not give one.
pub const DEFAULT_SIDE: usize = 15;

/// A validated board size: width and height each within `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

/// A side length outside `MIN_SIDE..=MAX_SIDE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{axis} {value} is outside {MIN_SIDE}..={MAX_SIDE}")]
pub struct SizeError {
    /// `width` or `height`.
    pub axis: &'static str,
    /// The rejected value.
    pub value: i64,
}

impl BoardSize {
    /// The default 15 × 15 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: DEFAULT_SIDE as u8,
        height: DEFAULT_SIDE as u8,
    };

    /// Validates a width and a height.
    pub fn new(width: i64, height: i64) -> Result<BoardSize, SizeError> {
        let check = |axis, value: i64| {
            if (MIN_SIDE as i64..=MAX_SIDE as i64).contains(&value) {
                Ok(value as u8)
            } else {
                Err(SizeError { axis, value })
            }
        };
        Ok(BoardSize {
            width: check("width", width)?,
            height: check("height", height)?,
        })
    }

    /// A square board.
    pub fn square(side: i64) -> Result<BoardSize, SizeError> {
        BoardSize::new(side, side)
    }

    /// Number of columns.
    #[must_use]
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[must_use]
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// Number of cells.
    #[must_use]
    pub fn area(self) -> usize {
        self.width() * self.height()
    }

    /// Whether width equals height (such boards have 8 symmetries, others 4).
    #[must_use]
    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// The same size with width and height swapped.
    #[must_use]
    pub fn transposed(self) -> BoardSize {
        BoardSize {
            width: self.height,
            height: self.width,
        }
    }

    /// Whether signed coordinates fall on the board.
    #[must_use]
    pub fn contains(self, x: i64, y: i64) -> bool {
        (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y)
    }

    /// The point nearest the centre (rounded towards the top-left).
    #[must_use]
    pub fn center(self) -> Point {
        Point::new((self.width() - 1) / 2, (self.height() - 1) / 2)
    }

    /// Every point, row by row from the top-left.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width(), self.height());
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A point on the board: `x` is the column from the left, `y` the row from the top, both 0-based.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// A point from column and row. Callers keep them below `MAX_SIDE`.
    #[must_use]
    pub fn new(x: usize, y: usize) -> Point {
        debug_assert!(x < MAX_SIDE && y < MAX_SIDE);
        Point {
            x: x as u8,
            y: y as u8,
        }
    }

    /// The column as usize.
    #[must_use]
    pub fn col(self) -> usize {
        self.x as usize
    }

    /// The row as usize.
    #[must_use]
    pub fn row(self) -> usize {
        self.y as usize
    }

    /// The point `steps` cells away in `direction`, if it stays on a board of `size`.
    #[must_use]
    pub fn step(self, direction: Direction, steps: i64, size: BoardSize) -> Option<Point> {
        let (dx, dy) = direction.delta();
        let x = self.x as i64 + dx * steps;
        let y = self.y as i64 + dy * steps;
        size.contains(x, y)
            .then(|| Point::new(x as usize, y as usize))
    }

    /// Chebyshev distance (king moves) to another point.
    #[must_use]
    pub fn distance(self, other: Point) -> usize {
        let dx = (self.x as i64 - other.x as i64).unsigned_abs();
        let dy = (self.y as i64 - other.y as i64).unsigned_abs();
        dx.max(dy) as usize
    }
}

/// One of the four line directions through a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Left to right.
    Horizontal,
    /// Top to bottom.
    Vertical,
    /// Top-left to bottom-right.
    Diagonal,
    /// Bottom-left to top-right.
    AntiDiagonal,
}

impl Direction {
    /// The four directions in a fixed order (their `index`).
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// `(dx, dy)` of one step.
    #[must_use]
    pub fn delta(self) -> (i64, i64) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }

    /// Position in `ALL`.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}
