//! Readiness: whether this instance should be sent traffic. It starts not ready while the
//! engine builds its lookup tables, becomes ready once they exist, and stops being ready for
//! good when shutdown begins, so that a load balancer drains it before the listener closes.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;

/// The phase of an instance's life that readiness reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Warming up: not ready yet.
    Starting,
    /// Taking traffic.
    Ready,
    /// Shutting down: finishing what it has, taking nothing new.
    Draining,
}

impl Phase {
    /// The phase's name in probe answers.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Starting => "starting",
            Phase::Ready => "ready",
            Phase::Draining => "draining",
        }
    }
}

/// The shared readiness flag of one server.
#[derive(Clone, Debug, Default)]
pub struct Readiness(Arc<AtomicU8>);

const STARTING: u8 = 0;
const READY: u8 = 1;
const DRAINING: u8 = 2;

impl Readiness {
    /// A flag in the starting phase.
    #[must_use]
    pub fn new() -> Readiness {
        Readiness::default()
    }

    /// The current phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        match self.0.load(Ordering::Acquire) {
            STARTING => Phase::Starting,
            READY => Phase::Ready,
            _ => Phase::Draining,
        }
    }

    /// Starting becomes ready; a draining instance stays draining.
    pub fn mark_ready(&self) {
        let _ = self
            .0
            .compare_exchange(STARTING, READY, Ordering::AcqRel, Ordering::Acquire);
    }

    /// Shutdown has begun: never ready again.
    pub fn drain(&self) {
        self.0.store(DRAINING, Ordering::Release);
    }

    /// Warms the engine up on a background thread and marks the instance ready after.
    pub fn warm_up_then_ready(&self) {
        let readiness = self.clone();
        std::thread::spawn(move || {
            crate::engine::warm_up();
            readiness.mark_ready();
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_then_serves_then_drains_for_good() {
        let readiness = Readiness::new();
        assert_eq!(readiness.phase(), Phase::Starting);
        readiness.mark_ready();
        assert_eq!(readiness.phase(), Phase::Ready);
        readiness.drain();
        readiness.mark_ready();
        assert_eq!(readiness.phase(), Phase::Draining);
    }
}
