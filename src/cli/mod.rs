//! Command-line subcommands, one module each; `main.rs` only dispatches.

pub mod arena;
pub mod pbrain;
pub mod verdict;
