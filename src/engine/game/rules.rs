//! The rule sets and what counts as a win under each.

use std::fmt;
use std::str::FromStr;

use super::stone::Stone;

/// A rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins, for both colours.
    #[default]
    Freestyle,
    /// Exactly five wins, for both colours; an overline wins nothing.
    Standard,
    /// RIF renju: White wins with five or more; Black only with exactly five, and Black may
    /// not make an overline, a double four or a double three.
    Renju,
}

impl Rule {
    /// All rule sets.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// Whether `colour` needs exactly five (a run of six or more does not win).
    #[must_use]
    pub fn exact_five(self, colour: Stone) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => colour == Stone::Black,
        }
    }

    /// Whether a run of `length` stones of `colour` wins.
    #[must_use]
    pub fn wins(self, colour: Stone, length: usize) -> bool {
        if self.exact_five(colour) {
            length == 5
        } else {
            length >= 5
        }
    }

    /// Whether `colour` has forbidden moves under this rule.
    #[must_use]
    pub fn has_forbidden_moves(self, colour: Stone) -> bool {
        self == Rule::Renju && colour == Stone::Black
    }

    /// Lower-case name, as in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

/// A rule name that is not one of the three.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule '{0}': expected freestyle, standard or renju")]
pub struct UnknownRule(pub String);

impl FromStr for Rule {
    type Err = UnknownRule;

    fn from_str(text: &str) -> Result<Rule, UnknownRule> {
        Rule::ALL
            .into_iter()
            .find(|rule| rule.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownRule(text.to_string()))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
