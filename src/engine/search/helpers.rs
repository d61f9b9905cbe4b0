//! Helper threads of a lazy-SMP search: each deepens its own tree over the same root moves,
//! shares only the transposition table with the main thread, and reports the deepest
//! iteration it completed (the search may answer with it). What the helpers store (exact
//! scores, cutoffs, best moves a depth ahead) orders and cuts the main search; starting half
//! of them a depth ahead spreads the threads over different depths instead of repeating one
//! another's work.
//!
//! They start as soon as the root moves are known, so they already search while the main
//! thread runs the root's threat searches, and they stop when the main thread finishes. The
//! first helper may run the deeper root VCT first (`deep_threat`), then joins the others.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};

use super::deep_threat::DeepThreat;
use super::deepening::{iterate, root_list, RootMove};
use super::tree::{SearchLimits, Tree};
use super::tt::Table;
use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::levels::analysis::MAX_THREADS;

/// Running helper threads. Dropping them tells them to stop without waiting for them.
pub(super) struct Helpers {
    done: Arc<AtomicBool>,
    threads: Vec<JoinHandle<Finished>>,
    /// The deeper root VCT, when a helper runs it.
    deep: Option<Arc<DeepThreat>>,
}

/// What stopped helpers did.
#[derive(Default)]
pub(super) struct Finished {
    /// Nodes they visited.
    pub nodes: u64,
    /// The deepest iteration a helper completed, and that helper's best root move in it.
    pub deepest: Option<(u32, RootMove)>,
}

impl Helpers {
    /// Starts `threads - 1` helpers (none for one thread, at most `MAX_THREADS - 1`) on
    /// `task`; the first runs `deep` before, when given. A helper the system cannot start
    /// is left out: the search runs on without it (and the next one runs `deep`).
    pub(super) fn start(threads: usize, task: &Task, deep: Option<DeepThreat>) -> Helpers {
        let done = Arc::new(AtomicBool::new(false));
        let mut deep = deep.map(Arc::new);
        let mut running = None;
        let mut handles = Vec::new();
        for id in 1..threads.clamp(1, MAX_THREADS) {
            let threat = deep.take();
            match spawn(id, task, &done, threat.clone()) {
                Ok(handle) => {
                    handles.push(handle);
                    running = running.or(threat);
                }
                Err(_) => deep = threat,
            }
        }
        Helpers {
            done,
            threads: handles,
            deep: running,
        }
    }

    /// The deeper root VCT a helper runs, if one does.
    pub(super) fn deep_threat(&self) -> Option<Arc<DeepThreat>> {
        self.deep.clone()
    }

    /// Stops the helpers and waits for them: the nodes they visited and their deepest
    /// completed iteration.
    pub(super) fn finish(mut self) -> Finished {
        self.done.store(true, Ordering::Relaxed);
        let mut all = Finished::default();
        for thread in self.threads.drain(..) {
            let one = thread
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            all.nodes += one.nodes;
            if one.deepest.as_ref().map(|d| d.0) > all.deepest.as_ref().map(|d| d.0) {
                all.deepest = one.deepest;
            }
        }
        all
    }
}

/// What the helpers search: the position, its root moves, the shared table, the history
/// each starts from, the limits and the deepest iteration.
pub(super) struct Task<'a> {
    pub board: &'a Board,
    pub roots: &'a [Point],
    pub table: &'a Arc<Table>,
    pub history: &'a [i32],
    pub limits: &'a SearchLimits,
    pub max_depth: u32,
}

/// Starts helper `id` on `task`, running `threat` first when given, until `done` is raised.
/// Odd helpers start a depth ahead of even ones.
fn spawn(
    id: usize,
    task: &Task,
    done: &Arc<AtomicBool>,
    threat: Option<Arc<DeepThreat>>,
) -> std::io::Result<JoinHandle<Finished>> {
    let (board, roots) = (task.board.clone(), task.roots.to_vec());
    let (table, mut history) = (Arc::clone(task.table), task.history.to_vec());
    let limits = SearchLimits {
        stop: Some(Arc::clone(done)),
        ..task.limits.clone()
    };
    let depths = 1 + id as u32 % 2..=task.max_depth;
    let done = Arc::clone(done);
    let builder = thread::Builder::new().name(format!("search-helper-{id}"));
    builder.spawn(move || {
        let threat_nodes = threat.map_or(0, |threat| threat.run(&board, &done));
        let mut tree = Tree::new(board, &table, &mut history, limits);
        let mut deepest = None;
        let mut completed = |depth, _: &Tree, best: &RootMove| {
            deepest = Some((depth, best.clone()));
        };
        iterate(&mut tree, root_list(roots), depths, 1, &mut completed);
        Finished {
            nodes: threat_nodes + tree.nodes,
            deepest,
        }
    })
}

impl Drop for Helpers {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::engine::game::grid::CELLS;
    use crate::engine::{BoardSize, Rule};

    #[test]
    fn helpers_fill_the_shared_table_and_count_their_nodes() {
        let mut board = Board::new(BoardSize::STANDARD, Rule::Freestyle);
        for (x, y) in [(7, 7), (8, 8), (8, 7), (6, 7)] {
            board.play(Point::new(x, y));
        }
        let roots = [Point::new(9, 7), Point::new(7, 8), Point::new(9, 6)];
        let table = Arc::new(Table::new(1));
        let limits = SearchLimits::unbounded();
        let task = Task {
            board: &board,
            roots: &roots,
            table: &table,
            history: &[0; 2 * CELLS],
            limits: &limits,
            max_depth: 4,
        };
        let helpers = Helpers::start(3, &task, None);
        assert_eq!(helpers.threads.len(), 2);
        // Let them reach the depth limit on their own: `finish` would stop them.
        while !helpers.threads.iter().all(JoinHandle::is_finished) {
            thread::sleep(Duration::from_millis(1));
        }
        let finished = helpers.finish();
        assert!(finished.nodes > 0);
        let (depth, best) = finished.deepest.expect("a helper completed an iteration");
        assert_eq!(depth, 4, "both helpers reach the depth limit");
        assert!(roots.contains(&best.point));
        for root in roots {
            let mut after = board.clone();
            after.play(root);
            assert!(table.probe(after.hash()).is_some(), "{root:?}");
        }
        assert!(Helpers::start(1, &task, None).threads.is_empty());
    }
}
