//! The endpoints, one module each, and the routing table with 405s for wrong methods.

pub mod analyze;
pub mod best_move;
pub mod docs;
pub mod health;
pub mod metrics;
pub mod verdict;

use actix_web::{web, Route};

use super::errors::ApiError;

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
