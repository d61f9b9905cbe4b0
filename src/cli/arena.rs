//! `gomoku-ai arena`: matches between levels and external pbrain engines, or a ladder of
//! adjacent levels, with a running and a final summary (W/L/D, score, Elo ± 95 %, and the
//! game pairs: their Elo ± 95 % and the share the colour decided).

use std::fs;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;

use crate::engine::levels::analysis::{available_cores, MAX_THREADS};
use crate::engine::{levels, BoardInput, BoardSize, Difficulty, Position, Rule, SearchRequest};
use crate::protocol::arena::openings::{self, Opening};
use crate::protocol::arena::pairs::{PairTracker, Pentanomial};
use crate::protocol::arena::player::PlayerSpec;
use crate::protocol::arena::sprt::{Decision, Sprt};
use crate::protocol::arena::{self, GameRecord, MatchConfig, MatchResult};

/// Arguments of `gomoku-ai arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// A player: `name=A cmd=./pbrain-x args…` (external pbrain engine) or `level=hard`.
    /// Give exactly two, unless --ladder is used.
    #[arg(long = "engine")]
    pub engines: Vec<String>,
    /// Play each adjacent pair of these levels (comma-separated, weakest first) instead.
    #[arg(long, value_delimiter = ',', conflicts_with = "sprt")]
    pub ladder: Vec<Difficulty>,
    /// Openings file (our notation lines or Gomocup `dx,dy, …` lines); default: the built-in
    /// book `openings/freestyle-15.txt`.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Use only the first N openings.
    #[arg(long)]
    pub max_openings: Option<usize>,
    /// Rule set: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
    /// Board side (square boards; use --width/--height for rectangles).
    #[arg(long, default_value_t = 15)]
    pub size: i64,
    /// Board width, overriding --size.
    #[arg(long)]
    pub width: Option<i64>,
    /// Board height, overriding --size.
    #[arg(long)]
    pub height: Option<i64>,
    /// Per-move time limit in ms (0 = as fast as possible).
    #[arg(long, default_value_t = 1_000)]
    pub move_ms: i64,
    /// Per-game time limit per player in ms (0 = none).
    #[arg(long, default_value_t = 0)]
    pub game_ms: i64,
    /// Lateness forgiven before a move loses on time, in ms.
    #[arg(long, default_value_t = 1_000)]
    pub tolerance_ms: u64,
    /// Memory limit passed to external engines, in bytes (0 = none).
    #[arg(long, default_value_t = 0)]
    pub max_memory: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Threads each player may search with: master's search uses them, external engines
    /// are told by `INFO thread_num` [default: the machine's cores divided by --concurrency,
    /// at least 1].
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: Option<u16>,
    /// Write every game as a text line to this file.
    #[arg(long)]
    pub games_out: Option<PathBuf>,
    /// Write every game as SGF to this file.
    #[arg(long)]
    pub sgf_out: Option<PathBuf>,
    /// The sequential probability ratio test to play, if any.
    #[command(flatten)]
    pub sprt: SprtArgs,
    /// Times the openings book is played through [default: 1, or 20 with --sprt].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub rounds: Option<u32>,
    /// Instead of playing, print each opening's evaluation by this level (searching
    /// --move-ms per side) with each side to move: a balanced opening is near 0 from both.
    #[arg(long)]
    pub evaluate_openings: Option<Difficulty>,
}

/// Runs the match or the ladder and prints the summaries.
pub fn run(args: &ArenaArgs) -> anyhow::Result<()> {
    let config = MatchConfig {
        size: BoardSize::new(
            args.width.unwrap_or(args.size),
            args.height.unwrap_or(args.size),
        )?,
        rule: args.rule,
        move_ms: args.move_ms,
        game_ms: args.game_ms,
        tolerance: Duration::from_millis(args.tolerance_ms),
        max_memory: args.max_memory,
        concurrency: args.concurrency.max(1),
        threads: args
            .threads
            .map_or_else(|| threads_per_game(args.concurrency), usize::from),
    };
    let book = load_openings(args)?;
    if let Some(level) = args.evaluate_openings {
        return evaluate_openings(&config, &book, level);
    }
    let pairs = pairs(args)?;
    let mut saved = SavedGames {
        text: create(args.games_out.as_ref())?,
        sgf: create(args.sgf_out.as_ref())?,
    };
    let mut rows = Vec::new();
    let sprt = args.sprt.test()?;
    let rounds = args
        .rounds
        .map_or(if sprt.is_some() { 20 } else { 1 }, |r| r as usize);
    for (first, second) in &pairs {
        let (result, game_pairs) = play_one_match(
            &config,
            [first, second],
            &book,
            rounds,
            sprt.as_ref(),
            &mut saved,
        )?;
        rows.push(summary_row(
            first.name(),
            second.name(),
            &result,
            &game_pairs,
            config.move_ms,
        ));
    }
    println!();
    println!("| first | second | games | +W -L =D, score, Elo [95 %] | game pairs | max move first / second (budget) |");
    println!("|---|---|---|---|---|---|");
    for row in rows {
        println!("{row}");
    }
    Ok(())
}

/// The files of `--games-out` and `--sgf-out`, each game written as it finishes, so that a
/// match stopped by hand keeps the games it played.
struct SavedGames {
    text: Option<fs::File>,
    sgf: Option<fs::File>,
}

impl SavedGames {
    fn write(&mut self, game: &GameRecord, config: &MatchConfig) -> std::io::Result<()> {
        if let Some(file) = self.text.as_mut() {
            writeln!(file, "{}", game.text(config.size))?;
        }
        if let Some(file) = self.sgf.as_mut() {
            writeln!(file, "{}", game.sgf(config.size, config.rule))?;
        }
        Ok(())
    }
}

/// Plays `first` against `second` over `rounds` of the book, saving and printing each game
/// and the game pairs so far, and stops once `sprt` (if any) has decided. Returns the games
/// and their pairs.
fn play_one_match(
    config: &MatchConfig,
    [first, second]: [&PlayerSpec; 2],
    book: &[Opening],
    rounds: usize,
    sprt: Option<&Sprt>,
    saved: &mut SavedGames,
) -> anyhow::Result<(MatchResult, PairTracker)> {
    let total = book.len() * 2 * rounds;
    println!(
        "== {} vs {}: {total} games, {} {}, {} ms/move, {} ms/game",
        first.name(),
        second.name(),
        config.rule,
        config.size,
        config.move_ms,
        config.game_ms
    );
    let mut tracker = PairTracker::default();
    let mut decision = None;
    let mut write_error = None;
    let result = arena::play_match_until(config, [first, second], book, rounds, |game, tally| {
        if let Err(error) = saved.write(game, config) {
            write_error = Some(error);
            return ControlFlow::Break(());
        }
        println!("[{}/{total}] {}", tally.games(), game.text(config.size));
        println!("        {} vs {}: {tally}", first.name(), second.name());
        tracker.record(game.index, game.first_player_result());
        println!("        {tracker}");
        let Some(test) = sprt else {
            return ControlFlow::Continue(());
        };
        println!("        SPRT {}", sprt_line(test, tracker.pentanomial()));
        decision = decision.or_else(|| test.decision(tracker.pentanomial()));
        if decision.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .map_err(anyhow::Error::msg)?;
    if let Some(error) = write_error {
        return Err(anyhow::Error::new(error).context("saving a game"));
    }
    if let Some(test) = sprt {
        let hint = if decision.is_none() {
            " (raise --rounds)"
        } else {
            ""
        };
        println!(
            "SPRT [{}, {}] alpha={} beta={}: {}{hint} after {} games; {}",
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta,
            verdict(decision),
            result.tally.games(),
            sprt_line(test, tracker.pentanomial())
        );
    }
    println!("{tracker}");
    Ok((result, tracker))
}

/// `--sprt`, `--alpha` and `--beta`: a sequential probability ratio test of the first player
/// against the second.
#[derive(Args, Debug)]
pub struct SprtArgs {
    /// Play a sequential probability ratio test of the first player against the second:
    /// `ELO0,ELO1` (e.g. `0,10`): decided once the game pairs show the first is at least ELO1
    /// stronger (H1) or at most ELO0 (H0). The arena then plays the book over and over up to
    /// --rounds, until it decides.
    #[arg(long, value_name = "ELO0,ELO1", value_delimiter = ',', num_args = 1)]
    pub sprt: Option<Vec<f64>>,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
}

impl SprtArgs {
    /// The test asked for, if any.
    pub fn test(&self) -> anyhow::Result<Option<Sprt>> {
        let Some(bounds) = &self.sprt else {
            return Ok(None);
        };
        let [elo0, elo1] = bounds[..] else {
            bail!("--sprt takes two Elo values, ELO0,ELO1 (e.g. 0,10)");
        };
        Ok(Some(Sprt::new(elo0, elo1, self.alpha, self.beta)?))
    }
}

/// What an SPRT's `decision` says, in words.
pub(crate) fn verdict(decision: Option<Decision>) -> &'static str {
    match decision {
        Some(Decision::AcceptH1) => "H1 accepted",
        Some(Decision::AcceptH0) => "H0 accepted",
        None => "undecided",
    }
}

/// `LLR 1.23 [-2.94, 2.94]`.
pub(crate) fn sprt_line(test: &Sprt, pairs: &Pentanomial) -> String {
    format!(
        "LLR {:.2} [{:.2}, {:.2}]",
        test.llr(pairs),
        test.lower_bound(),
        test.upper_bound()
    )
}

/// Prints, per opening, the level's score for the side to move and for the other side were it
/// to move (both from the mover's view).
fn evaluate_openings(
    config: &MatchConfig,
    book: &[Opening],
    level: Difficulty,
) -> anyhow::Result<()> {
    println!("| # | opening | to move | eval | other side to move | eval |");
    println!("|---|---|---|---|---|---|");
    let budget = Duration::from_millis(config.move_ms.max(1) as u64);
    for (i, opening) in book.iter().enumerate() {
        let position = opening
            .position(config.size, config.rule)
            .map_err(|e| anyhow::anyhow!("opening {}: {e}", i + 1))?;
        let side = position.to_move();
        let other = Position::parse(
            &BoardInput::Cells(position.to_cells()),
            config.rule,
            Some(side.opponent()),
        )?;
        let eval = |p: &Position| {
            levels::analyze(p, &SearchRequest::new(level, budget))
                .score
                .value
        };
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            i + 1,
            position.move_notations().join(" "),
            side.name(),
            eval(&position),
            side.opponent().name(),
            eval(&other)
        );
    }
    Ok(())
}

/// The machine's cores shared among `concurrency` games at once, at least one each: a
/// level thinks only on its own turn, so each game can give its mover those cores.
fn threads_per_game(concurrency: usize) -> usize {
    (available_cores() / concurrency.max(1)).max(1)
}

fn summary_row(
    first: &str,
    second: &str,
    result: &MatchResult,
    game_pairs: &PairTracker,
    move_ms: i64,
) -> String {
    format!(
        "| {first} | {second} | {} | {} | {game_pairs} | {} / {} ms ({move_ms} ms) |",
        result.tally.games(),
        result.tally,
        result.max_move[0].as_millis(),
        result.max_move[1].as_millis()
    )
}

/// The matches to play: the two engines, or each adjacent ladder pair (stronger first).
fn pairs(args: &ArenaArgs) -> anyhow::Result<Vec<(PlayerSpec, PlayerSpec)>> {
    if !args.ladder.is_empty() {
        if !args.engines.is_empty() {
            bail!("give either --ladder or two --engine values, not both");
        }
        if args.ladder.len() < 2 {
            bail!("--ladder needs at least two levels");
        }
        let level = |difficulty: Difficulty| PlayerSpec::Level {
            name: difficulty.name().to_string(),
            difficulty,
        };
        return Ok(args
            .ladder
            .windows(2)
            .map(|w| (level(w[1]), level(w[0])))
            .collect());
    }
    let specs: Vec<PlayerSpec> = args
        .engines
        .iter()
        .map(|e| PlayerSpec::parse(e))
        .collect::<Result<_, _>>()?;
    match <[PlayerSpec; 2]>::try_from(specs) {
        Ok([first, second]) => Ok(vec![(first, second)]),
        Err(specs) => bail!("give exactly two --engine values (got {})", specs.len()),
    }
}

fn load_openings(args: &ArenaArgs) -> anyhow::Result<Vec<Opening>> {
    let text = match &args.openings {
        Some(path) => fs::read_to_string(path)
            .with_context(|| format!("reading openings {}", path.display()))?,
        None => openings::BUILTIN.to_string(),
    };
    let mut book = openings::parse(&text)?;
    if let Some(limit) = args.max_openings {
        book.truncate(limit);
    }
    if book.is_empty() {
        bail!("the openings book is empty");
    }
    Ok(book)
}

fn create(path: Option<&PathBuf>) -> anyhow::Result<Option<fs::File>> {
    path.map(|p| fs::File::create(p).with_context(|| format!("creating {}", p.display())))
        .transpose()
}
