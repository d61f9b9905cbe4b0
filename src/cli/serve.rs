//! `gomoku-ai serve`: run the HTTP service.

use crate::engine::levels::analysis::available_cores;
use crate::service::config::Settings;
use crate::service::shared_cache::key_prefix;
use crate::service::startup::Application;
use crate::service::telemetry;

/// Starts the service and serves until SIGTERM/SIGINT.
pub fn run(settings: &Settings) -> anyhow::Result<()> {
    telemetry::init(settings.log_format, &settings.log_level);
    actix_web::rt::System::new().block_on(async {
        let app = Application::build(settings)?;
        tracing::info!(
            bind = %settings.bind,
            port = app.port(),
            workers = settings.worker_count(),
            search_threads = settings.search_slots(),
            threads_per_search = settings.search_thread_count(),
            search_memory_mb = settings.search_memory_mb,
            threat_table_entries = settings.threat_table_entries(),
            memory_bound_mb = settings.memory_bound_mb(),
            "gomoku-ai listening"
        );
        log_shared_cache(&app).await;
        if settings.oversubscribes() {
            tracing::warn!(
                cores = available_cores(),
                "searches at once times threads per search exceed the cores: \
                 searches will share cores and lose part of their time"
            );
        }
        app.run_until_stopped().await
    })?;
    Ok(())
}

/// Says whether the shared cache is off, on and reachable, or on and unreachable (the service
/// then answers without it and probes it again while it serves).
async fn log_shared_cache(app: &Application) {
    let Some(shared) = app.answers().shared() else {
        tracing::info!("shared cache off: answers stay in this replica's cache");
        return;
    };
    match shared.ping().await {
        Ok(()) => tracing::info!(prefix = %key_prefix(), "shared cache on and reachable"),
        Err(error) => tracing::warn!(
            %error,
            "shared cache on but unreachable: searching without it until it answers"
        ),
    }
}
