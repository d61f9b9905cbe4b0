//! The root before the tree: its candidate moves, the tactics that answer without a tree
//! search (a five, a forced block, a threat-space win for the mover), the likely win an
//! unsettled root VCT leaves, and the narrowing of the root moves to those that meet the
//! opponent's threat sequence (`defence`).
//!
//! `SearchState` is what these steps share: the limits, when the move started, whether
//! helper threads search beside this one, the deeper VCT a helper races, and the nodes
//! spent so far.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::deep_threat::{self, DeepThreat};
use super::deepening::{first, RootMove};
use super::defence;
use super::params::{LIKELY_WIN_DISPROOF, LIKELY_WIN_ODDS, THREAT_MOVES, VCF_MOVES};
use super::score::PROVEN;
use super::shares;
use super::tree::{SearchLimits, Tree};
use super::MasterSearch;
use crate::engine::eval::is_legal;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::threats::{self, Budget, Mode, Proof};

/// What the root's steps share while one move is searched.
pub(super) struct SearchState {
    /// What the search may spend (its node limit is cut to what is left before the tree).
    pub limits: SearchLimits,
    /// When the move started.
    pub started: Instant,
    /// Whether helper threads search beside this one.
    pub helped: bool,
    /// The deeper root VCT a helper thread races, when one does.
    pub deep: Option<Arc<DeepThreat>>,
    /// Nodes the root's threat searches have visited on this thread.
    pub nodes: u64,
}

/// A root answer found without tree search.
pub(crate) enum Tactic {
    /// A proven win: the winning line, first move first.
    Win(Vec<Point>),
    /// Two opposing fives (or one whose block is forbidden): this move, and a loss.
    Lost(Point),
}

/// What the mover's own threat searches at the root concluded when they proved no win.
pub(super) struct OwnAttack {
    /// `NoWin` when the VCT was disproven, else `Unknown`.
    pub proof: Proof,
    /// The move the unsettled VCT found likely to win (`is_likely_win`).
    pub likely: Option<Point>,
}

impl OwnAttack {
    /// Nothing known: the searches did not run, or say nothing of the mover's own threats.
    const UNKNOWN: OwnAttack = OwnAttack {
        proof: Proof::Unknown,
        likely: None,
    };
}

impl MasterSearch {
    /// Root moves: a forced block alone, otherwise every legal candidate near the stones.
    pub(super) fn root_moves(&mut self, board: &Board, legal: &[Point]) -> Vec<Point> {
        let me = board.to_move();
        if let Some(&block) = threats::five_points(board, me.opponent(), None).first() {
            return vec![block];
        }
        let tree = Tree::new(
            board.clone(),
            &self.tt,
            &mut self.history,
            SearchLimits::unbounded(),
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
}

impl SearchState {
    /// The state of a move that started at `started`, before any search.
    pub(super) fn new(limits: SearchLimits, started: Instant, helped: bool) -> SearchState {
        SearchState {
            limits,
            started,
            helped,
            deep: None,
            nodes: 0,
        }
    }

    /// The move's whole time, from its start to the deadline.
    fn move_time(&self) -> Duration {
        self.limits.deadline.saturating_duration_since(self.started)
    }

    /// Fives, forced blocks and threat-space wins: answers needing no tree search. Otherwise
    /// what the mover's own VCT search concluded (`Unknown` when it did not run).
    pub(super) fn tactical_root(&mut self, board: &Board) -> Result<Tactic, OwnAttack> {
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
        match self.threat_win(board, first) {
            OwnAttack {
                proof: Proof::Win(line),
                ..
            } => Ok(Tactic::Win(line)),
            // After a forced block the proof says nothing of the mover's own threats.
            _ if first.is_some() => Err(OwnAttack::UNKNOWN),
            own_attack => Err(own_attack),
        }
    }

    /// The mover's threat-space win, VCF first, then VCT, each within its share of the time
    /// left: from the current position, or after `first`, a forced block, when given (the
    /// block may itself be the first threat of a win). On long moves the deeper VCT follows
    /// (`deeper_vct`), or races on a helper thread when `deep` is set.
    fn threat_win(&mut self, board: &Board, first: Option<Point>) -> OwnAttack {
        let total = self.move_time();
        let deep = self.deep.clone();
        let deep = deep.as_deref();
        let max_nodes = self.limits.max_nodes;
        let mut own_attack = Proof::Unknown;
        let mut likely = None;
        for (mode, nodes, time, moves) in [
            (
                Mode::Vcf,
                shares::vcf_nodes(max_nodes),
                shares::vcf_time(total),
                VCF_MOVES,
            ),
            (
                Mode::Vct,
                shares::vct_nodes(max_nodes),
                shares::vct_time(total, self.helped),
                THREAT_MOVES,
            ),
        ] {
            let budget = Budget {
                max_nodes: nodes,
                deadline: Some(Instant::now() + time),
                stop: self.limits.stop.clone(),
                rival: deep.map(DeepThreat::found),
                table_entries: self.limits.threat_table_entries,
                ..Budget::default()
            };
            let outcome = match first {
                Some(point) => threats::wins_after(board, point, mode, moves, &budget),
                None => threats::find_win(board, mode, moves, &budget),
            };
            self.nodes += outcome.nodes;
            likely = outcome.lead.filter(is_likely_win).map(|lead| lead.point);
            let second_try = mode == Mode::Vct && first.is_none() && shares::is_long(total);
            own_attack = match (outcome.proof, deep) {
                (Proof::Win(line), _) => Proof::Win(line),
                (proof, Some(deep)) => deep.win().map_or(proof, |line| Proof::Win(line.to_vec())),
                (Proof::NoWin, None) if second_try => {
                    self.deeper_vct(board, &budget, outcome.nodes)
                }
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

    /// The deeper root VCT for a helper thread to race (`deep_threat`): on long moves with
    /// helpers, when the root has no five point for either side (a five or a forced block
    /// settles the move first). It gets the root VCT's time and node share.
    pub(super) fn raced_threat(&self, board: &Board) -> Option<DeepThreat> {
        let total = self.move_time();
        let me = board.to_move();
        let quiet = [me, me.opponent()]
            .into_iter()
            .all(|colour| threats::five_points(board, colour, None).is_empty());
        (self.helped && shares::is_long(total) && quiet).then(|| {
            DeepThreat::new(Budget {
                max_nodes: shares::vct_nodes(self.limits.max_nodes),
                deadline: Some(self.started + shares::vct_time(total, self.helped)),
                stop: self.limits.stop.clone(),
                table_entries: self.limits.threat_table_entries,
                ..Budget::default()
            })
        })
    }

    /// The root VCT's second try, once the first has shown that no win with the default
    /// threats exists and time is left in its `budget` (`used` nodes spent): for the rest of
    /// that budget, threats may also prepare a VCF of `DEEP_THREAT_VCF_MOVES`, which some
    /// wins need. Its tree is far wider, so it runs only on long moves, where the root VCT
    /// has half the time or more. `NoWin` unless it finds a win: the first try's verdict
    /// stands. With helper threads, `deep_threat` runs it from the start instead.
    fn deeper_vct(&mut self, board: &Board, budget: &Budget, used: u64) -> Proof {
        let rest = Budget {
            max_nodes: budget.max_nodes.saturating_sub(used),
            ..budget.clone()
        };
        let outcome = deep_threat::search(board, &rest);
        self.nodes += outcome.nodes;
        match outcome.proof {
            Proof::Win(line) => Proof::Win(line),
            _ => Proof::NoWin,
        }
    }

    /// The root moves narrowed to those that meet the opponent's threat sequence, when the
    /// mover's own threats are known to fail (defending first is right only then) and the
    /// opponent has one; otherwise `roots` as they are.
    pub(super) fn defended(
        &mut self,
        board: &Board,
        roots: Vec<Point>,
        own_attack: &Proof,
    ) -> Vec<Point> {
        if roots.len() < 2 || *own_attack != Proof::NoWin {
            return roots;
        }
        let time = shares::defence_time(self.move_time());
        let budget = Budget {
            max_nodes: self.limits.max_nodes.saturating_sub(self.nodes),
            deadline: None,
            stop: self.limits.stop.clone(),
            table_entries: self.limits.threat_table_entries,
            ..Budget::default()
        };
        defence::refutations(board, &roots, time, &budget, &mut self.nodes).unwrap_or(roots)
    }
}

/// Whether the root VCT's `lead`, when the VCT ran out of time, is likely enough to win to
/// be played instead of the tree's choice: refuting it looked `LIKELY_WIN_ODDS` times as
/// costly as finishing its proof, and the search had tried to refute it in earnest (a
/// disproof number of `LIKELY_WIN_DISPROOF` or more; the short VCTs of fast moves have not).
/// The tree's horizon falls far short of the long threat sequences such a lead starts,
/// while the solver's numbers weigh every defence; in the tactics set every lead this
/// picked was a winning move (docs/decisions/0027-likely-win-lead.md).
pub(super) fn is_likely_win(lead: &threats::Lead) -> bool {
    lead.odds() >= LIKELY_WIN_ODDS && lead.disproof >= LIKELY_WIN_DISPROOF
}

/// `roots`, searched, with the root VCT's `likely` win first: unless the tree proved a
/// win of its own (its first move scores a win) or proved that move lost.
pub(super) fn with_likely_win(roots: Vec<RootMove>, likely: Option<Point>) -> Vec<RootMove> {
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
