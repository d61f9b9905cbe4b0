//! `gomoku-ai serve`: run the HTTP service.

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
            "gomoku-ai listening"
        );
        app.run_until_stopped().await
    })?;
    Ok(())
}
