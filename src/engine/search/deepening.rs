//! Iterative deepening with aspiration windows over the root moves, late ones searched less
//! first under renju, on one thread (the main thread and each helper run their own), and the
//! choice among what the iterations and the helpers found.

use std::ops::RangeInclusive;
use std::time::Instant;

use super::params::{TreeTuning, ASPIRATION, ASPIRATION_MIN_DEPTH, MAX_DEPTH, REDUCE_MIN_DEPTH};
use super::report::score_of;
use super::score::{INFINITY, PROVEN};
use super::tree::{Move, SearchLimits, Tree};
use super::{Iteration, MasterSearch};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::levels::analysis::{Candidate, SearchRequest, SearchStats};

/// A root move and what the last iteration that searched it said of it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    /// The move.
    pub point: Point,
    /// Its score from the mover's point of view (`score` scale).
    pub score: i32,
    /// Its principal variation, starting with it.
    pub pv: Vec<Point>,
}

impl MasterSearch {
    /// Iterative deepening over the root moves on this thread, calling `progress` after each
    /// completed depth; returns them best first with the stats.
    pub(super) fn deepen(
        &mut self,
        board: &Board,
        points: Vec<Point>,
        request: &SearchRequest,
        limits: &SearchLimits,
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
pub(super) fn iterate(
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
    let mut window = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < PROVEN {
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

/// One pass over the root moves within an aspiration window; a late move is first searched
/// `root_reduction` plies less, and again at full depth if it beats alpha.
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
    let classes = if tree.features.reduces_root_moves {
        tree.scan(0, None).moves
    } else {
        Vec::new()
    };
    for (i, root) in roots.iter().enumerate() {
        let alpha = if exact.len() >= multi {
            exact[multi - 1].max(window.0)
        } else {
            window.0
        };
        let reduction = root_reduction(&tree.tuning, &classes, root.point, depth, i, multi);
        tree.make(root.point);
        let mut score = if i == 0 {
            -tree.search(depth - 1, 1, -window.1, -alpha)
        } else {
            -tree.search(depth - 1 - reduction, 1, -alpha - 1, -alpha)
        };
        if i > 0 && reduction > 0 && score > alpha && !tree.aborted {
            score = -tree.search(depth - 1, 1, -alpha - 1, -alpha);
        }
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

/// Plies the root move `point`, the `index`th of a pass at `depth`, is first searched less:
/// as a late move at a principal-variation node of the tree (`tuning`'s
/// `late_move_reduction`), none for the first `multi` moves and for fours, one less for
/// threes and their blocks.
/// `classes` is the root's scan, which knows which; empty (no move reduced) under the rules
/// whose root is not reduced (`RuleFeatures::reduces_root_moves`).
pub(super) fn root_reduction(
    tuning: &TreeTuning,
    classes: &[Move],
    point: Point,
    depth: i32,
    index: usize,
    multi: usize,
) -> i32 {
    let Some(m) = classes.iter().find(|m| m.point == point) else {
        return 0;
    };
    if index < multi || depth < REDUCE_MIN_DEPTH || m.own.is_four() {
        return 0;
    }
    tuning.late_move_reduction(depth, index, true, m.is_quiet(), true)
}

/// Whether a later root move's score proves it better than the first move's: its
/// full-window search raised alpha above the first score, which is exact or an upper
/// bound (a first score at or above the window is only a lower bound).
pub(super) fn beats_the_first(
    first: &RootMove,
    later: &RootMove,
    alpha: i32,
    window: (i32, i32),
) -> bool {
    first.score < window.1 && later.score > alpha && later.score > first.score
}

/// The main thread's `roots`, or a helper's `best` first when it comes from a deeper
/// iteration than the main thread completed (`stats.depth`, then raised to it) and is one of
/// the `allowed` root moves (the helpers search every candidate; the defence may have ruled
/// some out).
pub(super) fn with_deeper(
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
pub(super) fn first(mut roots: Vec<RootMove>, best: RootMove) -> Vec<RootMove> {
    roots.retain(|r| r.point != best.point);
    roots.insert(0, best);
    roots
}

/// Deepest nominal depth `request` allows.
pub(super) fn max_depth(request: &SearchRequest) -> u32 {
    request.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
}

/// Root moves not searched yet, in the given order.
pub(super) fn root_list(points: Vec<Point>) -> Vec<RootMove> {
    points
        .into_iter()
        .map(|point| RootMove {
            point,
            score: -INFINITY,
            pv: vec![point],
        })
        .collect()
}

/// The searched root moves as the analysis lists them.
pub(super) fn roots_to_candidates(roots: &[RootMove]) -> Vec<Candidate> {
    roots
        .iter()
        .map(|r| Candidate {
            point: r.point,
            score: score_of(r.score),
            pv: r.pv.clone(),
        })
        .collect()
}
