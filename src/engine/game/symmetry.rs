//! The symmetries of a board: 8 for a square (rotations and reflections), 4 for a rectangle
//! (those that keep width and height in place).

use super::geometry::{BoardSize, Point};

/// A rotation or reflection of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every point where it is.
    Identity,
    /// Mirror left-right: x → w−1−x.
    FlipHorizontal,
    /// Mirror top-bottom: y → h−1−y.
    FlipVertical,
    /// Half turn.
    Rotate180,
    /// Reflect in the main diagonal: (x, y) → (y, x). Square boards only.
    Transpose,
    /// Reflect in the anti-diagonal. Square boards only.
    AntiTranspose,
    /// Quarter turn clockwise. Square boards only.
    Rotate90,
    /// Quarter turn anticlockwise. Square boards only.
    Rotate270,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipHorizontal,
        Symmetry::FlipVertical,
        Symmetry::Rotate180,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
    ];

    /// The symmetries that map a board of `size` onto itself.
    #[must_use]
    pub fn of(size: BoardSize) -> &'static [Symmetry] {
        if size.is_square() {
            &Symmetry::ALL
        } else {
            &Symmetry::ALL[..4]
        }
    }

    /// Where `point` goes on a board of `size` (a size this symmetry maps onto itself).
    #[must_use]
    pub fn apply(self, point: Point, size: BoardSize) -> Point {
        let (x, y) = (point.col(), point.row());
        let (w, h) = (size.width() - 1, size.height() - 1);
        let (nx, ny) = match self {
            Symmetry::Identity => (x, y),
            Symmetry::FlipHorizontal => (w - x, y),
            Symmetry::FlipVertical => (x, h - y),
            Symmetry::Rotate180 => (w - x, h - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (h - y, w - x),
            Symmetry::Rotate90 => (h - y, x),
            Symmetry::Rotate270 => (y, w - x),
        };
        Point::new(nx, ny)
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The symmetry equal to applying `self` and then `then`.
    #[must_use]
    pub fn then(self, then: Symmetry) -> Symmetry {
        // Compose by their action on two probe points of a square board: a symmetry of the
        // square is determined by where it sends two non-collinear-with-centre corners.
        let size = BoardSize::STANDARD;
        let probes = [Point::new(0, 0), Point::new(1, 0)];
        let targets = probes.map(|p| then.apply(self.apply(p, size), size));
        Symmetry::ALL
            .into_iter()
            .find(|s| probes.map(|p| s.apply(p, size)) == targets)
            .expect("symmetries of the square form a group")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_undoes_every_symmetry_on_every_point() {
        for size in [BoardSize::STANDARD, BoardSize::new(9, 6).unwrap()] {
            for &s in Symmetry::of(size) {
                for p in size.points() {
                    assert_eq!(s.inverse().apply(s.apply(p, size), size), p, "{s:?}");
                }
            }
        }
    }

    #[test]
    fn rotate90_moves_top_left_to_top_right() {
        let size = BoardSize::STANDARD;
        assert_eq!(
            Symmetry::Rotate90.apply(Point::new(0, 0), size),
            Point::new(14, 0)
        );
        assert_eq!(
            Symmetry::Rotate90.then(Symmetry::Rotate90),
            Symmetry::Rotate180
        );
    }
}
