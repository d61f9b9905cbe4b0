//! Logistic regression of game results on scores, and how to judge its predictions.
//!
//! Two parameters (slope and bias), fitted by Newton's method on the log-likelihood, with
//! a draw counting half a win. Samples are positions in Black's view: the score from
//! Black's side and Black's result.

use super::Logistic;

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The search score from Black's point of view.
    pub black_value: f64,
    /// Black's result: 1 a win, 0 a loss, ½ a draw.
    pub black_result: f64,
}

/// Newton steps at most; the log-likelihood is concave, so a handful converge.
const MAX_STEPS: usize = 100;
/// Step size below which the fit has converged.
const CONVERGED: f64 = 1e-12;
/// Ridge on the slope and bias, so a data set split perfectly by the score still has a
/// finite fit.
const RIDGE: f64 = 1e-6;

/// The logistic function.
#[must_use]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The logistic that maximises the likelihood of `samples` (slope and bias 0 when empty).
#[must_use]
pub fn fit(samples: &[Sample]) -> Logistic {
    // Scores are hundreds of units; fit on a scaled score so both parameters are of one
    // magnitude and the Hessian stays well conditioned.
    let scale = samples
        .iter()
        .map(|s| s.black_value.abs())
        .fold(1.0, f64::max);
    let (mut slope, mut bias) = (0.0, 0.0);
    for _ in 0..MAX_STEPS {
        let (mut g_slope, mut g_bias) = (-RIDGE * slope, -RIDGE * bias);
        let (mut h_ss, mut h_sb, mut h_bb) = (RIDGE, 0.0, RIDGE);
        for s in samples {
            let x = s.black_value / scale;
            let p = sigmoid(slope * x + bias);
            let w = p * (1.0 - p);
            g_slope += (s.black_result - p) * x;
            g_bias += s.black_result - p;
            h_ss += w * x * x;
            h_sb += w * x;
            h_bb += w;
        }
        let det = h_ss * h_bb - h_sb * h_sb;
        if det <= 0.0 {
            break;
        }
        let step_slope = (h_bb * g_slope - h_sb * g_bias) / det;
        let step_bias = (h_ss * g_bias - h_sb * g_slope) / det;
        slope += step_slope;
        bias += step_bias;
        if step_slope.abs() + step_bias.abs() < CONVERGED {
            break;
        }
    }
    Logistic {
        slope: slope / scale,
        bias,
    }
}

/// Black's win probability by `logistic`.
#[must_use]
pub fn predict(logistic: Logistic, black_value: f64) -> f64 {
    sigmoid(logistic.slope * black_value + logistic.bias)
}

/// Mean squared error of `predicted(sample)` against the results (0 with no samples).
#[must_use]
pub fn brier(samples: &[Sample], predicted: impl Fn(&Sample) -> f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| (predicted(s) - s.black_result).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The mean result of `samples` (½ with none): the prediction of a model that ignores the
/// score.
#[must_use]
pub fn base_rate(samples: &[Sample]) -> f64 {
    if samples.is_empty() {
        return 0.5;
    }
    samples.iter().map(|s| s.black_result).sum::<f64>() / samples.len() as f64
}

/// One bin of a reliability diagram.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReliabilityBin {
    /// Mean predicted probability of the bin's samples.
    pub predicted: f64,
    /// Their mean result.
    pub observed: f64,
    /// How many samples fell in the bin.
    pub count: usize,
}

/// The samples grouped by predicted probability into `bins` equal-width bins; empty bins
/// are left out.
#[must_use]
pub fn reliability(samples: &[Sample], logistic: Logistic, bins: usize) -> Vec<ReliabilityBin> {
    let bins = bins.max(1);
    let mut sums = vec![(0.0, 0.0, 0usize); bins];
    for s in samples {
        let p = predict(logistic, s.black_value);
        let bin = ((p * bins as f64) as usize).min(bins - 1);
        sums[bin].0 += p;
        sums[bin].1 += s.black_result;
        sums[bin].2 += 1;
    }
    sums.into_iter()
        .filter(|&(_, _, count)| count > 0)
        .map(|(p, r, count)| ReliabilityBin {
            predicted: p / count as f64,
            observed: r / count as f64,
            count,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Samples drawn from a known logistic.
    fn drawn(truth: Logistic, count: usize) -> Vec<Sample> {
        let mut rng = SmallRng::seed_from_u64(7);
        (0..count)
            .map(|_| {
                let black_value = rng.random_range(-1500.0..1500.0);
                let won = rng.random::<f64>() < predict(truth, black_value);
                Sample {
                    black_value,
                    black_result: if won { 1.0 } else { 0.0 },
                }
            })
            .collect()
    }

    #[test]
    fn the_fit_recovers_the_logistic_that_drew_the_results() {
        let truth = Logistic {
            slope: 0.004,
            bias: 0.6,
        };
        let fitted = fit(&drawn(truth, 20_000));
        assert!((fitted.slope - truth.slope).abs() < 0.0004, "{fitted:?}");
        assert!((fitted.bias - truth.bias).abs() < 0.08, "{fitted:?}");
    }

    #[test]
    fn the_fitted_model_beats_the_base_rate_and_is_reliable() {
        let truth = Logistic {
            slope: 0.003,
            bias: -0.2,
        };
        let samples = drawn(truth, 20_000);
        let fitted = fit(&samples);
        let rate = base_rate(&samples);
        assert!(brier(&samples, |s| predict(fitted, s.black_value)) < brier(&samples, |_| rate));
        for bin in reliability(&samples, fitted, 10) {
            if bin.count > 500 {
                assert!((bin.predicted - bin.observed).abs() < 0.05, "{bin:?}");
            }
        }
    }

    #[test]
    fn a_draw_counts_half_and_an_even_record_fits_an_even_bias() {
        let samples: Vec<Sample> = [1.0, 0.0, 0.5, 0.5]
            .iter()
            .map(|&black_result| Sample {
                black_value: 0.0,
                black_result,
            })
            .collect();
        let fitted = fit(&samples);
        assert!(fitted.bias.abs() < 1e-6, "{fitted:?}");
        assert!((base_rate(&samples) - 0.5).abs() < 1e-12);
    }
}
