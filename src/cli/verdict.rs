//! `gomoku-ai verdict`: judge a move list from the command line.

use anyhow::Context;
use clap::Args;

use crate::engine::{game::notation, BoardInput, MoveInput, Position, Rule};

/// Arguments of `gomoku-ai verdict`.
#[derive(Args, Debug)]
pub struct VerdictArgs {
    /// Moves in play order, comma-separated notation (e.g. `h8,i9,h9`).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Rule set: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
    /// Board width and height.
    #[arg(long, default_value_t = 15)]
    pub size: i64,
}

/// Prints the board, the verdict and, under renju, Black's forbidden points.
pub fn run(args: &VerdictArgs) -> anyhow::Result<()> {
    let moves = args
        .moves
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(|m| MoveInput::Notation(m.to_string()))
        .collect();
    let input = BoardInput::Moves {
        width: args.size,
        height: args.size,
        moves,
    };
    let position = Position::parse(&input, args.rule, None).context("invalid position")?;
    for row in position.to_rows() {
        println!("{row}");
    }
    println!("{}", position.verdict());
    let size = position.board().size();
    for (point, kind) in position.forbidden_points() {
        println!(
            "forbidden {} ({})",
            notation::format_point(point, size),
            kind.name()
        );
    }
    Ok(())
}
