//! gomoku-ai: a Gomoku engine and the HTTP service around it.
pub mod cli;
pub mod engine;
pub mod protocol;
pub mod render;
pub mod service;
