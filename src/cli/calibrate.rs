//! `gomoku-ai calibrate`: regenerates `models/win-model.json`, the mapping from a search
//! score to a win probability, from self-play (`engine::levels::win_model`), and draws each
//! rule's reliability diagram.
//!
//! Every game depends only on its number and `--seed` (the judge searches a fixed number
//! of nodes), so the same command on any machine writes the same model.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{bail, Context};
use clap::Args;

use crate::engine::levels::analysis::available_cores;
use crate::engine::levels::judgement::JUDGE_NODES;
use crate::engine::levels::win_model::fit::{self, Sample};
use crate::engine::levels::win_model::self_play::{self, Game};
use crate::engine::levels::win_model::{FitReport, WinModel};
use crate::engine::Rule;
use crate::render::reliability::reliability_svg;

/// Every fifth game (its number modulo this is `HELD_OUT_REMAINDER`) is kept out of the fit
/// to measure it.
const HELD_OUT_EVERY: usize = 5;
const HELD_OUT_REMAINDER: usize = 4;
/// Bins of the reliability diagram.
const BINS: usize = 10;

/// Arguments of `gomoku-ai calibrate`.
#[derive(Args, Debug)]
pub struct CalibrateArgs {
    /// Self-play games per rule (freestyle and renju).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(5..=100_000))]
    pub games: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once [default: the machine's cores].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Where to write the model.
    #[arg(long, default_value = "models/win-model.json")]
    pub model_out: PathBuf,
    /// Folder for the reliability diagrams (`reliability-<rule>.svg`).
    #[arg(long, default_value = "docs/calibration")]
    pub diagrams: PathBuf,
    /// Also write the games played to `<DIR>/selfplay-<rule>.jsonl`, one game a line.
    #[arg(long, value_name = "DIR", conflicts_with = "games_in")]
    pub games_out: Option<PathBuf>,
    /// Fit on the games a run with --games-out wrote to DIR instead of playing them (the
    /// first --games of each file).
    #[arg(long, value_name = "DIR")]
    pub games_in: Option<PathBuf>,
}

/// Plays the games, fits both rules, writes the model and the diagrams, prints a summary.
pub fn run(args: &CalibrateArgs) -> anyhow::Result<()> {
    let freestyle = calibrate_rule(
        Rule::Freestyle,
        &games_of(args, Rule::Freestyle)?,
        &args.diagrams,
    )?;
    let renju = calibrate_rule(Rule::Renju, &games_of(args, Rule::Renju)?, &args.diagrams)?;
    let model = WinModel {
        command: format!(
            "gomoku-ai calibrate --games {} --seed {}",
            args.games, args.seed
        ),
        judge_nodes: JUDGE_NODES,
        freestyle,
        renju,
    };
    let json = serde_json::to_string_pretty(&model)? + "\n";
    fs::write(&args.model_out, json)
        .with_context(|| format!("writing {}", args.model_out.display()))?;
    println!("| rule | games | fit positions | held-out positions | slope | bias | Brier held out | Brier base rate |");
    println!("|---|---|---|---|---|---|---|---|");
    for (rule, report) in [("freestyle", &model.freestyle), ("renju", &model.renju)] {
        println!(
            "| {rule} | {} | {} | {} | {:.6} | {:.3} | {:.4} | {:.4} |",
            report.games,
            report.training_positions,
            report.held_out_positions,
            report.logistic.slope,
            report.logistic.bias,
            report.brier_held_out,
            report.brier_base_rate
        );
    }
    Ok(())
}

/// The `--games` games of `rule`: read from `--games-in`, or played (and written to
/// `--games-out` when asked).
fn games_of(args: &CalibrateArgs, rule: Rule) -> anyhow::Result<Vec<Game>> {
    let games = args.games as usize;
    let file = |dir: &Path| dir.join(format!("selfplay-{rule}.jsonl"));
    if let Some(dir) = &args.games_in {
        let path = file(dir);
        let text =
            fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let read: Vec<Game> = text
            .lines()
            .take(games)
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()
            .with_context(|| format!("reading {}", path.display()))?;
        if read.len() < games {
            bail!("{} holds {} games, not {games}", path.display(), read.len());
        }
        return Ok(read);
    }
    let threads = args.threads.map_or_else(available_cores, usize::from);
    let played = play_all(rule, args.seed, games, threads);
    if let Some(dir) = &args.games_out {
        fs::create_dir_all(dir)?;
        let mut lines = String::new();
        for game in &played {
            lines += &(serde_json::to_string(game)? + "\n");
        }
        fs::write(file(dir), lines)?;
    }
    Ok(played)
}

/// Fits `rule` on four in five of `played` and measures the fit on the rest.
fn calibrate_rule(rule: Rule, played: &[Game], diagrams: &Path) -> anyhow::Result<FitReport> {
    let games = played.len();
    let (mut training, mut held_out) = (Vec::<Sample>::new(), Vec::<Sample>::new());
    for (number, game) in played.iter().enumerate() {
        if number % HELD_OUT_EVERY == HELD_OUT_REMAINDER {
            held_out.extend(game.samples());
        } else {
            training.extend(game.samples());
        }
    }
    let logistic = fit::fit(&training);
    let rate = fit::base_rate(&training);
    let report = FitReport {
        logistic,
        games,
        training_positions: training.len(),
        held_out_positions: held_out.len(),
        brier_held_out: fit::brier(&held_out, |s| fit::predict(logistic, s.black_value)),
        brier_base_rate: fit::brier(&held_out, |_| rate),
    };
    let title = format!(
        "{rule}: {} held-out positions, Brier {:.4} (base rate {:.4})",
        report.held_out_positions, report.brier_held_out, report.brier_base_rate
    );
    let picture = reliability_svg(&title, &fit::reliability(&held_out, logistic, BINS));
    fs::create_dir_all(diagrams)?;
    let path = diagrams.join(format!("reliability-{rule}.svg"));
    fs::write(&path, picture).with_context(|| format!("writing {}", path.display()))?;
    Ok(report)
}

/// The games numbered `0..games`, played `threads` at a time, in number order.
fn play_all(rule: Rule, seed: u64, games: usize, threads: usize) -> Vec<Game> {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(vec![None; games]);
    let rule_stream: u64 = match rule {
        Rule::Renju => 2,
        Rule::Standard => 1,
        Rule::Freestyle => 0,
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, games) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                if number >= games {
                    break;
                }
                let game_seed = seed.wrapping_mul(1 << 32) ^ (rule_stream << 24) ^ number as u64;
                let game = self_play::play(rule, game_seed);
                done.lock().expect("no game panics")[number] = Some(game);
            });
        }
    });
    done.into_inner()
        .expect("no game panics")
        .into_iter()
        .flatten()
        .collect()
}
