//! `gomoku-ai arena-tally`: counts the games of finished or stopped arena matches again from
//! their game lines (`arena --games-out` files or the arena's output), one row per file and,
//! for several files, their pool: W/L/D, score, Elo ± 95 %, the game pairs and, with `--sprt`,
//! the pooled pairs' log-likelihood ratio.

use std::fs;
use std::path::PathBuf;

use anyhow::{bail, Context};
use clap::Args;

use super::arena::{sprt_line, verdict, SprtArgs};
use crate::protocol::arena::games_file::{count_match, match_players, CountedMatch};

/// Arguments of `gomoku-ai arena-tally`.
#[derive(Args, Debug)]
pub struct ArenaTallyArgs {
    /// Files of game lines, one match each: what `arena --games-out` wrote, or the arena's
    /// output (its other lines are skipped).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The player counted for [default: the first file's first player: Black in game 1].
    #[arg(long)]
    pub first: Option<String>,
    /// The sequential probability ratio test to judge the pooled pairs by.
    #[command(flatten)]
    pub sprt: SprtArgs,
}

/// Reads every file, prints a row per file and the pooled row.
pub fn run(args: &ArenaTallyArgs) -> anyhow::Result<()> {
    let sprt = args.sprt.test()?;
    let texts: Vec<String> = args
        .files
        .iter()
        .map(|f| fs::read_to_string(f).with_context(|| format!("reading {}", f.display())))
        .collect::<Result<_, _>>()?;
    let [first, second] = players(&texts[0], args.first.as_deref())
        .with_context(|| format!("reading {}", args.files[0].display()))?;
    println!("| {first} vs {second} | games | +W -L =D, score, Elo [95 %] | game pairs |");
    println!("|---|---|---|---|");
    let mut pooled = CountedMatch::default();
    for (file, text) in args.files.iter().zip(&texts) {
        let counted = count_match(text, &first, &second)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("reading {}", file.display()))?;
        println!("{}", row(&file.display().to_string(), &counted));
        pooled.tally.add(counted.tally);
        pooled.pairs.merge(&counted.pairs);
    }
    if args.files.len() > 1 {
        println!("{}", row("pooled", &pooled));
    }
    if let Some(test) = sprt {
        let pairs = pooled.pairs.pentanomial();
        println!(
            "SPRT [{}, {}] alpha={} beta={} on {} pairs: {}; {}",
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta,
            pairs.pairs(),
            verdict(test.decision(pairs)),
            sprt_line(&test, pairs)
        );
    }
    Ok(())
}

/// The player counted for (`first`, or the match's first player) and the other, as the first
/// game line of `text` names them.
fn players(text: &str, first: Option<&str>) -> anyhow::Result<[String; 2]> {
    let Some([one, other]) = match_players(text).map_err(anyhow::Error::msg)? else {
        bail!("no game lines");
    };
    match first {
        None => Ok([one, other]),
        Some(name) if name == one => Ok([one, other]),
        Some(name) if name == other => Ok([other, one]),
        Some(name) => bail!("{name} did not play its first game ({one} against {other})"),
    }
}

fn row(name: &str, counted: &CountedMatch) -> String {
    format!(
        "| {name} | {} | {} | {} |",
        counted.tally.games(),
        counted.tally,
        counted.pairs
    )
}
