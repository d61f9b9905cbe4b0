//! Game review, as chess sites give it: every move of a game judged against a level's analysis
//! of the positions before and after it, with a label, each side's accuracy and the turning
//! points where a forced win appeared or slipped away.
//!
//! A game of n moves has n + 1 positions. The analysis of position i gives the mover's best
//! move and its value (the mover's win probability with best play); the analysis of position
//! i + 1, seen from the other side, gives the value of the move played. The move's **loss** is
//! how much win probability the mover gave away: `max(0, best − played)`. Labels, in order:
//!
//! - a move that wins the game on the spot is `best`;
//! - the only move that does not lose at once (the one block of the opponent's five, or the one
//!   legal point) is `forced`;
//! - the analysis's own best move is `best` (loss 0);
//! - otherwise the loss decides: `excellent` under [`EXCELLENT_BELOW`], `good` under
//!   [`GOOD_BELOW`], `inaccuracy` under [`INACCURACY_BELOW`], `mistake` under
//!   [`MISTAKE_BELOW`], `blunder` from there on; a move that throws away a proven win, or
//!   hands the opponent a proven win the mover was not already proven to lose, is at least a
//!   `mistake`, and a `blunder` when it does both.
//!
//! Pure: it takes the positions and their analyses, whoever searched them (the service's pool
//! and cache, or a loop over `levels::analyze`). Uses the game, `threats` (five points) and the
//! analysis types of `levels`.

use crate::engine::game::board::Board;
use crate::engine::game::geometry::{BoardSize, Point};
use crate::engine::game::position::Position;
use crate::engine::game::renju;
use crate::engine::game::stone::Stone;
use crate::engine::game::verdict::Verdict;
use crate::engine::levels::analysis::{Analysis, Score};
use crate::engine::levels::result_score;
use crate::engine::threats;

/// Losses below this are `excellent`.
pub const EXCELLENT_BELOW: f64 = 0.02;
/// Losses below this (and not excellent) are `good`.
pub const GOOD_BELOW: f64 = 0.05;
/// Losses below this (and not good) are an `inaccuracy`.
pub const INACCURACY_BELOW: f64 = 0.10;
/// Losses below this (and not an inaccuracy) are a `mistake`; from here on a `blunder`.
pub const MISTAKE_BELOW: f64 = 0.20;

/// What a move was, from best to worst; `Forced` stands apart (no loss earns it) and sorts last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    /// The reviewer's own choice, or a move that wins on the spot.
    Best,
    /// Lost less than [`EXCELLENT_BELOW`].
    Excellent,
    /// Lost less than [`GOOD_BELOW`].
    Good,
    /// Lost less than [`INACCURACY_BELOW`].
    Inaccuracy,
    /// Lost less than [`MISTAKE_BELOW`], or threw away a proven win, or handed the opponent
    /// one.
    Mistake,
    /// Lost [`MISTAKE_BELOW`] or more, or threw away a proven win into a proven loss.
    Blunder,
    /// The only move that did not lose at once.
    Forced,
}

impl Label {
    /// Every label, in declaration order (the index of each is `label as usize`).
    pub const ALL: [Label; 7] = [
        Label::Best,
        Label::Excellent,
        Label::Good,
        Label::Inaccuracy,
        Label::Mistake,
        Label::Blunder,
        Label::Forced,
    ];

    /// Lower-case name, as in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::Excellent => "excellent",
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
            Label::Forced => "forced",
        }
    }

    /// The label a move that is not the reviewer's choice earns by its loss alone.
    #[must_use]
    pub fn of_loss(loss: f64) -> Label {
        if loss < EXCELLENT_BELOW {
            Label::Excellent
        } else if loss < GOOD_BELOW {
            Label::Good
        } else if loss < INACCURACY_BELOW {
            Label::Inaccuracy
        } else if loss < MISTAKE_BELOW {
            Label::Mistake
        } else {
            Label::Blunder
        }
    }
}

/// A move's accuracy, 0..=100, from its loss in win probability (0..=1): the curve chess
/// sites use, `103.1668 · exp(−0.04354 · loss in percent) − 3.1669`, clamped. A loss of 0 scores
/// 100, 0.05 about 80, 0.2 about 40, 0.5 about 8.
#[must_use]
pub fn accuracy(loss: f64) -> f64 {
    let percent = loss.clamp(0.0, 1.0) * 100.0;
    (103.1668 * (-0.04354 * percent).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One move judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// 0-based index of the move in the game.
    pub ply: usize,
    /// Who played it.
    pub side: Stone,
    /// The move played.
    pub played: Point,
    /// The reviewer's best move in the position before it (`None` when it had none).
    pub best: Option<Point>,
    /// Black's win probability after the move.
    pub black_win_probability: f64,
    /// The win probability the move gave away, from the mover's side: 0..=1.
    pub loss: f64,
    /// What the move was.
    pub label: Label,
    /// The reviewer's line from the position before the move, starting with `best`.
    pub pv: Vec<Point>,
}

/// One side's moves summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSummary {
    /// Moves the side played.
    pub moves: usize,
    /// The mean of its moves' [`accuracy`]; `None` when it played none.
    pub accuracy: Option<f64>,
    /// Its moves by label, indexed as [`Label::ALL`].
    pub counts: [usize; 7],
}

impl SideSummary {
    /// How many of the side's moves got `label`.
    #[must_use]
    pub fn count(&self, label: Label) -> usize {
        self.counts[label as usize]
    }
}

/// How a game turned at a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnKind {
    /// After the move, a side has a proven forced win it did not have before.
    WinAppeared,
    /// The mover had a proven forced win before the move and not after it.
    WinMissed,
}

/// A move where a forced win appeared or was missed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningPoint {
    /// The move's 0-based index.
    pub ply: usize,
    /// What happened.
    pub kind: TurnKind,
    /// Whose forced win it is.
    pub side: Stone,
    /// The winning line: for a win that appeared, the reviewer's line from the position after
    /// the move; for a missed one, the line the mover had, starting with the move it missed.
    pub line: Vec<Point>,
}

/// A game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The board's size.
    pub size: BoardSize,
    /// Black's win probability before the first move.
    pub initial_black_win_probability: f64,
    /// Every move, in play order.
    pub moves: Vec<MoveReview>,
    /// Each side's summary, indexed by `Stone::index`.
    pub summary: [SideSummary; 2],
    /// The turning points, in play order.
    pub turning_points: Vec<TurningPoint>,
    /// The verdict on the final position.
    pub result: Verdict,
}

/// A game as the positions its moves pass through: never empty, the first before any move.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
}

impl Game {
    /// The game whose moves led to `last`, replayed from the empty board of its size and rule
    /// (a position drawn as a picture has no moves: its game is the empty board alone).
    #[must_use]
    pub fn of(last: &Position) -> Game {
        let board = last.board();
        let mut position =
            Position::from_board(Board::new(board.size(), board.rule()), Verdict::ongoing());
        let mut positions = Vec::with_capacity(board.history().len() + 1);
        for &point in board.history() {
            let next = position.after(point);
            positions.push(position);
            position = next;
        }
        positions.push(position);
        Game { positions }
    }

    /// The positions, the one before the first move first and the final one last.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Reviews the game from `analyses`, the reviewer's analysis of each position in the order
    /// of `positions` (`None` for a finished position, which no level searches; a missing or
    /// `None` one counts as the position's [`result_score`]).
    #[must_use]
    pub fn review(&self, analyses: &[Option<Analysis>]) -> Review {
        let analysis = |i: usize| analyses.get(i).and_then(Option::as_ref);
        let scores: Vec<Score> = self
            .positions
            .iter()
            .enumerate()
            .map(|(i, p)| analysis(i).map_or_else(|| result_score(p), |a| a.score))
            .collect();
        let black_win_probability = |i: usize| match self.positions[i].to_move() {
            Stone::Black => scores[i].win_probability,
            Stone::White => 1.0 - scores[i].win_probability,
        };
        let mut moves = Vec::with_capacity(self.positions.len() - 1);
        let mut turning_points = Vec::new();
        for (ply, pair) in self.positions.windows(2).enumerate() {
            let (before, after) = (&pair[0], &pair[1]);
            let mover = before.to_move();
            let played = after.board().history()[ply];
            let chosen = analysis(ply);
            let best = chosen.and_then(|a| a.best);
            let (label, loss) = judge(&Facts {
                played,
                best,
                only: only_move(before),
                wins: after.verdict().winner == Some(mover),
                before: scores[ply],
                after: scores[ply + 1],
            });
            moves.push(MoveReview {
                ply,
                side: mover,
                played,
                best,
                black_win_probability: black_win_probability(ply + 1),
                loss,
                label,
                pv: chosen.map(|a| a.pv.clone()).unwrap_or_default(),
            });
            let had = proven_winner(before, scores[ply]);
            let has = proven_winner(after, scores[ply + 1]);
            if had == Some(mover) && has != Some(mover) {
                turning_points.push(TurningPoint {
                    ply,
                    kind: TurnKind::WinMissed,
                    side: mover,
                    line: chosen.map(|a| a.pv.clone()).unwrap_or_default(),
                });
            }
            // The move that ends the game is its result, not a turn.
            if let Some(side) = has.filter(|&side| had != Some(side) && !after.verdict().is_over())
            {
                turning_points.push(TurningPoint {
                    ply,
                    kind: TurnKind::WinAppeared,
                    side,
                    line: analysis(ply + 1).map(|a| a.pv.clone()).unwrap_or_default(),
                });
            }
        }
        let summary = Stone::BOTH.map(|side| summarise(moves.iter().filter(|m| m.side == side)));
        let last = self.positions.last().expect("a game has a first position");
        Review {
            size: last.board().size(),
            initial_black_win_probability: black_win_probability(0),
            moves,
            summary,
            turning_points,
            result: last.verdict().clone(),
        }
    }
}

/// What judging one move needs.
struct Facts {
    played: Point,
    best: Option<Point>,
    /// The mover's only move that does not lose at once, if it had exactly one.
    only: Option<Point>,
    /// Whether the move won the game.
    wins: bool,
    /// The position before the move, for the mover.
    before: Score,
    /// The position after the move, for the opponent.
    after: Score,
}

/// The move's label and loss.
fn judge(facts: &Facts) -> (Label, f64) {
    if facts.wins {
        return (Label::Best, 0.0);
    }
    if facts.only == Some(facts.played) {
        return (Label::Forced, 0.0);
    }
    if facts.best == Some(facts.played) {
        return (Label::Best, 0.0);
    }
    let played = 1.0 - facts.after.win_probability;
    let loss = (facts.before.win_probability - played).clamp(0.0, 1.0);
    let label = Label::of_loss(loss);
    // As chess sites treat a move that lets a mate appear: however low the mover's odds
    // already were, a defence it still had is no inaccuracy to give up.
    let threw_away_a_win = facts.before.is_proven_win() && !facts.after.is_proven_loss();
    let handed_over_a_win = facts.after.is_proven_win() && !facts.before.is_proven_loss();
    let floor = match (threw_away_a_win, handed_over_a_win) {
        (true, true) => Label::Blunder,
        (true, false) | (false, true) => Label::Mistake,
        (false, false) => Label::Best,
    };
    (label.max(floor), loss)
}

/// The side with a proven win in `position`: its winner when it is over, else the side
/// `score` (the side to move's) proves a win for.
fn proven_winner(position: &Position, score: Score) -> Option<Stone> {
    let mover = position.to_move();
    position.verdict().winner.or(if score.is_proven_win() {
        Some(mover)
    } else if score.is_proven_loss() {
        Some(mover.opponent())
    } else {
        None
    })
}

/// Counts and mean accuracy of `moves`.
fn summarise<'a>(moves: impl Iterator<Item = &'a MoveReview>) -> SideSummary {
    let mut counts = [0; 7];
    let (mut played, mut total) = (0, 0.0);
    for m in moves {
        counts[m.label as usize] += 1;
        played += 1;
        total += accuracy(m.loss);
    }
    SideSummary {
        moves: played,
        accuracy: (played > 0).then(|| total / played as f64),
        counts,
    }
}

/// The side to move's only move that does not lose at once, when it has exactly one: the one
/// block of the opponent's single five point (when it cannot make five itself), or the one
/// legal point left. `None` in an ongoing game with a choice, and in a lost or finished one.
#[must_use]
pub fn only_move(position: &Position) -> Option<Point> {
    if position.verdict().is_over() {
        return None;
    }
    let board = position.board();
    let me = board.to_move();
    if !threats::five_points(board, me, None).is_empty() {
        return None;
    }
    let legal = |&p: &Point| {
        !board.rule().has_forbidden_moves(me) || renju::forbidden_kind(board.grid(), p).is_none()
    };
    let blocks = threats::five_points(board, me.opponent(), None);
    let mut moves: Box<dyn Iterator<Item = Point>> = if blocks.is_empty() {
        Box::new(board.empty_points().filter(legal))
    } else if blocks.len() == 1 {
        Box::new(blocks.into_iter().filter(legal))
    } else {
        return None;
    };
    let only = moves.next()?;
    moves.next().is_none().then_some(only)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::notation::{format_point, parse_point};
    use crate::engine::game::rules::Rule;
    use crate::engine::levels::analysis::{Heatmap, SearchStats};
    use crate::engine::BoardInput;

    fn game(rule: Rule, size: i64, moves: &[&str]) -> Game {
        let input = BoardInput::notation(size, size, moves);
        Game::of(&Position::parse(&input, rule, None).expect("a legal game"))
    }

    fn point(text: &str) -> Point {
        parse_point(text, BoardSize::STANDARD).expect("on the board")
    }

    /// An analysis choosing `best` (with `pv` after it) at `score`.
    fn analysis(best: &str, pv: &[&str], score: Score) -> Option<Analysis> {
        let best = point(best);
        Some(Analysis {
            best: Some(best),
            score,
            pv: std::iter::once(best)
                .chain(pv.iter().map(|p| point(p)))
                .collect(),
            candidates: Vec::new(),
            heatmap: Heatmap {
                values: vec![None; BoardSize::STANDARD.area()],
                forbidden: Vec::new(),
            },
            stats: SearchStats::default(),
        })
    }

    /// A score whose win probability is exactly `p` (unproven).
    fn chance(p: f64) -> Score {
        Score {
            win_probability: p,
            ..Score::estimate(0)
        }
    }

    /// The review of the game h8 a1, the reviewer rating h8 even, then saying `before` of the
    /// position White replied in and `after` of the one a1 left Black.
    fn review_of_a1(before: Option<Analysis>, after: Option<Analysis>) -> Review {
        let g = game(Rule::Freestyle, 15, &["h8", "a1"]);
        g.review(&[analysis("h8", &[], chance(0.5)), before, after])
    }

    fn turns_at(review: &Review, ply: usize) -> Vec<TurningPoint> {
        let turns = review.turning_points.iter();
        turns.filter(|t| t.ply == ply).cloned().collect()
    }

    fn labels(review: &Review) -> Vec<Label> {
        review.moves.iter().map(|m| m.label).collect()
    }

    #[test]
    fn losses_are_labelled_by_the_thresholds() {
        let cases = [
            (0.0, Label::Excellent),
            (0.0199, Label::Excellent),
            (0.02, Label::Good),
            (0.0499, Label::Good),
            (0.05, Label::Inaccuracy),
            (0.0999, Label::Inaccuracy),
            (0.10, Label::Mistake),
            (0.1999, Label::Mistake),
            (0.20, Label::Blunder),
            (1.0, Label::Blunder),
        ];
        for (loss, label) in cases {
            assert_eq!(Label::of_loss(loss), label, "{loss}");
        }
    }

    #[test]
    fn accuracy_falls_from_100_as_the_loss_grows() {
        assert!((accuracy(0.0) - 100.0).abs() < 1e-3);
        assert!((accuracy(0.05) - 80.0).abs() < 1.0, "{}", accuracy(0.05));
        assert!((accuracy(0.2) - 40.0).abs() < 1.0, "{}", accuracy(0.2));
        assert_eq!(accuracy(1.0), 0.0);
        assert_eq!(accuracy(-0.5), accuracy(0.0));
        let curve: Vec<f64> = (0..=20).map(|i| accuracy(f64::from(i) / 20.0)).collect();
        assert!(curve.windows(2).all(|w| w[0] >= w[1]), "{curve:?}");
    }

    #[test]
    fn the_loss_is_the_best_value_less_the_played_one_seen_from_the_mover() {
        // Black's h8 is the reviewer's choice; White's a1 instead of i9 drops White from 45 %
        // to 1 − 0.80 = 20 %; Black's j10 (not g7) costs 0.80 − (1 − 0.23) = 0.03.
        let game = game(Rule::Freestyle, 15, &["h8", "a1", "j10"]);
        let review = game.review(&[
            analysis("h8", &["i9"], chance(0.55)),
            analysis("i9", &[], chance(0.45)),
            analysis("g7", &["g8"], chance(0.80)),
            analysis("k11", &[], chance(0.23)),
        ]);
        assert_eq!(labels(&review), [Label::Best, Label::Blunder, Label::Good]);
        let losses: Vec<f64> = review.moves.iter().map(|m| m.loss).collect();
        assert_eq!(losses[0], 0.0);
        assert!((losses[1] - 0.25).abs() < 1e-9, "{losses:?}");
        assert!((losses[2] - 0.03).abs() < 1e-9, "{losses:?}");
        let black: Vec<f64> = review
            .moves
            .iter()
            .map(|m| m.black_win_probability)
            .collect();
        // After h8 White is to move at 45 %: Black 55 %; after a1 Black is to move at 80 %.
        assert!((black[0] - 0.55).abs() < 1e-9 && (black[1] - 0.80).abs() < 1e-9);
        assert!((black[2] - 0.77).abs() < 1e-9, "{black:?}");
        assert!((review.initial_black_win_probability - 0.55).abs() < 1e-9);
        let second = &review.moves[1];
        assert_eq!((second.ply, second.side), (1, Stone::White));
        assert_eq!(
            (second.played, second.best),
            (point("a1"), Some(point("i9")))
        );
        assert_eq!(review.moves[2].pv, [point("g7"), point("g8")]);
    }

    #[test]
    fn a_gain_is_no_loss() {
        // White's reply scores better than the reviewer thought the best one would.
        let review = review_of_a1(
            analysis("i9", &[], chance(0.3)),
            analysis("i9", &[], chance(0.4)),
        );
        assert_eq!(review.moves[1].loss, 0.0);
        assert_eq!(review.moves[1].label, Label::Excellent);
    }

    #[test]
    fn the_one_block_of_a_five_is_forced_and_a_move_elsewhere_is_a_blunder() {
        // Black has four in a row on row 8 (d8..g8 open at c8 only after White's c8): White
        // must block h8.
        let moves = ["d8", "a1", "e8", "a3", "f8", "c8", "g8"];
        let g = game(Rule::Freestyle, 15, &moves);
        let before = g.positions().last().expect("positions");
        assert_eq!(only_move(before), Some(point("h8")));
        let mut blocked = moves.to_vec();
        blocked.push("h8");
        let blocked = game(Rule::Freestyle, 15, &blocked);
        let mut analyses = vec![None; 7];
        analyses.push(analysis("h8", &[], chance(0.3)));
        analyses.push(analysis("b2", &[], chance(0.7)));
        let review = blocked.review(&analyses);
        assert_eq!(review.moves[7].label, Label::Forced);
        assert_eq!(review.moves[7].loss, 0.0);

        let mut ignored = moves.to_vec();
        ignored.push("a5");
        let ignored = game(Rule::Freestyle, 15, &ignored);
        let mut analyses = vec![None; 7];
        analyses.push(analysis("h8", &[], chance(0.3)));
        analyses.push(analysis("h8", &[], Score::win_in(1)));
        let review = ignored.review(&analyses);
        assert_eq!(review.moves[7].label, Label::Blunder);
        assert!((review.moves[7].loss - 0.3).abs() < 1e-9);
    }

    #[test]
    fn only_a_single_saving_move_is_forced() {
        // An open four for Black: White has two points to block and loses at either.
        let open = game(
            Rule::Freestyle,
            15,
            &["d8", "a1", "e8", "a3", "f8", "a5", "g8"],
        );
        assert_eq!(only_move(open.positions().last().unwrap()), None);
        // White to move with its own five point: it wins, nothing is forced.
        let both = game(
            Rule::Freestyle,
            15,
            &["d8", "a1", "e8", "a2", "f8", "a3", "b9", "a4", "g8"],
        );
        assert_eq!(only_move(both.positions().last().unwrap()), None);
        // No threat at all: many moves.
        let quiet = game(Rule::Freestyle, 15, &["h8", "i9"]);
        assert_eq!(only_move(quiet.positions().last().unwrap()), None);
    }

    #[test]
    fn the_last_legal_point_is_forced() {
        // A 5 × 5 board with one point left and no five anywhere.
        let rows = ["xoxox", "xoxox", "oxoxo", "oxoxo", "xoxo."];
        let input = BoardInput::Rows(rows.iter().map(|r| (*r).to_string()).collect());
        let position = Position::parse(&input, Rule::Freestyle, None).expect("legal");
        assert_eq!(only_move(&position), Some(Point::new(4, 4)));
    }

    #[test]
    fn the_winning_move_is_best_whatever_the_reviewer_chose() {
        let moves = ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"];
        let g = game(Rule::Freestyle, 15, &moves);
        let mut analyses = vec![None; 8];
        // Two five points (h7, h12): the reviewer chose the other one.
        analyses.push(analysis("h7", &[], Score::win_in(1)));
        analyses.push(None);
        let review = g.review(&analyses);
        let last = review.moves.last().expect("moves");
        assert_eq!((last.label, last.loss), (Label::Best, 0.0));
        assert_eq!(last.black_win_probability, 1.0);
        assert_eq!(review.result.winner, Some(Stone::Black));
        // The game's end is its result, not a turning point.
        let turns = &review.turning_points;
        assert!(turns.iter().all(|t| t.ply < 8), "{turns:?}");
    }

    #[test]
    fn throwing_away_a_proven_win_is_at_least_a_mistake() {
        // White had a proven win; after a1 Black is still lost in White's eyes at 97 %: the
        // loss alone (0.03) would be good.
        let review = review_of_a1(
            analysis("i9", &["j10", "k11"], Score::win_in(3)),
            analysis("b2", &[], chance(0.03)),
        );
        assert_eq!(review.moves[1].label, Label::Mistake);
        assert!((review.moves[1].loss - 0.03).abs() < 1e-9);
        let missed = turns_at(&review, 1);
        assert_eq!(missed.len(), 1, "{missed:?}");
        assert_eq!(missed[0].kind, TurnKind::WinMissed);
        assert_eq!((missed[0].ply, missed[0].side), (1, Stone::White));
        assert_eq!(missed[0].line, [point("i9"), point("j10"), point("k11")]);

        // The same win thrown away into a proven loss: a blunder, and Black's win appears.
        let review = review_of_a1(
            analysis("i9", &[], Score::win_in(3)),
            analysis("b2", &["c3"], Score::win_in(4)),
        );
        assert_eq!(review.moves[1].label, Label::Blunder);
        let turns = turns_at(&review, 1);
        let kinds: Vec<(TurnKind, Stone)> = turns.iter().map(|t| (t.kind, t.side)).collect();
        assert_eq!(
            kinds,
            [
                (TurnKind::WinMissed, Stone::White),
                (TurnKind::WinAppeared, Stone::Black)
            ]
        );
        assert_eq!(turns[1].line, [point("b2"), point("c3")]);
    }

    #[test]
    fn handing_the_opponent_a_proven_win_is_at_least_a_mistake() {
        // White had a defence at 6 %; after a1 Black's win is proven: the loss alone (0.06)
        // would be an inaccuracy.
        let review = review_of_a1(
            analysis("i9", &[], chance(0.06)),
            analysis("b2", &["c3"], Score::win_in(4)),
        );
        assert_eq!(review.moves[1].label, Label::Mistake);
        assert!((review.moves[1].loss - 0.06).abs() < 1e-9);
        // Already proven lost before it, the move gives nothing away.
        let review = review_of_a1(
            analysis("i9", &[], Score::proven_loss()),
            analysis("b2", &["c3"], Score::win_in(4)),
        );
        assert_eq!(review.moves[1].label, Label::Excellent);
    }

    #[test]
    fn a_result_proven_without_its_distance_is_a_proven_one() {
        // White's win proven without a distance, thrown away into Black's: a blunder, the
        // win missed and Black's appearing, as with distances.
        let review = review_of_a1(
            analysis("i9", &[], Score::proven_win()),
            analysis("b2", &[], Score::proven_win()),
        );
        assert_eq!(review.moves[1].label, Label::Blunder);
        let kinds: Vec<(TurnKind, Stone)> = turns_at(&review, 1)
            .iter()
            .map(|t| (t.kind, t.side))
            .collect();
        assert_eq!(
            kinds,
            [
                (TurnKind::WinMissed, Stone::White),
                (TurnKind::WinAppeared, Stone::Black)
            ]
        );
        // Kept: Black is still lost, so no turn.
        let review = review_of_a1(
            analysis("i9", &[], Score::proven_win()),
            analysis("b2", &[], Score::proven_loss()),
        );
        assert!(turns_at(&review, 1).is_empty());
    }

    #[test]
    fn a_slower_win_keeps_the_win_and_is_no_turning_point() {
        let review = review_of_a1(
            analysis("i9", &[], Score::win_in(2)),
            analysis("b2", &[], Score::loss_in(4)),
        );
        assert_eq!(review.moves[1].label, Label::Excellent);
        assert!(turns_at(&review, 1).is_empty());
        // White's win appeared with Black's h8 (the reviewer saw none before it).
        assert_eq!(turns_at(&review, 0)[0].kind, TurnKind::WinAppeared);
    }

    #[test]
    fn a_forced_win_appearing_is_a_turning_point_with_its_line() {
        let g = game(Rule::Freestyle, 15, &["h8", "a1", "i9"]);
        let review = g.review(&[
            analysis("h8", &[], chance(0.5)),
            analysis("i9", &[], chance(0.45)),
            analysis("j10", &["k11", "g7"], Score::win_in(5)),
            analysis("g7", &[], Score::loss_in(4)),
        ]);
        let turns = &review.turning_points;
        assert_eq!(turns.len(), 1, "{turns:?}");
        assert_eq!(
            (turns[0].ply, turns[0].kind, turns[0].side),
            (1, TurnKind::WinAppeared, Stone::Black)
        );
        assert_eq!(turns[0].line, [point("j10"), point("k11"), point("g7")]);
        // Black keeps it with i9 (the reviewer wanted j10, a win either way).
        assert_eq!(review.moves[2].label, Label::Excellent);
    }

    #[test]
    fn each_side_is_summed_up_apart() {
        let g = game(Rule::Freestyle, 15, &["h8", "a1", "j10"]);
        let review = g.review(&[
            analysis("h8", &[], chance(0.55)),
            analysis("i9", &[], chance(0.45)),
            analysis("g7", &[], chance(0.80)),
            analysis("k11", &[], chance(0.23)),
        ]);
        let [black, white] = &review.summary;
        assert_eq!((black.moves, white.moves), (2, 1));
        assert_eq!(black.count(Label::Best), 1);
        assert_eq!(black.count(Label::Good), 1);
        assert_eq!(white.count(Label::Blunder), 1);
        assert_eq!(black.counts.iter().sum::<usize>(), 2);
        let expected = (accuracy(0.0) + accuracy(0.03)) / 2.0;
        assert!((black.accuracy.unwrap() - expected).abs() < 1e-9);
        assert!((white.accuracy.unwrap() - accuracy(0.25)).abs() < 1e-9);
        let none = game(Rule::Freestyle, 15, &[]).review(&[None]);
        assert_eq!(none.summary[0].accuracy, None);
        assert!(none.moves.is_empty());
    }

    #[test]
    fn a_renju_foul_loses_and_is_no_turning_point() {
        // Black's g8 makes a double three (the board's own rule test position).
        let moves = ["h8", "a1", "i8", "a3", "g9", "a5", "g10", "a7", "g8"];
        let g = game(Rule::Renju, 15, &moves);
        assert_eq!(g.positions().len(), moves.len() + 1);
        let mut analyses = vec![None; 8];
        analyses.push(analysis("j9", &[], chance(0.6)));
        analyses.push(None);
        let review = g.review(&analyses);
        let foul = review.moves.last().unwrap();
        assert_eq!(foul.label, Label::Blunder);
        assert_eq!(foul.black_win_probability, 0.0);
        assert!((foul.loss - 0.6).abs() < 1e-9);
        assert_eq!(review.result.winner, Some(Stone::White));
        assert!(review.turning_points.is_empty());
    }

    #[test]
    fn the_game_replays_its_moves_from_the_empty_board() {
        let g = game(Rule::Standard, 9, &["e5", "d4", "f6"]);
        let positions = g.positions();
        assert_eq!(positions.len(), 4);
        assert_eq!(positions[0].board().stone_total(), 0);
        assert_eq!(positions[0].rule(), Rule::Standard);
        let size = positions[3].board().size();
        let played: Vec<String> = positions[3]
            .board()
            .history()
            .iter()
            .map(|&p| format_point(p, size))
            .collect();
        assert_eq!(played, ["e5", "d4", "f6"]);
        assert_eq!(positions[2].to_move(), Stone::Black);
    }

    #[test]
    fn a_real_level_reviews_a_real_game() {
        use crate::engine::levels;
        use crate::engine::{Difficulty, SearchRequest};
        use std::time::Duration;
        // Black's four h8..k8 (White holds g8) leaves White one block, l8.
        let opening = ["h8", "g8", "i8", "h9", "j8", "i9", "k8"];
        let reviewed = |last: &[&str]| {
            let moves: Vec<&str> = opening.iter().chain(last).copied().collect();
            let g = game(Rule::Freestyle, 15, &moves);
            let analyses: Vec<Option<Analysis>> = g
                .positions()
                .iter()
                .map(|p| {
                    let request = SearchRequest::new(Difficulty::Hard, Duration::from_secs(5));
                    (!p.verdict().is_over()).then(|| levels::analyze(p, &request))
                })
                .collect();
            g.review(&analyses)
        };
        let blocked = reviewed(&["l8"]);
        assert_eq!(blocked.moves.len(), 8);
        assert_eq!(blocked.moves[7].label, Label::Forced);
        let ignored = reviewed(&["a1", "l8"]);
        let a1 = &ignored.moves[7];
        assert_eq!(a1.best, Some(point("l8")));
        assert!(
            a1.label >= Label::Inaccuracy && a1.label != Label::Forced,
            "{a1:?}"
        );
        assert_eq!(a1.black_win_probability, 1.0);
        let win = &ignored.moves[8];
        assert_eq!((win.label, win.black_win_probability), (Label::Best, 1.0));
        let appeared = turns_at(&ignored, 7);
        assert_eq!(appeared.len(), 1, "{:?}", ignored.turning_points);
        assert_eq!(
            (appeared[0].kind, appeared[0].side),
            (TurnKind::WinAppeared, Stone::Black)
        );
        assert_eq!(appeared[0].line.first(), Some(&point("l8")));
    }
}
