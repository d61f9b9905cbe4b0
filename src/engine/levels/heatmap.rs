//! Heatmaps: a level's raw rating of the empty cells turned into the shared 0..=1 picture.
//!
//! Every level rates cells on its own scale (weight sums, shape ranks, search scores). This
//! module maps any such rating to the one shape clients see: one value per cell, row-major,
//! `None` on occupied cells, values in 0..=1 with the chosen move holding the maximum (1),
//! and renju-forbidden cells listed apart with value 0.

use super::analysis::Heatmap;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::renju::ForbiddenKind;

/// Builds the heatmap of `board` from raw `ratings` of empty cells (any finite scale; cells
/// not rated stay 0).
///
/// Normalisation: with `low = min(0, lowest rating)` and `high` the highest rating, a cell
/// rated `r` shows `(r - low) / (high - low)`, so non-negative ratings keep their
/// proportions (a cell rated half the best shows 0.5) and negative ones still fit 0..=1.
/// The `chosen` move shows 1: a level may pick a near-best move for variety and its cell
/// must still hold the maximum. `forbidden` cells show 0 whatever their rating.
#[must_use]
pub fn build(
    board: &Board,
    ratings: impl IntoIterator<Item = (Point, f64)>,
    chosen: Option<Point>,
    forbidden: Vec<(Point, ForbiddenKind)>,
) -> Heatmap {
    let size = board.size();
    let index = |p: Point| p.row() * size.width() + p.col();
    let mut raw: Vec<Option<f64>> = size
        .points()
        .map(|p| board.is_empty(p).then_some(0.0))
        .collect();
    for (point, rating) in ratings {
        if let Some(cell) = raw[index(point)].as_mut() {
            *cell = if rating.is_finite() { rating } else { 0.0 };
        }
    }
    for &(point, _) in &forbidden {
        raw[index(point)] = board.is_empty(point).then_some(0.0);
    }
    let (low, high) = raw
        .iter()
        .flatten()
        .fold((0.0f64, f64::NEG_INFINITY), |(lo, hi), &r| {
            (lo.min(r), hi.max(r))
        });
    let span = high - low;
    let mut values: Vec<Option<f64>> = raw
        .into_iter()
        .map(|cell| {
            cell.map(|r| {
                if span > 0.0 {
                    ((r - low) / span).clamp(0.0, 1.0)
                } else {
                    0.0
                }
            })
        })
        .collect();
    if let Some(cell) = chosen.and_then(|p| values[index(p)].as_mut()) {
        *cell = 1.0;
    }
    Heatmap { values, forbidden }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::geometry::BoardSize;
    use crate::engine::game::rules::Rule;
    use crate::engine::game::stone::Stone;

    fn board() -> Board {
        let mut board = Board::new(BoardSize::new(6, 5).unwrap(), Rule::Freestyle);
        board.place(Point::new(2, 2), Stone::Black);
        board.place(Point::new(3, 2), Stone::White);
        board
    }

    #[test]
    fn occupied_cells_are_none_and_empty_cells_are_some() {
        let board = board();
        let map = build(&board, [], None, Vec::new());
        assert_eq!(map.values.len(), 30);
        for p in board.size().points() {
            let cell = map.values[p.row() * 6 + p.col()];
            assert_eq!(cell.is_none(), !board.is_empty(p), "{p:?}");
        }
    }

    #[test]
    fn non_negative_ratings_keep_proportions_and_chosen_is_max() {
        let board = board();
        let ratings = [(Point::new(0, 0), 10.0), (Point::new(1, 0), 5.0)];
        let map = build(&board, ratings, Some(Point::new(1, 0)), Vec::new());
        assert_eq!(map.values[0], Some(1.0));
        assert_eq!(map.values[1], Some(1.0));
        let map = build(&board, ratings, Some(Point::new(0, 0)), Vec::new());
        assert_eq!(map.values[1], Some(0.5));
    }

    #[test]
    fn negative_ratings_fit_the_unit_range() {
        let board = board();
        let ratings = [(Point::new(0, 0), -30.0), (Point::new(1, 0), 10.0)];
        let map = build(&board, ratings, Some(Point::new(1, 0)), Vec::new());
        assert_eq!(map.values[0], Some(0.0));
        assert_eq!(map.values[1], Some(1.0));
        // An unrated empty cell sits at rating 0: three quarters up the range.
        assert_eq!(map.values[2], Some(0.75));
    }

    #[test]
    fn forbidden_cells_show_zero_and_are_listed() {
        let board = board();
        let ratings = [(Point::new(0, 0), 10.0), (Point::new(1, 0), 5.0)];
        let forbidden = vec![(Point::new(0, 0), ForbiddenKind::DoubleThree)];
        let map = build(&board, ratings, Some(Point::new(1, 0)), forbidden.clone());
        assert_eq!(map.values[0], Some(0.0));
        assert_eq!(map.values[1], Some(1.0));
        assert_eq!(map.forbidden, forbidden);
    }
}
