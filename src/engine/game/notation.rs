//! Renju-style notation: a column letter and a row number counted from the bottom.
//!
//! On 15 × 15, `h8` is the centre (7, 7) and `a15` the top-left (0, 0). Columns past `z`
//! continue `aa`, `ab`, … like spreadsheet columns. Parsing ignores case; printing is
//! lower-case.

use super::geometry::{BoardSize, Point};

/// Why a notation string could not be read as a point.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not letters followed by digits.
    #[error("'{0}' is not a point in notation (a column letter and a row number, like h8)")]
    Malformed(String),
    /// The column letter is past the board's width.
    #[error("column '{column}' is off a {width}-wide board")]
    ColumnOff {
        /// The column letters as given.
        column: String,
        /// The board's width.
        width: usize,
    },
    /// The row number is not within `1..=height`.
    #[error("row {row} is off a {height}-high board")]
    RowOff {
        /// The row number as given.
        row: u64,
        /// The board's height.
        height: usize,
    },
}

/// The letters naming column `x` (0 → `a`, 25 → `z`, 26 → `aa`).
#[must_use]
pub fn column_name(x: usize) -> String {
    let mut letters = Vec::new();
    let mut n = x + 1;
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(b'a' + rem as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The notation of a point on a board of `size`, e.g. `h8`.
#[must_use]
pub fn format_point(point: Point, size: BoardSize) -> String {
    format!(
        "{}{}",
        column_name(point.col()),
        size.height() - point.row()
    )
}

/// Reads a point in notation, case-insensitively, checking it lies on the board.
pub fn parse_point(text: &str, size: BoardSize) -> Result<Point, NotationError> {
    let trimmed = text.trim();
    let split = trimmed
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(trimmed.len());
    let (letters, digits) = trimmed.split_at(split);
    let malformed = || NotationError::Malformed(text.to_string());
    if letters.is_empty()
        || letters.len() > 2
        || digits.is_empty()
        || digits.len() > 3
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(malformed());
    }
    let column = letters.bytes().fold(0usize, |acc, b| {
        acc * 26 + (b.to_ascii_lowercase() - b'a') as usize + 1
    }) - 1;
    if column >= size.width() {
        return Err(NotationError::ColumnOff {
            column: letters.to_ascii_lowercase(),
            width: size.width(),
        });
    }
    let row: u64 = digits.parse().map_err(|_| malformed())?;
    if row == 0 || row > size.height() as u64 {
        return Err(NotationError::RowOff {
            row,
            height: size.height(),
        });
    }
    Ok(Point::new(column, size.height() - row as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(w: i64, h: i64) -> BoardSize {
        BoardSize::new(w, h).unwrap()
    }

    #[test]
    fn centre_and_corners_of_standard_board() {
        let s = BoardSize::STANDARD;
        assert_eq!(format_point(Point::new(7, 7), s), "h8");
        assert_eq!(format_point(Point::new(0, 0), s), "a15");
        assert_eq!(format_point(Point::new(14, 14), s), "o1");
        assert_eq!(parse_point("H8", s), Ok(Point::new(7, 7)));
        assert_eq!(parse_point("a15", s), Ok(Point::new(0, 0)));
    }

    #[test]
    fn columns_past_z_use_two_letters() {
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(31), "af");
        let s = size(32, 32);
        assert_eq!(format_point(Point::new(27, 31), s), "ab1");
        assert_eq!(parse_point("AB1", s), Ok(Point::new(27, 31)));
    }

    #[test]
    fn rejects_off_board_and_garbage() {
        let s = BoardSize::STANDARD;
        assert!(matches!(
            parse_point("p8", s),
            Err(NotationError::ColumnOff { .. })
        ));
        assert!(matches!(
            parse_point("h16", s),
            Err(NotationError::RowOff { .. })
        ));
        assert!(matches!(
            parse_point("h0", s),
            Err(NotationError::RowOff { .. })
        ));
        for bad in ["", "8h", "h", "h-1", "hh8x", "abc1", "h99999999999", "ä8"] {
            assert!(
                matches!(parse_point(bad, s), Err(NotationError::Malformed(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn rectangular_rows_count_from_bottom() {
        let s = size(20, 7);
        assert_eq!(format_point(Point::new(0, 0), s), "a7");
        assert_eq!(parse_point("t1", s), Ok(Point::new(19, 6)));
    }
}
