//! The root's VCT on one thread: searches over different threats (the default limit, the
//! deeper one unless a helper thread runs it, and the known win's next move when the last
//! move proved one) raced in turns of slices that double every round, each resuming where
//! it stopped (`threats::SlicedVct`). Whichever proves a win first ends the race.
//!
//! How long the race runs is sized by how fast it settles rather than by a fixed share
//! alone. While the principal search (the default threats) is open, the race may always
//! spend `VCT_FLOOR_NODES`, stopped sooner only by the threat ceiling: on a slow or busy
//! machine, or a short move, a win the searches prove that fast is still found. Past those
//! nodes it stops at its time share (at the ceiling when a win is known to be there). Once
//! the principal is refuted, the others go on alone for a part of what is left of the share
//! (`Schedule::alone`): none on short moves, where the tree needs the time most, all of it
//! from 1 s on, where long threat sequences are worth more; in proportion between, so that
//! no budget falls off a cliff. The race ends as soon as every search is settled.
//!
//! A defender's replies are counted weakly until the race has spent its floor and half its
//! time share, then by their sums (docs/decisions/0012-weak-proof-numbers-then-sums.md): at
//! short moves the whole race counts weakly, which proves short quiet-threat wins in a
//! fraction of the nodes.

use std::time::Instant;

use super::params::{PROOF_DISTANCE_NODES, RACE_FIRST_SLICE, THREAT_MOVES, VCT_FLOOR_NODES};
use super::root::ProvenWin;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::threats::{Budget, Lead, Proof, SlicedVct};

/// When a race stops and what it may spend.
#[derive(Clone, Debug)]
pub(super) struct Schedule {
    /// Most nodes the whole race visits.
    pub max_nodes: u64,
    /// While the principal search is open and the race has visited fewer nodes than this,
    /// only `ceiling` stops it.
    pub floor: u64,
    /// Past the floor, the race stops here.
    pub share_end: Instant,
    /// The race never runs past this.
    pub ceiling: Instant,
    /// The part of what is left of the share (to `share_end`) that the other searches may
    /// run on alone once the principal is refuted.
    pub alone: f64,
}

impl Schedule {
    /// A race that may run until `share_end`, never past `ceiling`, on at most `max_nodes`
    /// nodes, of which it may spend the first `VCT_FLOOR_NODES` until the ceiling while its
    /// principal search is open; `alone` of what is left of the share once that is refuted.
    pub(super) fn new(
        max_nodes: u64,
        share_end: Instant,
        ceiling: Instant,
        alone: f64,
    ) -> Schedule {
        Schedule {
            max_nodes,
            floor: VCT_FLOOR_NODES.min(max_nodes),
            share_end: share_end.min(ceiling),
            ceiling,
            alone,
        }
    }

    /// The schedule once the principal search is refuted: no floor, and `alone` of what is
    /// left of the share.
    fn without_principal(&self) -> Schedule {
        let left = self.share_end.saturating_duration_since(Instant::now());
        Schedule {
            floor: 0,
            share_end: Instant::now() + left.mul_f64(self.alone),
            ..self.clone()
        }
    }

    /// The deadline of the next slice after `spent` nodes and the nodes it may take; `None`
    /// when the race is over.
    fn next_slice(&self, spent: u64, slice: u64) -> Option<(Instant, u64)> {
        let (deadline, left) = if spent < self.floor {
            (self.ceiling, self.floor - spent)
        } else {
            (self.share_end, self.max_nodes.saturating_sub(spent))
        };
        (left > 0 && Instant::now() < deadline).then_some((deadline, slice.min(left)))
    }
}

/// One search of the race: from the position or after a first move, over threats of one
/// limit.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entrant {
    /// The attacker's first move, when the search proves a win after it.
    pub first: Option<Point>,
    /// Its threats' limit (`Budget::threat_vcf_moves`).
    pub threat_limit: u32,
}

/// How a race ended.
pub(super) struct Raced {
    /// The win one of the searches proved.
    pub win: Option<ProvenWin>,
    /// Each entrant's answer, in the order they were given.
    pub proofs: Vec<Proof>,
    /// Each entrant's lead when it ended unsettled (`SlicedVct::lead`), in the same order.
    pub leads: Vec<Option<Lead>>,
    /// Nodes visited, reading a win's distance back included.
    pub nodes: u64,
}

/// Races `entrants` on `board` (the side to move attacking) within `schedule`, the one at
/// `principal` the principal search; `budget` gives the searches' tables and stop flags,
/// which end the race too.
pub(super) fn race(
    board: &Board,
    entrants: &[Entrant],
    principal: usize,
    budget: &Budget,
    schedule: &Schedule,
) -> Raced {
    let mut schedule = schedule.clone();
    let started = Instant::now();
    let weak_until = started + schedule.share_end.saturating_duration_since(started) / 2;
    let weak_nodes = schedule.max_nodes / 2;
    let mut searches: Vec<SlicedVct> = entrants
        .iter()
        .map(|entrant| {
            let budget = Budget {
                threat_vcf_moves: entrant.threat_limit,
                ..budget.clone()
            };
            SlicedVct::new(board, entrant.first, THREAT_MOVES, &budget)
        })
        .collect();
    let mut slice = RACE_FIRST_SLICE;
    let mut winner = searches
        .iter()
        .position(|search| matches!(search.proof(), Proof::Win(_)));
    if searches.get(principal).map(SlicedVct::proof) == Some(&Proof::NoWin) {
        schedule = schedule.without_principal();
    }
    'rounds: while winner.is_none() {
        let mut open = false;
        for index in 0..searches.len() {
            if *searches[index].proof() != Proof::Unknown {
                continue;
            }
            let spent: u64 = searches.iter().map(SlicedVct::nodes).sum();
            let Some((mut deadline, mut nodes)) = schedule.next_slice(spent, slice) else {
                break 'rounds;
            };
            let search = &mut searches[index];
            let past_floor = spent >= schedule.floor;
            if past_floor && Instant::now() >= weak_until || spent >= weak_nodes {
                search.count_by_sums();
            } else {
                // A weak slice stops where the weak count ends, so the sums start on time.
                if past_floor {
                    deadline = deadline.min(weak_until);
                }
                nodes = nodes.min(weak_nodes - spent);
            }
            match search.run(nodes, Some(deadline)) {
                Proof::Win(_) => {
                    winner = Some(index);
                    break 'rounds;
                }
                Proof::Unknown if budget.is_stopped() => break 'rounds,
                Proof::Unknown => open = true,
                Proof::NoWin if index == principal => schedule = schedule.without_principal(),
                Proof::NoWin => {}
            }
        }
        if !open {
            break;
        }
        slice = slice.saturating_mul(2);
    }
    let win = winner.and_then(|index| {
        let search = &mut searches[index];
        let Proof::Win(line) = search.proof().clone() else {
            return None;
        };
        Some(ProvenWin {
            distance: search.distance(PROOF_DISTANCE_NODES, schedule.ceiling),
            line,
            threat_limit: Some(entrants[index].threat_limit),
        })
    });
    Raced {
        win,
        proofs: searches.iter().map(|s| s.proof().clone()).collect(),
        leads: searches.iter_mut().map(SlicedVct::lead).collect(),
        nodes: searches.iter().map(SlicedVct::nodes).sum(),
    }
}
