//! Builds the HTTP server on an already-bound listener (so tests can bind port 0).

use std::net::TcpListener;
use std::time::Duration;

use actix_governor::Governor;
use actix_web::dev::Server;
use actix_web::middleware::{from_fn, Compress, Condition};
use actix_web::{web, App, HttpServer};

use super::answers::Answers;
use super::cache::AnswerCache;
use super::config::Settings;
use super::extract::{BodyLimit, BodyTimeout};
use super::hardening;
use super::metrics::{self, Metrics};
use super::openapi;
use super::pool::SearchPool;
use super::readiness::Readiness;
use super::rendered::RenderedCache;
use super::routes::{self, docs::OpenApiJson};
use super::shared_cache::SharedCache;
use super::telemetry;

/// A server bound to its listener, ready to run.
pub struct Application {
    port: u16,
    server: Server,
    answers: Answers,
    readiness: Readiness,
}

impl Application {
    /// Binds `settings.bind` and builds the server.
    pub fn build(settings: &Settings) -> std::io::Result<Application> {
        let listener = TcpListener::bind(&settings.bind)?;
        Application::with_listener(listener, settings)
    }

    /// Builds the server on `listener`.
    pub fn with_listener(
        listener: TcpListener,
        settings: &Settings,
    ) -> std::io::Result<Application> {
        let port = listener.local_addr()?.port();
        let answers = answers(settings).map_err(std::io::Error::other)?;
        let readiness = Readiness::new();
        let server = run(listener, settings, answers.clone(), readiness.clone())?;
        readiness.warm_up_then_ready();
        Ok(Application {
            port,
            server,
            answers,
            readiness,
        })
    }

    /// The port actually bound.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The search front the handlers share (tests hold its pool to simulate saturation).
    #[must_use]
    pub fn answers(&self) -> &Answers {
        &self.answers
    }

    /// Whether the server reports itself ready.
    #[must_use]
    pub fn readiness(&self) -> &Readiness {
        &self.readiness
    }

    /// Serves until SIGTERM/SIGINT, then stops being ready and lets in-flight requests finish
    /// within the grace period.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let handle = self.server.handle();
        let readiness = self.readiness.clone();
        tokio::spawn(async move {
            shutdown_signal().await;
            tracing::info!("shutdown signal: draining");
            readiness.drain();
            handle.stop(true).await;
        });
        self.server.await
    }
}

/// Resolves at the first SIGTERM or SIGINT.
async fn shutdown_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let terminate = async {
        match signal(SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            // Without a SIGTERM handler only SIGINT can stop the server.
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = terminate => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}

/// The answers `settings` describe, with a shared cache when a Redis URL is set (made inside
/// the caller's Tokio runtime); an invalid URL is an error.
fn answers(settings: &Settings) -> redis::RedisResult<Answers> {
    let metrics = Metrics::new();
    let ttl = Duration::from_secs(settings.cache_ttl_secs);
    // The memory budget is shared: three quarters for answers, one for rendered bodies.
    let rendered_mb = (settings.cache_mb / 4).max(1);
    let answers = Answers::new(
        AnswerCache::new(settings.cache_mb.saturating_sub(rendered_mb).max(1), ttl),
        RenderedCache::new(rendered_mb, ttl),
        SearchPool::new(
            settings.search_slots(),
            Duration::from_millis(settings.queue_timeout_ms),
            metrics.clone(),
        ),
        metrics,
    )
    .with_threads(settings.search_thread_count())
    .with_memory(settings.threat_table_entries());
    let Some(url) = settings.shared_cache_url() else {
        return Ok(answers);
    };
    let shared = SharedCache::new(
        url,
        Duration::from_millis(settings.redis_timeout_ms),
        Duration::from_secs(settings.redis_ttl_secs),
        answers.metrics().clone(),
    )?;
    Ok(answers.with_shared(shared))
}

fn run(
    listener: TcpListener,
    settings: &Settings,
    answers: Answers,
    readiness: Readiness,
) -> std::io::Result<Server> {
    let readiness = web::Data::new(readiness);
    let metrics = web::Data::new(answers.metrics().clone());
    let answers = web::Data::new(answers);
    let limits = web::Data::new(settings.limits());
    let document = web::Data::new(OpenApiJson(openapi::document()));
    let body_limit = settings.body_limit_bytes;
    let body_timeout = BodyTimeout(settings.hardening.client_request_timeout());
    let hardening = settings.hardening.clone();
    let head_limits = web::Data::new(hardening.head_limits());
    let rate_limit = hardening.rate_limit();
    let server = HttpServer::new(move || {
        App::new()
            .wrap(from_fn(hardening::limit_head))
            .wrap(Condition::new(
                hardening.rate_limit_enabled(),
                Governor::new(&rate_limit),
            ))
            .wrap(Condition::new(hardening.cors_enabled(), hardening.cors()))
            .wrap(Compress::default())
            .wrap(from_fn(metrics::record))
            .wrap(from_fn(telemetry::request_id))
            .app_data(web::PayloadConfig::new(body_limit))
            .app_data(BodyLimit(body_limit))
            .app_data(body_timeout)
            .app_data(answers.clone())
            .app_data(metrics.clone())
            .app_data(limits.clone())
            .app_data(document.clone())
            .app_data(head_limits.clone())
            .app_data(readiness.clone())
            .configure(routes::configure)
            .default_service(web::to(routes::not_found))
    })
    .workers(settings.worker_count())
    .disable_signals()
    .shutdown_timeout(settings.shutdown_grace_secs)
    .client_request_timeout(settings.hardening.client_request_timeout())
    .client_disconnect_timeout(settings.hardening.client_disconnect_timeout())
    .keep_alive(settings.hardening.keep_alive())
    .listen(listener)?
    .run();
    Ok(server)
}
