//! `gomoku-ai analyze`: the `/v1/analyze` answer for a JSON request or for flags.

use clap::Args;

use super::r#move::{problem, RequestArgs};
use crate::service::answers::answer_now;
use crate::service::config::Limits;
use crate::service::dto::{AnalyzeRequest, AnalyzeResponse};
use crate::service::extract::parse_json;

/// Arguments of `gomoku-ai analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The request.
    #[command(flatten)]
    pub request: RequestArgs,
    /// Ranked candidates to report, 1..=10 (with `--moves`; JSON requests say it themselves).
    #[arg(long)]
    pub candidates: Option<u8>,
}

/// Prints the `/v1/analyze` answer as JSON.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let request: AnalyzeRequest = if args.request.moves.is_some() {
        args.request
            .move_request()?
            .with_candidates(args.candidates)
    } else {
        parse_json(&args.request.read_json()?).map_err(problem)?
    };
    let job = request.into_job(&Limits::default()).map_err(problem)?;
    let response = AnalyzeResponse::new(&job, &answer_now(&job));
    println!("{}", serde_json::to_string_pretty(&response)?);
    Ok(())
}
