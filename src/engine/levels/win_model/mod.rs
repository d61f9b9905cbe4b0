//! From a search score to the chance of winning, calibrated on game outcomes.
//!
//! The model is a logistic of the score seen from Black's side, with a colour bias for what
//! the score misses of the first player's advantage: `P(Black wins) = σ(slope · v + bias)`,
//! `v` the score in Black's view. Seen from the side to move it is `σ(slope · v ± bias)`, `+`
//! when Black moves, so the odds of a position and of the move that led to it agree.
//! Freestyle and renju have their own fit; the standard rule (exactly five, no forbidden
//! points) uses freestyle's.
//!
//! The numbers live in `models/win-model.json`, embedded in the binary and read once;
//! `gomoku-ai calibrate` regenerates it from self-play (`fit` holds the regression).

pub mod fit;
pub mod self_play;

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::engine::game::rules::Rule;
use crate::engine::game::stone::Stone;
use crate::engine::levels::analysis::Score;

/// The embedded model file.
const EMBEDDED: &str = include_str!("../../../../models/win-model.json");

/// Lowest and highest probability an unproven score maps to: exactly 0 and 1 are kept for
/// proven results.
const PROBABILITY_BOUNDS: (f64, f64) = (0.001, 0.999);

/// One rule's logistic.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Logistic {
    /// Log-odds per score unit.
    pub slope: f64,
    /// Log-odds Black wins at an even score.
    pub bias: f64,
}

/// How a fit was made and how well it predicts, kept beside the numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FitReport {
    /// The rule's fitted logistic.
    pub logistic: Logistic,
    /// Self-play games played for this rule.
    pub games: usize,
    /// Unproven positions the fit used.
    pub training_positions: usize,
    /// Unproven positions of the held-out games (every fifth game).
    pub held_out_positions: usize,
    /// Brier score on the held-out positions (0 perfect, 0.25 a coin's).
    pub brier_held_out: f64,
    /// Brier score on the held-out positions of always answering the training set's mean.
    pub brier_base_rate: f64,
}

/// The calibrated win model of every rule, with its provenance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinModel {
    /// The command that made this file.
    pub command: String,
    /// Nodes of each self-play move's search (the judging search's budget).
    pub judge_nodes: u64,
    /// Freestyle's fit (standard uses it too).
    pub freestyle: FitReport,
    /// Renju's fit.
    pub renju: FitReport,
}

/// The model as seen from one side to move under one rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Odds {
    slope: f64,
    offset: f64,
}

impl Odds {
    /// The chance the side to move wins at `value` (its own view), kept inside
    /// `PROBABILITY_BOUNDS`.
    #[must_use]
    pub fn win_probability(self, value: i32) -> f64 {
        fit::sigmoid(self.slope * f64::from(value) + self.offset)
            .clamp(PROBABILITY_BOUNDS.0, PROBABILITY_BOUNDS.1)
    }

    /// `score` with its win probability from these odds; a proven result, with its distance
    /// or without, keeps exactly 1 or 0.
    #[must_use]
    pub fn calibrated(self, score: Score) -> Score {
        if score.is_proven_win() || score.is_proven_loss() {
            return score;
        }
        Score {
            win_probability: self.win_probability(score.value),
            ..score
        }
    }
}

impl WinModel {
    /// The model embedded in this binary (parsed once).
    ///
    /// # Panics
    /// Never for a built binary: a test parses the embedded file.
    #[must_use]
    pub fn embedded() -> &'static WinModel {
        static MODEL: OnceLock<WinModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            serde_json::from_str(EMBEDDED).expect("models/win-model.json is a valid model")
        })
    }

    /// The logistic of `rule`.
    #[must_use]
    pub fn logistic(&self, rule: Rule) -> Logistic {
        match rule {
            Rule::Freestyle | Rule::Standard => self.freestyle.logistic,
            Rule::Renju => self.renju.logistic,
        }
    }

    /// The odds of `mover`, the side to move, under `rule`.
    #[must_use]
    pub fn odds(&self, rule: Rule, mover: Stone) -> Odds {
        let Logistic { slope, bias } = self.logistic(rule);
        let offset = match mover {
            Stone::Black => bias,
            Stone::White => -bias,
        };
        Odds { slope, offset }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_model_loads_and_rises_with_the_score() {
        let model = WinModel::embedded();
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            for mover in Stone::BOTH {
                let odds = model.odds(rule, mover);
                let (low, even, high) = (
                    odds.win_probability(-600),
                    odds.win_probability(0),
                    odds.win_probability(600),
                );
                assert!(low < even && even < high, "{rule:?} {mover:?}");
                assert!((0.2..0.8).contains(&even), "{rule:?} {mover:?}: {even}");
                assert!(odds.win_probability(i32::MAX) < 1.0);
            }
            let report = if rule == Rule::Renju {
                &model.renju
            } else {
                &model.freestyle
            };
            assert!(report.brier_held_out < report.brier_base_rate, "{rule:?}");
        }
    }

    #[test]
    fn calibrating_keeps_a_proven_result_and_maps_an_estimate() {
        let odds = WinModel::embedded().odds(Rule::Freestyle, Stone::White);
        assert_eq!(odds.calibrated(Score::win_in(2)), Score::win_in(2));
        assert_eq!(odds.calibrated(Score::loss_in(1)), Score::loss_in(1));
        assert_eq!(odds.calibrated(Score::proven_win()), Score::proven_win());
        assert_eq!(odds.calibrated(Score::proven_loss()), Score::proven_loss());
        let estimate = odds.calibrated(Score::estimate(100));
        assert_eq!(estimate.value, 100);
        assert_eq!(estimate.win_probability, odds.win_probability(100));
        assert_ne!(
            estimate.win_probability,
            Score::estimate(100).win_probability
        );
    }

    #[test]
    fn the_two_sides_odds_of_one_score_add_up_to_one() {
        let model = WinModel::embedded();
        for value in [-900, -50, 0, 70, 1200] {
            let black = model.odds(Rule::Renju, Stone::Black).win_probability(value);
            let white = model
                .odds(Rule::Renju, Stone::White)
                .win_probability(-value);
            assert!(
                (black + white - 1.0).abs() < 1e-9,
                "{value}: {black} {white}"
            );
        }
    }
}
