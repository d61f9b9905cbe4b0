//! The difficulty ladder: every level answers `analyze` for any legal position.
//!
//! The entry point every adapter calls. A finished game gets no move from any level; an
//! ongoing one goes to its level's algorithm (the classic levels in `classic`, the full
//! engine for `master`).

use std::time::Instant;

use super::analysis::{Analysis, Difficulty, Score, SearchRequest, SearchStats};
use super::classic;
use super::heatmap;
use super::position::Position;
use super::verdict::Status;

/// Analyses a position at the requested level.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    if position.verdict().is_over() {
        return finished(position, Instant::now());
    }
    match request.difficulty {
        Difficulty::Beginner => classic::beginner::analyze(position, request),
        Difficulty::Easy => classic::easy::analyze(position, request),
        Difficulty::Medium => classic::medium::analyze(position, request),
        Difficulty::Hard | Difficulty::Master => classic::hard::analyze(position, request),
    }
}

/// The answer for a finished game: no move, no candidates, every empty cell rated 0. The
/// score is the proven result for the side to move (a draw is an even estimate).
fn finished(position: &Position, started: Instant) -> Analysis {
    let mover = position.to_move();
    let score = match position.verdict().status {
        Status::Draw | Status::Ongoing => Score::estimate(0),
        status if status == Status::won_by(mover) => Score::win_in(0),
        _ => Score::loss_in(0),
    };
    Analysis {
        best: None,
        score,
        pv: Vec::new(),
        candidates: Vec::new(),
        heatmap: heatmap::build(position.board(), [], None, Vec::new()),
        stats: SearchStats {
            elapsed: started.elapsed(),
            ..SearchStats::default()
        },
    }
}
