//! What a threat search may spend (nodes, time, stop flags) and how far its threats may
//! look, and the sizing of its tables to a memory limit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How much a threat search may spend, and how far its threats may look.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Most nodes to visit.
    pub max_nodes: u64,
    /// Stop at this instant, if given.
    pub deadline: Option<Instant>,
    /// Stop when this flag is raised, if given.
    pub stop: Option<Arc<AtomicBool>>,
    /// Stop when this flag is raised too, if given: the search this one races on another
    /// thread has settled the question (found the win, or answered the move).
    pub rival: Option<Arc<AtomicBool>>,
    /// Most positions the search's tables remember (the VCT's move cache a quarter of
    /// them): its memory. The default, `DEFAULT_TABLE_ENTRIES`, suits a service answering
    /// many requests at once; an offline check may afford more.
    pub table_entries: usize,
    /// Most attacker moves of the VCF that makes a move a threat in a VCT (quintet's threat
    /// limit). The default, `DEFAULT_THREAT_VCF_MOVES` (2), sees open threes and the moves
    /// that set up a four-three or a double four; 3 also sees moves that prepare those,
    /// which some long wins need, at the price of a far larger tree.
    pub threat_vcf_moves: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            max_nodes: 0,
            deadline: None,
            stop: None,
            rival: None,
            table_entries: DEFAULT_TABLE_ENTRIES,
            threat_vcf_moves: DEFAULT_THREAT_VCF_MOVES,
        }
    }
}

impl Budget {
    /// A budget of `max_nodes` nodes and no clock.
    #[must_use]
    pub fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes,
            ..Budget::default()
        }
    }

    /// The first `fraction` of what is left of this budget once `used` nodes are spent:
    /// of its nodes and of its time from now; the stop flag is shared.
    pub(super) fn share(&self, used: u64, fraction: f64) -> Budget {
        let nodes_left = self.max_nodes.saturating_sub(used) as f64;
        let now = Instant::now();
        Budget {
            max_nodes: used.saturating_add((nodes_left * fraction) as u64),
            deadline: self
                .deadline
                .map(|d| now + d.saturating_duration_since(now).mul_f64(fraction)),
            stop: self.stop.clone(),
            rival: self.rival.clone(),
            table_entries: self.table_entries,
            threat_vcf_moves: self.threat_vcf_moves,
        }
    }

    /// Whether its stop flag or its rival's flag is raised: the search should end now,
    /// whatever else is left.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        let raised = |flag: &Option<Arc<AtomicBool>>| {
            flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
        };
        raised(&self.stop) || raised(&self.rival)
    }

    /// Whether the budget is spent after `used` nodes: its nodes, its flags, or (when
    /// `read_clock`: the clock costs more than a node's other checks) its time.
    pub(super) fn is_spent(&self, used: u64, read_clock: bool) -> bool {
        used >= self.max_nodes
            || self.is_stopped()
            || read_clock && self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Most positions one search remembers in each of its tables by default: about 100 MB
/// once full (`TABLE_ENTRY_BYTES` bounds it by 112 MiB), which only searches of several
/// seconds reach.
pub const DEFAULT_TABLE_ENTRIES: usize = 1 << 19;

/// Bytes a threat search's tables take for each entry of `Budget::table_entries`, all its
/// tables together, once full: the largest resident size measured, per entry, over long
/// searches at several table sizes (189–197), with a margin
/// (docs/decisions/0026-threat-table-memory.md). What a memory limit allows a search is its
/// bytes over this.
pub const TABLE_ENTRY_BYTES: usize = 224;

/// The fewest entries `table_entries_within` gives a search, however little memory there
/// is: under 1 MiB of tables.
pub const MIN_TABLE_ENTRIES: usize = 1 << 12;

/// The entries each of `searches` threat searches running at once may hold so that their
/// tables, once full, take at most `bytes` together; at least `MIN_TABLE_ENTRIES`, at most
/// `DEFAULT_TABLE_ENTRIES`.
#[must_use]
pub fn table_entries_within(bytes: u64, searches: u64) -> usize {
    let each = bytes / searches.max(1) / TABLE_ENTRY_BYTES as u64;
    usize::try_from(each)
        .unwrap_or(usize::MAX)
        .clamp(MIN_TABLE_ENTRIES, DEFAULT_TABLE_ENTRIES)
}

/// Most attacker moves of the VCF that makes a move a threat in a VCT, unless a budget says
/// otherwise: one for an open three (its open four), two for a move that sets up a
/// four-three or a double four.
pub const DEFAULT_THREAT_VCF_MOVES: u32 = 2;
