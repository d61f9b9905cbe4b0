//! The difficulty ladder: every level answers `analyze` for any legal position.
//!
//! The entry point every adapter calls. A finished game gets no move from any level; an
//! ongoing one goes to its level's algorithm (the classic levels in `classic`, the full
//! engine, `search`, for `master`).
//!
//! Here too: the contract every level answers with (`analysis`: the request, the score,
//! the `Analysis`), the ladder itself (`difficulty`), the `heatmap` builder the levels share,
//! and the `verify`er that judges a level's answer to a tactics puzzle by proof. Uses the
//! game, `eval`, `threats` and `search`; `search` in turn uses only `analysis` and `heatmap`
//! of this folder.

pub mod analysis;
pub mod classic;
pub mod difficulty;
pub mod heatmap;
pub mod judgement;
pub mod verify;
pub mod win_model;

use std::time::Instant;

use crate::engine::game::position::Position;
use crate::engine::game::verdict::Status;
use crate::engine::search;
use analysis::{Analysis, Score, SearchRequest, SearchStats};
use difficulty::Difficulty;
use win_model::WinModel;

/// Analyses a position at the requested level; the master searches (the level's and the
/// judge's) use one transposition table of `search::DEFAULT_TT_MIB`, cleared before each.
#[must_use]
pub fn analyze(position: &Position, request: &SearchRequest) -> Analysis {
    let mut searcher: Option<search::MasterSearch> = None;
    analyze_with(position, request, |position, request| {
        let searcher = searcher.get_or_insert_with(search::MasterSearch::default);
        searcher.clear();
        searcher.analyze(position, request)
    })
}

/// `analyze`, with `master` doing the master searches (say, on a `search::MasterSearch` whose
/// table is reused between requests): the master level's, and the short ones that judge a
/// classic level's candidates (`judgement`). Every answer's win probabilities come from the
/// embedded `win_model`.
pub fn analyze_with(
    position: &Position,
    request: &SearchRequest,
    mut master: impl FnMut(&Position, &SearchRequest) -> Analysis,
) -> Analysis {
    if position.verdict().is_over() {
        return finished(position, Instant::now());
    }
    let classic = match request.difficulty {
        Difficulty::Beginner => classic::beginner::analyze,
        Difficulty::Easy => classic::easy::analyze,
        Difficulty::Medium => classic::medium::analyze,
        Difficulty::Hard => classic::hard::analyze,
        Difficulty::Master => {
            let answer = master(position, request);
            return judgement::presented(position, answer, WinModel::embedded());
        }
    };
    let answer = judgement::judged(position, request, classic(position, request), &mut master);
    judgement::presented(position, answer, WinModel::embedded())
}

/// The score a finished game leaves the side to move: its proven result (a draw, like an
/// ongoing game no level has looked at, is an even estimate).
#[must_use]
pub fn result_score(position: &Position) -> Score {
    match position.verdict().status {
        Status::Draw | Status::Ongoing => Score::estimate(0),
        status if status == Status::won_by(position.to_move()) => Score::win_in(0),
        _ => Score::loss_in(0),
    }
}

/// The answer for a finished game: no move, no candidates, every empty cell rated 0, and the
/// `result_score`.
fn finished(position: &Position, started: Instant) -> Analysis {
    Analysis {
        best: None,
        score: result_score(position),
        pv: Vec::new(),
        candidates: Vec::new(),
        heatmap: heatmap::build(position.board(), [], None, Vec::new()),
        stats: SearchStats {
            elapsed: started.elapsed(),
            ..SearchStats::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::engine::game::geometry::Point;
    use crate::engine::game::renju::{self, ForbiddenKind};
    use crate::engine::game::rules::Rule;
    use crate::engine::levels::classic::testing::{assert_heatmap, position, request};

    /// Every level, the classic ones and master.
    const LEVELS: [Difficulty; 5] = Difficulty::ALL;

    #[test]
    fn every_level_takes_a_five_before_blocking_one() {
        // Black to move: both sides have a four; Black completes its own at g4.
        let pos = position(
            &[
                "...........", //
                "..oooo.....", //
                "...........", //
                "..xxxx.....", //
                "...........", //
            ],
            Rule::Standard,
        );
        for level in LEVELS {
            let answer = analyze(&pos, &request(level));
            assert!(
                [Point::new(1, 3), Point::new(6, 3)].contains(&answer.best.unwrap()),
                "{level}: {:?}",
                answer.best
            );
            assert_eq!(answer.score.mate_in, Some(1), "{level}");
            assert_heatmap(&pos, &answer);
        }
    }

    #[test]
    fn every_level_blocks_a_five() {
        // Black to move; White threatens b2 (split four), Black has nothing to win with.
        let pos = position(
            &[
                "...........", //
                "...........", //
                "...........", //
                ".o.........", //
                "....x......", //
                ".o...x.....", //
                ".o.........", //
                ".o..x......", //
                "..........x", //
            ],
            Rule::Freestyle,
        );
        for level in LEVELS {
            let answer = analyze(&pos, &request(level));
            assert_eq!(answer.best, Some(Point::new(1, 4)), "{level}");
            assert_heatmap(&pos, &answer);
        }
    }

    #[test]
    fn renju_black_never_plays_a_forbidden_point() {
        // Black to move; f6 would be Black's double three, its most tempting point.
        let pos = position(
            &[
                "...........", //
                "...........", //
                "...........", //
                ".....x.....", //
                ".....x.....", //
                "...xx......", //
                "...........", //
                "...........", //
                "o.........o", //
                "...........", //
                "o.........o", //
            ],
            Rule::Renju,
        );
        let point = Point::new(5, 5);
        assert_eq!(
            renju::forbidden_kind(pos.board().grid(), point),
            Some(ForbiddenKind::DoubleThree)
        );
        for level in LEVELS {
            let answer = analyze(&pos, &request(level));
            let best = answer.best.expect("a legal move exists");
            assert_ne!(best, point, "{level}");
            assert!(renju::forbidden_kind(pos.board().grid(), best).is_none());
            assert!(answer
                .heatmap
                .forbidden
                .contains(&(point, ForbiddenKind::DoubleThree)));
            assert_heatmap(&pos, &answer);
        }
    }

    fn midgame() -> crate::engine::game::position::Position {
        position(
            &[
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "......o........",
                ".....xxo.......",
                "......xo.......",
                ".....x.x.......",
                "....o..........",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
            ],
            Rule::Freestyle,
        )
    }

    #[test]
    fn every_level_is_deterministic_without_a_seed() {
        let pos = midgame();
        for level in LEVELS {
            let first = analyze(&pos, &request(level));
            let second = analyze(&pos, &request(level));
            assert_eq!(first.best, second.best, "{level}");
            assert_eq!(first.heatmap, second.heatmap, "{level}");
            assert_eq!(first.candidates, second.candidates, "{level}");
            assert_heatmap(&pos, &first);
        }
    }

    #[test]
    fn every_level_varies_with_seeds() {
        // One Black stone in the centre, White to move: many equally good replies.
        let mut rows = vec!["..........."; 11];
        rows[5] = ".....x.....";
        let pos = position(&rows, Rule::Freestyle);
        // Seeded variety is a feature of the classic levels (casual play); master always
        // plays its best move.
        for level in LEVELS.into_iter().filter(|&l| l != Difficulty::Master) {
            let moves: BTreeSet<Point> = (0..24)
                .map(|seed| {
                    let mut req = request(level);
                    req.seed = Some(seed);
                    let answer = analyze(&pos, &req);
                    assert_heatmap(&pos, &answer);
                    answer.best.expect("a move")
                })
                .collect();
            assert!(moves.len() >= 2, "{level}: {moves:?}");
            assert!(moves.iter().all(|&p| pos.board().is_empty(p)));
        }
    }

    #[test]
    fn a_finished_game_gets_no_move() {
        let pos = position(
            &[
                "..........", //
                ".xxxxx....", //
                "..........", //
                ".oooo.....", //
                "..........", //
            ],
            Rule::Freestyle,
        );
        for level in LEVELS {
            let answer = analyze(&pos, &request(level));
            assert_eq!(answer.best, None);
            assert!(answer.pv.is_empty() && answer.candidates.is_empty());
            assert_eq!(answer.score, Score::loss_in(0));
            assert_heatmap(&pos, &answer);
            assert!(answer.heatmap.values.iter().flatten().all(|&v| v == 0.0));
        }
    }

    #[test]
    fn candidates_are_distinct_and_start_with_the_move() {
        let pos = midgame();
        for level in LEVELS {
            let mut req = request(level);
            req.candidates = 5;
            let answer = analyze(&pos, &req);
            // The classic levels rate every point; master only reports root moves its search
            // kept (forced defences prune the rest), so it may list fewer than asked.
            let listed = answer.candidates.len();
            if level == Difficulty::Master {
                assert!((1..=5).contains(&listed), "{level}: {listed}");
            } else {
                assert_eq!(listed, 5, "{level}");
            }
            assert_eq!(answer.candidates[0].point, answer.best.unwrap());
            if level == Difficulty::Master {
                assert_eq!(answer.candidates[0].score, answer.score, "{level}");
            }
            assert_eq!(answer.pv.first(), answer.best.as_ref());
            let distinct: BTreeSet<Point> = answer.candidates.iter().map(|c| c.point).collect();
            assert_eq!(distinct.len(), listed, "{level}");
            let values: Vec<i32> = answer.candidates.iter().map(|c| c.score.value).collect();
            assert!(
                values[1..].windows(2).all(|w| w[0] >= w[1]),
                "{level}: {values:?}"
            );
        }
    }

    #[test]
    fn every_level_gives_a_quiet_opening_the_same_odds() {
        // The level changes the move, not the judgement: on balanced openings the five
        // levels' win probabilities agree (the bar: within 0.20).
        for moves in [
            "h8",
            "h8 h9",
            "h8 i9",
            "h8 i9 g9",
            "h8 h9 i8 g10",
            "h8 i8 h9 i9",
        ] {
            let pos = from_moves(moves, Rule::Freestyle);
            let odds: Vec<f64> = LEVELS
                .iter()
                .map(|&level| analyze(&pos, &request(level)).score.win_probability)
                .collect();
            let low = odds.iter().copied().fold(1.0, f64::min);
            let high = odds.iter().copied().fold(0.0, f64::max);
            assert!(high - low <= 0.20, "{moves}: {odds:?}");
        }
    }

    #[test]
    fn a_classic_level_reports_the_judge_s_odds() {
        // Whatever beginner's weight table plays, the answer's score is the judge's score of
        // the position, and its move's score the judge's score of the position after it.
        let pos = from_moves("h8 h9 i8", Rule::Renju);
        let mut req = request(Difficulty::Beginner);
        req.candidates = 3;
        let answer = analyze(&pos, &req);
        let judging = judgement::judge_request(&req);
        let verdict = search::analyze(&pos, &judging);
        assert_eq!(answer.score.value, verdict.score.value);
        let odds = WinModel::embedded().odds(Rule::Renju, pos.to_move());
        assert_eq!(
            answer.score.win_probability,
            odds.win_probability(answer.score.value)
        );
        for candidate in &answer.candidates {
            let expected = if verdict.best == Some(candidate.point) {
                verdict.score.value
            } else {
                -search::analyze(&pos.after(candidate.point), &judging)
                    .score
                    .value
            };
            assert_eq!(candidate.score.value, expected, "{:?}", candidate.point);
        }
    }

    fn from_moves(moves: &str, rule: Rule) -> Position {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let input = crate::engine::game::position::BoardInput::notation(15, 15, &moves);
        Position::parse(&input, rule, None).expect("a legal opening")
    }
}
