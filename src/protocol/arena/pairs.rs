//! Game pairs: each opening played once with each colour, counted by the first player's score
//! over the two games (the pentanomial model: 0, ½, 1, 1½ or 2 points).
//!
//! Pairing cancels most of an opening's bias, so the pairs' Elo interval is narrower than
//! the games' and is the one to quote. A pair whose two games the same colour won (one win
//! and one loss each) scores 1 of 2 whatever the strengths, so when a share `s` of the pairs
//! split that way the match's score lies within `s/2 ..= 1 − s/2`: a book whose openings
//! decide the game by colour cannot show a large difference, however large it is.

use std::collections::HashMap;
use std::fmt;

use super::elo::{elo_of_score, elo_with_interval, interval_of, Tally};

/// How many game pairs ended with each score of the first player: 0, ½, 1, 1½ and 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// `counts[k]`: pairs in which the first player scored `k` half-points.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts one pair from the first player's two games.
    pub fn add(&mut self, games: [&Tally; 2]) {
        let half_points: u32 = games.iter().map(|t| 2 * t.wins + t.draws).sum();
        self.counts[half_points as usize] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The mean of one pair's score (in 0..=1) and its variance, each category weighted
    /// `prior` pairs more in the variance (not in the mean); `None` before any pair.
    #[must_use]
    pub fn mean_and_variance(&self, prior: f64) -> Option<(f64, f64)> {
        let pairs = f64::from(self.pairs());
        if pairs == 0.0 {
            return None;
        }
        let score = |k: usize| k as f64 / 4.0;
        let mean = (0..5)
            .map(|k| f64::from(self.counts[k]) * score(k))
            .sum::<f64>()
            / pairs;
        let weight = |k: usize| f64::from(self.counts[k]) + prior;
        let variance = (0..5)
            .map(|k| weight(k) * (score(k) - mean).powi(2))
            .sum::<f64>()
            / (0..5).map(weight).sum::<f64>();
        Some((mean, variance))
    }

    /// The Elo difference the pairs imply and its 95 % interval, `(elo, low, high)`, from the
    /// pair scores' standard error; `None` before any pair.
    #[must_use]
    pub fn elo_interval(&self) -> Option<(f64, f64, f64)> {
        let (mean, variance) = self.mean_and_variance(0.0)?;
        let (low, high) = interval_of(mean, (variance / f64::from(self.pairs())).sqrt());
        Some((elo_of_score(mean), low, high))
    }
}

impl fmt::Display for Pentanomial {
    /// `pairs [0, ½, 1, 1½, 2]: [1, 4, 10, 5, 2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pairs [0, ½, 1, 1½, 2]: {:?}", self.counts)
    }
}

/// Games gathered into their pairs as they finish, in any order: game `2k` and `2k + 1` are the
/// same opening with colours swapped.
#[derive(Clone, Debug, Default)]
pub struct PairTracker {
    waiting: HashMap<usize, Tally>,
    pentanomial: Pentanomial,
    colour_split: u32,
}

impl PairTracker {
    /// Records game `index`'s result for the first player; counts its pair once both are in.
    pub fn record(&mut self, index: usize, result: Tally) {
        match self.waiting.remove(&(index ^ 1)) {
            Some(partner) => {
                self.pentanomial.add([&partner, &result]);
                let won_and_lost = |a: &Tally, b: &Tally| a.wins == 1 && b.losses == 1;
                if won_and_lost(&partner, &result) || won_and_lost(&result, &partner) {
                    self.colour_split += 1;
                }
            }
            None => {
                self.waiting.insert(index, result);
            }
        }
    }

    /// Adds another match's complete pairs to these (a pooled count). Its games still
    /// waiting for their partner are not carried over: pairs never span matches.
    pub fn merge(&mut self, other: &PairTracker) {
        for (mine, theirs) in self
            .pentanomial
            .counts
            .iter_mut()
            .zip(other.pentanomial.counts)
        {
            *mine += theirs;
        }
        self.colour_split += other.colour_split;
    }

    /// The complete pairs so far.
    #[must_use]
    pub fn pentanomial(&self) -> &Pentanomial {
        &self.pentanomial
    }

    /// The share of the complete pairs whose two games the same colour won; `None` before
    /// any pair.
    #[must_use]
    pub fn colour_split_share(&self) -> Option<f64> {
        let pairs = self.pentanomial.pairs();
        (pairs > 0).then(|| f64::from(self.colour_split) / f64::from(pairs))
    }

    /// The largest Elo difference, either way, that the match can show while the split pairs
    /// stay split: the Elo of the score `1 − share/2`.
    #[must_use]
    pub fn elo_ceiling(&self) -> Option<f64> {
        self.colour_split_share()
            .map(|share| elo_of_score(1.0 - share / 2.0))
    }
}

impl fmt::Display for PairTracker {
    /// `pairs [0, ½, 1, 1½, 2]: [1, 4, 10, 5, 2]  Elo +88 [+12, +180]  split by colour 45 %
    /// (Elo within ±143)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pentanomial)?;
        if let (Some((elo, low, high)), Some(share), Some(ceiling)) = (
            self.pentanomial.elo_interval(),
            self.colour_split_share(),
            self.elo_ceiling(),
        ) {
            write!(
                f,
                "  {}  split by colour {:.0} % (Elo within ±{:.0})",
                elo_with_interval(elo, (low, high)),
                share * 100.0,
                ceiling.abs() // an even score's Elo is -0.0
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIN: Tally = Tally {
        wins: 1,
        losses: 0,
        draws: 0,
    };
    const LOSS: Tally = Tally {
        wins: 0,
        losses: 1,
        draws: 0,
    };
    const DRAW: Tally = Tally {
        wins: 0,
        losses: 0,
        draws: 1,
    };

    fn tracker(pairs: &[(Tally, Tally)]) -> PairTracker {
        let mut tracker = PairTracker::default();
        for (i, (a, b)) in pairs.iter().enumerate() {
            tracker.record(2 * i, *a);
            tracker.record(2 * i + 1, *b);
        }
        tracker
    }

    #[test]
    fn pairs_are_gathered_in_any_order() {
        let mut tracker = PairTracker::default();
        tracker.record(3, WIN);
        tracker.record(0, DRAW);
        assert_eq!(tracker.pentanomial().pairs(), 0);
        assert_eq!(tracker.colour_split_share(), None);
        tracker.record(2, WIN);
        tracker.record(1, LOSS);
        tracker.record(4, LOSS);
        assert_eq!(tracker.pentanomial().counts, [0, 1, 0, 0, 1]);
    }

    #[test]
    fn only_a_win_and_a_loss_split_a_pair_by_colour() {
        let tracker = tracker(&[(WIN, LOSS), (LOSS, WIN), (DRAW, DRAW), (WIN, WIN)]);
        assert_eq!(tracker.pentanomial().counts, [0, 0, 3, 0, 1]);
        assert_eq!(tracker.colour_split_share(), Some(0.5));
        // Half the pairs split: the score lies within 25 %..75 %, about ±191 Elo.
        let ceiling = tracker.elo_ceiling().unwrap();
        assert!((ceiling - elo_of_score(0.75)).abs() < 1e-9, "{ceiling}");
        assert!((190.0..192.0).contains(&ceiling), "{ceiling}");
    }

    #[test]
    fn the_pair_interval_holds_the_estimate_and_narrows_with_more_pairs() {
        let few = Pentanomial {
            counts: [1, 2, 4, 6, 3],
        };
        let many = Pentanomial {
            counts: [10, 20, 40, 60, 30],
        };
        let (elo, low, high) = few.elo_interval().unwrap();
        let (same, narrow_low, narrow_high) = many.elo_interval().unwrap();
        assert!((elo - same).abs() < 1e-9 && elo > 0.0);
        assert!(low < elo && elo < high);
        assert!(narrow_high - narrow_low < (high - low) / 2.0);
        assert_eq!(Pentanomial::default().elo_interval(), None);
    }

    #[test]
    fn merged_matches_add_their_pairs_but_not_their_waiting_games() {
        let mut pooled = tracker(&[(WIN, LOSS), (WIN, WIN)]);
        let mut other = tracker(&[(DRAW, LOSS)]);
        other.record(9, WIN);
        pooled.merge(&other);
        assert_eq!(pooled.pentanomial().counts, [0, 1, 1, 0, 1]);
        assert_eq!(pooled.colour_split_share(), Some(1.0 / 3.0));
        pooled.record(8, LOSS);
        assert_eq!(
            pooled.pentanomial().pairs(),
            3,
            "game 9 stayed in its own match"
        );
    }

    #[test]
    fn pairs_of_even_splits_show_an_even_score_bounded_at_zero() {
        let tracker = tracker(&[(WIN, LOSS), (LOSS, WIN)]);
        assert_eq!(tracker.elo_ceiling(), Some(0.0));
        let line = tracker.to_string();
        assert!(line.contains("Elo +0 [+0, +0]"), "{line}");
        assert!(
            line.contains("split by colour 100 % (Elo within ±0)"),
            "{line}"
        );
    }
}
