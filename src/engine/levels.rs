//! The difficulty ladder: every level answers `analyze` for any legal position.
//!
//! Interim: every level plays the same greedy pattern rating until the classic levels and the
//! master search land (issue 3).

use std::time::Instant;

use super::analysis::{
    Analysis, Candidate, Difficulty, Heatmap, Score, SearchRequest, SearchStats,
};
use super::geometry::Point;
use super::patterns::Pattern;
use super::position::Position;

/// Analyses a position at the requested level.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    if request.difficulty == Difficulty::Master {
        return super::search::analyze(position, request);
    }
    let started = Instant::now();
    let board = position.board();
    let forbidden = position.forbidden_points();
    let mut values: Vec<Option<f64>> = Vec::with_capacity(board.size().area());
    let mut best: Option<(Point, f64)> = None;
    for point in board.size().points() {
        if !board.is_empty(point) || position.verdict().is_over() {
            values.push(None);
            continue;
        }
        let rating = if forbidden.iter().any(|&(p, _)| p == point) {
            0.0
        } else {
            rate(position, point)
        };
        if best.is_none_or(|(_, b)| rating > b) {
            best = Some((point, rating));
        }
        values.push(Some(rating));
    }
    let top = best.map_or(1.0, |(_, r)| r.max(f64::MIN_POSITIVE));
    for value in values.iter_mut().flatten() {
        *value /= top;
    }
    let score = Score::estimate(0);
    let best = best.map(|(p, _)| p);
    Analysis {
        best,
        score,
        pv: best.into_iter().collect(),
        candidates: best
            .filter(|_| request.candidates > 0)
            .map(|p| Candidate {
                point: p,
                score,
                pv: vec![p],
            })
            .into_iter()
            .collect(),
        heatmap: Heatmap { values, forbidden },
        stats: SearchStats {
            depth: 1,
            seldepth: 1,
            nodes: board.size().area() as u64,
            elapsed: started.elapsed(),
        },
    }
}

fn rate(position: &Position, point: Point) -> f64 {
    let board = position.board();
    let mover = board.to_move();
    let weight = |p: Pattern| match p {
        Pattern::Five => 100_000.0,
        Pattern::Flex4 => 10_000.0,
        Pattern::Block4 | Pattern::Flex3 => 1_000.0,
        Pattern::Block3 | Pattern::Flex2 => 100.0,
        Pattern::Block2 | Pattern::Flex1 => 10.0,
        _ => 1.0,
    };
    let own: f64 = board
        .patterns_at(point, mover)
        .iter()
        .map(|&p| weight(p))
        .sum();
    let theirs: f64 = board
        .patterns_at(point, mover.opponent())
        .iter()
        .map(|&p| weight(p))
        .sum();
    own * 1.1 + theirs
}
