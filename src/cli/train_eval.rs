//! `gomoku-ai train-eval`: regenerates `models/eval-weights.json`, the evaluation's learned
//! cell values, by distilling a champion engine's evaluations (`engine::eval::training`).
//!
//! The data is a file of self-play games, one JSON object a line, each move with the
//! evaluation of the search that chose it (`data/champion-selfplay/`, see its README). A
//! position with a non-mate score becomes a sample labelled with that score as a win rate,
//! `σ(score / --target-scale)`; one with a mate claim, with `--mate-target` (or none). Every fifth game is held out to measure the fit, against
//! the hand-set evaluation at the same scale. The same file gives the same weights.

use std::fs;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::selfplay::{self, Eval, Game, Split};
use crate::engine::eval::model_file::ModelFile;
use crate::engine::eval::training::{
    self, best_scale, cross_entropy, sigmoid, FitOptions, Model, Sample,
};
use crate::engine::eval::weights::{HeldOut, Provenance};

/// Arguments of `gomoku-ai train-eval`.
#[derive(Args, Debug)]
pub struct TrainEvalArgs {
    /// The games, one JSON object a line.
    #[arg(long, default_value = "data/champion-selfplay/games.jsonl")]
    pub games: PathBuf,
    /// Evaluation units of the data's scores per unit of log-odds (Rapfi's classical
    /// model: 250).
    #[arg(long, default_value_t = 250.0)]
    pub target_scale: f64,
    /// L2 penalty on each pattern combination's own correction.
    #[arg(long, default_value_t = 1e-6)]
    pub residual_penalty: f64,
    /// The win rate a position the data's engine claimed a forced win in (a mate score) is
    /// labelled with, its complement for a claimed loss; 0 leaves such positions out.
    #[arg(long, default_value_t = 0.97, value_parser = mate_target)]
    pub mate_target: f64,
    /// Skip the last N positions of every game (where the result is usually decided).
    #[arg(long, default_value_t = 0)]
    pub skip_last: usize,
    /// Where to write the weights.
    #[arg(long, default_value = "models/eval-weights.json")]
    pub out: PathBuf,
}

/// The label of a position: its score as a win rate, or a mate claim as `mate_target` (none
/// for a mate when that is 0).
fn target(eval: &Eval, args: &TrainEvalArgs) -> Option<f64> {
    match (eval.score, eval.mate) {
        (Some(score), _) => Some(sigmoid(score / args.target_scale)),
        (None, Some(mate)) if args.mate_target > 0.0 => Some(if mate > 0 {
            args.mate_target
        } else {
            1.0 - args.mate_target
        }),
        _ => None,
    }
}

/// Parses `--mate-target`: 0, or a win rate above one half and at most 1.
fn mate_target(text: &str) -> Result<f64, String> {
    let value: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if value == 0.0 || value > 0.5 && value <= 1.0 {
        Ok(value)
    } else {
        Err("0 or a win rate in (0.5, 1]".to_string())
    }
}

pub fn run(args: &TrainEvalArgs) -> anyhow::Result<()> {
    let (freestyle, renju) = selfplay::split(&args.games, |game| samples_of(game, args))?;
    let hand_set = Model::hand_set();
    let scale = best_scale(&hand_set, &freestyle.train);
    println!("scale {scale:.2} evaluation units per log-odds (the hand-set evaluation's best)");
    let options = FitOptions {
        scale,
        residual_penalty: args.residual_penalty,
    };
    let mut held_out = Vec::new();
    let mut fit_family = |name: &str, split: &Split<_>| {
        let model = training::fit(&split.train, options);
        let report = HeldOut {
            family: name.to_string(),
            train: split.train.len(),
            test: split.test.len(),
            hand_set: cross_entropy(&Model::hand_set(), &split.test, scale),
            fitted: cross_entropy(&model, &split.test, scale),
        };
        println!(
            "{name}: {} training and {} held-out positions; held-out cross-entropy {:.4} hand-set, {:.4} fitted (train {:.4})",
            report.train,
            report.test,
            report.hand_set,
            report.fitted,
            cross_entropy(&model, &split.train, scale),
        );
        held_out.push(report);
        model
    };
    let freestyle_model = fit_family("freestyle", &freestyle);
    let renju_model = fit_family("renju", &renju);
    let provenance = Provenance {
        data: args.games.display().to_string(),
        command: format!(
            "gomoku-ai train-eval --games {} --target-scale {} --mate-target {} --residual-penalty {} --skip-last {}",
            args.games.display(),
            args.target_scale,
            args.mate_target,
            args.residual_penalty,
            args.skip_last
        ),
        held_out,
    };
    let weights = training::weights(&freestyle_model, &renju_model, scale, provenance);
    weights.check().map_err(anyhow::Error::msg)?;
    let json = serde_json::to_string(&weights)? + "\n";
    fs::write(&args.out, json).with_context(|| format!("writing {}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}

/// The samples of one game: every position whose move came with a non-mate score (or a
/// mate claim, as `--mate-target` says), except the last `--skip-last` and those a move
/// decides.
fn samples_of(game: &Game, args: &TrainEvalArgs) -> Vec<Sample> {
    let last = game.moves.len().saturating_sub(args.skip_last);
    let mut samples = Vec::new();
    game.replay(|ply, board, _| {
        let label = game.evals.get(ply).and_then(|e| target(e.as_ref()?, args));
        if let Some(label) = label.filter(|_| ply < last) {
            samples.extend(Sample::of(board, label));
        }
    });
    samples
}
