//! The Gomocup (Piskvork) `pbrain` brain: a line-based loop over stdin/stdout.
//!
//! The `Brain` is a state machine fed one line at a time; it writes its replies through the
//! writer it is given and flushes every line, because managers read pipes line by line. The
//! `run` loop reads stdin on a thread of its own so that `END` stops a search in progress,
//! and notes when each line arrived: a move's clock runs from then, so time lost to earlier
//! work (allocating a table for `INFO max_memory`) comes out of the search, not on top of it.
//!
//! A master brain owns one `MasterSearch` for the whole session: its transposition table, sized
//! from `INFO max_memory`, carries over from move to move within a game and is cleared when a
//! new game starts. While it thinks, it sends a `MESSAGE` after every completed depth.

pub mod clock;
pub mod command;
pub mod memory;

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;
use std::time::{Duration, Instant};

use self::clock::TimeControl;
use self::command::{Command, Info};
use crate::engine::levels::analysis::{Score, SearchStats, MAX_THREADS};
use crate::engine::levels::win_model::WinModel;
use crate::engine::search::MasterSearch;
use crate::engine::{
    game::notation, levels, BoardInput, BoardSize, Difficulty, MoveInput, Point, Position, Rule,
    SearchRequest, Stone,
};

/// How the brain plays.
#[derive(Clone, Copy, Debug)]
pub struct BrainConfig {
    /// The level that thinks (master in tournaments).
    pub difficulty: Difficulty,
}

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `END` was received.
    Quit,
}

/// Whose stone a board cell holds, from the brain's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    Own,
    Opponent,
}

/// The game in progress: its size and every stone in the order the manager gave them.
#[derive(Clone, Debug)]
struct Game {
    size: BoardSize,
    stones: Vec<(Point, Owner)>,
}

/// A `BOARD` block being read: the stones so far and the first malformed line, if any.
#[derive(Default)]
struct BoardBlock {
    stones: Vec<(Point, Owner)>,
    error: Option<String>,
}

/// The brain's state between lines.
pub struct Brain {
    config: BrainConfig,
    game: Option<Game>,
    block: Option<BoardBlock>,
    time: TimeControl,
    rule: Rule,
    /// Time spent thinking in this game, for managers that do not send `time_left`.
    spent: Duration,
    /// When the line being handled arrived.
    received: Instant,
    stop: Arc<AtomicBool>,
    /// The master search (never made for the classic levels).
    searcher: Option<MasterSearch>,
    /// The manager's memory limit in bytes (`INFO max_memory`; 0: none).
    max_memory: i64,
    /// Threads a search may use: 1 until the manager sends `INFO thread_num`.
    threads: usize,
}

impl Brain {
    /// A brain with no board yet; `stop` ends a search early when set (on `END`).
    #[must_use]
    pub fn new(config: BrainConfig, stop: Arc<AtomicBool>) -> Brain {
        Brain {
            config,
            game: None,
            block: None,
            time: TimeControl::default(),
            rule: Rule::Freestyle,
            spent: Duration::ZERO,
            received: Instant::now(),
            stop,
            searcher: None,
            max_memory: 0,
            threads: 1,
        }
    }

    /// Handles one input line that arrived at `received`, writing (and flushing) every reply
    /// line to `out`.
    pub fn handle(
        &mut self,
        line: &str,
        received: Instant,
        out: &mut impl Write,
    ) -> io::Result<Flow> {
        self.received = received;
        let line = line.trim();
        if line.is_empty() {
            return Ok(Flow::Continue);
        }
        if self.block.is_some() {
            return self.board_line(line, out).map(|()| Flow::Continue);
        }
        match command::parse(line) {
            Ok(Command::End) => return Ok(Flow::Quit),
            Ok(command) => self.command(command, out)?,
            Err(error) => send(out, &format!("ERROR {error}"))?,
        }
        Ok(Flow::Continue)
    }

    fn command(&mut self, command: Command, out: &mut impl Write) -> io::Result<()> {
        match command {
            Command::Start(side) => self.start(side, side, out),
            Command::RectStart(width, height) => self.start(width, height, out),
            Command::Restart => match &mut self.game {
                Some(game) => {
                    game.stones.clear();
                    self.new_game();
                    send(out, "OK")
                }
                None => send(out, "ERROR RESTART before START"),
            },
            Command::Begin => match &self.game {
                Some(game) if game.stones.is_empty() => self.think(out),
                Some(_) => send(out, "ERROR BEGIN on a board that already has stones"),
                None => send(out, "ERROR BEGIN before START"),
            },
            Command::Turn(x, y) => match self.free_point(x, y) {
                Ok(point) => {
                    self.push(point, Owner::Opponent);
                    self.think(out)
                }
                Err(reason) => send(out, &format!("ERROR TURN {x},{y}: {reason}")),
            },
            Command::Board => match &self.game {
                Some(_) => {
                    self.block = Some(BoardBlock::default());
                    Ok(())
                }
                None => send(out, "ERROR BOARD before START"),
            },
            Command::Takeback(x, y) => match self.take_back(x, y) {
                Ok(()) => send(out, "OK"),
                Err(reason) => send(out, &format!("ERROR TAKEBACK {x},{y}: {reason}")),
            },
            Command::Info(info) => self.info(info, out),
            Command::About => send(
                out,
                &format!(
                    "name=\"gomoku-ai\", version=\"{}\", author=\"gomoku-ai developers\", \
                     country=\"unknown\", www=\"none\"",
                    env!("CARGO_PKG_VERSION")
                ),
            ),
            Command::Unknown(name) => send(out, &format!("UNKNOWN {name}")),
            Command::End => Ok(()),
        }
    }

    fn start(&mut self, width: i64, height: i64, out: &mut impl Write) -> io::Result<()> {
        match BoardSize::new(width, height) {
            Ok(size) => {
                self.game = Some(Game {
                    size,
                    stones: Vec::new(),
                });
                self.new_game();
                send(out, "OK")
            }
            Err(error) => send(out, &format!("ERROR unsupported size: {error}")),
        }
    }

    /// Resets what belongs to one game: the time spent and what the search learnt.
    fn new_game(&mut self) {
        self.spent = Duration::ZERO;
        if let Some(searcher) = &mut self.searcher {
            searcher.clear();
        } else {
            // Made now, while the manager waits for OK, rather than on the first move's clock.
            self.master_searcher();
        }
    }

    /// The master's searcher, made with the tables of the memory plan if there is none yet;
    /// `None` for the classic levels.
    fn master_searcher(&mut self) -> Option<&mut MasterSearch> {
        if self.config.difficulty != Difficulty::Master {
            return None;
        }
        let mib = self.memory().table_mib;
        Some(self.searcher.get_or_insert_with(|| MasterSearch::new(mib)))
    }

    /// How the master's memory is shared between its tables, for the manager's limit and
    /// threads.
    fn memory(&self) -> memory::Plan {
        memory::Plan::for_limit(self.max_memory, self.threads)
    }

    /// Applies `change` (to the memory limit or the threads) and resizes the master's table
    /// if the memory plan's changed. The old table is freed before the new one is made, so
    /// that the two never take memory at the same time. (The threat searches' share is read
    /// at every move: `move_request`.)
    fn replan_memory(&mut self, change: impl FnOnce(&mut Brain)) {
        let old = self.memory().table_mib;
        change(self);
        if self.memory().table_mib != old {
            self.searcher = None;
            self.master_searcher();
        }
    }

    /// The engine's request for a move of `budget`, timed from when its command arrived.
    fn move_request(&self, budget: Duration) -> SearchRequest {
        let mut request = SearchRequest::new(self.config.difficulty, budget);
        // The clock started when the command arrived; if that is already past, play fast.
        request.deadline = (self.received + budget).max(Instant::now() + clock::FAST);
        request.stop = Some(Arc::clone(&self.stop));
        request.threads = self.threads;
        request.threat_table_entries = self.memory().threat_table_entries;
        request
    }

    fn info(&mut self, info: Info, out: &mut impl Write) -> io::Result<()> {
        match info {
            Info::TimeoutTurn(ms) => self.time.timeout_turn = ms,
            Info::TimeoutMatch(ms) => self.time.timeout_match = ms,
            Info::TimeLeft(ms) => self.time.time_left = Some(ms),
            Info::MaxMemory(bytes) => self.replan_memory(|brain| brain.max_memory = bytes),
            Info::ThreadNum(n) => self.replan_memory(|brain| {
                brain.threads = n.clamp(1, MAX_THREADS as i64) as usize;
            }),
            Info::Rule(bits) => {
                self.rule = rule_of(bits);
                if bits & !(1 | 4) != 0 {
                    send(
                        out,
                        &format!(
                            "MESSAGE rule bits {bits}: continuous and caro games are not \
                             supported, playing {}",
                            self.rule
                        ),
                    )?;
                }
            }
            // Game type and folder do not change how the brain plays.
            Info::GameType(_) | Info::Folder(_) | Info::Ignored(_) => {}
        }
        Ok(())
    }

    fn board_line(&mut self, line: &str, out: &mut impl Write) -> io::Result<()> {
        if line.eq_ignore_ascii_case("DONE") {
            let block = self.block.take().unwrap_or_default();
            if let Some(error) = block.error {
                return send(out, &format!("ERROR board not accepted: {error}"));
            }
            if let Some(game) = &mut self.game {
                game.stones = block.stones;
            }
            return self.think(out);
        }
        let parsed = command::parse_board_line(line)
            .map_err(|e| e.to_string())
            .and_then(|[x, y, field]| self.board_stone(x, y, field));
        if let Err(reason) = parsed {
            send(out, &format!("ERROR {reason}"))?;
            if let Some(block) = &mut self.block {
                block.error.get_or_insert(format!("'{line}': {reason}"));
            }
        }
        Ok(())
    }

    fn board_stone(&mut self, x: i64, y: i64, field: i64) -> Result<(), String> {
        let owner = match field {
            1 => Owner::Own,
            2 => Owner::Opponent,
            3 => return Err("field 3 (continuous games) is not supported".into()),
            other => return Err(format!("field {other} is not 1, 2 or 3")),
        };
        let point = self.on_board(x, y)?;
        let block = self.block.as_mut().ok_or("no BOARD block")?;
        if block.stones.iter().any(|&(p, _)| p == point) {
            return Err(format!("{x},{y} is listed twice"));
        }
        block.stones.push((point, owner));
        Ok(())
    }

    fn on_board(&self, x: i64, y: i64) -> Result<Point, String> {
        let game = self.game.as_ref().ok_or("no board: send START first")?;
        let size = game.size;
        if !size.contains(x, y) {
            return Err(format!("{x},{y} is off the {size} board"));
        }
        Ok(Point::new(x as usize, y as usize))
    }

    fn free_point(&self, x: i64, y: i64) -> Result<Point, String> {
        let point = self.on_board(x, y)?;
        let taken = self
            .game
            .as_ref()
            .is_some_and(|g| g.stones.iter().any(|&(p, _)| p == point));
        if taken {
            return Err("the point is occupied".into());
        }
        Ok(point)
    }

    fn take_back(&mut self, x: i64, y: i64) -> Result<(), String> {
        let point = self.on_board(x, y)?;
        let game = self.game.as_mut().ok_or("no board")?;
        let index = game
            .stones
            .iter()
            .rposition(|&(p, _)| p == point)
            .ok_or("no stone there")?;
        game.stones.remove(index);
        Ok(())
    }

    fn push(&mut self, point: Point, owner: Owner) {
        if let Some(game) = &mut self.game {
            game.stones.push((point, owner));
        }
    }

    /// Searches the current position and answers with a move (or an ERROR saying why not).
    fn think(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(game) = &self.game else {
            return send(out, "ERROR no board: send START first");
        };
        let position = match position_of(game, self.rule) {
            Ok(position) => position,
            Err(reason) => return send(out, &format!("ERROR {reason}")),
        };
        if position.verdict().is_over() {
            return send(
                out,
                &format!("ERROR the game is over: {}", position.verdict()),
            );
        }
        let budget = self.time.after_spending(self.spent).budget();
        // A manager that sends time_left sends it before every move; a stale one must not
        // outlive the move it was meant for.
        self.time.time_left = None;
        let request = self.move_request(budget);
        let size = game.size;
        // The winrate a manager shows is the service's: the calibrated win model's.
        let odds = WinModel::embedded().odds(position.rule(), position.to_move());
        let mut written = Ok(());
        let analysis = match self.master_searcher() {
            Some(searcher) => searcher.analyze_reporting(&position, &request, &mut |it| {
                if written.is_ok() {
                    let score = odds.calibrated(it.score);
                    written = send(out, &message(&it.stats, &score, &it.pv, size));
                }
            }),
            None => levels::analyze(&position, &request),
        };
        self.spent += self.received.elapsed();
        written?;
        let Some(best) = analysis.best.or_else(|| last_resort(&position)) else {
            return send(out, "ERROR the engine found no move");
        };
        send(
            out,
            &message(
                &analysis.stats,
                &odds.calibrated(analysis.score),
                &analysis.pv,
                size,
            ),
        )?;
        if analysis.best.is_none() {
            send(
                out,
                "MESSAGE every empty point is forbidden to Black: playing one, which loses",
            )?;
        }
        self.push(best, Owner::Own);
        send(out, &format!("{},{}", best.x, best.y))
    }
}

/// The rule a Gomocup bitmask asks for: 4 renju, else 1 exactly five, else freestyle.
#[must_use]
pub fn rule_of(bits: i64) -> Rule {
    if bits & 4 != 0 {
        Rule::Renju
    } else if bits & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    }
}

/// The Gomocup bitmask that asks for `rule`.
#[must_use]
pub fn rule_bits(rule: Rule) -> i64 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 4,
    }
}

/// The position the brain is to move in. Colours follow from the counts (the brain is to
/// move: equal counts make it Black). Stones listed in play order (alternating, Black first,
/// as managers send renju games) are replayed as moves; any other order is read as a picture.
fn position_of(game: &Game, rule: Rule) -> Result<Position, String> {
    let own = game.stones.iter().filter(|s| s.1 == Owner::Own).count();
    let opponent = game.stones.len() - own;
    let mine = if own == opponent {
        Stone::Black
    } else if own + 1 == opponent {
        Stone::White
    } else {
        return Err(format!(
            "{own} own and {opponent} opponent stones: no game leaves the brain to move here"
        ));
    };
    let colour = |owner| match owner {
        Owner::Own => mine,
        Owner::Opponent => mine.opponent(),
    };
    let in_play_order = game
        .stones
        .iter()
        .enumerate()
        .all(|(i, &(_, owner))| (colour(owner) == Stone::Black) == (i % 2 == 0));
    let input = if in_play_order {
        BoardInput::Moves {
            width: game.size.width() as i64,
            height: game.size.height() as i64,
            moves: game
                .stones
                .iter()
                .map(|&(p, _)| MoveInput::Pair(p.x.into(), p.y.into()))
                .collect(),
        }
    } else {
        let mut cells = vec![vec![0; game.size.width()]; game.size.height()];
        for &(p, owner) in &game.stones {
            cells[p.row()][p.col()] = i64::from(colour(owner).code());
        }
        BoardInput::Cells(cells)
    };
    Position::parse(&input, rule, Some(mine)).map_err(|e| format!("illegal position: {e}"))
}

/// The move a brain with no legal move must still make: under renju, when every empty
/// point is forbidden to Black, the first of them (a forbidden move loses, and the manager
/// scores it so; an error would end the game as a crash instead).
fn last_resort(position: &Position) -> Option<Point> {
    let forbidden = position.forbidden_points();
    let empty = position.board().empty_points().count();
    (empty > 0 && forbidden.len() == empty).then(|| forbidden[0].0)
}

/// A `MESSAGE` line with a search's depth, eval and principal variation, and a proven result:
/// `mate N` when its distance is proven too, else `proven win` or `proven loss`.
fn message(stats: &SearchStats, score: &Score, pv: &[Point], size: BoardSize) -> String {
    let pv: Vec<String> = pv
        .iter()
        .map(|&p| notation::format_point(p, size))
        .collect();
    let mate = match score.mate_in {
        Some(moves) => format!(" mate {moves}"),
        None if score.is_proven_win() => " proven win".to_string(),
        None if score.is_proven_loss() => " proven loss".to_string(),
        None => String::new(),
    };
    format!(
        "MESSAGE depth {} seldepth {} eval {} winrate {:.3}{mate} nodes {} time {} ms pv {}",
        stats.depth,
        stats.seldepth,
        score.value,
        score.win_probability,
        stats.nodes,
        stats.elapsed.as_millis(),
        pv.join(" ")
    )
}

fn send(out: &mut impl Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

/// Runs the brain over `input` and `output` until `END` or the end of input. Input is read on
/// a thread of its own, which raises the stop flag as soon as `END` arrives.
pub fn run(
    config: BrainConfig,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let (lines, received) = mpsc::channel::<(Instant, io::Result<String>)>();
    let reader_stop = Arc::clone(&stop);
    thread::spawn(move || {
        for line in input.lines() {
            if line
                .as_ref()
                .is_ok_and(|l| l.trim().eq_ignore_ascii_case("END"))
            {
                reader_stop.store(true, Ordering::Relaxed);
            }
            if lines.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    let mut brain = Brain::new(config, stop);
    // The engine's lookup tables now, so that the first move, maybe under a short turn
    // limit, does not pay for them.
    crate::engine::warm_up();
    for (at, line) in received {
        if brain.handle(&line?, at, output)? == Flow::Quit {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::DEFAULT_TT_MIB;

    fn session(lines: &[&str]) -> Vec<String> {
        let mut brain = brain(Difficulty::Medium);
        let mut out = Vec::new();
        for line in lines {
            if brain.handle(line, Instant::now(), &mut out).unwrap() == Flow::Quit {
                break;
            }
        }
        String::from_utf8(out)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("MESSAGE"))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn blocks_an_open_four_given_in_any_order() {
        let replies = session(&[
            "START 15", "BOARD", "5,7,2", "6,7,2", "7,7,2", "8,7,2", "5,5,1", "6,5,1", "7,5,1",
            "DONE",
        ]);
        assert_eq!(replies[0], "OK");
        assert!(
            replies[1] == "4,7" || replies[1] == "9,7" || replies[1] == "8,5",
            "{replies:?}"
        );
    }

    #[test]
    fn refuses_impossible_counts_and_finished_games() {
        let replies = session(&["START 15", "BOARD", "1,1,1", "2,2,1", "DONE"]);
        assert!(replies[1].starts_with("ERROR 2 own and 0"), "{replies:?}");
        let replies = session(&[
            "START 15", "BOARD", "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "0,5,1", "1,5,1",
            "2,5,1", "3,5,1", "DONE",
        ]);
        assert!(
            replies[1].starts_with("ERROR the game is over"),
            "{replies:?}"
        );
    }

    fn brain(difficulty: Difficulty) -> Brain {
        Brain::new(BrainConfig { difficulty }, Arc::new(AtomicBool::new(false)))
    }

    fn feed(brain: &mut Brain, lines: &[&str]) {
        for line in lines {
            brain.handle(line, Instant::now(), &mut Vec::new()).unwrap();
        }
    }

    #[test]
    fn master_sizes_its_table_from_max_memory_and_keeps_it_between_moves() {
        let mut master = brain(Difficulty::Master);
        assert!(master.searcher.is_none());
        feed(&mut master, &["START 15", "INFO timeout_turn 0"]);
        assert!(
            master.searcher.is_some(),
            "made at START, off the move clock"
        );
        assert_eq!(master.memory(), memory::Plan::UNLIMITED);
        for (line, mib) in [
            ("INFO max_memory 83886080", 48),
            ("TURN 7,7", 48),
            ("INFO max_memory 83886080", 48),
            ("INFO max_memory 0", DEFAULT_TT_MIB),
            ("RESTART", DEFAULT_TT_MIB),
        ] {
            feed(&mut master, &[line]);
            assert_eq!(master.memory().table_mib, mib, "{line}");
            assert!(master.searcher.is_some(), "{line}");
        }
        let mut medium = brain(Difficulty::Medium);
        feed(
            &mut medium,
            &["START 15", "INFO timeout_turn 0", "TURN 7,7"],
        );
        assert!(medium.searcher.is_none());
    }

    #[test]
    fn searches_with_the_threads_the_manager_allows() {
        let mut master = brain(Difficulty::Master);
        feed(&mut master, &["START 15", "INFO timeout_turn 100"]);
        assert_eq!(master.threads, 1, "one until told");
        for (line, threads) in [
            ("INFO thread_num 4", 4),
            ("INFO thread_num 0", 1),
            ("INFO thread_num 100000", MAX_THREADS),
            ("INFO thread_num 2", 2),
        ] {
            feed(&mut master, &[line]);
            assert_eq!(master.threads, threads, "{line}");
        }
        feed(&mut master, &["INFO max_memory 100000000"]);
        let two = master.memory();
        feed(&mut master, &["INFO thread_num 1"]);
        let one = master.memory();
        assert_eq!(two.table_mib, one.table_mib);
        assert!(
            one.threat_table_entries > two.threat_table_entries,
            "one thread runs one threat search at a time: {one:?} against {two:?}"
        );
        let request = master.move_request(Duration::from_millis(100));
        assert_eq!(request.threat_table_entries, one.threat_table_entries);
        assert_eq!(request.threads, 1);
        let mut out = Vec::new();
        master.handle("TURN 7,7", Instant::now(), &mut out).unwrap();
        let reply = String::from_utf8(out).unwrap();
        assert!(
            reply.lines().last().is_some_and(|l| l.contains(',')),
            "{reply}"
        );
    }

    #[test]
    fn rule_bits_map_to_rules() {
        assert_eq!(rule_of(0), Rule::Freestyle);
        assert_eq!(rule_of(1), Rule::Standard);
        assert_eq!(rule_of(4), Rule::Renju);
        assert_eq!(rule_of(5), Rule::Renju);
        assert_eq!(rule_of(2), Rule::Freestyle);
        for rule in Rule::ALL {
            assert_eq!(rule_of(rule_bits(rule)), rule);
        }
    }
}
