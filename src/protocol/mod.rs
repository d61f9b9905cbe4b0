//! Adapters that speak to other Gomoku programs: the Gomocup `pbrain` protocol (so that
//! tournament managers can run this engine) and the arena (so that this engine can run
//! matches between its own levels and external `pbrain` engines).

pub mod arena;
pub mod clock;
pub mod command;
pub mod elo;
pub mod gomocup;
pub mod memory;
pub mod openings;
pub mod player;
