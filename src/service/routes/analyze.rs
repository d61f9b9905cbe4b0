//! `POST /v1/analyze`: the move answer plus ranked candidates.

use actix_web::{web, HttpResponse};

use crate::service::answers::Answers;
use crate::service::config::Limits;
use crate::service::dto::{AnalyzeRequest, AnalyzeResponse};
use crate::service::errors::{ApiError, Problem};
use crate::service::extract::ApiJson;

use super::search_json;

/// Everything `/v1/move` answers, plus the top candidates (at most 10), each with score and PV.
#[utoipa::path(post, path = "/v1/analyze", tag = "play",
    request_body = AnalyzeRequest,
    responses(
        (status = 200, description = "The analysis", body = AnalyzeResponse),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body over the configured limit (64 KiB by default)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid or impossible request; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
    ))]
pub async fn post(
    body: ApiJson<AnalyzeRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    search_json(
        "analyze",
        body.0,
        &answers,
        |request| request.into_job(&limits),
        AnalyzeResponse::new,
    )
    .await
}
