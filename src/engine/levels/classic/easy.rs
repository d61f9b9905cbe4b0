//! `easy`: the attack/defence table AI of the classic desktop programs.
//!
//! For every empty point and each of the 8 directions it reads the neighbour string: the
//! run of same-coloured stones next to the point and what ends it, e.g. `1110` (three own
//! stones, then an empty cell: an open three on that side) or `2223` (three opponent stones
//! closed by a wall or an own stone). The string may start with one empty cell (`0110`: a run
//! beyond a gap, which the point would turn into a split shape such as `x.xx`); such a run
//! weighs nine tenths of a contiguous one, the gap leaving the opponent a point inside. The string is looked up in an attack table (own runs)
//! or a defence table (opponent runs), open and closed ones, twos, threes and fours. Then the
//! two halves of each line are combined: when both hold the same colour next to the point it
//! joins them, one+one making a three and one+two or two+one a four, which earns a bonus;
//! halves that combine into a winning five earn the shared win or block bonus. The highest
//! total wins.

use super::{rate_each_point, urgency, Rating};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::{Direction, Point};
use crate::engine::game::position::Position;
use crate::engine::game::stone::Stone;
use crate::engine::levels::analysis::{Analysis, SearchRequest};

/// Attack weights of an own run of 1..=4 stones (index = length), `[closed, open]`:
/// `12`/`10`, `112`/`110`, `1112`/`1110`, `11112`/`11110`.
const ATTACK: [[f64; 2]; 5] = [
    [0.0, 0.0],
    [4.0, 20.0],
    [40.0, 300.0],
    [400.0, 2_500.0],
    [3_000.0, 3_000.0],
];
/// Defence weights of an opponent run of 1..=4 stones, `[closed, open]`.
const DEFENCE: [[f64; 2]; 5] = [
    [0.0, 0.0],
    [3.0, 15.0],
    [30.0, 200.0],
    [300.0, 2_000.0],
    [2_500.0, 2_500.0],
];
/// Share of its table weight that a run beyond one empty cell earns.
const GAP_SHARE: f64 = 0.9;
/// Bonus when the point joins two own halves into 3 or 4 stones (index = stones joined).
const JOIN_ATTACK: [f64; 5] = [0.0, 0.0, 0.0, 300.0, 3_000.0];
/// Bonus when the point splits two opponent halves that would join into 3 or 4 stones.
const JOIN_DEFENCE: [f64; 5] = [0.0, 0.0, 0.0, 200.0, 2_500.0];

/// One side of a line: the colour and length of the run next to the point (or beyond one
/// empty cell next to it), whether an empty cell ends it, and whether a gap precedes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Half {
    colour: Option<Stone>,
    length: usize,
    open: bool,
    gap: bool,
}

/// Plays the point with the highest attack + defence + join total.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    rate_each_point(position, request, rate)
}

/// The easy level's rating of the empty `point` for the side to move.
#[must_use]
pub fn rate(board: &Board, point: Point) -> Rating {
    let mover = board.to_move();
    let (mut attack, mut defence) = (0.0, 0.0);
    for direction in Direction::ALL {
        let halves = [-1, 1].map(|sign| half(board, point, direction, sign));
        for h in halves {
            let share = if h.gap { GAP_SHARE } else { 1.0 };
            match h.colour {
                Some(c) if c == mover => {
                    attack += share * ATTACK[h.length.min(4)][h.open as usize];
                }
                Some(_) => defence += share * DEFENCE[h.length.min(4)][h.open as usize],
                None => {}
            }
        }
        let [a, b] = halves;
        if a.colour.is_some() && a.colour == b.colour && !a.gap && !b.gap {
            let joined = (a.length + b.length + 1).min(4);
            if a.colour == Some(mover) {
                attack += JOIN_ATTACK[joined];
            } else {
                defence += JOIN_DEFENCE[joined];
            }
        }
    }
    Rating {
        value: attack + defence + urgency(board, point),
        attack,
        defence,
    }
}

/// The half-line next to `point` in `direction` times `sign`: the run starting at the
/// neighbour, or at the cell beyond it when the neighbour is empty.
fn half(board: &Board, point: Point, direction: Direction, sign: i64) -> Half {
    let size = board.size();
    let at = |k: i64| point.step(direction, sign * k, size);
    let stone = |k: i64| at(k).and_then(|p| board.stone(p));
    let gap = at(1).is_some_and(|p| board.is_empty(p)) && stone(2).is_some();
    let first = 1 + i64::from(gap);
    let colour = stone(first);
    let length = match colour {
        Some(c) => (first..).take_while(|&k| stone(k) == Some(c)).count(),
        None => 0,
    };
    let open = at(first + length as i64).is_some_and(|p| board.is_empty(p));
    Half {
        colour,
        length,
        open,
        gap,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::rules::Rule;
    use crate::engine::levels::classic::testing::{assert_heatmap, position, request};
    use crate::engine::levels::difficulty::Difficulty;

    #[test]
    fn open_runs_outweigh_closed_ones() {
        // White to move: Black's open two on row 1, closed two on row 4.
        let pos = position(
            &[
                "...........", //
                "....xx.....", //
                "...........", //
                "...........", //
                "o..oxx....o", //
            ],
            Rule::Freestyle,
        );
        let board = pos.board();
        assert_eq!(rate(board, Point::new(6, 1)).defence, 200.0);
        assert_eq!(rate(board, Point::new(6, 4)).defence, 30.0);
        assert_eq!(rate(board, Point::new(3, 1)).defence, 200.0);
    }

    #[test]
    fn a_run_beyond_one_gap_counts_but_does_not_join() {
        // Black to move: i2 sees the open two f2-g2 beyond the empty h2 (it makes `xx.x`).
        let pos = position(
            &[
                "...........", //
                "..x..xx....", //
                "...........", //
                "...........", //
                "o....o....o", //
            ],
            Rule::Freestyle,
        );
        let board = pos.board();
        assert_eq!(
            rate(board, Point::new(8, 1)).attack,
            GAP_SHARE * ATTACK[2][1]
        );
        // e2 between c2 (beyond a gap) and f2-g2: both runs count, without a join bonus.
        assert_eq!(
            rate(board, Point::new(4, 1)).attack,
            GAP_SHARE * ATTACK[1][1] + ATTACK[2][1]
        );
    }

    #[test]
    fn joining_halves_earns_a_bonus() {
        // Black to move: x.x joined by the gap makes a three.
        let pos = position(
            &[
                "...........", //
                "...x.x.....", //
                "...........", //
                "...o.o.....", //
                "...........", //
            ],
            Rule::Freestyle,
        );
        let r = rate(pos.board(), Point::new(4, 1));
        assert_eq!(r.attack, 20.0 + 20.0 + JOIN_ATTACK[3]);
        // The gap between White's stones (two rows below) sees only open ones diagonally.
        assert_eq!(r.defence, 0.0);
    }

    #[test]
    fn blocks_an_open_three_and_takes_a_five() {
        let pos = position(
            &[
                "...........", //
                "....ooo....", //
                "...........", //
                "..x.x......", //
                "........x..", //
            ],
            Rule::Freestyle,
        );
        let answer = analyze(&pos, &request(Difficulty::Easy));
        let best = answer.best.expect("a move");
        assert!(
            [Point::new(3, 1), Point::new(7, 1)].contains(&best),
            "{best:?}"
        );
        assert_heatmap(&pos, &answer);
        let pos = position(
            &[
                "...........", //
                "....oooo...", //
                "...........", //
                "..xxx.x....", //
                "...........", //
            ],
            Rule::Standard,
        );
        let answer = analyze(&pos, &request(Difficulty::Easy));
        assert_eq!(answer.best, Some(Point::new(5, 3)));
        assert_eq!(answer.score.mate_in, Some(1));
    }
}
