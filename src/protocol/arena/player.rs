//! The two kinds of arena players: one of this engine's levels, called in-process, and an
//! external `pbrain` engine driven over its stdin/stdout like a tournament manager would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::engine::{levels, Difficulty, Point, Position, Rule, SearchRequest, Stone};
use crate::protocol::pbrain;
use crate::protocol::pbrain::clock::{Overhead, TimeControl};

/// How long an external engine may take to start and answer `START`.
const START_WAIT: Duration = Duration::from_secs(10);

/// How long a move may wait for a reply when there is no per-move limit.
const UNLIMITED_WAIT: Duration = Duration::from_secs(3_600);

/// Who plays: parsed from `--engine 'name=A cmd=./pbrain-x --flag'` or `level=hard`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// One of this engine's levels.
    Level {
        /// Display name.
        name: String,
        /// The level.
        difficulty: Difficulty,
    },
    /// An external pbrain engine.
    External {
        /// Display name.
        name: String,
        /// Program and arguments.
        command: Vec<String>,
    },
}

/// An `--engine` value that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Neither `level=` nor `cmd=` was given.
    #[error("engine '{0}': give level=<difficulty> or cmd=<program and arguments>")]
    NoEngine(String),
    /// Both were given.
    #[error("engine '{0}': give level= or cmd=, not both")]
    Both(String),
    /// A `key=value` item with an unknown key.
    #[error("engine '{spec}': unknown key '{key}' (expected name, level or cmd)")]
    UnknownKey {
        /// The whole value.
        spec: String,
        /// The key.
        key: String,
    },
    /// A bad level name.
    #[error("engine '{spec}': {reason}")]
    Level {
        /// The whole value.
        spec: String,
        /// What is wrong.
        reason: String,
    },
}

impl PlayerSpec {
    /// Reads `name=A level=hard` or `name=B cmd=program args…` (`cmd=` takes the rest).
    pub fn parse(spec: &str) -> Result<PlayerSpec, SpecError> {
        let (head, command) = match spec.find("cmd=") {
            Some(at) => (&spec[..at], Some(spec[at + 4..].trim())),
            None => (spec, None),
        };
        let mut name = None;
        let mut level = None;
        for item in head.split_whitespace() {
            match item.split_once('=') {
                Some(("name", value)) => name = Some(value.to_string()),
                Some(("level", value)) => {
                    level = Some(value.parse::<Difficulty>().map_err(|e| SpecError::Level {
                        spec: spec.to_string(),
                        reason: e.to_string(),
                    })?);
                }
                _ => {
                    return Err(SpecError::UnknownKey {
                        spec: spec.to_string(),
                        key: item.to_string(),
                    })
                }
            }
        }
        let command: Option<Vec<String>> = command
            .map(|c| c.split_whitespace().map(str::to_string).collect())
            .filter(|c: &Vec<String>| !c.is_empty());
        match (level, command) {
            (Some(difficulty), None) => Ok(PlayerSpec::Level {
                name: name.unwrap_or_else(|| difficulty.name().to_string()),
                difficulty,
            }),
            (None, Some(command)) => Ok(PlayerSpec::External {
                name: name.unwrap_or_else(|| command[0].clone()),
                command,
            }),
            (Some(_), Some(_)) => Err(SpecError::Both(spec.to_string())),
            (None, None) => Err(SpecError::NoEngine(spec.to_string())),
        }
    }

    /// The display name.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            PlayerSpec::Level { name, .. } | PlayerSpec::External { name, .. } => name,
        }
    }
}

/// What the arena tells a player about a game before it starts.
#[derive(Clone, Copy, Debug)]
pub struct GameSetup {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The rule.
    pub rule: Rule,
    /// Per-move limit in ms (0 = as fast as possible).
    pub move_ms: i64,
    /// Per-game limit in ms (0 = none).
    pub game_ms: i64,
    /// Memory limit in bytes passed to external engines (0 = none).
    pub max_memory: u64,
    /// Threads each player may search with: a level's search uses them, an external engine
    /// is told by `INFO thread_num`.
    pub threads: usize,
    /// Seed of the levels' choice among equal moves; `None` plays deterministically. Rounds
    /// after a book's first get one, so that repeating the book plays new games.
    pub seed: Option<u64>,
}

/// Why a player lost without a move on the board: the reason is recorded with the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The engine process could not start, exited or closed its output.
    #[error("crashed: {0}")]
    Crash(String),
    /// No reply within the limit and the tolerance.
    #[error("timeout: no reply within {0} ms")]
    Timeout(u128),
    /// A reply that is not what the protocol asks for.
    #[error("protocol: {0}")]
    Protocol(String),
}

/// A player in one game.
pub enum Player {
    /// A level searched in-process with this many threads.
    Level {
        /// The level.
        difficulty: Difficulty,
        /// Threads its search may use.
        threads: usize,
        /// Its seed for this game.
        seed: Option<u64>,
    },
    /// A running external engine.
    External(External),
}

impl Player {
    /// Starts a player for one game (an external engine gets a fresh process).
    pub fn start(
        spec: &PlayerSpec,
        setup: &GameSetup,
        tolerance: Duration,
    ) -> Result<Player, Failure> {
        match spec {
            PlayerSpec::Level { difficulty, .. } => Ok(Player::Level {
                difficulty: *difficulty,
                threads: setup.threads,
                seed: setup.seed,
            }),
            PlayerSpec::External { command, .. } => {
                External::start(command, setup, tolerance).map(Player::External)
            }
        }
    }

    /// Asks for a move in `position` (whose side to move is this player's colour). A level
    /// keeps only an in-process search's margin from the limit; an external engine gets the
    /// time control and keeps its own.
    pub fn play(
        &mut self,
        position: &Position,
        time: &TimeControl,
        wait: Duration,
    ) -> Result<Point, Failure> {
        match self {
            Player::Level {
                difficulty,
                threads,
                seed,
            } => {
                let mut request =
                    SearchRequest::new(*difficulty, time.budget_for(Overhead::InProcess));
                request.threads = *threads;
                request.seed = *seed;
                levels::analyze(position, &request)
                    .best
                    .ok_or_else(|| Failure::Protocol("the level found no move".into()))
            }
            Player::External(engine) => engine.play(position, time, wait),
        }
    }
}

/// An external engine process and what it has been told so far.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Moves of the game the engine has seen (it gets `BOARD` once, then `TURN`s).
    seen: usize,
    game_ms: i64,
}

impl External {
    fn start(
        command: &[String],
        setup: &GameSetup,
        tolerance: Duration,
    ) -> Result<External, Failure> {
        let mut child = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Failure::Crash(format!("cannot run {}: {e}", command[0])))?;
        let stdin = child
            .stdin
            .take()
            .ok_or(Failure::Crash("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or(Failure::Crash("no stdout".into()))?;
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = External {
            child,
            stdin,
            lines,
            seen: 0,
            game_ms: setup.game_ms,
        };
        engine.handshake(setup, tolerance)?;
        Ok(engine)
    }

    fn handshake(&mut self, setup: &GameSetup, tolerance: Duration) -> Result<(), Failure> {
        if setup.width == setup.height {
            self.send(&format!("START {}", setup.width))?;
        } else {
            self.send(&format!("RECTSTART {},{}", setup.width, setup.height))?;
        }
        let reply = self.reply(START_WAIT + tolerance)?;
        if reply.trim() != "OK" {
            return Err(Failure::Protocol(format!("START answered '{reply}'")));
        }
        self.send(&format!("INFO timeout_turn {}", setup.move_ms))?;
        self.send(&format!("INFO timeout_match {}", setup.game_ms))?;
        self.send(&format!("INFO max_memory {}", setup.max_memory))?;
        self.send(&format!("INFO thread_num {}", setup.threads))?;
        self.send(&format!("INFO rule {}", pbrain::rule_bits(setup.rule)))?;
        self.send("INFO game_type 1")?;
        Ok(())
    }

    fn play(
        &mut self,
        position: &Position,
        time: &TimeControl,
        wait: Duration,
    ) -> Result<Point, Failure> {
        if self.game_ms > 0 {
            let left = time.time_left.unwrap_or(self.game_ms);
            self.send(&format!("INFO time_left {left}"))?;
        }
        let history = position.board().history();
        let mine = position.to_move();
        match history {
            [] => self.send("BEGIN")?,
            [.., last] if self.seen + 1 == history.len() => {
                self.send(&format!("TURN {},{}", last.x, last.y))?;
            }
            _ => {
                // First move of this engine in the game: the whole position, in play order.
                self.send("BOARD")?;
                for (i, p) in history.iter().enumerate() {
                    let colour = if i % 2 == 0 {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    let field = if colour == mine { 1 } else { 2 };
                    self.send(&format!("{},{},{field}", p.x, p.y))?;
                }
                self.send("DONE")?;
            }
        }
        let reply = self.reply(wait)?;
        let point = parse_move(&reply)?;
        self.seen = history.len() + 1;
        Ok(point)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Failure::Crash(format!("writing to the engine: {e}")))
    }

    /// The next reply line that is not a MESSAGE or DEBUG line.
    fn reply(&mut self, wait: Duration) -> Result<String, Failure> {
        let deadline = Instant::now() + wait.min(UNLIMITED_WAIT);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let upper = line.trim_start().to_ascii_uppercase();
                    if upper.starts_with("MESSAGE")
                        || upper.starts_with("DEBUG")
                        || line.trim().is_empty()
                    {
                        continue;
                    }
                    if upper.starts_with("ERROR") || upper.starts_with("UNKNOWN") {
                        return Err(Failure::Protocol(format!("answered '{}'", line.trim())));
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Timeout(wait.as_millis())),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Failure::Crash("the engine closed its output".into()))
                }
            }
        }
    }
}

impl Drop for External {
    /// Asks the engine to end, gives it a moment, then makes sure it is gone.
    fn drop(&mut self) {
        let _ = self.send("END");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads an `x,y` move reply.
fn parse_move(reply: &str) -> Result<Point, Failure> {
    let bad = || Failure::Protocol(format!("'{}' is not a move x,y", reply.trim()));
    let (x, y) = reply.trim().split_once(',').ok_or_else(bad)?;
    let x: usize = x.trim().parse().map_err(|_| bad())?;
    let y: usize = y.trim().parse().map_err(|_| bad())?;
    if x >= 32 || y >= 32 {
        return Err(Failure::Protocol(format!("{x},{y} is off every board")));
    }
    Ok(Point::new(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_engine_specs() {
        assert_eq!(
            PlayerSpec::parse("level=hard"),
            Ok(PlayerSpec::Level {
                name: "hard".into(),
                difficulty: Difficulty::Hard
            })
        );
        assert_eq!(
            PlayerSpec::parse("name=A cmd=./pbrain-x --level easy"),
            Ok(PlayerSpec::External {
                name: "A".into(),
                command: vec!["./pbrain-x".into(), "--level".into(), "easy".into()]
            })
        );
        assert!(matches!(
            PlayerSpec::parse("name=A"),
            Err(SpecError::NoEngine(_))
        ));
        assert!(matches!(
            PlayerSpec::parse("level=hard cmd=x"),
            Err(SpecError::Both(_))
        ));
        assert!(matches!(
            PlayerSpec::parse("level=grandmaster"),
            Err(SpecError::Level { .. })
        ));
        assert!(matches!(
            PlayerSpec::parse("colour=black level=hard"),
            Err(SpecError::UnknownKey { .. })
        ));
    }

    #[test]
    fn parses_move_replies() {
        assert_eq!(parse_move("7,8"), Ok(Point::new(7, 8)));
        assert_eq!(parse_move(" 7 , 8 \r"), Ok(Point::new(7, 8)));
        assert!(parse_move("h8").is_err());
        assert!(parse_move("-1,3").is_err());
        assert!(parse_move("40,3").is_err());
    }
}
