//! The search tree below the root: negamax with principal-variation search, the
//! transposition table, killer and history ordering, late-move reductions (of every move but
//! fours) and late-move pruning (of quiet moves) at every depth, futility and reverse
//! futility pruning at calm shallow nodes, and a four-only quiescence (a VCF inside the
//! tree) with a table of its own.
//!
//! Tactics stay sound: a five is always taken, a single opposing five point is the only move
//! (and extends the search), two are a loss, an open four or legal double four wins, and
//! when the opponent threatens an open four only defences and own fours are searched.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::params::{
    history_bonus, rule_features, singular_margin, tree_tuning, RuleFeatures, TreeTuning,
    CLOCK_EVERY, HISTORY_CAP, MAX_PLY, QUIESCENCE_DEPTH, REDUCE_MIN_DEPTH, TT_MOVE_BONUS,
};
use super::quiescence_table::QuiescenceTable;
use super::score::{from_tt, to_tt, INFINITY, PROVEN, WIN};
use super::tt::{Bound, Table, TtEntry};
use crate::engine::eval::{is_legal, CellInfo, CellReader, Tally, Threat};
use crate::engine::game::area::Area;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::grid::{self, CELLS};
use crate::engine::game::patterns::Pattern;
use crate::engine::game::stone::Stone;
use crate::engine::threats::{self, FivePoints};

/// What the search may spend.
#[derive(Clone, Debug)]
pub struct SearchLimits {
    /// Hard deadline.
    pub deadline: Instant,
    /// Most nodes.
    pub max_nodes: u64,
    /// External stop flag.
    pub stop: Option<Arc<AtomicBool>>,
    /// Most positions each table of a threat search at the root may hold (its memory; see
    /// `threats::Budget::table_entries`).
    pub threat_table_entries: usize,
}

impl SearchLimits {
    /// No limit worth the name: an hour, any number of nodes, default threat tables (for
    /// scans and checks that stop by themselves).
    #[must_use]
    pub fn unbounded() -> SearchLimits {
        SearchLimits {
            deadline: Instant::now() + Duration::from_secs(3600),
            max_nodes: u64::MAX,
            stop: None,
            threat_table_entries: threats::DEFAULT_TABLE_ENTRIES,
        }
    }
}

/// A candidate move with what the ordering knows of it.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    /// The cell.
    pub point: Point,
    /// Ordering score (larger first).
    pub order: i32,
    /// Threat class for the mover.
    pub own: Threat,
    /// Threat class for the opponent on the same cell.
    pub theirs: Threat,
}

impl Move {
    /// Neither side makes a three or better there: safe to reduce or prune.
    pub fn is_quiet(&self) -> bool {
        self.own < Threat::Three && self.theirs < Threat::Three
    }
}

/// What a scan of the candidate cells found.
pub struct Scan {
    /// The mover wins by force (legal open four or double four, no opposing five).
    pub winning_four: Option<Point>,
    /// Legal candidates, best first.
    pub moves: Vec<Move>,
    /// Static evaluation for the mover.
    pub eval: i32,
}

/// What a scan found besides its move list.
enum Found {
    /// The mover wins by force with this move (the move list is meaningless).
    Win(Point),
    /// No such win: the static view of the position.
    Eval(Static),
}

/// The static view of a position with no immediate win for the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Static {
    /// The static evaluation for the mover.
    eval: i32,
    /// The opponent threatens no win in two moves: no cell makes it an open four, a double
    /// four, a four-three or a double three (a plain four may be there), so the evaluation
    /// may stand in for a shallow search (futility and reverse futility pruning).
    calm: bool,
}

/// What a node's standing changes in the search of its move list (`Tree::search_list`).
#[derive(Clone, Copy)]
struct Shaping {
    /// The node's evaluation is too far below alpha for a quiet move to matter: skip them.
    futile: bool,
    /// Plies the first move is searched deeper (`Tree::first_move_extension`): one when it
    /// is singular, minus one when it is not but its table score beats beta (renju).
    first_extension: i32,
    /// The node's evaluation beats beta by `fail_high_margin`: search every move but the
    /// mover's fours a ply shallower.
    likely_cut: bool,
}

impl Shaping {
    /// Every move searched as the PVS loop and the late-move tables have it.
    const NONE: Shaping = Shaping {
        futile: false,
        first_extension: 0,
        likely_cut: false,
    };

    /// Plies deeper the move `m`, at `index` in its list, is searched: the first move's
    /// extension, less a ply for every move but the mover's fours at a likely cut node.
    fn extension(&self, index: usize, m: &Move) -> i32 {
        let first = if index == 0 { self.first_extension } else { 0 };
        first - i32::from(self.likely_cut && !m.own.is_four())
    }
}

/// A stone of the opponent's there wins by force unless the mover answers (or has a four
/// first): an open four, a double four, a four-three or a double three.
fn threatens_a_win(threat: Threat) -> bool {
    threat == Threat::DoubleThree || threat >= Threat::FourThree
}

/// The search state of one analysis.
pub struct Tree<'a> {
    /// The board being searched.
    pub board: Board,
    area: Area,
    tt: &'a Table,
    history: &'a mut [i32],
    killers: Vec<[Option<Point>; 2]>,
    pvs: Vec<Vec<Point>>,
    /// Move lists by ply, reused from node to node instead of allocated.
    buffers: Vec<Vec<Move>>,
    limits: SearchLimits,
    /// Nodes visited.
    pub nodes: u64,
    /// Deepest ply reached.
    pub seldepth: usize,
    /// Set once a limit is hit: every score computed after is meaningless.
    pub aborted: bool,
    quiescence_table: QuiescenceTable,
    /// Static evaluations by ply, each for the mover there (at a forced block, the one before
    /// it negated; `None` until a node at that ply is evaluated).
    evals: Vec<Option<i32>>,
    /// The rule-gated search features this tree applies: its board's rule's.
    pub(super) features: RuleFeatures,
    /// The numbers this tree prunes, reduces and orders by: its board's rule's.
    pub(super) tuning: TreeTuning,
}

impl<'a> Tree<'a> {
    /// A tree over `board` using a shared table and history.
    pub fn new(board: Board, tt: &'a Table, history: &'a mut [i32], limits: SearchLimits) -> Self {
        Tree {
            area: Area::new(&board),
            features: rule_features(board.rule()),
            tuning: tree_tuning(board.rule()),
            board,
            tt,
            history,
            killers: vec![[None; 2]; MAX_PLY + 2],
            pvs: vec![Vec::new(); MAX_PLY + 2],
            buffers: vec![Vec::new(); MAX_PLY],
            limits,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            quiescence_table: QuiescenceTable::new(),
            evals: vec![None; MAX_PLY + 2],
        }
    }

    /// Whether the mover's static evaluation at `ply` rose since its own last move (two
    /// plies up): a node that is not improving searches fewer moves and reduces more. The
    /// root's evaluation is not recorded, so ply 2 never improves: recording it played worse
    /// (docs/decisions/0056-root-evaluation.md).
    fn improving(&self, ply: usize) -> bool {
        match (
            self.evals[ply],
            ply.checked_sub(2).and_then(|up| self.evals[up]),
        ) {
            (Some(now), Some(before)) => now > before,
            _ => false,
        }
    }

    /// Plays a move on the board and the candidate area.
    pub fn make(&mut self, point: Point) {
        self.board.play(point);
        self.area.add(point);
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        if let Some(point) = self.board.undo() {
            self.area.remove(point);
        }
    }

    /// The principal variation found below `ply` by the last search there.
    #[must_use]
    pub fn pv(&self, ply: usize) -> &[Point] {
        &self.pvs[ply]
    }

    /// Checks the limits (cheaply: the clock every `CLOCK_EVERY` nodes).
    pub fn out_of_budget(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(CLOCK_EVERY) {
            let stopped = self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
            self.aborted = stopped
                || Instant::now() >= self.limits.deadline
                || self.nodes >= self.limits.max_nodes;
        }
        self.aborted
    }

    /// Five points of `colour` on the lines through `around` (none without a point).
    fn fives(&self, colour: Stone, around: Option<Point>) -> FivePoints {
        match around {
            Some(_) => threats::five_points(&self.board, colour, around),
            None => FivePoints::new(),
        }
    }

    /// Scans the candidates: evaluation, the mover's immediate win, ordered legal moves
    /// (only defences and own fours when the opponent threatens an open four).
    pub fn scan(&self, ply: usize, tt_move: Option<Point>) -> Scan {
        let mut moves = Vec::new();
        match self.scan_into(ply, tt_move, &mut moves) {
            Found::Win(point) => Scan {
                winning_four: Some(point),
                moves: Vec::new(),
                eval: 0,
            },
            Found::Eval(view) => Scan {
                winning_four: None,
                moves,
                eval: view.eval,
            },
        }
    }

    /// `scan`, writing the moves into `moves`.
    fn scan_into(&self, ply: usize, tt_move: Option<Point>, moves: &mut Vec<Move>) -> Found {
        moves.clear();
        let me = self.board.to_move();
        let them = me.opponent();
        let (mut tally, mut calm) = (Tally::default(), true);
        let mut under_threat = false;
        let reader = CellReader::new(&self.board);
        for p in self.area.candidates(&self.board) {
            let (their_info, own_info) = tally.count(&reader, p, me);
            calm &= !threatens_a_win(their_info.threat);
            let Some(own_info) = own_info else {
                continue;
            };
            if own_info.threat.is_winning_four() {
                return Found::Win(p);
            }
            // Only the open-four and five classes hold a `Flex4` line: look at the lines then.
            if their_info.threat >= Threat::OpenFour
                && self.board.patterns_at(p, them).contains(&Pattern::Flex4)
            {
                under_threat = true;
            }
            moves.push(self.candidate(ply, p, tt_move, own_info, their_info));
        }
        if under_threat {
            let blocks = |p| {
                let patterns = self.board.patterns_at(p, them);
                patterns.iter().any(|&q| q >= Pattern::Block4)
            };
            moves.retain(|m| blocks(m.point) || m.own.is_four());
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.order));
        Found::Eval(Static {
            eval: tally.evaluation(self.board.rule()),
            calm,
        })
    }

    /// `scan` as the quiescence needs it: the evaluation, the win, and only the mover's fours
    /// in the order `scan` would list them (the ordering of the other moves is skipped).
    fn scan_fours(&self, ply: usize, fours: &mut Vec<Move>) -> Found {
        fours.clear();
        let me = self.board.to_move();
        let (mut tally, mut calm) = (Tally::default(), true);
        let reader = CellReader::new(&self.board);
        for p in self.area.candidates(&self.board) {
            let (their_info, own_info) = tally.count(&reader, p, me);
            calm &= !threatens_a_win(their_info.threat);
            let Some(own_info) = own_info.filter(|info| info.threat.is_four()) else {
                continue;
            };
            if own_info.threat.is_winning_four() {
                return Found::Win(p);
            }
            fours.push(self.candidate(ply, p, None, own_info, their_info));
        }
        let tied = fours
            .iter()
            .enumerate()
            .any(|(i, a)| fours[i + 1..].iter().any(|b| b.order == a.order));
        if tied {
            // An unstable sort places equal keys by the whole list: sort it as `scan` does.
            let found = self.scan_into(ply, None, fours);
            fours.retain(|m| m.own.is_four());
            return found;
        }
        fours.sort_unstable_by_key(|m| std::cmp::Reverse(m.order));
        Found::Eval(Static {
            eval: tally.evaluation(self.board.rule()),
            calm,
        })
    }

    /// A legal candidate with its ordering score: the cell values for both sides, then the
    /// table's move, the killers and the history.
    fn candidate(
        &self,
        ply: usize,
        p: Point,
        tt_move: Option<Point>,
        own_info: CellInfo,
        their_info: CellInfo,
    ) -> Move {
        let mut order = own_info.order_own + their_info.order_theirs;
        if Some(p) == tt_move {
            order += TT_MOVE_BONUS;
        } else if self.killers[ply.min(MAX_PLY)].contains(&Some(p)) {
            order += self.tuning.killer_bonus;
        }
        let slot = self.board.to_move().index() * CELLS + grid::index_of(p);
        order += self.history[slot].min(HISTORY_CAP) / self.tuning.history_divisor;
        Move {
            point: p,
            order,
            own: own_info.threat,
            theirs: their_info.threat,
        }
    }

    /// Forced-move analysis shared by every node: `Ok(score)` when the node is decided
    /// without search, `Err(forced)` with the only move if there is one.
    fn forced(&self, ply: usize) -> Result<i32, Option<Point>> {
        let me = self.board.to_move();
        let history = self.board.history();
        let mine = history.len().checked_sub(2).map(|i| history[i]);
        if !self.fives(me, mine).is_empty() {
            return Ok(WIN - ply as i32);
        }
        let theirs = self.fives(me.opponent(), self.board.last_move());
        match theirs.len() {
            0 if self.board.is_full() => Ok(0),
            0 => Err(None),
            1 if is_legal(&self.board, theirs[0], me) => Err(Some(theirs[0])),
            _ => Ok(-(WIN - ply as i32 - 1)),
        }
    }

    /// Negamax with alpha-beta: the value of the position for the side to move.
    pub fn search(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.pvs[ply].clear();
        if self.out_of_budget() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let forced = match self.forced(ply) {
            Ok(score) => return score,
            Err(forced) => forced,
        };
        if let Some(block) = forced {
            self.evals[ply] = ply.checked_sub(1).and_then(|up| self.evals[up]).map(|e| -e);
            let only = Move {
                point: block,
                order: 0,
                own: Threat::Four,
                theirs: Threat::Four,
            };
            let mut alpha = alpha;
            return self
                .search_list(&[only], depth + 1, ply, &mut alpha, beta, Shaping::NONE)
                .0;
        }
        if ply >= MAX_PLY {
            return self.scan(ply, None).eval;
        }
        if depth <= 0 {
            return self.quiesce(depth, ply, alpha, beta);
        }
        let key = self.board.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|e| e.depth >= depth) {
            let score = from_tt(e.score, ply);
            if e.bound.settles(score, alpha, beta) && beta - alpha == 1 {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let found = self.scan_into(ply, entry.and_then(|e| e.best), &mut moves);
        let first_extension = match (&found, entry) {
            (Found::Eval(_), Some(e)) => self.first_move_extension(&e, &moves, depth, ply, beta),
            _ => 0,
        };
        let score = self.search_moves(found, &moves, key, depth, ply, alpha, beta, first_extension);
        self.buffers[ply] = moves;
        score
    }

    /// The rest of `search` once the moves are scanned: the win, no move, or the moves
    /// searched and the result stored under `key`.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        found: Found,
        moves: &[Move],
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        first_extension: i32,
    ) -> i32 {
        let view = match found {
            Found::Win(win) => {
                self.pvs[ply].push(win);
                return WIN - ply as i32 - 2;
            }
            Found::Eval(view) => view,
        };
        self.evals[ply] = Some(view.eval);
        if moves.is_empty() {
            // Every defence of an open four threat is forbidden, or no legal move is left.
            return if self.board.is_full() {
                0
            } else {
                -(WIN - ply as i32 - 3)
            };
        }
        let zero_window = beta - alpha == 1;
        if zero_window
            && view.calm
            && depth <= self.tuning.reverse_futility_max_depth
            && view.eval - self.tuning.reverse_futility_margin(depth) >= beta
        {
            return view.eval;
        }
        let futile = zero_window
            && view.calm
            && depth <= self.tuning.futility_max_depth
            && view.eval + self.tuning.futility_margin(depth) <= alpha;
        // Not against a proven loss: a defence searched shallower could miss the refutation.
        let likely_cut = zero_window
            && beta > -PROVEN
            && self.features.reduces_likely_cuts
            && view.eval >= beta + self.tuning.fail_high_margin(depth, view.calm);
        let original_alpha = alpha;
        let shaping = Shaping {
            futile,
            first_extension,
            likely_cut,
        };
        let best = self.search_list(moves, depth, ply, &mut alpha, beta, shaping);
        if self.aborted {
            return 0;
        }
        self.tt.store(TtEntry {
            key,
            best: best.1,
            score: to_tt(best.0, ply),
            depth,
            bound: Bound::of_result(best.0, original_alpha, beta),
        });
        best.0
    }

    /// The PVS loop over ordered moves; returns the best score and move. Once a move that
    /// does not lose has been searched, late quiet moves are skipped (`late_move_limit`), and
    /// every quiet move when `shaping` says the node is futile (its evaluation too far below
    /// alpha for one to matter), and the first move is searched a ply deeper when it says so.
    /// Moves after the first are searched less (`late_move_reduction`), fours excepted, and
    /// below depth 1 (the quiescence's fours) nothing is pruned or reduced.
    fn search_list(
        &mut self,
        moves: &[Move],
        depth: i32,
        ply: usize,
        alpha: &mut i32,
        beta: i32,
        shaping: Shaping,
    ) -> (i32, Option<Point>) {
        let mut best = (-INFINITY, None);
        // The quiescence (depth 0 and below) neither prunes nor reduces its fours.
        let (improving, limit) = if depth >= 1 {
            let improving = self.improving(ply);
            (improving, self.tuning.late_move_limit(depth, improving))
        } else {
            (false, usize::MAX)
        };
        for (i, m) in moves.iter().enumerate() {
            let quiet = m.is_quiet();
            if quiet && (shaping.futile || i >= limit) && best.0 > -PROVEN {
                continue;
            }
            self.make(m.point);
            let reduction = if i == 0 || depth < REDUCE_MIN_DEPTH || m.own.is_four() {
                0
            } else {
                self.tuning
                    .late_move_reduction(depth, i, improving, quiet, beta - *alpha > 1)
            };
            let extension = shaping.extension(i, m);
            let score =
                self.child_score(i, reduction, depth + extension, ply, (*alpha, beta), best.0);
            self.unmake();
            if self.aborted {
                return best;
            }
            if score > best.0 {
                best = (score, Some(m.point));
                if score > *alpha {
                    *alpha = score;
                    let child = std::mem::take(&mut self.pvs[ply + 1]);
                    self.pvs[ply].clear();
                    self.pvs[ply].push(m.point);
                    self.pvs[ply].extend_from_slice(&child);
                    self.pvs[ply + 1] = child;
                    if score >= beta {
                        self.reward(m, depth, ply);
                        break;
                    }
                }
            }
        }
        best
    }

    /// How many plies deeper the table's move, first in `moves`, is searched. One when it is
    /// singular: every other move, searched half as deep, stays below the table's lower bound
    /// less a margin, so the table's move alone holds the node. Minus one when another move
    /// reaches that bound too and the table's score beats `beta`, under the rules
    /// `RuleFeatures::shortens_shared_cuts` names: the node is likely to cut with either.
    fn first_move_extension(
        &mut self,
        entry: &TtEntry,
        moves: &[Move],
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> i32 {
        let score = from_tt(entry.score, ply);
        let candidate = depth >= self.tuning.singular_min_depth
            && moves.len() > 1
            && Some(moves[0].point) == entry.best
            && entry.depth >= depth - self.tuning.singular_depth_slack
            && matches!(entry.bound, Bound::Lower | Bound::Exact)
            && score.abs() < PROVEN;
        if !candidate {
            return 0;
        }
        let singular_beta = score - singular_margin(depth);
        let mut alpha = singular_beta - 1;
        let (best, _) = self.search_list(
            &moves[1..],
            depth / 2,
            ply,
            &mut alpha,
            singular_beta,
            Shaping::NONE,
        );
        self.pvs[ply].clear();
        if self.aborted {
            0
        } else if best < singular_beta {
            1
        } else {
            -i32::from(score >= beta && self.features.shortens_shared_cuts)
        }
    }

    /// Score of the move just made, the `index`th of its list: full window for the first,
    /// then a zero window `reduction` plies shallower, searched again in full when it beats
    /// alpha; after a reduced search, that search's margin over alpha and over the node's
    /// `best` so far moves the full search a ply deeper or shallower (`research_adjustment`,
    /// under the rules `RuleFeatures::adjusts_research_depth` names).
    fn child_score(
        &mut self,
        index: usize,
        reduction: i32,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        best: i32,
    ) -> i32 {
        let next = depth - 1;
        if index == 0 {
            return -self.search(next, ply + 1, -beta, -alpha);
        }
        let mut score = -self.search(next - reduction, ply + 1, -alpha - 1, -alpha);
        if score > alpha && (reduction > 0 || beta - alpha > 1) && !self.aborted {
            let adjustment = if reduction > 0 && self.features.adjusts_research_depth {
                self.tuning
                    .research_adjustment(score, alpha, best, reduction, next)
            } else {
                0
            };
            score = -self.search(next + adjustment, ply + 1, -beta, -alpha);
        }
        score
    }

    /// A cutoff move becomes a killer and earns history credit. The credit saturates: the
    /// brain keeps its history for a whole game, and a long game at long moves can pile up
    /// more than an `i32` holds on a busy cell.
    fn reward(&mut self, m: &Move, depth: i32, ply: usize) {
        if m.own.is_four() {
            return;
        }
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(m.point) {
            killers[1] = killers[0];
            killers[0] = Some(m.point);
        }
        let slot = self.board.to_move().index() * CELLS + grid::index_of(m.point);
        self.history[slot] = self.history[slot].saturating_add(history_bonus(depth));
    }

    /// Below the horizon: stand pat on the evaluation or play on with fours only, through
    /// the quiescence's own table (fours played in another order meet again).
    fn quiesce(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        let key = self.board.hash();
        if let Some(stored) = self.quiescence_table.settled(key, depth, alpha, beta, ply) {
            return stored;
        }
        let score = self.quiesce_unstored(depth, ply, alpha, beta);
        if !self.aborted {
            self.quiescence_table
                .store(key, depth, score, alpha, beta, ply);
        }
        score
    }

    /// `quiesce` without its table.
    fn quiesce_unstored(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let mut fours = std::mem::take(&mut self.buffers[ply]);
        let score = match self.scan_fours(ply, &mut fours) {
            Found::Win(win) => {
                self.pvs[ply].push(win);
                WIN - ply as i32 - 2
            }
            Found::Eval(view) if view.eval >= beta || depth <= -QUIESCENCE_DEPTH => view.eval,
            Found::Eval(view) => {
                alpha = alpha.max(view.eval);
                let (best, _) =
                    self.search_list(&fours, depth, ply, &mut alpha, beta, Shaping::NONE);
                best.max(view.eval)
            }
        };
        self.buffers[ply] = fours;
        score
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::engine::eval;
    use crate::engine::{BoardInput, Direction, MoveInput, Position, Rule};

    /// The bench midgames, each under its rule.
    fn midgames() -> Vec<Board> {
        include_str!("../../../bench/positions.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|line| {
                let mut words = line.split_whitespace();
                let rule: Rule = words.next().unwrap().parse().unwrap();
                let moves = words.map(|w| MoveInput::Notation(w.to_string())).collect();
                let input = BoardInput::Moves {
                    width: 15,
                    height: 15,
                    moves,
                };
                Position::parse(&input, rule, None).unwrap().board().clone()
            })
            .collect()
    }

    /// The candidates by their definition: empty cells with a stone within two steps along a
    /// line, row by row; the centre alone on an empty board.
    fn candidates_from_scratch(board: &Board) -> Vec<Point> {
        let size = board.size();
        if board.stone_total() == 0 {
            return vec![size.center()];
        }
        size.points()
            .filter(|&p| board.is_empty(p))
            .filter(|&p| {
                Direction::ALL.iter().any(|&d| {
                    [-2, -1, 1, 2]
                        .iter()
                        .any(|&k| p.step(d, k, size).is_some_and(|q| !board.is_empty(q)))
                })
            })
            .collect()
    }

    /// A freestyle board from 15 rows, `to_move` next.
    fn board_of(rows: &[&str], to_move: Stone) -> Board {
        let rows = rows.iter().map(|r| r.to_string()).collect();
        Position::parse(&BoardInput::Rows(rows), Rule::Freestyle, Some(to_move))
            .unwrap()
            .board()
            .clone()
    }

    /// A zero-window search of `board` at `depth` whose window lies `offset` above the
    /// static evaluation (below it when negative), and that evaluation.
    fn zero_window(board: Board, depth: i32, offset: i32) -> (i32, i32) {
        let tt = Table::new(1);
        let mut history = vec![0; 2 * CELLS];
        let mut tree = Tree::new(board, &tt, &mut history, SearchLimits::unbounded());
        let eval = tree.scan(0, None).eval;
        let alpha = eval + offset;
        (tree.search(depth, 0, alpha, alpha + 1), eval)
    }

    /// A cell's history credit stops at the largest value instead of wrapping round to a
    /// negative one, which would order the most successful move last.
    #[test]
    fn history_credit_saturates_instead_of_wrapping() {
        let mut rows = ["..............."; 15];
        rows[7] = ".......x.......";
        let board = board_of(&rows, Stone::White);
        let tt = Table::new(1);
        let mut history = vec![0; 2 * CELLS];
        let cell = Point::new(8, 8);
        let slot = Stone::White.index() * CELLS + grid::index_of(cell);
        history[slot] = i32::MAX - 10;
        let mut tree = Tree::new(board, &tt, &mut history, SearchLimits::unbounded());
        let m = Move {
            point: cell,
            order: 0,
            own: Threat::Quiet,
            theirs: Threat::Quiet,
        };
        tree.reward(&m, 12, 0);
        assert_eq!(tree.history[slot], i32::MAX);
        assert_eq!(tree.killers[0][0], Some(cell));
    }

    /// White's two open threes, which Black cannot both block.
    const TWO_OPEN_THREES: [&str; 15] = [
        "...............",
        ".x...........x.",
        "...........o...",
        "...........o.x.",
        "...........o...",
        "...............",
        "...............",
        ".....ooo.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".x.x.........x.",
        "...............",
    ];

    /// A shallow zero-window node far below Black's evaluation is not calm, so it searches
    /// and sees the loss instead of returning the evaluation (reverse futility).
    #[test]
    fn reverse_futility_never_stands_in_for_a_lost_node() {
        let rows = TWO_OPEN_THREES;
        let tuning = tree_tuning(Rule::Freestyle);
        for depth in 2..=tuning.reverse_futility_max_depth {
            let offset = -tuning.reverse_futility_margin(depth) - 300;
            let (score, eval) = zero_window(board_of(&rows, Stone::Black), depth, offset);
            assert!(
                score < -PROVEN,
                "depth {depth}: {score} (evaluation {eval})"
            );
        }
    }

    /// A zero-window node far below Black's evaluation searches its moves a ply shallower
    /// (fail-high reduction), yet the loss is still seen (the quiescence meets White's open
    /// four whatever the depth, so this guards the result, not the reduction's reach).
    #[test]
    fn a_likely_cut_node_still_sees_the_loss() {
        assert!(rule_features(Rule::Freestyle).reduces_likely_cuts);
        for depth in 2..=6 {
            let offset = -tree_tuning(Rule::Freestyle).fail_high_margin(depth, false) - 300;
            let (score, eval) =
                zero_window(board_of(&TWO_OPEN_THREES, Stone::Black), depth, offset);
            assert!(
                score < -PROVEN,
                "depth {depth}: {score} (evaluation {eval})"
            );
        }
    }

    /// White threatens a four-three at (6, 7): a shallow zero-window node far above Black's
    /// evaluation still searches the block, a move futility pruning never skips, and finds
    /// Black not lost.
    #[test]
    fn a_futile_node_still_finds_the_forced_defence() {
        let rows = [
            "...............",
            "............x..",
            ".x.............",
            "...............",
            "...............",
            "......o........",
            "......o.....x..",
            "..xooo.........",
            "...............",
            "...............",
            "...............",
            "...............",
            "............x..",
            "...............",
            "...............",
        ];
        let tuning = tree_tuning(Rule::Freestyle);
        for depth in 1..=tuning.futility_max_depth {
            let offset = tuning.futility_margin(depth) + 300;
            let (score, eval) = zero_window(board_of(&rows, Stone::Black), depth, offset);
            assert!(
                score > -PROVEN,
                "depth {depth}: {score} (evaluation {eval})"
            );
        }
    }

    /// Nodes of a search of `board` deepened one ply at a time to `depth`, applying `features`.
    fn nodes_with(board: &Board, depth: i32, features: RuleFeatures) -> u64 {
        let tt = Table::new(1);
        let mut history = vec![0; 2 * CELLS];
        let mut tree = Tree::new(board.clone(), &tt, &mut history, SearchLimits::unbounded());
        tree.features = features;
        for d in 1..=depth {
            tree.search(d, 0, -INFINITY, INFINITY);
        }
        tree.nodes
    }

    /// One of a tree's rule-gated features, as a flag to turn.
    type FeatureFlag = fn(&mut RuleFeatures) -> &mut bool;

    /// Every rule-gated feature of the tree shapes its search: turned the other way (on where
    /// the midgame's rule has it off, off where on), it changes how many nodes some bench
    /// midgame's search visits. A tree that ignored a feature would search alike both ways.
    #[test]
    fn every_rule_gated_feature_shapes_the_tree() {
        let toggles: [(&str, FeatureFlag); 3] = [
            ("reduces_likely_cuts", |f| &mut f.reduces_likely_cuts),
            ("shortens_shared_cuts", |f| &mut f.shortens_shared_cuts),
            ("adjusts_research_depth", |f| &mut f.adjusts_research_depth),
        ];
        let boards = midgames();
        for (name, flag) in toggles {
            let changed = boards.iter().any(|board| {
                let own = rule_features(board.rule());
                let mut other = own;
                *flag(&mut other) ^= true;
                nodes_with(board, 8, own) != nodes_with(board, 8, other)
            });
            assert!(changed, "{name} changes no search");
        }
    }

    /// Runs `check` on a tree at each bench midgame that has no winning four, with the
    /// scan's evaluation, a middling move to stand for the table's move, and the moves
    /// ordered with that one first.
    fn at_midgames_with_a_table_move(mut check: impl FnMut(&mut Tree<'_>, i32, Point, &[Move])) {
        for board in midgames() {
            let tt = Table::new(1);
            let mut history = vec![0; 2 * CELLS];
            let mut tree = Tree::new(board, &tt, &mut history, SearchLimits::unbounded());
            let scan = tree.scan(0, None);
            if scan.winning_four.is_some() {
                continue;
            }
            let best = scan.moves[scan.moves.len() / 2].point;
            let moves = tree.scan(0, Some(best)).moves;
            check(&mut tree, scan.eval, best, &moves);
        }
    }

    /// The table's move is singular when its stored lower bound stands far above what every
    /// other move reaches half as deep, and not when it stands far below, nor when the entry
    /// is an upper bound or too shallow to trust; under every rule.
    #[test]
    fn the_table_move_is_singular_only_far_above_the_others() {
        at_midgames_with_a_table_move(|tree, eval, best, moves| {
            let depth = tree.tuning.singular_min_depth + 2;
            let slack = tree.tuning.singular_depth_slack;
            let mut singular = |offset: i32, bound: Bound, stored: i32| {
                let entry = TtEntry {
                    key: tree.board.hash(),
                    best: Some(best),
                    score: eval + offset,
                    depth: stored,
                    bound,
                };
                tree.first_move_extension(&entry, moves, depth, 0, INFINITY) == 1
            };
            assert!(singular(5_000, Bound::Lower, depth));
            assert!(singular(5_000, Bound::Exact, depth - slack));
            assert!(!singular(-5_000, Bound::Lower, depth));
            assert!(!singular(5_000, Bound::Upper, depth));
            assert!(!singular(5_000, Bound::Lower, depth - slack - 1));
        });
    }

    /// A table's move that another move matches (so not singular) is searched a ply
    /// shallower when its stored score beats beta, under renju alone, and at full depth when
    /// the score falls short of beta.
    #[test]
    fn a_shared_cut_is_searched_shallower_under_renju() {
        let mut rules = Vec::new();
        at_midgames_with_a_table_move(|tree, eval, best, moves| {
            let depth = tree.tuning.singular_min_depth + 2;
            let entry = TtEntry {
                key: tree.board.hash(),
                best: Some(best),
                score: eval - 5_000,
                depth,
                bound: Bound::Lower,
            };
            let rule = tree.board.rule();
            let shortened = -i32::from(rule == Rule::Renju);
            let mut extension = |beta| tree.first_move_extension(&entry, moves, depth, 0, beta);
            assert_eq!(extension(entry.score), shortened, "{rule:?}");
            assert_eq!(extension(entry.score + 1), 0, "{rule:?}");
            rules.push(rule);
        });
        assert!(rules.contains(&Rule::Renju) && rules.contains(&Rule::Freestyle));
    }

    /// The quiescence's scan against the full scan filtered to fours, both scans' evaluation
    /// against `eval::evaluate` (renju fouls of Black's left out: the lines meet some), and
    /// the candidates against their definition, along random lines of play from the midgames
    /// (the history table and killers get random credit, so ties and the table's move both
    /// occur).
    #[test]
    fn quick_scans_agree_with_the_full_scan() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut fouls = 0;
        for board in midgames() {
            let tt = Table::new(1);
            let mut history = vec![0; 2 * CELLS];
            let mut tree = Tree::new(board, &tt, &mut history, SearchLimits::unbounded());
            for step in 0..600 {
                let ply = step % 8;
                let candidates: Vec<Point> = tree.area.candidates(&tree.board).collect();
                assert_eq!(candidates, candidates_from_scratch(&tree.board));
                let foul = |&p: &Point| !is_legal(&tree.board, p, Stone::Black);
                fouls += candidates.iter().filter(|p| foul(p)).count();
                let mut full = Vec::new();
                let found = tree.scan_into(ply, None, &mut full);
                let mut fours = Vec::new();
                let quick = tree.scan_fours(ply, &mut fours);
                match (found, quick) {
                    (Found::Win(a), Found::Win(b)) => assert_eq!(a, b),
                    (Found::Eval(a), Found::Eval(b)) => {
                        assert_eq!(a, b);
                        let cells = candidates.iter().copied();
                        assert_eq!(a.eval, eval::evaluate(&tree.board, cells));
                        full.retain(|m| m.own.is_four());
                        let points = |ms: &[Move]| ms.iter().map(|m| m.point).collect::<Vec<_>>();
                        assert_eq!(points(&full), points(&fours));
                    }
                    _ => panic!("one scan found a win, the other not"),
                }
                if let Some(&m) = full.first() {
                    tree.killers[ply][0] = Some(m.point);
                    tree.history[rng.random_range(0..2 * CELLS)] += 64 * rng.random_range(0..4);
                }
                let moves: Vec<Point> = tree.area.candidates(&tree.board).collect();
                let undo = tree.board.history().len() > 12 && rng.random_bool(0.4);
                if undo || moves.is_empty() || tree.forced(ply).is_ok() {
                    tree.unmake();
                } else {
                    tree.make(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(
            fouls > 0,
            "the renju lines of play meet no Black foul to leave out"
        );
    }
}
