//! The chat-bot reply: an ASCII board after the AI's move, with coordinates on all four
//! sides, then the move in notation and the verdict in one sentence.
//!
//! Stones are `x` (Black) and `o` (White), empty points `.`. The opponent's last move and
//! the AI's move are marked by printing their stones in upper case (`X`, `O`): one character
//! per point keeps every column aligned in any monospace font, and marks cannot collide when
//! the two moves are neighbours. Only ASCII is used, so the reply is safe in any chat.

use std::fmt::Write;

use crate::engine::game::notation::{column_name, format_point};
use crate::engine::{Analysis, Point, Position, Stone};

/// The reply for `position` answered by `analysis` (`None` when the game is over and nothing
/// was searched): the board with the AI move played, then one line naming the move and one
/// sentence of verdict.
#[must_use]
pub fn text_reply(position: &Position, analysis: Option<&Analysis>) -> String {
    let mover = position.to_move();
    let best = analysis.and_then(|a| a.best);
    let after = best.map(|p| position.after(p));
    let shown = after.as_ref().unwrap_or(position);
    let marked = [position.board().last_move(), best];
    let mut out = board_text(shown, &marked);
    let size = position.board().size();
    let last = position
        .board()
        .last_move()
        .map(|p| format!("Last move {}. ", format_point(p, size)))
        .unwrap_or_default();
    match (analysis, best, &after) {
        (Some(analysis), Some(best), Some(after)) => {
            let _ = writeln!(
                out,
                "{last}AI ({}) plays {}, win chance {:.0}%.",
                mover.name(),
                format_point(best, size),
                analysis.score.win_probability * 100.0
            );
            let _ = writeln!(out, "{}", after.verdict());
        }
        _ => {
            let _ = writeln!(out, "{last}No move: {}", position.verdict());
        }
    }
    out
}

/// The board as text, top row first, with the `marked` points' stones in upper case.
#[must_use]
pub fn board_text(position: &Position, marked: &[Option<Point>]) -> String {
    let board = position.board();
    let size = board.size();
    let cell = column_name(size.width() - 1).len() + 1;
    let label = size.height().to_string().len();
    let header = column_header(size.width(), cell, label);
    let mut out = header.clone();
    for y in 0..size.height() {
        let number = size.height() - y;
        let _ = write!(out, "{number:>label$}");
        for x in 0..size.width() {
            let point = Point::new(x, y);
            let symbol = board
                .stone(point)
                .map_or('.', |stone| mark(stone, marked.contains(&Some(point))));
            let _ = write!(out, "{symbol:>cell$}");
        }
        let _ = writeln!(out, " {number}");
    }
    out.push_str(&header);
    out
}

fn mark(stone: Stone, marked: bool) -> char {
    if marked {
        stone.symbol().to_ascii_uppercase()
    } else {
        stone.symbol()
    }
}

/// The column letters, each right-aligned over its point.
fn column_header(width: usize, cell: usize, label: usize) -> String {
    let mut line = " ".repeat(label);
    for x in 0..width {
        let _ = write!(line, "{:>cell$}", column_name(x));
    }
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::levels::analysis::{Heatmap, Score, SearchStats};
    use crate::engine::{BoardInput, MoveInput, Rule};

    fn position(width: i64, moves: &[&str]) -> Position {
        let input = BoardInput::Moves {
            width,
            height: width,
            moves: moves
                .iter()
                .map(|m| MoveInput::Notation((*m).to_string()))
                .collect(),
        };
        Position::parse(&input, Rule::Freestyle, None).expect("legal position")
    }

    fn answer(position: &Position, best: Option<&str>) -> Analysis {
        let size = position.board().size();
        let best = best
            .map(|b| crate::engine::game::notation::parse_point(b, size).expect("on the board"));
        Analysis {
            best,
            score: Score::estimate(0),
            pv: best.into_iter().collect(),
            candidates: Vec::new(),
            heatmap: Heatmap {
                values: vec![None; size.area()],
                forbidden: Vec::new(),
            },
            stats: SearchStats::default(),
        }
    }

    fn rows(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    #[test]
    fn coordinates_frame_the_board_with_rows_counted_from_the_bottom() {
        let pos = position(15, &[]);
        let text = board_text(&pos, &[]);
        let lines = rows(&text);
        assert_eq!(lines.len(), 17);
        assert_eq!(lines[0], "   a b c d e f g h i j k l m n o");
        assert_eq!(lines[16], lines[0]);
        assert_eq!(lines[1], "15 . . . . . . . . . . . . . . . 15");
        assert_eq!(lines[15], " 1 . . . . . . . . . . . . . . . 1");
    }

    #[test]
    fn stones_sit_under_their_column_letters() {
        let pos = position(15, &["h8", "a1", "o15"]);
        let text = board_text(&pos, &[]);
        let lines = rows(&text);
        let column = |letter: char| lines[0].find(letter).expect("letter in header");
        assert_eq!(lines[8].chars().nth(column('h')), Some('x'));
        assert_eq!(lines[15].chars().nth(column('a')), Some('o'));
        assert_eq!(lines[1].chars().nth(column('o')), Some('x'));
    }

    #[test]
    fn last_move_and_ai_move_are_upper_case_and_named() {
        let pos = position(15, &["h8", "i9", "h9"]);
        let reply = text_reply(&pos, Some(&answer(&pos, Some("h10"))));
        let lines = rows(&reply);
        let column = lines[0].find('h').expect("h in header");
        // Row 10 is line 6, row 9 is line 7 (line 1 is row 15).
        assert_eq!(lines[6].chars().nth(column), Some('O'), "{reply}");
        assert_eq!(lines[7].chars().nth(column), Some('X'), "{reply}");
        assert_eq!(lines[8].chars().nth(column), Some('x'), "{reply}");
        assert!(lines[17].contains("Last move h9."), "{reply}");
        assert!(lines[17].contains("AI (white) plays h10"), "{reply}");
        assert_eq!(lines[18], "The game goes on.");
    }

    #[test]
    fn a_winning_ai_move_is_announced() {
        let pos = position(15, &["h8", "a1", "h9", "a2", "h10", "a3", "h11", "b5"]);
        let reply = text_reply(&pos, Some(&answer(&pos, Some("h12"))));
        assert!(
            reply.ends_with("Black won with five in a row.\n"),
            "{reply}"
        );
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let pos = position(
            15,
            &["h8", "a1", "h9", "a2", "h10", "a3", "h11", "b5", "h12"],
        );
        let reply = text_reply(&pos, Some(&answer(&pos, None)));
        assert!(
            reply.ends_with("Last move h12. No move: Black won with five in a row.\n"),
            "{reply}"
        );
    }

    #[test]
    fn wide_boards_use_two_letter_columns_and_stay_aligned() {
        let pos = position(28, &["ab28"]);
        let text = board_text(&pos, &[]);
        let lines = rows(&text);
        assert!(lines[0].ends_with("  z aa ab"), "{text}");
        assert!(lines.iter().all(|l| l.is_ascii()));
        let column = lines[0].len() - 1;
        assert_eq!(lines[1].chars().nth(column), Some('x'), "{text}");
        assert_eq!(lines[1].len(), lines[2].len());
    }
}
