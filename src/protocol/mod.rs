//! The Gomocup (Piskvork) brain protocol, from both of its sides.
//!
//! - `pbrain`: this engine as a brain that tournament managers run over stdin/stdout: the
//!   line protocol, its time controls and how `max_memory` is shared out.
//! - `arena`: this engine as a manager: matches between its own levels and external `pbrain`
//!   engines over an openings book, with the Elo they imply. The arena drives external brains
//!   with the same protocol, so it uses `pbrain`'s time controls and rule codes; `pbrain`
//!   never uses the arena.
//!
//! Both sit on the engine and nothing else of the crate.

pub mod arena;
pub mod pbrain;
