//! The master level: threat-space search at the root, then iterative-deepening PVS with
//! aspiration windows and multi-PV.
//!
//! Order of business for a position: take a five; look for a VCF, then a VCT, for the side
//! to move, or after the block of a single opposing five (two cannot be blocked): the VCT
//! races the default threats against deeper ones on one thread (`race`), sized by how fast
//! they settle; when those fail, keep only the root moves that meet the opponent's threat
//! sequence (`defence`); then
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
//! iteration than this thread, among the moves the defence kept. The first helper runs the
//! root's deeper VCT before it joins them (`deep_threat`).
//!
//! A `MasterSearch` keeps its transposition table and history between calls (pbrain games;
//! the history aged at each call outside renju, `params::RuleFeatures::ages_history`), and
//! the last VCT win it proved: when the opponent has replied, the next search knows the win
//! is there, tries the line's next move first and gives the race the time up to the threat
//! ceiling, so that a win once proven is not lost to a short clock. It can report each
//! completed iteration while it thinks (`analyze_reporting`).
//!
//! A win's distance (`mate_in`) is reported only when its proof bounds it: a VCF's line, or
//! the longest line of a VCT's proof; the tree's mates come without one (`report::score_of`).
//!
//! Where things live: this module is the API and the order of business; `root` the steps
//! before the tree (candidates, tactics, likely win, defence) with the `SearchState` they
//! share; `race` the root's VCTs on one thread; `shares` the time and nodes each root search
//! gets; `deepening` iterative deepening
//! and aspiration; `tree` the alpha-beta below the root, over the candidate `area`, the
//! transposition table (`tt`) and the `quiescence_table`, on the `score` scale; `helpers`
//! and `deep_threat` the other threads; `report` the `Analysis` it answers; `params` every
//! tuning number. The search uses the game, `eval`, `threats` and the analysis types of
//! `levels`, nothing else.

mod deep_threat;
mod deepening;
mod defence;
mod helpers;
mod params;
mod quiescence_table;
mod race;
mod report;
mod root;
mod score;
mod shares;
#[cfg(test)]
mod tests;
mod tree;
mod tt;

use std::sync::Arc;
use std::time::Instant;

use crate::engine::eval::is_legal;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::grid::CELLS;
use crate::engine::game::position::Position;
use crate::engine::levels::analysis::{Analysis, Score, SearchRequest, SearchStats};
use deep_threat::DeepThreat;
use deepening::{max_depth, roots_to_candidates, with_deeper, RootMove};
use helpers::Helpers;
use params::{rule_features, HISTORY_AGING};
use root::{with_likely_win, KnownWin, ProvenWin, SearchState, Tactic};
use tree::SearchLimits;

pub use tt::Table;

/// Transposition table size of a one-off `analyze`.
pub const DEFAULT_TT_MIB: usize = 16;

/// A master-level searcher whose transposition table and history survive between calls,
/// and with them the last threat-space win it proved.
pub struct MasterSearch {
    tt: Arc<Table>,
    history: Vec<i32>,
    /// The VCT win the last search proved, for the next move of the same game.
    last_win: Option<LastWin>,
}

/// A VCT win a search proved, kept for the searcher's next move: once the opponent has
/// replied, the win is still there, and the next search looks for it first (`KnownWin`).
struct LastWin {
    /// The hash of the position after the win's first move, the opponent to move.
    after: u64,
    /// The proven line, first move first.
    line: Vec<Point>,
    /// The threat limit of the VCT that proved it.
    threat_limit: u32,
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

impl MasterSearch {
    /// A searcher with a transposition table of about `tt_mib` MiB.
    #[must_use]
    pub fn new(tt_mib: usize) -> MasterSearch {
        MasterSearch {
            tt: Arc::new(Table::new(tt_mib)),
            history: vec![0; 2 * CELLS],
            last_win: None,
        }
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        self.last_win = None;
    }

    /// Keeps a part of the history credit (`HISTORY_AGING`) for the next move's search.
    fn age_history(&mut self) {
        for credit in &mut self.history {
            *credit /= HISTORY_AGING;
        }
    }

    /// What the last search's win says of `board`: known to be won when it is the position
    /// that win's first move left, after one more move of the opponent (that search's own
    /// answer played, then a reply). The line's next move comes with it when the reply was
    /// the one the line expected.
    fn known_win(last: Option<LastWin>, board: &Board) -> Option<KnownWin> {
        let last = last?;
        let reply = board.last_move()?;
        let mut before = board.clone();
        before.undo();
        let expected = last.line.get(1) == Some(&reply);
        (before.hash() == last.after).then(|| KnownWin {
            next: last.line.get(2).copied().filter(|_| expected),
            threat_limit: last.threat_limit,
        })
    }

    /// Keeps `win`, proven on `board`, for the next move when a VCT proved it (a five or a
    /// VCF is found again at once).
    fn remember(&mut self, board: &Board, win: &ProvenWin) {
        self.last_win = win.threat_limit.map(|threat_limit| {
            let mut after = board.clone();
            after.play(win.line[0]);
            LastWin {
                after: after.hash(),
                line: win.line.clone(),
                threat_limit,
            }
        });
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
        let last_win = self.last_win.take();
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
        if rule_features(board.rule()).ages_history {
            self.age_history();
        }
        self.tt.new_search();
        let max_nodes = request.max_nodes.unwrap_or(u64::MAX);
        let limits = SearchLimits {
            deadline: request.deadline,
            max_nodes,
            stop: request.stop.clone(),
            threat_table_entries: request.threat_table_entries.max(1),
        };
        let roots = self.root_moves(board, &legal);
        let mut state = SearchState::new(limits, started, request.threads > 1);
        state.known = MasterSearch::known_win(last_win, board);
        let task = helpers::Task {
            board,
            roots: &roots,
            table: &self.tt,
            history: &self.history,
            limits: &state.limits,
            max_depth: max_depth(request),
        };
        let helpers = Helpers::start(request.threads, &task, state.raced_threat(board));
        state.deep = helpers.deep_threat();
        let own_attack = match state.tactical_root(board) {
            Ok(quick) => {
                if let Tactic::Win(win) = &quick {
                    self.remember(board, win);
                }
                let mut analysis = report::proven(position, quick, state.nodes, started);
                analysis.stats.nodes += helpers.finish().nodes;
                return analysis;
            }
            Err(own_attack) => own_attack,
        };
        let roots = state.defended(board, roots, &own_attack.proof);
        let nodes = state.nodes;
        state.limits.max_nodes = max_nodes.saturating_sub(nodes);
        // The best-ordered root move stands in if not even depth 1 completes in time.
        let fallback = roots[0];
        let allowed = roots.clone();
        let mut report = |iteration: &Iteration| {
            let mut iteration = iteration.clone();
            iteration.stats.nodes += nodes;
            progress(&iteration);
        };
        let (roots, mut stats) =
            self.deepen(board, roots, request, &state.limits, started, &mut report);
        if let Some(deep) = &state.deep {
            deep.wait();
        }
        let finished = helpers.finish();
        stats.nodes += nodes + finished.nodes;
        if let Some(win) = state.deep.as_deref().and_then(DeepThreat::win) {
            self.remember(board, win);
            return report::proven(position, Tactic::Win(win.clone()), stats.nodes, started);
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
}

impl Default for MasterSearch {
    fn default() -> MasterSearch {
        MasterSearch::new(DEFAULT_TT_MIB)
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

/// The master analysis with a fresh table of `DEFAULT_TT_MIB` (what `levels::analyze` calls).
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    MasterSearch::new(DEFAULT_TT_MIB).analyze(position, request)
}
