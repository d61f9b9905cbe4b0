//! `gomoku-ai serve`: run the HTTP service.

use crate::engine::levels::analysis::available_cores;
use crate::service::config::Settings;
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
            "gomoku-ai listening"
        );
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
