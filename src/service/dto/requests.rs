//! The JSON request bodies and their validation into a search job.
//!
//! `/v1/move` and `/v1/analyze` share one request core, declared once by [`search_request!`]:
//! the fields stay inline in each body (a flat JSON object, `deny_unknown_fields` still naming a
//! stray field in a 422, the same OpenAPI schema), and the job is built from them in one place.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::board::{parse_position, BoardDto};
use super::enums::{DifficultyDto, RuleDto, StoneDto};
use crate::service::answers::{Job, SearchParams};
use crate::service::config::Limits;
use crate::service::errors::ApiError;
use crate::service::parts::ResponseParts;

/// Most ranked candidates `/v1/analyze` reports.
pub const MAX_CANDIDATES: u8 = 10;
/// Candidates `/v1/analyze` reports when the request does not say.
pub const DEFAULT_CANDIDATES: u8 = 3;

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

impl From<IncludeDto> for ResponseParts {
    fn from(include: IncludeDto) -> ResponseParts {
        ResponseParts {
            heatmap: include.heatmap,
            pv: include.pv,
        }
    }
}

/// Declares a search request body: the shared core (board, rule, difficulty, side to move,
/// limits, seed, response parts) followed by the body's own fields, and `search_job`, which
/// validates the core into a job.
macro_rules! search_request {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $($(#[$field_attr:meta])* pub $field:ident: $field_type:ty,)*
        }
    ) => {
        #[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
        #[serde(deny_unknown_fields)]
        $(#[$attr])*
        pub struct $name {
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
            $($(#[$field_attr])* pub $field: $field_type,)*
        }

        impl $name {
            /// The validated job for the core fields, reporting `candidates` ranked moves.
            fn search_job(&self, candidates: usize, limits: &Limits) -> Result<Job, ApiError> {
                let (time, depth, nodes) = self.limits.clamp(limits)?;
                in_range(self.seed, "seed", 0, INT64_MAX)?;
                Ok(Job {
                    position: parse_position(&self.board, self.rule, self.to_move)?,
                    params: SearchParams {
                        difficulty: self.difficulty.into(),
                        time,
                        depth,
                        nodes,
                        seed: self.seed,
                        candidates,
                    },
                    include: self.include.into(),
                })
            }
        }
    };
}

search_request! {
    /// `POST /v1/move`: the position and how to search it.
    #[schema(example = json!({
        "board": {"size": 15, "moves": ["h8", "i9", "h9"]},
        "rule": "freestyle",
        "difficulty": "medium",
        "limits": {"time_ms": 500}
    }))]
    pub struct MoveRequest {}
}

search_request! {
    /// `POST /v1/analyze`: like `/v1/move`, plus how many ranked candidates to report.
    #[schema(example = json!({
        "board": {"rows": [".........", ".........", ".........", "...xo....", "....x....",
                           ".........", ".........", ".........", "........."]},
        "rule": "renju",
        "difficulty": "hard",
        "candidates": 5
    }))]
    pub struct AnalyzeRequest {
        /// Ranked candidates to report (default 3).
        #[schema(minimum = 1, maximum = 10)]
        pub candidates: Option<u8>,
    }
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
    pub(super) fn clamp(self, limits: &Limits) -> Result<(Duration, u32, u64), ApiError> {
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
        self.search_job(1, limits)
    }

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
        self.search_job(candidates, limits)
    }
}
