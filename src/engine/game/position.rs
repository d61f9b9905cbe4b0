//! Positions as clients give them, parsed into a board that cannot be invalid.
//!
//! Three forms (`docs/design.md` §3): a move list in play order (notation or `[x, y]` pairs),
//! text rows top row first (`x`, `o`, `.`), or a grid of 0/1/2 cells. Every malformed input
//! becomes a `PositionError` that names the field and says what is wrong; nothing here panics
//! on input.

use super::board::Board;
use super::geometry::{BoardSize, Point, SizeError, MAX_SIDE};
use super::notation::{self, NotationError};
use super::renju::{self, ForbiddenKind};
use super::rules::Rule;
use super::stone::Stone;
use super::verdict::{self, Verdict};

/// One move of a move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveInput {
    /// Notation such as `h8`.
    Notation(String),
    /// `[x, y]`, 0-based from the top-left.
    Pair(i64, i64),
}

/// A position in one of the three client forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// A move list in play order on an empty board of the given size.
    Moves {
        /// Columns.
        width: i64,
        /// Rows.
        height: i64,
        /// The moves, Black first.
        moves: Vec<MoveInput>,
    },
    /// Text rows, top row first.
    Rows(Vec<String>),
    /// Cells, top row first: 0 empty, 1 Black, 2 White.
    Cells(Vec<Vec<i64>>),
}

impl BoardInput {
    /// A move list in notation (`["h8", "i9"]`) on an empty `width` × `height` board.
    #[must_use]
    pub fn notation(width: i64, height: i64, moves: &[&str]) -> BoardInput {
        BoardInput::Moves {
            width,
            height,
            moves: moves
                .iter()
                .map(|m| MoveInput::Notation((*m).to_string()))
                .collect(),
        }
    }
}

/// Why a position could not be accepted. `field` names where, as a path into the request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A width or height out of range.
    #[error("{0}")]
    Size(#[from] SizeError),
    /// `rows` or `cells` with no rows at all.
    #[error("the board has no rows")]
    NoRows,
    /// More rows than any board has.
    #[error("the board has {0} rows, at most {MAX_SIDE} are allowed")]
    TooManyRows(usize),
    /// A row of the wrong length.
    #[error("row {row} has {found} cells, expected {expected}")]
    RowLength {
        /// The form the row came from: `rows` or `cells`.
        form: &'static str,
        /// 1-based row number from the top.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected (the first row's length).
        expected: usize,
    },
    /// A character that is not `x`, `o` or `.`.
    #[error("row {row} column {column} holds '{found}', expected x, o or .")]
    BadSymbol {
        /// 1-based row number from the top.
        row: usize,
        /// 1-based column number from the left.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A number that is not 0, 1 or 2.
    #[error("row {row} column {column} holds {found}, expected 0, 1 or 2")]
    BadCell {
        /// 1-based row number from the top.
        row: usize,
        /// 1-based column number from the left.
        column: usize,
        /// The value found.
        found: i64,
    },
    /// A move whose notation does not parse or is off the board.
    #[error("move {number}: {source}")]
    MoveNotation {
        /// 1-based move number.
        number: usize,
        /// What is wrong with it.
        source: NotationError,
    },
    /// A `[x, y]` move off the board.
    #[error("move {number}: {axis}={value} is off a {limit}-{extent} board")]
    MoveOffBoard {
        /// 1-based move number.
        number: usize,
        /// `x` or `y`.
        axis: &'static str,
        /// The coordinate given.
        value: i64,
        /// The board's width or height.
        limit: usize,
        /// `wide` or `high`.
        extent: &'static str,
    },
    /// A move on a point already taken.
    #[error("move {number} ({notation}) is on an occupied point")]
    Occupied {
        /// 1-based move number.
        number: usize,
        /// The point in notation.
        notation: String,
    },
    /// A move after the game was already decided.
    #[error("move {number} ({notation}) comes after the game ended at move {ended_at}: {verdict}")]
    AfterGameEnd {
        /// 1-based move number.
        number: usize,
        /// The point in notation.
        notation: String,
        /// The move that ended the game.
        ended_at: usize,
        /// How it ended.
        verdict: String,
    },
    /// Stone counts no alternating game produces, with no explicit side to move.
    #[error("black has {black} stones and white {white}: no legal game reaches this")]
    StoneCounts {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
    },
    /// Fives of both colours on one board.
    #[error("both black and white have five in a row: no legal game reaches this")]
    BothWon,
    /// A five whose owner would be the one to move: the other side moved after the win.
    #[error(
        "{winner} has five in a row but {winner} is to move: {loser} moved after the game ended"
    )]
    MovedAfterWin {
        /// The side with the five.
        winner: Stone,
        /// The side that moved after it.
        loser: Stone,
    },
    /// An explicit side to move that contradicts a move list.
    #[error("to_move is {given}, but after these moves {expected} is to move")]
    ToMoveContradicts {
        /// The side given.
        given: Stone,
        /// The side the move list leaves to move.
        expected: Stone,
    },
}

/// The board of a position drawn as rows (`x` Black, `o` White, `.` empty) with `to_move`
/// to play: the engine's unit tests draw their positions this way.
#[cfg(test)]
pub(crate) fn drawn_board(rows: &[&str], rule: Rule, to_move: Stone) -> Board {
    let rows = rows.iter().map(|r| r.to_string()).collect();
    Position::parse(&BoardInput::Rows(rows), rule, Some(to_move))
        .expect("a legal drawn position")
        .board()
        .clone()
}

impl PositionError {
    /// Where in the request the problem is, as a dotted path (`board.moves[6]`).
    #[must_use]
    pub fn field(&self) -> String {
        match self {
            PositionError::Size(e) => format!("board.{}", e.axis),
            PositionError::NoRows | PositionError::TooManyRows(_) => "board".into(),
            PositionError::RowLength { form, row, .. } => format!("board.{form}[{}]", row - 1),
            PositionError::BadSymbol { row, .. } => format!("board.rows[{}]", row - 1),
            PositionError::BadCell { row, column, .. } => {
                format!("board.cells[{}][{}]", row - 1, column - 1)
            }
            PositionError::MoveNotation { number, .. }
            | PositionError::MoveOffBoard { number, .. }
            | PositionError::Occupied { number, .. }
            | PositionError::AfterGameEnd { number, .. } => {
                format!("board.moves[{}]", number - 1)
            }
            PositionError::StoneCounts { .. }
            | PositionError::BothWon
            | PositionError::MovedAfterWin { .. } => "board".into(),
            PositionError::ToMoveContradicts { .. } => "to_move".into(),
        }
    }
}

/// A legal position: the board (side to move set), the rule, and the verdict on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: Board,
    verdict: Verdict,
}

impl Position {
    /// Parses a client position under `rule`, with an optional explicit side to move.
    pub fn parse(
        input: &BoardInput,
        rule: Rule,
        to_move: Option<Stone>,
    ) -> Result<Position, PositionError> {
        match input {
            BoardInput::Moves {
                width,
                height,
                moves,
            } => {
                let size = BoardSize::new(*width, *height)?;
                Position::from_moves(size, rule, moves, to_move)
            }
            BoardInput::Rows(rows) => {
                let stones = parse_rows(rows)?;
                Position::from_picture(stones, rule, to_move)
            }
            BoardInput::Cells(cells) => {
                let stones = parse_cells(cells)?;
                Position::from_picture(stones, rule, to_move)
            }
        }
    }

    /// A position from a board built by the engine (e.g. after a search move).
    #[must_use]
    pub fn from_board(board: Board, verdict: Verdict) -> Position {
        Position { board, verdict }
    }

    /// The board, with the side to move set.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The verdict on the position.
    #[must_use]
    pub fn verdict(&self) -> &Verdict {
        &self.verdict
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.board.rule()
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        self.board.to_move()
    }

    /// The position after the side to move plays `point` (which must be empty), with the
    /// verdict of that move: a win, a renju foul, a draw or ongoing.
    #[must_use]
    pub fn after(&self, point: Point) -> Position {
        let mut board = self.board.clone();
        let verdict = play_judged(&mut board, point);
        Position { board, verdict }
    }

    /// The forbidden points of the side to move (empty unless Black under renju).
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        if self.rule().has_forbidden_moves(self.to_move()) && !self.verdict.is_over() {
            renju::forbidden_points(self.board.grid())
        } else {
            Vec::new()
        }
    }

    /// Text rows, top row first.
    #[must_use]
    pub fn to_rows(&self) -> Vec<String> {
        let size = self.board.size();
        (0..size.height())
            .map(|y| {
                (0..size.width())
                    .map(|x| {
                        self.board
                            .stone(Point::new(x, y))
                            .map_or('.', Stone::symbol)
                    })
                    .collect()
            })
            .collect()
    }

    /// 0/1/2 cells, top row first.
    #[must_use]
    pub fn to_cells(&self) -> Vec<Vec<i64>> {
        let size = self.board.size();
        (0..size.height())
            .map(|y| {
                (0..size.width())
                    .map(|x| {
                        self.board
                            .stone(Point::new(x, y))
                            .map_or(0, |s| s.code() as i64)
                    })
                    .collect()
            })
            .collect()
    }

    /// The moves played, in notation, when the position came from a move list.
    #[must_use]
    pub fn move_notations(&self) -> Vec<String> {
        let size = self.board.size();
        self.board
            .history()
            .iter()
            .map(|&p| notation::format_point(p, size))
            .collect()
    }

    fn from_moves(
        size: BoardSize,
        rule: Rule,
        moves: &[MoveInput],
        to_move: Option<Stone>,
    ) -> Result<Position, PositionError> {
        let mut board = Board::new(size, rule);
        let mut verdict = Verdict::ongoing();
        let mut ended_at = 0;
        for (i, input) in moves.iter().enumerate() {
            let number = i + 1;
            let point = resolve_move(input, number, size)?;
            let notation = notation::format_point(point, size);
            if verdict.is_over() {
                return Err(PositionError::AfterGameEnd {
                    number,
                    notation,
                    ended_at,
                    verdict: verdict.to_string(),
                });
            }
            if !board.is_empty(point) {
                return Err(PositionError::Occupied { number, notation });
            }
            verdict = play_judged(&mut board, point);
            ended_at = number;
        }
        if let Some(given) = to_move {
            if given != board.to_move() {
                return Err(PositionError::ToMoveContradicts {
                    given,
                    expected: board.to_move(),
                });
            }
        }
        Ok(Position { board, verdict })
    }

    fn from_picture(
        stones: Picture,
        rule: Rule,
        to_move: Option<Stone>,
    ) -> Result<Position, PositionError> {
        let mut board = Board::new(stones.size, rule);
        for (point, stone) in stones.stones {
            board.place(point, stone);
        }
        let [black_lines, white_lines] = verdict::winning_lines(&board);
        if !black_lines.is_empty() && !white_lines.is_empty() {
            return Err(PositionError::BothWon);
        }
        let side = match to_move {
            Some(side) => side,
            None => inferred_side(&board)?,
        };
        board.set_to_move(side);
        let verdict = verdict::judge(&board);
        if to_move.is_none() {
            if let Some(winner) = verdict.winner.filter(|&w| w == side) {
                return Err(PositionError::MovedAfterWin {
                    winner,
                    loser: winner.opponent(),
                });
            }
        }
        Ok(Position { board, verdict })
    }
}

/// Plays `point` for the side to move and judges the result, including renju fouls (judged
/// before the stone goes down: a forbidden Black move loses even though it stays on the
/// board).
fn play_judged(board: &mut Board, point: Point) -> Verdict {
    let foul = if board.rule().has_forbidden_moves(board.to_move()) {
        renju::forbidden_kind(board.grid(), point)
    } else {
        None
    };
    board.play(point);
    match foul {
        Some(kind) => Verdict::foul(point, kind),
        None => verdict::judge_move(board, point),
    }
}

fn inferred_side(board: &Board) -> Result<Stone, PositionError> {
    let (black, white) = (board.count(Stone::Black), board.count(Stone::White));
    if black == white {
        Ok(Stone::Black)
    } else if black == white + 1 {
        Ok(Stone::White)
    } else {
        Err(PositionError::StoneCounts { black, white })
    }
}

fn resolve_move(input: &MoveInput, number: usize, size: BoardSize) -> Result<Point, PositionError> {
    match input {
        MoveInput::Notation(text) => notation::parse_point(text, size)
            .map_err(|source| PositionError::MoveNotation { number, source }),
        MoveInput::Pair(x, y) => {
            let off = |axis, value, limit, extent| PositionError::MoveOffBoard {
                number,
                axis,
                value,
                limit,
                extent,
            };
            if !(0..size.width() as i64).contains(x) {
                return Err(off("x", *x, size.width(), "wide"));
            }
            if !(0..size.height() as i64).contains(y) {
                return Err(off("y", *y, size.height(), "high"));
            }
            Ok(Point::new(*x as usize, *y as usize))
        }
    }
}

/// Stones read from a picture of the board.
struct Picture {
    size: BoardSize,
    stones: Vec<(Point, Stone)>,
}

fn picture_size(height: usize, width: usize) -> Result<BoardSize, PositionError> {
    if height == 0 {
        return Err(PositionError::NoRows);
    }
    if height > MAX_SIDE {
        return Err(PositionError::TooManyRows(height));
    }
    Ok(BoardSize::new(width as i64, height as i64)?)
}

fn parse_rows(rows: &[String]) -> Result<Picture, PositionError> {
    let rows: Vec<Vec<char>> = rows.iter().map(|row| row.chars().collect()).collect();
    parse_picture("rows", &rows, |symbol, row, column| match symbol {
        '.' => Ok(None),
        'x' | 'X' => Ok(Some(Stone::Black)),
        'o' | 'O' => Ok(Some(Stone::White)),
        found => Err(PositionError::BadSymbol { row, column, found }),
    })
}

fn parse_cells(cells: &[Vec<i64>]) -> Result<Picture, PositionError> {
    parse_picture("cells", cells, |value, row, column| match value {
        0 => Ok(None),
        1 => Ok(Some(Stone::Black)),
        2 => Ok(Some(Stone::White)),
        found => Err(PositionError::BadCell { row, column, found }),
    })
}

/// The stones of a picture in either client form (top row first), every row as wide as the
/// first; `stone_of` reads one cell given its 1-based row and column.
fn parse_picture<T: Copy>(
    form: &'static str,
    rows: &[Vec<T>],
    stone_of: impl Fn(T, usize, usize) -> Result<Option<Stone>, PositionError>,
) -> Result<Picture, PositionError> {
    let width = rows.first().map_or(0, Vec::len);
    let size = picture_size(rows.len(), width)?;
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(PositionError::RowLength {
                form,
                row: y + 1,
                found: row.len(),
                expected: width,
            });
        }
        for (x, &cell) in row.iter().enumerate() {
            if let Some(stone) = stone_of(cell, y + 1, x + 1)? {
                stones.push((Point::new(x, y), stone));
            }
        }
    }
    Ok(Picture { size, stones })
}
