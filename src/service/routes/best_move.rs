//! `POST /v1/move` and `GET /v1/move`: the best move for a position.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::service::answers::Answers;
use crate::service::config::Limits;
use crate::service::dto::{MoveQuery, MoveRequest, MoveResponse};
use crate::service::errors::{ApiError, Problem};
use crate::service::extract::ApiJson;

use super::{move_query, search_json};

/// The best move, the verdicts before and after it, score, PV, heatmap and search stats.
#[utoipa::path(post, path = "/v1/move", tag = "play",
    request_body = MoveRequest,
    responses(
        (status = 200, description = "The chosen move", body = MoveResponse),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body over the configured limit (64 KiB by default)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid or impossible request; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
    ))]
pub async fn post(
    body: ApiJson<MoveRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    respond(body.0, &answers, &limits).await
}

/// The same as `POST /v1/move` from query parameters, for an address bar or a bot.
#[utoipa::path(get, path = "/v1/move", tag = "play",
    params(MoveQuery),
    responses(
        (status = 200, description = "The chosen move", body = MoveResponse),
        (status = 422, description = "Invalid parameter or impossible position; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
    ))]
pub async fn get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    respond(move_query(&request)?, &answers, &limits).await
}

async fn respond(
    request: MoveRequest,
    answers: &Answers,
    limits: &Limits,
) -> Result<HttpResponse, ApiError> {
    search_json(
        "move",
        request,
        answers,
        |request| request.into_job(limits),
        MoveResponse::new,
    )
    .await
}
