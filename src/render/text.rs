//! The chat-bot replies: an ASCII board after the AI's move, with coordinates on all four
//! sides, then the move in notation and the verdict in one sentence; and a game review's
//! summary in a few lines.
//!
//! Stones are `x` (Black) and `o` (White), empty points `.`. The opponent's last move and
//! the AI's move are marked by printing their stones in upper case (`X`, `O`): one character
//! per point keeps every column aligned in any monospace font, and marks cannot collide when
//! the two moves are neighbours. Only ASCII is used, so the reply is safe in any chat.

use std::fmt::Write;

use crate::engine::game::notation::{column_name, format_point};
use crate::engine::review::{Label, Review, TurnKind};
use crate::engine::{Analysis, BoardSize, Point, Position, Stone};

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

/// A game review in a few lines: the result, each side's accuracy and labels, the turning
/// points with their lines, then every mistake and blunder with the move it missed. Moves are
/// numbered from 1.
#[must_use]
pub fn review_text(review: &Review) -> String {
    let size = review.size;
    let mut out = format!(
        "Game review: {}. {}\n",
        move_count(review.moves.len()),
        review.result
    );
    for side in Stone::BOTH {
        let summary = &review.summary[side.index()];
        let counts: Vec<String> = Label::ALL
            .iter()
            .filter(|&&label| summary.count(label) > 0)
            .map(|&label| count(summary.count(label), label))
            .collect();
        let _ = match summary.accuracy {
            Some(accuracy) => writeln!(
                out,
                "{}: accuracy {accuracy:.1}%; {}.",
                side.title(),
                counts.join(", ")
            ),
            None => writeln!(out, "{}: no moves.", side.title()),
        };
    }
    if review.turning_points.is_empty() {
        out.push_str("No turning points.\n");
    } else {
        out.push_str("Turning points:\n");
    }
    for turn in &review.turning_points {
        let what = match turn.kind {
            TurnKind::WinAppeared => "forced win appeared",
            TurnKind::WinMissed => "missed forced win",
        };
        let _ = writeln!(
            out,
            "  {}: {}'s {what}: {}",
            numbered(review, turn.ply),
            turn.side.title(),
            line(&turn.line, size)
        );
    }
    let bad = review
        .moves
        .iter()
        .filter(|m| matches!(m.label, Label::Mistake | Label::Blunder));
    for (k, m) in bad.enumerate() {
        if k == 0 {
            out.push_str("Mistakes and blunders:\n");
        }
        let best = m
            .best
            .map(|b| format!("; best {}", format_point(b, size)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {}: {}, {:.0}% lost{best}.",
            numbered(review, m.ply),
            m.label.name(),
            m.loss * 100.0
        );
    }
    out
}

/// `1 move`, `40 moves`.
pub(super) fn move_count(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// `move 12, White j10` for the move at `ply`.
fn numbered(review: &Review, ply: usize) -> String {
    let m = &review.moves[ply];
    format!(
        "move {}, {} {}",
        ply + 1,
        m.side.title(),
        format_point(m.played, review.size)
    )
}

/// `3 best`, `1 inaccuracy`, `2 inaccuracies`, `2 blunders`.
fn count(n: usize, label: Label) -> String {
    let name = label.name();
    match (n, label) {
        (1, _) | (_, Label::Best | Label::Excellent | Label::Good | Label::Forced) => {
            format!("{n} {name}")
        }
        (_, Label::Inaccuracy) => format!("{n} inaccuracies"),
        _ => format!("{n} {name}s"),
    }
}

/// A line of moves in notation, or `-` for none.
fn line(points: &[Point], size: BoardSize) -> String {
    if points.is_empty() {
        return "-".to_string();
    }
    let names: Vec<String> = points.iter().map(|&p| format_point(p, size)).collect();
    names.join(" ")
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
    use crate::engine::{BoardInput, Rule};

    fn position(width: i64, moves: &[&str]) -> Position {
        let input = BoardInput::notation(width, width, moves);
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
    fn a_review_is_summed_up_with_its_turning_points_and_mistakes() {
        use crate::engine::levels::analysis::{Heatmap, SearchStats};
        use crate::engine::review::Game;
        let game = Game::of(&position(15, &["h8", "a1", "i9"]));
        let at = |best: &str, pv: &[&str], score: Score| {
            let size = game.positions()[0].board().size();
            let point = |p: &str| crate::engine::game::notation::parse_point(p, size).unwrap();
            Some(Analysis {
                best: Some(point(best)),
                score,
                pv: std::iter::once(best)
                    .chain(pv.iter().copied())
                    .map(point)
                    .collect(),
                candidates: Vec::new(),
                heatmap: Heatmap {
                    values: vec![None; size.area()],
                    forbidden: Vec::new(),
                },
                stats: SearchStats::default(),
            })
        };
        let even = |p: f64| Score {
            win_probability: p,
            ..Score::estimate(0)
        };
        // White's a1 lets Black's forced win appear (from 45 % to nothing: a blunder).
        let review = game.review(&[
            at("h8", &[], even(0.5)),
            at("i9", &[], even(0.45)),
            at("j10", &["k11", "g7"], Score::win_in(5)),
            at("g7", &[], Score::loss_in(4)),
        ]);
        let text = review_text(&review);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0], "Game review: 3 moves. The game goes on.",
            "{text}"
        );
        assert_eq!(
            lines[1], "Black: accuracy 100.0%; 1 best, 1 excellent.",
            "{text}"
        );
        assert_eq!(lines[2], "White: accuracy 11.4%; 1 blunder.", "{text}");
        assert_eq!(lines[3], "Turning points:", "{text}");
        assert_eq!(
            lines[4], "  move 2, White a1: Black's forced win appeared: j10 k11 g7",
            "{text}"
        );
        assert_eq!(lines[5], "Mistakes and blunders:", "{text}");
        assert_eq!(
            lines[6], "  move 2, White a1: blunder, 45% lost; best i9.",
            "{text}"
        );
        assert!(text.is_ascii());
    }

    #[test]
    fn label_counts_are_worded_in_the_plural() {
        assert_eq!(count(2, Label::Inaccuracy), "2 inaccuracies");
        assert_eq!(count(1, Label::Inaccuracy), "1 inaccuracy");
        assert_eq!(count(3, Label::Blunder), "3 blunders");
        assert_eq!(count(4, Label::Best), "4 best");
        assert_eq!(count(2, Label::Forced), "2 forced");
        assert_eq!(move_count(1), "1 move");
        assert_eq!(move_count(0), "0 moves");
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
