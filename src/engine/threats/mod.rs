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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::board::Board;
use super::eval::{cell_info, is_legal, CellTable, Threat};
use super::geometry::{Direction, Point};
use super::grid;
use super::patterns::Pattern;
use super::stone::Stone;

mod proof_numbers;

/// Which threats the attacker may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Fours only.
    Vcf,
    /// Threes and fours.
    Vct,
}

/// How much a threat search may spend, and how far its threats may look.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Most nodes to visit.
    pub max_nodes: u64,
    /// Stop at this instant, if given.
    pub deadline: Option<Instant>,
    /// Stop when this flag is raised, if given.
    pub stop: Option<Arc<AtomicBool>>,
    /// Stop when this flag is raised too, if given: the search this one races on another
    /// thread has settled the question (found the win, or answered the move).
    pub rival: Option<Arc<AtomicBool>>,
    /// Most positions the search's tables remember (the VCT's move cache a quarter of
    /// them): its memory. The default, `DEFAULT_TABLE_ENTRIES`, suits a service answering
    /// many requests at once; an offline check may afford more.
    pub table_entries: usize,
    /// Most attacker moves of the VCF that makes a move a threat in a VCT (quintet's threat
    /// limit). The default, `DEFAULT_THREAT_VCF_MOVES` (2), sees open threes and the moves
    /// that set up a four-three or a double four; 3 also sees moves that prepare those,
    /// which some long wins need, at the price of a far larger tree.
    pub threat_vcf_moves: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_nodes: 0,
            deadline: None,
            stop: None,
            rival: None,
            table_entries: DEFAULT_TABLE_ENTRIES,
            threat_vcf_moves: DEFAULT_THREAT_VCF_MOVES,
        }
    }
}

impl Budget {
    /// A budget of `max_nodes` nodes and no clock.
    #[must_use]
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            ..Budget::default()
        }
    }

    /// The first `fraction` of what is left of this budget once `used` nodes are spent:
    /// of its nodes and of its time from now; the stop flag is shared.
    fn share(&self, used: u64, fraction: f64) -> Budget {
        let nodes_left = self.max_nodes.saturating_sub(used) as f64;
        let now = Instant::now();
        Budget {
            max_nodes: used.saturating_add((nodes_left * fraction) as u64),
            deadline: self
                .deadline
                .map(|d| now + d.saturating_duration_since(now).mul_f64(fraction)),
            stop: self.stop.clone(),
            rival: self.rival.clone(),
            table_entries: self.table_entries,
            threat_vcf_moves: self.threat_vcf_moves,
        }
    }

    /// Whether the budget is spent after `used` nodes: its nodes, its flags, or (when
    /// `read_clock`: the clock costs more than a node's other checks) its time.
    fn is_spent(&self, used: u64, read_clock: bool) -> bool {
        let raised = |flag: &Option<Arc<AtomicBool>>| {
            flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
        };
        used >= self.max_nodes
            || raised(&self.stop)
            || raised(&self.rival)
            || read_clock && self.deadline.is_some_and(|d| Instant::now() >= d)
    }
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
pub struct Outcome {
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
pub fn find_win(board: &Board, mode: Mode, max_moves: u32, budget: &Budget) -> Outcome {
    let mut solver = Solver::new(board, mode, budget);
    let proof = solver.solve(max_moves);
    let lead = match (&proof, mode) {
        (Proof::Unknown, Mode::Vct) => solver.root_lead(),
        _ => None,
    };
    Outcome {
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
) -> Outcome {
    let mut solver = Solver::new(board, mode, budget);
    let proof = solver.prove_move(point, max_moves);
    Outcome {
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

/// An attacker's candidate move: its sort key (`strongest_first`), its class and its point.
type Ranked = (u64, Threat, Point);

/// The block of the defender's five point as the attacker's only candidate: as urgent as a
/// four, which leaves one answer too.
fn forced_block(block: Point) -> Ranked {
    (0, Threat::Four, block)
}

/// Most positions one search remembers in each of its tables by default: about 100 MB
/// once full (`TABLE_ENTRY_BYTES` bounds it by 112 MiB), which only searches of several
/// seconds reach.
pub const DEFAULT_TABLE_ENTRIES: usize = 1 << 19;

/// Bytes a threat search's tables take for each entry of `Budget::table_entries`, all its
/// tables together, once full: the largest resident size measured, per entry, over long
/// searches at several table sizes (189–197), with a margin
/// (docs/decisions/0026-threat-table-memory.md). What a memory limit allows a search is its
/// bytes over this.
pub const TABLE_ENTRY_BYTES: usize = 224;

/// The fewest entries `table_entries_within` gives a search, however little memory there
/// is: under 1 MiB of tables.
pub const MIN_TABLE_ENTRIES: usize = 1 << 12;

/// The entries each of `searches` threat searches running at once may hold so that their
/// tables, once full, take at most `bytes` together; at least `MIN_TABLE_ENTRIES`, at most
/// `DEFAULT_TABLE_ENTRIES`.
#[must_use]
pub fn table_entries_within(bytes: u64, searches: u64) -> usize {
    let each = bytes / searches.max(1) / TABLE_ENTRY_BYTES as u64;
    usize::try_from(each)
        .unwrap_or(usize::MAX)
        .clamp(MIN_TABLE_ENTRIES, DEFAULT_TABLE_ENTRIES)
}

/// Most attacker moves of the VCF that makes a move a threat in a VCT, unless a budget says
/// otherwise: one for an open three (its open four), two for a move that sets up a
/// four-three or a double four.
pub const DEFAULT_THREAT_VCF_MOVES: u32 = 2;

/// Mixed into a VCF node's memo key so that it never meets a VCT node's entry.
const VCF_MEMO_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// A `Memo::failed` limit meaning "fails at any move limit".
const UNBOUNDED: u32 = u32::MAX;

/// A cached result at an attacker node.
#[derive(Clone, Copy, Default)]
struct Memo {
    /// Deepest move limit known to fail (0: none; `UNBOUNDED`: every limit).
    failed: u32,
    /// Smallest move limit known to win (0: none).
    won: u32,
    /// The winning move, when `won` is set.
    best: Option<Point>,
}

struct Solver {
    board: Board,
    attacker: Stone,
    mode: Mode,
    budget: Budget,
    nodes: u64,
    aborted: bool,
    /// Whether some node stopped at the move limit with threats left (a deeper limit may win).
    cut: bool,
    root_len: usize,
    /// Keyed by Zobrist hashes, which are already uniform: a cheap hasher suffices.
    memo: FxHashMap<u64, Memo>,
    /// Bounding box of the stones: (min x, min y, max x, max y), one entry per ply.
    boxes: Vec<(usize, usize, usize, usize)>,
    /// The proof-number search's table.
    numbers: proof_numbers::Memory,
}

impl Solver {
    fn new(board: &Board, mode: Mode, budget: &Budget) -> Solver {
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
    fn solve(&mut self, max_moves: u32) -> Proof {
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
    fn prove_move(&mut self, point: Point, max_moves: u32) -> Proof {
        let me = self.attacker;
        if !is_legal(&self.board, point, me) {
            return Proof::NoWin;
        }
        if self.board.patterns_at(point, me).contains(&Pattern::Five) {
            return Proof::Win(vec![point]);
        }
        self.play(point);
        let rest = max_moves.saturating_sub(1);
        let proof = if self.board.has_five_point(me.opponent()) {
            // The move left the defender's four unanswered.
            Proof::NoWin
        } else {
            match self.mode {
                Mode::Vcf => {
                    let line = self.defend(rest);
                    self.settled(line)
                }
                Mode::Vct => self.prove_by_numbers(rest),
            }
        };
        self.undo();
        match proof {
            Proof::Win(line) => Proof::Win([vec![point], line].concat()),
            other => other,
        }
    }

    /// A VCF search's answer: its line, or why there is none.
    fn settled(&self, line: Option<Vec<Point>>) -> Proof {
        match line {
            Some(line) => Proof::Win(line),
            None if self.aborted => Proof::Unknown,
            None => Proof::NoWin,
        }
    }

    fn play(&mut self, point: Point) {
        let bbox = grow(*self.boxes.last().expect("root box"), point);
        self.boxes.push(bbox);
        self.board.play(point);
    }

    fn undo(&mut self) {
        self.boxes.pop();
        self.board.undo();
    }

    fn ply(&self) -> usize {
        self.board.history().len() - self.root_len
    }

    /// Calls `visit` on each empty cell within two of the stones' bounding box, row by row:
    /// every threat lies there. Plain loops: the solver scans the zone at every attacker
    /// node of a VCT, and a flattened iterator chain cost it a fifth of its time.
    fn for_each_in_zone(&self, mut visit: impl FnMut(Point)) {
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

    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if !self.aborted {
            let read_clock = self.nodes.is_multiple_of(256);
            self.aborted = self.budget.is_spent(self.nodes, read_clock);
        }
        self.aborted
    }

    /// The memo entry of `key` to update; `None` when the memo is full and `key` new, so a
    /// long search's memory stays bounded (it only forgets, never mistakes).
    fn memo_mut(&mut self, key: u64) -> Option<&mut Memo> {
        if self.memo.len() >= self.budget.table_entries && !self.memo.contains_key(&key) {
            return None;
        }
        Some(self.memo.entry(key).or_default())
    }

    /// Attacker to move: a winning line within `depth` attacker moves, if any.
    fn attack(&mut self, depth: u32) -> Option<Vec<Point>> {
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
    fn expand(&mut self, key: u64, their_fives: &[Point], depth: u32) -> Option<Vec<Point>> {
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
    fn winning_four(&mut self, key: u64) -> Option<Vec<Point>> {
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
    fn memo_key(&self) -> u64 {
        match self.mode {
            Mode::Vcf => self.board.hash() ^ VCF_MEMO_SALT,
            Mode::Vct => self.board.hash(),
        }
    }

    /// A VCF for the side to move within `max_moves` of its moves. It is a fixed test, not a
    /// bound to deepen, so where it stopped at its limit does not reach the caller's `cut`.
    fn nested_vcf(&mut self, max_moves: u32) -> Option<Vec<Point>> {
        let outer = (self.attacker, self.mode, self.cut);
        self.attacker = self.board.to_move();
        self.mode = Mode::Vcf;
        let line = self.attack(max_moves);
        (self.attacker, self.mode, self.cut) = outer;
        line
    }

    /// What `colour` threatens: if it could move now, would it win by a VCF within
    /// `max_moves`? If so, the cells where its opponent must play to stop that VCF, fours
    /// aside: every point of the VCF's line, its final five points (with their neighbourhood
    /// when the win is a forbidden block), and the cells that would turn one of the
    /// opponent's forced replies into a four. A move anywhere else leaves the VCF standing.
    fn threat_cells(&mut self, colour: Stone, max_moves: u32) -> Option<Vec<Point>> {
        let to_move = self.board.to_move();
        self.board.set_to_move(colour);
        let cells = self
            .nested_vcf(max_moves)
            .map(|line| self.cells_of_line(colour, &line));
        self.board.set_to_move(to_move);
        cells
    }

    /// `threat_cells` of a VCF `line` of `colour`, who is to move.
    fn cells_of_line(&mut self, colour: Stone, line: &[Point]) -> Vec<Point> {
        let mut cells = line.to_vec();
        for &p in line {
            self.board.play(p);
            if self.board.stone(p) != Some(colour) {
                self.add_four_makers(p, &mut cells);
            }
        }
        let ends = five_points(&self.board, colour, line.last().copied());
        if let [forbidden_block] = ends.as_slice() {
            let size = self.board.size();
            for d in Direction::ALL {
                cells.extend((-5..=5).filter_map(|k| forbidden_block.step(d, k, size)));
            }
        }
        cells.extend(ends);
        for _ in line {
            self.board.undo();
        }
        cells
    }

    /// Adds to `cells` the empty cells where one more stone of the colour on `stone` would
    /// make a four through it: the two empty cells of every five-cell window through `stone`
    /// that holds three of its colour and nothing of the other.
    fn add_four_makers(&self, stone: Point, cells: &mut Vec<Point>) {
        let colour = self.board.stone(stone).expect("a stone");
        let size = self.board.size();
        for d in Direction::ALL {
            for start in -4..=0 {
                let (mut own, mut empty) = (0, Vec::with_capacity(5));
                for k in start..start + 5 {
                    match stone.step(d, k, size).map(|q| (q, self.board.stone(q))) {
                        Some((_, Some(c))) if c == colour => own += 1,
                        Some((q, None)) => empty.push(q),
                        // Off the board or the other colour: no four in this window.
                        _ => own = -5,
                    }
                }
                if own == 3 && empty.len() == 2 {
                    cells.extend(empty);
                }
            }
        }
    }

    /// Records that the node `key` wins within `depth` moves by `best`.
    fn remember_win(&mut self, key: u64, depth: u32, best: Point) {
        if let Some(memo) = self.memo_mut(key) {
            memo.won = depth;
            memo.best = Some(best);
        }
    }

    /// The line of a node the memo knows to win, from its winning move `best`. A VCF's line
    /// is rebuilt to the end, its defender having one answer per four (`threat_cells` needs
    /// all of it); a VCT's stops at the winning move.
    fn remembered_line(&mut self, best: Option<Point>) -> Vec<Point> {
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
    fn first_winning(&mut self, key: u64, moves: Vec<Ranked>, depth: u32) -> Option<Vec<Point>> {
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

    /// The attacker's legal candidate threats of the solver's mode, strongest first:
    /// fours for a VCF; for a VCT also threes and every move that may threaten a short VCF
    /// (`may_threaten`), which the defender's node checks.
    fn threat_moves(&self, me: Stone) -> Vec<Ranked> {
        let mut moves: Vec<Ranked> = Vec::with_capacity(32);
        match self.mode {
            Mode::Vcf => {
                for p in self.board.four_points(me) {
                    self.push_legal(&mut moves, p, me);
                }
            }
            Mode::Vct => {
                let wide = self.budget.threat_vcf_moves > DEFAULT_THREAT_VCF_MOVES;
                self.for_each_in_zone(|p| {
                    // Every three or four is also a move that may threaten: most cells fail
                    // this test, and they skip the table.
                    if may_threaten(self.board.patterns_at(p, me), wide) {
                        self.push_legal(&mut moves, p, me);
                    }
                });
            }
        }
        moves.sort_unstable_by_key(|&(key, _, _)| key);
        moves
    }

    /// Adds `p` to `moves` with its class and sort key when `me` may play it.
    #[inline(always)]
    fn push_legal(&self, moves: &mut Vec<Ranked>, p: Point, me: Stone) {
        let info = cell_info(self.board.patterns_at(p, me));
        if is_legal(&self.board, p, me) {
            moves.push((strongest_first(info.threat, info.value, p), info.threat, p));
        }
    }

    /// The defender to move after an attacker's four in a VCF: the line if its block (the
    /// only defence) loses.
    fn defend(&mut self, depth: u32) -> Option<Vec<Point>> {
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

    /// The defender's answers to a threat that `cells` would stop: the empty, legal ones
    /// among them and every four of its own (gaining a tempo); fours first, then in board
    /// order.
    fn defences(&self, cells: &[Point]) -> Vec<Point> {
        let them = self.attacker.opponent();
        let mut moves: Vec<(bool, usize, usize)> = self
            .board
            .four_points(them)
            .map(|p| (false, p.row(), p.col()))
            .collect();
        // Cells beyond the zone only arise around a forbidden point the threat relies on.
        let blocks = cells.iter().filter(|&&p| self.board.is_empty(p));
        moves.extend(blocks.map(|p| (true, p.row(), p.col())));
        // Each cell once (as a counter-four when it is one), then counter-fours first.
        moves.sort_unstable_by_key(|&(block, row, col)| (row, col, block));
        moves.dedup_by_key(|&mut (_, row, col)| (row, col));
        moves.sort_by_key(|&(block, _, _)| block);
        moves
            .into_iter()
            .map(|(_, row, col)| Point::new(col, row))
            .filter(|&p| is_legal(&self.board, p, them))
            .collect()
    }
}

/// Whether a stone with these line patterns might make a VCF of two moves that was not there
/// before. The default (`wide` false) asks for a three of some kind (a line one move from a
/// four) or two lines one move from a three. That misses a lone open two whose line the
/// VCF's last move turns into the three of a four-three, the four running on a line already
/// there (`a_lone_open_two_that_sets_up_a_four_three_is_a_threat`); `wide` (a deeper threat
/// limit, whose wins need such quiet moves) takes any line one move from a three. At the
/// default limit the narrow test proved the same puzzles in 8–18 % less time
/// (docs/decisions/0023-deeper-threat-limit-at-the-root.md). A filter can cost a win, never
/// make one false.
///
/// The four patterns are tested at once as the bytes of one word (the test runs on every
/// empty cell of the zone at every attacker node of a VCT): adding `128 - t` to each byte
/// sets its top bit exactly when the byte is at least `t`, and no byte carries into the next,
/// since every pattern is below 128 - `Pattern::Flex2`.
fn may_threaten(patterns: [Pattern; 4], wide: bool) -> bool {
    const TOP_BITS: u32 = 0x8080_8080;
    let word = u32::from_le_bytes(patterns.map(|p| p as u8));
    let at_least = |t: Pattern| (word + u32::from_le_bytes([128 - t as u8; 4])) & TOP_BITS;
    let twos_needed = if wide { 1 } else { 2 };
    at_least(Pattern::Block3) != 0 || at_least(Pattern::Flex2).count_ones() >= twos_needed
}

/// The sort key that orders the attacker's moves: the strongest threat first, then the
/// highest pattern value, ties in board order. One integer: sorting by it is exactly sorting
/// by those three, and a tenth of the solver's time went to comparing them as a tuple.
fn strongest_first(threat: Threat, value: i32, p: Point) -> u64 {
    let weaker = u64::from(u8::MAX - threat as u8);
    // Flipping the sign bit maps i32 onto u32 in order; inverting every bit then puts the
    // higher values first.
    let lower = u64::from(!((value as u32) ^ 0x8000_0000));
    let place = (p.row() as u64) << 8 | p.col() as u64;
    weaker << 56 | lower << 16 | place
}

fn grow(bbox: (usize, usize, usize, usize), p: Point) -> (usize, usize, usize, usize) {
    (
        bbox.0.min(p.col()),
        bbox.1.min(p.row()),
        bbox.2.max(p.col()),
        bbox.3.max(p.row()),
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::position::drawn_board as board;
    use crate::engine::Rule;

    fn budget() -> Budget {
        Budget::nodes(200_000)
    }

    /// Black: a four on row 2 forces White's block, then a four-three wins.
    const VCF: [&str; 9] = [
        ".........",
        ".........",
        "..xxx.o..",
        "......x..",
        "......x..",
        ".........",
        ".........",
        "o.o.o....",
        ".o.o.o...",
    ];

    #[test]
    fn finds_a_vcf_under_every_rule() {
        for rule in Rule::ALL {
            let b = board(&VCF, rule, Stone::Black);
            let outcome = find_win(&b, Mode::Vcf, 10, &budget());
            let Proof::Win(line) = outcome.proof else {
                panic!("{rule}: {:?}", outcome.proof)
            };
            let verified = wins_after(&b, line[0], Mode::Vcf, 10, &budget());
            assert!(matches!(verified.proof, Proof::Win(_)), "{rule} {line:?}");
        }
    }

    #[test]
    fn a_share_of_a_budget_counts_from_the_nodes_used() {
        let whole = Budget::nodes(1_000);
        let share = whole.share(200, 0.5);
        assert_eq!(share.max_nodes, 600);
        assert!(share.deadline.is_none());
        assert!(!share.is_spent(599, true) && share.is_spent(600, false));
        let timed = Budget {
            deadline: Some(Instant::now() + std::time::Duration::from_secs(100)),
            ..whole
        };
        let half = timed.share(0, 0.5).deadline.expect("a deadline");
        let left = half.saturating_duration_since(Instant::now()).as_secs();
        assert!((45..=50).contains(&left), "{left} s");
    }

    /// A table too small for the search forgets positions but never a result: both
    /// searches still find (VCT) or refute (VCF) the same way.
    #[test]
    fn a_tiny_table_forgets_but_never_errs() {
        let tiny = Budget {
            table_entries: 2,
            ..budget()
        };
        let b = board(&OPEN_TWOS_CROSSING, Rule::Freestyle, Stone::Black);
        let Proof::Win(line) = find_win(&b, Mode::Vct, 4, &tiny).proof else {
            panic!("the VCT must still be found")
        };
        assert!(matches!(
            wins_after(&b, line[0], Mode::Vct, 4, &budget()).proof,
            Proof::Win(_)
        ));
        assert_eq!(find_win(&b, Mode::Vcf, 4, &tiny).proof, Proof::NoWin);
    }

    /// Black's move at (4, 10) makes only an open two, yet it threatens a VCF of two: (6, 10)
    /// then makes a four on the diagonal and an open three on the row. The default threat
    /// limit's filter passes it over; a deeper limit's tries it.
    const LONE_OPEN_TWO: [&str; 15] = [
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".....x.........",
        ".......x.......",
        "........x......",
        ".........x.....",
        "..........o....",
    ];

    #[test]
    fn a_lone_open_two_that_sets_up_a_four_three_is_a_threat() {
        let b = board(&LONE_OPEN_TWO, Rule::Freestyle, Stone::Black);
        let a = Point::new(4, 10);
        let lines = b.patterns_at(a, Stone::Black);
        assert_eq!(lines.iter().filter(|&&l| l >= Pattern::Flex2).count(), 1);
        assert!(lines.iter().all(|&l| l < Pattern::Block3), "{lines:?}");
        let deeper = Budget {
            threat_vcf_moves: 3,
            ..budget()
        };
        let threats = |budget| Solver::new(&b, Mode::Vct, budget).threat_moves(Stone::Black);
        assert!(threats(&deeper).iter().any(|&(_, _, p)| p == a));
        assert!(threats(&budget()).iter().all(|&(_, _, p)| p != a));
        assert_eq!(find_win(&b, Mode::Vcf, 2, &budget()).proof, Proof::NoWin);
        let mut after = b.clone();
        after.play(a);
        after.set_to_move(Stone::Black);
        assert!(matches!(
            find_win(&after, Mode::Vcf, 2, &budget()).proof,
            Proof::Win(_)
        ));
    }

    /// Black's win here starts with a threat that only prepares a VCF of three moves (found
    /// by a random search over small positions).
    pub(crate) const PREPARED_VCF: [&str; 11] = [
        "...........",
        "...........",
        "....xxo....",
        "...........",
        ".......x...",
        "...........",
        "....x.o.o..",
        "......xo...",
        "..o........",
        "...........",
        "...........",
    ];

    /// The default threat limit sees no win within eight moves; a limit of 3 finds one, and
    /// its first move checks out.
    #[test]
    fn a_deeper_threat_limit_sees_wins_the_default_cannot() {
        let b = board(&PREPARED_VCF, Rule::Freestyle, Stone::Black);
        assert_eq!(find_win(&b, Mode::Vct, 8, &budget()).proof, Proof::NoWin);
        let wide = Budget {
            threat_vcf_moves: 3,
            ..budget()
        };
        let Proof::Win(line) = find_win(&b, Mode::Vct, 8, &wide).proof else {
            panic!("a win with threats that prepare three-move VCFs")
        };
        assert!(matches!(
            wins_after(&b, line[0], Mode::Vct, 8, &wide).proof,
            Proof::Win(_)
        ));
    }

    proptest::proptest! {
        /// The packed key orders moves exactly as the (threat, value, row, column) tuple it
        /// stands for, strongest threat and highest value first.
        #[test]
        fn the_move_key_orders_as_its_tuple(
            a in (0..8usize, proptest::num::i32::ANY, 0..32usize, 0..32usize),
            b in (0..8usize, proptest::num::i32::ANY, 0..32usize, 0..32usize),
        ) {
            const THREATS: [Threat; 8] = [
                Threat::Quiet,
                Threat::Three,
                Threat::DoubleThree,
                Threat::Four,
                Threat::FourThree,
                Threat::DoubleFour,
                Threat::OpenFour,
                Threat::Five,
            ];
            let tuple = |(t, v, x, y): (usize, i32, usize, usize)| {
                (std::cmp::Reverse((THREATS[t], v)), y, x)
            };
            let key = |(t, v, x, y): (usize, i32, usize, usize)| {
                strongest_first(THREATS[t], v, Point::new(x, y))
            };
            proptest::prop_assert_eq!(key(a).cmp(&key(b)), tuple(a).cmp(&tuple(b)));
        }
    }

    /// The word test of `may_threaten` agrees with counting the lines, for every cell.
    #[test]
    fn the_threat_filter_counts_lines_exactly() {
        let all = crate::engine::eval::all_patterns();
        for patterns in every_cell(&all) {
            let threes = patterns.iter().filter(|&&p| p >= Pattern::Block3).count();
            let twos = patterns.iter().filter(|&&p| p >= Pattern::Flex2).count();
            for (wide, twos_needed) in [(false, 2), (true, 1)] {
                let counted = threes >= 1 || twos >= twos_needed;
                assert_eq!(may_threaten(patterns, wide), counted, "{patterns:?} {wide}");
            }
        }
    }

    /// Every choice of four patterns from `all`.
    fn every_cell(all: &[Pattern]) -> Vec<[Pattern; 4]> {
        let mut out = Vec::new();
        for &a in all {
            for &b in all {
                for &c in all {
                    out.extend(all.iter().map(|&d| [a, b, c, d]));
                }
            }
        }
        out
    }

    /// A VCT cut short names the open root move it would have searched on, and only then.
    #[test]
    fn an_unsettled_vct_reports_its_open_lead() {
        let b = board(&PREPARED_VCF, Rule::Freestyle, Stone::Black);
        let wide = |max_nodes| Budget {
            threat_vcf_moves: 3,
            ..Budget::nodes(max_nodes)
        };
        let mut unsettled = 0;
        for max_nodes in (1..8).map(|k| 1u64 << k) {
            let outcome = find_win(&b, Mode::Vct, 8, &wide(max_nodes));
            match (&outcome.proof, outcome.lead) {
                (Proof::Unknown, Some(lead)) => {
                    unsettled += 1;
                    assert!(lead.proof >= 1 && lead.disproof >= 1, "{lead:?}");
                    let threats = Solver::new(&b, Mode::Vct, &wide(1)).threat_moves(Stone::Black);
                    assert!(threats.iter().any(|&(_, _, p)| p == lead.point), "{lead:?}");
                }
                (Proof::Unknown, None) => panic!("no lead at {max_nodes} nodes"),
                (_, lead) => assert_eq!(lead, None, "settled at {max_nodes} nodes"),
            }
        }
        assert!(unsettled > 0, "some budget must leave the search open");
        let settled = find_win(&b, Mode::Vct, 8, &wide(200_000));
        assert!(matches!(settled.proof, Proof::Win(_)) && settled.lead.is_none());
        let vcf = find_win(&b, Mode::Vcf, 8, &Budget::nodes(3));
        assert_eq!(vcf.lead, None, "a VCF names no lead");
    }

    #[test]
    fn no_vcf_for_the_side_without_fours() {
        let b = board(&VCF, Rule::Freestyle, Stone::White);
        let outcome = find_win(&b, Mode::Vcf, 10, &budget());
        assert_eq!(outcome.proof, Proof::NoWin);
    }

    #[test]
    fn a_move_that_does_not_win_is_refuted() {
        let b = board(&VCF, Rule::Freestyle, Stone::Black);
        let outcome = wins_after(&b, Point::new(0, 0), Mode::Vct, 6, &budget());
        assert_eq!(outcome.proof, Proof::NoWin);
    }

    /// White's four-three whose only defence is a Black double-three point.
    #[test]
    fn renju_white_wins_through_a_forbidden_defence() {
        // Black stones make (4,4) a double three for Black; White's four on column 4
        // has its five point at (4,4).
        let rows = [
            ".........",
            "....o....",
            "....o....",
            "....o....",
            ".........",
            "...x.....",
            "..x...x..",
            ".......x.",
            ".........",
        ];
        let b = board(&rows, Rule::Renju, Stone::White);
        // Sanity: (4,4) is forbidden for Black after White's four at (4,0)... White plays it.
        let outcome = wins_after(&b, Point::new(4, 0), Mode::Vcf, 1, &budget());
        let forbidden = crate::engine::renju::forbidden_kind(b.grid(), Point::new(4, 4));
        assert!(
            forbidden.is_some(),
            "test position: (4,4) must be forbidden"
        );
        assert!(
            matches!(outcome.proof, Proof::Win(_)),
            "{:?}",
            outcome.proof
        );
        let free = board(&rows, Rule::Freestyle, Stone::White);
        let blocked = wins_after(&free, Point::new(4, 0), Mode::Vcf, 1, &budget());
        assert_eq!(blocked.proof, Proof::NoWin);
    }

    #[test]
    fn renju_black_may_not_threaten_from_a_forbidden_point() {
        // Black's only four would be an overline at (0,2).
        let rows = [
            "x........",
            "x........",
            ".........",
            "x........",
            "x........",
            "x........",
            ".........",
            ".........",
            "......ooo",
        ];
        let renju = board(&rows, Rule::Renju, Stone::Black);
        let found = find_win(&renju, Mode::Vcf, 4, &budget());
        assert!(!matches!(found.proof, Proof::Win(ref l) if l[0] == Point::new(0, 2)));
        let free = board(&rows, Rule::Freestyle, Stone::Black);
        let win = find_win(&free, Mode::Vcf, 4, &budget());
        assert_eq!(win.proof, Proof::Win(vec![Point::new(0, 2)]));
    }

    /// Black: two open twos crossing; the cross point makes a double three (freestyle).
    const OPEN_TWOS_CROSSING: [&str; 9] = [
        "..o......",
        ".........",
        ".........",
        "...xx....",
        ".........",
        ".....x...",
        ".....x...",
        ".........",
        "o...o...o",
    ];

    #[test]
    fn finds_a_vct_with_an_open_three() {
        let b = board(&OPEN_TWOS_CROSSING, Rule::Freestyle, Stone::Black);
        let outcome = find_win(&b, Mode::Vct, 4, &budget());
        let direct = wins_after(&b, Point::new(5, 3), Mode::Vct, 4, &budget());
        assert!(matches!(direct.proof, Proof::Win(_)), "{direct:?}");
        let Proof::Win(line) = outcome.proof else {
            panic!("{:?}", outcome.proof)
        };
        let verified = wins_after(&b, line[0], Mode::Vct, 4, &budget());
        assert!(matches!(verified.proof, Proof::Win(_)));
        assert_eq!(find_win(&b, Mode::Vcf, 4, &budget()).proof, Proof::NoWin);
    }
    #[test]
    fn an_open_three_is_defended_only_on_its_line_or_with_fours() {
        // Black: an open three on row 1 and a blocked three on row 5, whose four points
        // threaten nothing yet and so are no defence.
        let rows = [
            ".........",
            "..xxx....",
            ".........",
            ".........",
            ".........",
            "oxxx.....",
            ".........",
            ".........",
            ".........",
        ];
        let b = board(&rows, Rule::Freestyle, Stone::Black);
        let mut solver = Solver::new(&b, Mode::Vct, &budget());
        // White to move, as at a defender's node.
        solver.board.set_to_move(Stone::White);
        let cells = solver
            .threat_cells(Stone::Black, DEFAULT_THREAT_VCF_MOVES)
            .expect("an open three threatens an open four");
        let defences = solver.defences(&cells);
        assert!(defences.iter().all(|p| p.row() == 1), "{defences:?}");
        // The open four's point and its two five points.
        assert_eq!(defences.len(), 3, "{defences:?}");
    }

    /// `threat_cells` claims that a defender move anywhere else leaves the VCF standing:
    /// check it against every such move.
    #[test]
    fn a_vcf_survives_every_move_off_its_threat_cells() {
        for rule in Rule::ALL {
            let b = board(&VCF, rule, Stone::White);
            let mut solver = Solver::new(&b, Mode::Vct, &budget());
            let cells = solver
                .threat_cells(Stone::Black, 4)
                .expect("Black threatens a VCF");
            for q in b.empty_points() {
                let counter = cell_info(b.patterns_at(q, Stone::White)).threat.is_four();
                if cells.contains(&q) || counter || !is_legal(&b, q, Stone::White) {
                    continue;
                }
                let mut after = b.clone();
                after.play(q);
                let outcome = find_win(&after, Mode::Vcf, 4, &budget());
                assert!(
                    matches!(outcome.proof, Proof::Win(_)),
                    "{rule}: White {q:?}"
                );
            }
        }
    }

    /// A quiet move is no threat; a move that sets up a four-three is one.
    #[test]
    fn only_moves_that_threaten_a_short_vcf_are_threats() {
        let b = board(&VCF, Rule::Freestyle, Stone::White);
        let mut solver = Solver::new(&b, Mode::Vct, &budget());
        assert!(solver
            .threat_cells(Stone::White, DEFAULT_THREAT_VCF_MOVES)
            .is_none());
        assert!(solver
            .threat_cells(Stone::Black, DEFAULT_THREAT_VCF_MOVES)
            .is_some());
    }
}
