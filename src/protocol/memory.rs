//! Memory management: how large a transposition table fits the manager's `max_memory`.
//!
//! The table is the only allocation that grows with the limit; the rest of the brain (the
//! program, its threads, boards, move lists and threat searches) needs a few MiB, so a
//! fixed reserve is kept back and the table gets three quarters of what remains, which also
//! leaves room for the allocator and for the table's own rounding to a power of two entries.

use crate::engine::search::DEFAULT_TT_MIB;

const MIB: u64 = 1 << 20;
/// Memory kept back for everything but the table.
const RESERVE: u64 = 16 * MIB;
/// The smallest table, whatever the limit.
const FLOOR_MIB: usize = 1;
/// The largest table: beyond this, clearing it at every new game costs more than it gains.
const CEILING_MIB: usize = 1024;

/// The table size in MiB for a `max_memory` in bytes; 0 (no limit) keeps the default size.
#[must_use]
pub fn table_mib(max_memory: i64) -> usize {
    if max_memory == 0 {
        return DEFAULT_TT_MIB;
    }
    let usable = (max_memory.max(0) as u64).saturating_sub(RESERVE) / 4 * 3;
    ((usable / MIB) as usize).clamp(FLOOR_MIB, CEILING_MIB)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_limit_keeps_the_default() {
        assert_eq!(table_mib(0), DEFAULT_TT_MIB);
    }

    #[test]
    fn the_table_leaves_a_reserve_and_a_quarter() {
        // 80 MiB: 64 MiB after the reserve, three quarters of it.
        assert_eq!(table_mib(80 << 20), 48);
        // Gomocup's usual 350 MB.
        assert_eq!(table_mib(350_000_000), 238);
    }

    #[test]
    fn tiny_negative_and_huge_limits_are_clamped() {
        assert_eq!(table_mib(1), FLOOR_MIB);
        assert_eq!(table_mib(-5), FLOOR_MIB);
        assert_eq!(table_mib(20 << 20), 3);
        assert_eq!(table_mib(i64::MAX), CEILING_MIB);
    }
}
