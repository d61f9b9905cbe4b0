//! The `gomoku-ai` command line: each subcommand is a thin adapter over the library.

use clap::{Parser, Subcommand};

use gomoku_ai::cli;

/// A Gomoku (five-in-a-row) engine and HTTP service.
#[derive(Parser)]
#[command(name = "gomoku-ai", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Judge a position given as a move list: who has won, and Black's forbidden points.
    Verdict(cli::verdict::VerdictArgs),
    /// Measure the master: nodes/s and depth on midgames, or the tactics bar on a puzzle file.
    Bench(cli::bench::BenchArgs),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Verdict(args) => cli::verdict::run(&args),
        Command::Bench(args) => cli::bench::run(&args),
    }
}
