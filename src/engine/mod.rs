//! The engine: a pure library (no I/O, no async, no HTTP) that knows the game and plays it.
//!
//! Folders, bottom up; each may use the ones above it and nothing below:
//! - `game`: points, stones, the board and its line patterns, the rules, renju fouls,
//!   verdicts, symmetries, notation and position parsing. No opinion on moves.
//! - `eval`: what a cell is worth to each side and what threat a stone there makes.
//! - `threats`: threat-space search, VCF and VCT, for the master's root and the verifier.
//! - `search`: the master level, the threat searches at the root, then iterative-deepening
//!   alpha-beta; it answers with the analysis types of `levels::analysis`.
//! - `levels`: the difficulty ladder every adapter calls (`levels::analyze`): the analysis
//!   types, `Difficulty`, the classic levels, the heatmap builder and the tactics verifier.
//! - `review`: a whole game judged move by move from a level's analyses of its positions
//!   (labels, accuracy, turning points).
//!
//! The engine never uses the service, the protocols or the CLI.

pub mod eval;
pub mod game;
pub mod levels;
pub mod review;
pub mod search;
pub mod threats;

pub use game::board::Board;
pub use game::geometry::{BoardSize, Direction, Point};
pub use game::position::{BoardInput, MoveInput, Position, PositionError};
pub use game::renju::ForbiddenKind;
pub use game::rules::Rule;
pub use game::stone::Stone;
pub use game::symmetry::Symmetry;
pub use game::verdict::{Reason, Status, Verdict};
pub use levels::analysis::{Analysis, SearchRequest};
pub use levels::difficulty::Difficulty;

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
