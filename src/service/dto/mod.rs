//! The wire format: request bodies and query parameters parsed into engine types, engine
//! answers mapped to responses (`review` holds both sides of `/v1/review`).
//!
//! Unknown fields are rejected everywhere (`deny_unknown_fields`, 422 naming the field): a typo
//! such as `dificulty` silently playing at the default level would be worse than an error.

pub mod board;
pub mod enums;
pub mod query;
pub mod requests;
pub mod responses;
pub mod review;

pub use board::{parse_position, BoardDto, CellsBoard, MoveDto, MovesBoard, RowsBoard};
pub use enums::{DifficultyDto, ForbiddenKindDto, ReasonDto, RuleDto, StatusDto, StoneDto};
pub use query::{MoveQuery, ReviewQuery};
pub use requests::{
    AnalyzeRequest, IncludeDto, LimitsDto, MoveRequest, VerdictRequest, DEFAULT_CANDIDATES,
    MAX_CANDIDATES,
};
pub use responses::{
    AnalyzeResponse, CandidateDto, ForbiddenDto, HeatmapDto, MoveResponse, PointDto, ScoreDto,
    StatsDto, VerdictDto, VerdictResponse,
};
pub use review::{
    LabelCountsDto, LabelDto, ReviewRequest, ReviewResponse, ReviewStatsDto, ReviewSummaryDto,
    ReviewedMoveDto, SideSummaryDto, TurnKindDto, TurningPointDto,
};

use utoipa::openapi::{schema::Schema, RefOr};
use utoipa::{PartialSchema, ToSchema};

/// The request bodies' schemas and every schema they refer to, by component name: what the
/// extractors read to say what a field accepts.
#[must_use]
pub fn request_schemas() -> Vec<(String, RefOr<Schema>)> {
    let mut schemas = vec![
        (MoveRequest::name().into_owned(), MoveRequest::schema()),
        (
            AnalyzeRequest::name().into_owned(),
            AnalyzeRequest::schema(),
        ),
        (
            VerdictRequest::name().into_owned(),
            VerdictRequest::schema(),
        ),
        (ReviewRequest::name().into_owned(), ReviewRequest::schema()),
    ];
    MoveRequest::schemas(&mut schemas);
    AnalyzeRequest::schemas(&mut schemas);
    VerdictRequest::schemas(&mut schemas);
    ReviewRequest::schemas(&mut schemas);
    schemas
}
