//! The board on the wire: a move list, text rows or 0/1/2 cells, and its parsing into a
//! position.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::enums::{RuleDto, StoneDto};
use crate::engine::{BoardInput, MoveInput, Position, Stone};
use crate::service::errors::ApiError;

/// One move of a move list: notation (`"h8"`, any case) or `[x, y]` from the top-left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum MoveDto {
    /// Column letter and row number from the bottom, e.g. `h8`.
    Notation(String),
    /// 0-based `[x, y]`, (0, 0) top-left.
    Pair([i64; 2]),
}

/// A move list on an empty board; `size` (square) or `width` and `height`, default 15 × 15.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MovesBoard {
    /// Side of a square board.
    #[schema(minimum = 5, maximum = 32, example = 15)]
    pub size: Option<i64>,
    /// Columns (with `height`, instead of `size`).
    #[schema(minimum = 5, maximum = 32)]
    pub width: Option<i64>,
    /// Rows (with `width`, instead of `size`).
    #[schema(minimum = 5, maximum = 32)]
    pub height: Option<i64>,
    /// Moves in play order, Black first.
    #[schema(max_items = 1024, example = json!(["h8", "i9", [8, 7]]))]
    pub moves: Vec<MoveDto>,
}

/// Text rows, top row first: `x` Black, `o` White, `.` empty.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RowsBoard {
    /// 5..=32 rows of 5..=32 characters each.
    #[schema(min_items = 5, max_items = 32, example = json!([".....", "..x..", "..o..", ".....", "....."]))]
    pub rows: Vec<String>,
}

/// Cells, top row first: 0 empty, 1 Black, 2 White.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CellsBoard {
    /// 5..=32 rows of 5..=32 cells each.
    #[schema(min_items = 5, max_items = 32, example = json!([[0,0,0,0,0],[0,0,1,0,0],[0,0,2,0,0],[0,0,0,0,0],[0,0,0,0,0]]))]
    pub cells: Vec<Vec<u8>>,
}

/// The position, in exactly one of three forms.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged, try_from = "RawBoard")]
pub enum BoardDto {
    /// A move list.
    Moves(MovesBoard),
    /// Text rows.
    Rows(RowsBoard),
    /// 0/1/2 cells.
    Cells(CellsBoard),
}

/// Every board field at once, so a wrong mix gets a precise message instead of "no variant".
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    size: Option<i64>,
    width: Option<i64>,
    height: Option<i64>,
    moves: Option<Vec<MoveDto>>,
    rows: Option<Vec<String>>,
    cells: Option<Vec<Vec<u8>>>,
}

/// A size given with rows or cells.
const SIZE_WITHOUT_MOVES: &str =
    "size, width and height go with moves only; rows and cells carry their own size";
/// None or several of the three forms.
const NOT_ONE_FORM: &str = "give the board as exactly one of moves, rows or cells";
/// The messages the board's own deserialization raises, already in the API's words (every
/// other deserialization error is reworded from the schema).
pub const FORM_ERRORS: [&str; 2] = [SIZE_WITHOUT_MOVES, NOT_ONE_FORM];

impl TryFrom<RawBoard> for BoardDto {
    type Error = &'static str;

    fn try_from(raw: RawBoard) -> Result<BoardDto, &'static str> {
        let sized = raw.size.is_some() || raw.width.is_some() || raw.height.is_some();
        match (raw.moves, raw.rows, raw.cells) {
            (Some(moves), None, None) => Ok(BoardDto::Moves(MovesBoard {
                size: raw.size,
                width: raw.width,
                height: raw.height,
                moves,
            })),
            (None, Some(_), None) | (None, None, Some(_)) if sized => Err(SIZE_WITHOUT_MOVES),
            (None, Some(rows), None) => Ok(BoardDto::Rows(RowsBoard { rows })),
            (None, None, Some(cells)) => Ok(BoardDto::Cells(CellsBoard { cells })),
            _ => Err(NOT_ONE_FORM),
        }
    }
}

impl BoardDto {
    /// The engine's input form, checking the size fields of a move list.
    pub fn to_input(&self) -> Result<BoardInput, ApiError> {
        Ok(match self {
            BoardDto::Moves(board) => {
                let (width, height) = match (board.size, board.width, board.height) {
                    (None, None, None) => (15, 15),
                    (Some(side), None, None) => (side, side),
                    (None, Some(w), Some(h)) => (w, h),
                    _ => {
                        return Err(ApiError::invalid(
                            "board.size",
                            "give either size, or width and height together",
                        ))
                    }
                };
                BoardInput::Moves {
                    width,
                    height,
                    moves: board.moves.iter().map(MoveDto::to_input).collect(),
                }
            }
            BoardDto::Rows(board) => BoardInput::Rows(board.rows.clone()),
            BoardDto::Cells(board) => BoardInput::Cells(
                board
                    .cells
                    .iter()
                    .map(|row| row.iter().map(|&c| i64::from(c)).collect())
                    .collect(),
            ),
        })
    }
}

impl MoveDto {
    fn to_input(&self) -> MoveInput {
        match self {
            MoveDto::Notation(text) => MoveInput::Notation(text.clone()),
            MoveDto::Pair([x, y]) => MoveInput::Pair(*x, *y),
        }
    }
}

/// Parses the board under `rule` with an optional side to move: 422s name the field.
pub fn parse_position(
    board: &BoardDto,
    rule: RuleDto,
    to_move: Option<StoneDto>,
) -> Result<Position, ApiError> {
    let input = board.to_input()?;
    Position::parse(&input, rule.into(), to_move.map(Stone::from)).map_err(|error| {
        let field = error.field();
        let square = matches!(board, BoardDto::Moves(MovesBoard { size: Some(_), .. }));
        // The engine names the axis; a client that sent `size` should hear `board.size`.
        if square && (field == "board.width" || field == "board.height") {
            ApiError::invalid("board.size", error.to_string())
        } else {
            error.into()
        }
    })
}
