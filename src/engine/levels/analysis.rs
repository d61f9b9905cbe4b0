//! What a search is asked and what it answers: the contract between the engine's levels and
//! every adapter (HTTP service, pbrain protocol, CLI, arena).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::difficulty::Difficulty;
use crate::engine::game::geometry::{BoardSize, Point};
use crate::engine::game::renju::ForbiddenKind;
use crate::engine::game::symmetry::Symmetry;
use crate::engine::threats;

/// The version of the engine's answers, beside the crate's: raised whenever a search or its
/// evaluation may answer a request differently, so that answers stored by another build (a
/// shared cache outlives a release) are never taken for this one's.
pub const ENGINE_VERSION: u32 = 15;

/// Most threads one master search uses, whatever it is asked for.
pub const MAX_THREADS: usize = 64;

/// The cores this process may use (1 when the system cannot tell): what the service, the
/// arena and the bench divide among their searches.
#[must_use]
pub fn available_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// What a search may spend and what it should report.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// Which level plays.
    pub difficulty: Difficulty,
    /// The hard deadline: the search returns its best so far by then.
    pub deadline: Instant,
    /// Deepest nominal depth to search, if limited.
    pub max_depth: Option<u32>,
    /// Most nodes to visit, if limited (each thread's own count, when `threads` > 1).
    pub max_nodes: Option<u64>,
    /// How many ranked candidate moves to report (1 = the best only).
    pub candidates: usize,
    /// Seed for variety among equally good moves; `None` plays deterministically.
    pub seed: Option<u64>,
    /// Set from outside to stop the search early (it then answers with its best so far).
    pub stop: Option<Arc<AtomicBool>>,
    /// Threads the master search may use (1 = the calling thread only; at most
    /// `MAX_THREADS`). More threads make it stronger in the same time but no longer
    /// reproducible move for move.
    pub threads: usize,
    /// Most positions each table of the master's threat searches may hold: their memory, at
    /// up to `threats::TABLE_ENTRY_BYTES` an entry once full (long searches fill them).
    /// `threats::table_entries_within` fits it to a memory limit.
    pub threat_table_entries: usize,
}

impl SearchRequest {
    /// A deterministic request for one best move within `budget` from now.
    #[must_use]
    pub fn new(difficulty: Difficulty, budget: Duration) -> SearchRequest {
        SearchRequest {
            difficulty,
            deadline: Instant::now() + budget,
            max_depth: None,
            max_nodes: None,
            candidates: 1,
            seed: None,
            stop: None,
            threads: 1,
            threat_table_entries: threats::DEFAULT_TABLE_ENTRIES,
        }
    }
}

/// A move's value from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Score {
    /// Evaluation in the level's units; positive is good for the side to move.
    pub value: i32,
    /// Chance the side to move wins: a logistic of `value`, exactly 1 or 0 when proven.
    pub win_probability: f64,
    /// Moves (of the side to move, the five included) within which a proven win (positive)
    /// or loss (negative) comes, when that distance is proven too; `None` otherwise, also for
    /// a result proven without its distance (`win_probability` 1 or 0 tells those apart).
    pub mate_in: Option<i32>,
}

/// The evaluation lead at which the estimated win probability is e/(1+e), about 73 %.
pub const WIN_PROBABILITY_SCALE: f64 = 400.0;

/// Score value of a proven win; a win in `n` moves scores `MATE_VALUE - n`.
pub const MATE_VALUE: i32 = 30_000;

/// Score value of a win proven without a proven distance: below every win with one.
pub const PROVEN_WIN_VALUE: i32 = MATE_VALUE - 1_000;

impl Score {
    /// An unproven evaluation: win probability `1 / (1 + exp(-value / WIN_PROBABILITY_SCALE))`,
    /// clamped away from exactly 0 and 1, which are reserved for proven results.
    #[must_use]
    pub fn estimate(value: i32) -> Score {
        let logistic = 1.0 / (1.0 + (-f64::from(value) / WIN_PROBABILITY_SCALE).exp());
        Score {
            value,
            win_probability: logistic.clamp(0.001, 0.999),
            mate_in: None,
        }
    }

    /// A proven win for the side to move in `moves` of its own moves.
    #[must_use]
    pub fn win_in(moves: i32) -> Score {
        Score {
            value: MATE_VALUE - moves,
            win_probability: 1.0,
            mate_in: Some(moves),
        }
    }

    /// A proven loss for the side to move, the opponent winning after `moves` of our moves.
    #[must_use]
    pub fn loss_in(moves: i32) -> Score {
        Score {
            value: -(MATE_VALUE - moves),
            win_probability: 0.0,
            mate_in: Some(-moves),
        }
    }

    /// A proven win for the side to move whose distance is not proven: no `mate_in`, value
    /// `PROVEN_WIN_VALUE`, win probability 1.
    #[must_use]
    pub fn proven_win() -> Score {
        Score {
            value: PROVEN_WIN_VALUE,
            win_probability: 1.0,
            mate_in: None,
        }
    }

    /// A proven loss for the side to move whose distance is not proven: no `mate_in`, value
    /// `-PROVEN_WIN_VALUE`, win probability 0.
    #[must_use]
    pub fn proven_loss() -> Score {
        Score {
            value: -PROVEN_WIN_VALUE,
            win_probability: 0.0,
            mate_in: None,
        }
    }

    /// Whether the side to move has a proven win, with a distance or without.
    #[must_use]
    pub fn is_proven_win(&self) -> bool {
        self.win_probability >= 1.0
    }

    /// Whether the side to move has a proven loss, with a distance or without.
    #[must_use]
    pub fn is_proven_loss(&self) -> bool {
        self.win_probability <= 0.0
    }
}

/// One root move with its score and principal variation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The move.
    pub point: Point,
    /// Its score.
    pub score: Score,
    /// The expected continuation, starting with `point`.
    pub pv: Vec<Point>,
}

/// The level's rating of every cell for the side to move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Heatmap {
    /// Row-major (top row first) values in 0..=1, `None` on occupied cells; the chosen move
    /// holds the maximum.
    pub values: Vec<Option<f64>>,
    /// Renju-forbidden points for Black, listed apart (their values are 0).
    pub forbidden: Vec<(Point, ForbiddenKind)>,
}

/// How much work the search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SearchStats {
    /// Nominal depth completed.
    pub depth: u32,
    /// Deepest ply reached (threat extensions included).
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// A level's answer for a position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The chosen move; `None` when the game is over.
    pub best: Option<Point>,
    /// The chosen move's score.
    pub score: Score,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Point>,
    /// The top candidates, best first (at least `best` when there is one).
    pub candidates: Vec<Candidate>,
    /// The rating of every cell.
    pub heatmap: Heatmap,
    /// Search effort.
    pub stats: SearchStats,
}

impl Analysis {
    /// The analysis with every point mapped by `symmetry` on a board of `size` (heatmap cells
    /// included): the answer for the mirrored or rotated position.
    #[must_use]
    pub fn transformed(&self, symmetry: Symmetry, size: BoardSize) -> Analysis {
        let map = |p: Point| symmetry.apply(p, size);
        let map_all = |points: &[Point]| points.iter().map(|&p| map(p)).collect::<Vec<_>>();
        let inverse = symmetry.inverse();
        let values = size
            .points()
            .map(|p| {
                let source = inverse.apply(p, size);
                self.heatmap
                    .values
                    .get(source.row() * size.width() + source.col())
                    .copied()
                    .flatten()
            })
            .collect();
        Analysis {
            best: self.best.map(map),
            score: self.score,
            pv: map_all(&self.pv),
            candidates: self
                .candidates
                .iter()
                .map(|c| Candidate {
                    point: map(c.point),
                    score: c.score,
                    pv: map_all(&c.pv),
                })
                .collect(),
            heatmap: Heatmap {
                values,
                forbidden: self
                    .heatmap
                    .forbidden
                    .iter()
                    .map(|&(p, kind)| (map(p), kind))
                    .collect(),
            },
            stats: self.stats,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transformed_maps_moves_and_heatmap_cells_and_back() {
        let size = BoardSize::STANDARD;
        let mut values = vec![Some(0.0); size.area()];
        values[3] = Some(1.0);
        let analysis = Analysis {
            best: Some(Point::new(3, 0)),
            score: Score::estimate(0),
            pv: vec![Point::new(3, 0), Point::new(4, 1)],
            candidates: Vec::new(),
            heatmap: Heatmap {
                values,
                forbidden: Vec::new(),
            },
            stats: SearchStats::default(),
        };
        let turned = analysis.transformed(Symmetry::Rotate90, size);
        let best = turned.best.unwrap();
        assert_eq!(best, Symmetry::Rotate90.apply(Point::new(3, 0), size));
        assert_eq!(
            turned.heatmap.values[best.row() * 15 + best.col()],
            Some(1.0)
        );
        assert_eq!(turned.transformed(Symmetry::Rotate270, size), analysis);
    }
}
