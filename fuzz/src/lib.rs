//! The properties the fuzz targets check, shared with the regression test
//! (`tests/fuzz_regressions.rs` includes this file), so a saved input replays the same checks.
//!
//! Each `check_*` function takes the fuzzer's raw bytes, decodes them (structured inputs
//! through `arbitrary`), runs a parser and panics when a property fails. A parser may reject
//! any input, but it must not panic, its error must name a field of the form it was given, and
//! whatever it accepts must be consistent: the same position read back from every other form,
//! incremental state (hash, line patterns) equal to a fresh computation.

mod pbrain;
mod request;

pub use pbrain::check_pbrain;
pub use request::check_request;

use arbitrary::{Arbitrary, Unstructured};
use gomoku_ai::engine::game::notation;
use gomoku_ai::engine::{
    BoardInput, BoardSize, MoveInput, Point, Position, PositionError, Reason, Rule, Status, Stone,
};

/// Board sides the decoders favour: around the valid range 5..=32, so most inputs get past
/// the size check, with arbitrary values kept for the edges.
const SIDE_SPREAD: u8 = 40;

/// Notation: the first two bytes choose the board size, the rest is the text to parse.
pub fn check_notation(data: &[u8]) {
    let Some((&[width, height], text)) = data.split_first_chunk::<2>() else {
        return;
    };
    let Ok(size) = BoardSize::new(
        i64::from(width % SIDE_SPREAD),
        i64::from(height % SIDE_SPREAD),
    ) else {
        return;
    };
    let text = String::from_utf8_lossy(text);
    match notation::parse_point(&text, size) {
        Ok(point) => {
            assert!(
                on_board(point, size),
                "{text:?} parsed to {point:?}, off {size:?}"
            );
            let printed = notation::format_point(point, size);
            assert_eq!(
                notation::parse_point(&printed, size),
                Ok(point),
                "{text:?} -> {point:?} printed as {printed:?}, which does not read back"
            );
        }
        Err(error) => assert!(!error.to_string().is_empty(), "empty error for {text:?}"),
    }
}

/// `Position::parse` on a decoded request: any of the three forms, a rule, a side to move.
pub fn check_position(data: &[u8]) {
    let Ok(case) = PositionCase::arbitrary_take_rest(Unstructured::new(data)) else {
        return;
    };
    let rule = case.rule.rule();
    let to_move = case.to_move.map(StoneChoice::stone);
    match case.form {
        Form::Picture { width, codes } => {
            let (rows, cells) = picture(width, &codes);
            let from_rows = parse_checked(&rows, rule, to_move);
            let from_cells = parse_checked(&cells, rule, to_move);
            match (from_rows, from_cells) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "rows and cells of one picture differ"),
                (Err(a), Err(b)) => assert_eq!(
                    a.to_string(),
                    b.to_string(),
                    "rows and cells of one picture fail differently"
                ),
                (a, b) => panic!("one picture, rows {a:?} but cells {b:?}"),
            }
        }
        form => {
            let _ = parse_checked(&form.input(), rule, to_move);
        }
    }
}

/// The side length a decoder asked for.
#[derive(Arbitrary, Debug)]
enum Length {
    /// Near the valid range.
    Near(u8),
    /// Anything at all.
    Any(i64),
}

impl Length {
    fn value(&self) -> i64 {
        match *self {
            Length::Near(n) => i64::from(n % SIDE_SPREAD),
            Length::Any(n) => n,
        }
    }
}

#[derive(Arbitrary, Debug)]
enum MoveCase {
    Notation(String),
    Pair(Length, Length),
}

#[derive(Arbitrary, Debug)]
enum Form {
    Moves {
        width: Length,
        height: Length,
        moves: Vec<MoveCase>,
    },
    Rows(Vec<String>),
    Cells(Vec<Vec<i64>>),
    /// A well-formed picture, `width` cells per row (an incomplete last row is dropped),
    /// coded 0/1/2 (mod 3), given both as rows and as cells, which must parse alike. The raw
    /// forms above cover malformed pictures; this one reaches the verdicts and patterns.
    Picture {
        width: u8,
        codes: Vec<u8>,
    },
}

impl Form {
    fn input(&self) -> BoardInput {
        match self {
            Form::Moves {
                width,
                height,
                moves,
            } => BoardInput::Moves {
                width: width.value(),
                height: height.value(),
                moves: moves
                    .iter()
                    .map(|m| match m {
                        MoveCase::Notation(text) => MoveInput::Notation(text.clone()),
                        MoveCase::Pair(x, y) => MoveInput::Pair(x.value(), y.value()),
                    })
                    .collect(),
            },
            Form::Rows(rows) => BoardInput::Rows(rows.clone()),
            Form::Cells(cells) => BoardInput::Cells(cells.clone()),
            Form::Picture { width, codes } => picture(*width, codes).0,
        }
    }
}

#[derive(Arbitrary, Debug)]
enum RuleChoice {
    Freestyle,
    Standard,
    Renju,
}

impl RuleChoice {
    fn rule(&self) -> Rule {
        match self {
            RuleChoice::Freestyle => Rule::Freestyle,
            RuleChoice::Standard => Rule::Standard,
            RuleChoice::Renju => Rule::Renju,
        }
    }
}

#[derive(Arbitrary, Debug)]
enum StoneChoice {
    Black,
    White,
}

impl StoneChoice {
    fn stone(self) -> Stone {
        match self {
            StoneChoice::Black => Stone::Black,
            StoneChoice::White => Stone::White,
        }
    }
}

#[derive(Arbitrary, Debug)]
struct PositionCase {
    rule: RuleChoice,
    to_move: Option<StoneChoice>,
    form: Form,
}

/// The same picture as text rows and as 0/1/2 cells.
fn picture(width: u8, codes: &[u8]) -> (BoardInput, BoardInput) {
    let width = usize::from(width % SIDE_SPREAD).max(1);
    let cells: Vec<Vec<i64>> = codes
        .chunks_exact(width)
        .map(|row| row.iter().map(|&c| i64::from(c % 3)).collect())
        .collect();
    let rows = cells
        .iter()
        .map(|row| row.iter().map(|&c| [".", "x", "o"][c as usize]).collect())
        .collect();
    (BoardInput::Rows(rows), BoardInput::Cells(cells))
}

/// Parses and checks the result, accepted or rejected.
fn parse_checked(
    input: &BoardInput,
    rule: Rule,
    to_move: Option<Stone>,
) -> Result<Position, PositionError> {
    let parsed = Position::parse(input, rule, to_move);
    match &parsed {
        Ok(position) => check_accepted(input, position),
        Err(error) => check_rejected(input, error),
    }
    parsed
}

/// A rejection says what is wrong and names a field of the form that was given.
fn check_rejected(input: &BoardInput, error: &PositionError) {
    assert!(!error.to_string().is_empty(), "empty message for {error:?}");
    let field = error.field();
    let (form, count) = match input {
        BoardInput::Moves { moves, .. } => ("moves", moves.len()),
        BoardInput::Rows(rows) => ("rows", rows.len()),
        BoardInput::Cells(cells) => ("cells", cells.len()),
    };
    let named_index = field
        .strip_prefix("board.")
        .and_then(|rest| rest.split_once('['))
        .map(|(name, rest)| (name, rest.split(']').next().unwrap_or("")));
    match named_index {
        Some((name, index)) => {
            assert_eq!(
                name, form,
                "{error:?} names field {field} in a {form} board"
            );
            let index: usize = index
                .parse()
                .unwrap_or_else(|_| panic!("bad index in {field}"));
            assert!(index < count, "{field} is past the {count} {form} given");
        }
        None => assert!(
            ["board", "board.width", "board.height", "to_move"].contains(&field.as_str()),
            "{error:?} names unknown field {field}"
        ),
    }
}

/// An accepted position reads back the same from its rows and cells, its incremental state
/// matches a fresh computation, and its verdict, forbidden points and next move agree.
fn check_accepted(input: &BoardInput, position: &Position) {
    let board = position.board();
    let size = board.size();
    if let BoardInput::Moves { width, height, .. } = input {
        assert_eq!(
            (size.width() as i64, size.height() as i64),
            (*width, *height)
        );
    }
    let side = Some(position.to_move());
    let from_rows = Position::parse(&BoardInput::Rows(position.to_rows()), position.rule(), side)
        .unwrap_or_else(|e| panic!("rows of an accepted position rejected: {e}"));
    let from_cells = Position::parse(
        &BoardInput::Cells(position.to_cells()),
        position.rule(),
        side,
    )
    .unwrap_or_else(|e| panic!("cells of an accepted position rejected: {e}"));
    assert_eq!(
        from_rows, from_cells,
        "rows and cells read back differently"
    );
    let again = from_rows.board();
    assert_eq!(
        board.stones_key(),
        again.stones_key(),
        "stones changed on reading back"
    );
    assert_eq!(
        board.hash(),
        again.hash(),
        "incremental hash differs from a fresh board's"
    );
    for point in size.points().filter(|&p| board.is_empty(p)) {
        for colour in [Stone::Black, Stone::White] {
            let patterns = board.patterns_at(point, colour);
            assert_eq!(
                patterns,
                board.patterns_from_scratch(point, colour),
                "at {point:?}"
            );
            assert_eq!(
                patterns,
                again.patterns_at(point, colour),
                "read back, at {point:?}"
            );
        }
    }
    check_verdict(position, &from_rows);
    check_moves(position);
}

fn check_verdict(position: &Position, read_back: &Position) {
    let verdict = position.verdict();
    let won = matches!(verdict.status, Status::BlackWon | Status::WhiteWon);
    assert_eq!(won, verdict.winner.is_some(), "{verdict:?}");
    assert_eq!(won, !verdict.line.is_empty(), "{verdict:?}");
    // A renju foul shows only in the move order, not in the stones, so a picture cannot
    // repeat it; every other verdict follows from the stones alone.
    if !matches!(verdict.reason, Some(Reason::Forbidden(_))) {
        let again = read_back.verdict();
        assert_eq!(
            (verdict.status, verdict.winner),
            (again.status, again.winner),
            "verdict changed on reading back"
        );
    }
}

fn check_moves(position: &Position) {
    let board = position.board();
    let forbidden = position.forbidden_points();
    assert!(
        forbidden.iter().all(|&(p, _)| board.is_empty(p)),
        "forbidden stone"
    );
    let may_be_forbidden = position.rule() == Rule::Renju
        && position.to_move() == Stone::Black
        && !position.verdict().is_over();
    assert!(may_be_forbidden || forbidden.is_empty(), "{forbidden:?}");
    if position.verdict().is_over() {
        return;
    }
    let point = board
        .size()
        .points()
        .find(|&p| board.is_empty(p))
        .expect("an ongoing game has an empty point");
    let next = position.after(point);
    assert_eq!(next.board().stone(point), Some(position.to_move()));
    assert_eq!(next.to_move(), position.to_move().opponent());
}

fn on_board(point: Point, size: BoardSize) -> bool {
    size.contains(point.col() as i64, point.row() as i64)
}
