//! The deeper root VCT, raced on a helper thread.
//!
//! On one thread, the root races the VCT with the default threats against one with threats
//! that prepare a VCF of `DEEP_THREAT_VCF_MOVES`, in turns (`race`). With helper threads,
//! the first helper runs the deeper search instead, on the same schedule, beside the main
//! thread's default one, and then joins the tree search. Whichever proves a win first stops
//! the other (the main thread's search watches `found` as its `rival`); a win the helper
//! proves after the main thread has moved on to the tree is still the answer, and a tree
//! that ends early (a depth or node limit) waits for it, as the single thread's race would
//! have run to its end too.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};

use super::params::DEEP_THREAT_VCF_MOVES;
use super::race::{race, Entrant, Schedule};
use super::root::ProvenWin;
use crate::engine::game::board::Board;
use crate::engine::threats::Budget;

/// A deeper VCT to run on a helper thread, and the win it proved.
pub(super) struct DeepThreat {
    budget: Budget,
    schedule: Schedule,
    win: OnceLock<ProvenWin>,
    /// Raised once `win` is set.
    found: Arc<AtomicBool>,
    /// Whether the search has ended, and its signal.
    ended: (Mutex<bool>, Condvar),
}

impl DeepThreat {
    /// A deeper VCT with the tables and stop flag of `budget`, on `schedule`.
    pub(super) fn new(budget: Budget, schedule: Schedule) -> DeepThreat {
        DeepThreat {
            budget,
            schedule,
            win: OnceLock::new(),
            found: Arc::new(AtomicBool::new(false)),
            ended: (Mutex::new(false), Condvar::new()),
        }
    }

    /// Searches `board` for the side to move's win, until the budget is spent or `done`
    /// (the main thread has finished) is raised; the nodes it visited.
    pub(super) fn run(&self, board: &Board, done: &Arc<AtomicBool>) -> u64 {
        // Ends the wait even if the search panics: the main thread then sees that panic
        // when it joins the helper, instead of waiting for ever.
        let _ending = Ending(&self.ended);
        let budget = Budget {
            rival: Some(Arc::clone(done)),
            ..self.budget.clone()
        };
        let deeper = Entrant {
            first: None,
            threat_limit: DEEP_THREAT_VCF_MOVES,
        };
        let raced = race(board, &[deeper], 0, &budget, &self.schedule);
        if let Some(win) = raced.win {
            // Only this search sets the win, once.
            let _ = self.win.set(win);
            self.found.store(true, Ordering::Release);
        }
        raced.nodes
    }

    /// Waits until the search has ended: within its budget, which also watches the
    /// request's stop flag.
    pub(super) fn wait(&self) {
        let (ended, signal) = &self.ended;
        let ended = ended.lock().unwrap_or_else(PoisonError::into_inner);
        let _ended = signal
            .wait_while(ended, |ended| !*ended)
            .unwrap_or_else(PoisonError::into_inner);
    }

    /// The win, once proven.
    pub(super) fn win(&self) -> Option<&ProvenWin> {
        self.win.get()
    }

    /// The flag raised when the win is proven: a racing search's `rival`.
    pub(super) fn found(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.found)
    }
}

/// Marks the search ended and wakes the waiting thread when dropped.
struct Ending<'a>(&'a (Mutex<bool>, Condvar));

impl Drop for Ending<'_> {
    fn drop(&mut self) {
        let (ended, signal) = self.0;
        *ended.lock().unwrap_or_else(PoisonError::into_inner) = true;
        signal.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::engine::game::position::drawn_board;
    use crate::engine::search::params::THREAT_MOVES;
    use crate::engine::threats::tests::PREPARED_VCF;
    use crate::engine::threats::{self, Mode, Proof};
    use crate::engine::{Rule, Stone};

    fn prepared() -> Board {
        drawn_board(&PREPARED_VCF, Rule::Freestyle, Stone::Black)
    }

    /// A helper's deeper VCT of at most 2 M nodes and a minute.
    fn deep_threat() -> DeepThreat {
        let minute = Instant::now() + Duration::from_secs(60);
        DeepThreat::new(
            Budget::default(),
            Schedule::new(2_000_000, minute, minute, 1.0),
        )
    }

    #[test]
    fn the_helper_proves_a_win_that_needs_deeper_threats_and_raises_its_flag() {
        let board = prepared();
        let deep = deep_threat();
        let nodes = deep.run(&board, &Arc::new(AtomicBool::new(false)));
        deep.wait();
        assert!(nodes > 0);
        let win = deep
            .win()
            .expect("a win with threats that prepare three-move VCFs");
        assert!(deep.found().load(Ordering::Acquire));
        assert_eq!(win.threat_limit, Some(DEEP_THREAT_VCF_MOVES));
        let check = Budget {
            threat_vcf_moves: DEEP_THREAT_VCF_MOVES,
            ..Budget::nodes(2_000_000)
        };
        let after = threats::wins_after(&board, win.line[0], Mode::Vct, THREAT_MOVES, &check);
        assert!(matches!(after.proof, Proof::Win(_)), "{win:?}");
    }

    #[test]
    fn a_finished_main_thread_stops_the_helper_search() {
        let deep = deep_threat();
        deep.run(&prepared(), &Arc::new(AtomicBool::new(true)));
        deep.wait();
        assert_eq!(deep.win(), None);
        assert!(!deep.found().load(Ordering::Acquire));
    }
}
