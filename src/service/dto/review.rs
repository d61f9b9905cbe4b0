//! `/v1/review` on the wire: a whole game in, every move judged out (`engine::review`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::board::{parse_position, BoardDto, MovesBoard};
use super::enums::{DifficultyDto, RuleDto, StoneDto};
use super::requests::LimitsDto;
use super::responses::{notations, rounded, PointDto, VerdictDto};
use crate::engine::review::{Game, Label, MoveReview, Review, SideSummary, TurnKind};
use crate::engine::Stone;
use crate::service::answers::{Job, SearchParams};
use crate::service::config::Limits;
use crate::service::errors::ApiError;
use crate::service::parts::ResponseParts;

/// Decimals of the win probabilities and losses of a review.
const PROBABILITY_DECIMALS: i32 = 4;
/// Decimals of an accuracy (a percentage).
const ACCURACY_DECIMALS: i32 = 1;

/// `POST /v1/review`: a game and how to review it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "board": {"size": 15, "moves": ["h8", "i9", "i8", "g8", "j8", "k8", "h9", "h10", "j10",
                                    "k11", "j9", "j11"]},
    "rule": "freestyle",
    "difficulty": "master",
    "limits": {"time_ms": 200}
}))]
pub struct ReviewRequest {
    /// The game: its moves in play order on an empty board, every one of them reviewed.
    pub board: MovesBoard,
    /// Rule set (default freestyle).
    #[serde(default)]
    pub rule: RuleDto,
    /// The reviewer's level (default master).
    #[serde(default = "reviewer")]
    pub difficulty: DifficultyDto,
    /// Limits of each position's search: `time_ms` defaults to 300 (or the server's default
    /// time when lower) and is cut further on long games so that all positions together take
    /// at most 20 s on the server's search slots; each limit is clamped to the server maximum.
    #[serde(default)]
    pub limits: LimitsDto,
}

/// The default reviewer: the full engine.
fn reviewer() -> DifficultyDto {
    DifficultyDto::Master
}

impl ReviewRequest {
    /// The game and one search job for each of its positions (a game of n moves has n + 1),
    /// with the limits of `limits` for a review on `slots` search slots.
    pub fn into_jobs(self, limits: &Limits, slots: usize) -> Result<(Game, Vec<Job>), ApiError> {
        let position = parse_position(&BoardDto::Moves(self.board), self.rule, None)?;
        let game = Game::of(&position);
        let positions = game.positions();
        let (time, depth, nodes) = self
            .limits
            .clamp(&limits.for_review(positions.len(), slots))?;
        let params = SearchParams {
            difficulty: self.difficulty.into(),
            time,
            depth,
            nodes,
            seed: None,
            candidates: 1,
        };
        let include = ResponseParts {
            heatmap: false,
            pv: true,
        };
        let jobs = positions
            .iter()
            .map(|position| Job {
                position: position.clone(),
                params: params.clone(),
                include,
            })
            .collect();
        Ok((game, jobs))
    }
}

/// What a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LabelDto {
    /// The reviewer's own choice, or a move that wins on the spot (loss 0).
    Best,
    /// Loss under 0.02.
    Excellent,
    /// Loss under 0.05.
    Good,
    /// Loss under 0.10.
    Inaccuracy,
    /// Loss under 0.20, or a proven win thrown away.
    Mistake,
    /// Loss of 0.20 or more, or a proven win thrown away into a proven loss.
    Blunder,
    /// The only move that did not lose at once: the one block of a five, or the last legal
    /// point (loss 0).
    Forced,
}

impl From<Label> for LabelDto {
    fn from(label: Label) -> LabelDto {
        match label {
            Label::Best => LabelDto::Best,
            Label::Excellent => LabelDto::Excellent,
            Label::Good => LabelDto::Good,
            Label::Inaccuracy => LabelDto::Inaccuracy,
            Label::Mistake => LabelDto::Mistake,
            Label::Blunder => LabelDto::Blunder,
            Label::Forced => LabelDto::Forced,
        }
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ReviewedMoveDto {
    /// The move's 0-based index in the game.
    pub ply: usize,
    /// Who played it.
    pub side: StoneDto,
    /// The move played.
    #[serde(rename = "move")]
    pub played: PointDto,
    /// The reviewer's best move in the position before it (null when it had none).
    pub best: Option<PointDto>,
    /// Black's estimated chance of winning after the move (four decimals).
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_probability: f64,
    /// The win probability the move gave away from its player's side: the best move's value
    /// less the played move's, never negative (four decimals; 0 for `best` and `forced`).
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub loss: f64,
    /// `best`, `excellent` (loss under 0.02), `good` (under 0.05), `inaccuracy` (under 0.10),
    /// `mistake` (under 0.20, or a proven win thrown away, or a proven win handed to the
    /// opponent), `blunder` (0.20 or more, or a proven win thrown away into a proven loss), or
    /// `forced` (the only move that did not lose at once).
    pub label: LabelDto,
    /// The reviewer's line from the position before the move, starting with `best`.
    pub pv: Vec<String>,
}

/// Moves of one side by label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct LabelCountsDto {
    /// `best` moves.
    pub best: usize,
    /// `excellent` moves.
    pub excellent: usize,
    /// `good` moves.
    pub good: usize,
    /// `inaccuracy` moves.
    pub inaccuracy: usize,
    /// `mistake` moves.
    pub mistake: usize,
    /// `blunder` moves.
    pub blunder: usize,
    /// `forced` moves.
    pub forced: usize,
}

/// One side's play summed up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SideSummaryDto {
    /// Moves the side played.
    pub moves: usize,
    /// The mean of its moves' accuracies, 0..=100 (one decimal), each
    /// `103.1668 · exp(−0.04354 · loss in percent) − 3.1669` clamped to 0..=100; null when the
    /// side played no move.
    #[schema(minimum = 0.0, maximum = 100.0)]
    pub accuracy: Option<f64>,
    /// Its moves by label.
    pub labels: LabelCountsDto,
}

/// Both sides' summaries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ReviewSummaryDto {
    /// Black's play.
    pub black: SideSummaryDto,
    /// White's play.
    pub white: SideSummaryDto,
}

/// How the game turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TurnKindDto {
    /// After the move, `side` has a proven forced win it did not have before.
    WinAppeared,
    /// `side` had a proven forced win before its move and not after it.
    WinMissed,
}

/// A move where a forced win appeared or was missed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TurningPointDto {
    /// The move's 0-based index.
    pub ply: usize,
    /// The move.
    #[serde(rename = "move")]
    pub played: PointDto,
    /// What happened.
    pub kind: TurnKindDto,
    /// Whose forced win it is.
    pub side: StoneDto,
    /// The winning line: for `win_appeared` the reviewer's line from the position after the
    /// move, for `win_missed` the line the side had, starting with the move it missed.
    pub line: Vec<String>,
}

/// What the review cost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ReviewStatsDto {
    /// Positions reviewed: the moves plus one.
    pub positions: usize,
    /// Positions answered from the cache.
    pub cached: usize,
    /// The time each position's search was given, in milliseconds.
    pub time_ms_per_position: u64,
    /// Wall time of the whole review in milliseconds.
    pub time_ms: u64,
}

/// `POST /v1/review` (and `GET /v1/review`) answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ReviewResponse {
    /// The rule the game was played under.
    pub rule: RuleDto,
    /// The reviewer's level.
    pub difficulty: DifficultyDto,
    /// Black's estimated chance of winning before the first move.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub initial_win_probability: f64,
    /// Every move, in play order.
    pub moves: Vec<ReviewedMoveDto>,
    /// Each side's accuracy and label counts.
    pub summary: ReviewSummaryDto,
    /// The moves where a forced win appeared or was missed, in play order.
    pub turning_points: Vec<TurningPointDto>,
    /// The verdict on the final position.
    pub verdict: VerdictDto,
    /// What the review cost.
    pub stats: ReviewStatsDto,
}

impl ReviewResponse {
    /// The answer for `review`, made under `rule` by `difficulty` at the cost `stats`.
    #[must_use]
    pub fn new(
        review: &Review,
        rule: RuleDto,
        difficulty: DifficultyDto,
        stats: ReviewStatsDto,
    ) -> ReviewResponse {
        let size = review.size;
        let point = |p| PointDto::new(p, size);
        let probability = |p| rounded(p, PROBABILITY_DECIMALS);
        let side = |stone: Stone| side_summary(&review.summary[stone.index()]);
        ReviewResponse {
            rule,
            difficulty,
            initial_win_probability: probability(review.initial_black_win_probability),
            moves: review
                .moves
                .iter()
                .map(|m: &MoveReview| ReviewedMoveDto {
                    ply: m.ply,
                    side: m.side.into(),
                    played: point(m.played),
                    best: m.best.map(point),
                    win_probability: probability(m.black_win_probability),
                    loss: probability(m.loss),
                    label: m.label.into(),
                    pv: notations(&m.pv, size),
                })
                .collect(),
            summary: ReviewSummaryDto {
                black: side(Stone::Black),
                white: side(Stone::White),
            },
            turning_points: review
                .turning_points
                .iter()
                .map(|t| TurningPointDto {
                    ply: t.ply,
                    played: point(review.moves[t.ply].played),
                    kind: match t.kind {
                        TurnKind::WinAppeared => TurnKindDto::WinAppeared,
                        TurnKind::WinMissed => TurnKindDto::WinMissed,
                    },
                    side: t.side.into(),
                    line: notations(&t.line, size),
                })
                .collect(),
            verdict: VerdictDto::new(&review.result, size),
            stats,
        }
    }
}

fn side_summary(summary: &SideSummary) -> SideSummaryDto {
    SideSummaryDto {
        moves: summary.moves,
        accuracy: summary.accuracy.map(|a| rounded(a, ACCURACY_DECIMALS)),
        labels: LabelCountsDto {
            best: summary.count(Label::Best),
            excellent: summary.count(Label::Excellent),
            good: summary.count(Label::Good),
            inaccuracy: summary.count(Label::Inaccuracy),
            mistake: summary.count(Label::Mistake),
            blunder: summary.count(Label::Blunder),
            forced: summary.count(Label::Forced),
        },
    }
}
