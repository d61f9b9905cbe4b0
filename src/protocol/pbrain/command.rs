//! Parsing one line of the Gomocup (Piskvork) brain protocol into a typed command.
//!
//! Commands are matched case-insensitively. Anything that names a known command but does not
//! parse becomes a `CommandError` whose message says what is wrong; a name we do not know is
//! `Command::Unknown`, which the brain answers with `UNKNOWN` as the protocol asks.

use std::num::ParseIntError;

/// One parsed protocol line (outside a `BOARD` block).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n`: a new square board.
    Start(i64),
    /// `RECTSTART w,h`: a new rectangular board.
    RectStart(i64, i64),
    /// `RESTART`: an empty board of the same size, settings kept.
    Restart,
    /// `BEGIN`: the brain opens on the empty board.
    Begin,
    /// `TURN x,y`: the opponent played x,y; the brain answers with its move.
    Turn(i64, i64),
    /// `BOARD`: a whole position follows, one `x,y,field` line each, ended by `DONE`.
    Board,
    /// `TAKEBACK x,y`: remove the stone at x,y.
    Takeback(i64, i64),
    /// `INFO key value`.
    Info(Info),
    /// `END`: quit.
    End,
    /// `ABOUT`: identify the brain.
    About,
    /// A command name this brain does not know.
    Unknown(String),
}

/// An `INFO` setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// Milliseconds per move; 0 means play as fast as possible.
    TimeoutTurn(i64),
    /// Milliseconds for the whole match; 0 means no limit.
    TimeoutMatch(i64),
    /// Milliseconds left for the match (may be negative).
    TimeLeft(i64),
    /// Memory limit in bytes; 0 means no limit.
    MaxMemory(i64),
    /// Rule bitmask: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    Rule(i64),
    /// Who the opponent is (0 human, 1 brain, 2 tournament, 3 network tournament).
    GameType(i64),
    /// A folder for persistent files.
    Folder(String),
    /// Threads the brain may search with (`thread_num`, as managers that allow more than
    /// one send it).
    ThreadNum(i64),
    /// A key this brain ignores (e.g. `evaluate`).
    Ignored(String),
}

/// A line that names a known command but is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The line was empty.
    #[error("empty line")]
    Empty,
    /// A required argument is missing.
    #[error("{command} needs {expected}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs, e.g. `x,y`.
        expected: &'static str,
    },
    /// A number that does not parse.
    #[error("{command}: '{text}' is not an integer ({source})")]
    NotANumber {
        /// The command.
        command: &'static str,
        /// The offending text.
        text: String,
        /// Why it failed.
        source: ParseIntError,
    },
    /// The wrong count of comma-separated numbers.
    #[error("{command}: expected {expected} comma-separated numbers, found '{found}'")]
    Arity {
        /// The command.
        command: &'static str,
        /// How many numbers it takes.
        expected: usize,
        /// What came instead.
        found: String,
    },
}

/// Parses one command line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let (name, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(n, r)| (n, r.trim()));
    if name.is_empty() {
        return Err(CommandError::Empty);
    }
    let command = match name.to_ascii_uppercase().as_str() {
        "START" => Command::Start(single("START", rest)?),
        "RECTSTART" => {
            let [w, h] = numbers::<2>("RECTSTART", rest, "w,h")?;
            Command::RectStart(w, h)
        }
        "RESTART" => Command::Restart,
        "BEGIN" => Command::Begin,
        "TURN" => {
            let [x, y] = numbers::<2>("TURN", rest, "x,y")?;
            Command::Turn(x, y)
        }
        "BOARD" => Command::Board,
        "TAKEBACK" => {
            let [x, y] = numbers::<2>("TAKEBACK", rest, "x,y")?;
            Command::Takeback(x, y)
        }
        "INFO" => Command::Info(parse_info(rest)?),
        "END" => Command::End,
        "ABOUT" => Command::About,
        _ => Command::Unknown(name.to_string()),
    };
    Ok(command)
}

/// Parses one `x,y,field` line of a `BOARD` block.
pub fn parse_board_line(line: &str) -> Result<[i64; 3], CommandError> {
    numbers("BOARD line", line, "x,y,field")
}

fn parse_info(rest: &str) -> Result<Info, CommandError> {
    let (key, value) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(k, v)| (k, v.trim()));
    if key.is_empty() {
        return Err(CommandError::Missing {
            command: "INFO",
            expected: "a key and a value",
        });
    }
    let info = match key.to_ascii_lowercase().as_str() {
        "timeout_turn" => Info::TimeoutTurn(single("INFO timeout_turn", value)?),
        "timeout_match" => Info::TimeoutMatch(single("INFO timeout_match", value)?),
        "time_left" => Info::TimeLeft(single("INFO time_left", value)?),
        "max_memory" => Info::MaxMemory(single("INFO max_memory", value)?),
        "rule" => Info::Rule(single("INFO rule", value)?),
        "game_type" => Info::GameType(single("INFO game_type", value)?),
        "folder" => Info::Folder(value.to_string()),
        "thread_num" => Info::ThreadNum(single("INFO thread_num", value)?),
        other => Info::Ignored(other.to_string()),
    };
    Ok(info)
}

fn single(command: &'static str, text: &str) -> Result<i64, CommandError> {
    if text.is_empty() {
        return Err(CommandError::Missing {
            command,
            expected: "a number",
        });
    }
    number(command, text)
}

fn number(command: &'static str, text: &str) -> Result<i64, CommandError> {
    text.trim()
        .parse()
        .map_err(|source| CommandError::NotANumber {
            command,
            text: text.trim().to_string(),
            source,
        })
}

fn numbers<const N: usize>(
    command: &'static str,
    text: &str,
    expected: &'static str,
) -> Result<[i64; N], CommandError> {
    if text.trim().is_empty() {
        return Err(CommandError::Missing { command, expected });
    }
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != N {
        return Err(CommandError::Arity {
            command,
            expected: N,
            found: text.trim().to_string(),
        });
    }
    let mut values = [0; N];
    for (value, part) in values.iter_mut().zip(parts) {
        *value = number(command, part)?;
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands_case_insensitively() {
        assert_eq!(parse("start 15"), Ok(Command::Start(15)));
        assert_eq!(parse("RECTSTART 20,15"), Ok(Command::RectStart(20, 15)));
        assert_eq!(parse("TURN 7, 8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse("takeback 1,2"), Ok(Command::Takeback(1, 2)));
        assert_eq!(
            parse("INFO timeout_turn 5000"),
            Ok(Command::Info(Info::TimeoutTurn(5000)))
        );
        assert_eq!(
            parse("INFO THREAD_NUM 4"),
            Ok(Command::Info(Info::ThreadNum(4)))
        );
        assert_eq!(
            parse("INFO evaluate 3,4"),
            Ok(Command::Info(Info::Ignored("evaluate".into())))
        );
        assert_eq!(
            parse("SWAP2BOARD"),
            Ok(Command::Unknown("SWAP2BOARD".into()))
        );
    }

    #[test]
    fn malformed_lines_say_why() {
        assert_eq!(
            parse("TURN"),
            Err(CommandError::Missing {
                command: "TURN",
                expected: "x,y"
            })
        );
        let err = parse("TURN 3").unwrap_err();
        assert!(err.to_string().contains("expected 2"), "{err}");
        let err = parse("START abc").unwrap_err();
        assert!(err.to_string().contains("'abc' is not an integer"), "{err}");
        assert!(parse("INFO rule x").is_err());
        assert_eq!(parse("   "), Err(CommandError::Empty));
    }

    #[test]
    fn parses_board_lines() {
        assert_eq!(parse_board_line("7,7,1"), Ok([7, 7, 1]));
        assert!(parse_board_line("7,7").is_err());
    }
}
