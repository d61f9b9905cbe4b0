//! The difficulty ladder: the five levels a request may ask for, by name.

use std::fmt;
use std::str::FromStr;

/// The difficulty ladder, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Difficulty {
    /// Sums a weight per contiguous run next to each point.
    Beginner,
    /// Looks up each direction's neighbour pattern in an attack/defence table.
    Easy,
    /// Compares the best shape for itself and for the opponent at every point.
    #[default]
    Medium,
    /// A few plies of alpha-beta over the best-looking candidates.
    Hard,
    /// The full engine: iterative-deepening PVS, transposition table, VCF/VCT.
    Master,
}

impl Difficulty {
    /// All levels, weakest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Beginner,
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Master,
    ];

    /// Lower-case name, as in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Beginner => "beginner",
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Master => "master",
        }
    }
}

/// A difficulty name that is not on the ladder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty '{0}': expected beginner, easy, medium, hard or master")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(text: &str) -> Result<Difficulty, UnknownDifficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownDifficulty(text.to_string()))
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
