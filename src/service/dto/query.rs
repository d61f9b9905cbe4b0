//! `GET /v1/move` query parameters: the `/v1/move` request flattened into a URL.

use serde::Deserialize;
use utoipa::IntoParams;

use super::board::{BoardDto, MoveDto, MovesBoard};
use super::enums::{DifficultyDto, RuleDto, StoneDto};
use super::requests::{IncludeDto, LimitsDto, MoveRequest};
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

impl TryFrom<MoveQuery> for MoveRequest {
    type Error = ApiError;

    /// The JSON request the query stands for; an empty move (`h8,,i9`) is a 422 naming
    /// `moves`, since it is more likely a slip than an intended pass.
    fn try_from(query: MoveQuery) -> Result<MoveRequest, ApiError> {
        let moves = match query.moves.as_deref().map(str::trim) {
            None | Some("") => Vec::new(),
            Some(list) => list
                .split(',')
                .map(str::trim)
                .enumerate()
                .map(|(index, notation)| match notation {
                    "" => Err(ApiError::invalid(
                        "moves",
                        format!(
                            "move {} is empty; give moves in notation separated by single \
                             commas, e.g. h8,i9,j10",
                            index + 1
                        ),
                    )),
                    _ => Ok(MoveDto::Notation(notation.to_string())),
                })
                .collect::<Result<_, _>>()?,
        };
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
