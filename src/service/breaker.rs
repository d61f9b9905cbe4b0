//! A circuit breaker: after a few failures in a row a dependency is skipped for a while, then
//! one call at a time probes it until one succeeds.
//!
//! The shared cache is an optimisation: while it is down, every request should go straight to
//! the search instead of spending its timeout on it first.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures in a row that open the breaker.
const FAILURES_TO_OPEN: u32 = 3;

/// Whether calls may go through, and since how many failures.
#[derive(Debug)]
pub struct Breaker {
    cooldown: Duration,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    failures: u32,
    /// While set, calls are skipped until then; the first call after it is the probe.
    open_until: Option<Instant>,
}

impl Breaker {
    /// A closed breaker that stays open `cooldown` between probes.
    #[must_use]
    pub fn new(cooldown: Duration) -> Breaker {
        Breaker {
            cooldown,
            state: Mutex::new(State::default()),
        }
    }

    /// Whether a call may go out now. When the cooldown is over, the first caller is let
    /// through as the probe and the others wait for another cooldown or its success.
    pub fn allows(&self) -> bool {
        let mut state = self.state();
        match state.open_until {
            None => true,
            Some(until) if Instant::now() >= until => {
                state.open_until = Some(Instant::now() + self.cooldown);
                true
            }
            Some(_) => false,
        }
    }

    /// Records a call that succeeded: the breaker closes.
    pub fn succeeded(&self) {
        *self.state() = State::default();
    }

    /// Records a call that failed; enough of them in a row open the breaker.
    pub fn failed(&self) {
        let mut state = self.state();
        state.failures = state.failures.saturating_add(1);
        if state.failures >= FAILURES_TO_OPEN {
            state.open_until = Some(Instant::now() + self.cooldown);
        }
    }

    /// Whether calls currently go through.
    pub fn is_closed(&self) -> bool {
        self.state().open_until.is_none()
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // The state is two plain fields: a panic elsewhere cannot leave it inconsistent.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_after_failures_in_a_row_and_closes_on_success() {
        let breaker = Breaker::new(Duration::from_secs(3_600));
        breaker.failed();
        breaker.failed();
        breaker.succeeded();
        breaker.failed();
        breaker.failed();
        assert!(breaker.allows(), "a success in between resets the count");
        breaker.failed();
        assert!(!breaker.is_closed());
        assert!(!breaker.allows());
        breaker.succeeded();
        assert!(breaker.allows());
    }

    #[test]
    fn lets_one_probe_through_after_the_cooldown() {
        let breaker = Breaker::new(Duration::ZERO);
        for _ in 0..FAILURES_TO_OPEN {
            breaker.failed();
        }
        assert!(breaker.allows(), "the cooldown is over: the probe goes out");
        breaker.failed();
        assert!(!breaker.is_closed(), "a failed probe keeps it open");
    }
}
