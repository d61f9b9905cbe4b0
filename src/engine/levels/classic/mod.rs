//! The classic levels: the desktop-game AIs a player knows, from a weight table up to a
//! shallow alpha-beta search (`docs/design.md` §5).
//!
//! `beginner` and `easy` rate every empty point once and play the best; `medium` rates every
//! point by shape and then looks two moves ahead among its best; `hard` searches. They share what this module holds: which points a level may play (never an
//! occupied cell, never a renju-forbidden point for Black), the choice of the best rating
//! (ties go to the point nearest the centre, so the empty board opens there; a `seed` picks
//! among near-equal moves), the score of a move and the `Analysis` they all answer.
//!
//! Score scale of the one-shot levels: each rating splits into an attack part (what the move
//! does for the mover) and a defence part (what it takes from the opponent). The score value
//! is `1000 · (attack − defence) / (attack + defence)`, in −1000..=1000: +1000 a pure attack,
//! −1000 a forced defence, 0 balanced. A move that makes five scores `Score::win_in(1)`; a
//! move after which the opponent still completes a five scores `Score::loss_in(1)`. These
//! are each level's own view, for a caller of the level's `analyze`; `levels::analyze`
//! answers users with the judge's scores instead (`levels::judgement`), so that every level
//! quotes the same odds.

pub mod beginner;
pub mod easy;
pub mod hard;
pub mod medium;
pub mod shape;

use std::cmp::Ordering;
use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::analysis::{Analysis, Candidate, Score, SearchRequest, SearchStats};
use super::heatmap;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::{BoardSize, Point};
use crate::engine::game::patterns::Pattern;
use crate::engine::game::position::Position;
use crate::engine::game::renju::ForbiddenKind;
use crate::engine::game::stone::Stone;

/// Rating bonus of a point that completes the mover's five: above anything a table sums.
pub const WIN_BONUS: f64 = 1.0e7;
/// Rating bonus of a point that stops the opponent's five.
pub const BLOCK_BONUS: f64 = 1.0e6;

/// What a one-shot level thinks of playing one empty point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The total the level maximises.
    pub value: f64,
    /// The part that builds the mover's own lines.
    pub attack: f64,
    /// The part that breaks the opponent's lines.
    pub defence: f64,
}

/// The points the side to move may play, and the renju-forbidden ones listed apart.
#[derive(Clone, Debug)]
pub struct Moves {
    /// Empty points the mover may play, row by row.
    pub legal: Vec<Point>,
    /// Empty points forbidden to the mover (Black under renju only).
    pub forbidden: Vec<(Point, ForbiddenKind)>,
}

impl Moves {
    /// The mover's legal and forbidden points in `position`.
    #[must_use]
    pub fn of(position: &Position) -> Moves {
        let forbidden = position.forbidden_points();
        let legal = position
            .board()
            .empty_points()
            .filter(|p| !forbidden.iter().any(|(f, _)| f == p))
            .collect();
        Moves { legal, forbidden }
    }
}

/// Whether `colour` completes a winning five by playing the empty `point`.
#[must_use]
pub fn wins_at(board: &Board, point: Point, colour: Stone) -> bool {
    board.patterns_at(point, colour).contains(&Pattern::Five)
}

/// The empty points where `colour` would complete a winning five.
#[must_use]
pub fn five_points(board: &Board, colour: Stone) -> Vec<Point> {
    board
        .empty_points()
        .filter(|&p| wins_at(board, p, colour))
        .collect()
}

/// The urgency bonus of `point` for the side to move: `WIN_BONUS` when it makes five,
/// `BLOCK_BONUS` when it stops an opponent's five, else 0.
#[must_use]
pub fn urgency(board: &Board, point: Point) -> f64 {
    let mover = board.to_move();
    if wins_at(board, point, mover) {
        WIN_BONUS
    } else if wins_at(board, point, mover.opponent()) {
        BLOCK_BONUS
    } else {
        0.0
    }
}

/// The score of the mover playing `point`, with `balance` the level's own estimate (used
/// unless the move wins or loses at once). `threats` are the opponent's five points.
#[must_use]
pub fn move_score(board: &Board, point: Point, threats: &[Point], balance: i32) -> Score {
    if wins_at(board, point, board.to_move()) {
        Score::win_in(1)
    } else if threats.iter().any(|&t| t != point) {
        Score::loss_in(1)
    } else {
        Score::estimate(balance)
    }
}

/// The one-shot levels' score value: `1000 · (attack − defence) / (attack + defence)`.
#[must_use]
pub fn balance(rating: &Rating) -> i32 {
    let total = rating.attack + rating.defence;
    if total > 0.0 {
        (1000.0 * (rating.attack - rating.defence) / total).round() as i32
    } else {
        0
    }
}

/// Twice the squared distance from the board's centre (integer even on even sides).
fn centre_distance(point: Point, size: BoardSize) -> i64 {
    let dx = 2 * point.col() as i64 - (size.width() as i64 - 1);
    let dy = 2 * point.row() as i64 - (size.height() as i64 - 1);
    dx * dx + dy * dy
}

/// Orders points best first: higher rating, then nearer the centre, then row by row.
fn better(size: BoardSize, a: (Point, f64), b: (Point, f64)) -> Ordering {
    b.1.total_cmp(&a.1)
        .then_with(|| centre_distance(a.0, size).cmp(&centre_distance(b.0, size)))
        .then_with(|| (a.0.y, a.0.x).cmp(&(b.0.y, b.0.x)))
}

/// Sorts rated points best first (deterministic: ties broken by centre distance, then
/// row-major order).
pub fn rank<T>(size: BoardSize, rated: &mut [(Point, T)], value: impl Fn(&T) -> f64) {
    rated.sort_by(|a, b| better(size, (a.0, value(&a.1)), (b.0, value(&b.1))));
}

/// The index to play in a best-first list: 0 without a seed; with one, a pick among the
/// leading entries `near_equal` to the best (a run from index 0), mixed with the position's
/// hash so that one seed still varies from position to position.
#[must_use]
pub fn pick(board: &Board, seed: Option<u64>, near_equal: usize) -> usize {
    match seed {
        Some(seed) if near_equal > 1 => {
            SmallRng::seed_from_u64(seed ^ board.hash()).random_range(0..near_equal)
        }
        _ => 0,
    }
}

/// The answer of a level that rates each legal point on its own with `rate` and treats
/// ratings within ten per cent as near-equal (beginner, easy).
#[must_use]
pub fn rate_each_point(
    position: &Position,
    request: &SearchRequest,
    rate: fn(&Board, Point) -> Rating,
) -> Analysis {
    let started = Instant::now();
    let moves = Moves::of(position);
    let board = position.board();
    let rated = moves.legal.iter().map(|&p| (p, rate(board, p))).collect();
    one_shot(position, request, moves, rated, within_ten_percent, started)
}

/// The answer of a one-shot level that rated every legal point (`rated`, any order):
/// ranks them, picks the best (or a seeded near-equal one, `near(best, other)` deciding
/// which are near-equal), and fills the score, candidates and heatmap.
#[must_use]
pub fn one_shot(
    position: &Position,
    request: &SearchRequest,
    moves: Moves,
    mut rated: Vec<(Point, Rating)>,
    near: impl Fn(&Rating, &Rating) -> bool,
    started: Instant,
) -> Analysis {
    let board = position.board();
    rank(board.size(), &mut rated, |r| r.value);
    let near_equal = rated.first().map_or(0, |(_, best)| {
        rated.iter().take_while(|(_, r)| near(best, r)).count()
    });
    if !rated.is_empty() {
        let chosen = pick(board, request.seed, near_equal);
        rated[..=chosen].rotate_right(1);
    }
    let threats = five_points(board, board.to_move().opponent());
    let candidates: Vec<Candidate> = rated
        .iter()
        .take(request.candidates.max(1))
        .map(|&(point, rating)| Candidate {
            point,
            score: move_score(board, point, &threats, balance(&rating)),
            pv: vec![point],
        })
        .collect();
    let best = candidates.first().map(|c| c.point);
    let heatmap = heatmap::build(
        board,
        rated.iter().map(|&(p, r)| (p, r.value)),
        best,
        moves.forbidden,
    );
    Analysis {
        best,
        score: candidates
            .first()
            .map_or_else(|| Score::estimate(0), |c| c.score),
        pv: best.into_iter().collect(),
        candidates,
        heatmap,
        stats: SearchStats {
            depth: 1,
            seldepth: 1,
            nodes: rated.len() as u64,
            elapsed: started.elapsed(),
        },
    }
}

/// Near-equal for the weight-sum levels: a positive rating within 10 % of the best.
#[must_use]
pub fn within_ten_percent(best: &Rating, other: &Rating) -> bool {
    best.value > 0.0 && other.value >= 0.9 * best.value
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers shared by the levels' tests.

    use std::time::Duration;

    use crate::engine::game::geometry::Point;
    use crate::engine::game::notation;
    use crate::engine::game::position::{BoardInput, Position};
    use crate::engine::game::rules::Rule;
    use crate::engine::levels::analysis::{Analysis, SearchRequest};
    use crate::engine::levels::difficulty::Difficulty;

    /// A position from text rows (top first), side to move inferred.
    pub fn position(rows: &[&str], rule: Rule) -> Position {
        let input = BoardInput::Rows(rows.iter().map(|r| r.to_string()).collect());
        Position::parse(&input, rule, None).expect("test position is legal")
    }

    /// A generous deterministic request, bounded by nodes (not the clock) so that master's
    /// iterative deepening stops early and the same on every machine.
    pub fn request(difficulty: Difficulty) -> SearchRequest {
        let mut request = SearchRequest::new(difficulty, Duration::from_secs(30));
        if difficulty == Difficulty::Master {
            request.max_nodes = Some(200_000);
        }
        request
    }

    /// A point from notation on the position's board.
    pub fn at(position: &Position, text: &str) -> Point {
        notation::parse_point(text, position.board().size()).expect("test notation")
    }

    /// Asserts the heatmap invariants of an answer.
    pub fn assert_heatmap(position: &Position, analysis: &Analysis) {
        let board = position.board();
        let size = board.size();
        let values = &analysis.heatmap.values;
        assert_eq!(values.len(), size.area());
        for p in size.points() {
            let cell = values[p.row() * size.width() + p.col()];
            assert_eq!(cell.is_none(), !board.is_empty(p), "{p:?}");
            if let Some(v) = cell {
                assert!((0.0..=1.0).contains(&v), "{p:?} {v}");
            }
        }
        if let Some(best) = analysis.best {
            let top = values[best.row() * size.width() + best.col()].expect("best is empty");
            assert!(values.iter().flatten().all(|&v| v <= top));
        }
        for &(p, _) in &analysis.heatmap.forbidden {
            assert_eq!(values[p.row() * size.width() + p.col()], Some(0.0));
        }
    }
}
