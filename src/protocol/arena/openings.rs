//! Opening books for the arena: short move sequences played before the engines take over.
//!
//! Two line formats, detected per line (a `#` starts a comment to the end of the line; lines
//! left blank are skipped):
//! - ours: moves in notation on a 15 × 15 board, space-separated, Black first (`h8 i9 h10`);
//! - Gomocup's: `dx,dy` offsets from the centre, comma-separated (`0,0, 1,1, 0,2`), with y
//!   growing downwards as in protocol coordinates.
//!
//! Both are kept as offsets from the centre, so one book serves every board size whose centre
//! leaves room for it.

use crate::engine::{game::notation, BoardInput, BoardSize, MoveInput, Position, Rule};

/// The built-in book: balanced 3–5 stone openings near the centre of 15 × 15 (see the file's
/// header for how they were chosen and judged).
pub const BUILTIN: &str = include_str!("../../../openings/freestyle-15.txt");

/// One opening: offsets `(dx, dy)` from the centre, in play order (Black first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The moves as offsets from the board's centre.
    pub offsets: Vec<(i64, i64)>,
}

/// A line of an openings file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("openings line {line}: {reason}")]
pub struct OpeningError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Reads an openings file in either format.
pub fn parse(text: &str) -> Result<Vec<Opening>, OpeningError> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i, l.split('#').next().unwrap_or_default().trim()))
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| {
            parse_line(l).map_err(|reason| OpeningError {
                line: i + 1,
                reason,
            })
        })
        .collect()
}

fn parse_line(line: &str) -> Result<Opening, String> {
    let offsets = if line.contains(',') {
        gomocup_offsets(line)?
    } else {
        notation_offsets(line)?
    };
    if offsets.is_empty() {
        return Err("no moves".into());
    }
    Ok(Opening { offsets })
}

fn gomocup_offsets(line: &str) -> Result<Vec<(i64, i64)>, String> {
    let numbers: Vec<i64> = line
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse()
                .map_err(|e| format!("'{t}' is not an integer ({e})"))
        })
        .collect::<Result<_, _>>()?;
    if !numbers.len().is_multiple_of(2) {
        return Err(format!(
            "{} numbers: offsets come in dx,dy pairs",
            numbers.len()
        ));
    }
    Ok(numbers.chunks(2).map(|c| (c[0], c[1])).collect())
}

fn notation_offsets(line: &str) -> Result<Vec<(i64, i64)>, String> {
    let size = BoardSize::STANDARD;
    let centre = size.center();
    line.split_whitespace()
        .map(|m| {
            let p = notation::parse_point(m, size).map_err(|e| format!("'{m}': {e}"))?;
            Ok((p.x as i64 - centre.x as i64, p.y as i64 - centre.y as i64))
        })
        .collect()
}

impl Opening {
    /// The opening on a board of `size` under `rule`, as a position (Black moved first).
    /// Fails when a move falls off the board, repeats, or ends the game.
    pub fn position(&self, size: BoardSize, rule: Rule) -> Result<Position, String> {
        let centre = size.center();
        let moves = self
            .offsets
            .iter()
            .map(|&(dx, dy)| MoveInput::Pair(centre.x as i64 + dx, centre.y as i64 + dy))
            .collect();
        let input = BoardInput::Moves {
            width: size.width() as i64,
            height: size.height() as i64,
            moves,
        };
        let position = Position::parse(&input, rule, None).map_err(|e| e.to_string())?;
        if position.verdict().is_over() {
            return Err(format!("the opening ends the game: {}", position.verdict()));
        }
        Ok(position)
    }

    /// The opening in our notation format on a board of `size`.
    pub fn notation(&self, size: BoardSize, rule: Rule) -> Result<String, String> {
        Ok(self.position(size, rule)?.move_notations().join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Point;

    #[test]
    fn both_formats_read_the_same_opening() {
        let ours = parse("# comment\n\nh8 i9 h10  # and a comment after it\n").unwrap();
        let gomocup = parse("0,0, 1,-1, 0,-2").unwrap();
        assert_eq!(ours, gomocup);
        assert_eq!(ours[0].offsets, vec![(0, 0), (1, -1), (0, -2)]);
    }

    #[test]
    fn offsets_follow_the_centre_of_each_board() {
        let opening = &parse("0,0, 1,1").unwrap()[0];
        let big = BoardSize::square(20).unwrap();
        let position = opening.position(big, Rule::Freestyle).unwrap();
        assert_eq!(
            position.board().history(),
            &[Point::new(9, 9), Point::new(10, 10)]
        );
        assert_eq!(
            opening.notation(BoardSize::STANDARD, Rule::Freestyle),
            Ok("h8 i7".into())
        );
    }

    #[test]
    fn bad_lines_name_their_line_number() {
        let error = parse("h8 i9\n0,0, 1").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.reason.contains("pairs"), "{error}");
        let error = parse("h8 zz99").unwrap_err();
        assert_eq!(error.line, 1);
        assert!(parse("0,0, x,1").is_err());
    }

    /// The book in `text` holds at least forty openings, no two alike, each legal and
    /// undecided under every one of `rules`.
    fn assert_forty_legal_undecided_distinct(text: &str, rules: &[Rule]) -> Vec<Opening> {
        let book = parse(text).unwrap();
        assert!(book.len() >= 40, "{}", book.len());
        for opening in &book {
            for &rule in rules {
                let position = opening.position(BoardSize::STANDARD, rule).unwrap();
                assert!(!position.verdict().is_over(), "{opening:?}");
            }
        }
        let distinct: std::collections::HashSet<_> = book.iter().map(|o| &o.offsets).collect();
        assert_eq!(distinct.len(), book.len());
        book
    }

    #[test]
    fn the_built_in_book_has_forty_short_central_legal_openings() {
        let book = assert_forty_legal_undecided_distinct(BUILTIN, &Rule::ALL);
        for opening in &book {
            assert!((3..=5).contains(&opening.offsets.len()), "{opening:?}");
            assert!(opening
                .offsets
                .iter()
                .all(|&(dx, dy)| dx.abs() <= 2 && dy.abs() <= 2));
        }
    }

    #[test]
    fn the_balanced_freestyle_book_is_legal_undecided_and_distinct() {
        let text = include_str!("../../../openings/balanced-freestyle-15.txt");
        assert_forty_legal_undecided_distinct(text, &[Rule::Freestyle]);
    }

    #[test]
    fn openings_off_the_board_or_repeating_are_refused() {
        let far = &parse("0,0, 9,0").unwrap()[0];
        assert!(far.position(BoardSize::STANDARD, Rule::Freestyle).is_err());
        let twice = &parse("h8 h8").unwrap()[0];
        assert!(twice
            .position(BoardSize::STANDARD, Rule::Freestyle)
            .is_err());
    }
}
