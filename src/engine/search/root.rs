//! The root before the tree: its candidate moves, the tactics that answer without a tree
//! search (a five, a forced block, a threat-space win for the mover), the likely win an
//! unsettled root VCT leaves, and the narrowing of the root moves to those that meet the
//! opponent's threat sequence (`defence`).
//!
//! `SearchState` is what these steps share: the limits, when the move started, whether
//! helper threads search beside this one, the deeper VCT a helper races, the win the last
//! move proved when this position continues it, and the nodes spent so far.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::deep_threat::DeepThreat;
use super::deepening::{first, RootMove};
use super::defence;
use super::params::{DEEP_THREAT_VCF_MOVES, LIKELY_WIN_DISPROOF, LIKELY_WIN_ODDS, VCF_MOVES};
use super::race::{race, Entrant, Schedule};
use super::score::PROVEN;
use super::shares;
use super::tree::{SearchLimits, Tree};
use super::MasterSearch;
use crate::engine::eval::is_legal;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::threats::{self, Budget, Mode, Proof, DEFAULT_THREAT_VCF_MOVES};

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
    /// The win the mover's last move proved, when this position follows it.
    pub known: Option<KnownWin>,
    /// Nodes the root's threat searches have visited on this thread.
    pub nodes: u64,
}

/// A win proven by the threat searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProvenWin {
    /// The winning line, first move first (one line of the proof).
    pub line: Vec<Point>,
    /// The most moves of the mover, the five included, that the proof takes against any
    /// defence, when known (`threats::SlicedVct::distance`, `threats::line_distance`).
    pub distance: Option<u32>,
    /// The threat limit of the VCT that proved it (`threats::Budget::threat_vcf_moves`);
    /// `None` for a five or a VCF, which the next move's VCF finds again at once.
    pub threat_limit: Option<u32>,
}

impl ProvenWin {
    /// A five on the spot.
    pub(crate) fn five(point: Point) -> ProvenWin {
        ProvenWin {
            line: vec![point],
            distance: Some(1),
            threat_limit: None,
        }
    }
}

/// What the search knows when the mover's previous move proved a VCT win and the opponent
/// has replied: the win is there still (after a defence the proof goes on; after any other
/// reply the threat's own VCF wins), most likely within the same threats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct KnownWin {
    /// The proven line's next move, when the opponent answered as the line expected.
    pub next: Option<Point>,
    /// The threat limit that proved the win.
    pub threat_limit: u32,
}

/// A root answer found without tree search.
pub(crate) enum Tactic {
    /// A proven win.
    Win(ProvenWin),
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
            known: None,
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
            return Ok(Tactic::Win(ProvenWin::five(five)));
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
            Ok(win) => Ok(Tactic::Win(win)),
            // After a forced block the proof says nothing of the mover's own threats.
            Err(_) if first.is_some() => Err(OwnAttack::UNKNOWN),
            Err(own_attack) => Err(own_attack),
        }
    }

    /// The mover's threat-space win, VCF first within its share, then the VCT race
    /// (`race`): from the current position, or after `first`, a forced block, when given (the
    /// block may itself be the first threat of a win). The race runs the known win's next
    /// move first when the position follows one, then the deeper threats (unless a helper
    /// runs them: `deep`), whose extra threats make shorter proofs of the wins they see, then
    /// the default ones. Otherwise what the default VCT concluded.
    fn threat_win(&mut self, board: &Board, first: Option<Point>) -> Result<ProvenWin, OwnAttack> {
        let total = self.move_time();
        let deep = self.deep.clone();
        let deep = deep.as_deref();
        let budget = Budget {
            stop: self.limits.stop.clone(),
            rival: deep.map(DeepThreat::found),
            table_entries: self.limits.threat_table_entries,
            ..Budget::default()
        };
        let vcf_budget = Budget {
            max_nodes: shares::vcf_nodes(self.limits.max_nodes),
            deadline: Some(Instant::now() + shares::vcf_time(total)),
            ..budget.clone()
        };
        let vcf = match first {
            Some(point) => threats::wins_after(board, point, Mode::Vcf, VCF_MOVES, &vcf_budget),
            None => threats::find_win(board, Mode::Vcf, VCF_MOVES, &vcf_budget),
        };
        self.nodes += vcf.nodes;
        if let Proof::Win(line) = vcf.proof {
            return Ok(ProvenWin {
                distance: Some(threats::line_distance(board, &line)),
                line,
                threat_limit: None,
            });
        }
        let mut entrants = Vec::with_capacity(3);
        // After a forced block, the block is the line's next move if the line has one.
        if let (
            Some(KnownWin {
                next: Some(next),
                threat_limit,
            }),
            None,
        ) = (self.known, first)
        {
            entrants.push(Entrant {
                first: Some(next),
                threat_limit,
            });
        }
        if deep.is_none() {
            entrants.push(Entrant {
                first,
                threat_limit: DEEP_THREAT_VCF_MOVES,
            });
        }
        let default = entrants.len();
        entrants.push(Entrant {
            first,
            threat_limit: DEFAULT_THREAT_VCF_MOVES,
        });
        let schedule = self.vct_schedule(self.known.is_some());
        let raced = race(board, &entrants, default, &budget, &schedule);
        self.nodes += raced.nodes;
        if let Some(win) = raced
            .win
            .or_else(|| deep.and_then(DeepThreat::win).cloned())
        {
            return Ok(win);
        }
        let proof = raced.proofs[default].clone();
        let likely = raced.leads[default]
            .filter(is_likely_win)
            .map(|lead| lead.point);
        Err(OwnAttack { proof, likely })
    }

    /// When the root's VCT race (and the deeper VCT a helper races) stops: its floor of
    /// nodes until the threat ceiling, then its share of the move, and the part of it the
    /// deeper threats run alone; the ceiling and all of it when a win is `known` to be there.
    fn vct_schedule(&self, known: bool) -> Schedule {
        let total = self.move_time();
        let ceiling = self.started + shares::threat_ceiling(total);
        let nodes = shares::vct_nodes(self.limits.max_nodes);
        if known {
            return Schedule::new(nodes, ceiling, ceiling, 1.0);
        }
        let share_end = Instant::now() + shares::vct_time(total, self.helped);
        Schedule::new(nodes, share_end, ceiling, shares::deeper_alone(total))
    }

    /// The deeper root VCT for a helper thread to race (`deep_threat`): with helpers, when
    /// the root has no five point for either side (a five or a forced block settles the
    /// move first). It runs on the root VCT's schedule.
    pub(super) fn raced_threat(&self, board: &Board) -> Option<DeepThreat> {
        let me = board.to_move();
        let quiet = [me, me.opponent()]
            .into_iter()
            .all(|colour| threats::five_points(board, colour, None).is_empty());
        (self.helped && quiet).then(|| {
            let budget = Budget {
                stop: self.limits.stop.clone(),
                table_entries: self.limits.threat_table_entries,
                ..Budget::default()
            };
            DeepThreat::new(budget, self.vct_schedule(self.known.is_some()))
        })
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
            max_nodes: shares::defence_nodes(self.limits.max_nodes)
                .min(self.limits.max_nodes.saturating_sub(self.nodes)),
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
