//! `gomoku-ai move`: the `/v1/move` answer for a JSON request (file or stdin) or for flags,
//! through the service's own request parsing and response mapping.

use std::io::Read;
use std::path::PathBuf;

use clap::Args;

use crate::engine::{Difficulty, Rule};
use crate::service::answers::answer_now;
use crate::service::config::Limits;
use crate::service::dto::{MoveQuery, MoveRequest, MoveResponse};
use crate::service::errors::ApiError;
use crate::service::extract::parse_json;

/// Where the request comes from: a JSON file (or `-`/nothing for stdin), or `--moves` flags.
#[derive(Args, Debug)]
pub struct RequestArgs {
    /// JSON request file, as the HTTP body; `-` or absent reads stdin (unless `--moves`).
    pub request: Option<PathBuf>,
    /// Moves in play order instead of a JSON request, comma-separated (`h8,i9`).
    #[arg(long)]
    pub moves: Option<String>,
    /// Rule set (with `--moves`): freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
    /// Level (with `--moves`): beginner, easy, medium, hard or master.
    #[arg(long, default_value = "medium")]
    pub difficulty: Difficulty,
    /// Board side (with `--moves`).
    #[arg(long, default_value_t = 15)]
    pub size: i64,
    /// Time budget in milliseconds (with `--moves`).
    #[arg(long)]
    pub time_ms: Option<u64>,
}

impl RequestArgs {
    /// The request as raw JSON bytes, or built from the flags.
    pub fn move_request(&self) -> anyhow::Result<MoveRequest> {
        if let Some(moves) = &self.moves {
            return MoveQuery {
                moves: Some(moves.clone()),
                size: Some(self.size),
                rule: Some(self.rule.into()),
                difficulty: Some(self.difficulty.into()),
                time_ms: self.time_ms,
                ..MoveQuery::default()
            }
            .try_into()
            .map_err(problem);
        }
        parse_json(&self.read_json()?).map_err(problem)
    }

    /// The JSON text of the request file or stdin.
    pub fn read_json(&self) -> anyhow::Result<Vec<u8>> {
        let mut text = Vec::new();
        match &self.request {
            Some(path) if path.as_os_str() != "-" => text = std::fs::read(path)?,
            _ => {
                std::io::stdin().read_to_end(&mut text)?;
            }
        }
        Ok(text)
    }
}

/// An API error as the problem document the service would answer.
pub fn problem(error: ApiError) -> anyhow::Error {
    anyhow::anyhow!(
        serde_json::to_string_pretty(&error.problem()).unwrap_or_else(|_| error.to_string())
    )
}

/// Prints the `/v1/move` answer as JSON.
pub fn run(args: &RequestArgs) -> anyhow::Result<()> {
    let job = args
        .move_request()?
        .into_job(&Limits::default())
        .map_err(problem)?;
    let response = MoveResponse::new(&job, &answer_now(&job));
    println!("{}", serde_json::to_string_pretty(&response)?);
    Ok(())
}
