//! The tree's score scale: a five at ply `k` scores `WIN - k`, anything beyond `PROVEN` is a
//! proven result, and the tables store mate scores relative to their node.

use crate::engine::levels::analysis::MATE_VALUE;

/// Score of a five played at ply 0; a five at ply `k` scores `WIN - k`.
pub const WIN: i32 = MATE_VALUE;
/// Scores beyond this are proven results.
pub const PROVEN: i32 = WIN - 1000;
/// Larger than any score.
pub const INFINITY: i32 = WIN + 1;

/// A score as stored: mate distances relative to the node.
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score seen from a node at `ply`.
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
}
