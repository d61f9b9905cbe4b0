//! The evaluation's weights: what one empty cell is worth to the side to move and to its
//! opponent, by the combination of its four line patterns, per rule family. Both colours
//! share a family's tables: a cell's patterns already follow its colour's rule (a renju
//! overline is no five for Black), and tables of their own for each renju colour lost to
//! shared ones in play (decision 0041).
//!
//! A cell's four patterns are an unordered combination (directions do not matter to its
//! worth), so a cell table holds one value per combination: `COMBOS` of them, in the
//! canonical order of `combinations`. A family also values each `ThreatMask` (which threats
//! the two sides hold), one value per mask. The numbers are fitted to a champion engine's
//! evaluations by `training` (`gomoku-ai train-eval`) and live in
//! `models/eval-weights.json`, embedded in the binary and read once.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::all_patterns;
use super::model_file::{parse_embedded, ModelFile};
use super::threat_mask::MASKS;
use crate::engine::game::patterns::Pattern;

/// The embedded weights file.
const EMBEDDED: &str = include_str!("../../../models/eval-weights.json");

/// The weights file format this build reads.
pub const FORMAT: u32 = 3;

/// Number of line patterns.
pub const PATTERNS: usize = 11;

/// Number of unordered combinations of four line patterns (with repetition: C(14, 4)).
pub const COMBOS: usize = 1001;

/// Number of ordered pattern quadruples, the size of a table indexed by `ordered_index`.
pub const ORDERED: usize = PATTERNS * PATTERNS * PATTERNS * PATTERNS;

/// The index of four patterns in direction order (for tables over `ORDERED` entries).
#[must_use]
#[inline]
pub fn ordered_index(patterns: [Pattern; 4]) -> usize {
    patterns
        .iter()
        .fold(0, |acc, &p| acc * PATTERNS + p as usize)
}

/// Every combination of four patterns, weakest patterns first within each and the
/// combinations in lexicographic order: the order of a table's values.
#[must_use]
pub fn combinations() -> &'static [[Pattern; 4]] {
    static ALL: OnceLock<Vec<[Pattern; 4]>> = OnceLock::new();
    ALL.get_or_init(|| {
        let all = all_patterns();
        let mut combos = Vec::with_capacity(COMBOS);
        for a in 0..PATTERNS {
            for b in a..PATTERNS {
                for c in b..PATTERNS {
                    for d in c..PATTERNS {
                        combos.push([all[a], all[b], all[c], all[d]]);
                    }
                }
            }
        }
        combos
    })
}

/// The combination (an index into `combinations`) of four patterns in any order.
#[must_use]
#[inline]
pub fn combination(patterns: [Pattern; 4]) -> usize {
    usize::from(combination_table()[ordered_index(patterns)])
}

/// `combination` for every ordered quadruple.
fn combination_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u16; ORDERED];
        for (id, combo) in combinations().iter().enumerate() {
            let id = u16::try_from(id).expect("combinations fit 16 bits");
            for order in permutations(*combo) {
                table[ordered_index(order)] = id;
            }
        }
        table
    })
}

/// The 24 orders of four patterns (repeats included when patterns repeat).
fn permutations(p: [Pattern; 4]) -> impl Iterator<Item = [Pattern; 4]> {
    (0..4).flat_map(move |a| {
        (0..4).filter(move |&b| b != a).flat_map(move |b| {
            (0..4)
                .filter(move |&c| c != a && c != b)
                .map(move |c| [p[a], p[b], p[c], p[6 - a - b - c]])
        })
    })
}

/// One rule family's weights, for either colour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Family {
    /// Bonus of the side to move.
    pub tempo: i32,
    /// Worth of each combination on a cell to the side to move.
    pub as_mover: Vec<i32>,
    /// Worth of each combination on a cell to the side not to move.
    pub as_opponent: Vec<i32>,
    /// Worth of each `ThreatMask` (by its index): which threats the two sides hold.
    pub threats: Vec<i32>,
}

/// Where a fit came from and how well it predicts, kept beside the numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// The data the weights were fitted to.
    pub data: String,
    /// The command that made this file.
    pub command: String,
    /// Held-out mean cross-entropy against the targets, per family: the hand-set
    /// evaluation's, then the fitted one's.
    pub held_out: Vec<HeldOut>,
}

/// One family's held-out figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HeldOut {
    /// `freestyle` or `renju`.
    pub family: String,
    /// Training positions.
    pub train: usize,
    /// Held-out positions.
    pub test: usize,
    /// Cross-entropy of the hand-set evaluation (at the same scale).
    pub hand_set: f64,
    /// Cross-entropy of the fitted evaluation.
    pub fitted: f64,
}

/// The whole evaluation model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    /// Must equal `FORMAT`.
    pub format: u32,
    /// Evaluation units per unit of log-odds the targets were fitted at: a static
    /// evaluation `v` predicts the mover wins with `σ(v / scale)`.
    pub scale: f64,
    /// How the file was made.
    pub provenance: Provenance,
    /// Freestyle's weights (the standard rule's too).
    pub freestyle: Family,
    /// Renju's.
    pub renju: Family,
}

impl Weights {
    /// The weights embedded in this binary (parsed once).
    ///
    /// # Panics
    /// Never for a built binary: a test parses and checks the embedded file.
    #[must_use]
    pub fn embedded() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| parse_embedded(EMBEDDED, "models/eval-weights.json"))
    }
}

impl ModelFile for Weights {
    type Family = Family;
    const FORMAT: u32 = FORMAT;

    fn format(&self) -> u32 {
        self.format
    }

    fn families(&self) -> [&Family; 2] {
        [&self.freestyle, &self.renju]
    }

    fn tables(family: &Family) -> Vec<(&[i32], usize)> {
        vec![
            (&family.as_mover, COMBOS),
            (&family.as_opponent, COMBOS),
            (&family.threats, MASKS),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::super::{threat_mask::ThreatMask, Threat};
    use super::*;

    #[test]
    fn combinations_are_distinct_sorted_and_cover_every_order() {
        let combos = combinations();
        assert_eq!(combos.len(), COMBOS);
        for (id, combo) in combos.iter().enumerate() {
            assert!(combo.windows(2).all(|w| w[0] <= w[1]), "{combo:?}");
            assert_eq!(combination(*combo), id);
            let mut reversed = *combo;
            reversed.reverse();
            assert_eq!(combination(reversed), id);
        }
        let seen: std::collections::HashSet<_> = combos.iter().collect();
        assert_eq!(seen.len(), COMBOS);
        let all = all_patterns();
        let mixed = [all[7], all[2], all[9], all[2]];
        assert_eq!(combos[combination(mixed)], [all[2], all[2], all[7], all[9]]);
    }

    #[test]
    fn the_embedded_weights_load_and_value_threats_above_quiet_shapes() {
        use Pattern::{Block3, Block4, Dead, Flex2, Flex3, Flex4};
        let weights = Weights::embedded();
        let single = |pattern| combination([pattern, Dead, Dead, Dead]);
        let four_three = combination([Block4, Flex3, Dead, Dead]);
        for family in [&weights.freestyle, &weights.renju] {
            // The mover's own open-four points are rare in unresolved positions (the threat
            // search answers them), so only the opponent's are asserted.
            assert!(family.as_opponent[single(Flex4)] > family.as_opponent[single(Flex2)]);
            for values in [&family.as_mover, &family.as_opponent] {
                assert!(values[single(Flex3)] > values[single(Dead)]);
            }
            // A lone four-three point's worth is shared between its cell and the threat
            // mask that records it: together they beat a blocked three's cell, which adds
            // nothing to the mask.
            let mask_gain = |own: &[Threat], theirs: &[Threat]| {
                family.threats[ThreatMask::holding(own, theirs).index()] - family.threats[0]
            };
            assert!(
                family.as_mover[four_three] + mask_gain(&[Threat::FourThree], &[])
                    > family.as_mover[single(Block3)]
            );
            assert!(
                family.as_opponent[four_three] - mask_gain(&[], &[Threat::FourThree])
                    > family.as_opponent[single(Block3)]
            );
        }
        assert!(weights.scale > 0.0);
    }

    #[test]
    fn the_embedded_weights_value_a_double_three_of_the_mover_when_the_opponent_has_no_threat() {
        let double_three = ThreatMask::holding(&[Threat::DoubleThree], &[]);
        for family in [&Weights::embedded().freestyle, &Weights::embedded().renju] {
            assert!(family.threats[double_three.index()] > family.threats[0] + 50);
        }
    }

    #[test]
    fn a_wrong_shape_is_refused() {
        let mut weights = Weights::embedded().clone();
        weights.renju.as_mover.pop();
        assert!(weights.check().is_err());
        let mut weights = Weights::embedded().clone();
        weights.freestyle.as_opponent[3] = 40_000;
        assert!(weights.check().is_err());
        let mut weights = Weights::embedded().clone();
        weights.format += 1;
        assert!(weights.check().is_err());
    }
}
