//! Turning search results into an `Analysis`: scores in the mover's view, candidates, stats
//! and the master heatmap.
//!
//! The heatmap rates every empty cell statically (the move-ordering value: own shape plus
//! the opponent's shape it blocks), scaled into `0..=0.5`; the searched root moves sit above
//! all of them in `0.5..=1`, by their rank in the search's final order, so the chosen move
//! holds the maximum 1 and the map agrees with what the search preferred.

use std::time::Instant;

use super::params::order_value;
use super::root::Tactic;
use super::score::PROVEN;
use crate::engine::eval::cell_value;
use crate::engine::game::geometry::Point;
use crate::engine::game::position::Position;
use crate::engine::levels::analysis::{
    Analysis, Candidate, Heatmap, Score, SearchRequest, SearchStats,
};
use crate::engine::levels::heatmap;

/// The mover's score of a tree search value. A value beyond `PROVEN` is a win or loss the
/// tree proved, but its distance (`WIN - k`: a five at ply `k`) is only the distance within
/// the moves the tree searched: it prunes and reduces quiet moves, so the longest defence
/// may be one it never tried, and the claims of consecutive moves drifted (a "mate 3"
/// followed by a "mate 8"). The result is reported without a distance.
#[must_use]
pub fn score_of(value: i32) -> Score {
    if value > PROVEN {
        Score::proven_win()
    } else if value < -PROVEN {
        Score::proven_loss()
    } else {
        Score::estimate(value)
    }
}

/// The answer when the game is already over: no move.
pub fn game_over(position: &Position, started: Instant) -> Analysis {
    let verdict = position.verdict();
    let me = position.to_move();
    let score = match verdict.winner {
        Some(w) if w == me => Score::win_in(0),
        Some(_) => Score::loss_in(0),
        None => Score::estimate(0),
    };
    empty_answer(position, score, started)
}

/// The answer when the side to move has no legal point (renju: all forbidden).
pub fn no_legal_move(position: &Position, started: Instant) -> Analysis {
    empty_answer(position, Score::estimate(0), started)
}

fn empty_answer(position: &Position, score: Score, started: Instant) -> Analysis {
    Analysis {
        best: None,
        score,
        pv: Vec::new(),
        candidates: Vec::new(),
        heatmap: Heatmap {
            values: vec![None; position.board().size().area()],
            forbidden: position.forbidden_points(),
        },
        stats: SearchStats {
            elapsed: started.elapsed(),
            ..SearchStats::default()
        },
    }
}

/// The answer found by the root's tactical checks (a five, a threat-space win, a lost
/// position). A win's distance is the proof's own (`ProvenWin::distance`), or none.
pub fn proven(position: &Position, tactic: Tactic, nodes: u64, started: Instant) -> Analysis {
    let (pv, score) = match tactic {
        Tactic::Win(win) => {
            let score = win.distance.map_or_else(Score::proven_win, |moves| {
                Score::win_in(i32::try_from(moves).unwrap_or(i32::MAX))
            });
            (win.line, score)
        }
        Tactic::Lost(point) => (vec![point], Score::loss_in(1)),
    };
    let candidate = Candidate {
        point: pv[0],
        score,
        pv: pv.clone(),
    };
    let stats = SearchStats {
        depth: pv.len() as u32,
        seldepth: pv.len() as u32,
        nodes,
        elapsed: started.elapsed(),
    };
    finish(position, vec![candidate], 1, stats)
}

/// The answer of the tree search: root moves best first.
pub fn searched(
    position: &Position,
    request: &SearchRequest,
    roots: Vec<Candidate>,
    stats: SearchStats,
) -> Analysis {
    finish(position, roots, request.candidates.max(1), stats)
}

fn finish(
    position: &Position,
    ranked: Vec<Candidate>,
    keep: usize,
    stats: SearchStats,
) -> Analysis {
    let heatmap = heatmap(position, &ranked);
    let best = ranked[0].clone();
    Analysis {
        best: Some(best.point),
        score: best.score,
        pv: best.pv,
        candidates: ranked.into_iter().take(keep).collect(),
        heatmap,
        stats,
    }
}

/// The master heatmap: searched moves by rank above every statically rated cell.
#[must_use]
pub fn heatmap(position: &Position, ranked: &[Candidate]) -> Heatmap {
    let board = position.board();
    let me = board.to_move();
    let forbidden = position.forbidden_points();
    let rating = |p: Point| {
        if forbidden.iter().any(|&(f, _)| f == p) {
            0.0
        } else {
            let own = cell_value(board.patterns_at(p, me));
            let theirs = cell_value(board.patterns_at(p, me.opponent()));
            f64::from(order_value(own, theirs))
        }
    };
    let top = board
        .empty_points()
        .map(rating)
        .fold(0.0f64, f64::max)
        .max(1.0);
    let rank_value = |rank: usize| 1.0 - 0.5 * rank as f64 / ranked.len() as f64;
    // Searched root moves rank in 0.5..=1 by search order, the rest by static rating below.
    let ratings = board.empty_points().map(|p| {
        let value = match ranked.iter().position(|c| c.point == p) {
            Some(rank) => rank_value(rank),
            None => 0.5 * rating(p) / top,
        };
        (p, value)
    });
    heatmap::build(
        board,
        ratings,
        ranked.first().map(|c| c.point),
        forbidden.clone(),
    )
}
