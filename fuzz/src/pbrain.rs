//! The Gomocup brain protocol's line parser (`protocol::pbrain::command`): a command line, or one
//! `x,y,field` line of a `BOARD` block.

use gomoku_ai::protocol::pbrain::command::{self, Command};

/// The first byte picks the parser (command line or board line), the rest is the line.
pub fn check_pbrain(data: &[u8]) {
    let Some((&selector, line)) = data.split_first() else {
        return;
    };
    let line = String::from_utf8_lossy(line);
    if selector % 2 == 0 {
        check_command(&line);
    } else {
        check_board_line(&line);
    }
}

/// A command parses the same in any letter case and reads back from its canonical form; a
/// malformed one says why.
fn check_command(line: &str) {
    let parsed = match command::parse(line) {
        Ok(parsed) => parsed,
        Err(error) => {
            assert!(!error.to_string().is_empty(), "empty error for {line:?}");
            return;
        }
    };
    let canonical = match &parsed {
        Command::Start(n) => Some(format!("START {n}")),
        Command::RectStart(w, h) => Some(format!("RECTSTART {w},{h}")),
        Command::Turn(x, y) => Some(format!("TURN {x},{y}")),
        Command::Takeback(x, y) => Some(format!("TAKEBACK {x},{y}")),
        Command::Restart => Some("RESTART".to_string()),
        Command::Begin => Some("BEGIN".to_string()),
        Command::Board => Some("BOARD".to_string()),
        Command::End => Some("END".to_string()),
        Command::About => Some("ABOUT".to_string()),
        // INFO values and unknown names keep their text as given.
        Command::Info(_) | Command::Unknown(_) => None,
    };
    if let Some(canonical) = canonical {
        assert_eq!(
            command::parse(&canonical).as_ref(),
            Ok(&parsed),
            "{line:?} -> {canonical:?}"
        );
        assert_eq!(
            command::parse(&line.to_ascii_lowercase()).as_ref(),
            Ok(&parsed),
            "{line:?} in lower case"
        );
    }
}

/// A board line reads back from its canonical form; a malformed one says why.
fn check_board_line(line: &str) {
    match command::parse_board_line(line) {
        Ok([x, y, field]) => assert_eq!(
            command::parse_board_line(&format!("{x},{y},{field}")),
            Ok([x, y, field]),
            "{line:?}"
        ),
        Err(error) => assert!(!error.to_string().is_empty(), "empty error for {line:?}"),
    }
}
