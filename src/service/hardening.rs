//! Defences against hostile or careless clients: request-head size limits, slow-client
//! timeouts, the CORS policy for browser frontends and optional per-client rate limiting.
//!
//! Every knob is a `gomoku-ai serve` flag with a `GOMOKU_*` environment fallback; the defaults are
//! safe for a public deployment (CORS off = same origin only, rate limiting off).

use std::time::Duration;

use actix_cors::Cors;
use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::NotUntil;
use actix_governor::{GovernorConfig, GovernorConfigBuilder, KeyExtractor, PeerIpKeyExtractor};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpResponse, HttpResponseBuilder, ResponseError};
use clap::Args;

use super::errors::{ApiError, Problem, PROBLEM_JSON};

/// Default longest accepted request target (path + query), in bytes.
pub const DEFAULT_MAX_URL_BYTES: usize = 2_048;
/// Default most bytes of header names and values together.
pub const DEFAULT_MAX_HEADER_BYTES: usize = 8_192;
/// Default time a client has to send the whole request head.
pub const DEFAULT_CLIENT_REQUEST_TIMEOUT_MS: u64 = 5_000;
/// Default time a client has to acknowledge the connection shutdown.
pub const DEFAULT_CLIENT_DISCONNECT_TIMEOUT_MS: u64 = 1_000;
/// Default idle time of a kept-alive connection.
pub const DEFAULT_KEEP_ALIVE_SECS: u64 = 5;

/// The hardening part of `gomoku-ai serve`'s settings.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct Hardening {
    /// Longest accepted request target (path + query) in bytes; longer answers 414.
    #[arg(long, env = "GOMOKU_MAX_URL_BYTES", default_value_t = DEFAULT_MAX_URL_BYTES)]
    pub max_url_bytes: usize,
    /// Most bytes of request headers (names + values); more answers 431.
    #[arg(long, env = "GOMOKU_MAX_HEADER_BYTES", default_value_t = DEFAULT_MAX_HEADER_BYTES)]
    pub max_header_bytes: usize,
    /// Time a client has to send its whole request head; slower clients get 408 and are closed.
    #[arg(long, env = "GOMOKU_CLIENT_REQUEST_TIMEOUT_MS",
          default_value_t = DEFAULT_CLIENT_REQUEST_TIMEOUT_MS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub client_request_timeout_ms: u64,
    /// Time a client has to acknowledge the connection shutdown before it is dropped.
    #[arg(long, env = "GOMOKU_CLIENT_DISCONNECT_TIMEOUT_MS",
          default_value_t = DEFAULT_CLIENT_DISCONNECT_TIMEOUT_MS)]
    pub client_disconnect_timeout_ms: u64,
    /// Seconds an idle kept-alive connection stays open (0 disables keep-alive).
    #[arg(long, env = "GOMOKU_KEEP_ALIVE_SECS", default_value_t = DEFAULT_KEEP_ALIVE_SECS)]
    pub keep_alive_secs: u64,
    /// Browser origins allowed cross-origin (comma separated, `*` for any); empty = same origin.
    #[arg(long, env = "GOMOKU_CORS_ORIGINS", value_delimiter = ',')]
    pub cors_origins: Vec<String>,
    /// Requests per second allowed per client IP (burst of the same size); 0 turns it off.
    #[arg(long, env = "GOMOKU_RATE_LIMIT_PER_SECOND", default_value_t = 0)]
    pub rate_limit_per_second: u32,
}

impl Default for Hardening {
    /// The documented defaults, ignoring the environment.
    fn default() -> Hardening {
        Hardening {
            max_url_bytes: DEFAULT_MAX_URL_BYTES,
            max_header_bytes: DEFAULT_MAX_HEADER_BYTES,
            client_request_timeout_ms: DEFAULT_CLIENT_REQUEST_TIMEOUT_MS,
            client_disconnect_timeout_ms: DEFAULT_CLIENT_DISCONNECT_TIMEOUT_MS,
            keep_alive_secs: DEFAULT_KEEP_ALIVE_SECS,
            cors_origins: Vec::new(),
            rate_limit_per_second: 0,
        }
    }
}

impl Hardening {
    /// Time a client has to send its request head.
    #[must_use]
    pub fn client_request_timeout(&self) -> Duration {
        Duration::from_millis(self.client_request_timeout_ms)
    }

    /// Time a client has to acknowledge the shutdown of its connection.
    #[must_use]
    pub fn client_disconnect_timeout(&self) -> Duration {
        Duration::from_millis(self.client_disconnect_timeout_ms)
    }

    /// The keep-alive policy.
    #[must_use]
    pub fn keep_alive(&self) -> actix_web::http::KeepAlive {
        match self.keep_alive_secs {
            0 => actix_web::http::KeepAlive::Disabled,
            secs => Duration::from_secs(secs).into(),
        }
    }

    /// The limits the [`limit_head`] middleware enforces.
    #[must_use]
    pub fn head_limits(&self) -> HeadLimits {
        HeadLimits {
            max_url_bytes: self.max_url_bytes,
            max_header_bytes: self.max_header_bytes,
        }
    }

    /// Whether any cross-origin browser access is configured.
    #[must_use]
    pub fn cors_enabled(&self) -> bool {
        self.cors_origins.iter().any(|o| !o.trim().is_empty())
    }

    /// The CORS middleware for the configured origins (used only when [`Self::cors_enabled`]).
    ///
    /// Without it the service sends no CORS headers, so browsers keep to the same origin.
    pub fn cors(&self) -> Cors {
        let origins: Vec<&str> = self
            .cors_origins
            .iter()
            .map(|o| o.trim())
            .filter(|o| !o.is_empty())
            .collect();
        let base = Cors::default()
            .allowed_methods(["GET", "POST"])
            .allowed_headers([header::CONTENT_TYPE, header::ACCEPT])
            .allowed_header("x-request-id")
            .expose_headers([header::RETRY_AFTER])
            .expose_headers(["x-request-id"])
            .max_age(3_600);
        if origins.contains(&"*") {
            base.allow_any_origin()
        } else {
            origins
                .into_iter()
                .fold(base, |cors, origin| cors.allowed_origin(origin))
        }
    }

    /// Whether per-client rate limiting is on.
    #[must_use]
    pub fn rate_limit_enabled(&self) -> bool {
        self.rate_limit_per_second > 0
    }

    /// The rate-limit quota, keyed by peer IP (used only when [`Self::rate_limit_enabled`];
    /// behind a proxy every client shares the proxy's address). Build it once and hand each
    /// worker `Governor::new(&config)` so that all workers share one limiter.
    pub fn rate_limit(&self) -> RateLimit {
        let rate = self.rate_limit_per_second.max(1);
        GovernorConfigBuilder::default()
            .requests_per_second(u64::from(rate))
            .burst_size(rate)
            .key_extractor(PeerIp)
            .finish()
            .expect("a positive rate and burst always make a valid quota")
    }
}

/// The per-client rate-limit quota and its shared state.
pub type RateLimit = GovernorConfig<PeerIp, NoOpMiddleware>;

/// Rate-limit key: the peer IP (an IPv6 client's /56), as `actix-governor`'s own extractor,
/// but a refusal is a problem document like every other error, with `Retry-After`.
#[derive(Clone, Copy, Debug)]
pub struct PeerIp;

impl KeyExtractor for PeerIp {
    type Key = <PeerIpKeyExtractor as KeyExtractor>::Key;
    type KeyExtractionError = ApiError;

    fn extract(&self, request: &ServiceRequest) -> Result<Self::Key, ApiError> {
        PeerIpKeyExtractor
            .extract(request)
            .map_err(|e| ApiError::Internal(e.to_string()))
    }

    fn exceed_rate_limit_response(
        &self,
        negative: &NotUntil<QuantaInstant>,
        mut response: HttpResponseBuilder,
    ) -> HttpResponse {
        let wait = negative.wait_time_from(DefaultClock::default().now());
        let problem = Problem::new(
            "rate-limited",
            "Too many requests",
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "this client is over its request rate; retry in {} ms",
                wait.as_millis()
            ),
        );
        // Whole seconds, rounded up: the middleware's own header rounds down, to 0 under 1 s.
        let seconds = wait.as_millis().div_ceil(1_000).max(1);
        response
            .insert_header((header::RETRY_AFTER, seconds.to_string()))
            .content_type(PROBLEM_JSON)
            .json(problem)
    }
}

/// Size limits on the request head, shared with the [`limit_head`] middleware as app data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeadLimits {
    /// Longest request target in bytes.
    pub max_url_bytes: usize,
    /// Most header bytes (names + values).
    pub max_header_bytes: usize,
}

/// A request head over the configured limits.
#[derive(Clone, Copy, Debug, thiserror::Error, PartialEq, Eq)]
pub enum HeadTooLarge {
    /// The request target is too long.
    #[error("the request URL is {actual} bytes, over the limit of {limit}")]
    Url {
        /// Its length.
        actual: usize,
        /// The limit.
        limit: usize,
    },
    /// The headers are too large together.
    #[error("the request headers total {actual} bytes, over the limit of {limit}")]
    Headers {
        /// Their total size.
        actual: usize,
        /// The limit.
        limit: usize,
    },
}

impl ResponseError for HeadTooLarge {
    fn status_code(&self) -> StatusCode {
        match self {
            HeadTooLarge::Url { .. } => StatusCode::URI_TOO_LONG,
            HeadTooLarge::Headers { .. } => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let (slug, title) = match self {
            HeadTooLarge::Url { .. } => ("url-too-long", "Request URL too long"),
            HeadTooLarge::Headers { .. } => ("headers-too-large", "Request headers too large"),
        };
        let problem = Problem::new(slug, title, self.status_code(), self.to_string());
        HttpResponse::build(self.status_code())
            .content_type(PROBLEM_JSON)
            .json(problem)
    }
}

impl HeadLimits {
    /// Checks a request head against the limits.
    pub fn check(&self, request: &ServiceRequest) -> Result<(), HeadTooLarge> {
        let url = request
            .uri()
            .path_and_query()
            .map_or(0, |pq| pq.as_str().len());
        if url > self.max_url_bytes {
            return Err(HeadTooLarge::Url {
                actual: url,
                limit: self.max_url_bytes,
            });
        }
        let headers: usize = request
            .headers()
            .iter()
            .map(|(name, value)| name.as_str().len() + value.len())
            .sum();
        if headers > self.max_header_bytes {
            return Err(HeadTooLarge::Headers {
                actual: headers,
                limit: self.max_header_bytes,
            });
        }
        Ok(())
    }
}

/// Middleware: answers 414/431 before routing when the head is over the [`HeadLimits`] in app data.
pub async fn limit_head(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if let Some(limits) = request.app_data::<web::Data<HeadLimits>>() {
        limits.check(&request)?;
    }
    next.call(request).await
}
