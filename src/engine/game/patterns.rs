//! Line patterns: what a stone on a cell would make along one direction, for one colour.
//!
//! Each cell keeps, per direction and colour, a key of its ten neighbours on that line (five
//! each side) as that colour sees them: one base-3 digit a cell, own stone, empty, or blocked
//! (an opposing stone or the wall). A table of 3^10 entries indexed by the key gives the
//! pattern the cell would make; at one byte an entry it stays in the L2 cache. The board
//! updates the keys of the 40 cells around a move on make/unmake, so patterns are always
//! current and cost one lookup.
//!
//! The tables are derived, not hand-written: a line is classified by what it can become.
//! `Five` is a winning run through the cell; `Flex4` a line with two or more winning points
//! (the defender cannot stop both); `Block4` exactly one; `Flex3` a line one move from a
//! `Flex4`; `Block3` one move from a `Block4`; and so on down to `Dead`, a line that can
//! never hold a five through this cell. Under the exact-five rules a run of six or more is an
//! `Overline`, which wins nothing, and a "four" whose completion would be an overline
//! (`xxxx.xxxx` with the gap filled) is no four.

use std::sync::OnceLock;

use super::grid::EMPTY;
use super::stone::Stone;

/// Neighbours kept on each side of a cell.
pub const HALF: usize = 5;
/// Number of neighbours in a key.
const SLOTS: usize = 2 * HALF;
/// Number of distinct keys: one base-3 digit a neighbour.
pub const KEYS: usize = 3usize.pow(SLOTS as u32);

/// What a stone would make along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum Pattern {
    /// No five through this cell is possible on this line.
    #[default]
    Dead,
    /// A run of six or more that does not win under this rule.
    Overline,
    /// One stone, one way to grow towards a `Block2`.
    Block1,
    /// One stone that can become a `Flex2`.
    Flex1,
    /// Two stones, one move from a `Block3`.
    Block2,
    /// Two stones, one move from a `Flex3`.
    Flex2,
    /// One move from a `Block4`.
    Block3,
    /// One move from a `Flex4` (an "open three").
    Flex3,
    /// Exactly one point completes a five.
    Block4,
    /// Two or more points complete a five (a straight four, or two fours on one line).
    Flex4,
    /// A winning five through this cell.
    Five,
}

/// The slot (0..10) of the neighbour at signed `offset` (−5..=−1, 1..=5) in a key.
#[must_use]
#[inline]
pub fn slot(offset: isize) -> usize {
    debug_assert!(offset != 0 && offset.unsigned_abs() <= HALF);
    if offset < 0 {
        (offset + HALF as isize) as usize
    } else {
        (offset + HALF as isize - 1) as usize
    }
}

/// The key digit of a cell holding grid code `code` (empty, a stone or the wall), as
/// `colour` sees it: 0 empty, 1 own stone, 2 blocked.
#[must_use]
#[inline]
pub fn digit(code: u8, colour: Stone) -> u16 {
    match code {
        EMPTY => Relative::Empty as u16,
        c if c == colour.code() => Relative::Own as u16,
        _ => Relative::Blocked as u16,
    }
}

/// The signed offset of the neighbour in each slot (the inverse of `slot`).
pub const OFFSETS: [isize; SLOTS] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];

/// The key weight of the neighbour in each slot: its digit times this is its part of the key.
pub const WEIGHTS: [u16; SLOTS] = {
    let mut weights = [1; SLOTS];
    let mut s = 1;
    while s < SLOTS {
        weights[s] = weights[s - 1] * 3;
        s += 1;
    }
    weights
};

/// Length of a pattern table: every `u16`, so that indexing with a key needs no bounds
/// check (the entries past `KEYS` are never read).
pub const TABLE_LEN: usize = 1 << 16;

/// The pattern table under exact-five (`exact`) or five-or-more counting: indexed by a key,
/// it gives the pattern a stone would make on a cell whose line neighbours form that key.
#[must_use]
pub fn table(exact: bool) -> &'static [Pattern; TABLE_LEN] {
    static TABLES: OnceLock<[Box<[Pattern; TABLE_LEN]>; 2]> = OnceLock::new();
    &TABLES.get_or_init(|| [false, true].map(|exact| RelativeShapes::build(exact).table()))
        [usize::from(exact)]
}

/// A neighbour as seen by the colour being classified (its key digit).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Relative {
    Empty = 0,
    Own = 1,
    Blocked = 2,
}

/// Patterns of every line seen relatively (own / empty / blocked neighbours): 3^10 entries,
/// each derived from the entries with one more own stone.
struct RelativeShapes {
    exact: bool,
    memo: Vec<Option<Pattern>>,
}

impl RelativeShapes {
    fn build(exact: bool) -> RelativeShapes {
        let mut shapes = RelativeShapes {
            exact,
            memo: vec![None; KEYS],
        };
        for index in 0..shapes.memo.len() {
            shapes.classify(index);
        }
        shapes
    }

    /// The classified shapes, indexed by key, padded to `TABLE_LEN` with `Dead`.
    fn table(&self) -> Box<[Pattern; TABLE_LEN]> {
        let mut table = Box::new([Pattern::Dead; TABLE_LEN]);
        for (entry, p) in table.iter_mut().zip(&self.memo) {
            *entry = p.expect("all relative shapes classified");
        }
        table
    }

    fn decode(index: usize) -> [Relative; SLOTS] {
        let mut cells = [Relative::Empty; SLOTS];
        let mut rest = index;
        for cell in cells.iter_mut() {
            *cell = match rest % 3 {
                0 => Relative::Empty,
                1 => Relative::Own,
                _ => Relative::Blocked,
            };
            rest /= 3;
        }
        cells
    }

    fn encode(cells: &[Relative; SLOTS]) -> usize {
        cells.iter().rev().fold(0, |acc, &c| acc * 3 + c as usize)
    }

    /// Length of the own run through the centre.
    fn run(cells: &[Relative; SLOTS]) -> usize {
        let left = (0..HALF)
            .rev()
            .take_while(|&s| cells[s] == Relative::Own)
            .count();
        let right = (HALF..SLOTS)
            .take_while(|&s| cells[s] == Relative::Own)
            .count();
        left + right + 1
    }

    fn wins(&self, run: usize) -> bool {
        if self.exact {
            run == 5
        } else {
            run >= 5
        }
    }

    fn classify(&mut self, index: usize) -> Pattern {
        if let Some(pattern) = self.memo[index] {
            return pattern;
        }
        let cells = Self::decode(index);
        let run = Self::run(&cells);
        let pattern = if self.wins(run) {
            Pattern::Five
        } else if run > 5 {
            Pattern::Overline
        } else {
            self.classify_by_growth(cells)
        };
        self.memo[index] = Some(pattern);
        pattern
    }

    /// Classifies a line without a five by what one more own stone on it can make.
    fn classify_by_growth(&mut self, cells: [Relative; SLOTS]) -> Pattern {
        let mut winning_points = 0;
        let mut best_child = Pattern::Dead;
        for s in 0..SLOTS {
            if cells[s] != Relative::Empty {
                continue;
            }
            let mut grown = cells;
            grown[s] = Relative::Own;
            let child = self.classify(Self::encode(&grown));
            if child == Pattern::Five {
                winning_points += 1;
            } else if child != Pattern::Overline {
                best_child = best_child.max(child);
            }
        }
        match (winning_points, best_child) {
            (2.., _) => Pattern::Flex4,
            (1, _) => Pattern::Block4,
            (_, Pattern::Flex4) => Pattern::Flex3,
            (_, Pattern::Block4) => Pattern::Block3,
            (_, Pattern::Flex3) => Pattern::Flex2,
            (_, Pattern::Block3) => Pattern::Block2,
            (_, Pattern::Flex2) => Pattern::Flex1,
            (_, Pattern::Block2) => Pattern::Block1,
            _ => Pattern::Dead,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::grid::{BLACK, WALL, WHITE};

    /// Classifies a hand-written line of 11 characters whose centre (index 5) is where the
    /// stone goes: `x` own, `o` opponent, `#` wall, `.` empty, `*` the centre.
    fn classify(line: &str, exact: bool) -> Pattern {
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars.len(), 11, "{line}");
        assert_eq!(chars[5], '*', "{line}");
        let mut key = 0u16;
        for (i, c) in chars.iter().enumerate() {
            if i == 5 {
                continue;
            }
            let code = match c {
                '.' => EMPTY,
                'x' => BLACK,
                'o' => WHITE,
                '#' => WALL,
                _ => panic!("bad char {c}"),
            };
            key += digit(code, Stone::Black) * WEIGHTS[slot(i as isize - 5)];
        }
        table(exact)[usize::from(key)]
    }

    #[test]
    fn each_colour_sees_its_own_stones() {
        for colour in Stone::BOTH {
            assert_eq!(digit(EMPTY, colour), 0);
            assert_eq!(digit(colour.code(), colour), 1);
            assert_eq!(digit(colour.opponent().code(), colour), 2);
            assert_eq!(digit(WALL, colour), 2);
        }
        for (s, &offset) in OFFSETS.iter().enumerate() {
            assert_eq!(slot(offset), s);
            assert_eq!(usize::from(WEIGHTS[s]), 3usize.pow(s as u32));
        }
        assert_eq!(usize::from(WEIGHTS[SLOTS - 1]) * 3, KEYS);
    }

    #[test]
    fn fives_and_overlines() {
        assert_eq!(classify("...xx*xx...", true), Pattern::Five);
        assert_eq!(classify("..xxx*xx...", true), Pattern::Overline);
        assert_eq!(classify("..xxx*xx...", false), Pattern::Five);
        assert_eq!(classify("xxxxx*.....", false), Pattern::Five);
    }

    #[test]
    fn fours() {
        assert_eq!(classify("....x*xx...", true), Pattern::Flex4);
        assert_eq!(classify("...ox*xx...", true), Pattern::Block4);
        assert_eq!(classify("...x.*xx...", true), Pattern::Block4);
        assert_eq!(classify("...#x*xx...", true), Pattern::Block4);
        // x.xxx.x: two fives on one line, a "double four in one line".
        assert_eq!(classify("..x.x*x.x..", true), Pattern::Flex4);
        // xxxx.xxxx with the gap filled is an overline, not a five.
        assert_eq!(classify(".xxxx*xxxx.", true), Pattern::Overline);
        // xxxx.xxxx seen from the left group: only the far end completes an exact five.
        assert_eq!(classify("..xxx*.xxxx", true), Pattern::Block4);
        assert_eq!(classify("..xxx*.xxxx", false), Pattern::Flex4);
    }

    #[test]
    fn threes_and_twos() {
        assert_eq!(classify("....x*x....", true), Pattern::Flex3);
        assert_eq!(classify("...x.*x....", true), Pattern::Flex3);
        assert_eq!(classify("...ox*x....", true), Pattern::Block3);
        assert_eq!(classify("..ox.*x.o..", true), Pattern::Block3);
        assert_eq!(classify(".....*x....", true), Pattern::Flex2);
        assert_eq!(classify("....o*x....", true), Pattern::Block2);
        assert_eq!(classify(".....*.....", true), Pattern::Flex1);
        assert_eq!(classify(".o...*o....", true), Pattern::Dead);
        assert_eq!(classify("o....*o....", true), Pattern::Block1);
        assert_eq!(classify("...o.*..o..", true), Pattern::Dead);
    }

    #[test]
    fn exact_rule_sees_overline_as_blocking() {
        // Filling the left gap would join the far pair into a run of six.
        assert_eq!(classify("xx.xx*.x...", true), Pattern::Block4);
        assert_eq!(classify("xx.xx*.x...", false), Pattern::Flex4);
    }
}
