//! Every level answers every legal position: random boards from 5×5 to 32×32, rectangular,
//! sparse to nearly full, under all three rules. The answer is a legal empty point (never a
//! renju-forbidden one for Black) and the heatmap keeps its invariants.

use std::time::Duration;

use gomoku_ai::engine::levels::analysis::Analysis;
use gomoku_ai::engine::{
    game::renju, game::verdict, levels, Board, BoardSize, Difficulty, Point, Position, Rule,
    SearchRequest,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// A legal ongoing (or drawn) position: random moves in turn, skipping any that would end
/// the game (a five, a renju foul, a full board) until `fill` of the board holds stones.
fn random_position(width: i64, height: i64, rule: Rule, fill: f64, seed: u64) -> Position {
    let size = BoardSize::new(width, height).expect("size in range");
    let mut board = Board::new(size, rule);
    let mut points: Vec<Point> = size.points().collect();
    points.shuffle(&mut SmallRng::seed_from_u64(seed));
    let target = (fill * size.area() as f64) as usize;
    for point in points {
        if board.stone_total() >= target {
            break;
        }
        let mover = board.to_move();
        if rule.has_forbidden_moves(mover) && renju::forbidden_kind(board.grid(), point).is_some() {
            continue;
        }
        board.play(point);
        if verdict::judge_move(&board, point).is_over() {
            board.undo();
        }
    }
    let verdict = verdict::judge(&board);
    Position::from_board(board, verdict)
}

fn assert_answer(position: &Position, answer: &Analysis, level: Difficulty) {
    let board = position.board();
    let size = board.size();
    let values = &answer.heatmap.values;
    assert_eq!(values.len(), size.area());
    for p in size.points() {
        let cell = values[p.row() * size.width() + p.col()];
        assert_eq!(cell.is_none(), !board.is_empty(p), "{level} {p:?}");
        assert!(
            cell.is_none_or(|v| (0.0..=1.0).contains(&v)),
            "{level} {p:?}"
        );
    }
    let forbidden = |p: Point| {
        position.rule().has_forbidden_moves(position.to_move())
            && renju::forbidden_kind(board.grid(), p).is_some()
    };
    let any_legal = board.empty_points().any(|p| !forbidden(p));
    match answer.best {
        Some(best) => {
            assert!(!position.verdict().is_over(), "{level} moved after the end");
            assert!(
                board.is_empty(best),
                "{level} played on a stone at {best:?}"
            );
            assert!(!forbidden(best), "{level} played forbidden {best:?}");
            let top = values[best.row() * size.width() + best.col()].expect("empty");
            assert!(
                values.iter().flatten().all(|&v| v <= top),
                "{level} heatmap max"
            );
            assert_eq!(answer.candidates[0].point, best);
            assert_eq!(answer.pv[0], best);
        }
        None => assert!(
            position.verdict().is_over() || !any_legal,
            "{level} gave no move with legal moves left"
        ),
    }
}

fn fill() -> impl Strategy<Value = f64> {
    prop_oneof![0.0..0.3, 0.3..0.9, 0.9..=1.0]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_level_answers_a_legal_point(
        width in 5i64..=32,
        height in 5i64..=32,
        rule in prop::sample::select(Rule::ALL.to_vec()),
        fill in fill(),
        board_seed in any::<u64>(),
        move_seed in prop::option::of(any::<u64>()),
    ) {
        let position = random_position(width, height, rule, fill, board_seed);
        for level in Difficulty::ALL {
            let mut request = SearchRequest::new(level, Duration::from_secs(30));
            request.seed = move_seed;
            request.candidates = 3;
            // Keep the searching levels cheap: the property is about legality, not strength.
            request.max_depth = Some(2);
            request.max_nodes = Some(300);
            let answer = levels::analyze(&position, &request);
            assert_answer(&position, &answer, level);
        }
    }
}
