//! The two colours of stones and what a cell can hold.

use std::fmt;

/// A stone colour. Black moves first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Stone {
    /// The first player (`x` in text).
    Black,
    /// The second player (`o` in text).
    White,
}

impl Stone {
    /// Both colours, Black first.
    pub const BOTH: [Stone; 2] = [Stone::Black, Stone::White];

    /// The other colour.
    #[must_use]
    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Stone::Black => 0,
            Stone::White => 1,
        }
    }

    /// The cell code used in the `cells` position form and on the grid: 1 Black, 2 White.
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Stone::Black => 1,
            Stone::White => 2,
        }
    }

    /// The character used in the text rows form: `x` Black, `o` White.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Stone::Black => 'x',
            Stone::White => 'o',
        }
    }

    /// Lower-case name, as in JSON (`black`, `white`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
        }
    }

    /// Capitalised name, to begin a sentence (`Black`, `White`).
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Stone::Black => "Black",
            Stone::White => "White",
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
