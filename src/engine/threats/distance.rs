//! How many moves a proven threat-space win takes at most: a VCF line's own moves, and for a
//! VCT the longest line of its proof, read back from the solver's table.
//!
//! A VCF leaves the defender one answer to each four (anything else lets the five in at
//! once), so its line's length bounds the win. A VCT's line follows one defence of many; its
//! proof answers every defence the threat allows, and a move off those lets the threat's own
//! VCF through. The most moves the proof can take is therefore the longest of both at every
//! defender's node, following the attacker's proving move at its own.

use rustc_hash::FxHashMap;

use super::five_points;
use super::proof_numbers::Node;
use super::solver::Solver;
use crate::engine::eval::is_legal;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::patterns::Pattern;

/// The moves of the side to move, its five included, that its forced `line` takes (a VCF's
/// line, or any line of alternating moves that ends with the winning move: a five, or a move
/// after which the five cannot be stopped).
#[must_use]
pub fn line_distance(board: &Board, line: &[Point]) -> u32 {
    let mut board = board.clone();
    played_line_distance(&mut board, line)
}

/// `line_distance` on `board`, which is left as it was.
fn played_line_distance(board: &mut Board, line: &[Point]) -> u32 {
    let Some((&last, before)) = line.split_last() else {
        return 0;
    };
    let me = board.to_move();
    for &p in before {
        board.play(p);
    }
    let five = board.patterns_at(last, me).contains(&Pattern::Five);
    for _ in before {
        board.undo();
    }
    let own_moves = line.len().div_ceil(2) as u32;
    own_moves + u32::from(!five)
}

impl Solver {
    /// The most attacker moves, its five included, that the VCT win proven at the current
    /// node takes against any defence (see the module's comment). `None` when the proof is
    /// no longer whole in the table, or reading it would visit more than `max_nodes` nodes
    /// (its nested VCFs included) or outlast the budget's deadline or flags.
    pub(super) fn proven_distance(&mut self, max_nodes: u64) -> Option<u32> {
        let whole = self.budget.clone();
        self.budget.max_nodes = self.nodes.saturating_add(max_nodes);
        self.aborted = false;
        let distance = self.distance_from(&mut FxHashMap::default());
        let read_whole = !self.aborted;
        self.budget = whole;
        distance.filter(|_| read_whole)
    }

    /// `proven_distance` from the current node, with the distances of the nodes `known`.
    fn distance_from(&mut self, known: &mut FxHashMap<u64, u32>) -> Option<u32> {
        let key = self.board.hash();
        if let Some(&distance) = known.get(&key) {
            return Some(distance);
        }
        if self.out_of_budget() {
            return None;
        }
        let distance = if self.board.to_move() == self.attacker {
            self.attacker_distance(known)?
        } else {
            self.defender_distance(known)?
        };
        known.insert(key, distance);
        Some(distance)
    }

    /// The attacker to move: a five (1), a winning four (2), or one more than the move the
    /// proof goes on with.
    fn attacker_distance(&mut self, known: &mut FxHashMap<u64, u32>) -> Option<u32> {
        match self.attacker_node() {
            Node::Won(Some(win)) => {
                let five = self
                    .board
                    .patterns_at(win, self.attacker)
                    .contains(&Pattern::Five);
                Some(if five { 1 } else { 2 })
            }
            Node::Won(None) | Node::Lost => None,
            Node::Open(moves) => {
                let next = self.proven_child(&moves, true)?;
                self.distance_after(next, known).map(|d| d + 1)
            }
        }
    }

    /// The defender to move: the block of a single five point, the five itself when it
    /// cannot be blocked, else the longest of the threat's VCF (played against any move off
    /// its cells) and of the proof after each defence.
    fn defender_distance(&mut self, known: &mut FxHashMap<u64, u32>) -> Option<u32> {
        let (me, them) = (self.attacker, self.attacker.opponent());
        match five_points(&self.board, me, self.board.last_move()).as_slice() {
            [] => {}
            [block] if is_legal(&self.board, *block, them) => {
                return self.distance_after(*block, known);
            }
            _ => return Some(1),
        }
        let to_move = self.board.to_move();
        self.board.set_to_move(me);
        let threat = self.nested_vcf(self.budget.threat_vcf_moves).map(|line| {
            let cells = self.cells_of_line(me, &line);
            (played_line_distance(&mut self.board, &line), cells)
        });
        self.board.set_to_move(to_move);
        let (mut most, cells) = threat?;
        for defence in self.defences(&cells) {
            most = most.max(self.distance_after(defence, known)?);
        }
        Some(most)
    }

    /// `distance_from` the node after `point`.
    fn distance_after(&mut self, point: Point, known: &mut FxHashMap<u64, u32>) -> Option<u32> {
        self.play(point);
        let distance = self.distance_from(known);
        self.undo();
        distance
    }
}
