//! `gomoku-ai openapi`: print the OpenAPI document (the committed `openapi/openapi.json`).

use std::io::Write;

/// Writes the document to stdout.
pub fn run() -> anyhow::Result<()> {
    std::io::stdout().write_all(crate::service::openapi::document().as_bytes())?;
    Ok(())
}
