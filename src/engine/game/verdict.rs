//! Who has won a position, and how.

use std::fmt;

use super::board::Board;
use super::geometry::{Direction, Point};
use super::grid;
use super::renju::ForbiddenKind;
use super::stone::Stone;

/// The state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Nobody has won and a move is possible.
    Ongoing,
    /// Black has won.
    BlackWon,
    /// White has won.
    WhiteWon,
    /// The board is full and nobody has won.
    Draw,
}

impl Status {
    /// Snake-case name, as in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::BlackWon => "black_won",
            Status::WhiteWon => "white_won",
            Status::Draw => "draw",
        }
    }

    /// The status in which `winner` has won.
    #[must_use]
    pub fn won_by(winner: Stone) -> Status {
        match winner {
            Stone::Black => Status::BlackWon,
            Stone::White => Status::WhiteWon,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The winner made five in a row (or more, where the rule lets that win).
    Five,
    /// Black played a forbidden move under renju and lost.
    Forbidden(ForbiddenKind),
    /// The board filled up with no winner.
    BoardFull,
}

/// The verdict on a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Ongoing, won or drawn.
    pub status: Status,
    /// The winner, if any.
    pub winner: Option<Stone>,
    /// The winning line's points (for a five), or the forbidden point (for a foul).
    pub line: Vec<Point>,
    /// How the game ended, if it did.
    pub reason: Option<Reason>,
}

impl Verdict {
    /// A game still going.
    #[must_use]
    pub fn ongoing() -> Verdict {
        Verdict {
            status: Status::Ongoing,
            winner: None,
            line: Vec::new(),
            reason: None,
        }
    }

    /// A game drawn on a full board.
    #[must_use]
    pub fn draw() -> Verdict {
        Verdict {
            status: Status::Draw,
            winner: None,
            line: Vec::new(),
            reason: Some(Reason::BoardFull),
        }
    }

    /// A win by five along `line`.
    #[must_use]
    pub fn five(winner: Stone, line: Vec<Point>) -> Verdict {
        Verdict {
            status: Status::won_by(winner),
            winner: Some(winner),
            line,
            reason: Some(Reason::Five),
        }
    }

    /// White's win by Black's forbidden move at `point`.
    #[must_use]
    pub fn foul(point: Point, kind: ForbiddenKind) -> Verdict {
        Verdict {
            status: Status::WhiteWon,
            winner: Some(Stone::White),
            line: vec![point],
            reason: Some(Reason::Forbidden(kind)),
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.status != Status::Ongoing
    }
}

impl fmt::Display for Verdict {
    /// One sentence, e.g. "Black won with five in a row."
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (Some(winner), Some(Reason::Five)) => {
                let colour = winner.title();
                if self.line.len() > 5 {
                    write!(f, "{colour} won with {} in a row.", self.line.len())
                } else {
                    write!(f, "{colour} won with five in a row.")
                }
            }
            (_, Some(Reason::Forbidden(kind))) => {
                write!(f, "White won: Black played {kind}, forbidden under renju.")
            }
            (_, Some(Reason::BoardFull)) => write!(f, "Draw: the board is full."),
            _ => write!(f, "The game goes on."),
        }
    }
}

/// The winning line through the stone at `point`, if that stone is part of one.
#[must_use]
pub fn winning_line_through(board: &Board, point: Point) -> Option<Vec<Point>> {
    let stone = board.stone(point)?;
    let index = grid::index_of(point);
    Direction::ALL.into_iter().find_map(|d| {
        let step = grid::offset(d);
        let (run, first, _) = board.grid().run_through(index, step, stone.code());
        board.rule().wins(stone, run).then(|| {
            (0..run as isize)
                .map(|k| grid::point_of((first as isize + k * step) as usize))
                .collect()
        })
    })
}

/// Every winning line on the board, per colour: `[black_lines, white_lines]`.
#[must_use]
pub fn winning_lines(board: &Board) -> [Vec<Vec<Point>>; 2] {
    let mut lines = [Vec::new(), Vec::new()];
    for (point, stone) in board.stones() {
        let index = grid::index_of(point);
        for d in Direction::ALL {
            let step = grid::offset(d);
            // Count each run once, from its first stone.
            if board.grid().along(index, step, -1) == stone.code() {
                continue;
            }
            let (run, _, _) = board.grid().run_through(index, step, stone.code());
            if board.rule().wins(stone, run) {
                lines[stone.index()].push(
                    (0..run as isize)
                        .map(|k| grid::point_of((index as isize + k * step) as usize))
                        .collect(),
                );
            }
        }
    }
    lines
}

/// The verdict on a board seen as a picture (no history): a five on the board, else a full
/// board, else ongoing. When both colours have a five, Black's is reported; callers that
/// parse client input reject such boards first.
#[must_use]
pub fn judge(board: &Board) -> Verdict {
    let [black, white] = winning_lines(board);
    if let Some(line) = black.into_iter().next() {
        return Verdict::five(Stone::Black, line);
    }
    if let Some(line) = white.into_iter().next() {
        return Verdict::five(Stone::White, line);
    }
    if board.is_full() {
        Verdict::draw()
    } else {
        Verdict::ongoing()
    }
}

/// The verdict after `mover` has just played `point` (legal moves only; renju fouls are
/// judged before the stone is placed, by the caller).
#[must_use]
pub fn judge_move(board: &Board, point: Point) -> Verdict {
    match (board.stone(point), winning_line_through(board, point)) {
        (Some(mover), Some(line)) => Verdict::five(mover, line),
        _ if board.is_full() => Verdict::draw(),
        _ => Verdict::ongoing(),
    }
}
