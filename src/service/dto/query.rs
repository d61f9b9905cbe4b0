//! Query parameters: the `/v1/move` and `/v1/review` requests flattened into a URL.

use serde::Deserialize;
use utoipa::IntoParams;

use super::board::{BoardDto, MoveDto, MovesBoard};
use super::enums::{DifficultyDto, RuleDto, StoneDto};
use super::requests::{IncludeDto, LimitsDto, MoveRequest};
use super::review::ReviewRequest;
use crate::service::errors::ApiError;

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

/// The moves of a `moves` parameter (`h8,i9,j10`); an empty move (`h8,,i9`) is a 422 naming
/// `moves`, since it is more likely a slip than an intended pass.
fn move_list(moves: Option<&str>) -> Result<Vec<MoveDto>, ApiError> {
    match moves.map(str::trim) {
        None | Some("") => Ok(Vec::new()),
        Some(list) => list
            .split(',')
            .map(str::trim)
            .enumerate()
            .map(|(index, notation)| match notation {
                "" => Err(ApiError::invalid(
                    "moves",
                    format!(
                        "move {} is empty; give moves in notation separated by single commas, \
                         e.g. h8,i9,j10",
                        index + 1
                    ),
                )),
                _ => Ok(MoveDto::Notation(notation.to_string())),
            })
            .collect(),
    }
}

impl TryFrom<MoveQuery> for MoveRequest {
    type Error = ApiError;

    /// The JSON request the query stands for.
    fn try_from(query: MoveQuery) -> Result<MoveRequest, ApiError> {
        let moves = move_list(query.moves.as_deref())?;
        let defaults = IncludeDto::default();
        Ok(MoveRequest {
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
        })
    }
}

/// `GET /v1/review` query: the game's moves and the same options as the JSON body, flattened.
#[derive(Clone, Debug, Default, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ReviewQuery {
    /// Comma-separated moves of the game in play order, Black first.
    #[param(example = "h8,i9,i8,g8,j8,k8,h9,h10,j10,k11")]
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
    /// The reviewer's level (default master).
    pub difficulty: Option<DifficultyDto>,
    /// Time budget of each position's search in milliseconds (default 300).
    #[param(minimum = 1)]
    pub time_ms: Option<u64>,
    /// Depth limit of each position's search.
    #[param(minimum = 1)]
    pub depth: Option<u32>,
    /// Node limit of each position's search.
    #[param(minimum = 1)]
    pub nodes: Option<u64>,
}

impl TryFrom<ReviewQuery> for ReviewRequest {
    type Error = ApiError;

    /// The JSON request the query stands for.
    fn try_from(query: ReviewQuery) -> Result<ReviewRequest, ApiError> {
        Ok(ReviewRequest {
            board: MovesBoard {
                size: query.size,
                width: query.width,
                height: query.height,
                moves: move_list(query.moves.as_deref())?,
            },
            rule: query.rule.unwrap_or_default(),
            difficulty: query.difficulty.unwrap_or(DifficultyDto::Master),
            limits: LimitsDto {
                time_ms: query.time_ms,
                depth: query.depth,
                nodes: query.nodes,
            },
        })
    }
}
