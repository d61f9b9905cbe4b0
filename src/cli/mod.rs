//! Command-line subcommands, one module each; `main.rs` only dispatches.

pub mod analyze;
pub mod arena;
pub mod r#move;
pub mod openapi;
pub mod pbrain;
pub mod serve;
pub mod verdict;
