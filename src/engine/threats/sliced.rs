//! A VCT searched in slices: each slice resumes the proof-number search where the last one
//! stopped, from the table it keeps. Several such searches can so share one thread, each
//! given the next slice in turn (the root races the default threats against deeper ones),
//! and a caller can decide after every slice whether the search is worth more time.

use std::time::Instant;

use super::budget::Budget;
use super::solver::Solver;
use super::{five_points, Lead, Mode, Proof};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;

/// A VCT for the side to move that runs a slice at a time.
pub struct SlicedVct {
    solver: Solver,
    /// The attacker's first move, already played on the solver's board, when the search
    /// proves a win after it (`wins_after`) rather than from the position (`find_win`).
    first: Option<Point>,
    proof: Proof,
    /// Whether the slices still count a defender's replies weakly (see `count_by_sums`).
    weak: bool,
}

/// Whether `proof` is a five on the spot: one move, the win itself.
fn is_five(proof: &Proof, solver: &Solver) -> bool {
    matches!(proof, Proof::Win(line) if line.len() == 1 && solver.nodes == 0)
}

impl SlicedVct {
    /// A search for the side to move's VCT within `max_moves` of its moves: from the
    /// position, or after its move `first` (counted) when given. `budget` gives its tables,
    /// its stop flags and its threats' limit (`Budget::threat_vcf_moves`); each slice its
    /// nodes and deadline. A five, an illegal `first` or one that leaves the defender's four
    /// unanswered settle it at once.
    #[must_use]
    pub fn new(board: &Board, first: Option<Point>, max_moves: u32, budget: &Budget) -> SlicedVct {
        let mut solver = Solver::new(board, Mode::Vct, budget);
        let (proof, rest) = match first {
            Some(point) => match solver.play_first(point) {
                Some(settled) => (settled, 0),
                None => (Proof::Unknown, max_moves.saturating_sub(1)),
            },
            None => match five_points(board, solver.attacker, None).first() {
                Some(&five) => (Proof::Win(vec![five]), 0),
                None => (Proof::Unknown, max_moves),
            },
        };
        solver.limit_moves(rest);
        SlicedVct {
            solver,
            first: first.filter(|_| proof == Proof::Unknown),
            proof,
            weak: true,
        }
    }

    /// Searches on for at most `nodes` more nodes, until `deadline` when given, or until the
    /// stop flags of the search's budget: its answer so far, `Unknown` while unsettled.
    pub fn run(&mut self, nodes: u64, deadline: Option<Instant>) -> &Proof {
        if self.proof == Proof::Unknown {
            let solver = &mut self.solver;
            solver.budget.max_nodes = solver.nodes.saturating_add(nodes);
            solver.budget.deadline = deadline;
            self.proof = match solver.resume_by_numbers(self.weak) {
                Proof::Win(line) => Proof::Win(self.first.into_iter().chain(line).collect()),
                other => other,
            };
        }
        &self.proof
    }

    /// From now on counts a defender's replies by their sums instead of weakly: weak counts
    /// prove short quiet-threat wins fast, sums the long lines of fours and threes
    /// (docs/decisions/0012-weak-proof-numbers-then-sums.md). The weak count's open numbers
    /// are dropped, its settled ones kept.
    pub fn count_by_sums(&mut self) {
        if self.weak {
            self.weak = false;
            self.solver.forget_open_numbers();
        }
    }

    /// The answer so far.
    #[must_use]
    pub fn proof(&self) -> &Proof {
        &self.proof
    }

    /// Nodes visited so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.solver.nodes
    }

    /// The attacker's open move at the root that the unsettled search found nearest a
    /// proof (see `ThreatResult::lead`); `None` once settled, or for a search after a
    /// given first move.
    pub fn lead(&mut self) -> Option<Lead> {
        let open = self.proof == Proof::Unknown && self.first.is_none();
        open.then(|| self.solver.root_lead()).flatten()
    }

    /// The most moves of the attacker, its five included, that the proven win takes against
    /// any defence, reading at most `max_nodes` nodes of the proof until `deadline`; `None`
    /// unless proven, or when the proof could not be read whole in that.
    pub fn distance(&mut self, max_nodes: u64, deadline: Instant) -> Option<u32> {
        self.solver.budget.deadline = Some(deadline);
        match &self.proof {
            proof if is_five(proof, &self.solver) => Some(1),
            Proof::Win(_) => {
                let after_first = u32::from(self.first.is_some());
                let rest = self.solver.proven_distance(max_nodes)?;
                Some(rest + after_first)
            }
            Proof::NoWin | Proof::Unknown => None,
        }
    }
}
