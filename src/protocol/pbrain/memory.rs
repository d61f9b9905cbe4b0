//! Memory management: how the manager's `max_memory` is shared between the master's
//! transposition table and the tables of its threat searches.
//!
//! Both grow with the limit. The transposition table lives for the whole game and fills
//! within a few moves. A threat search's tables fill over one long move, at up to
//! `threats::TABLE_ENTRY_BYTES` an entry: one search at a time on one thread, two with
//! helper threads (the main thread's root search and the deeper one a helper races). A
//! fixed reserve is kept back for the rest of the brain (the program, its threads, boards
//! and move lists). The transposition table gets `TABLE_SHARE` of what remains, rounded down
//! to its power of two of slots; the threat searches share the rest, up to their default
//! size. With the limit honoured in the worst case, the brain cannot be forfeited for
//! memory however long its moves.

use crate::engine::search::{threat_searches_at_once, Table, DEFAULT_TT_MIB};
use crate::engine::threats::{self, DEFAULT_TABLE_ENTRIES};

const MIB: u64 = 1 << 20;
/// Memory kept back for everything but the tables.
const RESERVE: u64 = 16 * MIB;
/// The part of what the reserve leaves that the transposition table may take (it may get
/// as little as half that: its slots are a power of two).
const TABLE_SHARE: f64 = 0.75;
/// The smallest transposition table, whatever the limit.
const FLOOR_MIB: usize = 1;
/// The largest transposition table: beyond this, clearing it at every new game costs more
/// than it gains.
const CEILING_MIB: usize = 1024;

/// How the brain's memory is shared out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The transposition table's size in MiB (`MasterSearch::new`).
    pub table_mib: usize,
    /// Most positions each table of a threat search holds
    /// (`SearchRequest::threat_table_entries`).
    pub threat_table_entries: usize,
}

impl Plan {
    /// The defaults, for a manager that sets no limit.
    pub const UNLIMITED: Plan = Plan {
        table_mib: DEFAULT_TT_MIB,
        threat_table_entries: DEFAULT_TABLE_ENTRIES,
    };

    /// The plan for a `max_memory` in bytes and searches on `threads` threads; 0 (no limit)
    /// keeps the defaults.
    #[must_use]
    pub fn for_limit(max_memory: i64, threads: usize) -> Plan {
        if max_memory == 0 {
            return Plan::UNLIMITED;
        }
        let usable = (max_memory.max(0) as u64).saturating_sub(RESERVE);
        let table_mib = ((usable as f64 * TABLE_SHARE) as u64 / MIB) as usize;
        let table_mib = table_mib.clamp(FLOOR_MIB, CEILING_MIB);
        let left = usable.saturating_sub(Table::footprint(table_mib) as u64);
        Plan {
            table_mib,
            threat_table_entries: threats::table_entries_within(
                left,
                threat_searches_at_once(threads),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::threats::TABLE_ENTRY_BYTES;

    /// The most `plan`'s tables take once full on `threads` threads, in bytes, with the
    /// reserve.
    fn worst_case_bytes(plan: Plan, threads: usize) -> u64 {
        let threat_bytes = (plan.threat_table_entries * TABLE_ENTRY_BYTES) as u64;
        let table_bytes = Table::footprint(plan.table_mib) as u64;
        RESERVE + table_bytes + threat_searches_at_once(threads) * threat_bytes
    }

    #[test]
    fn no_limit_keeps_the_defaults() {
        for threads in [1, 2, 8] {
            assert_eq!(Plan::for_limit(0, threads), Plan::UNLIMITED);
        }
    }

    #[test]
    fn the_plan_fits_every_usual_limit_in_the_worst_case() {
        // Gomocup's usual 350 MB, its older 70 MB, and others around them.
        for mib in [24, 40, 70, 100, 200, 333, 350, 500, 1000, 2000] {
            for threads in [1, 2, 4] {
                let limit = mib << 20;
                let plan = Plan::for_limit(limit, threads);
                let worst = worst_case_bytes(plan, threads);
                assert!(
                    worst <= limit as u64,
                    "{mib} MiB, {threads} threads: {plan:?} may take {worst} bytes"
                );
                // Neither kind of table is starved: each gets a fair part of what it may use.
                let usable = (limit as u64 - RESERVE) as f64;
                let table = Table::footprint(plan.table_mib) as f64;
                assert!(table >= usable * TABLE_SHARE / 2.0 || plan.table_mib == CEILING_MIB);
                let threats = worst as f64 - RESERVE as f64 - table;
                let full = threat_searches_at_once(threads)
                    * (DEFAULT_TABLE_ENTRIES * TABLE_ENTRY_BYTES) as u64;
                assert!(threats >= (usable * (1.0 - TABLE_SHARE)).min(full as f64) * 0.99);
            }
        }
    }

    #[test]
    fn gomocup_350_mb_keeps_the_table_and_bounds_the_threat_searches() {
        let two_threads = Plan::for_limit(350_000_000, 2);
        assert_eq!(
            two_threads.table_mib, 238,
            "rounded down to 128 MiB of slots"
        );
        assert!(
            (200_000..DEFAULT_TABLE_ENTRIES).contains(&two_threads.threat_table_entries),
            "{two_threads:?}"
        );
        let one_thread = Plan::for_limit(350_000_000, 1);
        assert_eq!(one_thread.table_mib, 238);
        assert_eq!(one_thread.threat_table_entries, DEFAULT_TABLE_ENTRIES);
    }

    #[test]
    fn large_limits_keep_the_default_threat_tables() {
        let plan = Plan::for_limit(4_000_000_000, 2);
        assert_eq!(plan.threat_table_entries, DEFAULT_TABLE_ENTRIES);
        assert_eq!(plan.table_mib, CEILING_MIB);
    }

    #[test]
    fn tiny_negative_and_huge_limits_are_clamped() {
        for limit in [1, -5] {
            let plan = Plan::for_limit(limit, 2);
            assert_eq!(plan.table_mib, FLOOR_MIB);
            assert_eq!(plan.threat_table_entries, threats::MIN_TABLE_ENTRIES);
        }
        assert_eq!(Plan::for_limit(20 << 20, 1).table_mib, 3);
        assert_eq!(Plan::for_limit(i64::MAX, 1).table_mib, CEILING_MIB);
    }
}
