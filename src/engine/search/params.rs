//! Every tuning number of the master search, with what it does, grouped by the part that
//! uses it: the root's threat searches, the shares of a move's time and nodes they get,
//! iterative deepening, the tree (limits, move ordering, pruning and reductions) and the
//! quiescence. The functions here are the formulas the tree tunes (late-move limits and
//! reductions, the ordering value, the history bonus).

use std::time::Duration;

use super::score::PROVEN;
use crate::engine::eval::HAND_SET_OWN_WEIGHT;
use crate::engine::Rule;

// ----- Root: threat searches -------------------------------------------------------------

/// Most attacker moves a root VCT (and the deeper one) looks ahead.
pub const THREAT_MOVES: u32 = 20;
/// Most attacker moves a root VCF looks ahead (a VCF is narrow, so it may run long).
pub const VCF_MOVES: u32 = 100;
/// The threat limit of the deeper root VCT (raced beside the default one, `race`, or on a
/// helper, `deep_threat`): its threats may prepare a VCF of this many moves.
pub const DEEP_THREAT_VCF_MOVES: u32 = 3;
/// Nodes of each search's first turn in the root's VCT race; every round doubles it, so a
/// search that proves in `n` nodes has cost the race at most about `2n` per entrant.
pub const RACE_FIRST_SLICE: u64 = 1_024;
/// Nodes the root's VCT race may always spend, stopped sooner only by the threat ceiling:
/// about the VCT's share of a 200 ms move on an idle machine, so that a win the threat
/// searches settle that fast is found on a slower or busier machine too, and at shorter
/// moves.
pub const VCT_FLOOR_NODES: u64 = 48_000;
/// Most nodes spent reading back how many moves a proven VCT takes at most (its distance,
/// `threats::SlicedVct::distance`): past this the win is reported without a distance.
pub const PROOF_DISTANCE_NODES: u64 = 50_000;
/// An unsettled root VCT's lead is played when refuting it looked this many times as costly
/// as finishing its proof (`is_likely_win`).
pub const LIKELY_WIN_ODDS: f64 = 64.0;
/// ... and the search had tried to refute it in earnest: a disproof number of this or more.
pub const LIKELY_WIN_DISPROOF: u32 = 10_000;

// ----- Root: defence against the opponent's threats ----------------------------------------

/// Most attacker moves the opponent's threat sequence is looked for within.
pub const OPPONENT_THREAT_MOVES: u32 = 12;
/// The part of the defence's time (one over this) spent finding the opponent's threat.
pub const OPPONENT_THREAT_TIME_SHARE: u32 = 3;
/// Each root move's check may spend this many times the nodes finding the threat took...
pub const CHECK_NODES_FACTOR: u64 = 4;
/// ... plus this: a move that does not defend leaves the same sequence, found about as fast
/// again.
pub const CHECK_SLACK: u64 = 2_000;

// ----- Time and node shares of the root's searches -------------------------------------------

/// The root's VCF gets at most one over this of the time and nodes.
pub const VCF_SHARE: u32 = 8;
/// The root VCT's node share (one over this), and its time share at short budgets (see
/// `time::vct_time`).
pub const VCT_SHARE: u32 = 4;
/// The defence against the opponent's threats gets at most one over this of the time.
pub const DEFENCE_SHARE: u32 = 8;
/// The root's threat searches never run past this part of the move's time, whatever their
/// floor of nodes: the tree keeps the rest.
pub const THREAT_CEILING: f64 = 0.75;
/// Move budgets up to this give the root VCT `VCT_SHORT_FRACTION` of the time.
pub const SHORT_MOVE: Duration = Duration::from_millis(200);
/// Move budgets from this on give the root VCT `VCT_LONG_FRACTION` of the time (or
/// `VCT_LONG_HELPED_FRACTION` when helper threads search the tree meanwhile).
pub const LONG_MOVE: Duration = Duration::from_secs(1);
/// The root VCT's part of a short move's time: the tree needs the time most there (at
/// 200 ms a move, half for the VCT lost arena points: docs/decisions/0010-vct-time-share.md).
pub const VCT_SHORT_FRACTION: f64 = 0.25;
/// The root VCT's part of a long move's time: the tree already reaches its useful depth,
/// and long threat sequences are worth more.
pub const VCT_LONG_FRACTION: f64 = 0.5;
/// `VCT_LONG_FRACTION` when helper threads deepen the tree meanwhile.
pub const VCT_LONG_HELPED_FRACTION: f64 = 0.75;

// ----- Iterative deepening -----------------------------------------------------------------

/// Deepest nominal depth iterative deepening goes to.
pub const MAX_DEPTH: u32 = 64;
/// Half-width of the first aspiration window.
pub const ASPIRATION: i32 = 60;
/// The first depth searched in an aspiration window (shallower ones take the full window).
pub const ASPIRATION_MIN_DEPTH: i32 = 3;

// ----- Tree: limits --------------------------------------------------------------------------

/// Deepest ply the tree may reach.
pub const MAX_PLY: usize = 120;
/// Nodes between clock reads: at the 50k nodes/s of a contended machine that is under
/// 3 ms past the deadline, for a clock read costing far less than one node.
pub const CLOCK_EVERY: u64 = 128;

// ----- Tree: move ordering -------------------------------------------------------------------

/// Ordering bonus of the transposition table's move: above anything else.
pub const TT_MOVE_BONUS: i32 = 1 << 24;
/// History credit counted towards a move's order at most (then divided by
/// `TreeTuning::history_divisor`).
pub const HISTORY_CAP: i32 = 1 << 16;

/// The master heatmap's rating of a cell the search did not rank: the mover's hand-set cell
/// value, weighted a quarter above the opponent's on the same cell (attack before defence).
/// The tree orders its moves by learned values instead (`eval::ordering`).
#[must_use]
pub fn order_value(own: i32, theirs: i32) -> i32 {
    let (numerator, denominator) = HAND_SET_OWN_WEIGHT;
    own * numerator / denominator + theirs
}

/// The history credit kept from one move's search to the next (one over this) under the
/// rules that age it (`RuleFeatures::ages_history`): what cut off a few moves ago says less
/// about the position now.
pub const HISTORY_AGING: i32 = 8;

/// History credit of a move that cut off at `depth`.
#[must_use]
pub fn history_bonus(depth: i32) -> i32 {
    depth * depth
}

// ----- Tree: pruning and reductions ----------------------------------------------------------

/// Moves after the first are searched less (`late_move_reduction`) from this depth on.
pub const REDUCE_MIN_DEPTH: i32 = 2;

/// The tree's numbers that are set rule by rule: freestyle's tuned by SPSA over self-play in
/// two rounds (docs/decisions/0092-spsa-tuned-tree-numbers.md and
/// 0094-second-spsa-round.md), the other rules' as they were set by hand (renju's tuning
/// gained too little to keep, docs/decisions/0093-renju-spsa-numbers.md; standard's was not
/// run). The margins are in the evaluation's unit, of which 82.4 make one step of the mover's
/// log-odds of winning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeTuning {
    /// What `late_move_limit` is divided by when the mover's evaluation is not improving.
    pub late_move_unimproving_divisor: f64,
    /// Futility pruning: at a zero-window node this shallow or shallower whose opponent
    /// threatens no win in two moves (no open four, double four, four-three or double three
    /// to make: a calm node), quiet moves after the first are skipped when the static
    /// evaluation plus `futility_margin` cannot reach alpha.
    pub futility_max_depth: i32,
    /// Reverse futility (a static null move): at a calm zero-window node this shallow or
    /// shallower, the static evaluation is returned when it beats beta by
    /// `reverse_futility_margin`.
    pub reverse_futility_max_depth: i32,
    /// `futility_margin`'s growth a ply.
    pub futility_slope: i32,
    /// `reverse_futility_margin`'s growth a ply.
    pub reverse_futility_slope: i32,
    /// `fail_high_margin`'s growth a ply.
    pub fail_high_slope: i32,
    /// What `late_move_reduction`'s `ln(depth)·ln(index + 1)` is multiplied by.
    pub reduction_scale: f64,
    /// What is added to `late_move_reduction`'s scaled product before it is rounded down.
    pub reduction_offset: f64,
    /// How far a reduced search must beat alpha, besides 12 a ply of reduction, for
    /// `research_adjustment` to search the move a ply deeper.
    pub research_margin: i32,
    /// Ordering bonus of a killer move.
    pub killer_bonus: i32,
    /// What a move's history credit is divided by to count towards its order.
    pub history_divisor: i32,
    /// Singular extension, under every rule (it won 36 Elo in freestyle, decision 0055, and
    /// 33 in renju, decision 0068): from this depth on, the table's move is searched a ply
    /// deeper when every other move, searched half as deep, stays `singular_margin` below
    /// the table's score...
    pub singular_min_depth: i32,
    /// ... provided the table's score comes from a search at most this much shallower.
    pub singular_depth_slack: i32,
}

/// The numbers as set by hand, before the tuning.
const HAND_SET_TUNING: TreeTuning = TreeTuning {
    late_move_unimproving_divisor: 2.0,
    futility_max_depth: 3,
    reverse_futility_max_depth: 3,
    futility_slope: 80,
    reverse_futility_slope: 100,
    fail_high_slope: 20,
    reduction_scale: 1.0,
    reduction_offset: 0.0,
    research_margin: 40,
    killer_bonus: 250,
    history_divisor: 64,
    singular_min_depth: 6,
    singular_depth_slack: 3,
};

/// Freestyle's numbers: in each of two runs, the ones SPSA moved by more than half its final
/// step, consistently through the run, as it left them (rounded); the rest stay hand-set.
const FREESTYLE_TUNING: TreeTuning = TreeTuning {
    late_move_unimproving_divisor: 1.75,
    futility_max_depth: 4,
    reverse_futility_max_depth: 4,
    futility_slope: 114,
    reverse_futility_slope: 50,
    fail_high_slope: 14,
    reduction_scale: 1.07,
    reduction_offset: -0.18,
    research_margin: 51,
    killer_bonus: 98,
    history_divisor: 57,
    singular_min_depth: 5,
    singular_depth_slack: 2,
};

/// The tree's numbers under `rule`.
#[must_use]
pub const fn tree_tuning(rule: Rule) -> TreeTuning {
    match rule {
        Rule::Freestyle => FREESTYLE_TUNING,
        Rule::Standard | Rule::Renju => HAND_SET_TUNING,
    }
}

impl TreeTuning {
    /// How many moves a node of `depth` (at least 1) searches before it prunes the quiet ones
    /// after them (once one move does not lose): `3 + depth^1.32`, divided by
    /// `late_move_unimproving_divisor` when the mover's evaluation is not `improving` (the
    /// move-count table of Rapfi, a champion-class engine). Threes, fours and their blocks are
    /// never pruned: pruning them after twice the count lost points
    /// (docs/decisions/0047-late-moves-at-every-depth.md).
    #[must_use]
    pub fn late_move_limit(&self, depth: i32, improving: bool) -> usize {
        let full = 3.0 + f64::from(depth).powf(1.32);
        let limit = if improving {
            full
        } else {
            full / self.late_move_unimproving_divisor
        };
        limit as usize
    }

    /// How far a quiet move at `depth` may be assumed to raise the mover's evaluation:
    /// beyond it, futility pruning skips the move.
    #[must_use]
    pub fn futility_margin(&self, depth: i32) -> i32 {
        80 + self.futility_slope * depth
    }

    /// How far the opponent may be assumed to pull back the mover's evaluation in `depth`
    /// plies: a calm node whose evaluation beats beta by more returns it unsearched.
    #[must_use]
    pub fn reverse_futility_margin(&self, depth: i32) -> i32 {
        self.reverse_futility_slope * depth
    }

    /// Fail-high reduction: at a zero-window node whose static evaluation beats beta by
    /// `fail_high_margin`, every move but the mover's fours is searched a ply shallower (the
    /// node is likely to cut whatever it plays; a softer reverse futility, as in Rapfi, that
    /// also acts at nodes that are not calm), under the rules
    /// `RuleFeatures::reduces_likely_cuts` names.
    #[must_use]
    pub fn fail_high_margin(&self, depth: i32, calm: bool) -> i32 {
        self.fail_high_slope * depth + if calm { 0 } else { 80 }
    }

    /// Plies the move at `index` (after the first) of a node of `depth` (at least 2) is
    /// searched less: `ln(depth)·ln(index + 1)` scaled by `reduction_scale` and moved by
    /// `reduction_offset`, as in chess engines' and Rapfi's late-move reductions, a ply more
    /// when the mover is not `improving`, a ply less for a move that is not `quiet` (a three
    /// or the block of one) and a ply less at a principal-variation node (`pv`); at least one
    /// ply is left. Fours are not reduced (the caller's rule: their reply is forced).
    #[must_use]
    pub fn late_move_reduction(
        &self,
        depth: i32,
        index: usize,
        improving: bool,
        quiet: bool,
        pv: bool,
    ) -> i32 {
        let grown = self.reduction_scale * f64::from(depth).ln() * ((index + 1) as f64).ln()
            + self.reduction_offset;
        let reduction =
            grown as i32 + i32::from(!improving && grown > 1.0) - i32::from(!quiet) - i32::from(pv);
        reduction.clamp(0, depth - 2)
    }

    /// Plies added to the full search of a late move whose reduced search (`reduction` plies
    /// shallower) beat `alpha` with `score`: one more when it beat alpha by a clear margin
    /// (the move looks better than a close call), one less when it barely beat the node's
    /// `best` so far (Stockfish's and Rapfi's deeper and shallower re-searches). Never below
    /// the quiescence: `depth` is the full search's depth. Under the rules
    /// `RuleFeatures::adjusts_research_depth` names.
    #[must_use]
    pub fn research_adjustment(
        &self,
        score: i32,
        alpha: i32,
        best: i32,
        reduction: i32,
        depth: i32,
    ) -> i32 {
        if score.abs() >= PROVEN {
            return 0;
        }
        let deeper = score > alpha + self.research_margin + 12 * reduction;
        let shallower = score < best.saturating_add(depth) && depth > 1;
        i32::from(deeper) - i32::from(shallower)
    }
}

/// How far below the table's score the other moves must stay for its move to be singular.
/// A second ply for a move far above this bound (Stockfish's double extension) was rejected
/// in freestyle (docs/decisions/0083-double-singular-extension.md).
#[must_use]
pub fn singular_margin(depth: i32) -> i32 {
    2 * depth
}

// ----- Features by rule ------------------------------------------------------------------------

/// The search features that were measured rule by rule and are on under some rules only
/// (Rapfi keeps such per-rule settings too). Each field names the decisions that measured it
/// and says what standard does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleFeatures {
    /// The history credit is aged between moves (`HISTORY_AGING`): in freestyle it won 24
    /// Elo, in renju it lost ground (docs/decisions/0065-history-aging.md); standard shares
    /// freestyle's setting.
    pub ages_history: bool,
    /// The root searches its late moves less first (`late_move_reduction` as at a
    /// principal-variation node, threes one ply less, fours not at all): in renju they won 57
    /// Elo, in freestyle nothing (docs/decisions/0058-root-reductions.md); standard shares
    /// freestyle's setting.
    pub reduces_root_moves: bool,
    /// The tree reduces likely cut nodes (`fail_high_margin`): in freestyle it won 17 Elo at
    /// 200 ms and led at 1 s; in renju it lost ground, and standard showed no gain
    /// (docs/decisions/0075-fail-high-reduction.md); tried again in renju, no gain either
    /// (docs/decisions/0088-fail-high-reduction-in-renju.md).
    pub reduces_likely_cuts: bool,
    /// A table's move that is not singular, but whose stored score beats beta, is searched a
    /// ply shallower (Stockfish's and Rapfi's negative extension: another move reaches the
    /// singular bound too, so the node is likely to cut with either). In renju it won 20 Elo
    /// (docs/decisions/0077-negative-singular-extension.md); in freestyle it showed no gain
    /// (docs/decisions/0079-negative-extension-in-freestyle.md); standard was not tried.
    pub shortens_shared_cuts: bool,
    /// A late move's full search after its reduced one goes a ply deeper or shallower
    /// (`research_adjustment`): in freestyle it won 20 Elo
    /// (docs/decisions/0078-research-depth.md), in renju it showed no gain
    /// (docs/decisions/0082-research-depth-in-renju.md); standard was not tried.
    pub adjusts_research_depth: bool,
}

/// The features on under freestyle.
const FREESTYLE_FEATURES: RuleFeatures = RuleFeatures {
    ages_history: true,
    reduces_root_moves: false,
    reduces_likely_cuts: true,
    shortens_shared_cuts: false,
    adjusts_research_depth: true,
};

/// The features on under standard: freestyle's, less those standard did not gain from or
/// did not try.
const STANDARD_FEATURES: RuleFeatures = RuleFeatures {
    reduces_likely_cuts: false,
    adjusts_research_depth: false,
    ..FREESTYLE_FEATURES
};

/// The features on under renju.
const RENJU_FEATURES: RuleFeatures = RuleFeatures {
    ages_history: false,
    reduces_root_moves: true,
    reduces_likely_cuts: false,
    shortens_shared_cuts: true,
    adjusts_research_depth: false,
};

/// The search features on under `rule`.
#[must_use]
pub const fn rule_features(rule: Rule) -> RuleFeatures {
    match rule {
        Rule::Freestyle => FREESTYLE_FEATURES,
        Rule::Standard => STANDARD_FEATURES,
        Rule::Renju => RENJU_FEATURES,
    }
}

// ----- Quiescence ------------------------------------------------------------------------------

/// How far below the nominal horizon the four-only quiescence may go.
pub const QUIESCENCE_DEPTH: i32 = 12;
/// Slots of a quiescence table: 256 KiB at 16 bytes each. On the bench midgames four times
/// more cut under 1 % more nodes, and searched about an eighth fewer nodes a second: a table
/// this small stays in the faster caches (docs/decisions/0024-quiescence-table.md).
pub const QUIESCENCE_SLOTS: usize = 1 << 14;

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers each rule searches by, as the tree takes them.
    fn every_rule_tuning() -> [TreeTuning; 3] {
        Rule::ALL.map(tree_tuning)
    }

    /// A clear win over alpha searches deeper, a bare one over the best so far shallower,
    /// a proven score and a search at depth 1 neither; the margin grows with the reduction.
    #[test]
    fn research_depth_follows_the_reduced_score() {
        for t in every_rule_tuning() {
            let clear = 100 + t.research_margin + 12;
            assert_eq!(t.research_adjustment(clear + 1, 100, 50, 1, 5), 1);
            assert_eq!(t.research_adjustment(clear, 100, 50, 1, 5), 0);
            assert_eq!(t.research_adjustment(101, 100, 50, 1, 5), 0);
            assert_eq!(t.research_adjustment(101, 100, 99, 1, 5), -1);
            assert_eq!(t.research_adjustment(101, 100, 99, 1, 1), 0);
            assert_eq!(t.research_adjustment(PROVEN, 100, 99, 1, 5), 0);
            assert_eq!(t.research_adjustment(clear + 1, 100, 50, 3, 5), 0);
        }
    }

    #[test]
    fn reductions_grow_with_depth_and_index_and_leave_a_ply() {
        for t in every_rule_tuning() {
            for depth in 2..40 {
                for index in 1..120 {
                    for (improving, quiet, pv) in [
                        (false, true, false),
                        (true, true, false),
                        (true, false, false),
                        (true, true, true),
                    ] {
                        let r = |d, i| t.late_move_reduction(d, i, improving, quiet, pv);
                        let here = r(depth, index);
                        assert!((0..=depth - 2).contains(&here), "{depth} {index}: {here}");
                        assert!(here <= r(depth, index + 1), "depth {depth} index {index}");
                        assert!(here <= r(depth + 1, index), "depth {depth} index {index}");
                    }
                }
            }
            let quiet = t.late_move_reduction(12, 40, true, true, false);
            assert!(quiet > t.late_move_reduction(4, 4, true, true, false));
            assert!(t.late_move_reduction(12, 40, false, true, false) > quiet);
            assert!(t.late_move_reduction(12, 40, true, false, false) < quiet);
            assert!(t.late_move_reduction(12, 40, true, true, true) < quiet);
        }
    }

    #[test]
    fn the_move_count_grows_with_depth_and_shrinks_without_improvement() {
        for t in every_rule_tuning() {
            for depth in 1..60 {
                let improving = t.late_move_limit(depth, true);
                let not = t.late_move_limit(depth, false);
                assert!(improving >= 4 && not >= 2, "depth {depth}");
                let shrunk = (improving + 1) as f64 / t.late_move_unimproving_divisor;
                assert!(
                    not < improving && not as f64 <= shrunk,
                    "depth {depth}: {not} of {improving}"
                );
                assert!(
                    improving <= t.late_move_limit(depth + 1, true),
                    "depth {depth}"
                );
            }
            assert!(t.late_move_limit(20, true) > 3 * t.late_move_limit(1, true));
        }
    }
}
