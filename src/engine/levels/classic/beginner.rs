//! `beginner`: the first AI of many desktop Gomoku programs.
//!
//! For every empty point and each of the 8 directions, it looks at the contiguous run of
//! same-coloured stones starting next to the point and adds a weight from a small table:
//! "1" → 20, "11" → 200, "111" → 800, "1111" → 2000 for its own runs, "2" → 20, "22" → 400,
//! "222" → 1000, "2222" → 4000 for the opponent's. It sees neither open ends nor gaps, so it
//! would miss a split five such as `xx.xx`; a player still expects any level to take a five
//! and stop one, so the rating adds the shared urgency bonus (win above block above all).

use super::{rate_each_point, urgency, Rating};
use crate::engine::game::board::Board;
use crate::engine::game::geometry::{Direction, Point};
use crate::engine::game::position::Position;
use crate::engine::levels::analysis::{Analysis, SearchRequest};

/// Weight of an own run of 1..=4 stones (index = length; longer runs weigh as four).
const OWN: [f64; 5] = [0.0, 20.0, 200.0, 800.0, 2_000.0];
/// Weight of an opponent run of 1..=4 stones.
const THEIRS: [f64; 5] = [0.0, 20.0, 400.0, 1_000.0, 4_000.0];

/// Plays the point with the highest summed run weights.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    rate_each_point(position, request, rate)
}

/// The beginner's rating of the empty `point` for the side to move.
#[must_use]
pub fn rate(board: &Board, point: Point) -> Rating {
    let mover = board.to_move();
    let size = board.size();
    let (mut attack, mut defence) = (0.0, 0.0);
    for direction in Direction::ALL {
        for sign in [-1, 1] {
            let run = |k: i64| {
                point
                    .step(direction, sign * k, size)
                    .and_then(|p| board.stone(p))
            };
            let Some(colour) = run(1) else { continue };
            let length = (1..).take_while(|&k| run(k) == Some(colour)).count();
            if colour == mover {
                attack += OWN[length.min(4)];
            } else {
                defence += THEIRS[length.min(4)];
            }
        }
    }
    Rating {
        value: attack + defence + urgency(board, point),
        attack,
        defence,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::rules::Rule;
    use crate::engine::levels::classic::testing::{assert_heatmap, at, position, request};
    use crate::engine::levels::difficulty::Difficulty;

    #[test]
    fn sums_runs_in_eight_directions() {
        let pos = position(
            &[
                ".......", //
                ".......", //
                ".xx.oo.", //
                "...x...", //
                ".......", //
            ],
            Rule::Freestyle,
        );
        // Three Black stones, two White: White to move.
        let board = pos.board();
        let r = rate(board, Point::new(3, 2));
        // White: own run "oo" east (200); Black "xx" west (400) and "x" south (20).
        assert_eq!(r.attack, 200.0);
        assert_eq!(r.defence, 420.0);
        assert_eq!(r.value, 620.0);
    }

    #[test]
    fn takes_a_split_five_and_blocks_one() {
        let pos = position(
            &[
                "..........", //
                ".xx.xx....", //
                "..........", //
                ".oo.oo....", //
                "..........", //
            ],
            Rule::Freestyle,
        );
        let answer = analyze(&pos, &request(Difficulty::Beginner));
        assert_eq!(answer.best, Some(Point::new(3, 1)));
        assert_eq!(answer.score.mate_in, Some(1));
        assert_heatmap(&pos, &answer);
        let pos = position(
            &[
                "..........", //
                ".xx.x.....", //
                "..........", //
                ".oo.oo....", //
                "........x.", //
            ],
            Rule::Freestyle,
        );
        let answer = analyze(&pos, &request(Difficulty::Beginner));
        assert_eq!(answer.best, Some(Point::new(3, 3)));
    }

    #[test]
    fn opens_in_the_centre() {
        let pos = position(&["......."; 7], Rule::Renju);
        let answer = analyze(&pos, &request(Difficulty::Beginner));
        assert_eq!(answer.best, Some(at(&pos, "d4")));
        assert_heatmap(&pos, &answer);
    }
}
