//! Match results and the Elo difference they imply, with a 95 % confidence interval.
//!
//! The expected score of a player `d` Elo above its opponent is `1 / (1 + 10^(-d/400))`, so a
//! score fraction `s` maps back to `d = -400 log10(1/s - 1)`. The interval comes from the
//! per-game score's standard error (wins 1, draws ½, losses 0) at ±1.96, mapped through the
//! same curve; a score of 0 or 1 gives an infinite difference.

use std::fmt;

use crate::engine::Stone;

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_964;

/// Wins, losses and draws of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// One game's tally for the player of `side`, given the game's `winner` (`None`: drawn).
    #[must_use]
    pub fn of_game(winner: Option<Stone>, side: Stone) -> Tally {
        let mut result = Tally::default();
        match winner {
            None => result.draws = 1,
            Some(w) if w == side => result.wins = 1,
            Some(_) => result.losses = 1,
        }
        result
    }

    /// Adds another tally's games to this one.
    pub fn add(&mut self, other: Tally) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
    }

    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Score fraction in 0..=1 (draws count half); `None` before any game.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let games = self.games();
        (games > 0).then(|| (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games))
    }

    /// The Elo difference the score implies.
    #[must_use]
    pub fn elo(&self) -> Option<f64> {
        self.score().map(elo_of_score)
    }

    /// The 95 % interval of the Elo difference, `(low, high)`.
    #[must_use]
    pub fn elo_interval(&self) -> Option<(f64, f64)> {
        let score = self.score()?;
        let games = f64::from(self.games());
        let deviation = |result: f64, count: u32| f64::from(count) * (result - score).powi(2);
        let variance =
            (deviation(1.0, self.wins) + deviation(0.0, self.losses) + deviation(0.5, self.draws))
                / games;
        Some(interval_of(score, (variance / games).sqrt()))
    }
}

/// The 95 % interval `(low, high)` of the Elo difference behind a mean score `score` (in
/// 0..=1) whose standard error is `standard_error`: the score's interval mapped through the
/// logistic curve.
#[must_use]
pub fn interval_of(score: f64, standard_error: f64) -> (f64, f64) {
    let error = standard_error * Z95;
    (
        elo_of_score((score - error).max(0.0)),
        elo_of_score((score + error).min(1.0)),
    )
}

/// `Elo +77 [+12, +148]`.
pub(super) fn elo_with_interval(elo: f64, (low, high): (f64, f64)) -> String {
    format!("Elo {} [{}, {}]", signed(elo), signed(low), signed(high))
}

/// The Elo difference whose expected score is `score` (±infinity at 1 and 0).
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl fmt::Display for Tally {
    /// `+W -L =D  score 61.0 %  Elo +77 [+12, +148]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} -{} ={}", self.wins, self.losses, self.draws)?;
        if let (Some(score), Some(elo), Some(interval)) =
            (self.score(), self.elo(), self.elo_interval())
        {
            write!(
                f,
                "  score {:.1} %  {}",
                score * 100.0,
                elo_with_interval(elo, interval)
            )?;
        }
        Ok(())
    }
}

fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // Adding 0.0 turns -0.0 into 0.0, so an even score prints as +0.
        format!("{:+.0}", elo.round() + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
        Tally {
            wins,
            losses,
            draws,
        }
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(elo_of_score(0.5).abs() < 1e-9);
        // 10^(1/4) odds: +100 Elo expects a score of 0.640.
        assert!((elo_of_score(0.640_065) - 100.0).abs() < 0.01);
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
        assert!((elo_of_score(0.25) + 190.85).abs() < 0.01);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_from_the_standard_error() {
        // 60 wins in 100: s = 0.6, sd = sqrt(0.24), se = 0.04899, s ± 1.96 se = 0.504..0.696.
        let t = tally(60, 40, 0);
        assert!((t.score().unwrap() - 0.6).abs() < 1e-12);
        assert!((t.elo().unwrap() - 70.44).abs() < 0.01);
        let (low, high) = t.elo_interval().unwrap();
        assert!((low - elo_of_score(0.6 - 1.959_964 * 0.24f64.sqrt() / 10.0)).abs() < 1e-9);
        assert!((2.0..4.5).contains(&low), "{low}");
        assert!((143.0..147.0).contains(&high), "{high}");
    }

    #[test]
    fn draws_count_half_and_narrow_the_interval() {
        let drawn = tally(10, 10, 80);
        assert_eq!(drawn.score(), Some(0.5));
        let (low, high) = drawn.elo_interval().unwrap();
        let (wide_low, wide_high) = tally(50, 50, 0).elo_interval().unwrap();
        assert!(low > wide_low && high < wide_high);
        assert!((low + high).abs() < 1e-9);
        assert!(drawn.to_string().contains("Elo +0 ["), "{drawn}");
    }

    #[test]
    fn sweeps_and_empty_tallies() {
        let sweep = tally(8, 0, 0);
        assert_eq!(sweep.elo(), Some(f64::INFINITY));
        assert_eq!(sweep.elo_interval(), Some((f64::INFINITY, f64::INFINITY)));
        assert!(sweep.to_string().contains("Elo +inf"));
        assert_eq!(Tally::default().score(), None);
        assert_eq!(Tally::default().to_string(), "+0 -0 =0");
    }
}
