//! `POST /v1/verdict`: the cheap judge, no search.

use actix_web::HttpResponse;

use crate::service::dto::{parse_position, VerdictRequest, VerdictResponse};
use crate::service::errors::{ApiError, Problem};
use crate::service::extract::ApiJson;

/// Who has won and how, the side to move, and its renju-forbidden points.
#[utoipa::path(post, path = "/v1/verdict", tag = "play",
    request_body = VerdictRequest,
    responses(
        (status = 200, description = "The verdict", body = VerdictResponse),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body over the configured limit (64 KiB by default)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid or impossible request; `field` names where", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn post(body: ApiJson<VerdictRequest>) -> Result<HttpResponse, ApiError> {
    let request = body.0;
    let position = parse_position(&request.board, request.rule, request.to_move)?;
    Ok(HttpResponse::Ok().json(VerdictResponse::new(&position)))
}
