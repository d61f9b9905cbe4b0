//! Hand-written cases for the tricky rules.

use gomoku_ai::engine::{
    game::notation, game::renju, BoardInput, ForbiddenKind, MoveInput, Position, PositionError,
    Reason, Rule, Status, Stone,
};

/// A 15 x 15 position from rows given bottom-padded: `rows` are the top rows, the rest empty.
fn position(rows: &[&str], rule: Rule, to_move: Stone) -> Position {
    let mut all: Vec<String> = rows.iter().map(|r| format!("{r:.<15}")).collect();
    all.resize(15, ".".repeat(15));
    Position::parse(&BoardInput::Rows(all), rule, Some(to_move)).unwrap()
}

fn forbidden_at(position: &Position, point: &str) -> Option<ForbiddenKind> {
    let p = notation::parse_point(point, position.board().size()).unwrap();
    renju::forbidden_kind(position.board().grid(), p)
}

fn moves(list: &str, rule: Rule) -> Result<Position, PositionError> {
    let moves = list
        .split(',')
        .map(|m| MoveInput::Notation(m.trim().to_string()))
        .collect();
    Position::parse(
        &BoardInput::Moves {
            width: 15,
            height: 15,
            moves,
        },
        rule,
        None,
    )
}

#[test]
fn five_beats_a_forbidden_shape() {
    // h8 completes d8-h8 and at once makes fours on the column (h7-h5) and the diagonal
    // (i7-k5): a five is never forbidden, so it wins.
    let rows = [
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "...xxxx",
        ".......xx",
        ".......x.x",
        ".......x..x",
    ];
    let five = position(&rows, Rule::Renju, Stone::Black);
    assert_eq!(forbidden_at(&five, "h8"), None);
    let after = five.after(notation::parse_point("h8", five.board().size()).unwrap());
    assert_eq!(after.verdict().status, Status::BlackWon);
    // Without d8 the same move is only a triple four: forbidden.
    let mut no_five = rows;
    no_five[7] = "....xxx";
    let fours = position(&no_five, Rule::Renju, Stone::Black);
    assert_eq!(forbidden_at(&fours, "h8"), Some(ForbiddenKind::DoubleFour));
}

#[test]
fn a_gap_making_an_overline_is_not_a_four_and_is_forbidden() {
    // xxxx.xxxx: the gap makes nine in a row.
    let p = position(&["xxxx.xxxx"], Rule::Renju, Stone::Black);
    assert_eq!(forbidden_at(&p, "e15"), Some(ForbiddenKind::Overline));
    // Under standard rules the gap is not a win for either colour.
    let p = position(&["xxxx.xxxx", "oooo.oooo"], Rule::Standard, Stone::Black);
    let after = p.after(notation::parse_point("e15", p.board().size()).unwrap());
    assert_eq!(after.verdict().status, Status::Ongoing);
}

#[test]
fn a_three_whose_four_point_is_a_double_four_is_not_a_three() {
    // h8 makes a vertical three (h7, h6) and a horizontal three (f8, g8; d8 is White, so the
    // only straight-four point is i8). With Black's i9-i11 column, i8 would make two fours:
    // forbidden, so the horizontal three is not real and h8 is legal.
    let rows = [
        "",
        "",
        "",
        "",
        "........x",
        "........x",
        "........x",
        "...o.xx",
        ".......x",
        ".......x",
    ];
    let with_column = position(&rows, Rule::Renju, Stone::Black);
    assert_eq!(
        forbidden_at(&with_column, "i8"),
        None,
        "i8 alone is one four"
    );
    assert_eq!(forbidden_at(&with_column, "h8"), None);
    // Without the column, i8 is a plain straight-four point and h8 a real double three.
    let mut plain_rows = rows;
    for row in &mut plain_rows[4..7] {
        *row = "";
    }
    let plain = position(&plain_rows, Rule::Renju, Stone::Black);
    assert_eq!(forbidden_at(&plain, "h8"), Some(ForbiddenKind::DoubleThree));
}

#[test]
fn overline_wins_for_white_in_renju_and_nobody_in_standard() {
    let game = "a1,h8,a2,i8,a3,j8,a5,k8,a6,m8,o15,l8";
    let renju = moves(game, Rule::Renju).unwrap();
    assert_eq!(renju.verdict().status, Status::WhiteWon);
    assert_eq!(renju.verdict().line.len(), 6);
    let standard = moves(game, Rule::Standard).unwrap();
    assert_eq!(standard.verdict().status, Status::Ongoing);
    let freestyle = moves(game, Rule::Freestyle).unwrap();
    assert_eq!(freestyle.verdict().status, Status::WhiteWon);
}

#[test]
fn black_overline_loses_in_renju_and_wins_in_freestyle() {
    let game = "h8,a1,i8,a2,j8,a3,l8,a4,m8,b1,k8";
    let renju = moves(game, Rule::Renju).unwrap();
    assert_eq!(renju.verdict().status, Status::WhiteWon);
    assert_eq!(
        renju.verdict().reason,
        Some(Reason::Forbidden(ForbiddenKind::Overline))
    );
    assert_eq!(
        moves(game, Rule::Freestyle).unwrap().verdict().status,
        Status::BlackWon
    );
    assert_eq!(
        moves(game, Rule::Standard).unwrap().verdict().status,
        Status::Ongoing
    );
}

#[test]
fn errors_name_what_and_where() {
    let err = moves("h8,h8", Rule::Freestyle).unwrap_err();
    assert_eq!(err.to_string(), "move 2 (h8) is on an occupied point");
    assert_eq!(err.field(), "board.moves[1]");
    let err = moves("h8,a1,h9,a2,h10,a3,h11,a4,h12,b5", Rule::Freestyle).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("move 10 (b5) comes after the game ended at move 9"),
        "{err}"
    );
    let rows: Vec<String> = (0..15)
        .map(|i| {
            if i == 2 {
                ".".repeat(14)
            } else {
                ".".repeat(15)
            }
        })
        .collect();
    let err = Position::parse(&BoardInput::Rows(rows), Rule::Freestyle, None).unwrap_err();
    assert_eq!(err.to_string(), "row 3 has 14 cells, expected 15");
    assert_eq!(err.field(), "board.rows[2]");
    let mut cells = vec![vec![0; 15]; 15];
    cells[4].truncate(2);
    let err = Position::parse(&BoardInput::Cells(cells), Rule::Freestyle, None).unwrap_err();
    assert_eq!(err.to_string(), "row 5 has 2 cells, expected 15");
    assert_eq!(err.field(), "board.cells[4]");
    let err = Position::parse(
        &BoardInput::Moves {
            width: 15,
            height: 15,
            moves: vec![MoveInput::Pair(15, 3)],
        },
        Rule::Freestyle,
        None,
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "move 1: x=15 is off a 15-wide board");
    let mut rows: Vec<String> = vec![".".repeat(15); 15];
    rows[0] = "xxxxx.xx.......".into();
    rows[1] = "oo.............".into();
    let err = Position::parse(&BoardInput::Rows(rows), Rule::Freestyle, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "black has 7 stones and white 2: no legal game reaches this"
    );
    let err = Position::parse(
        &BoardInput::Cells(vec![vec![0; 15]; 4]),
        Rule::Freestyle,
        None,
    )
    .unwrap_err();
    assert_eq!(err.field(), "board.height");
    let err = Position::parse(
        &BoardInput::Cells(vec![vec![3; 5]; 5]),
        Rule::Freestyle,
        None,
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 1 column 1 holds 3, expected 0, 1 or 2"
    );
}

#[test]
fn a_finished_picture_says_who_won() {
    let mut rows: Vec<String> = vec![".".repeat(15); 15];
    rows[7] = "...xxxxx.......".into();
    rows[8] = "...oooo........".into();
    let p = Position::parse(&BoardInput::Rows(rows.clone()), Rule::Freestyle, None).unwrap();
    assert_eq!(p.verdict().status, Status::BlackWon);
    assert_eq!(p.verdict().line.len(), 5);
    rows[9] = "o..............".into();
    let err = Position::parse(&BoardInput::Rows(rows), Rule::Freestyle, None).unwrap_err();
    assert!(matches!(err, PositionError::MovedAfterWin { .. }), "{err}");
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    // 5 x 5 filled in a pattern with no five for either colour.
    let rows: Vec<String> = ["xxoox", "ooxxo", "xxoox", "ooxxo", "xxoo."]
        .iter()
        .map(|r| r.to_string())
        .collect();
    let p = Position::parse(&BoardInput::Rows(rows), Rule::Freestyle, None).unwrap();
    assert_eq!(p.verdict().status, Status::Ongoing);
    let last = notation::parse_point("e1", p.board().size()).unwrap();
    assert_eq!(p.to_move(), Stone::Black);
    let after = p.after(last);
    assert_eq!(after.verdict().status, Status::Draw);
    assert_eq!(after.verdict().reason, Some(Reason::BoardFull));
}
