//! Prometheus metrics on the service's own registry, plus the request-recording middleware.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web;
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, Opts, Registry,
    TextEncoder,
};

/// Every metric the service exports; cheap to clone (handles share the underlying values).
#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    /// Requests by route, method and status.
    pub requests: IntCounterVec,
    /// Request latency by route, method and status.
    pub request_duration: HistogramVec,
    /// Search wall time by difficulty.
    pub search_duration: HistogramVec,
    /// Search depth reached by difficulty.
    pub search_depth: HistogramVec,
    /// Search nodes visited by difficulty.
    pub search_nodes: HistogramVec,
    /// Answers served from the cache.
    pub cache_hits: IntCounter,
    /// Answers that needed a search.
    pub cache_misses: IntCounter,
    /// Entries in the cache (refreshed at each scrape).
    pub cache_entries: IntGauge,
    /// Answers the shared (Redis) cache held after a local miss.
    pub shared_cache_hits: IntCounter,
    /// Local misses the shared cache did not answer (its errors included).
    pub shared_cache_misses: IntCounter,
    /// Shared cache calls that gave nothing by kind: `error`, `timeout`, `decode` (a value
    /// that is not a valid answer) or `skipped` (the circuit breaker is open).
    pub shared_cache_errors: IntCounterVec,
    /// Shared cache call latency by operation (`get`, `set`).
    pub shared_cache_duration: HistogramVec,
    /// 1 while the shared cache answers, 0 while its breaker skips it or none is configured.
    pub shared_cache_up: IntGauge,
    /// Searches running now.
    pub searches_in_flight: IntGauge,
    /// Searches refused because the pool stayed saturated.
    pub searches_rejected: IntCounter,
}

impl Metrics {
    /// Creates and registers every metric, plus the process collector.
    ///
    /// # Panics
    /// Only if two metrics share a name, which is a programming error caught by every test.
    #[must_use]
    pub fn new() -> Metrics {
        let registry =
            Registry::new_custom(Some("gomoku".into()), None).expect("a valid metric prefix");
        let by_request = ["route", "method", "status"];
        let by_level = ["difficulty"];
        let metrics = Metrics {
            requests: IntCounterVec::new(
                Opts::new("http_requests_total", "HTTP requests answered"),
                &by_request,
            )
            .expect("valid metric"),
            request_duration: HistogramVec::new(
                HistogramOpts::new("http_request_duration_seconds", "HTTP request latency")
                    .buckets(vec![
                        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
                        5.0, 10.0,
                    ]),
                &by_request,
            )
            .expect("valid metric"),
            search_duration: HistogramVec::new(
                HistogramOpts::new("search_duration_seconds", "Search wall time").buckets(vec![
                    0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
                ]),
                &by_level,
            )
            .expect("valid metric"),
            search_depth: HistogramVec::new(
                HistogramOpts::new("search_depth", "Nominal depth completed").buckets(vec![
                    1.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 16.0, 20.0, 32.0, 64.0,
                ]),
                &by_level,
            )
            .expect("valid metric"),
            search_nodes: HistogramVec::new(
                HistogramOpts::new("search_nodes", "Nodes visited per search")
                    .buckets(prometheus::exponential_buckets(100.0, 10.0, 7).expect("buckets")),
                &by_level,
            )
            .expect("valid metric"),
            cache_hits: IntCounter::new("cache_hits_total", "Answers served from the cache")
                .expect("valid metric"),
            cache_misses: IntCounter::new("cache_misses_total", "Answers that needed a search")
                .expect("valid metric"),
            cache_entries: IntGauge::new("cache_entries", "Entries in the answer cache")
                .expect("valid metric"),
            shared_cache_hits: IntCounter::new(
                "shared_cache_hits_total",
                "Local cache misses answered by the shared (Redis) cache",
            )
            .expect("valid metric"),
            shared_cache_misses: IntCounter::new(
                "shared_cache_misses_total",
                "Local cache misses the shared (Redis) cache did not answer",
            )
            .expect("valid metric"),
            shared_cache_errors: IntCounterVec::new(
                Opts::new(
                    "shared_cache_errors_total",
                    "Shared (Redis) cache calls that gave nothing, by kind",
                ),
                &["kind"],
            )
            .expect("valid metric"),
            shared_cache_duration: HistogramVec::new(
                HistogramOpts::new(
                    "shared_cache_duration_seconds",
                    "Shared (Redis) cache call latency",
                )
                .buckets(vec![
                    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                ]),
                &["operation"],
            )
            .expect("valid metric"),
            shared_cache_up: IntGauge::new(
                "shared_cache_up",
                "1 while the shared (Redis) cache answers",
            )
            .expect("valid metric"),
            searches_in_flight: IntGauge::new("searches_in_flight", "Searches running now")
                .expect("valid metric"),
            searches_rejected: IntCounter::new(
                "searches_rejected_total",
                "Searches refused with 503 because the pool stayed saturated",
            )
            .expect("valid metric"),
            registry,
        };
        metrics.register_all();
        metrics
    }

    fn register_all(&self) {
        let collectors: Vec<Box<dyn prometheus::core::Collector>> = vec![
            Box::new(self.requests.clone()),
            Box::new(self.request_duration.clone()),
            Box::new(self.search_duration.clone()),
            Box::new(self.search_depth.clone()),
            Box::new(self.search_nodes.clone()),
            Box::new(self.cache_hits.clone()),
            Box::new(self.cache_misses.clone()),
            Box::new(self.cache_entries.clone()),
            Box::new(self.shared_cache_hits.clone()),
            Box::new(self.shared_cache_misses.clone()),
            Box::new(self.shared_cache_errors.clone()),
            Box::new(self.shared_cache_duration.clone()),
            Box::new(self.shared_cache_up.clone()),
            Box::new(self.searches_in_flight.clone()),
            Box::new(self.searches_rejected.clone()),
            Box::new(prometheus::process_collector::ProcessCollector::for_self()),
        ];
        for collector in collectors {
            self.registry
                .register(collector)
                .expect("metric names are unique");
        }
    }

    /// The Prometheus text exposition of every metric.
    #[must_use]
    pub fn render(&self) -> String {
        let mut buffer = Vec::new();
        // Encoding into a Vec only fails on a malformed metric, which `new` rules out.
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut buffer);
        String::from_utf8_lossy(&buffer).into_owned()
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// The method as a label: the standard methods by name, anything else as `OTHER`, so clients
/// cannot mint label values with made-up methods.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        Method::PATCH => "PATCH",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "OTHER",
    }
}

/// Middleware: counts and times every request by its route pattern (not the raw path, which
/// would let clients mint label values), method and status.
pub async fn record(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let metrics = req.app_data::<web::Data<Metrics>>().cloned();
    let route = req.match_pattern().unwrap_or_else(|| "unmatched".into());
    let method = method_label(req.method());
    let response = next.call(req).await?;
    if let Some(metrics) = metrics {
        let status = response.status().as_u16().to_string();
        let labels = [route.as_str(), method, status.as_str()];
        metrics.requests.with_label_values(&labels).inc();
        metrics
            .request_duration
            .with_label_values(&labels)
            .observe(started.elapsed().as_secs_f64());
    }
    Ok(response)
}
