//! The VCF: a depth-first search of the attacker's fours, deepened one move limit at a
//! time, with a memo of the limits each position is known to win or fail within. A VCT
//! also runs it, as the test of what a move threatens (`nested_vcf`).

use super::generation::{forced_block, Ranked};
use super::solver::Solver;
use super::{five_points, Mode};
use crate::engine::eval::{cell_info, is_legal, CellTable, Threat};
use crate::engine::game::geometry::Point;

/// Mixed into a VCF node's memo key so that it never meets a VCT node's entry.
const VCF_MEMO_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// A `Memo::failed` limit meaning "fails at any move limit".
const UNBOUNDED: u32 = u32::MAX;

/// A cached result at an attacker node.
#[derive(Clone, Copy, Default)]
pub(super) struct Memo {
    /// Deepest move limit known to fail (0: none; `UNBOUNDED`: every limit).
    failed: u32,
    /// Smallest move limit known to win (0: none).
    won: u32,
    /// The winning move, when `won` is set.
    best: Option<Point>,
}

impl Solver {
    /// The memo entry of `key` to update; `None` when the memo is full and `key` new, so a
    /// long search's memory stays bounded (it only forgets, never mistakes).
    pub(super) fn memo_mut(&mut self, key: u64) -> Option<&mut Memo> {
        if self.memo.len() >= self.budget.table_entries && !self.memo.contains_key(&key) {
            return None;
        }
        Some(self.memo.entry(key).or_default())
    }

    /// Attacker to move: a winning line within `depth` attacker moves, if any.
    pub(super) fn attack(&mut self, depth: u32) -> Option<Vec<Point>> {
        if self.out_of_budget() {
            return None;
        }
        let them = self.attacker.opponent();
        let around = self.board.last_move().filter(|_| self.ply() > 0);
        let their_fives = five_points(&self.board, them, around);
        if their_fives.len() >= 2 || depth == 0 {
            self.cut |= depth == 0 && their_fives.len() < 2;
            return None;
        }
        let key = self.memo_key();
        let memo = self.memo.get(&key).copied().unwrap_or_default();
        if memo.failed >= depth {
            // A failure bounded by the move limit may turn into a win with a deeper one.
            self.cut |= memo.failed != UNBOUNDED;
            return None;
        }
        if memo.won != 0 && memo.won <= depth {
            return Some(self.remembered_line(memo.best));
        }
        let outer_cut = std::mem::replace(&mut self.cut, false);
        let line = self.expand(key, &their_fives, depth);
        if line.is_none() && !self.aborted {
            let failed = if self.cut { depth } else { UNBOUNDED };
            if let Some(memo) = self.memo_mut(key) {
                memo.failed = failed;
            }
        }
        self.cut |= outer_cut;
        line
    }

    /// The attacker's node past the memo: its moves (the block of a defender's five, else
    /// its threats), and the first of them that wins within `depth` moves.
    pub(super) fn expand(
        &mut self,
        key: u64,
        their_fives: &[Point],
        depth: u32,
    ) -> Option<Vec<Point>> {
        let me = self.attacker;
        let moves = match their_fives.first() {
            Some(&block) if is_legal(&self.board, block, me) => vec![forced_block(block)],
            Some(_) => Vec::new(),
            None if depth == 1 => return self.winning_four(key),
            None => self.threat_moves(me),
        };
        self.first_winning(key, moves, depth)
    }

    /// A VCF's last move: a five or a winning four, found by one pass over the four points.
    /// Most nodes of the short VCFs that test threats are such last moves, and trying each
    /// plain four there (to find its block leaves no move) cost more than the pass.
    pub(super) fn winning_four(&mut self, key: u64) -> Option<Vec<Point>> {
        let me = self.attacker;
        let table = CellTable::get();
        let win = self.board.four_points(me).find(|&p| {
            let threat = table.info(self.board.patterns_at(p, me)).threat;
            let wins = threat == Threat::Five || threat.is_winning_four();
            wins && is_legal(&self.board, p, me)
        });
        match win {
            Some(p) => {
                self.remember_win(key, 1, p);
                Some(vec![p])
            }
            None => {
                // A plain four fails only for lack of moves: a deeper limit might win.
                self.cut |= self.board.four_points(me).next().is_some();
                None
            }
        }
    }

    /// The memo key of the node: the position (side to move included) and the mode, since a
    /// VCT also runs VCFs (its threat checks) over the same positions.
    pub(super) fn memo_key(&self) -> u64 {
        match self.mode {
            Mode::Vcf => self.board.hash() ^ VCF_MEMO_SALT,
            Mode::Vct => self.board.hash(),
        }
    }

    /// A VCF for the side to move within `max_moves` of its moves. It is a fixed test, not a
    /// bound to deepen, so where it stopped at its limit does not reach the caller's `cut`.
    pub(super) fn nested_vcf(&mut self, max_moves: u32) -> Option<Vec<Point>> {
        let outer = (self.attacker, self.mode, self.cut);
        self.attacker = self.board.to_move();
        self.mode = Mode::Vcf;
        let line = self.attack(max_moves);
        (self.attacker, self.mode, self.cut) = outer;
        line
    }

    /// Records that the node `key` wins within `depth` moves by `best`.
    pub(super) fn remember_win(&mut self, key: u64, depth: u32, best: Point) {
        if let Some(memo) = self.memo_mut(key) {
            memo.won = depth;
            memo.best = Some(best);
        }
    }

    /// The line of a node the memo knows to win, from its winning move `best`. A VCF's line
    /// is rebuilt to the end, its defender having one answer per four (`threat_cells` needs
    /// all of it); a VCT's stops at the winning move.
    pub(super) fn remembered_line(&mut self, best: Option<Point>) -> Vec<Point> {
        let Some(m) = best else {
            return Vec::new();
        };
        let me = self.attacker;
        let info = cell_info(self.board.patterns_at(m, me));
        if self.mode == Mode::Vct || info.threat == Threat::Five || info.threat.is_winning_four() {
            return vec![m];
        }
        self.play(m);
        let mut line = vec![m];
        if let [block] = five_points(&self.board, me, Some(m)).as_slice() {
            let block = *block;
            if is_legal(&self.board, block, me.opponent()) {
                self.play(block);
                let next = self.memo.get(&self.memo_key()).and_then(|e| e.best);
                line.push(block);
                line.extend(self.remembered_line(next));
                self.undo();
            }
        }
        self.undo();
        line
    }

    /// The first of the attacker's `moves` that wins within `depth` moves, with its line.
    pub(super) fn first_winning(
        &mut self,
        key: u64,
        moves: Vec<Ranked>,
        depth: u32,
    ) -> Option<Vec<Point>> {
        let me = self.attacker;
        for (_, _, m) in moves {
            let info = cell_info(self.board.patterns_at(m, me));
            if info.threat == Threat::Five || info.threat.is_winning_four() {
                self.remember_win(key, depth, m);
                return Some(vec![m]);
            }
            self.play(m);
            let line = self.defend(depth - 1);
            self.undo();
            if let Some(rest) = line {
                self.remember_win(key, depth, m);
                return Some([vec![m], rest].concat());
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// The defender to move after an attacker's four in a VCF: the line if its block (the
    /// only defence) loses.
    pub(super) fn defend(&mut self, depth: u32) -> Option<Vec<Point>> {
        if self.out_of_budget() {
            return None;
        }
        let (me, them) = (self.attacker, self.attacker.opponent());
        match five_points(&self.board, me, self.board.last_move()).as_slice() {
            [_, _, ..] => Some(Vec::new()),
            [block] if !is_legal(&self.board, *block, them) => Some(Vec::new()),
            [block] => {
                let block = *block;
                self.play(block);
                let line = self.attack(depth);
                self.undo();
                line.map(|rest| [vec![block], rest].concat())
            }
            [] => None,
        }
    }
}
