//! The games the win model is fitted on: the judging search playing itself.
//!
//! Each game starts from a random opening (a few stones of both colours near the centre,
//! drawn from a seeded generator, so lopsided and balanced starts both occur) and is played
//! out by master at the judging budget (`judgement::JUDGE_NODES` nodes a move, one thread,
//! a cleared table), so the scores it records are the very scores the judge reports, and a
//! game depends only on its seed, never on the machine's speed.

use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::fit::Sample;
use crate::engine::game::geometry::{BoardSize, Point};
use crate::engine::game::position::{BoardInput, Position};
use crate::engine::game::rules::Rule;
use crate::engine::game::stone::Stone;
use crate::engine::levels::analysis::SearchRequest;
use crate::engine::levels::difficulty::Difficulty;
use crate::engine::levels::judgement::judge_request;
use crate::engine::search::{MasterSearch, DEFAULT_TT_MIB};

/// Stones of a random opening: between these, inclusive.
const OPENING_STONES: (usize, usize) = (2, 5);
/// A random opening's stones lie at most this far from the centre on either axis.
const OPENING_REACH: i64 = 3;
/// Clock limit of one self-play move, far above what `JUDGE_NODES` takes: the node count,
/// not the clock, ends each search.
const MOVE_TIME_LIMIT: Duration = Duration::from_secs(30);

/// One finished self-play game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// Every move, Black first, opening included.
    pub moves: Vec<Point>,
    /// Stones of the random opening at the start of `moves`.
    pub opening_stones: usize,
    /// The winner, `None` for a draw.
    pub winner: Option<Stone>,
    /// The search score of each searched position with an unproven score, in the mover's
    /// view, with the mover.
    pub scores: Vec<(Stone, i32)>,
}

impl Game {
    /// The positions as regression samples in Black's view.
    #[must_use]
    pub fn samples(&self) -> Vec<Sample> {
        let black_result = match self.winner {
            Some(Stone::Black) => 1.0,
            Some(Stone::White) => 0.0,
            None => 0.5,
        };
        self.scores
            .iter()
            .map(|&(mover, value)| Sample {
                black_value: f64::from(match mover {
                    Stone::Black => value,
                    Stone::White => -value,
                }),
                black_result,
            })
            .collect()
    }
}

/// Plays game number `seed` under `rule` on a 15×15 board.
#[must_use]
pub fn play(rule: Rule, seed: u64) -> Game {
    let mut position = random_opening(rule, seed);
    let opening_stones = position.board().stone_total();
    let mut moves = position.board().history().to_vec();
    let mut scores = Vec::new();
    let mut searcher = MasterSearch::new(DEFAULT_TT_MIB);
    while !position.verdict().is_over() {
        searcher.clear();
        let request = judge_request(&SearchRequest::new(Difficulty::Master, MOVE_TIME_LIMIT));
        let answer = searcher.analyze(&position, &request);
        let Some(best) = answer.best else {
            break;
        };
        if !answer.score.is_proven_win() && !answer.score.is_proven_loss() {
            scores.push((position.to_move(), answer.score.value));
        }
        moves.push(best);
        position = position.after(best);
    }
    Game {
        moves,
        opening_stones,
        winner: position.verdict().winner,
        scores,
    }
}

/// A random opening of game `seed`: `OPENING_STONES` stones within `OPENING_REACH` of the
/// centre, colours alternating from Black, none forbidden, none ending the game.
fn random_opening(rule: Rule, seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let stones = rng.random_range(OPENING_STONES.0..=OPENING_STONES.1);
    let size = BoardSize::STANDARD;
    let centre = size.center();
    let mut position = empty(size, rule);
    while position.board().stone_total() < stones {
        let x = centre.x as i64 + rng.random_range(-OPENING_REACH..=OPENING_REACH);
        let y = centre.y as i64 + rng.random_range(-OPENING_REACH..=OPENING_REACH);
        let point = Point::new(x as usize, y as usize);
        let forbidden = position.forbidden_points().iter().any(|&(f, _)| f == point);
        if position.board().is_empty(point) && !forbidden {
            let next = position.after(point);
            if !next.verdict().is_over() {
                position = next;
            }
        }
    }
    position
}

fn empty(size: BoardSize, rule: Rule) -> Position {
    let input = BoardInput::notation(size.width() as i64, size.height() as i64, &[]);
    Position::parse(&input, rule, None).expect("an empty board is legal")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_differ_by_seed_and_repeat_by_seed() {
        let first = random_opening(Rule::Renju, 1);
        assert_eq!(first, random_opening(Rule::Renju, 1));
        let distinct: std::collections::BTreeSet<Vec<Point>> = (0..20)
            .map(|seed| {
                random_opening(Rule::Freestyle, seed)
                    .board()
                    .history()
                    .to_vec()
            })
            .collect();
        assert!(distinct.len() >= 19);
        for seed in 0..20 {
            let stones = random_opening(Rule::Freestyle, seed).board().stone_total();
            assert!((OPENING_STONES.0..=OPENING_STONES.1).contains(&stones));
        }
    }

    #[test]
    fn a_game_ends_and_its_samples_carry_its_result() {
        let game = play(Rule::Freestyle, 3);
        assert!(game.moves.len() > game.opening_stones);
        let samples = game.samples();
        assert_eq!(samples.len(), game.scores.len());
        let expected = match game.winner {
            Some(Stone::Black) => 1.0,
            Some(Stone::White) => 0.0,
            None => 0.5,
        };
        assert!(samples.iter().all(|s| s.black_result == expected));
    }
}
