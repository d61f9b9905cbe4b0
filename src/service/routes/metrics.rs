//! `GET /metrics`: Prometheus text exposition.

use actix_web::{web, HttpResponse};

use crate::service::metrics::Metrics;
use crate::service::search::Searcher;

/// Every metric in the Prometheus text format.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "Prometheus text exposition format 0.0.4",
        body = String, content_type = "text/plain; version=0.0.4")))]
pub async fn get(metrics: web::Data<Metrics>, searcher: web::Data<Searcher>) -> HttpResponse {
    metrics
        .cache_entries
        .set(i64::try_from(searcher.cache_entries().await).unwrap_or(i64::MAX));
    HttpResponse::Ok()
        .content_type(prometheus::TEXT_FORMAT)
        .body(metrics.render())
}
