//! `GET|POST /v1/heatmap.svg` and `/v1/heatmap.png`: the score heatmap of a position as a
//! picture (stones, coordinates, colour scale and legend, the AI move ringed, renju-forbidden
//! points crossed). They take the `/v1/move` request, as a JSON body or as query parameters (so
//! a chat bot can post the picture's address), and search like `/v1/move` (same cache, pool).

use actix_web::{web, HttpRequest, HttpResponse};

use crate::render;
use crate::service::answers::{Answer, Answers, Job};
use crate::service::config::Limits;
use crate::service::dto::{MoveQuery, MoveRequest};
use crate::service::errors::{ApiError, Problem};
use crate::service::extract::ApiJson;

use super::{png_response, search_move, search_query};

/// The heatmap as SVG, from query parameters.
#[utoipa::path(get, path = "/v1/heatmap.svg", tag = "pictures",
    params(MoveQuery),
    responses(
        (status = 200, description = "The heatmap picture", content_type = "image/svg+xml", body = String),
        (status = 422, description = "Invalid parameter or impossible position; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn svg_get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let (job, answer) = search_query(&request, &answers, &limits).await?;
    Ok(svg(&job, &answer))
}

/// The heatmap as SVG, from a `/v1/move` request body.
#[utoipa::path(post, path = "/v1/heatmap.svg", tag = "pictures",
    request_body = MoveRequest,
    responses(
        (status = 200, description = "The heatmap picture", content_type = "image/svg+xml", body = String),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid or impossible request; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn svg_post(
    body: ApiJson<MoveRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let (job, answer) = search_move(body.0, &answers, &limits).await?;
    Ok(svg(&job, &answer))
}

/// The heatmap as PNG, from query parameters.
#[utoipa::path(get, path = "/v1/heatmap.png", tag = "pictures",
    params(MoveQuery),
    responses(
        (status = 200, description = "The heatmap picture", content_type = "image/png", body = Vec<u8>),
        (status = 422, description = "Invalid parameter or impossible position; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn png_get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let (job, answer) = search_query(&request, &answers, &limits).await?;
    png(job, answer).await
}

/// The heatmap as PNG, from a `/v1/move` request body.
#[utoipa::path(post, path = "/v1/heatmap.png", tag = "pictures",
    request_body = MoveRequest,
    responses(
        (status = 200, description = "The heatmap picture", content_type = "image/png", body = Vec<u8>),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid or impossible request; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn png_post(
    body: ApiJson<MoveRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let (job, answer) = search_move(body.0, &answers, &limits).await?;
    png(job, answer).await
}

fn svg(job: &Job, answer: &Answer) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .body(render::heatmap_svg(&job.position, answer.analysis.as_ref()))
}

async fn png(job: Job, answer: Answer) -> Result<HttpResponse, ApiError> {
    png_response(move || render::heatmap_png(&job.position, answer.analysis.as_ref())).await
}
