//! The OpenAPI document, generated from the handlers and DTOs (utoipa).

use utoipa::OpenApi;

use super::dto;
use super::errors::Problem;
use super::routes;

/// The service's API description.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "gomoku-ai",
        description = "A Gomoku (five-in-a-row) AI: send a position, a rule set and a \
            difficulty; get the best move, the verdict, a score and a per-cell heatmap. \
            Errors are RFC 9457 problem documents. Unknown request fields are rejected (422).",
        license(name = "MIT")
    ),
    paths(
        routes::best_move::post,
        routes::best_move::get,
        routes::analyze::post,
        routes::verdict::post,
        routes::health::healthz,
        routes::health::readyz,
        routes::metrics::get,
        routes::docs::openapi_json,
    ),
    components(schemas(
        dto::MoveRequest, dto::AnalyzeRequest, dto::VerdictRequest, dto::BoardDto,
        dto::MovesBoard, dto::RowsBoard, dto::CellsBoard, dto::MoveDto, dto::LimitsDto,
        dto::IncludeDto, dto::RuleDto, dto::DifficultyDto, dto::StoneDto, dto::MoveResponse,
        dto::AnalyzeResponse, dto::VerdictResponse, dto::PointDto, dto::ForbiddenDto,
        dto::ForbiddenKindDto, dto::VerdictDto, dto::StatusDto, dto::ReasonDto, dto::ScoreDto,
        dto::HeatmapDto, dto::StatsDto, dto::CandidateDto, Problem,
    )),
    tags(
        (name = "play", description = "Moves, analyses and verdicts"),
        (name = "operations", description = "Probes, metrics and this document"),
    )
)]
pub struct ApiDoc;

/// The document as pretty JSON with a trailing newline, exactly as committed in
/// `openapi/openapi.json`.
#[must_use]
pub fn document() -> String {
    let mut text = ApiDoc::openapi()
        .to_pretty_json()
        .expect("the OpenAPI document serialises");
    text.push('\n');
    text
}
