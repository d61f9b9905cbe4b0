//! `GET|POST /v1/review`: a whole game reviewed move by move (labels, accuracy, turning points),
//! and `/v1/review.svg`, `/v1/review.png` and `/v1/review.txt`: its win-probability graph and
//! its summary for chat bots. Each takes the review request as a JSON body or as query
//! parameters. Every position is searched through the answer cache on the pool, as many at
//! once as the pool has slots; the judging is `engine::review`.

use std::time::Instant;

use actix_web::{web, HttpRequest, HttpResponse};

use crate::engine::review::Review;
use crate::render;
use crate::service::answers::Answers;
use crate::service::config::Limits;
use crate::service::dto::{ReviewQuery, ReviewRequest, ReviewResponse, ReviewStatsDto};
use crate::service::errors::{ApiError, Problem};
use crate::service::extract::{parse_query, ApiJson};

use super::png_response;

/// The review of every move: label, loss, best move and line, Black's win probability after
/// it; each side's accuracy and label counts; the turning points.
#[utoipa::path(post, path = "/v1/review", tag = "review",
    request_body = ReviewRequest,
    responses(
        (status = 200, description = "The game reviewed", body = ReviewResponse),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "Body over the configured limit (64 KiB by default)", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid request or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
    ))]
pub async fn post(
    body: ApiJson<ReviewRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(reviewed(body.0, &answers, &limits).await?.response))
}

/// The same as `POST /v1/review` from query parameters, for an address bar or a bot.
#[utoipa::path(get, path = "/v1/review", tag = "review",
    params(ReviewQuery),
    responses(
        (status = 200, description = "The game reviewed", body = ReviewResponse),
        (status = 422, description = "Invalid parameter or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
    ))]
pub async fn get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let reviewed = reviewed(review_query(&request)?, &answers, &limits).await?;
    Ok(HttpResponse::Ok().json(reviewed.response))
}

/// The win-probability graph as SVG, from query parameters.
#[utoipa::path(get, path = "/v1/review.svg", tag = "review",
    params(ReviewQuery),
    responses(
        (status = 200, description = "Black's win probability over the game, blunders, mistakes and inaccuracies marked, move numbers on the axis", content_type = "image/svg+xml", body = String),
        (status = 422, description = "Invalid parameter or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn svg_get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let reviewed = reviewed(review_query(&request)?, &answers, &limits).await?;
    Ok(svg(&reviewed.review))
}

/// The win-probability graph as SVG, from a `/v1/review` request body.
#[utoipa::path(post, path = "/v1/review.svg", tag = "review",
    request_body = ReviewRequest,
    responses(
        (status = 200, description = "Black's win probability over the game, blunders, mistakes and inaccuracies marked, move numbers on the axis", content_type = "image/svg+xml", body = String),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid request or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn svg_post(
    body: ApiJson<ReviewRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    Ok(svg(&reviewed(body.0, &answers, &limits).await?.review))
}

/// The win-probability graph as PNG, from query parameters.
#[utoipa::path(get, path = "/v1/review.png", tag = "review",
    params(ReviewQuery),
    responses(
        (status = 200, description = "The graph of `/v1/review.svg` as PNG", content_type = "image/png", body = Vec<u8>),
        (status = 422, description = "Invalid parameter or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn png_get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let reviewed = reviewed(review_query(&request)?, &answers, &limits).await?;
    png(reviewed.review).await
}

/// The win-probability graph as PNG, from a `/v1/review` request body.
#[utoipa::path(post, path = "/v1/review.png", tag = "review",
    request_body = ReviewRequest,
    responses(
        (status = 200, description = "The graph of `/v1/review.svg` as PNG", content_type = "image/png", body = Vec<u8>),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid request or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn png_post(
    body: ApiJson<ReviewRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    png(reviewed(body.0, &answers, &limits).await?.review).await
}

/// The review as plain text, from query parameters.
#[utoipa::path(get, path = "/v1/review.txt", tag = "review",
    params(ReviewQuery),
    responses(
        (status = 200, description = "The result, each side's accuracy and labels, the turning points and every mistake and blunder", content_type = "text/plain", body = String,
            example = "Game review: 9 moves. Black won with five in a row.\nBlack: accuracy 94.6%; 1 best, 3 excellent, 1 inaccuracy.\nWhite: accuracy 61.1%; 1 best, 1 inaccuracy, 1 mistake, 1 blunder.\nTurning points:\n  move 8, White a1: Black's forced win appeared: l8\nMistakes and blunders:\n  move 2, White g8: mistake, 17% lost; best h10.\n  move 8, White a1: blunder, 33% lost; best l8.\n"),
        (status = 422, description = "Invalid parameter or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn text_get(
    request: HttpRequest,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    let reviewed = reviewed(review_query(&request)?, &answers, &limits).await?;
    Ok(text(&reviewed.review))
}

/// The review as plain text, from a `/v1/review` request body.
#[utoipa::path(post, path = "/v1/review.txt", tag = "review",
    request_body = ReviewRequest,
    responses(
        (status = 200, description = "The result, each side's accuracy and labels, the turning points and every mistake and blunder", content_type = "text/plain", body = String),
        (status = 400, description = "Malformed JSON", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Well-formed but invalid request or impossible game; `field` names where", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "Search pool saturated past the queue timeout", body = Problem, content_type = "application/problem+json"),
    ))]
pub async fn text_post(
    body: ApiJson<ReviewRequest>,
    answers: web::Data<Answers>,
    limits: web::Data<Limits>,
) -> Result<HttpResponse, ApiError> {
    Ok(text(&reviewed(body.0, &answers, &limits).await?.review))
}

/// A review and its answer on the wire.
struct Reviewed {
    review: Review,
    response: ReviewResponse,
}

/// The `/v1/review` request a GET carries in its query parameters.
fn review_query(request: &HttpRequest) -> Result<ReviewRequest, ApiError> {
    parse_query::<ReviewQuery>(request.query_string())?.try_into()
}

/// Reviews the game of `request`: every position answered (from the cache or searched on the
/// pool), then judged.
async fn reviewed(
    request: ReviewRequest,
    answers: &Answers,
    limits: &Limits,
) -> Result<Reviewed, ApiError> {
    let started = Instant::now();
    let (rule, difficulty) = (request.rule, request.difficulty);
    let (game, jobs) = request.into_jobs(limits, answers.pool().capacity())?;
    let found = answers.answer_all(&jobs).await?;
    let stats = ReviewStatsDto {
        positions: jobs.len(),
        cached: found.iter().filter(|answer| answer.cached).count(),
        time_ms_per_position: jobs
            .first()
            .map_or(0, |job| job.params.time.as_millis() as u64),
        time_ms: started.elapsed().as_millis() as u64,
    };
    let analyses: Vec<_> = found.into_iter().map(|answer| answer.analysis).collect();
    let review = game.review(&analyses);
    let response = ReviewResponse::new(&review, rule, difficulty, stats);
    Ok(Reviewed { review, response })
}

fn svg(review: &Review) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .body(render::review_svg(review))
}

async fn png(review: Review) -> Result<HttpResponse, ApiError> {
    png_response(move || render::review_png(&review)).await
}

fn text(review: &Review) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(render::review_text(review))
}
