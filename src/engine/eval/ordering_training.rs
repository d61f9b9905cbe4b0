//! Fitting the move-ordering values (`ordering`) to a strong player's choices.
//!
//! A cell's ordering value is linear in two features, the mover's pattern combination there
//! and the opponent's. Over a position's legal candidate cells the values, as log-odds, give
//! a softmax: the chance the player picks each cell. The fit maximises the likelihood of the
//! moves the player made, in two stages:
//!
//! 1. **Temperature**: the hand-set ordering (`eval::order_value`, the mover's cell weighted
//!    a quarter above the opponent's, as the tree used it) is scaled to log-odds by the one
//!    number that predicts the moves best; that number is the file's unit.
//! 2. **Corrections**: every combination's value then moves by full-batch Adam, with an L2
//!    penalty towards the scaled hand-set value, so a combination seen rarely keeps it.
//!
//! Everything is deterministic: the same choices give the same values.

use super::ordering::{OrderFamily, OrderHeldOut, OrderProvenance, OrderWeights, FORMAT};
use super::training::{decides, golden_minimum, Adam};
use super::weights::{combination, combinations, COMBOS};
use super::{is_legal, order_value, HAND_SET_OWN_WEIGHT};
use crate::engine::game::area::Area;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::patterns::Pattern;

/// Adam's steps and step size (in log-odds) for the corrections.
const ADAM_STEPS: usize = 300;
const ADAM_RATE: f64 = 0.05;

/// One position and the move the player chose there.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// `(mover's combination, opponent's combination)` of each legal candidate cell (a dead
    /// one for the opponent where renju forbids it the cell).
    pub cells: Vec<(u16, u16)>,
    /// The index in `cells` of the move played.
    pub played: usize,
}

impl Choice {
    /// The choice of `played` on `board`, or `None` when a move decides the position (the
    /// mover has a five or a winning four, or must block a five: the tree orders nothing
    /// there) or `played` is not a legal candidate cell.
    #[must_use]
    pub fn of(board: &Board, played: Point) -> Option<Choice> {
        let me = board.to_move();
        let mut cells = Vec::new();
        let mut index = None;
        for p in Area::new(board).candidates(board) {
            let (own, theirs) = (
                board.patterns_at(p, me),
                board.patterns_at(p, me.opponent()),
            );
            if !is_legal(board, p, me) {
                continue;
            }
            if decides(board, p, own, theirs) {
                return None;
            }
            if p == played {
                index = Some(cells.len());
            }
            // A cell the opponent may not play needs no block: the tree orders it as one
            // with no line to five for the opponent (`CellInfo::FOUL`).
            let theirs = if is_legal(board, p, me.opponent()) {
                theirs
            } else {
                [Pattern::Dead; 4]
            };
            cells.push((compact(combination(own)), compact(combination(theirs))));
        }
        Some(Choice {
            cells,
            played: index?,
        })
    }
}

/// A combination index as the choices store it.
fn compact(combo: usize) -> u16 {
    u16::try_from(combo).expect("combinations fit 16 bits")
}

/// One family's ordering values in log-odds while they are fitted.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderModel {
    /// The mover's table, then the opponent's: `2 * COMBOS` values.
    values: Vec<f64>,
}

impl OrderModel {
    /// The hand-set ordering at `unit` log-odds per ordering unit.
    #[must_use]
    pub fn hand_set(unit: f64) -> OrderModel {
        let mut values = vec![0.0; 2 * COMBOS];
        let own_weight = f64::from(HAND_SET_OWN_WEIGHT.0) / f64::from(HAND_SET_OWN_WEIGHT.1);
        for (combo, patterns) in combinations().iter().enumerate() {
            let value = f64::from(order_value(*patterns)) * unit;
            values[combo] = value * own_weight;
            values[COMBOS + combo] = value;
        }
        OrderModel { values }
    }

    /// The log-odds of each of a choice's cells (up to a constant).
    fn scores(&self, choice: &Choice) -> Vec<f64> {
        choice
            .cells
            .iter()
            .map(|&(own, theirs)| {
                self.values[usize::from(own)] + self.values[COMBOS + usize::from(theirs)]
            })
            .collect()
    }

    /// The family's integer values in ordering units of `unit` log-odds each, shifted so
    /// that a cell with no line to five is worth 0 to either side.
    #[must_use]
    pub fn family(&self, unit: f64) -> OrderFamily {
        let dead = combination([Pattern::Dead; 4]);
        let table = |start: usize| {
            let zero = self.values[start + dead];
            self.values[start..start + COMBOS]
                .iter()
                .map(|v| ((v - zero) / unit).round() as i32)
                .collect()
        };
        OrderFamily {
            own: table(0),
            theirs: table(COMBOS),
        }
    }
}

/// The chance of each cell under `scores` (a softmax).
fn softmax(scores: &[f64]) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

/// Mean negative log-likelihood of the played moves under `model`.
#[must_use]
pub fn loss(model: &OrderModel, choices: &[Choice]) -> f64 {
    let total: f64 = choices
        .iter()
        .map(|c| -softmax(&model.scores(c))[c.played].max(1e-300).ln())
        .sum();
    total / choices.len().max(1) as f64
}

/// Share of the choices whose played move `model` values strictly above every other cell.
#[must_use]
pub fn top1(model: &OrderModel, choices: &[Choice]) -> f64 {
    let hits = choices
        .iter()
        .filter(|c| {
            let scores = model.scores(c);
            let played = scores[c.played];
            scores
                .iter()
                .enumerate()
                .all(|(i, &s)| i == c.played || s < played)
        })
        .count();
    hits as f64 / choices.len().max(1) as f64
}

/// The hand-set ordering's best temperature for `choices`: log-odds per ordering unit (a
/// golden-section search over its logarithm between 10⁻⁵ and 10).
#[must_use]
pub fn best_unit(choices: &[Choice]) -> f64 {
    let at = |log_unit: f64| loss(&OrderModel::hand_set(log_unit.exp()), choices);
    golden_minimum(at, 1e-5f64.ln(), 10f64.ln()).exp()
}

/// The ordering that predicts `choices` best, from the hand-set one at `unit`, each value
/// held towards it by `penalty` (per choice, in log-odds⁻²).
#[must_use]
pub fn fit(choices: &[Choice], unit: f64, penalty: f64) -> OrderModel {
    let start = OrderModel::hand_set(unit);
    let mut model = start.clone();
    let mut adam = Adam::new(model.values.len(), ADAM_RATE);
    let n = choices.len().max(1) as f64;
    for _ in 0..ADAM_STEPS {
        let mut gradient: Vec<f64> = model
            .values
            .iter()
            .zip(&start.values)
            .map(|(v, s)| penalty * (v - s))
            .collect();
        for choice in choices {
            let chances = softmax(&model.scores(choice));
            for (i, (&(own, theirs), chance)) in choice.cells.iter().zip(chances).enumerate() {
                let error = (chance - f64::from(u8::from(i == choice.played))) / n;
                gradient[usize::from(own)] += error;
                gradient[COMBOS + usize::from(theirs)] += error;
            }
        }
        adam.step(&mut model.values, &gradient);
    }
    model
}

/// An ordering file from fitted freestyle and renju models, both in ordering units of
/// `unit` log-odds.
#[must_use]
pub fn weights(
    freestyle: &OrderModel,
    renju: &OrderModel,
    unit: f64,
    provenance: OrderProvenance,
) -> OrderWeights {
    OrderWeights {
        format: FORMAT,
        unit,
        provenance,
        freestyle: freestyle.family(unit),
        renju: renju.family(unit),
    }
}

/// A family's held-out figures: `model` and the hand-set ordering at `unit` on `test`.
#[must_use]
pub fn held_out(
    family: &str,
    model: &OrderModel,
    unit: f64,
    train: &[Choice],
    test: &[Choice],
) -> OrderHeldOut {
    let hand_set = OrderModel::hand_set(unit);
    OrderHeldOut {
        family: family.to_string(),
        train: train.len(),
        test: test.len(),
        hand_set_loss: loss(&hand_set, test),
        fitted_loss: loss(model, test),
        hand_set_top1: top1(&hand_set, test),
        fitted_top1: top1(model, test),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::position::drawn_board;
    use crate::engine::{Rule, Stone};

    fn board_of(rows: &[&str]) -> Board {
        drawn_board(rows, Rule::Freestyle, Stone::Black)
    }

    const ROWS: [&str; 7] = [
        ".......", ".xo....", "..x....", "...o...", ".......", ".......", ".......",
    ];

    #[test]
    fn a_choice_lists_every_legal_candidate_and_skips_decided_positions() {
        let board = board_of(&ROWS);
        let played = Point::new(4, 4);
        let choice = Choice::of(&board, played).unwrap();
        let candidates: Vec<Point> = Area::new(&board).candidates(&board).collect();
        assert_eq!(choice.cells.len(), candidates.len());
        assert_eq!(candidates[choice.played], played);
        assert!(
            Choice::of(&board, Point::new(0, 6)).is_none(),
            "not a candidate"
        );
        let four = board_of(&[
            ".......", "xxxx...", "oo.o...", ".......", ".......", ".......", ".......",
        ]);
        assert!(
            Choice::of(&four, Point::new(4, 1)).is_none(),
            "a five decides"
        );
    }

    /// Choices sampled from a known ordering: the fit must predict them better than the
    /// hand-set ordering does, and learn the preference the hand-set lacks.
    #[test]
    fn a_fit_learns_a_preference_the_hand_set_ordering_lacks() {
        let board = board_of(&ROWS);
        let template = Choice::of(&board, Point::new(4, 4)).unwrap();
        // The player always picks the cell the hand-set ordering likes least among those
        // whose pair of combinations is seen only once.
        let cells = &template.cells;
        let unique = |i: &usize| cells.iter().filter(|&&c| c == cells[*i]).count() == 1;
        let hand_set = OrderModel::hand_set(0.01).scores(&template);
        let favourite = (0..cells.len())
            .filter(unique)
            .min_by(|&a, &b| hand_set[a].total_cmp(&hand_set[b]))
            .unwrap();
        assert!(
            top1(
                &OrderModel::hand_set(0.01),
                &[Choice {
                    played: favourite,
                    ..template.clone()
                }]
            ) < 1.0
        );
        let choices = vec![
            Choice {
                played: favourite,
                ..template.clone()
            };
            20
        ];
        let unit = best_unit(&choices);
        let model = fit(&choices, unit, 1e-4);
        assert!(loss(&model, &choices) < loss(&OrderModel::hand_set(unit), &choices) - 0.1);
        assert_eq!(top1(&model, &choices), 1.0);
    }

    #[test]
    fn integer_values_are_shifted_so_a_dead_cell_is_worth_nothing() {
        let model = OrderModel::hand_set(0.02);
        let family = model.family(0.02);
        let dead = combination([Pattern::Dead; 4]);
        assert_eq!((family.own[dead], family.theirs[dead]), (0, 0));
        let three = combination([Pattern::Flex3, Pattern::Dead, Pattern::Dead, Pattern::Dead]);
        assert_eq!(family.theirs[three], order_value(combinations()[three]));
    }
}
