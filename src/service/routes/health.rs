//! Liveness and readiness probes.

use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use crate::service::readiness::{Phase, Readiness};

/// A probe's answer.
#[derive(Serialize, ToSchema)]
pub struct ProbeStatus {
    /// `ok` (liveness); `ready`, `starting` or `draining` (readiness).
    pub status: &'static str,
}

/// The process is alive and answering HTTP.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = ProbeStatus)))]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(ProbeStatus { status: "ok" })
}

/// Ready to take traffic: 200 once the engine's tables are built, 503 while starting and
/// from the moment shutdown begins (in-flight requests still finish).
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses(
        (status = 200, description = "Ready to take traffic", body = ProbeStatus),
        (status = 503, description = "Starting or draining; `status` says which", body = ProbeStatus),
    ))]
pub async fn readyz(readiness: web::Data<Readiness>) -> HttpResponse {
    let phase = readiness.phase();
    let status = ProbeStatus {
        status: phase.name(),
    };
    match phase {
        Phase::Ready => HttpResponse::Ok().json(status),
        Phase::Starting | Phase::Draining => HttpResponse::ServiceUnavailable().json(status),
    }
}
