//! Property tests of the engine core: parsing round trips, hashing, symmetries,
//! make/unmake, incremental patterns and verdicts against brute force.

use gomoku_ai::engine::{
    game::geometry::BoardSize, game::notation, game::patterns::Pattern, game::verdict, Board,
    BoardInput, MoveInput, Point, Position, Rule, Status, Stone, Symmetry,
};
use proptest::prelude::*;

fn rule_strategy() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

fn size_strategy() -> impl Strategy<Value = BoardSize> {
    (5i64..=32, 5i64..=32).prop_map(|(w, h)| BoardSize::new(w, h).unwrap())
}

/// A game: a size, a rule and choices that pick the n-th empty point for each move.
fn game_strategy() -> impl Strategy<Value = (BoardSize, Rule, Vec<usize>)> {
    (
        size_strategy(),
        rule_strategy(),
        prop::collection::vec(any::<usize>(), 0..80),
    )
}

/// Plays the choices as a legal game, stopping when it ends; returns the final position.
fn play_game(size: BoardSize, rule: Rule, choices: &[usize]) -> Position {
    let mut position = Position::parse(
        &BoardInput::Moves {
            width: size.width() as i64,
            height: size.height() as i64,
            moves: vec![],
        },
        rule,
        None,
    )
    .unwrap();
    for &choice in choices {
        if position.verdict().is_over() {
            break;
        }
        let empties: Vec<Point> = position.board().empty_points().collect();
        position = position.after(empties[choice % empties.len()]);
    }
    position
}

/// Plays choices on a bare board, ignoring game ends (for hash and pattern properties).
fn fill_board(size: BoardSize, rule: Rule, choices: &[usize]) -> Board {
    let mut board = Board::new(size, rule);
    for &choice in choices {
        let empties: Vec<Point> = board.empty_points().collect();
        if empties.is_empty() {
            break;
        }
        board.play(empties[choice % empties.len()]);
    }
    board
}

fn assert_patterns_match_scratch(board: &Board) {
    for point in board.empty_points() {
        for colour in Stone::BOTH {
            assert_eq!(
                board.patterns_at(point, colour),
                board.patterns_from_scratch(point, colour),
                "{point:?} {colour} on\n{board:?}"
            );
        }
    }
    for colour in Stone::BOTH {
        let five_point = board.empty_points().any(|p| {
            board
                .patterns_from_scratch(p, colour)
                .contains(&Pattern::Five)
        });
        assert_eq!(
            board.has_five_point(colour),
            five_point,
            "{colour} on\n{board:?}"
        );
    }
}

/// The longest run of `colour` through each stone, by plain coordinate stepping.
fn brute_force_winner(board: &Board, rule: Rule) -> Option<Stone> {
    let size = board.size();
    let mut winners = Vec::new();
    for (point, stone) in board.stones() {
        for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
            let (x, y) = (point.x as i64, point.y as i64);
            if size.contains(x - dx, y - dy)
                && board.stone(Point::new((x - dx) as usize, (y - dy) as usize)) == Some(stone)
            {
                continue;
            }
            let mut run = 0;
            while size.contains(x + run * dx, y + run * dy)
                && board.stone(Point::new((x + run * dx) as usize, (y + run * dy) as usize))
                    == Some(stone)
            {
                run += 1;
            }
            if rule.wins(stone, run as usize) {
                winners.push(stone);
            }
        }
    }
    winners.first().copied()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn rows_cells_and_moves_round_trip((size, rule, choices) in game_strategy()) {
        let position = play_game(size, rule, &choices);
        let rows = position.to_rows();
        let from_rows = Position::parse(&BoardInput::Rows(rows.clone()), rule, Some(position.to_move())).unwrap();
        prop_assert_eq!(from_rows.to_rows(), rows.clone());
        let cells = position.to_cells();
        let from_cells = Position::parse(&BoardInput::Cells(cells.clone()), rule, Some(position.to_move())).unwrap();
        prop_assert_eq!(from_cells.to_cells(), cells);
        prop_assert_eq!(from_cells.board().hash(), position.board().hash());
        let notations = position.move_notations();
        let moves = notations.iter().map(|n| MoveInput::Notation(n.to_uppercase())).collect();
        let input = BoardInput::Moves { width: size.width() as i64, height: size.height() as i64, moves };
        let from_moves = Position::parse(&input, rule, None).unwrap();
        prop_assert_eq!(from_moves.move_notations(), notations);
        prop_assert_eq!(from_moves.verdict(), position.verdict());
        let pairs = position.board().history().iter().map(|p| MoveInput::Pair(p.x as i64, p.y as i64)).collect();
        let input = BoardInput::Moves { width: size.width() as i64, height: size.height() as i64, moves: pairs };
        prop_assert_eq!(Position::parse(&input, rule, None).unwrap(), position);
    }

    #[test]
    fn notation_round_trips(size in size_strategy(), x in 0usize..32, y in 0usize..32) {
        prop_assume!(x < size.width() && y < size.height());
        let point = Point::new(x, y);
        let text = notation::format_point(point, size);
        prop_assert_eq!(notation::parse_point(&text, size), Ok(point));
        prop_assert_eq!(notation::parse_point(&text.to_uppercase(), size), Ok(point));
    }

    #[test]
    fn transposed_move_orders_hash_equal(
        (size, rule, choices) in game_strategy(),
        shuffle_seed in any::<u64>(),
    ) {
        let board = fill_board(size, rule, &choices);
        let mut reordered = Board::new(size, rule);
        let mut blacks: Vec<Point> = board.history().iter().copied().step_by(2).collect();
        let mut whites: Vec<Point> = board.history().iter().copied().skip(1).step_by(2).collect();
        let rotate = |v: &mut Vec<Point>| if !v.is_empty() { let k = (shuffle_seed as usize) % v.len(); v.rotate_left(k); v.reverse(); };
        rotate(&mut blacks);
        rotate(&mut whites);
        for i in 0..board.history().len() {
            let point = if i % 2 == 0 { blacks[i / 2] } else { whites[i / 2] };
            reordered.play(point);
        }
        prop_assert_eq!(reordered.hash(), board.hash());
        prop_assert_eq!(reordered.stones_key(), board.stones_key());
    }

    #[test]
    fn symmetries_are_bijections_that_compose((size, rule, choices) in game_strategy()) {
        let board = fill_board(size, rule, &choices);
        for &s in Symmetry::of(size) {
            let mut images: Vec<Point> = size.points().map(|p| s.apply(p, size)).collect();
            images.sort();
            images.dedup();
            prop_assert_eq!(images.len(), size.area());
            prop_assert!(images.iter().all(|p| p.col() < size.width() && p.row() < size.height()));
            for &t in Symmetry::of(size) {
                for p in size.points() {
                    prop_assert_eq!(s.then(t).apply(p, size), t.apply(s.apply(p, size), size));
                }
            }
            let mapped = board.transformed(s);
            prop_assert_eq!(mapped.transformed(s.inverse()).hash(), board.hash());
            prop_assert_eq!(mapped.transformed(s.inverse()), board.clone());
            let mut rebuilt = Board::new(size, rule);
            for (p, stone) in board.stones() {
                rebuilt.place(s.apply(p, size), stone);
            }
            rebuilt.set_to_move(board.to_move());
            prop_assert_eq!(rebuilt.hash(), mapped.hash());
            assert_patterns_match_scratch(&mapped);
        }
    }

    #[test]
    fn undo_restores_board_hash_and_patterns((size, rule, choices) in game_strategy()) {
        let fresh = Board::new(size, rule);
        let mut board = fill_board(size, rule, &choices);
        assert_patterns_match_scratch(&board);
        let half = board.history().len() / 2;
        let snapshot_choices = &choices[..half.min(choices.len())];
        let mut middle = fill_board(size, rule, snapshot_choices);
        while board.history().len() > middle.history().len() {
            board.undo();
        }
        prop_assert_eq!(&board, &middle);
        prop_assert_eq!(board.hash(), middle.hash());
        assert_patterns_match_scratch(&board);
        while middle.undo().is_some() {}
        prop_assert_eq!(&middle, &fresh);
        prop_assert_eq!(middle.hash(), fresh.hash());
        for p in size.points() {
            for colour in Stone::BOTH {
                prop_assert_eq!(middle.patterns_at(p, colour), fresh.patterns_at(p, colour));
            }
        }
    }

    #[test]
    fn verdicts_agree_with_brute_force((size, rule, choices) in game_strategy()) {
        let position = play_game(size, rule, &choices);
        let verdict = position.verdict();
        let expected = brute_force_winner(position.board(), rule);
        match verdict.status {
            Status::BlackWon => prop_assert_eq!(expected, Some(Stone::Black)),
            Status::WhiteWon if verdict.reason == Some(gomoku_ai::engine::Reason::Five) => {
                prop_assert_eq!(expected, Some(Stone::White))
            }
            Status::WhiteWon => prop_assert_eq!(expected, None, "a foul ends the game before any five"),
            Status::Draw => {
                prop_assert_eq!(expected, None);
                prop_assert!(position.board().is_full());
            }
            Status::Ongoing => prop_assert_eq!(expected, None),
        }
        // The picture of the board is judged the same way, with no history to rely on.
        let [black, white] = verdict::winning_lines(position.board());
        prop_assert_eq!(!black.is_empty() || !white.is_empty(), expected.is_some());
    }
}
