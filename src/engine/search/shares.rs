//! How a move's time and nodes are shared among the root's searches: its VCF, its VCT race
//! (and the deeper VCT a helper races) and the defence against the opponent's threats. Each
//! search usually settles well within its share; when none does, the tree keeps the rest.
//! The VCT race may run past its share to spend its floor of nodes (`race`), never past the
//! threat ceiling.

use std::time::Duration;

use super::params::{
    DEFENCE_SHARE, LONG_MOVE, SHORT_MOVE, THREAT_CEILING, VCF_SHARE, VCT_LONG_FRACTION,
    VCT_LONG_HELPED_FRACTION, VCT_SHARE, VCT_SHORT_FRACTION,
};

/// The root VCF's time out of a move's `total`.
pub fn vcf_time(total: Duration) -> Duration {
    total / VCF_SHARE
}

/// The root VCF's nodes out of the search's `max_nodes`.
pub fn vcf_nodes(max_nodes: u64) -> u64 {
    max_nodes / u64::from(VCF_SHARE)
}

/// The root VCT's time out of a move's `total`: `VCT_SHORT_FRACTION` up to `SHORT_MOVE`,
/// `VCT_LONG_FRACTION` from `LONG_MOVE` on (`VCT_LONG_HELPED_FRACTION` when `helped`: helper
/// threads deepen the tree meanwhile), in proportion between. At short budgets the tree
/// needs the time most (with a helper, 1.5 quarters at 200 ms gained no arena points); at
/// long ones it already reaches its useful depth, and long threat sequences are worth more.
pub fn vct_time(total: Duration, helped: bool) -> Duration {
    let long = if helped {
        VCT_LONG_HELPED_FRACTION
    } else {
        VCT_LONG_FRACTION
    };
    let fraction = VCT_SHORT_FRACTION + (long - VCT_SHORT_FRACTION) * longness(total);
    total.mul_f64(fraction)
}

/// The part of what is left of the VCT race's share that its deeper threats run on alone
/// once the default threats are refuted: none up to `SHORT_MOVE` (the tree needs the time
/// most), all of it from `LONG_MOVE` on (as a second try there found wins the default
/// threats cannot: docs/decisions/0023-deeper-threat-limit-at-the-root.md), in proportion
/// between.
pub fn deeper_alone(total: Duration) -> f64 {
    longness(total)
}

/// How far a move of `total` is from a short move (0, up to `SHORT_MOVE`) to a long one (1,
/// from `LONG_MOVE` on), in proportion between.
fn longness(total: Duration) -> f64 {
    let span = (LONG_MOVE - SHORT_MOVE).as_secs_f64();
    let past_short = total.saturating_sub(SHORT_MOVE).as_secs_f64();
    (past_short / span).min(1.0)
}

/// The root VCT's nodes (and the deeper VCT's) out of the search's `max_nodes`.
pub fn vct_nodes(max_nodes: u64) -> u64 {
    max_nodes / u64::from(VCT_SHARE)
}

/// The defence's time out of a move's `total`.
pub fn defence_time(total: Duration) -> Duration {
    total / DEFENCE_SHARE
}

/// The defence's nodes out of the search's `max_nodes`.
pub fn defence_nodes(max_nodes: u64) -> u64 {
    max_nodes / u64::from(DEFENCE_SHARE)
}

/// The time from a move's start past which no root threat search runs, out of its `total`.
pub fn threat_ceiling(total: Duration) -> Duration {
    total.mul_f64(THREAT_CEILING)
}
