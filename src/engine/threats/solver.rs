//! The threat search's state, shared by its two algorithms: the board it plays on and off,
//! its budget and node count, its tables and the bounding box of the stones (where every
//! threat lies); and the two ways in: a win from the position, or after a given move.

use rustc_hash::FxHashMap;

use super::budget::Budget;
use super::proof_numbers;
use super::vcf::Memo;
use super::{five_points, Mode, Proof};
use crate::engine::eval::is_legal;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::patterns::Pattern;
use crate::engine::game::stone::Stone;

/// One threat search: the board it plays on, what it may spend and what it remembers. The
/// VCF (`vcf`) and the VCT (`proof_numbers`) are its two algorithms, over the threats and
/// defences `generation` lists.
pub(super) struct Solver {
    pub(super) board: Board,
    pub(super) attacker: Stone,
    pub(super) mode: Mode,
    pub(super) budget: Budget,
    pub(super) nodes: u64,
    pub(super) aborted: bool,
    /// Whether some node stopped at the move limit with threats left (a deeper limit may win).
    pub(super) cut: bool,
    pub(super) root_len: usize,
    /// Keyed by Zobrist hashes, which are already uniform: a cheap hasher suffices.
    pub(super) memo: FxHashMap<u64, Memo>,
    /// Bounding box of the stones: (min x, min y, max x, max y), one entry per ply.
    pub(super) boxes: Vec<(usize, usize, usize, usize)>,
    /// The proof-number search's table.
    pub(super) numbers: proof_numbers::Memory,
}

impl Solver {
    pub(super) fn new(board: &Board, mode: Mode, budget: &Budget) -> Solver {
        let size = board.size();
        let mut bbox = (size.width(), size.height(), 0, 0);
        for (p, _) in board.stones() {
            bbox = grow(bbox, p);
        }
        if board.stone_total() == 0 {
            let c = size.center();
            bbox = (c.col(), c.row(), c.col(), c.row());
        }
        Solver {
            board: board.clone(),
            attacker: board.to_move(),
            mode,
            budget: budget.clone(),
            nodes: 0,
            aborted: false,
            cut: false,
            root_len: board.history().len(),
            memo: FxHashMap::default(),
            boxes: vec![bbox],
            numbers: proof_numbers::Memory::default(),
        }
    }

    /// A win for the attacker, who is to move, within `max_moves` of its moves.
    pub(super) fn solve(&mut self, max_moves: u32) -> Proof {
        if let Some(&p) = five_points(&self.board, self.attacker, None).first() {
            return Proof::Win(vec![p]);
        }
        match self.mode {
            Mode::Vcf => {
                let line = self.attack(max_moves.max(1));
                self.settled(line)
            }
            Mode::Vct => self.prove_by_numbers(max_moves),
        }
    }

    /// Whether the attacker playing `point` wins within `max_moves` of its moves.
    pub(super) fn prove_move(&mut self, point: Point, max_moves: u32) -> Proof {
        if let Some(settled) = self.play_first(point) {
            return settled;
        }
        let rest = max_moves.saturating_sub(1);
        let proof = match self.mode {
            Mode::Vcf => {
                let line = self.defend(rest);
                self.settled(line)
            }
            Mode::Vct => self.prove_by_numbers(rest),
        };
        self.undo();
        match proof {
            Proof::Win(line) => Proof::Win([vec![point], line].concat()),
            other => other,
        }
    }

    /// Plays the attacker's `point` to search the position after it, unless the move
    /// settles the question itself: then it is not played, and the answer is `NoWin` for an
    /// illegal move or one that leaves the defender's four unanswered, a win for a five.
    pub(super) fn play_first(&mut self, point: Point) -> Option<Proof> {
        let me = self.attacker;
        if !is_legal(&self.board, point, me) {
            return Some(Proof::NoWin);
        }
        if self.board.patterns_at(point, me).contains(&Pattern::Five) {
            return Some(Proof::Win(vec![point]));
        }
        self.play(point);
        if self.board.has_five_point(me.opponent()) {
            self.undo();
            return Some(Proof::NoWin);
        }
        None
    }

    /// A VCF search's answer: its line, or why there is none.
    pub(super) fn settled(&self, line: Option<Vec<Point>>) -> Proof {
        match line {
            Some(line) => Proof::Win(line),
            None if self.aborted => Proof::Unknown,
            None => Proof::NoWin,
        }
    }

    pub(super) fn play(&mut self, point: Point) {
        let bbox = grow(*self.boxes.last().expect("root box"), point);
        self.boxes.push(bbox);
        self.board.play(point);
    }

    pub(super) fn undo(&mut self) {
        self.boxes.pop();
        self.board.undo();
    }

    pub(super) fn ply(&self) -> usize {
        self.board.history().len() - self.root_len
    }

    /// Calls `visit` on each empty cell within two of the stones' bounding box, row by row:
    /// every threat lies there. Plain loops: the solver scans the zone at every attacker
    /// node of a VCT, and a flattened iterator chain cost it a fifth of its time.
    pub(super) fn for_each_in_zone(&self, mut visit: impl FnMut(Point)) {
        let (x0, y0, x1, y1) = *self.boxes.last().expect("root box");
        let size = self.board.size();
        let (left, right) = (x0.saturating_sub(2), (x1 + 2).min(size.width() - 1));
        let (top, bottom) = (y0.saturating_sub(2), (y1 + 2).min(size.height() - 1));
        for y in top..=bottom {
            for x in left..=right {
                let p = Point::new(x, y);
                if self.board.is_empty(p) {
                    visit(p);
                }
            }
        }
    }

    pub(super) fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if !self.aborted {
            let read_clock = self.nodes.is_multiple_of(256);
            self.aborted = self.budget.is_spent(self.nodes, read_clock);
        }
        self.aborted
    }
}

/// `bbox` grown to hold `p`.
fn grow(bbox: (usize, usize, usize, usize), p: Point) -> (usize, usize, usize, usize) {
    (
        bbox.0.min(p.col()),
        bbox.1.min(p.row()),
        bbox.2.max(p.col()),
        bbox.3.max(p.row()),
    )
}
