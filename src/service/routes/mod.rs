//! The endpoints, one module each, and the routing table with 405s for wrong methods.
//!
//! A handler parses its request with `extract` into `dto` types, asks `answers` (or the
//! engine directly, for cheap judgements), and maps the result back through `dto` or
//! `render`. Handlers hold no logic of their own beyond that.

pub mod analyze;
pub mod best_move;
pub mod docs;
pub mod health;
pub mod heatmap;
pub mod metrics;
pub mod page;
pub mod review;
pub mod text_reply;
pub mod verdict;

use actix_web::http::header::ContentType;
use actix_web::{web, HttpRequest, HttpResponse, Route};
use serde::Serialize;

use super::answers::{Answer, Answers, Job};
use super::config::Limits;
use super::dto::{MoveQuery, MoveRequest};
use super::errors::ApiError;
use super::extract::parse_query;
use super::rendered::{CachedFlag, RenderedCache};
use crate::render::PngError;

/// Registers every endpoint; a known path asked with another method answers 405 with `Allow`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/v1/move", "GET, POST", |r| {
        r.route(web::post().to(best_move::post))
            .route(web::get().to(best_move::get))
    }))
    .service(resource("/v1/analyze", "POST", |r| {
        r.route(web::post().to(analyze::post))
    }))
    .service(resource("/v1/verdict", "POST", |r| {
        r.route(web::post().to(verdict::post))
    }))
    .service(resource("/v1/move.txt", "GET, POST", |r| {
        r.route(web::post().to(text_reply::post))
            .route(web::get().to(text_reply::get))
    }))
    .service(resource("/v1/heatmap.svg", "GET, POST", |r| {
        r.route(web::post().to(heatmap::svg_post))
            .route(web::get().to(heatmap::svg_get))
    }))
    .service(resource("/v1/heatmap.png", "GET, POST", |r| {
        r.route(web::post().to(heatmap::png_post))
            .route(web::get().to(heatmap::png_get))
    }))
    .service(resource("/v1/review", "GET, POST", |r| {
        r.route(web::post().to(review::post))
            .route(web::get().to(review::get))
    }))
    .service(resource("/v1/review.svg", "GET, POST", |r| {
        r.route(web::post().to(review::svg_post))
            .route(web::get().to(review::svg_get))
    }))
    .service(resource("/v1/review.png", "GET, POST", |r| {
        r.route(web::post().to(review::png_post))
            .route(web::get().to(review::png_get))
    }))
    .service(resource("/v1/review.txt", "GET, POST", |r| {
        r.route(web::post().to(review::text_post))
            .route(web::get().to(review::text_get))
    }))
    .service(resource("/", "GET", |r| {
        r.route(web::get().to(page::index))
    }))
    .service(resource("/web/app.js", "GET", |r| {
        r.route(web::get().to(page::script))
    }))
    .service(resource("/web/style.css", "GET", |r| {
        r.route(web::get().to(page::style))
    }))
    .service(resource("/favicon.svg", "GET", |r| {
        r.route(web::get().to(page::icon))
    }))
    .service(resource("/favicon.ico", "GET", |r| {
        r.route(web::get().to(page::icon))
    }))
    .service(resource("/healthz", "GET", |r| {
        r.route(web::get().to(health::healthz))
    }))
    .service(resource("/readyz", "GET", |r| {
        r.route(web::get().to(health::readyz))
    }))
    .service(resource("/metrics", "GET", |r| {
        r.route(web::get().to(metrics::get))
    }))
    .service(resource("/openapi.json", "GET", |r| {
        r.route(web::get().to(docs::openapi_json))
    }))
    .service(resource("/docs", "GET", |r| {
        r.route(web::get().to(docs::redirect))
    }))
    .service(docs::swagger_ui())
    .service(resource("/docs/{_:.*}", "GET", |r| r));
}

/// A resource at `path` whose other methods answer 405 listing `allow`.
fn resource(
    path: &str,
    allow: &'static str,
    routes: impl FnOnce(actix_web::Resource) -> actix_web::Resource,
) -> actix_web::Resource {
    routes(web::resource(path)).default_service(method_not_allowed(allow))
}

fn method_not_allowed(allow: &'static str) -> Route {
    web::route().to(move || async move {
        Err::<actix_web::HttpResponse, _>(ApiError::MethodNotAllowed { allow })
    })
}

/// The answer for unknown paths.
pub async fn not_found() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::NotFound)
}

/// Answers a search request to `endpoint` as JSON: the stored body when the same request was
/// answered before, else the job built by `job_of`, answered through the answer cache or a
/// search and shaped by `answer_of`; a searched answer is stored for the next request.
async fn search_json<R: Serialize, A: Serialize + CachedFlag + Clone>(
    endpoint: &str,
    request: R,
    answers: &Answers,
    job_of: impl FnOnce(R) -> Result<Job, ApiError>,
    answer_of: impl FnOnce(&Job, &Answer) -> A,
) -> Result<HttpResponse, ApiError> {
    let key = RenderedCache::key(endpoint, &request);
    if let Some(body) = answers.rendered().get(&key).await {
        answers.metrics().cache_hits.inc();
        return Ok(HttpResponse::Ok()
            .content_type(ContentType::json())
            .body(body));
    }
    let job = job_of(request)?;
    let answer = answers.answer(&job).await?;
    let response = answer_of(&job, &answer);
    if answer.analysis.is_some() {
        answers.rendered().remember(key, &response).await;
    }
    Ok(HttpResponse::Ok().json(response))
}

/// The `/v1/move` request a GET carries in its query parameters.
fn move_query(request: &HttpRequest) -> Result<MoveRequest, ApiError> {
    parse_query::<MoveQuery>(request.query_string())?.try_into()
}

/// Validates and answers a move request exactly as `/v1/move` does (for the endpoints that
/// render the answer as something other than JSON).
async fn search_move(
    request: MoveRequest,
    answers: &Answers,
    limits: &Limits,
) -> Result<(Job, Answer), ApiError> {
    let job = request.into_job(limits)?;
    let answer = answers.answer(&job).await?;
    Ok((job, answer))
}

/// `search_move` for the request in a GET's query parameters.
async fn search_query(
    request: &HttpRequest,
    answers: &Answers,
    limits: &Limits,
) -> Result<(Job, Answer), ApiError> {
    search_move(move_query(request)?, answers, limits).await
}

/// A PNG picture drawn by `draw` off the async workers (rasterising costs milliseconds of CPU).
async fn png_response(
    draw: impl FnOnce() -> Result<Vec<u8>, PngError> + Send + 'static,
) -> Result<HttpResponse, ApiError> {
    let bytes = web::block(draw)
        .await
        .map_err(|e| ApiError::Internal(format!("the PNG renderer stopped: {e}")))?
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(HttpResponse::Ok().content_type("image/png").body(bytes))
}
