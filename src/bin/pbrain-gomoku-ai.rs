//! `pbrain-gomoku-ai`: the Gomocup brain. Tournament managers require the `pbrain-` prefix in
//! the executable's name; this is `gomoku-ai pbrain` under that name.

use clap::Parser;

use gomoku_ai::cli::pbrain::{self, PbrainArgs};

/// The gomoku-ai engine as a Gomocup (Piskvork) brain on stdin/stdout.
#[derive(Parser)]
#[command(name = "pbrain-gomoku-ai", version, about)]
struct Cli {
    #[command(flatten)]
    args: PbrainArgs,
}

fn main() -> anyhow::Result<()> {
    pbrain::run(&Cli::parse().args)
}
