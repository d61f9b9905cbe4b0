//! Command-line subcommands, one module each; `main.rs` only dispatches.

pub mod bench;
pub mod verdict;
