//! The learned move-ordering values: how likely a strong player is to play a cell, by the
//! combination of the mover's four line patterns there and of the opponent's, per rule
//! family. Master's tree orders its moves by them (then the table's move, the killers and
//! the history), so late-move reductions and pruning fall on the moves a strong player
//! would least consider.
//!
//! A cell's ordering value is `own[mover's combination] + theirs[opponent's combination]`,
//! in units of the hand-set ordering value the tree used before, so the killer and history
//! bonuses keep their weight. The numbers are fitted to a champion engine's choices by
//! `ordering_training` (`gomoku-ai train-order`) and live in `models/order-weights.json`,
//! embedded in the binary and read once.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::model_file::{parse_embedded, ModelFile};
use super::weights::COMBOS;

/// The embedded ordering file.
const EMBEDDED: &str = include_str!("../../../models/order-weights.json");

/// The ordering file format this build reads.
pub const FORMAT: u32 = 1;

/// One rule family's ordering values, for either colour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrderFamily {
    /// Value of each combination of the mover's patterns on the cell.
    pub own: Vec<i32>,
    /// Value of each combination of the opponent's patterns on the same cell.
    pub theirs: Vec<i32>,
}

/// Where a fit came from and how well it predicts, kept beside the numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrderProvenance {
    /// The data the values were fitted to.
    pub data: String,
    /// The command that made this file.
    pub command: String,
    /// Held-out figures per family.
    pub held_out: Vec<OrderHeldOut>,
}

/// One family's held-out figures: how well the hand-set ordering and the fitted one predict
/// the data's moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrderHeldOut {
    /// `freestyle` or `renju`.
    pub family: String,
    /// Training positions.
    pub train: usize,
    /// Held-out positions.
    pub test: usize,
    /// Mean negative log-likelihood of the played move under the hand-set ordering (its
    /// best-fitting temperature), then under the fitted one.
    pub hand_set_loss: f64,
    /// See `hand_set_loss`.
    pub fitted_loss: f64,
    /// Share of positions whose played move the hand-set ordering puts first, then the
    /// fitted one.
    pub hand_set_top1: f64,
    /// See `hand_set_top1`.
    pub fitted_top1: f64,
}

/// The whole ordering model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrderWeights {
    /// Must equal `FORMAT`.
    pub format: u32,
    /// Log-odds of being played per ordering unit (the hand-set ordering's fitted
    /// temperature).
    pub unit: f64,
    /// How the file was made.
    pub provenance: OrderProvenance,
    /// Freestyle's values (the standard rule's too).
    pub freestyle: OrderFamily,
    /// Renju's.
    pub renju: OrderFamily,
}

impl OrderWeights {
    /// The ordering values embedded in this binary (parsed once).
    ///
    /// # Panics
    /// Never for a built binary: a test parses and checks the embedded file.
    #[must_use]
    pub fn embedded() -> &'static OrderWeights {
        static WEIGHTS: OnceLock<OrderWeights> = OnceLock::new();
        WEIGHTS.get_or_init(|| parse_embedded(EMBEDDED, "models/order-weights.json"))
    }
}

impl ModelFile for OrderWeights {
    type Family = OrderFamily;
    const FORMAT: u32 = FORMAT;

    fn format(&self) -> u32 {
        self.format
    }

    fn families(&self) -> [&OrderFamily; 2] {
        [&self.freestyle, &self.renju]
    }

    fn tables(family: &OrderFamily) -> Vec<(&[i32], usize)> {
        vec![(&family.own, COMBOS), (&family.theirs, COMBOS)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::weights::combination;
    use crate::engine::game::patterns::Pattern;

    #[test]
    fn the_embedded_ordering_loads_and_puts_threats_above_quiet_shapes() {
        use Pattern::{Block2, Block3, Block4, Dead, Flex2, Flex3};
        let weights = OrderWeights::embedded();
        let single = |pattern| combination([pattern, Dead, Dead, Dead]);
        let four_three = combination([Block4, Flex3, Dead, Dead]);
        for family in [&weights.freestyle, &weights.renju] {
            for values in [&family.own, &family.theirs] {
                assert!(values[four_three] > values[single(Flex3)]);
                assert!(values[single(Flex3)] > values[single(Block2)]);
                assert!(values[single(Flex2)] > values[single(Dead)]);
                assert!(values[single(Block4)] > values[single(Block3)]);
            }
        }
        assert!(weights.unit > 0.0);
        // Both families are fitted, and predict the held-out moves better than the hand-set
        // ordering (`--hand-set` would keep it for a family).
        let held_out = &weights.provenance.held_out;
        assert_eq!(held_out.len(), 2);
        for family in held_out {
            assert!(family.fitted_loss < family.hand_set_loss, "{family:?}");
        }
    }

    #[test]
    fn a_wrong_shape_is_refused() {
        let mut weights = OrderWeights::embedded().clone();
        weights.renju.own.pop();
        assert!(weights.check().is_err());
        let mut weights = OrderWeights::embedded().clone();
        weights.freestyle.theirs[3] = 40_000;
        assert!(weights.check().is_err());
        let mut weights = OrderWeights::embedded().clone();
        weights.format += 1;
        assert!(weights.check().is_err());
    }
}
