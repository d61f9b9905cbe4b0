//! The OpenAPI document, generated from the handlers and DTOs (utoipa).

use utoipa::openapi::path::Operation;
use utoipa::openapi::{
    ContentBuilder, Header, HeaderBuilder, ObjectBuilder, Ref, RefOr, Response, ResponseBuilder,
    Type,
};
use utoipa::{Modify, OpenApi};

use super::dto;
use super::errors::Problem;
use super::routes;

/// The service's API description.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "gomoku-ai",
        description = "A Gomoku (five-in-a-row) AI: send a position, a rule set and a \
            difficulty; get the best move, the verdict, a score and a per-cell heatmap. Send a \
            whole game; get every move reviewed. Errors are RFC 9457 problem documents. Unknown request fields are rejected (422).",
        license(name = "MIT")
    ),
    paths(
        routes::best_move::post,
        routes::best_move::get,
        routes::analyze::post,
        routes::verdict::post,
        routes::text_reply::get,
        routes::text_reply::post,
        routes::heatmap::svg_get,
        routes::heatmap::svg_post,
        routes::heatmap::png_get,
        routes::heatmap::png_post,
        routes::review::post,
        routes::review::get,
        routes::review::svg_get,
        routes::review::svg_post,
        routes::review::png_get,
        routes::review::png_post,
        routes::review::text_get,
        routes::review::text_post,
        routes::page::index,
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
        dto::HeatmapDto, dto::StatsDto, dto::CandidateDto, dto::ReviewRequest,
        dto::ReviewResponse, dto::ReviewedMoveDto, dto::LabelDto, dto::SideSummaryDto,
        dto::LabelCountsDto, dto::ReviewSummaryDto, dto::TurningPointDto, dto::TurnKindDto,
        dto::ReviewStatsDto, Problem,
    )),
    modifiers(&CommonResponses),
    tags(
        (name = "play", description = "Moves, analyses and verdicts"),
        (name = "pictures", description = "The score heatmap as SVG or PNG"),
        (name = "review", description = "A whole game reviewed move by move: labels, accuracy, \
            turning points, the win-probability graph and a text summary"),
        (name = "page", description = "The play page, a browser client of this API"),
        (name = "operations", description = "Probes, metrics and this document"),
    )
)]
pub struct ApiDoc;

/// Adds the answers every endpoint can give, whatever its handler: 414 and 431 from the
/// request-head limits, 429 from the optional rate limiter, and for operations that read a body
/// 408 (body too slow) and 413 (body too large); every 429 and 503 carries `Retry-After`.
struct CommonResponses;

impl Modify for CommonResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for operation in [&mut item.get, &mut item.post].into_iter().flatten() {
                add_common_responses(operation);
            }
        }
    }
}

fn add_common_responses(operation: &mut Operation) {
    let mut common = vec![
        (
            "414",
            "Request URL over the configured limit (2048 bytes by default)",
        ),
        (
            "429",
            "Over this client's request rate (only when rate limiting is on)",
        ),
        (
            "431",
            "Request headers over the configured limit (8192 bytes by default)",
        ),
    ];
    if operation.request_body.is_some() {
        common.push((
            "408",
            "The body did not arrive within the client request timeout",
        ));
        common.push(("413", "Body over the configured limit (64 KiB by default)"));
    }
    let responses = &mut operation.responses.responses;
    for (status, description) in common {
        responses
            .entry(status.to_string())
            .or_insert_with(|| RefOr::T(problem_response(description)));
    }
    for status in ["429", "503"] {
        if let Some(RefOr::T(response)) = responses.get_mut(status) {
            response
                .headers
                .entry("Retry-After".to_string())
                .or_insert_with(|| RefOr::T(retry_after()));
        }
    }
}

fn problem_response(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            super::errors::PROBLEM_JSON,
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Problem")))
                .build(),
        )
        .build()
}

fn retry_after() -> Header {
    HeaderBuilder::new()
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0)),
        ))
        .description(Some("Seconds to wait before retrying"))
        .build()
}

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
