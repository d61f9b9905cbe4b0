//! The sequential probability ratio test on game pairs, as engine-testing frameworks run it:
//! play until the results say "the difference is at least `elo1`" or "at most `elo0`", with
//! error rates `alpha` and `beta`, instead of a fixed number of games.
//!
//! Games are counted in pairs, each opening played once with each colour (the pentanomial
//! model, `pairs`), so the test needs fewer games than counting single games would. The
//! log-likelihood ratio is the generalised SPRT's normal approximation (M. Van den Bergh): with
//! `N` pairs of mean score `m` and variance `v` per pair (widened by a small prior), and `s0`,
//! `s1` the scores that logistic Elo `elo0`, `elo1` expect, `LLR = N (s1 − s0)(2m − s0 − s1) /
//! (2v)`. The test accepts H1 (`elo ≥ elo1`) once `LLR ≥ ln((1 − β)/α)` and H0 (`elo ≤ elo0`)
//! once `LLR ≤ ln(β/(1 − α))`.

use super::pairs::Pentanomial;

/// Pairs of prior weight each category adds to the variance (not to the mean). A few pairs
/// underestimate the spread, and deterministic players often repeat a result: two identical
/// pairs would otherwise give a variance near zero and decide the test on their own.
const VARIANCE_PRIOR_PAIRS: f64 = 0.5;

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis (the change gains at most this).
    pub elo0: f64,
    /// Elo difference of the alternative (the change gains at least this).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// `elo ≥ elo1`: the first player is stronger by at least `elo1`.
    AcceptH1,
    /// `elo ≤ elo0`: the first player is not stronger by more than `elo0`.
    AcceptH0,
}

/// An `--sprt` value that cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// `elo1` must lie above `elo0`.
    #[error("elo1 ({elo1}) must be greater than elo0 ({elo0})")]
    Order {
        /// The null hypothesis' bound.
        elo0: f64,
        /// The alternative's bound.
        elo1: f64,
    },
    /// An error rate outside (0, 0.5).
    #[error("{name} must lie strictly between 0 and 0.5 (got {value})")]
    Rate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// The value given.
        value: f64,
    },
}

impl Sprt {
    /// A test of `elo0` against `elo1` with error rates `alpha` and `beta`.
    ///
    /// # Errors
    /// When `elo1 <= elo0` or a rate lies outside (0, 0.5).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Self, SprtError> {
        if elo1.partial_cmp(&elo0) != Some(std::cmp::Ordering::Greater) {
            return Err(SprtError::Order { elo0, elo1 });
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtError::Rate { name, value });
            }
        }
        Ok(Self {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR at or below which H0 is accepted.
    #[must_use]
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The LLR at or above which H1 is accepted.
    #[must_use]
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 given the pairs so far (0 before any).
    #[must_use]
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let Some((mean, variance)) = pairs.mean_and_variance(VARIANCE_PRIOR_PAIRS) else {
            return 0.0;
        };
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        f64::from(pairs.pairs()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The decision the pairs so far allow, if any.
    #[must_use]
    pub fn decision(&self, pairs: &Pentanomial) -> Option<Decision> {
        let llr = self.llr(pairs);
        if llr >= self.upper_bound() {
            Some(Decision::AcceptH1)
        } else if llr <= self.lower_bound() {
            Some(Decision::AcceptH0)
        } else {
            None
        }
    }
}

/// The score a player `elo` above its opponent expects (logistic Elo).
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05).unwrap()
    }

    fn pentanomial(counts: [u32; 5]) -> Pentanomial {
        Pentanomial { counts }
    }

    #[test]
    fn bounds_follow_the_error_rates() {
        let test = sprt(0.0, 10.0);
        assert!((test.upper_bound() - 19f64.ln()).abs() < 1e-12);
        assert!((test.lower_bound() + 19f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn expected_score_is_logistic() {
        assert!((expected_score(0.0) - 0.5).abs() < 1e-12);
        assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected_score(-400.0) - 1.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn a_clear_winner_is_accepted_and_a_clear_loser_rejected() {
        let test = sprt(0.0, 50.0);
        let strong = pentanomial([2, 5, 20, 30, 43]);
        let weak = pentanomial([43, 30, 20, 5, 2]);
        assert_eq!(test.decision(&strong), Some(Decision::AcceptH1));
        assert_eq!(test.decision(&weak), Some(Decision::AcceptH0));
    }

    #[test]
    fn too_few_pairs_decide_nothing() {
        let test = sprt(0.0, 50.0);
        assert_eq!(test.decision(&Pentanomial::default()), None);
        assert_eq!(test.decision(&pentanomial([0, 1, 1, 1, 0])), None);
    }

    #[test]
    fn the_llr_grows_with_the_pairs_and_changes_sign_at_the_midpoint() {
        let test = sprt(0.0, 100.0);
        let few = test.llr(&pentanomial([1, 2, 4, 6, 3]));
        let many = test.llr(&pentanomial([10, 20, 40, 60, 30]));
        assert!(few > 0.0 && many > few * 9.0);
        // An even score lies below the midpoint of 0 and 100 Elo: evidence for H0.
        assert!(test.llr(&pentanomial([5, 10, 20, 10, 5])) < 0.0);
    }

    #[test]
    fn identical_pairs_still_give_a_finite_llr() {
        let llr = sprt(0.0, 10.0).llr(&pentanomial([0, 0, 30, 0, 0]));
        assert!(llr.is_finite() && llr < 0.0);
    }

    #[test]
    fn impossible_settings_are_refused() {
        assert!(matches!(
            Sprt::new(5.0, 0.0, 0.05, 0.05),
            Err(SprtError::Order { .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.0, 0.05),
            Err(SprtError::Rate { name: "alpha", .. })
        ));
        assert!(matches!(
            Sprt::new(0.0, 5.0, 0.05, 0.5),
            Err(SprtError::Rate { name: "beta", .. })
        ));
    }
}
