//! `gomoku-ai bench`: the master's speed (nodes per second, depth reached) on fixed midgame
//! positions, and its tactics bar on a puzzle file (solved within the time, p50/p95).
//!
//! Tactics are judged with the engine's own threat solver, not by comparing with a listed
//! line: a `proven` case is solved when the master's move still wins by force (every defence
//! tried); a `disproven` case when the answer is legal and any win it claims is real.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use serde::Deserialize;

use crate::engine::analysis::{available_cores, MAX_THREADS};
use crate::engine::threats::{self, Budget, Mode, Proof};
use crate::engine::{
    eval, notation, BoardInput, Difficulty, MoveInput, Position, Rule, SearchRequest, Stone,
};

/// The bench positions shipped with the crate.
const POSITIONS: &str = include_str!("../../bench/positions.txt");

/// Attacker moves the verifying solver may use (generous: any forced win proves the move).
const VERIFY_MOVES: u32 = 40;
/// Attacker moves a verifying VCF may use: a VCF is narrow, so it may run the board long.
const VERIFY_VCF_MOVES: u32 = 128;
/// How hard the bench checks that a move wins (see `Effort`).
const BENCH_EFFORT: Effort = Effort {
    nodes: 8_000_000,
    wide_nodes: 80_000_000,
};
/// Positions the verifying solver remembers: far more than a request's search may hold, as
/// the bench runs one check at a time, and long proofs need them (4 Mi entries, some
/// hundreds of MiB at most).
const VERIFY_TABLE_ENTRIES: usize = 1 << 22;
/// The wide check's memory: its proofs run to tens of millions of nodes, and a table that
/// forgets makes them far longer (docs/decisions/0016-tactics-verifier.md): at 8 Mi entries
/// `vct_unstable`'s stays unproven after 80 M nodes. 16 Mi: about 2 GB resident there.
const WIDE_TABLE_ENTRIES: usize = 1 << 24;
/// The threat limit of the wide check: threats may prepare a VCF of three moves.
const WIDE_THREAT_VCF_MOVES: u32 = 3;

/// How much work the check that a move wins by force may do.
#[derive(Clone, Copy, Debug)]
pub struct Effort {
    /// Nodes for each of its first checks: a VCF, a VCT with the engine's threat limit and
    /// a tree search from the defender's side.
    pub nodes: u64,
    /// Nodes for its last resort, a VCT whose threats may prepare a three-move VCF: far
    /// wider, so tried only when the others fail.
    pub wide_nodes: u64,
}

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

/// One tactics puzzle (the fields the bar needs).
#[derive(Clone, Debug, Deserialize)]
pub struct TacticCase {
    /// Case name.
    pub id: String,
    /// Rule name.
    pub rule: String,
    /// The board, top row first.
    pub rows: Vec<String>,
    /// The attacker, who moves now.
    pub to_move: String,
    /// `proven` or `disproven`.
    pub expect_verdict: String,
    /// Most attacker moves the verdict is about.
    pub limit: u32,
}

/// How the master fared on one puzzle.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// Whether the bar is met for this case.
    pub solved: bool,
    /// The master's move in notation (`-` for none).
    pub answer: String,
    /// Time the master took.
    pub elapsed: Duration,
    /// The master's score and principal variation, for the report.
    pub detail: String,
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

/// The position of a puzzle.
pub fn case_position(case: &TacticCase) -> anyhow::Result<Position> {
    let rule: Rule = case.rule.parse()?;
    let to_move = match case.to_move.as_str() {
        "black" => Stone::Black,
        "white" => Stone::White,
        other => anyhow::bail!("{}: bad to_move {other}", case.id),
    };
    Position::parse(&BoardInput::Rows(case.rows.clone()), rule, Some(to_move))
        .with_context(|| format!("case {}", case.id))
}

/// Runs the master on a puzzle under `request` and judges its answer.
pub fn judge_case(
    case: &TacticCase,
    request: &SearchRequest,
    effort: Effort,
) -> anyhow::Result<CaseResult> {
    let position = case_position(case)?;
    let started = Instant::now();
    let analysis = crate::engine::levels::analyze(&position, request);
    let elapsed = started.elapsed();
    let board = position.board();
    let Some(best) = analysis.best else {
        return Ok(CaseResult {
            solved: false,
            answer: "-".into(),
            elapsed,
            detail: String::new(),
        });
    };
    let legal = eval::is_legal(board, best, board.to_move());
    let wins = || wins_by_force(&position, best, effort);
    let claims_win = analysis.score.mate_in.is_some_and(|m| m > 0);
    let solved = legal
        && match case.expect_verdict.as_str() {
            "proven" => wins(),
            _ => !claims_win || wins(),
        };
    Ok(CaseResult {
        solved,
        answer: notation::format_point(best, board.size()),
        elapsed,
        detail: format!(
            "mate {:?} pv {}",
            analysis.score.mate_in,
            analysis
                .pv
                .iter()
                .map(|&p| notation::format_point(p, board.size()))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    })
}

/// Whether the side to move playing `best` wins by force, cheapest proof first: by the threat
/// solver (VCF, then VCT; every defence tried); by a fresh master search from the defender's
/// side that proves the defender lost (it covers threats the solver's limit leaves out);
/// last by a VCT whose threats may prepare a three-move VCF.
pub fn wins_by_force(position: &Position, best: crate::engine::Point, effort: Effort) -> bool {
    let board = position.board();
    let budget = Budget {
        table_entries: VERIFY_TABLE_ENTRIES,
        ..Budget::nodes(effort.nodes)
    };
    let wide = Budget {
        max_nodes: effort.wide_nodes,
        table_entries: WIDE_TABLE_ENTRIES,
        threat_vcf_moves: WIDE_THREAT_VCF_MOVES,
        ..Budget::default()
    };
    let threat_proof = |mode, moves, budget: &Budget| {
        let outcome = threats::wins_after(board, best, mode, moves, budget);
        matches!(outcome.proof, Proof::Win(_))
    };
    threat_proof(Mode::Vcf, VERIFY_VCF_MOVES, &budget)
        || threat_proof(Mode::Vct, VERIFY_MOVES, &budget)
        || defender_is_lost(position, best, effort.nodes)
        || threat_proof(Mode::Vct, VERIFY_MOVES, &wide)
}

/// Whether a master search of `nodes` from the defender's side, after `best`, proves the
/// defender lost (or `best` ended the game in the mover's favour).
fn defender_is_lost(position: &Position, best: crate::engine::Point, nodes: u64) -> bool {
    let mover = position.board().to_move();
    let after = position.after(best);
    if after.verdict().is_over() {
        return after.verdict().winner == Some(mover);
    }
    let mut request = SearchRequest::new(Difficulty::Master, Duration::from_secs(60));
    request.max_nodes = Some(nodes);
    let defence = crate::engine::search::Searcher::new(16).analyze(&after, &request);
    defence.score.mate_in.is_some_and(|m| m < 0)
}

/// Runs the bench.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let threads = args.thread_count();
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

fn speed(request: &dyn Fn() -> SearchRequest) -> anyhow::Result<()> {
    let (mut nodes, mut time, mut depths) = (0u64, Duration::ZERO, Vec::new());
    for line in POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut words = line.split_whitespace();
        let rule: Rule = words.next().unwrap_or_default().parse()?;
        let moves = words.map(|m| MoveInput::Notation(m.to_string())).collect();
        let input = BoardInput::Moves {
            width: 15,
            height: 15,
            moves,
        };
        let position = Position::parse(&input, rule, None).context(line.to_string())?;
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
