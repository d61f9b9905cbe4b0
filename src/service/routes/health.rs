//! Liveness and readiness probes.

use actix_web::HttpResponse;
use serde::Serialize;
use utoipa::ToSchema;

/// A probe's answer.
#[derive(Serialize, ToSchema)]
pub struct ProbeStatus {
    /// `ok` or `ready`.
    pub status: &'static str,
}

/// The process is alive and answering HTTP.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = ProbeStatus)))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(ProbeStatus { status: "ok" })
}

/// Ready to serve. The engine needs no warm-up and the pool and cache exist before the
/// listener accepts, so a worker that answers is ready; during shutdown the listener closes
/// and the probe fails by connection refusal.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses((status = 200, description = "Ready to take traffic", body = ProbeStatus)))]
pub async fn readyz() -> HttpResponse {
    HttpResponse::Ok().json(ProbeStatus { status: "ready" })
}
