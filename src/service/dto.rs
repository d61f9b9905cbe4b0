//! The wire format: request bodies parsed into engine types, engine answers mapped to responses.
//!
//! Unknown fields are rejected everywhere (`deny_unknown_fields`, 422 naming the field): a typo
//! such as `dificulty` silently playing at the default level would be worse than an error.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::answers::{Answer, Job, SearchParams};
use super::config::Limits;
use super::errors::ApiError;
use super::rendered::CachedFlag;
use crate::engine::analysis::{Candidate, Score, MATE_VALUE};
use crate::engine::{
    notation, BoardInput, BoardSize, Difficulty, ForbiddenKind, MoveInput, Point, Position, Reason,
    Rule, Status, Stone, Verdict,
};

/// Most ranked candidates `/v1/analyze` reports.
pub const MAX_CANDIDATES: u8 = 10;
/// Candidates `/v1/analyze` reports when the request does not say.
pub const DEFAULT_CANDIDATES: u8 = 3;

// ---------------------------------------------------------------- enums

/// Rule set.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, clap::ValueEnum,
)]
#[serde(rename_all = "snake_case")]
pub enum RuleDto {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; overlines do not.
    Standard,
    /// RIF renju: Black has forbidden moves and needs exactly five.
    Renju,
}

impl From<RuleDto> for Rule {
    fn from(rule: RuleDto) -> Rule {
        match rule {
            RuleDto::Freestyle => Rule::Freestyle,
            RuleDto::Standard => Rule::Standard,
            RuleDto::Renju => Rule::Renju,
        }
    }
}

/// Playing strength, weakest first.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, clap::ValueEnum,
)]
#[serde(rename_all = "snake_case")]
pub enum DifficultyDto {
    /// Run-length weights.
    Beginner,
    /// Pattern tables.
    Easy,
    /// Best own shape against best opponent shape.
    #[default]
    Medium,
    /// Shallow alpha-beta.
    Hard,
    /// The full engine.
    Master,
}

impl From<DifficultyDto> for Difficulty {
    fn from(level: DifficultyDto) -> Difficulty {
        match level {
            DifficultyDto::Beginner => Difficulty::Beginner,
            DifficultyDto::Easy => Difficulty::Easy,
            DifficultyDto::Medium => Difficulty::Medium,
            DifficultyDto::Hard => Difficulty::Hard,
            DifficultyDto::Master => Difficulty::Master,
        }
    }
}

/// A colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum StoneDto {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

impl From<StoneDto> for Stone {
    fn from(stone: StoneDto) -> Stone {
        match stone {
            StoneDto::Black => Stone::Black,
            StoneDto::White => Stone::White,
        }
    }
}

impl From<Stone> for StoneDto {
    fn from(stone: Stone) -> StoneDto {
        match stone {
            Stone::Black => StoneDto::Black,
            Stone::White => StoneDto::White,
        }
    }
}

/// State of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatusDto {
    /// Nobody has won yet.
    Ongoing,
    /// Black has won.
    BlackWon,
    /// White has won.
    WhiteWon,
    /// Full board, no winner.
    Draw,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReasonDto {
    /// Five in a row (`line` holds it).
    Five,
    /// Black played an overline under renju (`line` holds the point).
    ForbiddenOverline,
    /// Black played a double four under renju.
    ForbiddenDoubleFour,
    /// Black played a double three under renju.
    ForbiddenDoubleThree,
    /// The board filled up.
    BoardFull,
}

/// Kind of a renju-forbidden point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ForbiddenKindDto {
    /// Six or more in a row.
    Overline,
    /// Two fours at once.
    DoubleFour,
    /// Two real threes at once.
    DoubleThree,
}

impl From<ForbiddenKind> for ForbiddenKindDto {
    fn from(kind: ForbiddenKind) -> ForbiddenKindDto {
        match kind {
            ForbiddenKind::Overline => ForbiddenKindDto::Overline,
            ForbiddenKind::DoubleFour => ForbiddenKindDto::DoubleFour,
            ForbiddenKind::DoubleThree => ForbiddenKindDto::DoubleThree,
        }
    }
}

// ---------------------------------------------------------------- the board

/// One move of a move list: notation (`"h8"`, any case) or `[x, y]` from the top-left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum MoveDto {
    /// Column letter and row number from the bottom, e.g. `h8`.
    Notation(String),
    /// 0-based `[x, y]`, (0, 0) top-left.
    Pair([i64; 2]),
}

/// A move list on an empty board; `size` (square) or `width` and `height`, default 15 × 15.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MovesBoard {
    /// Side of a square board.
    #[schema(minimum = 5, maximum = 32, example = 15)]
    pub size: Option<i64>,
    /// Columns (with `height`, instead of `size`).
    #[schema(minimum = 5, maximum = 32)]
    pub width: Option<i64>,
    /// Rows (with `width`, instead of `size`).
    #[schema(minimum = 5, maximum = 32)]
    pub height: Option<i64>,
    /// Moves in play order, Black first.
    #[schema(max_items = 1024, example = json!(["h8", "i9", [8, 7]]))]
    pub moves: Vec<MoveDto>,
}

/// Text rows, top row first: `x` Black, `o` White, `.` empty.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RowsBoard {
    /// 5..=32 rows of 5..=32 characters each.
    #[schema(min_items = 5, max_items = 32, example = json!([".....", "..x..", "..o..", ".....", "....."]))]
    pub rows: Vec<String>,
}

/// Cells, top row first: 0 empty, 1 Black, 2 White.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CellsBoard {
    /// 5..=32 rows of 5..=32 cells each.
    #[schema(min_items = 5, max_items = 32, example = json!([[0,0,0,0,0],[0,0,1,0,0],[0,0,2,0,0],[0,0,0,0,0],[0,0,0,0,0]]))]
    pub cells: Vec<Vec<u8>>,
}

/// The position, in exactly one of three forms.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged, try_from = "RawBoard")]
pub enum BoardDto {
    /// A move list.
    Moves(MovesBoard),
    /// Text rows.
    Rows(RowsBoard),
    /// 0/1/2 cells.
    Cells(CellsBoard),
}

/// Every board field at once, so a wrong mix gets a precise message instead of "no variant".
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    size: Option<i64>,
    width: Option<i64>,
    height: Option<i64>,
    moves: Option<Vec<MoveDto>>,
    rows: Option<Vec<String>>,
    cells: Option<Vec<Vec<u8>>>,
}

impl TryFrom<RawBoard> for BoardDto {
    type Error = String;

    fn try_from(raw: RawBoard) -> Result<BoardDto, String> {
        let sized = raw.size.is_some() || raw.width.is_some() || raw.height.is_some();
        match (raw.moves, raw.rows, raw.cells) {
            (Some(moves), None, None) => Ok(BoardDto::Moves(MovesBoard {
                size: raw.size,
                width: raw.width,
                height: raw.height,
                moves,
            })),
            (None, Some(_), None) | (None, None, Some(_)) if sized => Err(
                "size, width and height go with moves only; rows and cells carry their own size"
                    .into(),
            ),
            (None, Some(rows), None) => Ok(BoardDto::Rows(RowsBoard { rows })),
            (None, None, Some(cells)) => Ok(BoardDto::Cells(CellsBoard { cells })),
            _ => Err("give the board as exactly one of moves, rows or cells".into()),
        }
    }
}

impl BoardDto {
    /// The engine's input form, checking the size fields of a move list.
    pub fn to_input(&self) -> Result<BoardInput, ApiError> {
        Ok(match self {
            BoardDto::Moves(board) => {
                let (width, height) = match (board.size, board.width, board.height) {
                    (None, None, None) => (15, 15),
                    (Some(side), None, None) => (side, side),
                    (None, Some(w), Some(h)) => (w, h),
                    _ => {
                        return Err(ApiError::invalid(
                            "board.size",
                            "give either size, or width and height together",
                        ))
                    }
                };
                BoardInput::Moves {
                    width,
                    height,
                    moves: board.moves.iter().map(MoveDto::to_input).collect(),
                }
            }
            BoardDto::Rows(board) => BoardInput::Rows(board.rows.clone()),
            BoardDto::Cells(board) => BoardInput::Cells(
                board
                    .cells
                    .iter()
                    .map(|row| row.iter().map(|&c| i64::from(c)).collect())
                    .collect(),
            ),
        })
    }
}

impl MoveDto {
    fn to_input(&self) -> MoveInput {
        match self {
            MoveDto::Notation(text) => MoveInput::Notation(text.clone()),
            MoveDto::Pair([x, y]) => MoveInput::Pair(*x, *y),
        }
    }
}

/// Parses the board under `rule` with an optional side to move: 422s name the field.
pub fn parse_position(
    board: &BoardDto,
    rule: RuleDto,
    to_move: Option<StoneDto>,
) -> Result<Position, ApiError> {
    let input = board.to_input()?;
    Position::parse(&input, rule.into(), to_move.map(Stone::from)).map_err(|error| {
        let field = error.field();
        let square = matches!(board, BoardDto::Moves(MovesBoard { size: Some(_), .. }));
        // The engine names the axis; a client that sent `size` should hear `board.size`.
        if square && (field == "board.width" || field == "board.height") {
            ApiError::invalid("board.size", error.to_string())
        } else {
            error.into()
        }
    })
}

// ---------------------------------------------------------------- requests

/// What a search may spend; each is clamped to the server's maximum.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LimitsDto {
    /// Wall-time budget in milliseconds (server default 1000, clamped to the server maximum,
    /// 10000 by default).
    #[schema(minimum = 1, example = 500)]
    pub time_ms: Option<u64>,
    /// Deepest nominal depth (clamped to the server maximum, 64 by default).
    #[schema(minimum = 1)]
    pub depth: Option<u32>,
    /// Most nodes to visit (clamped to the server maximum, 100000000 by default).
    #[schema(minimum = 1)]
    pub nodes: Option<u64>,
}

/// Optional parts of the response.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, default)]
pub struct IncludeDto {
    /// Include `heatmap`.
    pub heatmap: bool,
    /// Include `pv`.
    pub pv: bool,
}

impl Default for IncludeDto {
    fn default() -> IncludeDto {
        IncludeDto {
            heatmap: true,
            pv: true,
        }
    }
}

/// `POST /v1/move`: the position and how to search it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "board": {"size": 15, "moves": ["h8", "i9", "h9"]},
    "rule": "freestyle",
    "difficulty": "medium",
    "limits": {"time_ms": 500}
}))]
pub struct MoveRequest {
    /// The position.
    pub board: BoardDto,
    /// Rule set (default freestyle).
    #[serde(default)]
    pub rule: RuleDto,
    /// Level (default medium).
    #[serde(default)]
    pub difficulty: DifficultyDto,
    /// Side to move; inferred from stone counts when absent.
    pub to_move: Option<StoneDto>,
    /// Search limits.
    #[serde(default)]
    pub limits: LimitsDto,
    /// Seed for variety among equally good moves; absent plays deterministically.
    pub seed: Option<u64>,
    /// Optional response parts (all included by default).
    #[serde(default)]
    pub include: IncludeDto,
}

/// `POST /v1/analyze`: like `/v1/move`, plus how many ranked candidates to report.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "board": {"rows": [".........", ".........", ".........", "...xo....", "....x....",
                       ".........", ".........", ".........", "........."]},
    "rule": "renju",
    "difficulty": "hard",
    "candidates": 5
}))]
pub struct AnalyzeRequest {
    /// The position.
    pub board: BoardDto,
    /// Rule set (default freestyle).
    #[serde(default)]
    pub rule: RuleDto,
    /// Level (default medium).
    #[serde(default)]
    pub difficulty: DifficultyDto,
    /// Side to move; inferred from stone counts when absent.
    pub to_move: Option<StoneDto>,
    /// Search limits.
    #[serde(default)]
    pub limits: LimitsDto,
    /// Seed for variety among equally good moves; absent plays deterministically.
    pub seed: Option<u64>,
    /// Optional response parts (all included by default).
    #[serde(default)]
    pub include: IncludeDto,
    /// Ranked candidates to report (default 3).
    #[schema(minimum = 1, maximum = 10)]
    pub candidates: Option<u8>,
}

/// `POST /v1/verdict`: the position to judge.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "board": {"size": 15, "moves": ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"]},
    "rule": "renju"
}))]
pub struct VerdictRequest {
    /// The position.
    pub board: BoardDto,
    /// Rule set (default freestyle).
    #[serde(default)]
    pub rule: RuleDto,
    /// Side to move; inferred from stone counts when absent.
    pub to_move: Option<StoneDto>,
}

/// `GET /v1/move` query: a move list and the same options as the JSON body, flattened.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct MoveQuery {
    /// Comma-separated moves in play order, e.g. `h8,i9,j10`.
    #[param(example = "h8,i9,j10")]
    pub moves: Option<String>,
    /// Side of a square board (default 15).
    #[param(minimum = 5, maximum = 32)]
    pub size: Option<i64>,
    /// Columns (with `height`).
    #[param(minimum = 5, maximum = 32)]
    pub width: Option<i64>,
    /// Rows (with `width`).
    #[param(minimum = 5, maximum = 32)]
    pub height: Option<i64>,
    /// Rule set (default freestyle).
    pub rule: Option<RuleDto>,
    /// Level (default medium).
    pub difficulty: Option<DifficultyDto>,
    /// Side to move.
    pub to_move: Option<StoneDto>,
    /// Time budget in milliseconds.
    #[param(minimum = 1)]
    pub time_ms: Option<u64>,
    /// Depth limit.
    #[param(minimum = 1)]
    pub depth: Option<u32>,
    /// Node limit.
    #[param(minimum = 1)]
    pub nodes: Option<u64>,
    /// Seed.
    pub seed: Option<u64>,
    /// Include the heatmap (default true).
    pub heatmap: Option<bool>,
    /// Include the PV (default true).
    pub pv: Option<bool>,
}

impl From<MoveQuery> for MoveRequest {
    fn from(query: MoveQuery) -> MoveRequest {
        let moves = query
            .moves
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(|m| MoveDto::Notation(m.to_string()))
            .collect();
        let defaults = IncludeDto::default();
        MoveRequest {
            board: BoardDto::Moves(MovesBoard {
                size: query.size,
                width: query.width,
                height: query.height,
                moves,
            }),
            rule: query.rule.unwrap_or_default(),
            difficulty: query.difficulty.unwrap_or_default(),
            to_move: query.to_move,
            limits: LimitsDto {
                time_ms: query.time_ms,
                depth: query.depth,
                nodes: query.nodes,
            },
            seed: query.seed,
            include: IncludeDto {
                heatmap: query.heatmap.unwrap_or(defaults.heatmap),
                pv: query.pv.unwrap_or(defaults.pv),
            },
        }
    }
}

/// Largest value of an OpenAPI `int64` field (the schema's format for the `u64` fields).
const INT64_MAX: u64 = i64::MAX as u64;
/// Largest value of an OpenAPI `int32` field (the schema's format for the `u32` fields).
const INT32_MAX: u64 = i32::MAX as u64;

/// Checks an integer field against the range the published schema declares, so the server
/// accepts exactly the values the schema allows.
fn in_range(value: Option<u64>, field: &str, min: u64, max: u64) -> Result<Option<u64>, ApiError> {
    match value {
        Some(n) if n < min => Err(ApiError::invalid(field, format!("must be at least {min}"))),
        Some(n) if n > max => Err(ApiError::invalid(field, format!("must be at most {max}"))),
        other => Ok(other),
    }
}

impl LimitsDto {
    /// The effective limits: defaults filled in, clamped to the server's maxima.
    fn clamp(self, limits: &Limits) -> Result<(Duration, u32, u64), ApiError> {
        let time = in_range(self.time_ms, "limits.time_ms", 1, INT64_MAX)?
            .map_or(limits.default_time, Duration::from_millis)
            .min(limits.max_time);
        let depth = in_range(self.depth.map(u64::from), "limits.depth", 1, INT32_MAX)?
            .map_or(limits.max_depth, |d| {
                d.min(u64::from(limits.max_depth)) as u32
            });
        let nodes = in_range(self.nodes, "limits.nodes", 1, INT64_MAX)?
            .map_or(limits.max_nodes, |n| n.min(limits.max_nodes));
        Ok((time, depth, nodes))
    }
}

impl MoveRequest {
    /// The validated search job.
    pub fn into_job(self, limits: &Limits) -> Result<Job, ApiError> {
        build_job(
            &self.board,
            self.rule,
            self.to_move,
            self.difficulty,
            self.limits,
            self.seed,
            1,
            self.include,
            limits,
        )
    }
}

impl MoveRequest {
    /// The same request asking `/v1/analyze` for `candidates` ranked moves.
    #[must_use]
    pub fn with_candidates(self, candidates: Option<u8>) -> AnalyzeRequest {
        AnalyzeRequest {
            board: self.board,
            rule: self.rule,
            difficulty: self.difficulty,
            to_move: self.to_move,
            limits: self.limits,
            seed: self.seed,
            include: self.include,
            candidates,
        }
    }
}

impl AnalyzeRequest {
    /// The validated search job, with the requested number of candidates.
    pub fn into_job(self, limits: &Limits) -> Result<Job, ApiError> {
        let candidates = match self.candidates.unwrap_or(DEFAULT_CANDIDATES) {
            n @ 1..=MAX_CANDIDATES => usize::from(n),
            n => {
                return Err(ApiError::invalid(
                    "candidates",
                    format!("{n} candidates asked, between 1 and {MAX_CANDIDATES} allowed"),
                ))
            }
        };
        build_job(
            &self.board,
            self.rule,
            self.to_move,
            self.difficulty,
            self.limits,
            self.seed,
            candidates,
            self.include,
            limits,
        )
    }
}

#[allow(clippy::too_many_arguments)]
fn build_job(
    board: &BoardDto,
    rule: RuleDto,
    to_move: Option<StoneDto>,
    difficulty: DifficultyDto,
    requested: LimitsDto,
    seed: Option<u64>,
    candidates: usize,
    include: IncludeDto,
    limits: &Limits,
) -> Result<Job, ApiError> {
    let (time, depth, nodes) = requested.clamp(limits)?;
    in_range(seed, "seed", 0, INT64_MAX)?;
    Ok(Job {
        position: parse_position(board, rule, to_move)?,
        params: SearchParams {
            difficulty: difficulty.into(),
            time,
            depth,
            nodes,
            seed,
            candidates,
        },
        include,
    })
}

// ---------------------------------------------------------------- responses

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
    fn new(point: Point, size: BoardSize) -> PointDto {
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
    fn new(verdict: &Verdict, size: BoardSize) -> VerdictDto {
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

/// A move's value for the side to move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ScoreDto {
    /// Evaluation from the mover's side; ±30000 minus the distance for proven results.
    #[schema(minimum = -30000, maximum = 30000)]
    pub value: i32,
    /// Estimated chance the mover wins; exactly 0 or 1 only when proven.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_probability: f64,
    /// Own moves to a proven win (positive) or loss (negative).
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
    /// The best moves, best first, each with score and PV.
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

/// A heatmap value rounded to `HEAT_DECIMALS`; rounding is monotone, so the chosen move
/// keeps the maximum.
fn heat_value(value: f64) -> f64 {
    let scale = 10f64.powi(HEAT_DECIMALS);
    (value * scale).round() / scale
}

fn notations(points: &[Point], size: BoardSize) -> Vec<String> {
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
                        .map(|row| row.iter().map(|v| v.map(heat_value)).collect())
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
