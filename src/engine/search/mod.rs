//! The master level: threat-space search at the root, then iterative-deepening PVS with
//! aspiration windows and multi-PV.
//!
//! Order of business for a position: take a five; look for a VCF, then a VCT, for the side
//! to move, or after the block of a single opposing five (two cannot be blocked); when those
//! fail, keep only the root moves that meet the opponent's threat sequence (`defence`); then
//! deepen the alpha-beta search until the deadline, the depth limit, the node limit or the
//! stop flag. A forced answer (one root move left) still searches its whole time: the table
//! it fills serves the next move, and an eighth of the time gained nothing in the arena,
//! not even with a game clock (docs/decisions/0025-forced-moves.md).
//!
//! The answer is the last completed iteration's best move, unless the stopped iteration had
//! already proven a later root move better than that one (single-PV searches only: multi-PV
//! keeps every listed score from one depth), or the root VCT ran out of time with a move it
//! found far likelier to win than to fail (`is_likely_win`) and the tree proved that move
//! no loss.
//!
//! A request for more than one thread adds helper threads (`helpers`, lazy SMP) that deepen
//! the same root from the moment the root moves are known, sharing the transposition table;
//! a single-PV answer takes a helper's best move when that helper completed a deeper
//! iteration than this thread, among the moves the defence kept. On long moves the first
//! helper runs the root's deeper VCT before it joins them (`deep_threat`).
//! A `Searcher` keeps its transposition table and history between calls (pbrain games), and
//! can report each completed iteration while it thinks (`analyze_reporting`).

mod area;
mod deep_threat;
mod defence;
mod helpers;
mod quiescence_table;
mod report;
mod tree;
mod tt;

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::analysis::{Analysis, Candidate, Score, SearchRequest, SearchStats};
use super::board::Board;
use super::eval::is_legal;
use super::geometry::Point;
use super::grid::CELLS;
use super::position::Position;
use super::threats::{self, Budget, Mode, Proof};
use deep_threat::DeepThreat;
use helpers::Helpers;
use report::score_of;
use tree::{Limits, Tree, INFINITY, PROVEN};

pub use tt::Table;

/// Transposition table size of a one-off `analyze`.
pub const DEFAULT_TT_MIB: usize = 16;
/// Deepest nominal depth iterative deepening goes to.
const MAX_DEPTH: u32 = 64;
/// Half-width of the first aspiration window.
const ASPIRATION: i32 = 60;
/// Most attacker moves a root threat search looks ahead.
const THREAT_MOVES: u32 = 20;
/// The root's VCF gets at most this fraction of the time, its VCT at most `vct_time`, the
/// defence against the opponent's threats at most `DEFENCE_SHARE`. Each search usually
/// settles well within its share; when none does, the tree keeps the rest.
const VCF_SHARE: u32 = 8;
/// The root VCT's node share, and its time share at short budgets (see `vct_time`).
const VCT_SHARE: u32 = 4;
/// See `VCF_SHARE`.
const DEFENCE_SHARE: u32 = 8;
/// Move budgets up to this give the root VCT a quarter of the time.
const SHORT_MOVE: Duration = Duration::from_millis(200);
/// Move budgets from this on give the root VCT half of the time, or three quarters when
/// helper threads search the tree meanwhile, and let it try deeper threats (`deeper_vct`).
const LONG_MOVE: Duration = Duration::from_secs(1);
/// The threat limit of the root VCT's second try (`deeper_vct`).
const DEEP_THREAT_VCF_MOVES: u32 = 3;
/// Most attacker moves a root VCF looks ahead (a VCF is narrow, so it may run long).
const VCF_MOVES: u32 = 100;
/// See `is_likely_win`.
const LIKELY_WIN_ODDS: f64 = 64.0;
/// See `is_likely_win`.
const LIKELY_WIN_DISPROOF: u32 = 10_000;

/// A master-level searcher whose transposition table and history survive between calls.
pub struct Searcher {
    tt: Arc<Table>,
    history: Vec<i32>,
}

/// What iterative deepening knows after a completed depth: the progress a caller may show
/// while the search goes on.
#[derive(Clone, Debug)]
pub struct Iteration {
    /// Depth and selective depth reached, nodes visited and time spent so far.
    pub stats: SearchStats,
    /// The best root move's score, from the mover's point of view.
    pub score: Score,
    /// The principal variation, best move first.
    pub pv: Vec<Point>,
}

/// A root move and what the last iteration that searched it said of it.
#[derive(Clone, Debug)]
struct RootMove {
    point: Point,
    score: i32,
    pv: Vec<Point>,
}

impl Searcher {
    /// A searcher with a transposition table of about `tt_mib` MiB.
    #[must_use]
    pub fn new(tt_mib: usize) -> Searcher {
        Searcher {
            tt: Arc::new(Table::new(tt_mib)),
            history: vec![0; 2 * CELLS],
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
    }

    /// The master analysis of a position within the request's limits.
    pub fn analyze(&mut self, position: &Position, request: &SearchRequest) -> Analysis {
        self.analyze_reporting(position, request, &mut |_| {})
    }

    /// `analyze`, calling `progress` after every completed iteration of the deepening (not
    /// for answers the root's tactical checks find without a tree search).
    pub fn analyze_reporting(
        &mut self,
        position: &Position,
        request: &SearchRequest,
        progress: &mut dyn FnMut(&Iteration),
    ) -> Analysis {
        let started = Instant::now();
        let board = position.board();
        if position.verdict().is_over() {
            return report::game_over(position, started);
        }
        let me = board.to_move();
        let legal: Vec<Point> = board
            .empty_points()
            .filter(|&p| is_legal(board, p, me))
            .collect();
        if legal.is_empty() {
            return report::no_legal_move(position, started);
        }
        let max_nodes = request.max_nodes.unwrap_or(u64::MAX);
        let mut limits = Limits {
            deadline: request.deadline,
            max_nodes,
            stop: request.stop.clone(),
            threat_table_entries: request.threat_table_entries.max(1),
        };
        let roots = self.root_moves(board, &legal);
        let helped = request.threads > 1;
        let task = helpers::Task {
            board,
            roots: &roots,
            table: &self.tt,
            history: &self.history,
            limits: &limits,
            max_depth: max_depth(request),
        };
        let deep = raced_threat(board, &limits, started, helped);
        let helpers = Helpers::start(request.threads, &task, deep);
        let deep = helpers.deep_threat();
        let mut nodes = 0;
        let tactic =
            self.tactical_root(board, &limits, started, helped, deep.as_deref(), &mut nodes);
        let own_attack = match tactic {
            Ok(quick) => {
                let mut analysis = report::proven(position, quick, nodes, started);
                analysis.stats.nodes += helpers.finish().nodes;
                return analysis;
            }
            Err(own_attack) => own_attack,
        };
        let roots = defended(
            board,
            roots,
            &own_attack.proof,
            &limits,
            started,
            &mut nodes,
        );
        limits.max_nodes = max_nodes.saturating_sub(nodes);
        // The best-ordered root move stands in if not even depth 1 completes in time.
        let fallback = roots[0];
        let allowed = roots.clone();
        let mut report = |iteration: &Iteration| {
            let mut iteration = iteration.clone();
            iteration.stats.nodes += nodes;
            progress(&iteration);
        };
        let (roots, mut stats) = self.deepen(board, roots, request, &limits, started, &mut report);
        if let Some(deep) = &deep {
            deep.wait();
        }
        let finished = helpers.finish();
        stats.nodes += nodes + finished.nodes;
        if let Some(line) = deep.as_deref().and_then(DeepThreat::win) {
            return report::proven(position, Tactic::Win(line.to_vec()), stats.nodes, started);
        }
        let roots = match finished.deepest {
            Some((depth, best)) if request.candidates <= 1 => {
                with_deeper(roots, &mut stats, depth, best, &allowed)
            }
            _ => roots,
        };
        let roots = with_likely_win(roots, own_attack.likely);
        let roots = if roots.is_empty() {
            vec![RootMove {
                point: fallback,
                score: 0,
                pv: vec![fallback],
            }]
        } else {
            roots
        };
        report::searched(position, request, roots_to_candidates(&roots), stats)
    }

    /// Fives, forced blocks and threat-space wins: answers needing no tree search. Otherwise
    /// what the mover's own VCT search concluded (`Unknown` when it did not run).
    fn tactical_root(
        &self,
        board: &Board,
        limits: &Limits,
        started: Instant,
        helped: bool,
        deep: Option<&DeepThreat>,
        nodes: &mut u64,
    ) -> Result<Tactic, OwnAttack> {
        let me = board.to_move();
        if let Some(&five) = threats::five_points(board, me, None).first() {
            return Ok(Tactic::Win(vec![five]));
        }
        let theirs = threats::five_points(board, me.opponent(), None);
        let first = match theirs.as_slice() {
            [] => None,
            [block] if is_legal(board, *block, me) => Some(*block),
            _ => {
                let legal_block = theirs.iter().copied().find(|&p| is_legal(board, p, me));
                let any =
                    legal_block.or_else(|| board.empty_points().find(|&p| is_legal(board, p, me)));
                return any.map(Tactic::Lost).ok_or(OwnAttack::UNKNOWN);
            }
        };
        match threat_win(board, first, limits, started, helped, deep, nodes) {
            OwnAttack {
                proof: Proof::Win(line),
                ..
            } => Ok(Tactic::Win(line)),
            // After a forced block the proof says nothing of the mover's own threats.
            _ if first.is_some() => Err(OwnAttack::UNKNOWN),
            own_attack => Err(own_attack),
        }
    }

    /// Root moves: a forced block alone, otherwise every legal candidate near the stones.
    fn root_moves(&mut self, board: &Board, legal: &[Point]) -> Vec<Point> {
        let me = board.to_move();
        if let Some(&block) = threats::five_points(board, me.opponent(), None).first() {
            return vec![block];
        }
        let tree = Tree::new(
            board.clone(),
            &self.tt,
            &mut self.history,
            Limits::unbounded(),
        );
        let scan = tree.scan(0, None);
        let moves: Vec<Point> = match scan.winning_four {
            Some(p) => vec![p],
            None => scan.moves.iter().map(|m| m.point).collect(),
        };
        if moves.is_empty() {
            legal.to_vec()
        } else {
            moves
        }
    }

    /// Iterative deepening over the root moves on this thread, calling `progress` after each
    /// completed depth; returns them best first with the stats.
    fn deepen(
        &mut self,
        board: &Board,
        points: Vec<Point>,
        request: &SearchRequest,
        limits: &Limits,
        started: Instant,
        progress: &mut dyn FnMut(&Iteration),
    ) -> (Vec<RootMove>, SearchStats) {
        let mut tree = Tree::new(board.clone(), &self.tt, &mut self.history, limits.clone());
        let mut stats = SearchStats::default();
        let mut report = |depth, tree: &Tree, best: &RootMove| {
            stats.depth = depth;
            stats.nodes = tree.nodes;
            stats.seldepth = tree.seldepth as u32;
            stats.elapsed = started.elapsed();
            progress(&Iteration {
                stats,
                score: score_of(best.score),
                pv: best.pv.clone(),
            });
        };
        let depths = 1..=max_depth(request);
        let roots = iterate(
            &mut tree,
            root_list(points),
            depths,
            request.candidates.max(1),
            &mut report,
        );
        stats.nodes = tree.nodes;
        stats.seldepth = tree.seldepth as u32;
        stats.elapsed = started.elapsed();
        (roots, stats)
    }
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_TT_MIB)
    }
}

/// A root answer found without tree search.
pub(crate) enum Tactic {
    /// A proven win: the winning line, first move first.
    Win(Vec<Point>),
    /// Two opposing fives (or one whose block is forbidden): this move, and a loss.
    Lost(Point),
}

/// The root VCT's time out of a move's `total`: a quarter up to `SHORT_MOVE`, half from
/// `LONG_MOVE` on (three quarters when `helped`: helper threads deepen the tree meanwhile),
/// in proportion between. At short budgets the tree needs the time most (at 200 ms a move,
/// half for the VCT lost arena points, and with a helper 1.5 quarters gained none); at long
/// ones it already reaches its useful depth, and long threat sequences are worth more
/// (docs/decisions/0010-vct-time-share.md).
fn vct_time(total: Duration, helped: bool) -> Duration {
    let long = if helped { 0.75 } else { 0.5 };
    let span = (LONG_MOVE - SHORT_MOVE).as_secs_f64();
    let past_short = total.saturating_sub(SHORT_MOVE).as_secs_f64();
    let fraction = 0.25 + (long - 0.25) * (past_short / span).min(1.0);
    total.mul_f64(fraction)
}

/// The mover's threat-space win, VCF first, then VCT, each within its share of the time
/// left: from the current position, or after `first`, a forced block, when given (the
/// block may itself be the first threat of a win). On long moves the deeper VCT follows
/// (`deeper_vct`), or races on a helper thread when `deep` is given.
fn threat_win(
    board: &Board,
    first: Option<Point>,
    limits: &Limits,
    started: Instant,
    helped: bool,
    deep: Option<&DeepThreat>,
    nodes: &mut u64,
) -> OwnAttack {
    let total = limits.deadline.saturating_duration_since(started);
    let mut own_attack = Proof::Unknown;
    let mut likely = None;
    for (mode, share, time, moves) in [
        (Mode::Vcf, VCF_SHARE, total / VCF_SHARE, VCF_MOVES),
        (Mode::Vct, VCT_SHARE, vct_time(total, helped), THREAT_MOVES),
    ] {
        let budget = Budget {
            max_nodes: limits.max_nodes / share as u64,
            deadline: Some(Instant::now() + time),
            stop: limits.stop.clone(),
            rival: deep.map(DeepThreat::found),
            table_entries: limits.threat_table_entries,
            ..Budget::default()
        };
        let outcome = match first {
            Some(point) => threats::wins_after(board, point, mode, moves, &budget),
            None => threats::find_win(board, mode, moves, &budget),
        };
        *nodes += outcome.nodes;
        likely = outcome.lead.filter(is_likely_win).map(|lead| lead.point);
        let second_try = mode == Mode::Vct && first.is_none() && total >= LONG_MOVE;
        own_attack = match (outcome.proof, deep) {
            (Proof::Win(line), _) => Proof::Win(line),
            (proof, Some(deep)) => deep.win().map_or(proof, |line| Proof::Win(line.to_vec())),
            (Proof::NoWin, None) if second_try => deeper_vct(board, &budget, outcome.nodes, nodes),
            (proof, None) => proof,
        };
        if matches!(own_attack, Proof::Win(_)) {
            break;
        }
    }
    let likely = likely.filter(|_| own_attack == Proof::Unknown);
    OwnAttack {
        proof: own_attack,
        likely,
    }
}

/// What the mover's own threat searches at the root concluded when they proved no win.
struct OwnAttack {
    /// `NoWin` when the VCT was disproven, else `Unknown`.
    proof: Proof,
    /// The move the unsettled VCT found likely to win (`is_likely_win`).
    likely: Option<Point>,
}

impl OwnAttack {
    /// Nothing known: the searches did not run, or say nothing of the mover's own threats.
    const UNKNOWN: OwnAttack = OwnAttack {
        proof: Proof::Unknown,
        likely: None,
    };
}

/// Whether the root VCT's `lead`, when the VCT ran out of time, is likely enough to win to
/// be played instead of the tree's choice: refuting it looked `LIKELY_WIN_ODDS` times as
/// costly as finishing its proof, and the search had tried to refute it in earnest (a
/// disproof number of `LIKELY_WIN_DISPROOF` or more; the short VCTs of fast moves have not).
/// The tree's horizon falls far short of the long threat sequences such a lead starts,
/// while the solver's numbers weigh every defence; in the tactics set every lead this
/// picked was a winning move (docs/decisions/0027-likely-win-lead.md).
fn is_likely_win(lead: &threats::Lead) -> bool {
    lead.odds() >= LIKELY_WIN_ODDS && lead.disproof >= LIKELY_WIN_DISPROOF
}

/// `roots`, searched, with the root VCT's `likely` win first: unless the tree proved a
/// win of its own (its first move scores a win) or proved that move lost.
fn with_likely_win(roots: Vec<RootMove>, likely: Option<Point>) -> Vec<RootMove> {
    let Some(likely) = likely else {
        return roots;
    };
    if roots.first().is_some_and(|best| best.score > PROVEN) {
        return roots;
    }
    match roots.iter().find(|r| r.point == likely) {
        Some(root) if root.score >= -PROVEN => {
            let root = root.clone();
            first(roots, root)
        }
        _ => roots,
    }
}

/// Threat searches a master search on `threads` threads may run at once, which a memory
/// limit must be shared by: the main thread's root search and, with helper threads, the
/// deeper one a helper races against it (`raced_threat`).
#[must_use]
pub fn threat_searches_at_once(threads: usize) -> u64 {
    if threads > 1 {
        2
    } else {
        1
    }
}

/// The deeper root VCT for a helper thread to race (`deep_threat`): on long moves with
/// helpers, when the root has no five point for either side (a five or a forced block
/// settles the move first). It gets the root VCT's time and node share.
fn raced_threat(
    board: &Board,
    limits: &Limits,
    started: Instant,
    helped: bool,
) -> Option<DeepThreat> {
    let total = limits.deadline.saturating_duration_since(started);
    let me = board.to_move();
    let quiet = [me, me.opponent()]
        .into_iter()
        .all(|colour| threats::five_points(board, colour, None).is_empty());
    (helped && total >= LONG_MOVE && quiet).then(|| {
        DeepThreat::new(Budget {
            max_nodes: limits.max_nodes / VCT_SHARE as u64,
            deadline: Some(started + vct_time(total, helped)),
            stop: limits.stop.clone(),
            table_entries: limits.threat_table_entries,
            ..Budget::default()
        })
    })
}

/// The root VCT's second try, once the first has shown that no win with the default
/// threats exists and time is left in its `budget` (`used` nodes spent): for the rest of
/// that budget, threats may also prepare a VCF of `DEEP_THREAT_VCF_MOVES`, which some wins
/// need. Its tree is far wider, so it runs only from `LONG_MOVE` on, where the root VCT has
/// half the time or more. `NoWin` unless it finds a win: the first try's verdict stands.
/// With helper threads, `deep_threat` runs it from the start instead.
fn deeper_vct(board: &Board, budget: &Budget, used: u64, nodes: &mut u64) -> Proof {
    let rest = Budget {
        max_nodes: budget.max_nodes.saturating_sub(used),
        ..budget.clone()
    };
    let outcome = deep_threat::search(board, &rest);
    *nodes += outcome.nodes;
    match outcome.proof {
        Proof::Win(line) => Proof::Win(line),
        _ => Proof::NoWin,
    }
}

/// The root moves narrowed to those that meet the opponent's threat sequence, when the
/// mover's own threats are known to fail (defending first is right only then) and the
/// opponent has one; otherwise `roots` as they are.
fn defended(
    board: &Board,
    roots: Vec<Point>,
    own_attack: &Proof,
    limits: &Limits,
    started: Instant,
    nodes: &mut u64,
) -> Vec<Point> {
    if roots.len() < 2 || *own_attack != Proof::NoWin {
        return roots;
    }
    let time = limits.deadline.saturating_duration_since(started) / DEFENCE_SHARE;
    let budget = Budget {
        max_nodes: limits.max_nodes.saturating_sub(*nodes),
        deadline: None,
        stop: limits.stop.clone(),
        table_entries: limits.threat_table_entries,
        ..Budget::default()
    };
    defence::refutations(board, &roots, time, &budget, nodes).unwrap_or(roots)
}

/// How a pass over the root moves ended.
enum Pass {
    /// Every move searched: all of them, best first, the best `multi` with exact scores.
    Complete(Vec<RootMove>),
    /// Stopped before the last move. The move that beat the first one, if a later move's
    /// full-window search did so before the stop: the first move is the previous
    /// iteration's best, so this one is the better choice at the new depth.
    Stopped(Option<RootMove>),
}

/// One thread's iterative deepening over `roots` through `depths`, calling `completed` with
/// the depth, the tree and the best move after each finished depth. Returns the last
/// finished depth's moves, best first, or the stopped iteration's challenger first (see
/// `Pass::Stopped`; single-PV only); empty if no depth finished.
fn iterate(
    tree: &mut Tree,
    mut roots: Vec<RootMove>,
    depths: RangeInclusive<u32>,
    multi: usize,
    completed: &mut dyn FnMut(u32, &Tree, &RootMove),
) -> Vec<RootMove> {
    let mut answer = Vec::new();
    let mut previous = 0;
    for depth in depths {
        roots = match search_root(tree, &roots, depth as i32, multi, previous) {
            Pass::Complete(searched) => searched,
            Pass::Stopped(challenger) => {
                if let Some(better) = challenger.filter(|_| multi == 1) {
                    answer = first(answer, better);
                }
                break;
            }
        };
        answer.clone_from(&roots);
        previous = roots[0].score;
        completed(depth, tree, &roots[0]);
        if previous.abs() > PROVEN {
            break;
        }
    }
    answer
}

/// One iteration at the root, re-searched until its best score lies inside the aspiration
/// window.
fn search_root(
    tree: &mut Tree,
    roots: &[RootMove],
    depth: i32,
    multi: usize,
    previous: i32,
) -> Pass {
    let mut window = if depth >= 3 && previous.abs() < PROVEN {
        (previous - ASPIRATION, previous + ASPIRATION)
    } else {
        (-INFINITY, INFINITY)
    };
    loop {
        let result = match root_pass(tree, roots, depth, multi, window) {
            Pass::Complete(result) => result,
            stopped => return stopped,
        };
        let best = result[0].score;
        if best <= window.0 && window.0 > -INFINITY {
            window = (-INFINITY, window.1);
        } else if best >= window.1 && window.1 < INFINITY {
            window = (window.0, INFINITY);
        } else {
            return Pass::Complete(result);
        }
    }
}

/// One pass over the root moves within an aspiration window.
fn root_pass(
    tree: &mut Tree,
    roots: &[RootMove],
    depth: i32,
    multi: usize,
    window: (i32, i32),
) -> Pass {
    let mut out: Vec<RootMove> = Vec::with_capacity(roots.len());
    let mut exact: Vec<i32> = Vec::new();
    let mut challenger: Option<RootMove> = None;
    for (i, root) in roots.iter().enumerate() {
        let alpha = if exact.len() >= multi {
            exact[multi - 1].max(window.0)
        } else {
            window.0
        };
        tree.make(root.point);
        let mut score = if i == 0 {
            -tree.search(depth - 1, 1, -window.1, -alpha)
        } else {
            -tree.search(depth - 1, 1, -alpha - 1, -alpha)
        };
        if i > 0 && score > alpha && !tree.aborted {
            score = -tree.search(depth - 1, 1, -window.1, -alpha);
        }
        tree.unmake();
        if tree.aborted {
            return Pass::Stopped(challenger);
        }
        let pv = [vec![root.point], tree.pv(1).to_vec()].concat();
        if score > alpha {
            exact.push(score);
            exact.sort_unstable_by(|a, b| b.cmp(a));
        }
        let searched = RootMove {
            point: root.point,
            score,
            pv,
        };
        if i > 0 && beats_the_first(&out[0], &searched, alpha, window) {
            challenger = Some(searched.clone());
        }
        out.push(searched);
    }
    out.sort_by_key(|r| std::cmp::Reverse(r.score));
    Pass::Complete(out)
}

/// Whether a later root move's score proves it better than the first move's: its
/// full-window search raised alpha above the first score, which is exact or an upper
/// bound (a first score at or above the window is only a lower bound).
fn beats_the_first(first: &RootMove, later: &RootMove, alpha: i32, window: (i32, i32)) -> bool {
    first.score < window.1 && later.score > alpha && later.score > first.score
}

/// The main thread's `roots`, or a helper's `best` first when it comes from a deeper
/// iteration than the main thread completed (`stats.depth`, then raised to it) and is one of
/// the `allowed` root moves (the helpers search every candidate; the defence may have ruled
/// some out).
fn with_deeper(
    roots: Vec<RootMove>,
    stats: &mut SearchStats,
    depth: u32,
    best: RootMove,
    allowed: &[Point],
) -> Vec<RootMove> {
    if depth <= stats.depth || !allowed.contains(&best.point) {
        return roots;
    }
    stats.depth = depth;
    first(roots, best)
}

/// `roots` with `best` first in place of the same move's older entry.
fn first(mut roots: Vec<RootMove>, best: RootMove) -> Vec<RootMove> {
    roots.retain(|r| r.point != best.point);
    roots.insert(0, best);
    roots
}

/// Deepest nominal depth `request` allows.
fn max_depth(request: &SearchRequest) -> u32 {
    request.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
}

/// Root moves not searched yet, in the given order.
fn root_list(points: Vec<Point>) -> Vec<RootMove> {
    points
        .into_iter()
        .map(|point| RootMove {
            point,
            score: -INFINITY,
            pv: vec![point],
        })
        .collect()
}

fn roots_to_candidates(roots: &[RootMove]) -> Vec<Candidate> {
    roots
        .iter()
        .map(|r| Candidate {
            point: r.point,
            score: score_of(r.score),
            pv: r.pv.clone(),
        })
        .collect()
}

/// The master analysis with a fresh table of `DEFAULT_TT_MIB` (what `levels::analyze` calls).
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    Searcher::new(DEFAULT_TT_MIB).analyze(position, request)
}

#[cfg(test)]
mod tests;
