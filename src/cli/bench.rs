//! `gomoku-ai bench`: the master's speed (nodes per second, depth reached) on fixed midgame
//! positions, its tactics bar on a puzzle file (solved within the time, p50/p95), and how far
//! its moves overshoot their deadlines (`--deadlines`).
//!
//! Tactics are judged by the engine's verifier (`engine::levels::verify`): by proof that the
//! master's move wins, not by comparing with a listed line.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;

use crate::engine::game::notation;
use crate::engine::levels::analysis::{available_cores, MAX_THREADS};
use crate::engine::levels::verify::{case_position, judge_case, Effort, TacticCase};
use crate::engine::{BoardInput, Difficulty, MoveInput, Position, Rule, SearchRequest};

/// The bench positions shipped with the crate.
const POSITIONS: &str = include_str!("../../bench/positions.txt");

/// How hard the bench checks that a move wins (see `Effort`).
const BENCH_EFFORT: Effort = Effort {
    nodes: 8_000_000,
    wide_nodes: 80_000_000,
};

/// Arguments of `gomoku-ai bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Thinking time per position, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub time_ms: u64,
    /// Run the tactics bar on this JSON-lines puzzle file instead of the speed bench.
    #[arg(long)]
    pub tactics: Option<PathBuf>,
    /// Threads the master searches with [default: 1 for the speed bench, whose aim is per
    /// thread; the machine's cores for the tactics bar]. With more than one, nodes/s is the
    /// sum over them and depth is the main thread's.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS as i64))]
    pub threads: Option<u16>,
    /// Instead, measure how far each move overshoots its deadline at each of these budgets
    /// (milliseconds, comma-separated): on every bench midgame, every prefix of those games
    /// from move 6 on, and every case of the --tactics file when given (sharp positions,
    /// where the root's threat searches take most of a move).
    #[arg(long, value_delimiter = ',')]
    pub deadlines: Vec<u64>,
}

impl BenchArgs {
    /// The threads the master searches with: as given, else the mode's default.
    #[must_use]
    pub fn thread_count(&self) -> usize {
        match (self.threads, &self.tactics) {
            (Some(threads), _) => usize::from(threads),
            (None, Some(_)) => available_cores().min(MAX_THREADS),
            (None, None) => 1,
        }
    }
}

/// Reads a JSON-lines puzzle file.
pub fn load_cases(path: &Path) -> anyhow::Result<Vec<TacticCase>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).with_context(|| format!("{} line {}", path.display(), i + 1))
        })
        .collect()
}

/// Runs the bench.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let threads = args.thread_count();
    if !args.deadlines.is_empty() {
        println!("master on {threads} thread(s), each position at each budget");
        return deadlines(&args.deadlines, args.tactics.as_deref(), threads);
    }
    println!(
        "master on {threads} thread(s), {} ms a position",
        args.time_ms
    );
    let request = || {
        let mut request =
            SearchRequest::new(Difficulty::Master, Duration::from_millis(args.time_ms));
        request.threads = threads;
        request
    };
    match &args.tactics {
        Some(path) => tactics(path, &request),
        None => speed(&request),
    }
}

/// The bench midgames of `POSITIONS`.
fn midgames() -> anyhow::Result<Vec<Position>> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut words = line.split_whitespace();
            let rule: Rule = words.next().unwrap_or_default().parse()?;
            let moves = words.map(|m| MoveInput::Notation(m.to_string())).collect();
            let input = BoardInput::Moves {
                width: 15,
                height: 15,
                moves,
            };
            Position::parse(&input, rule, None).context(line.to_string())
        })
        .collect()
}

/// Every position of a game from its sixth move on, the whole game last.
fn prefixes(game: &Position) -> anyhow::Result<Vec<Position>> {
    let board = game.board();
    let moves = board.history();
    (6..=moves.len())
        .map(|n| {
            let input = BoardInput::Moves {
                width: board.size().width() as i64,
                height: board.size().height() as i64,
                moves: moves[..n]
                    .iter()
                    .map(|p| MoveInput::Pair(p.x.into(), p.y.into()))
                    .collect(),
            };
            Ok(Position::parse(&input, board.rule(), None)?)
        })
        .collect()
}

/// Master's deadline overshoot at each of `budgets` over the midgames, their prefixes and
/// the cases of `tactics`: per budget the moves measured, the largest and the 99th
/// percentile of time past the budget (negative: under it) and the slowest position. The
/// time runs from the request's making to the answer, as a caller's clock would.
fn deadlines(budgets: &[u64], tactics: Option<&Path>, threads: usize) -> anyhow::Result<()> {
    let mut positions = Vec::new();
    for (game, midgame) in midgames()?.iter().enumerate() {
        for position in prefixes(midgame)? {
            let label = format!(
                "midgame {} after {}",
                game + 1,
                position.board().history().len()
            );
            positions.push((label, position));
        }
    }
    if let Some(path) = tactics {
        for case in load_cases(path)? {
            positions.push((case.id.clone(), case_position(&case)?));
        }
    }
    for &ms in budgets {
        let budget = Duration::from_millis(ms);
        let mut over: Vec<(f64, &str)> = Vec::with_capacity(positions.len());
        for (label, position) in &positions {
            let mut request = SearchRequest::new(Difficulty::Master, budget);
            request.threads = threads;
            let started = Instant::now();
            let _answer = crate::engine::levels::analyze(position, &request);
            let past = started.elapsed().as_secs_f64() - budget.as_secs_f64();
            over.push((past * 1000.0, label));
        }
        over.sort_by(|a, b| a.0.total_cmp(&b.0));
        let p99 = over[((over.len() as f64 * 0.99) as usize).min(over.len() - 1)].0;
        let (max, slowest) = over.last().copied().unwrap_or_default();
        println!(
            "budget {ms} ms: {} moves, past the budget max {max:.1} ms ({slowest}), p99 {p99:.1} ms",
            over.len()
        );
    }
    Ok(())
}

fn speed(request: &dyn Fn() -> SearchRequest) -> anyhow::Result<()> {
    let (mut nodes, mut time, mut depths) = (0u64, Duration::ZERO, Vec::new());
    for position in midgames()? {
        let rule = position.board().rule();
        let analysis = crate::engine::levels::analyze(&position, &request());
        let s = analysis.stats;
        let nps = s.nodes as f64 / s.elapsed.as_secs_f64().max(1e-9);
        println!(
            "{rule:9} depth {:2} seldepth {:3} nodes {:9} nps {:9.0} best {} score {}",
            s.depth,
            s.seldepth,
            s.nodes,
            nps,
            analysis.best.map_or("-".into(), |b| notation::format_point(
                b,
                position.board().size()
            )),
            analysis.score.value,
        );
        nodes += s.nodes;
        time += s.elapsed;
        depths.push(s.depth);
    }
    let mean_depth = depths.iter().sum::<u32>() as f64 / depths.len().max(1) as f64;
    println!(
        "total nodes {nodes} time {:.2}s nps {:.0} mean depth {mean_depth:.1}",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64().max(1e-9)
    );
    Ok(())
}

fn tactics(path: &Path, request: &dyn Fn() -> SearchRequest) -> anyhow::Result<()> {
    let cases = load_cases(path)?;
    let mut times = Vec::new();
    let (mut solved, mut proven_solved, mut proven) = (0, 0, 0);
    for case in &cases {
        let request = request();
        let budget = request.deadline.saturating_duration_since(Instant::now());
        let result = judge_case(case, &request, BENCH_EFFORT)?;
        let in_time = result.elapsed <= budget + Duration::from_millis(50);
        let ok = result.solved && in_time;
        println!(
            "{:28} {:9} {:4} {:6.0} ms {} {}",
            case.id,
            case.expect_verdict,
            result.answer,
            result.elapsed.as_secs_f64() * 1000.0,
            if ok { "ok" } else { "MISS" },
            result.detail
        );
        solved += usize::from(ok);
        if case.expect_verdict == "proven" {
            proven += 1;
            proven_solved += usize::from(ok);
        }
        times.push(result.elapsed);
    }
    times.sort();
    let pct = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "solved {solved}/{} (proven {proven_solved}/{proven}) p50 {:.0} ms p95 {:.0} ms",
        cases.len(),
        pct(0.5).as_secs_f64() * 1000.0,
        pct(0.95).as_secs_f64() * 1000.0
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(tactics: bool, threads: Option<u16>) -> BenchArgs {
        BenchArgs {
            time_ms: 1000,
            tactics: tactics.then(|| PathBuf::from("puzzles.jsonl")),
            threads,
            deadlines: Vec::new(),
        }
    }

    #[test]
    fn the_speed_bench_runs_one_thread_and_the_tactics_bar_every_core_unless_told() {
        assert_eq!(args(false, None).thread_count(), 1);
        assert_eq!(
            args(true, None).thread_count(),
            available_cores().min(MAX_THREADS)
        );
        assert_eq!(args(false, Some(3)).thread_count(), 3);
        assert_eq!(args(true, Some(1)).thread_count(), 1);
    }
}
