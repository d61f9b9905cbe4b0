//! The engine: a pure library (no I/O, no async, no HTTP) that knows the game.
//!
//! Layers, bottom up: geometry and stones; the padded `grid` of cells and `cell_set`s over
//! it; the `board` with its Zobrist hash, incremental line `patterns` and four points; the `rules`, renju fouls (`renju`) and
//! `verdict`s; `position` parsing of the client forms.

pub mod board;
pub mod cell_set;
pub mod eval;
pub mod geometry;
pub mod grid;
pub mod notation;
pub mod patterns;
pub mod position;
pub mod renju;
pub mod rules;
pub mod search;
pub mod stone;
pub mod symmetry;
pub mod threats;
pub mod verdict;
pub mod zobrist;

pub use board::Board;
pub use geometry::{BoardSize, Direction, Point};
pub use position::{BoardInput, MoveInput, Position, PositionError};
pub use renju::ForbiddenKind;
pub use rules::Rule;
pub use stone::Stone;
pub use symmetry::Symmetry;
pub use verdict::{Reason, Status, Verdict};
pub mod analysis;
pub mod classic;
pub mod heatmap;
pub mod levels;
pub use analysis::{Analysis, Difficulty, SearchRequest};

/// Builds the engine's lookup tables (line patterns, cell values, Zobrist keys) and the empty
/// standard boards now, so that the first position analysed does not pay for them.
pub fn warm_up() {
    let size = BoardSize::STANDARD;
    for rule in Rule::ALL {
        let mut board = Board::new(size, rule);
        board.play(size.center());
        let next = board.to_move();
        let near = Point::new(size.center().col() + 1, size.center().row());
        std::hint::black_box(eval::cell_info(board.patterns_at(near, next)));
    }
}
