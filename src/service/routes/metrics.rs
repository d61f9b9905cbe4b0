//! `GET /metrics`: Prometheus text exposition.

use actix_web::{web, HttpResponse};

use crate::service::answers::Answers;
use crate::service::metrics::Metrics;

/// Every metric in the Prometheus text format.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "Prometheus text exposition format 0.0.4",
        body = String, content_type = "text/plain; version=0.0.4")))]
pub async fn get(metrics: web::Data<Metrics>, answers: web::Data<Answers>) -> HttpResponse {
    metrics
        .cache_entries
        .set(i64::try_from(answers.cache_entries().await).unwrap_or(i64::MAX));
    HttpResponse::Ok()
        .content_type(prometheus::TEXT_FORMAT)
        .body(metrics.render())
}
