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
    /// Run the HTTP service (flags fall back to GOMOKU_* environment variables).
    Serve(gomoku_ai::service::config::Settings),
    /// Answer a /v1/move request (JSON file or stdin, or --moves flags) and print the JSON.
    Move(cli::r#move::RequestArgs),
    /// Answer a /v1/analyze request (JSON file or stdin, or --moves flags) and print the JSON.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Print the OpenAPI document.
    Openapi,
    /// Play as a Gomocup (Piskvork) brain on stdin/stdout.
    Pbrain(cli::pbrain::PbrainArgs),
    /// Play matches between levels and external pbrain engines (W/L/D, score, Elo).
    Arena(cli::arena::ArenaArgs),
    /// Count finished or stopped arena matches again from their game lines, pooled.
    ArenaTally(cli::arena_tally::ArenaTallyArgs),
    /// Measure the master: nodes/s and depth on midgames, or the tactics bar on a puzzle file.
    Bench(cli::bench::BenchArgs),
    /// Regenerate the win model (score to win probability) from self-play, with its
    /// reliability diagrams.
    Calibrate(cli::calibrate::CalibrateArgs),
    /// Regenerate the evaluation's learned cell values from a champion engine's games.
    TrainEval(cli::train_eval::TrainEvalArgs),
    /// Regenerate the search's learned move-ordering values from a champion engine's games.
    TrainOrder(cli::train_order::TrainOrderArgs),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Verdict(args) => cli::verdict::run(&args),
        Command::Serve(settings) => cli::serve::run(&settings),
        Command::Move(args) => cli::r#move::run(&args),
        Command::Analyze(args) => cli::analyze::run(&args),
        Command::Openapi => cli::openapi::run(),
        Command::Pbrain(args) => cli::pbrain::run(&args),
        Command::Arena(args) => cli::arena::run(&args),
        Command::ArenaTally(args) => cli::arena_tally::run(&args),
        Command::Bench(args) => cli::bench::run(&args),
        Command::Calibrate(args) => cli::calibrate::run(&args),
        Command::TrainEval(args) => cli::train_eval::run(&args),
        Command::TrainOrder(args) => cli::train_order::run(&args),
    }
}
