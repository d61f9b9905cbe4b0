//! Static evaluation from the incremental line patterns.
//!
//! A cell's four line patterns (one per direction) combine into one `Threat` class, the way
//! Rapfi's `Pattern4` does: a five, an open four (or two fours on one line), a double four, a
//! four-three, a plain four, a double three, a three. Threat classes drive move ordering and
//! the threat-space search; hand-set cell values (patterns summed, combinations rewarded)
//! order the moves. The evaluation sums, over the candidate cells, what each cell's pattern
//! combination is worth to the side to move and to its opponent, and adds what the threats
//! the two sides hold are worth together (`threat_mask`): learned values, per rule family
//! (`weights`, fitted by `training`).
//!
//! Uses the game only.

pub mod model_file;
pub mod ordering;
pub mod ordering_training;
pub mod threat_mask;
pub mod training;
pub mod weights;

use std::sync::OnceLock;

use crate::engine::game::board::Board;
use crate::engine::game::geometry::Point;
use crate::engine::game::patterns::Pattern;
use crate::engine::game::renju;
use crate::engine::game::rules::Rule;
use crate::engine::game::stone::Stone;
use model_file::ModelFile;
use ordering::OrderWeights;
use threat_mask::ThreatMask;
use weights::{combination, ordered_index, Weights, ORDERED, PATTERNS};

/// What one stone on an empty cell would make for one colour, combining its four lines;
/// weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Threat {
    /// Nothing better than a blocked three.
    Quiet,
    /// One open three (threatens an open four).
    Three,
    /// Two open threes.
    DoubleThree,
    /// One four (a single five point).
    Four,
    /// A four and an open three together.
    FourThree,
    /// Two fours on different lines.
    DoubleFour,
    /// A line with two or more five points (straight four, or two fours on one line).
    OpenFour,
    /// A five.
    Five,
}

impl Threat {
    /// The class of four line patterns.
    #[must_use]
    pub fn of(patterns: [Pattern; 4]) -> Threat {
        let count = |wanted: Pattern| patterns.iter().filter(|&&p| p == wanted).count();
        let (fours, threes) = (count(Pattern::Block4), count(Pattern::Flex3));
        if count(Pattern::Five) > 0 {
            Threat::Five
        } else if count(Pattern::Flex4) > 0 {
            Threat::OpenFour
        } else if fours >= 2 {
            Threat::DoubleFour
        } else if fours == 1 && threes > 0 {
            Threat::FourThree
        } else if fours == 1 {
            Threat::Four
        } else if threes >= 2 {
            Threat::DoubleThree
        } else if threes == 1 {
            Threat::Three
        } else {
            Threat::Quiet
        }
    }

    /// Whether the move forces a win by itself when legal and the opponent has no five:
    /// two five points the opponent cannot both cover.
    #[must_use]
    pub fn is_winning_four(self) -> bool {
        matches!(self, Threat::OpenFour | Threat::DoubleFour)
    }

    /// Whether the move makes at least one five point.
    #[must_use]
    pub fn is_four(self) -> bool {
        self >= Threat::Four
    }
}

/// Ordering value of one line pattern, indexed by `Pattern as usize`.
const PATTERN_VALUE: [i32; 11] = [0, 0, 1, 3, 6, 16, 20, 60, 70, 300, 2000];

/// Extra value of a combination beyond its parts: a four-three, a double three, a double
/// four each threaten a win the opponent can stop only with tempo.
fn combination_bonus(threat: Threat) -> i32 {
    match threat {
        Threat::DoubleThree => 150,
        Threat::FourThree => 400,
        Threat::DoubleFour => 600,
        _ => 0,
    }
}

/// Everything the search wants to know of one colour's four patterns on a cell, looked up
/// in a table over all 11^4 pattern quadruples (no per-node recounting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellInfo {
    /// The combined threat class.
    pub threat: Threat,
    /// The hand-set cell value (patterns summed, combinations rewarded): the heatmap's rating.
    pub value: i32,
    /// What the cell adds to a move's order when its colour is to move there (learned,
    /// `ordering`)...
    pub order_own: i32,
    /// ... and when it is the opponent's cell, to block.
    pub order_theirs: i32,
    /// What the cell is worth to its colour in the evaluation when that colour is to move.
    pub as_mover: i32,
    /// ... and when the opponent is to move.
    pub as_opponent: i32,
    /// Whether a renju foul is possible here (see `may_be_forbidden`).
    pub may_be_forbidden: bool,
}

impl CellInfo {
    /// What a cell is to a colour that may not play it (a renju foul of Black's): no threat,
    /// and no worth to evaluate or to order by (`CellReader`).
    pub const FOUL: CellInfo = CellInfo {
        threat: Threat::Quiet,
        value: 0,
        order_own: 0,
        order_theirs: 0,
        as_mover: 0,
        as_opponent: 0,
        may_be_forbidden: false,
    };
}

/// A `CellInfo` as the table stores it: twelve bytes, so the table stays in the cache.
#[derive(Clone, Copy)]
struct Packed {
    value: i16,
    order_own: i16,
    order_theirs: i16,
    as_mover: i16,
    as_opponent: i16,
    threat: Threat,
    may_be_forbidden: bool,
}

/// How much more a cell is worth to the mover than to the opponent in the hand-set move
/// ordering, as a fraction: five quarters (attack before defence).
pub const HAND_SET_OWN_WEIGHT: (i32, i32) = (5, 4);

/// The hand-set ordering value of four patterns.
fn order_value(patterns: [Pattern; 4]) -> i32 {
    let sum: i32 = patterns.iter().map(|&p| PATTERN_VALUE[p as usize]).sum();
    sum + combination_bonus(Threat::of(patterns))
}

/// The tables of every rule family (0 is freestyle's, 1 renju's); they differ only in the
/// evaluation's values.
fn info_tables() -> &'static [Vec<Packed>; 2] {
    static TABLES: OnceLock<[Vec<Packed>; 2]> = OnceLock::new();
    TABLES.get_or_init(|| {
        let (weights, orders) = (Weights::embedded(), OrderWeights::embedded());
        let table = |rule: Rule| {
            let (family, order) = (weights.family(rule), orders.family(rule));
            (0..ORDERED)
                .map(|index| {
                    let patterns = patterns_of(index);
                    let combo = combination(patterns);
                    let narrow =
                        |v: i32| i16::try_from(v).expect("checked by the weights files' checks");
                    Packed {
                        value: narrow(order_value(patterns)),
                        order_own: narrow(order.own[combo]),
                        order_theirs: narrow(order.theirs[combo]),
                        as_mover: narrow(family.as_mover[combo]),
                        as_opponent: narrow(family.as_opponent[combo]),
                        threat: Threat::of(patterns),
                        may_be_forbidden: may_be_forbidden(patterns),
                    }
                })
                .collect()
        };
        [Rule::Freestyle, Rule::Renju].map(table)
    })
}

/// The four patterns of an `ordered_index`.
fn patterns_of(index: usize) -> [Pattern; 4] {
    let all = all_patterns();
    let digit = |k: u32| all[index / PATTERNS.pow(k) % PATTERNS];
    [digit(3), digit(2), digit(1), digit(0)]
}

/// Every line pattern, weakest first.
pub(crate) fn all_patterns() -> [Pattern; PATTERNS] {
    [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::Block1,
        Pattern::Flex1,
        Pattern::Block2,
        Pattern::Flex2,
        Pattern::Block3,
        Pattern::Flex3,
        Pattern::Block4,
        Pattern::Flex4,
        Pattern::Five,
    ]
}

/// The table entry of four line patterns.
#[must_use]
#[inline]
pub fn cell_info(patterns: [Pattern; 4]) -> CellInfo {
    CellTable::get().info(patterns)
}

/// The table behind `cell_info`, for loops that look up many cells: fetched once, it saves
/// them the check that the table is built.
#[derive(Clone, Copy)]
pub struct CellTable(&'static [Packed]);

impl CellTable {
    /// A table whose threat classes and ordering values serve any rule and colour (its
    /// evaluation values are freestyle's).
    #[must_use]
    #[inline]
    pub fn get() -> CellTable {
        CellTable(&info_tables()[0])
    }

    /// The table of `rule`, with its evaluation values (for either colour's cells).
    #[must_use]
    #[inline]
    pub fn of(rule: Rule) -> CellTable {
        CellTable(&info_tables()[usize::from(rule == Rule::Renju)])
    }

    /// The entry of four line patterns, as `cell_info`.
    #[must_use]
    #[inline]
    pub fn info(self, patterns: [Pattern; 4]) -> CellInfo {
        let packed = self.0[ordered_index(patterns)];
        CellInfo {
            threat: packed.threat,
            value: i32::from(packed.value),
            order_own: i32::from(packed.order_own),
            order_theirs: i32::from(packed.order_theirs),
            as_mover: i32::from(packed.as_mover),
            as_opponent: i32::from(packed.as_opponent),
            may_be_forbidden: packed.may_be_forbidden,
        }
    }
}

/// The value of `colour` playing a cell whose four patterns are given.
#[must_use]
#[inline]
pub fn cell_value(patterns: [Pattern; 4]) -> i32 {
    cell_info(patterns).value
}

/// The threat class of `colour` playing the empty `point`.
#[must_use]
#[inline]
pub fn threat_at(board: &Board, point: Point, colour: Stone) -> Threat {
    Threat::of(board.patterns_at(point, colour))
}

/// Whether the patterns leave room for a renju foul: an overline, two fours, a four line with
/// two five points (`x.xxx.x` is a double four), or two threes. Exact only after
/// `renju::forbidden_kind`.
#[must_use]
pub fn may_be_forbidden(patterns: [Pattern; 4]) -> bool {
    let count = |f: fn(Pattern) -> bool| patterns.iter().filter(|&&p| f(p)).count();
    count(|p| p == Pattern::Five) == 0
        && (count(|p| p == Pattern::Overline) > 0
            || count(|p| p == Pattern::Flex4) > 0
            || count(|p| matches!(p, Pattern::Block4 | Pattern::Flex4)) >= 2
            || count(|p| p == Pattern::Flex3) >= 2)
}

/// Reads a position's cells as the evaluation and the move order see them: the rule's table
/// entry of a side's patterns on a cell, or `None` where renju forbids that side the cell (a
/// foul is no threat, and has no worth to evaluate or to order by, to either side: a point the
/// opponent may not take needs no block). Made once per scan, so the rule is read once; the
/// exact foul test runs only where the patterns leave room for one.
#[derive(Clone, Copy)]
pub struct CellReader<'a> {
    board: &'a Board,
    table: CellTable,
    /// Per colour, whether the rule forbids it any point.
    fouls: [bool; 2],
}

impl<'a> CellReader<'a> {
    /// A reader of `board`'s cells.
    #[must_use]
    #[inline]
    pub fn new(board: &'a Board) -> CellReader<'a> {
        let rule = board.rule();
        CellReader {
            board,
            table: CellTable::of(rule),
            fouls: Stone::BOTH.map(|colour| rule.has_forbidden_moves(colour)),
        }
    }

    /// The entry of `colour`'s patterns on the empty `point`, unless renju forbids it there.
    #[must_use]
    #[inline(always)]
    pub fn info(&self, point: Point, colour: Stone) -> Option<CellInfo> {
        let info = self.table.info(self.board.patterns_at(point, colour));
        let foul =
            self.fouls[colour.index()] && info.may_be_forbidden && is_foul(self.board, point);
        (!foul).then_some(info)
    }
}

/// The exact renju foul test of a Black stone on the empty `point`, out of line: the scans
/// read every cell, and few need the test.
#[inline(never)]
fn is_foul(board: &Board, point: Point) -> bool {
    renju::forbidden_kind(board.grid(), point).is_some()
}

/// Whether `colour` may play the empty `point` (renju forbids some Black moves).
#[must_use]
pub fn is_legal(board: &Board, point: Point, colour: Stone) -> bool {
    board.is_empty(point)
        && !(board.rule().has_forbidden_moves(colour)
            && cell_info(board.patterns_at(point, colour)).may_be_forbidden
            && is_foul(board, point))
}

/// The static evaluation for the side to move over the given candidate cells: what the
/// cells it may play are worth to it minus what those the opponent may play are worth to
/// the opponent, plus its tempo and what the threats the two sides hold there are worth.
#[must_use]
pub fn evaluate(board: &Board, cells: impl Iterator<Item = Point>) -> i32 {
    let reader = CellReader::new(board);
    let mut tally = Tally::default();
    for point in cells {
        tally.count(&reader, point, board.to_move());
    }
    tally.evaluation(board.rule())
}

/// What the evaluation sums, gathered cell by cell (`evaluate`, and the search's scans, which
/// order the moves in the same pass).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    own: i32,
    theirs: i32,
    threats: ThreatMask,
}

impl Tally {
    /// Counts the empty `point` for the side to move, `me`, and its opponent, as `reader`
    /// sees it. Returns the opponent's entry there (`CellInfo::FOUL` where it may not play)
    /// and the mover's (`None` where it may not play). Always inlined, as is `CellReader::info`:
    /// left to the compiler, the scans that call it ran a sixth slower.
    #[inline(always)]
    pub fn count(
        &mut self,
        reader: &CellReader,
        point: Point,
        me: Stone,
    ) -> (CellInfo, Option<CellInfo>) {
        let theirs = reader.info(point, me.opponent()).unwrap_or(CellInfo::FOUL);
        self.theirs += theirs.as_opponent;
        self.threats.add_theirs(theirs.threat);
        let own = reader.info(point, me);
        if let Some(own) = own {
            self.own += own.as_mover;
            self.threats.add_own(own.threat);
        }
        (theirs, own)
    }

    /// The evaluation of the cells counted, under `rule`: the mover's worths less the
    /// opponent's, its tempo and the worth of the threats the two hold.
    #[must_use]
    #[inline]
    pub fn evaluation(&self, rule: Rule) -> i32 {
        let family = Weights::embedded().family(rule);
        let sum = self.own - self.theirs + family.tempo + family.threats[self.threats.index()];
        sum.clamp(-MAX_EVAL, MAX_EVAL)
    }
}

/// Largest static evaluation, far below proven-win scores.
pub const MAX_EVAL: i32 = 10_000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::position::drawn_board;
    use crate::engine::Rule;

    fn board(rows: &[&str], rule: Rule) -> Board {
        drawn_board(rows, rule, Stone::Black)
    }

    const SHAPES: [&str; 7] = [
        ".......", ".xxx...", ".......", "...x...", "...x...", ".......", ".......",
    ];

    /// Black's stones where (4, 3) makes two open threes: a foul under renju.
    const DOUBLE_THREE: [&str; 7] = [
        ".......", "....x..", "....x..", "..xx...", ".......", ".......", ".......",
    ];

    #[test]
    fn threat_classes_combine_lines() {
        let b = board(&SHAPES, Rule::Freestyle);
        assert_eq!(
            threat_at(&b, Point::new(4, 1), Stone::Black),
            Threat::OpenFour
        );
        assert_eq!(
            threat_at(&b, Point::new(3, 2), Stone::Black),
            Threat::OpenFour
        );
        assert_eq!(threat_at(&b, Point::new(3, 5), Stone::Black), Threat::Four);
        assert_eq!(threat_at(&b, Point::new(3, 1), Stone::White), Threat::Quiet);
        assert_eq!(threat_at(&b, Point::new(0, 1), Stone::Black), Threat::Four);
    }

    #[test]
    fn renju_double_three_is_illegal_for_black_only() {
        let rows = DOUBLE_THREE;
        let p = Point::new(4, 3);
        let b = board(&rows, Rule::Renju);
        assert_eq!(threat_at(&b, p, Stone::Black), Threat::DoubleThree);
        assert!(!is_legal(&b, p, Stone::Black));
        assert!(is_legal(&b, p, Stone::White));
        assert!(is_legal(&board(&rows, Rule::Freestyle), p, Stone::Black));
    }

    #[test]
    fn table_agrees_with_direct_classification() {
        let all = all_patterns();
        for (i, &a) in all.iter().enumerate() {
            for &b in &all[i..] {
                let patterns = [a, b, Pattern::Flex3, Pattern::Dead];
                let info = cell_info(patterns);
                assert_eq!(info.threat, Threat::of(patterns));
                assert_eq!(info.may_be_forbidden, may_be_forbidden(patterns));
                let sum: i32 = patterns.iter().map(|&p| PATTERN_VALUE[p as usize]).sum();
                assert_eq!(info.value, sum + combination_bonus(info.threat));
            }
        }
        assert!(cell_value([Pattern::Flex4; 4]) > cell_value([Pattern::Flex3; 4]));
        assert_eq!(cell_value([Pattern::Five; 4]), 4 * PATTERN_VALUE[10]);
    }

    #[test]
    fn the_evaluation_sums_the_embedded_weights_of_its_rule_and_colours() {
        let weights = Weights::embedded();
        for rule in [Rule::Freestyle, Rule::Renju] {
            for mover in [Stone::Black, Stone::White] {
                let b = drawn_board(&DOUBLE_THREE, rule, mover);
                let family = weights.family(rule);
                let cells: Vec<Point> = b.empty_points().collect();
                let fouls = cells.iter().filter(|&&p| !is_legal(&b, p, Stone::Black));
                assert_eq!(fouls.count(), usize::from(rule == Rule::Renju));
                let board = &b;
                let legal = |colour| cells.iter().filter(move |&&p| is_legal(board, p, colour));
                let groups = |colour: Stone| {
                    legal(colour).fold(0, |bits, &p| {
                        bits | threat_mask::group(threat_at(&b, p, colour))
                    })
                };
                let mask = usize::from(groups(mover))
                    | usize::from(groups(mover.opponent())) << threat_mask::SIDE_BITS;
                let worth = |colour, table: &[i32]| -> i32 {
                    legal(colour)
                        .map(|&p| table[combination(b.patterns_at(p, colour))])
                        .sum()
                };
                let by_hand = worth(mover, &family.as_mover)
                    - worth(mover.opponent(), &family.as_opponent)
                    + family.tempo
                    + family.threats[mask];
                assert_eq!(
                    evaluate(&b, cells.iter().copied()),
                    by_hand,
                    "{rule:?} {mover:?}"
                );
            }
        }
    }

    #[test]
    fn evaluation_prefers_the_side_with_more_shape() {
        let b = board(&SHAPES, Rule::Freestyle);
        let cells: Vec<Point> = b.empty_points().collect();
        let black = evaluate(&b, cells.iter().copied());
        let mut w = b.clone();
        w.set_to_move(Stone::White);
        let white = evaluate(&w, cells.iter().copied());
        assert!(black > 0 && white < 0, "{black} {white}");
    }
}
