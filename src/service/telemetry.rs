//! Logging: a tracing subscriber (text or JSON) and a request-id middleware that tags every
//! request's span, logs its outcome and echoes `X-Request-Id` (minting one when absent).

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use tracing::Instrument;
use tracing_subscriber::EnvFilter;

use super::config::LogFormat;

/// The request-id header, read and echoed.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Longest client-supplied request id kept; longer ones are replaced by a fresh id.
const MAX_REQUEST_ID_LEN: usize = 128;

/// Installs the global subscriber; a second call (tests) is a no-op.
pub fn init(format: LogFormat, filter: &str) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
}

/// Middleware: one span per request carrying its id; logs method, path, status and latency.
pub async fn request_id(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req
        .headers()
        .get(&REQUEST_ID)
        .filter(|v| v.len() <= MAX_REQUEST_ID_LEN && v.to_str().is_ok())
        .cloned()
        .unwrap_or_else(|| {
            HeaderValue::from_str(&uuid::Uuid::new_v4().to_string())
                .expect("a UUID is a valid header value")
        });
    let span = tracing::info_span!(
        "request",
        request_id = %id.to_str().unwrap_or_default(),
        method = %req.method(),
        path = %req.path(),
    );
    let started = Instant::now();
    let mut response = next.call(req).instrument(span.clone()).await?;
    let status = response.status().as_u16();
    span.in_scope(|| {
        tracing::info!(
            status,
            latency_ms = started.elapsed().as_secs_f64() * 1000.0,
            "answered"
        );
    });
    response.headers_mut().insert(REQUEST_ID, id);
    Ok(response)
}
