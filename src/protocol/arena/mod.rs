//! The arena: matches between two players (this engine's levels or external `pbrain`
//! engines) over an openings book, each opening played twice with colours swapped.
//!
//! Games are adjudicated by this engine's own rules: a five (exactly five where the rule says
//! so), a renju foul for Black, a full board. A crash, an illegal or malformed move, or a move
//! slower than its limit plus the tolerance loses, with the reason recorded. Games run on up
//! to `concurrency` threads; each finished game is reported as it comes in.

pub mod elo;
pub mod games_file;
pub mod openings;
pub mod pairs;
pub mod player;
pub mod sprt;

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use self::elo::Tally;
use self::openings::Opening;
use self::player::{Failure, GameSetup, Player, PlayerSpec};
use crate::engine::{game::notation, BoardSize, Point, Position, Rule, Stone};
use crate::protocol::pbrain::clock::TimeControl;

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Board size.
    pub size: BoardSize,
    /// Rule set.
    pub rule: Rule,
    /// Per-move limit in ms (0 = as fast as possible, not enforced).
    pub move_ms: i64,
    /// Per-game limit per player in ms (0 = none).
    pub game_ms: i64,
    /// Lateness forgiven before a timeout loses.
    pub tolerance: Duration,
    /// Memory limit passed to external engines in bytes (0 = none).
    pub max_memory: u64,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Threads each player may search with (see `GameSetup::threads`).
    pub threads: usize,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Stone>,
    /// Why, e.g. `five`, `white: timeout: …`.
    pub reason: String,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Index of the game in the match (0-based).
    pub index: usize,
    /// Index of the opening in the book.
    pub opening: usize,
    /// How many of `moves` were the opening.
    pub opening_len: usize,
    /// Name of the player with Black.
    pub black: String,
    /// Name of the player with White.
    pub white: String,
    /// Whether the match's first player had Black.
    pub first_is_black: bool,
    /// All moves, opening included.
    pub moves: Vec<Point>,
    /// The result.
    pub outcome: Outcome,
    /// Slowest move of [Black, White].
    pub max_move: [Duration; 2],
}

impl GameRecord {
    /// This game's result for the match's first player, as a one-game tally.
    #[must_use]
    pub fn first_player_result(&self) -> Tally {
        let side = if self.first_is_black {
            Stone::Black
        } else {
            Stone::White
        };
        Tally::of_game(self.outcome.winner, side)
    }

    /// The game as one text line: result, players, reason, then the moves in notation.
    #[must_use]
    pub fn text(&self, size: BoardSize) -> String {
        let result = result_text(self.outcome.winner);
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|&p| notation::format_point(p, size))
            .collect();
        format!(
            "game {} opening {} black={} white={} result={result} reason=\"{}\" moves: {} | {}",
            self.index + 1,
            self.opening + 1,
            self.black,
            self.white,
            self.outcome.reason,
            moves[..self.opening_len].join(" "),
            moves[self.opening_len..].join(" ")
        )
    }

    /// The game as SGF (GM[4] is five-in-a-row; points are column then row letters).
    #[must_use]
    pub fn sgf(&self, size: BoardSize, rule: Rule) -> String {
        let letter = |v: u8| char::from(if v < 26 { b'a' + v } else { b'A' + v - 26 });
        let result = match self.outcome.winner {
            Some(Stone::Black) => "B+",
            Some(Stone::White) => "W+",
            None => "0",
        };
        let board = if size.is_square() {
            size.width().to_string()
        } else {
            format!("{}:{}", size.width(), size.height())
        };
        let mut sgf = format!(
            "(;GM[4]FF[4]SZ[{board}]RU[{}]PB[{}]PW[{}]RE[{result}]GC[{}]",
            rule,
            self.black,
            self.white,
            self.outcome.reason.replace(']', "\\]")
        );
        for (i, p) in self.moves.iter().enumerate() {
            let colour = if i % 2 == 0 { 'B' } else { 'W' };
            let _ = write!(sgf, ";{colour}[{}{}]", letter(p.x), letter(p.y));
        }
        sgf.push(')');
        sgf
    }
}

/// A game's result as its text line writes it: `1-0` (Black won), `0-1` or `1/2-1/2`.
#[must_use]
pub fn result_text(winner: Option<Stone>) -> &'static str {
    match winner {
        Some(Stone::Black) => "1-0",
        Some(Stone::White) => "0-1",
        None => "1/2-1/2",
    }
}

/// The result of a whole match, from the first player's side.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// Wins, losses, draws of the first player.
    pub tally: Tally,
    /// Every game, in the order they were scheduled.
    pub games: Vec<GameRecord>,
    /// Slowest move of [first player, second player].
    pub max_move: [Duration; 2],
}

/// Plays every opening twice, colours swapped, between `first` and `second`. `on_game` sees
/// each game as it finishes, with the tally so far.
pub fn play_match(
    config: &MatchConfig,
    first: &PlayerSpec,
    second: &PlayerSpec,
    openings: &[Opening],
    mut on_game: impl FnMut(&GameRecord, &Tally),
) -> Result<MatchResult, String> {
    play_match_until(config, [first, second], openings, 1, |game, tally| {
        on_game(game, tally);
        ControlFlow::Continue(())
    })
}

/// Plays the openings `rounds` times over, each twice with colours swapped, until `on_game`
/// says to stop (as a sequential test does once it has decided). Games `2k` and `2k + 1` are
/// one opening's pair. After a stop each game thread starts at most the one game it may
/// already have claimed; the games still running finish and are reported and counted too.
pub fn play_match_until(
    config: &MatchConfig,
    [first, second]: [&PlayerSpec; 2],
    openings: &[Opening],
    rounds: usize,
    mut on_game: impl FnMut(&GameRecord, &Tally) -> ControlFlow<()>,
) -> Result<MatchResult, String> {
    let starts: Vec<Position> = openings
        .iter()
        .enumerate()
        .map(|(i, o)| {
            o.position(config.size, config.rule)
                .map_err(|e| format!("opening {}: {e}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    let jobs: Vec<(usize, bool)> = (0..rounds)
        .flat_map(|_| 0..starts.len())
        .flat_map(|o| [(o, true), (o, false)])
        .collect();
    let next = AtomicUsize::new(0);
    // A rendezvous channel: a game thread hands over its game only when the results are read,
    // so it can claim at most one more game before a stop decided on that game is seen.
    let (sender, results) = mpsc::sync_channel(0);
    let mut games: Vec<Option<GameRecord>> = vec![None; jobs.len()];
    let mut tally = Tally::default();
    let mut max_move = [Duration::ZERO; 2];
    thread::scope(|scope| {
        for _ in 0..config.concurrency.clamp(1, jobs.len().max(1)) {
            let sender = sender.clone();
            let (next, jobs, starts) = (&next, &jobs, &starts);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(opening, first_is_black)) = jobs.get(index) else {
                    break;
                };
                let (black, white) = if first_is_black {
                    (first, second)
                } else {
                    (second, first)
                };
                let round = index / (2 * starts.len());
                let seed = (round > 0).then_some(round as u64);
                let mut record = play_game(config, [black, white], &starts[opening], seed);
                record.index = index;
                record.opening = opening;
                record.first_is_black = first_is_black;
                if sender.send(record).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for record in results {
            tally.add(record.first_player_result());
            let (first_side, second_side) = if record.first_is_black {
                (0, 1)
            } else {
                (1, 0)
            };
            max_move[0] = max_move[0].max(record.max_move[first_side]);
            max_move[1] = max_move[1].max(record.max_move[second_side]);
            if on_game(&record, &tally).is_break() {
                // Every index past the jobs reads as "no more work" to the game threads.
                next.store(jobs.len(), Ordering::Relaxed);
            }
            let index = record.index;
            games[index] = Some(record);
        }
    });
    Ok(MatchResult {
        tally,
        games: games.into_iter().flatten().collect(),
        max_move,
    })
}

/// Plays one game from `start` between `players` ([Black, White]); the levels play with `seed`.
pub fn play_game(
    config: &MatchConfig,
    players: [&PlayerSpec; 2],
    start: &Position,
    seed: Option<u64>,
) -> GameRecord {
    let setup = GameSetup {
        width: config.size.width(),
        height: config.size.height(),
        rule: config.rule,
        move_ms: config.move_ms,
        game_ms: config.game_ms,
        max_memory: config.max_memory,
        threads: config.threads,
        seed,
    };
    let mut record = GameRecord {
        index: 0,
        opening: 0,
        opening_len: start.board().history().len(),
        black: players[0].name().to_string(),
        white: players[1].name().to_string(),
        first_is_black: true,
        moves: start.board().history().to_vec(),
        outcome: Outcome {
            winner: None,
            reason: String::new(),
        },
        max_move: [Duration::ZERO; 2],
    };
    record.outcome = run_game(config, &setup, players, start.clone(), &mut record);
    record
}

fn run_game(
    config: &MatchConfig,
    setup: &GameSetup,
    specs: [&PlayerSpec; 2],
    mut position: Position,
    record: &mut GameRecord,
) -> Outcome {
    let mut players = Vec::with_capacity(2);
    for (colour, spec) in [Stone::Black, Stone::White].into_iter().zip(specs) {
        match Player::start(spec, setup, config.tolerance) {
            Ok(player) => players.push(player),
            Err(failure) => return forfeit(colour, &failure),
        }
    }
    let mut used = [Duration::ZERO; 2];
    loop {
        let colour = position.to_move();
        let side = colour.index();
        let time = TimeControl {
            timeout_turn: config.move_ms,
            timeout_match: config.game_ms,
            time_left: (config.game_ms > 0).then(|| config.game_ms - used[side].as_millis() as i64),
        };
        let wait = allowed(config, used[side]);
        let started = Instant::now();
        let reply = players[side].play(&position, &time, wait);
        let took = started.elapsed();
        used[side] += took;
        record.max_move[side] = record.max_move[side].max(took);
        let point = match reply {
            Ok(point) => point,
            Err(failure) => return forfeit(colour, &failure),
        };
        if took > wait {
            return forfeit(colour, &Failure::Timeout(wait.as_millis()));
        }
        let size = position.board().size();
        if !size.contains(point.x.into(), point.y.into()) || !position.board().is_empty(point) {
            let what = if size.contains(point.x.into(), point.y.into()) {
                "occupied"
            } else {
                "off the board"
            };
            return forfeit(
                colour,
                &Failure::Protocol(format!("illegal move {},{} ({what})", point.x, point.y)),
            );
        }
        position = position.after(point);
        record.moves.push(point);
        let verdict = position.verdict();
        if verdict.is_over() {
            return Outcome {
                winner: verdict.winner,
                reason: verdict.to_string(),
            };
        }
    }
}

/// How long the next move may take before it loses on time: the per-move limit and the game
/// time left, whichever is smaller, plus the tolerance.
fn allowed(config: &MatchConfig, used: Duration) -> Duration {
    let per_move = (config.move_ms > 0).then(|| Duration::from_millis(config.move_ms as u64));
    let per_game = (config.game_ms > 0)
        .then(|| Duration::from_millis(config.game_ms as u64).saturating_sub(used));
    let limit = match (per_move, per_game) {
        (Some(m), Some(g)) => m.min(g),
        (Some(limit), None) | (None, Some(limit)) => limit,
        (None, None) => return Duration::MAX,
    };
    limit + config.tolerance
}

fn forfeit(loser: Stone, failure: &Failure) -> Outcome {
    Outcome {
        winner: Some(loser.opponent()),
        reason: format!("{} lost: {failure}", loser.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::openings;
    use super::*;
    use crate::engine::Difficulty;

    fn config() -> MatchConfig {
        MatchConfig {
            size: BoardSize::STANDARD,
            rule: Rule::Freestyle,
            move_ms: 1_000,
            game_ms: 0,
            tolerance: Duration::from_millis(500),
            max_memory: 0,
            concurrency: 2,
            threads: 1,
        }
    }

    fn level(difficulty: Difficulty) -> PlayerSpec {
        PlayerSpec::Level {
            name: difficulty.name().into(),
            difficulty,
        }
    }

    #[test]
    fn a_match_plays_each_opening_with_both_colours() {
        let book = openings::parse("h8 i9 h10\n0,0, 1,0, 0,1").unwrap();
        let (a, b) = (level(Difficulty::Medium), level(Difficulty::Beginner));
        let mut seen = 0;
        let result = play_match(&config(), &a, &b, &book, |_, tally| {
            seen += 1;
            assert_eq!(tally.games(), seen);
        })
        .unwrap();
        assert_eq!(result.games.len(), 4);
        assert_eq!(result.tally.games(), 4);
        for (i, game) in result.games.iter().enumerate() {
            assert_eq!(game.index, i);
            assert_eq!(game.opening, i / 2);
            assert_eq!(game.first_is_black, i % 2 == 0);
            assert_eq!(game.opening_len, 3);
            // Every game ended by the rules, replayable move by move.
            let start = book[game.opening]
                .position(BoardSize::STANDARD, Rule::Freestyle)
                .unwrap();
            let end = game.moves[3..].iter().fold(start, |p, &m| p.after(m));
            assert!(
                end.verdict().is_over(),
                "{}",
                game.text(BoardSize::STANDARD)
            );
            assert_eq!(end.verdict().winner, game.outcome.winner);
        }
    }

    #[test]
    fn rounds_repeat_the_book_and_a_stop_starts_no_new_game() {
        let book = openings::parse("h8 i9 h10\n0,0, 1,0, 0,1").unwrap();
        let (a, b) = (level(Difficulty::Easy), level(Difficulty::Beginner));
        let one_at_a_time = MatchConfig {
            concurrency: 1,
            ..config()
        };
        let all = play_match_until(&one_at_a_time, [&a, &b], &book, 3, |_, _| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert_eq!(all.games.len(), 12);
        assert!(all.games.iter().all(|g| g.opening == (g.index / 2) % 2));
        // The seeded rounds play other games than the first, deterministic one.
        assert!((4..12).any(|i| all.games[i].moves != all.games[i % 4].moves));
        let stopped = play_match_until(&one_at_a_time, [&a, &b], &book, 3, |_, tally| {
            if tally.games() == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        // The one game thread may have claimed the next game before the stop was seen.
        assert!(
            (5..=6).contains(&stopped.games.len()),
            "{}",
            stopped.games.len()
        );
        assert_eq!(stopped.tally.games() as usize, stopped.games.len());
    }

    #[test]
    fn bad_openings_are_refused_before_playing() {
        let book = openings::parse("0,0, 20,0").unwrap();
        let a = level(Difficulty::Beginner);
        assert!(play_match(&config(), &a, &a, &book, |_, _| {}).is_err());
    }

    #[test]
    fn a_missing_engine_loses_by_crash() {
        let book = openings::parse("h8").unwrap();
        let missing = PlayerSpec::External {
            name: "ghost".into(),
            command: vec!["/nonexistent/pbrain-ghost".into()],
        };
        let a = level(Difficulty::Beginner);
        let result = play_match(&config(), &a, &missing, &book, |_, _| {}).unwrap();
        assert_eq!(result.tally.wins, 2);
        assert!(result.games[0].outcome.reason.contains("crashed"));
    }

    #[test]
    fn a_move_may_take_the_smaller_limit_plus_the_tolerance() {
        let mut config = config();
        let ms = Duration::from_millis;
        assert_eq!(allowed(&config, ms(0)), ms(1_500));
        config.game_ms = 3_000;
        assert_eq!(allowed(&config, ms(2_500)), ms(1_000));
        config.move_ms = 0;
        assert_eq!(allowed(&config, ms(1_000)), ms(2_500));
        config.game_ms = 0;
        assert_eq!(allowed(&config, ms(1_000)), Duration::MAX);
    }

    #[test]
    fn records_print_as_text_and_sgf() {
        let game = GameRecord {
            index: 0,
            opening: 2,
            opening_len: 1,
            black: "A".into(),
            white: "B".into(),
            first_is_black: true,
            moves: vec![Point::new(7, 7), Point::new(8, 6)],
            outcome: Outcome {
                winner: Some(Stone::White),
                reason: "Black lost: timeout".into(),
            },
            max_move: [Duration::ZERO; 2],
        };
        let text = game.text(BoardSize::STANDARD);
        assert!(
            text.contains("opening 3 black=A white=B result=0-1"),
            "{text}"
        );
        assert!(text.ends_with("moves: h8 | i9"), "{text}");
        let sgf = game.sgf(BoardSize::STANDARD, Rule::Freestyle);
        assert!(
            sgf.starts_with("(;GM[4]FF[4]SZ[15]RU[freestyle]PB[A]PW[B]RE[W+]"),
            "{sgf}"
        );
        assert!(sgf.ends_with(";B[hh];W[ig])"), "{sgf}");
    }
}
