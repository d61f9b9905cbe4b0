//! Pictures of an answer for people: a plain-text board for chat bots, the score heatmap as SVG
//! and PNG in the colour scale (`palette`) that the play page shares, and a game review's
//! win-probability graph (`graph`, SVG and PNG) and text summary.
//!
//! Renderers are pure functions of the engine's `Position`, `Analysis` and `Review`: no HTTP,
//! no I/O.
//! The service maps them to routes; the CLI or a bot can call them directly. Uses the engine
//! only.

pub mod graph;
pub mod palette;
pub mod png;
pub mod reliability;
pub mod svg;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;

pub use graph::review_svg;
pub use png::{heatmap_png, review_png, PngError};
pub use svg::heatmap_svg;
pub use text::{review_text, text_reply};
