//! Response bodies: engine answers mapped to the wire.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::enums::{ForbiddenKindDto, ReasonDto, StatusDto, StoneDto};
use crate::engine::levels::analysis::{Candidate, Score, MATE_VALUE};
use crate::engine::{
    game::notation, BoardSize, ForbiddenKind, Point, Position, Reason, Status, Verdict,
};
use crate::service::answers::{Answer, Job};
use crate::service::rendered::CachedFlag;

/// A point: 0-based coordinates from the top-left and its notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"x": 7, "y": 7, "notation": "h8"}))]
pub struct PointDto {
    /// Column from the left, 0-based.
    #[schema(minimum = 0, maximum = 31)]
    pub x: usize,
    /// Row from the top, 0-based.
    #[schema(minimum = 0, maximum = 31)]
    pub y: usize,
    /// Column letter and row number from the bottom.
    pub notation: String,
}

impl PointDto {
    /// `point` on a board of `size`.
    pub(super) fn new(point: Point, size: BoardSize) -> PointDto {
        PointDto {
            x: point.col(),
            y: point.row(),
            notation: notation::format_point(point, size),
        }
    }
}

/// A renju-forbidden point for Black.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ForbiddenDto {
    /// Column from the left, 0-based.
    #[schema(minimum = 0, maximum = 31)]
    pub x: usize,
    /// Row from the top, 0-based.
    #[schema(minimum = 0, maximum = 31)]
    pub y: usize,
    /// Notation.
    pub notation: String,
    /// Why it is forbidden.
    pub kind: ForbiddenKindDto,
}

fn forbidden_dtos(points: &[(Point, ForbiddenKind)], size: BoardSize) -> Vec<ForbiddenDto> {
    points
        .iter()
        .map(|&(point, kind)| {
            let PointDto { x, y, notation } = PointDto::new(point, size);
            ForbiddenDto {
                x,
                y,
                notation,
                kind: kind.into(),
            }
        })
        .collect()
}

/// Who has won and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct VerdictDto {
    /// Ongoing, won or drawn.
    pub status: StatusDto,
    /// The winner, if any.
    pub winner: Option<StoneDto>,
    /// The winning five (or longer line), or the forbidden point of a renju foul.
    pub line: Vec<PointDto>,
    /// How the game ended, if it did.
    pub reason: Option<ReasonDto>,
}

impl VerdictDto {
    /// `verdict` on a board of `size`.
    pub(super) fn new(verdict: &Verdict, size: BoardSize) -> VerdictDto {
        VerdictDto {
            status: match verdict.status {
                Status::Ongoing => StatusDto::Ongoing,
                Status::BlackWon => StatusDto::BlackWon,
                Status::WhiteWon => StatusDto::WhiteWon,
                Status::Draw => StatusDto::Draw,
            },
            winner: verdict.winner.map(StoneDto::from),
            line: verdict
                .line
                .iter()
                .map(|&p| PointDto::new(p, size))
                .collect(),
            reason: verdict.reason.map(|reason| match reason {
                Reason::Five => ReasonDto::Five,
                Reason::Forbidden(ForbiddenKind::Overline) => ReasonDto::ForbiddenOverline,
                Reason::Forbidden(ForbiddenKind::DoubleFour) => ReasonDto::ForbiddenDoubleFour,
                Reason::Forbidden(ForbiddenKind::DoubleThree) => ReasonDto::ForbiddenDoubleThree,
                Reason::BoardFull => ReasonDto::BoardFull,
            }),
        }
    }
}

/// A move's value for the side to move, judged the same way at every level: by the master
/// search (a short one of 20,000 nodes for the classic levels), whatever level chose the move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ScoreDto {
    /// Evaluation from the mover's side; for a proven result ±30000 minus its distance, or
    /// ±29000 when the distance is not proven.
    #[schema(minimum = -30000, maximum = 30000)]
    pub value: i32,
    /// Chance the mover wins, from the win model calibrated on self-play results (freestyle
    /// and renju apart; see docs/calibration.md); exactly 0 or 1 only when proven.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_probability: f64,
    /// Own moves, the five included, within which a proven win (positive) or loss
    /// (negative) comes, when that distance is proven; null otherwise, also for a result
    /// proven without its distance (`win_probability` 1 or 0).
    pub mate_in: Option<i32>,
}

impl From<Score> for ScoreDto {
    fn from(score: Score) -> ScoreDto {
        ScoreDto {
            value: score.value.clamp(-MATE_VALUE, MATE_VALUE),
            win_probability: score.win_probability,
            mate_in: score.mate_in,
        }
    }
}

/// The level's rating of every cell for the side to move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct HeatmapDto {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Rows top first; values 0..=1 (four decimals) with the chosen move at the maximum, null
    /// on stones.
    pub values: Vec<Vec<Option<f64>>>,
    /// Renju-forbidden points of the side to move (rated 0).
    pub forbidden: Vec<ForbiddenDto>,
}

/// Search effort.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct StatsDto {
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Search wall time in milliseconds (of the original search when cached).
    pub time_ms: u64,
    /// Whether this answer came from the cache.
    pub cached: bool,
}

/// A ranked candidate move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CandidateDto {
    /// The move.
    #[serde(rename = "move")]
    pub point: PointDto,
    /// Its score.
    pub score: ScoreDto,
    /// The expected continuation, starting with the move.
    pub pv: Vec<String>,
}

/// `POST /v1/move` (and `GET /v1/move`) answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MoveResponse {
    /// The chosen move, or null when the game is already over.
    #[serde(rename = "move")]
    pub best: Option<PointDto>,
    /// The side to move in the given position.
    pub to_move: StoneDto,
    /// The verdict on the given position.
    pub verdict: VerdictDto,
    /// The verdict after the chosen move (null when there is none).
    pub verdict_after: Option<VerdictDto>,
    /// The chosen move's score (null when there is no move).
    pub score: Option<ScoreDto>,
    /// Principal variation in notation (absent when not included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pv: Option<Vec<String>>,
    /// Per-cell rating (absent when not included or when the game is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heatmap: Option<HeatmapDto>,
    /// Search effort.
    pub stats: StatsDto,
}

/// `POST /v1/analyze` answer: the move answer plus ranked candidates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AnalyzeResponse {
    /// Everything `/v1/move` answers.
    #[serde(flatten)]
    pub answer: MoveResponse,
    /// The level's chosen move first, then the other candidates best first by score, each
    /// with score and PV.
    pub candidates: Vec<CandidateDto>,
}

/// `POST /v1/verdict` answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct VerdictResponse {
    /// Who has won and how.
    pub verdict: VerdictDto,
    /// The side to move.
    pub to_move: StoneDto,
    /// Forbidden points of the side to move (Black under renju; otherwise empty).
    pub forbidden: Vec<ForbiddenDto>,
}

impl VerdictResponse {
    /// Judges `position`.
    #[must_use]
    pub fn new(position: &Position) -> VerdictResponse {
        let size = position.board().size();
        VerdictResponse {
            verdict: VerdictDto::new(position.verdict(), size),
            to_move: position.to_move().into(),
            forbidden: forbidden_dtos(&position.forbidden_points(), size),
        }
    }
}

/// Decimals a heatmap value keeps: finer steps than a picture or a client can use, and
/// four times shorter JSON than full `f64` precision.
const HEAT_DECIMALS: i32 = 4;

/// `value` rounded to `decimals` decimals. Rounding is monotone: a heatmap's chosen move keeps
/// the maximum, and a value in 0..=1 stays in it.
pub(super) fn rounded(value: f64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (value * scale).round() / scale
}

/// `points` in notation on a board of `size`.
pub(super) fn notations(points: &[Point], size: BoardSize) -> Vec<String> {
    points
        .iter()
        .map(|&p| notation::format_point(p, size))
        .collect()
}

impl MoveResponse {
    /// The answer for `job`'s position from the search `answer`.
    #[must_use]
    pub fn new(job: &Job, answer: &Answer) -> MoveResponse {
        let position = &job.position;
        let size = position.board().size();
        let analysis = answer.analysis.as_ref();
        let best = analysis.and_then(|a| a.best);
        let stats = analysis.map(|a| a.stats).unwrap_or_default();
        let time_ms = stats.elapsed.as_millis() as u64;
        MoveResponse {
            best: best.map(|p| PointDto::new(p, size)),
            to_move: position.to_move().into(),
            verdict: VerdictDto::new(position.verdict(), size),
            verdict_after: best.map(|p| VerdictDto::new(position.after(p).verdict(), size)),
            score: analysis
                .filter(|a| a.best.is_some())
                .map(|a| a.score.into()),
            pv: job
                .include
                .pv
                .then(|| analysis.map(|a| notations(&a.pv, size)).unwrap_or_default()),
            heatmap: analysis
                .filter(|_| job.include.heatmap)
                .map(|a| HeatmapDto {
                    width: size.width(),
                    height: size.height(),
                    values: a
                        .heatmap
                        .values
                        .chunks(size.width())
                        .map(|row| {
                            row.iter()
                                .map(|v| v.map(|v| rounded(v, HEAT_DECIMALS)))
                                .collect()
                        })
                        .collect(),
                    forbidden: forbidden_dtos(&a.heatmap.forbidden, size),
                }),
            stats: StatsDto {
                depth: stats.depth,
                seldepth: stats.seldepth,
                nodes: stats.nodes,
                nps: (stats.nodes as f64 / stats.elapsed.as_secs_f64().max(1e-6)) as u64,
                time_ms,
                cached: answer.cached,
            },
        }
    }
}

impl CachedFlag for MoveResponse {
    fn mark_cached(&mut self) {
        self.stats.cached = true;
    }
}

impl CachedFlag for AnalyzeResponse {
    fn mark_cached(&mut self) {
        self.answer.mark_cached();
    }
}

impl AnalyzeResponse {
    /// The analysis answer for `job`'s position.
    #[must_use]
    pub fn new(job: &Job, answer: &Answer) -> AnalyzeResponse {
        let size = job.position.board().size();
        let candidates = answer
            .analysis
            .as_ref()
            .map(|a| &a.candidates[..a.candidates.len().min(job.params.candidates)])
            .unwrap_or_default();
        AnalyzeResponse {
            answer: MoveResponse::new(job, answer),
            candidates: candidates
                .iter()
                .map(|c: &Candidate| CandidateDto {
                    point: PointDto::new(c.point, size),
                    score: c.score.into(),
                    pv: notations(&c.pv, size),
                })
                .collect(),
        }
    }
}
