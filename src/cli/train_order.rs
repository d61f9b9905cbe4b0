//! `gomoku-ai train-order`: regenerates `models/order-weights.json`, the search's learned
//! move-ordering values, by fitting them to the moves a champion engine chose in its
//! self-play games (`engine::eval::ordering_training`).
//!
//! Every engine move of the games (not the opening stones) in a position no move decides is
//! one choice among the legal candidate cells. Every fifth game is held out to measure the
//! fit, against the hand-set ordering at its best temperature. The same file gives the same
//! values.

use std::fs;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::selfplay::{self, Game, Split};
use crate::engine::eval::model_file::ModelFile;
use crate::engine::eval::ordering::OrderProvenance;
use crate::engine::eval::ordering_training::{self, best_unit, fit, Choice, OrderModel};

/// Arguments of `gomoku-ai train-order`.
#[derive(Args, Debug)]
pub struct TrainOrderArgs {
    /// The games, one JSON object a line.
    #[arg(long, default_value = "data/champion-selfplay/games.jsonl")]
    pub games: PathBuf,
    /// L2 penalty (per choice, in log-odds⁻²) holding each combination's value towards the
    /// scaled hand-set one.
    #[arg(long, default_value_t = 1e-5)]
    pub penalty: f64,
    /// Rule families (`freestyle`, `renju`) that keep the hand-set ordering, scaled to the
    /// file's unit, instead of a fit: those whose fit did not win its A/B match.
    #[arg(long, value_delimiter = ',', value_parser = ["freestyle", "renju"])]
    pub hand_set: Vec<String>,
    /// Where to write the values.
    #[arg(long, default_value = "models/order-weights.json")]
    pub out: PathBuf,
}

pub fn run(args: &TrainOrderArgs) -> anyhow::Result<()> {
    let (freestyle, renju) = selfplay::split(&args.games, choices_of)?;
    let unit = best_unit(&freestyle.train);
    println!("unit {unit:.5} log-odds per ordering unit (the hand-set ordering's best)");
    let mut held_out = Vec::new();
    let mut fit_family = |name: &str, split: &Split<_>| {
        let model = if args.hand_set.iter().any(|f| f == name) {
            OrderModel::hand_set(unit)
        } else {
            fit(&split.train, unit, args.penalty)
        };
        let report = ordering_training::held_out(name, &model, unit, &split.train, &split.test);
        println!(
            "{name}: {} training and {} held-out moves; held-out loss {:.4} hand-set, {:.4} fitted; top-1 {:.1} % hand-set, {:.1} % fitted",
            report.train,
            report.test,
            report.hand_set_loss,
            report.fitted_loss,
            100.0 * report.hand_set_top1,
            100.0 * report.fitted_top1,
        );
        held_out.push(report);
        model
    };
    let freestyle_model = fit_family("freestyle", &freestyle);
    let renju_model = fit_family("renju", &renju);
    let provenance = OrderProvenance {
        data: args.games.display().to_string(),
        command: format!(
            "gomoku-ai train-order --games {} --penalty {}{}",
            args.games.display(),
            args.penalty,
            hand_set_option(&args.hand_set),
        ),
        held_out,
    };
    let weights = ordering_training::weights(&freestyle_model, &renju_model, unit, provenance);
    weights.check().map_err(anyhow::Error::msg)?;
    let json = serde_json::to_string(&weights)? + "\n";
    fs::write(&args.out, json).with_context(|| format!("writing {}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}

/// `--hand-set` as the command line gave it, or nothing.
fn hand_set_option(families: &[String]) -> String {
    if families.is_empty() {
        String::new()
    } else {
        format!(" --hand-set {}", families.join(","))
    }
}

/// The choices of one game: every engine move in a position no move decides.
fn choices_of(game: &Game) -> Vec<Choice> {
    let mut choices = Vec::new();
    game.replay(|ply, board, point| {
        if ply >= game.opening_plies {
            choices.extend(Choice::of(board, point));
        }
    });
    choices
}
