//! Time management: how long one move may think, given the Gomocup time controls.
//!
//! Managers give a per-move limit (`timeout_turn`), a per-game limit (`timeout_match`) and,
//! before each move, the game time left (`time_left`). Losing on time loses the game, so the
//! budget keeps a safety margin for process scheduling, I/O and the search overshooting its
//! deadline by a little.

use std::time::Duration;

/// Budget when the manager asks to play as fast as possible (`timeout_turn 0`) or no time is
/// left: enough for the classic levels, a shallow search for master.
pub const FAST: Duration = Duration::from_millis(10);

/// The smallest budget ever handed to a search.
const MIN_BUDGET: Duration = Duration::from_millis(5);

/// Moves a game is assumed to still last when spreading the game time left.
const MOVES_TO_GO: u64 = 25;

/// Where the brain's answer travels, which decides the margin a budget keeps from a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overhead {
    /// A brain answering a manager over pipes: 3 % of the limit plus 25 ms, at most 2 s
    /// (31 ms of 200, 55 ms of 1 s). The fixed part covers pipe I/O, scheduling and the
    /// search's overshoot of its deadline, which stay under 10 ms on a machine with a core
    /// for each thinking brain; a manager that gives brains less loses their moves' time to
    /// scheduling whatever the margin (docs/decisions/0070-brain-time-margin.md).
    Pipe,
    /// A search called in the manager's own process (the arena's levels): there is no I/O,
    /// only the search's overshoot of its deadline and a descheduled time slice or two: a
    /// twentieth of the limit plus 5 ms. With two arenas on 2 cores, moves of a 185 ms budget
    /// took at most 196 ms (docs/decisions/0004-arena-in-process-margin.md); a third busy process
    /// can add 20–30 ms, which the arena's tolerance absorbs.
    InProcess,
}

impl Overhead {
    fn margin(self, limit_ms: u64) -> u64 {
        match self {
            Overhead::Pipe => (limit_ms * 3 / 100 + 25).min(2_000),
            Overhead::InProcess => (limit_ms / 20 + 5).min(1_000),
        }
    }
}

/// The time limits a manager has announced, in milliseconds as the protocol sends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Per-move limit; 0 means play as fast as possible.
    pub timeout_turn: i64,
    /// Per-game limit; 0 means none.
    pub timeout_match: i64,
    /// Game time left, when the manager said so (it may be negative).
    pub time_left: Option<i64>,
}

impl Default for TimeControl {
    /// The protocol's defaults when a manager sends no `INFO`: 30 s a move, no game limit.
    fn default() -> TimeControl {
        TimeControl {
            timeout_turn: 30_000,
            timeout_match: 0,
            time_left: None,
        }
    }
}

impl TimeControl {
    /// How long the next move of a brain answering over pipes may think.
    #[must_use]
    pub fn budget(&self) -> Duration {
        self.budget_for(Overhead::Pipe)
    }

    /// How long the next move may think, keeping back the margin `overhead` needs.
    #[must_use]
    pub fn budget_for(&self, overhead: Overhead) -> Duration {
        if self.timeout_turn <= 0 {
            return FAST;
        }
        let turn = self.timeout_turn as u64;
        let mut budget_ms = turn - overhead.margin(turn).min(turn / 2);
        if let Some(left) = self.game_time_left() {
            if left <= 0 {
                return FAST;
            }
            let left = left as u64;
            let usable = left.saturating_sub(overhead.margin(left));
            budget_ms = budget_ms.min(usable / MOVES_TO_GO);
        }
        Duration::from_millis(budget_ms).max(MIN_BUDGET)
    }

    /// The control for the next move of a brain that has spent `spent` thinking this game:
    /// a `time_left` from the manager wins; without one, the game limit minus `spent` (the
    /// protocol asks managers to send `time_left`, not all do).
    #[must_use]
    pub fn after_spending(mut self, spent: Duration) -> TimeControl {
        if self.time_left.is_none() && self.timeout_match > 0 {
            self.time_left = Some(self.timeout_match - spent.as_millis() as i64);
        }
        self
    }

    fn game_time_left(&self) -> Option<i64> {
        match (self.time_left, self.timeout_match) {
            (Some(left), _) => Some(left),
            (None, 0) => None,
            (None, total) => Some(total),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(turn: i64, game: i64, left: Option<i64>) -> TimeControl {
        TimeControl {
            timeout_turn: turn,
            timeout_match: game,
            time_left: left,
        }
    }

    #[test]
    fn per_move_limit_keeps_a_margin() {
        assert_eq!(control(200, 0, None).budget(), Duration::from_millis(169));
        assert_eq!(
            control(5_000, 0, None).budget(),
            Duration::from_millis(4_825)
        );
        assert_eq!(
            control(60_000, 0, None).budget(),
            Duration::from_millis(58_175)
        );
    }

    #[test]
    fn zero_turn_or_no_time_left_plays_fast() {
        assert_eq!(control(0, 0, None).budget(), FAST);
        assert_eq!(control(1_000, 10_000, Some(-5)).budget(), FAST);
    }

    #[test]
    fn game_time_is_spread_over_the_moves_to_go() {
        // 10 s left, 325 ms margin: 9.675 s over 25 moves = 387 ms, below the 945 ms turn budget.
        assert_eq!(
            control(1_000, 100_000, Some(10_000)).budget(),
            Duration::from_millis(387)
        );
        // Without time_left the whole game limit counts.
        assert_eq!(
            control(1_000, 10_000, None).budget(),
            Duration::from_millis(387)
        );
    }

    #[test]
    fn without_time_left_the_brain_counts_its_own_spending() {
        let spent = Duration::from_millis(9_000);
        // 1 s of a 10 s game left, less a 55 ms margin, over 25 moves.
        assert_eq!(
            control(1_000, 10_000, None).after_spending(spent).budget(),
            Duration::from_millis(37)
        );
        // The manager's own figure wins.
        assert_eq!(
            control(1_000, 10_000, Some(10_000))
                .after_spending(spent)
                .budget(),
            Duration::from_millis(387)
        );
        assert_eq!(
            control(1_000, 0, None).after_spending(spent).budget(),
            Duration::from_millis(945)
        );
    }

    #[test]
    fn in_process_keeps_only_the_search_overshoot() {
        let budget = |turn, game, left| control(turn, game, left).budget_for(Overhead::InProcess);
        assert_eq!(budget(200, 0, None), Duration::from_millis(185));
        assert_eq!(budget(1_000, 0, None), Duration::from_millis(945));
        // 10 s left, 505 ms margin: 9.495 s over 25 moves.
        assert_eq!(
            budget(1_000, 100_000, Some(10_000)),
            Duration::from_millis(379)
        );
        assert!(budget(200, 0, None) > control(200, 0, None).budget());
    }

    #[test]
    fn tiny_limits_still_leave_a_positive_budget() {
        assert_eq!(control(1, 0, None).budget(), MIN_BUDGET);
        assert!(control(40, 0, None).budget() <= Duration::from_millis(20));
    }
}
