//! `medium`: the shape-comparing AI of the classic desktop programs.
//!
//! For every empty point it finds the best shape a stone there makes in the four 9-point
//! lines through it (read from the board's incremental line patterns), once for itself and
//! once for the opponent: five, open four, double four, four-three, double three, four, open
//! three, … (see `shape`). If its own best anywhere is at least the opponent's best, it
//! attacks: it plays its best shape, breaking ties by the opponent's shape at the same point
//! and then by the sum of all eight line patterns. Otherwise it blocks: it plays where the
//! opponent's best shape is, breaking ties by its own shape there. Under renju, a point
//! forbidden to Black is worth nothing to Black, so White never wastes a move blocking it.

use std::time::Instant;

use super::shape::Shape;
use super::{one_shot, Moves, Rating};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::position::Position;
use crate::engine::game::renju;
use crate::engine::levels::analysis::{Analysis, SearchRequest};

/// Rating units of the main shape; the tie-breaking shape counts `SECONDARY`, the line sum 1.
const PRIMARY: f64 = 10_000.0;
/// Rating units of the tie-breaking shape.
const SECONDARY: f64 = 100.0;

/// What one point makes for both sides.
#[derive(Clone, Copy, Debug)]
struct Shapes {
    own: Shape,
    theirs: Shape,
    lines: u32,
}

/// Attacks with its best shape or blocks the opponent's, whichever is bigger.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    let started = Instant::now();
    let moves = Moves::of(position);
    let board = position.board();
    let opponent_forbidden = opponent_forbidden(board);
    let shapes: Vec<(Point, Shapes)> = moves
        .legal
        .iter()
        .map(|&p| (p, shapes_at(board, p, opponent_forbidden.contains(&p))))
        .collect();
    let best_own = shapes.iter().map(|(_, s)| s.own).max();
    let best_theirs = shapes.iter().map(|(_, s)| s.theirs).max();
    let attacking = best_own >= best_theirs;
    let rated = shapes
        .into_iter()
        .map(|(p, s)| (p, rating(s, attacking)))
        .collect();
    one_shot(position, request, moves, rated, same_shapes, started)
}

/// The points the opponent may not play (Black's renju-forbidden points when White moves).
fn opponent_forbidden(board: &Board) -> Vec<Point> {
    if board.rule().has_forbidden_moves(board.to_move().opponent()) {
        renju::forbidden_points(board.grid())
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    } else {
        Vec::new()
    }
}

fn shapes_at(board: &Board, point: Point, forbidden_to_opponent: bool) -> Shapes {
    let mover = board.to_move();
    let own = board.patterns_at(point, mover);
    let theirs = board.patterns_at(point, mover.opponent());
    Shapes {
        own: Shape::of(own),
        theirs: if forbidden_to_opponent {
            Shape::Nothing
        } else {
            Shape::of(theirs)
        },
        lines: own.iter().chain(&theirs).map(|&p| p as u32).sum(),
    }
}

fn rating(shapes: Shapes, attacking: bool) -> Rating {
    let (primary, secondary) = if attacking {
        (shapes.own, shapes.theirs)
    } else {
        (shapes.theirs, shapes.own)
    };
    Rating {
        value: PRIMARY * f64::from(primary.rank())
            + SECONDARY * f64::from(secondary.rank())
            + f64::from(shapes.lines),
        attack: shapes.own.weight(),
        defence: shapes.theirs.weight(),
    }
}

/// Near-equal for medium: the same main and tie-breaking shapes.
fn same_shapes(best: &Rating, other: &Rating) -> bool {
    (best.value / SECONDARY).floor() == (other.value / SECONDARY).floor()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::rules::Rule;
    use crate::engine::levels::classic::testing::{assert_heatmap, position, request};
    use crate::engine::levels::difficulty::Difficulty;

    #[test]
    fn blocks_an_open_three_when_it_has_less() {
        // Black to move; White has an open three, Black only a two.
        let pos = position(
            &[
                "...........", //
                "....ooo....", //
                "...........", //
                "...xx......", //
                "...........", //
                "..........x", //
            ],
            Rule::Freestyle,
        );
        let answer = analyze(&pos, &request(Difficulty::Medium));
        let best = answer.best.expect("a move");
        assert!(
            [Point::new(3, 1), Point::new(7, 1)].contains(&best),
            "{best:?}"
        );
        assert!(answer.score.value < 0, "a defence scores below zero");
        assert_heatmap(&pos, &answer);
    }

    #[test]
    fn attacks_when_its_shape_is_as_big() {
        // Black to move; both sides have an open three: Black makes its open four.
        let pos = position(
            &[
                "...........", //
                "....ooo....", //
                "...........", //
                "...xxx.....", //
                "...........", //
            ],
            Rule::Freestyle,
        );
        let answer = analyze(&pos, &request(Difficulty::Medium));
        let best = answer.best.expect("a move");
        assert!(
            [Point::new(2, 3), Point::new(6, 3)].contains(&best),
            "{best:?}"
        );
        assert!(answer.score.value > 0, "an attack scores above zero");
    }

    #[test]
    fn white_ignores_a_black_threat_at_a_forbidden_point() {
        // Renju, White to move. Black's double three at f6 is forbidden to Black, so White
        // does not spend its move there even though it is Black's biggest shape.
        let pos = position(
            &[
                "..........o", //
                "...........", //
                "...........", //
                ".....x.....", //
                ".....x.....", //
                "...xx......", //
                "...........", //
                "...........", //
                "...........", //
                "...........", //
                "o.........o", //
            ],
            Rule::Renju,
        );
        let board = pos.board();
        let point = Point::new(5, 5);
        assert_eq!(
            renju::forbidden_kind(board.grid(), point),
            Some(crate::engine::game::renju::ForbiddenKind::DoubleThree)
        );
        let black = board.to_move().opponent();
        assert_eq!(
            Shape::of(board.patterns_at(point, black)),
            Shape::DoubleThree
        );
        assert_eq!(shapes_at(board, point, true).theirs, Shape::Nothing);
        let answer = analyze(&pos, &request(Difficulty::Medium));
        assert_ne!(answer.best, Some(point));
        assert_heatmap(&pos, &answer);
    }
}
