//! Wire enums: the rule, level and colour names a client sends, and the status names it reads.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::engine::{Difficulty, ForbiddenKind, Rule, Stone};

/// Rule set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RuleDto {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins; overlines do not.
    Standard,
    /// RIF renju: Black has forbidden moves and needs exactly five.
    Renju,
}

impl From<RuleDto> for Rule {
    fn from(rule: RuleDto) -> Rule {
        match rule {
            RuleDto::Freestyle => Rule::Freestyle,
            RuleDto::Standard => Rule::Standard,
            RuleDto::Renju => Rule::Renju,
        }
    }
}

impl From<Rule> for RuleDto {
    fn from(rule: Rule) -> RuleDto {
        match rule {
            Rule::Freestyle => RuleDto::Freestyle,
            Rule::Standard => RuleDto::Standard,
            Rule::Renju => RuleDto::Renju,
        }
    }
}

/// Playing strength, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DifficultyDto {
    /// Run-length weights.
    Beginner,
    /// Pattern tables.
    Easy,
    /// Best own shape against best opponent shape.
    #[default]
    Medium,
    /// Shallow alpha-beta.
    Hard,
    /// The full engine.
    Master,
}

impl From<DifficultyDto> for Difficulty {
    fn from(level: DifficultyDto) -> Difficulty {
        match level {
            DifficultyDto::Beginner => Difficulty::Beginner,
            DifficultyDto::Easy => Difficulty::Easy,
            DifficultyDto::Medium => Difficulty::Medium,
            DifficultyDto::Hard => Difficulty::Hard,
            DifficultyDto::Master => Difficulty::Master,
        }
    }
}

impl From<Difficulty> for DifficultyDto {
    fn from(level: Difficulty) -> DifficultyDto {
        match level {
            Difficulty::Beginner => DifficultyDto::Beginner,
            Difficulty::Easy => DifficultyDto::Easy,
            Difficulty::Medium => DifficultyDto::Medium,
            Difficulty::Hard => DifficultyDto::Hard,
            Difficulty::Master => DifficultyDto::Master,
        }
    }
}

/// A colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StoneDto {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

impl From<StoneDto> for Stone {
    fn from(stone: StoneDto) -> Stone {
        match stone {
            StoneDto::Black => Stone::Black,
            StoneDto::White => Stone::White,
        }
    }
}

impl From<Stone> for StoneDto {
    fn from(stone: Stone) -> StoneDto {
        match stone {
            Stone::Black => StoneDto::Black,
            Stone::White => StoneDto::White,
        }
    }
}

/// State of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatusDto {
    /// Nobody has won yet.
    Ongoing,
    /// Black has won.
    BlackWon,
    /// White has won.
    WhiteWon,
    /// Full board, no winner.
    Draw,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReasonDto {
    /// Five in a row (`line` holds it).
    Five,
    /// Black played an overline under renju (`line` holds the point).
    ForbiddenOverline,
    /// Black played a double four under renju.
    ForbiddenDoubleFour,
    /// Black played a double three under renju.
    ForbiddenDoubleThree,
    /// The board filled up.
    BoardFull,
}

/// Kind of a renju-forbidden point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ForbiddenKindDto {
    /// Six or more in a row.
    Overline,
    /// Two fours at once.
    DoubleFour,
    /// Two real threes at once.
    DoubleThree,
}

impl From<ForbiddenKind> for ForbiddenKindDto {
    fn from(kind: ForbiddenKind) -> ForbiddenKindDto {
        match kind {
            ForbiddenKind::Overline => ForbiddenKindDto::Overline,
            ForbiddenKind::DoubleFour => ForbiddenKindDto::DoubleFour,
            ForbiddenKind::DoubleThree => ForbiddenKindDto::DoubleThree,
        }
    }
}
