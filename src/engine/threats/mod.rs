//! Threat-space search: VCF (victory by continuous fours) and VCT (by threats of any kind).
//!
//! The attacker plays only threats; the defender answers every threat with every move that
//! could stop it. A four leaves one answer (its five point). In a VCT a threat is any move
//! after which the attacker, if it could move again, would win by a VCF of at most two moves
//! (an open three's open four, or a four-three or double four set up, as in quintet's threat
//! limit 2; a budget may allow three); it is answered on the line of that VCF, or with a four
//! of the defender's own (a counter-four gains a tempo). A move that makes two five points at
//! once (open four, double four) wins on the spot. The VCF is a deepening depth-first search;
//! the VCT, whose tree is far wider, a proof-number search (`proof_numbers`).
//!
//! Renju is honoured throughout: a Black threat on a forbidden point cannot be played, a Black
//! three whose open-four points are all forbidden threatens nothing, and a White threat whose
//! only answer is forbidden for Black wins.
//!
//! This module is the API (`find_win`, `wins_after`, `five_points`, the resumable
//! `SlicedVct` and `line_distance`); the `solver` holds one search's state, `vcf` and
//! `proof_numbers` its two algorithms, `generation` the threats and defences they try,
//! `distance` how many moves a proven win takes, `budget` what a search may spend and how
//! its tables are sized. Uses the game and `eval` only.

use smallvec::SmallVec;

use crate::engine::game::board::Board;
use crate::engine::game::geometry::{Direction, Point};
use crate::engine::game::grid;
use crate::engine::game::patterns::Pattern;
use crate::engine::game::stone::Stone;
use solver::Solver;

mod budget;
mod distance;
mod generation;
mod proof_numbers;
mod sliced;
mod solver;
#[cfg(test)]
pub(crate) mod tests;
mod vcf;

pub use budget::{
    table_entries_within, Budget, DEFAULT_TABLE_ENTRIES, DEFAULT_THREAT_VCF_MOVES,
    MIN_TABLE_ENTRIES, TABLE_ENTRY_BYTES,
};
pub use distance::line_distance;
pub use sliced::SlicedVct;

/// Which threats the attacker may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Fours only.
    Vcf,
    /// Threes and fours.
    Vct,
}

/// What a threat search found for the attacker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// A forced win: the line (attacker's moves and the defender's replies) to the winning
    /// threat, attacker first.
    Win(Vec<Point>),
    /// No win of this kind within the move limit exists.
    NoWin,
    /// The budget ran out before an answer.
    Unknown,
}

/// The result of a threat search with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreatResult {
    /// What was found.
    pub proof: Proof,
    /// Nodes visited.
    pub nodes: u64,
    /// When a VCT search from the attacker's move ran out of budget (`Proof::Unknown`):
    /// the move its numbers found likeliest to win, if any was still open.
    pub lead: Option<Lead>,
}

/// The attacker's most promising move at the root of an unsettled VCT search, and its
/// proof and disproof numbers there: about how many more positions would have to be won to
/// prove it wins, and how many held to prove it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lead {
    /// The move.
    pub point: Point,
    /// Its proof number (at least 1: it is not proven).
    pub proof: u32,
    /// Its disproof number (at least 1: it is not disproven).
    pub disproof: u32,
}

impl Lead {
    /// How many times harder the search found refuting the move than finishing its proof.
    #[must_use]
    pub fn odds(&self) -> f64 {
        f64::from(self.disproof) / f64::from(self.proof)
    }
}

/// Looks for a forced win of `mode` for the side to move within `max_moves` of its moves
/// (the move making two five points included).
#[must_use]
pub fn find_win(board: &Board, mode: Mode, max_moves: u32, budget: &Budget) -> ThreatResult {
    let mut solver = Solver::new(board, mode, budget);
    let proof = solver.solve(max_moves);
    let lead = match (&proof, mode) {
        (Proof::Unknown, Mode::Vct) => solver.root_lead(),
        _ => None,
    };
    ThreatResult {
        proof,
        nodes: solver.nodes,
        lead,
    }
}

/// Whether the side to move playing `point` wins by force with threats of `mode` within
/// `max_moves` of its moves (counting `point`): every defence is tried.
#[must_use]
pub fn wins_after(
    board: &Board,
    point: Point,
    mode: Mode,
    max_moves: u32,
    budget: &Budget,
) -> ThreatResult {
    let mut solver = Solver::new(board, mode, budget);
    let proof = solver.prove_move(point, max_moves);
    ThreatResult {
        proof,
        nodes: solver.nodes,
        lead: None,
    }
}

/// Five points as `five_points` lists them: rarely more than two, so they stay off the heap
/// (the solver asks at nearly every node).
pub type FivePoints = SmallVec<[Point; 4]>;

/// The empty points that complete a five for `colour`, on the four lines through `around`
/// (where the last stone of `colour` went; a point is listed once for each of those lines it
/// completes) or, without one, anywhere on the board (each point once).
#[must_use]
pub fn five_points(board: &Board, colour: Stone, around: Option<Point>) -> FivePoints {
    let mut found = FivePoints::new();
    if !board.has_five_point(colour) {
        return found;
    }
    match around {
        Some(centre) => {
            let centre = grid::index_of(centre);
            for d in Direction::ALL {
                let step = grid::offset(d);
                for k in (-4..=4).filter(|&k| k != 0) {
                    // The grid's padding is wider than 4: past an edge this reads a wall.
                    let q = centre.wrapping_add_signed(k * step);
                    let five = board.pattern_at_index(q, d, colour) == Pattern::Five;
                    if five && board.grid().at(q) == grid::EMPTY {
                        found.push(grid::point_of(q));
                    }
                }
            }
        }
        None => found.extend(
            board
                .four_points(colour)
                .filter(|&q| board.patterns_at(q, colour).contains(&Pattern::Five)),
        ),
    }
    found
}
