//! Pictures of an answer for people: a plain-text board for chat bots, and the score heatmap
//! as SVG and PNG in the colour scale (`palette`) that the play page shares.
//!
//! Renderers are pure functions of the engine's `Position` and `Analysis`: no HTTP, no I/O.
//! The service maps them to routes; the CLI or a bot can call them directly. Uses the engine
//! only.

pub mod palette;
pub mod png;
pub mod reliability;
pub mod svg;
pub mod text;

pub use png::{heatmap_png, PngError};
pub use svg::heatmap_svg;
pub use text::text_reply;
