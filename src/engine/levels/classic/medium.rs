//! `medium`: the shape-comparing AI of the classic desktop programs, looking two moves ahead.
//!
//! The rating. For every empty point it finds the best shape a stone there makes in the four
//! 9-point lines through it (read from the board's incremental line patterns), once for itself
//! and once for the opponent: five, open four, double four, four-three, double three, four,
//! open three, … (see `shape`). If its own best anywhere is at least the opponent's best, it
//! attacks: a point rates by its own shape, ties broken by the opponent's shape there and then
//! by the sum of all eight line patterns. Otherwise it blocks: a point rates by the opponent's
//! shape, ties broken by its own. Under renju, a point forbidden to Black is worth nothing to
//! Black, so White never wastes a move blocking it.
//!
//! The lookahead, unless a five is to be made or stopped (the rating's best point then plays):
//! - A win by continuous fours (a VCF of at most `VCF_MOVES` moves, found within `VCF_NODES`
//!   nodes) is played.
//! - Otherwise it tries its `WIDTH` best-rated points, and the points of the opponent's VCF if
//!   the opponent, were it to move, had one. A point that leaves the opponent a five or a VCF
//!   loses. Else the opponent answers with each of its `REPLIES` best points by the same
//!   rating, and the position that comes back is judged: won if it holds a five or a VCF for
//!   the side to move; otherwise worth the shape that side would play next by the same
//!   attack-or-block rule: its own best shape's weight, or minus the opponent's when that is
//!   bigger. A five the opponent threatens is blocked first (up to `FORCED_BLOCKS` times) and
//!   the position after the block judged from the other side.
//! - A point is worth its worst reply. It plays the point worth most, the rating breaking ties;
//!   the points it did not try rank below all it tried.
//!
//! The work is bounded by nodes, not the clock (about 50 small VCF searches at most), so the
//! answer is the same on every machine. A `seed` picks among the best points of the same
//! worth and the same shapes.

use std::time::Instant;

use super::shape::Shape;
use super::{one_shot, rank, Moves, Rating};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::position::Position;
use crate::engine::game::renju;
use crate::engine::game::stone::Stone;
use crate::engine::levels::analysis::{Analysis, SearchRequest};
use crate::engine::threats::{self, Budget, Mode, Proof};

/// Rating units of the main shape; the tie-breaking shape counts `SECONDARY`, the line sum 1.
const PRIMARY: f64 = 10_000.0;
/// Rating units of the tie-breaking shape.
const SECONDARY: f64 = 100.0;
/// Rating units of one step of the lookahead's worth: above any shape rating, and a multiple
/// of `SECONDARY`, so that near-equal points share their worth as well as their shapes.
const OUTCOME: f64 = 1_000_000.0;
/// Best-rated points the lookahead tries.
const WIDTH: usize = 5;
/// Best-rated opponent replies it tries after each of them.
const REPLIES: usize = 2;
/// Most attacker moves of a VCF it looks for (the move making two fives included).
const VCF_MOVES: u32 = 5;
/// Nodes each VCF search may visit.
const VCF_NODES: u64 = 1_000;
/// Opponent fives blocked before a position is judged by its shapes.
const FORCED_BLOCKS: u32 = 4;
/// Worth of a won position (a lost one is worth minus this): above any shape weight.
const WIN: i32 = 1_000_000;

/// What one point makes for both sides.
#[derive(Clone, Copy, Debug)]
struct Shapes {
    own: Shape,
    theirs: Shape,
    lines: u32,
}

/// Rates every point by attack or defence, then looks two moves ahead from the best few.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    let started = Instant::now();
    let moves = Moves::of(position);
    let board = position.board();
    let mut rated = rate(board, &moves.legal);
    let mut lookahead = Lookahead::new(board);
    let outcomes = lookahead.outcomes(&rated);
    promote(&mut rated, &outcomes);
    let mut analysis = one_shot(
        position,
        request,
        moves,
        rated,
        same_worth_and_shapes,
        started,
    );
    if !outcomes.is_empty() {
        analysis.stats.depth = 2;
        analysis.stats.seldepth = lookahead.seldepth.max(2);
    }
    analysis.stats.nodes += lookahead.nodes;
    analysis
}

/// The rating of each of the `legal` points for the side to move: by its own shape when its
/// best is at least the opponent's best (attack), else by the opponent's (defence).
fn rate(board: &Board, legal: &[Point]) -> Vec<(Point, Rating)> {
    let opponent_forbidden = forbidden_to(board, board.to_move().opponent());
    let shapes: Vec<(Point, Shapes)> = legal
        .iter()
        .map(|&p| (p, shapes_at(board, p, opponent_forbidden.contains(&p))))
        .collect();
    let best_own = shapes.iter().map(|(_, s)| s.own).max();
    let best_theirs = shapes.iter().map(|(_, s)| s.theirs).max();
    let attacking = best_own >= best_theirs;
    shapes
        .into_iter()
        .map(|(p, s)| (p, rating(s, attacking)))
        .collect()
}

/// Black's renju-forbidden points when `colour` must keep off them, else none.
fn forbidden_to(board: &Board, colour: Stone) -> Vec<Point> {
    if board.rule().has_forbidden_moves(colour) {
        renju::forbidden_points(board.grid())
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    } else {
        Vec::new()
    }
}

/// The empty points the side to move may play.
fn legal(board: &Board) -> Vec<Point> {
    let forbidden = forbidden_to(board, board.to_move());
    board
        .empty_points()
        .filter(|p| !forbidden.contains(p))
        .collect()
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

/// The best shape the side to move can make where it may play, and the opponent's.
fn best_shapes(board: &Board) -> (Shape, Shape) {
    let best = |colour: Stone| {
        let forbidden = forbidden_to(board, colour);
        board
            .empty_points()
            .filter(|p| !forbidden.contains(p))
            .map(|p| Shape::of(board.patterns_at(p, colour)))
            .max()
            .unwrap_or(Shape::Nothing)
    };
    let mover = board.to_move();
    (best(mover), best(mover.opponent()))
}

/// Lifts each point the lookahead tried above all others, by the rank of its worth among
/// the worths found.
fn promote(rated: &mut [(Point, Rating)], outcomes: &[(Point, i32)]) {
    let mut worths: Vec<i32> = outcomes.iter().map(|&(_, worth)| worth).collect();
    worths.sort_unstable();
    worths.dedup();
    for &(point, worth) in outcomes {
        let step = worths.partition_point(|&w| w < worth) + 1;
        if let Some((_, rating)) = rated.iter_mut().find(|(p, _)| *p == point) {
            rating.value += OUTCOME * step as f64;
        }
    }
}

/// Near-equal for medium: the same worth and the same main and tie-breaking shapes.
fn same_worth_and_shapes(best: &Rating, other: &Rating) -> bool {
    (best.value / SECONDARY).floor() == (other.value / SECONDARY).floor()
}

/// The two-move lookahead: the board it plays on and the work it did.
struct Lookahead {
    board: Board,
    /// Positions rated or judged, and the VCF searches' nodes.
    nodes: u64,
    /// Deepest ply a judged position lay at, forced blocks included.
    seldepth: u32,
}

impl Lookahead {
    fn new(board: &Board) -> Lookahead {
        Lookahead {
            board: board.clone(),
            nodes: 0,
            seldepth: 0,
        }
    }

    /// The worth of each point worth trying among the `rated` ones; none when a five is to
    /// be made or stopped, only the first move of a VCF when the side to move has one.
    fn outcomes(&mut self, rated: &[(Point, Rating)]) -> Vec<(Point, i32)> {
        let mover = self.board.to_move();
        if self.board.has_five_point(mover) || self.board.has_five_point(mover.opponent()) {
            return Vec::new();
        }
        let legal = |p: &Point| rated.iter().any(|(q, _)| q == p);
        if let Some(&first) = self.vcf().as_ref().and_then(|line| line.first()) {
            if legal(&first) {
                return vec![(first, WIN)];
            }
        }
        let mut ranked = rated.to_vec();
        rank(self.board.size(), &mut ranked, |r| r.value);
        let mut tried: Vec<Point> = ranked.iter().take(WIDTH).map(|&(p, _)| p).collect();
        for point in self.opponent_vcf() {
            if legal(&point) && !tried.contains(&point) {
                tried.push(point);
            }
        }
        tried
            .into_iter()
            .map(|point| (point, self.worth_of(point)))
            .collect()
    }

    /// The side to move's VCF, if it has one within the move and node limits.
    fn vcf(&mut self) -> Option<Vec<Point>> {
        let result =
            threats::find_win(&self.board, Mode::Vcf, VCF_MOVES, &Budget::nodes(VCF_NODES));
        self.nodes += result.nodes;
        match result.proof {
            Proof::Win(line) => Some(line),
            Proof::NoWin | Proof::Unknown => None,
        }
    }

    /// The points of the VCF the opponent would have were it to move now (its fours and
    /// their blocks), if any.
    fn opponent_vcf(&mut self) -> Vec<Point> {
        let mover = self.board.to_move();
        self.board.set_to_move(mover.opponent());
        let line = self.vcf();
        self.board.set_to_move(mover);
        line.unwrap_or_default()
    }

    /// What playing `point` is worth to the side to move: its worst outcome over the
    /// opponent's replies.
    fn worth_of(&mut self, point: Point) -> i32 {
        self.board.play(point);
        let worth = self.worst_reply();
        self.board.undo();
        worth
    }

    /// The worth, to the side that just moved, of the opponent's best reply among its
    /// `REPLIES` best-rated points; a loss if the opponent has a five or a VCF.
    fn worst_reply(&mut self) -> i32 {
        let opponent = self.board.to_move();
        if self.board.has_five_point(opponent) || self.vcf().is_some() {
            return -WIN;
        }
        let mut replies = rate(&self.board, &legal(&self.board));
        self.nodes += 1;
        rank(self.board.size(), &mut replies, |r| r.value);
        let mut worst = None;
        for &(reply, _) in replies.iter().take(REPLIES) {
            self.board.play(reply);
            let worth = self.judge(2, FORCED_BLOCKS);
            self.board.undo();
            worst = Some(worst.map_or(worth, |w: i32| w.min(worth)));
        }
        // No reply at all: the board is full, a draw.
        worst.unwrap_or(0)
    }

    /// The worth of the position to the side to move, `ply` moves below the root, with
    /// `blocks` forced blocks left to play out.
    fn judge(&mut self, ply: u32, blocks: u32) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        self.nodes += 1;
        let mover = self.board.to_move();
        if self.board.has_five_point(mover) {
            return WIN;
        }
        let fives = threats::five_points(&self.board, mover.opponent(), None);
        match fives[..] {
            [] => {}
            [block] if blocks > 0 => {
                if forbidden_to(&self.board, mover).contains(&block) {
                    return -WIN;
                }
                self.board.play(block);
                let worth = -self.judge(ply + 1, blocks - 1);
                self.board.undo();
                return worth;
            }
            // Out of forced blocks: the shapes judge (the opponent's five outweighs all).
            [_] => {}
            _ => return -WIN,
        }
        if self.vcf().is_some() {
            return WIN;
        }
        let (own, theirs) = best_shapes(&self.board);
        if own >= theirs {
            own.weight() as i32
        } else {
            -(theirs.weight() as i32)
        }
    }
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

    /// The point the shape rating alone would play (the medium of before the lookahead).
    fn rating_alone(pos: &Position) -> Point {
        let board = pos.board();
        let mut rated = rate(board, &Moves::of(pos).legal);
        rank(board.size(), &mut rated, |r| r.value);
        rated[0].0
    }

    /// Whether the side to move on `board`, after `point` is played, wins by a VCF.
    fn vcf_after(board: &Board, point: Point) -> bool {
        let mut after = board.clone();
        after.play(point);
        let budget = Budget::nodes(200_000);
        matches!(
            threats::find_win(&after, Mode::Vcf, 20, &budget).proof,
            Proof::Win(_)
        )
    }

    #[test]
    fn blocks_the_end_of_a_three_that_leaves_no_vcf() {
        // White to move, Black has an open three on row 6 (f6 g6 h6). The rating alone blocks
        // at e6, after which Black wins by fours; looking at Black's reply, medium blocks i6.
        let pos = position(
            &[
                "...............", //
                "...............", //
                "...............", //
                "...............", //
                "......o........", //
                ".....xxx.......", //
                "...xoooox......", //
                ".......x.......", //
                "...............", //
                "...............", //
                "...............", //
                "...............", //
                "...............", //
                "...............", //
                "...............", //
            ],
            Rule::Freestyle,
        );
        let board = pos.board();
        let alone = rating_alone(&pos);
        assert!(vcf_after(board, alone), "{alone:?}");
        let answer = analyze(&pos, &request(Difficulty::Medium));
        let best = answer.best.expect("a move");
        assert!(!vcf_after(board, best), "{best:?}");
        assert_eq!(answer.stats.depth, 2);
        assert_heatmap(&pos, &answer);
    }

    #[test]
    fn plays_its_win_by_fours() {
        // Black to move with a win by continuous fours (the split four g6 starts one); the
        // rating alone plays a move that starts none.
        let pos = position(
            &[
                "...............", //
                "...............", //
                "...............", //
                "...............", //
                "...............", //
                "...............", //
                ".......o.......", //
                "......xxo......", //
                "......xooo.....", //
                "......xx..x....", //
                "......o........", //
                "...............", //
                "...............", //
                "...............", //
                "...............", //
            ],
            Rule::Freestyle,
        );
        let board = pos.board();
        let budget = Budget::nodes(200_000);
        let wins = |p: Point| {
            matches!(
                threats::wins_after(board, p, Mode::Vcf, 20, &budget).proof,
                Proof::Win(_)
            )
        };
        let alone = rating_alone(&pos);
        assert!(!wins(alone), "{alone:?}");
        let answer = analyze(&pos, &request(Difficulty::Medium));
        let best = answer.best.expect("a move");
        assert!(wins(best), "{best:?}");
        assert_heatmap(&pos, &answer);
    }
}
