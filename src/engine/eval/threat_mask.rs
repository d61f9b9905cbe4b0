//! Which threats each side holds anywhere on the board: the one term of the evaluation that
//! is not a sum over cells.
//!
//! The cell sums value each threat point by itself, so two threats on different lines are
//! worth twice one. Yet what a threat is worth depends on what else is on the board: an open
//! three is a win when the opponent holds no four to gain tempo with and a mere tempo
//! otherwise; a four-three point for the side to move decides the game unless the opponent
//! answers with fours. The mask records, for each side, which groups of threat classes it
//! holds among the candidate cells it may legally play, and the evaluation adds a learned
//! value per mask (`weights::Family::threats`).

use super::Threat;

/// Threat groups recorded per side.
pub const SIDE_BITS: u32 = 5;

/// Number of distinct masks: the mover's groups in the low bits, the opponent's above.
pub const MASKS: usize = 1 << (2 * SIDE_BITS);

/// The group bit of a threat class: an open three, two threes, a four, a four-three, a
/// winning four (two five points). A quiet cell holds none, and a five decides the position
/// before any evaluation.
#[must_use]
#[inline]
pub fn group(threat: Threat) -> u16 {
    GROUPS[threat as usize]
}

/// `group` of each threat class in declaration order: the scans look a group up for every
/// cell, and a table read costs them less than the jump table a `match` compiles to.
const GROUPS: [u16; 8] = {
    let mut groups = [0; 8];
    groups[Threat::Three as usize] = 1;
    groups[Threat::DoubleThree as usize] = 2;
    groups[Threat::Four as usize] = 4;
    groups[Threat::FourThree as usize] = 8;
    groups[Threat::DoubleFour as usize] = 16;
    groups[Threat::OpenFour as usize] = 16;
    groups
};

/// The threat groups the side to move and its opponent hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreatMask {
    own: u16,
    theirs: u16,
}

impl ThreatMask {
    /// The mask of a position where the side to move holds the threats `own` and its
    /// opponent `theirs`.
    #[must_use]
    pub fn holding(own: &[Threat], theirs: &[Threat]) -> ThreatMask {
        let groups = |threats: &[Threat]| threats.iter().fold(0, |bits, &t| bits | group(t));
        ThreatMask {
            own: groups(own),
            theirs: groups(theirs),
        }
    }

    /// Records a threat of the side to move on a cell it may play (`eval::CellReader`).
    #[inline]
    pub fn add_own(&mut self, threat: Threat) {
        self.own |= group(threat);
    }

    /// Records a threat of the opponent on a cell it may play (`eval::CellReader`).
    #[inline]
    pub fn add_theirs(&mut self, threat: Threat) {
        self.theirs |= group(threat);
    }

    /// The mask's index into a table of `MASKS` values.
    #[must_use]
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.own) | usize::from(self.theirs) << SIDE_BITS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::{CellReader, CellTable};
    use crate::engine::game::geometry::Point;
    use crate::engine::game::position::drawn_board;
    use crate::engine::game::stone::Stone;
    use crate::engine::Rule;

    #[test]
    fn groups_are_distinct_bits_within_a_side() {
        let all = [
            Threat::Three,
            Threat::DoubleThree,
            Threat::Four,
            Threat::FourThree,
            Threat::OpenFour,
        ];
        let union = all.iter().fold(0, |acc, &t| {
            assert_eq!(acc & group(t), 0, "{t:?}");
            acc | group(t)
        });
        assert_eq!(usize::from(union), (1 << SIDE_BITS) - 1);
        assert_eq!(group(Threat::DoubleFour), group(Threat::OpenFour));
    }

    #[test]
    fn the_index_keeps_the_sides_apart() {
        let mut mask = ThreatMask::holding(&[Threat::Four], &[]);
        let board = drawn_board(&["....."; 5], Rule::Freestyle, Stone::Black);
        let info = CellTable::get().info(board.patterns_at(Point::new(2, 2), Stone::White));
        mask.add_theirs(info.threat);
        assert_eq!(mask.index(), 4, "an empty board's cell holds no threat");
        assert_eq!(
            ThreatMask::holding(&[], &[Threat::Four]).index(),
            4 << SIDE_BITS
        );
        let all = [
            Threat::Three,
            Threat::DoubleThree,
            Threat::FourThree,
            Threat::OpenFour,
        ];
        assert_eq!(
            ThreatMask::holding(&all, &all).index(),
            MASKS - 1 - 4 - (4 << SIDE_BITS)
        );
    }

    #[test]
    fn a_renju_foul_is_no_threat_of_black() {
        // Black at (4, 3) would make two open threes: a foul under renju, a threat otherwise.
        let rows = [
            ".......", "....x..", "....x..", "..xx...", ".......", ".......", ".......",
        ];
        let point = Point::new(4, 3);
        for (rule, held) in [(Rule::Renju, false), (Rule::Freestyle, true)] {
            let board = drawn_board(&rows, rule, Stone::White);
            let info = CellTable::of(rule).info(board.patterns_at(point, Stone::Black));
            assert_eq!(info.threat, Threat::DoubleThree);
            let mut mask = ThreatMask::default();
            if let Some(info) = CellReader::new(&board).info(point, Stone::Black) {
                mask.add_theirs(info.threat);
            }
            let double_three = ThreatMask::holding(&[], &[Threat::DoubleThree]);
            assert_eq!(mask == double_three, held, "{rule:?}");
        }
    }
}
