//! The game itself: what a position is and what the rules make of it, with no opinion on
//! which move is good.
//!
//! Bottom up: `geometry` (points, directions, board sizes) and `stone`s; the padded `grid`
//! of cells and `cell_set`s over it; the `board` with its `zobrist` hash, incremental line
//! `patterns` and four points, and the `area` of candidate cells near its stones; the `rules`, renju fouls (`renju`) and `verdict`s;
//! `symmetry` of the square; `notation` and `position` parsing of the client forms.
//!
//! Uses nothing else of the engine: every other part builds on this one.

pub mod area;
pub mod board;
pub mod cell_set;
pub mod geometry;
pub mod grid;
pub mod notation;
pub mod patterns;
pub mod position;
pub mod renju;
pub mod rules;
pub mod stone;
pub mod symmetry;
pub mod verdict;
pub mod zobrist;
