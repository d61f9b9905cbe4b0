//! Command-line subcommands, one module each; `main.rs` only dispatches.
//!
//! The top of the dependency graph: a subcommand may use the engine, the service (`serve`,
//! and `move`/`analyze`, which answer with the API's JSON), the protocols (`pbrain`,
//! `arena`) and `render`; nothing else in the crate uses the CLI.

pub mod analyze;
pub mod arena;
pub mod arena_tally;
pub mod bench;
pub mod calibrate;
pub mod r#move;
pub mod openapi;
pub mod pbrain;
pub mod selfplay;
pub mod serve;
pub mod train_eval;
pub mod train_order;
pub mod verdict;
