//! Tests of the threat searches: wins found and verified, refutations, renju, the threat
//! filter, budgets and tables.

use std::time::Instant;

use super::generation::{may_threaten, strongest_first};
use super::*;
use crate::engine::eval::{cell_info, is_legal, Threat};
use crate::engine::game::position::drawn_board as board;
use crate::engine::Rule;

fn budget() -> Budget {
    Budget::nodes(200_000)
}

/// Black: a four on row 2 forces White's block, then a four-three wins.
const VCF: [&str; 9] = [
    ".........",
    ".........",
    "..xxx.o..",
    "......x..",
    "......x..",
    ".........",
    ".........",
    "o.o.o....",
    ".o.o.o...",
];

#[test]
fn finds_a_vcf_under_every_rule() {
    for rule in Rule::ALL {
        let b = board(&VCF, rule, Stone::Black);
        let outcome = find_win(&b, Mode::Vcf, 10, &budget());
        let Proof::Win(line) = outcome.proof else {
            panic!("{rule}: {:?}", outcome.proof)
        };
        let verified = wins_after(&b, line[0], Mode::Vcf, 10, &budget());
        assert!(matches!(verified.proof, Proof::Win(_)), "{rule} {line:?}");
    }
}

#[test]
fn a_share_of_a_budget_counts_from_the_nodes_used() {
    let whole = Budget::nodes(1_000);
    let share = whole.share(200, 0.5);
    assert_eq!(share.max_nodes, 600);
    assert!(share.deadline.is_none());
    assert!(!share.is_spent(599, true) && share.is_spent(600, false));
    let timed = Budget {
        deadline: Some(Instant::now() + std::time::Duration::from_secs(100)),
        ..whole
    };
    let half = timed.share(0, 0.5).deadline.expect("a deadline");
    let left = half.saturating_duration_since(Instant::now()).as_secs();
    assert!((45..=50).contains(&left), "{left} s");
}

/// A table too small for the search forgets positions but never a result: both
/// searches still find (VCT) or refute (VCF) the same way.
#[test]
fn a_tiny_table_forgets_but_never_errs() {
    let tiny = Budget {
        table_entries: 2,
        ..budget()
    };
    let b = board(&OPEN_TWOS_CROSSING, Rule::Freestyle, Stone::Black);
    let Proof::Win(line) = find_win(&b, Mode::Vct, 4, &tiny).proof else {
        panic!("the VCT must still be found")
    };
    assert!(matches!(
        wins_after(&b, line[0], Mode::Vct, 4, &budget()).proof,
        Proof::Win(_)
    ));
    assert_eq!(find_win(&b, Mode::Vcf, 4, &tiny).proof, Proof::NoWin);
}

/// Black's move at (4, 10) makes only an open two, yet it threatens a VCF of two: (6, 10)
/// then makes a four on the diagonal and an open three on the row. The default threat
/// limit's filter passes it over; a deeper limit's tries it.
const LONE_OPEN_TWO: [&str; 15] = [
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    "...............",
    ".....x.........",
    ".......x.......",
    "........x......",
    ".........x.....",
    "..........o....",
];

#[test]
fn a_lone_open_two_that_sets_up_a_four_three_is_a_threat() {
    let b = board(&LONE_OPEN_TWO, Rule::Freestyle, Stone::Black);
    let a = Point::new(4, 10);
    let lines = b.patterns_at(a, Stone::Black);
    assert_eq!(lines.iter().filter(|&&l| l >= Pattern::Flex2).count(), 1);
    assert!(lines.iter().all(|&l| l < Pattern::Block3), "{lines:?}");
    let deeper = Budget {
        threat_vcf_moves: 3,
        ..budget()
    };
    let threats = |budget| Solver::new(&b, Mode::Vct, budget).threat_moves(Stone::Black);
    assert!(threats(&deeper).iter().any(|&(_, _, p)| p == a));
    assert!(threats(&budget()).iter().all(|&(_, _, p)| p != a));
    assert_eq!(find_win(&b, Mode::Vcf, 2, &budget()).proof, Proof::NoWin);
    let mut after = b.clone();
    after.play(a);
    after.set_to_move(Stone::Black);
    assert!(matches!(
        find_win(&after, Mode::Vcf, 2, &budget()).proof,
        Proof::Win(_)
    ));
}

/// Black's win here starts with a threat that only prepares a VCF of three moves (found
/// by a random search over small positions).
pub(crate) const PREPARED_VCF: [&str; 11] = [
    "...........",
    "...........",
    "....xxo....",
    "...........",
    ".......x...",
    "...........",
    "....x.o.o..",
    "......xo...",
    "..o........",
    "...........",
    "...........",
];

/// The default threat limit sees no win within eight moves; a limit of 3 finds one, and
/// its first move checks out.
#[test]
fn a_deeper_threat_limit_sees_wins_the_default_cannot() {
    let b = board(&PREPARED_VCF, Rule::Freestyle, Stone::Black);
    assert_eq!(find_win(&b, Mode::Vct, 8, &budget()).proof, Proof::NoWin);
    let wide = Budget {
        threat_vcf_moves: 3,
        ..budget()
    };
    let Proof::Win(line) = find_win(&b, Mode::Vct, 8, &wide).proof else {
        panic!("a win with threats that prepare three-move VCFs")
    };
    assert!(matches!(
        wins_after(&b, line[0], Mode::Vct, 8, &wide).proof,
        Proof::Win(_)
    ));
}

proptest::proptest! {
    /// The packed key orders moves exactly as the (threat, value, row, column) tuple it
    /// stands for, strongest threat and highest value first.
    #[test]
    fn the_move_key_orders_as_its_tuple(
        a in (0..8usize, proptest::num::i32::ANY, 0..32usize, 0..32usize),
        b in (0..8usize, proptest::num::i32::ANY, 0..32usize, 0..32usize),
    ) {
        const THREATS: [Threat; 8] = [
            Threat::Quiet,
            Threat::Three,
            Threat::DoubleThree,
            Threat::Four,
            Threat::FourThree,
            Threat::DoubleFour,
            Threat::OpenFour,
            Threat::Five,
        ];
        let tuple = |(t, v, x, y): (usize, i32, usize, usize)| {
            (std::cmp::Reverse((THREATS[t], v)), y, x)
        };
        let key = |(t, v, x, y): (usize, i32, usize, usize)| {
            strongest_first(THREATS[t], v, Point::new(x, y))
        };
        proptest::prop_assert_eq!(key(a).cmp(&key(b)), tuple(a).cmp(&tuple(b)));
    }
}

/// The word test of `may_threaten` agrees with counting the lines, for every cell.
#[test]
fn the_threat_filter_counts_lines_exactly() {
    let all = crate::engine::eval::all_patterns();
    for patterns in every_cell(&all) {
        let threes = patterns.iter().filter(|&&p| p >= Pattern::Block3).count();
        let twos = patterns.iter().filter(|&&p| p >= Pattern::Flex2).count();
        for (wide, twos_needed) in [(false, 2), (true, 1)] {
            let counted = threes >= 1 || twos >= twos_needed;
            assert_eq!(may_threaten(patterns, wide), counted, "{patterns:?} {wide}");
        }
    }
}

/// Every choice of four patterns from `all`.
fn every_cell(all: &[Pattern]) -> Vec<[Pattern; 4]> {
    let mut out = Vec::new();
    for &a in all {
        for &b in all {
            for &c in all {
                out.extend(all.iter().map(|&d| [a, b, c, d]));
            }
        }
    }
    out
}

/// A VCT cut short names the open root move it would have searched on, and only then.
#[test]
fn an_unsettled_vct_reports_its_open_lead() {
    let b = board(&PREPARED_VCF, Rule::Freestyle, Stone::Black);
    let wide = |max_nodes| Budget {
        threat_vcf_moves: 3,
        ..Budget::nodes(max_nodes)
    };
    let mut unsettled = 0;
    for max_nodes in (1..8).map(|k| 1u64 << k) {
        let outcome = find_win(&b, Mode::Vct, 8, &wide(max_nodes));
        match (&outcome.proof, outcome.lead) {
            (Proof::Unknown, Some(lead)) => {
                unsettled += 1;
                assert!(lead.proof >= 1 && lead.disproof >= 1, "{lead:?}");
                let threats = Solver::new(&b, Mode::Vct, &wide(1)).threat_moves(Stone::Black);
                assert!(threats.iter().any(|&(_, _, p)| p == lead.point), "{lead:?}");
            }
            (Proof::Unknown, None) => panic!("no lead at {max_nodes} nodes"),
            (_, lead) => assert_eq!(lead, None, "settled at {max_nodes} nodes"),
        }
    }
    assert!(unsettled > 0, "some budget must leave the search open");
    let settled = find_win(&b, Mode::Vct, 8, &wide(200_000));
    assert!(matches!(settled.proof, Proof::Win(_)) && settled.lead.is_none());
    let vcf = find_win(&b, Mode::Vcf, 8, &Budget::nodes(3));
    assert_eq!(vcf.lead, None, "a VCF names no lead");
}

#[test]
fn no_vcf_for_the_side_without_fours() {
    let b = board(&VCF, Rule::Freestyle, Stone::White);
    let outcome = find_win(&b, Mode::Vcf, 10, &budget());
    assert_eq!(outcome.proof, Proof::NoWin);
}

#[test]
fn a_move_that_does_not_win_is_refuted() {
    let b = board(&VCF, Rule::Freestyle, Stone::Black);
    let outcome = wins_after(&b, Point::new(0, 0), Mode::Vct, 6, &budget());
    assert_eq!(outcome.proof, Proof::NoWin);
}

/// White's four-three whose only defence is a Black double-three point.
#[test]
fn renju_white_wins_through_a_forbidden_defence() {
    // Black stones make (4,4) a double three for Black; White's four on column 4
    // has its five point at (4,4).
    let rows = [
        ".........",
        "....o....",
        "....o....",
        "....o....",
        ".........",
        "...x.....",
        "..x...x..",
        ".......x.",
        ".........",
    ];
    let b = board(&rows, Rule::Renju, Stone::White);
    // Sanity: (4,4) is forbidden for Black after White's four at (4,0)... White plays it.
    let outcome = wins_after(&b, Point::new(4, 0), Mode::Vcf, 1, &budget());
    let forbidden = crate::engine::game::renju::forbidden_kind(b.grid(), Point::new(4, 4));
    assert!(
        forbidden.is_some(),
        "test position: (4,4) must be forbidden"
    );
    assert!(
        matches!(outcome.proof, Proof::Win(_)),
        "{:?}",
        outcome.proof
    );
    let free = board(&rows, Rule::Freestyle, Stone::White);
    let blocked = wins_after(&free, Point::new(4, 0), Mode::Vcf, 1, &budget());
    assert_eq!(blocked.proof, Proof::NoWin);
}

#[test]
fn renju_black_may_not_threaten_from_a_forbidden_point() {
    // Black's only four would be an overline at (0,2).
    let rows = [
        "x........",
        "x........",
        ".........",
        "x........",
        "x........",
        "x........",
        ".........",
        ".........",
        "......ooo",
    ];
    let renju = board(&rows, Rule::Renju, Stone::Black);
    let found = find_win(&renju, Mode::Vcf, 4, &budget());
    assert!(!matches!(found.proof, Proof::Win(ref l) if l[0] == Point::new(0, 2)));
    let free = board(&rows, Rule::Freestyle, Stone::Black);
    let win = find_win(&free, Mode::Vcf, 4, &budget());
    assert_eq!(win.proof, Proof::Win(vec![Point::new(0, 2)]));
}

/// Black: two open twos crossing; the cross point makes a double three (freestyle).
const OPEN_TWOS_CROSSING: [&str; 9] = [
    "..o......",
    ".........",
    ".........",
    "...xx....",
    ".........",
    ".....x...",
    ".....x...",
    ".........",
    "o...o...o",
];

#[test]
fn finds_a_vct_with_an_open_three() {
    let b = board(&OPEN_TWOS_CROSSING, Rule::Freestyle, Stone::Black);
    let outcome = find_win(&b, Mode::Vct, 4, &budget());
    let direct = wins_after(&b, Point::new(5, 3), Mode::Vct, 4, &budget());
    assert!(matches!(direct.proof, Proof::Win(_)), "{direct:?}");
    let Proof::Win(line) = outcome.proof else {
        panic!("{:?}", outcome.proof)
    };
    let verified = wins_after(&b, line[0], Mode::Vct, 4, &budget());
    assert!(matches!(verified.proof, Proof::Win(_)));
    assert_eq!(find_win(&b, Mode::Vcf, 4, &budget()).proof, Proof::NoWin);
}
#[test]
fn an_open_three_is_defended_only_on_its_line_or_with_fours() {
    // Black: an open three on row 1 and a blocked three on row 5, whose four points
    // threaten nothing yet and so are no defence.
    let rows = [
        ".........",
        "..xxx....",
        ".........",
        ".........",
        ".........",
        "oxxx.....",
        ".........",
        ".........",
        ".........",
    ];
    let b = board(&rows, Rule::Freestyle, Stone::Black);
    let mut solver = Solver::new(&b, Mode::Vct, &budget());
    // White to move, as at a defender's node.
    solver.board.set_to_move(Stone::White);
    let cells = solver
        .threat_cells(Stone::Black, DEFAULT_THREAT_VCF_MOVES)
        .expect("an open three threatens an open four");
    let defences = solver.defences(&cells);
    assert!(defences.iter().all(|p| p.row() == 1), "{defences:?}");
    // The open four's point and its two five points.
    assert_eq!(defences.len(), 3, "{defences:?}");
}

/// `threat_cells` claims that a defender move anywhere else leaves the VCF standing:
/// check it against every such move.
#[test]
fn a_vcf_survives_every_move_off_its_threat_cells() {
    for rule in Rule::ALL {
        let b = board(&VCF, rule, Stone::White);
        let mut solver = Solver::new(&b, Mode::Vct, &budget());
        let cells = solver
            .threat_cells(Stone::Black, 4)
            .expect("Black threatens a VCF");
        for q in b.empty_points() {
            let counter = cell_info(b.patterns_at(q, Stone::White)).threat.is_four();
            if cells.contains(&q) || counter || !is_legal(&b, q, Stone::White) {
                continue;
            }
            let mut after = b.clone();
            after.play(q);
            let outcome = find_win(&after, Mode::Vcf, 4, &budget());
            assert!(
                matches!(outcome.proof, Proof::Win(_)),
                "{rule}: White {q:?}"
            );
        }
    }
}

/// A quiet move is no threat; a move that sets up a four-three is one.
#[test]
fn only_moves_that_threaten_a_short_vcf_are_threats() {
    let b = board(&VCF, Rule::Freestyle, Stone::White);
    let mut solver = Solver::new(&b, Mode::Vct, &budget());
    assert!(solver
        .threat_cells(Stone::White, DEFAULT_THREAT_VCF_MOVES)
        .is_none());
    assert!(solver
        .threat_cells(Stone::Black, DEFAULT_THREAT_VCF_MOVES)
        .is_some());
}
