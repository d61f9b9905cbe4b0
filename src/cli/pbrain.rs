//! `gomoku-ai pbrain` (and the `pbrain-gomoku-ai` binary): the Gomocup brain over stdin/stdout.

use std::io::{self, BufReader};

use clap::Args;

use crate::engine::Difficulty;
use crate::protocol::pbrain::{self, BrainConfig};

/// Arguments of the pbrain brain.
#[derive(Args, Debug, Clone)]
pub struct PbrainArgs {
    /// The level that plays: beginner, easy, medium, hard or master.
    #[arg(long, default_value = "master", env = "GOMOKU_PBRAIN_LEVEL")]
    pub level: Difficulty,
}

/// Speaks the protocol on stdin/stdout until `END` or the end of input.
pub fn run(args: &PbrainArgs) -> anyhow::Result<()> {
    let config = BrainConfig {
        difficulty: args.level,
    };
    pbrain::run(
        config,
        BufReader::new(io::stdin()),
        &mut io::stdout().lock(),
    )?;
    Ok(())
}
