//! The verifier of tactics puzzles: whether a move wins by force, checked with the engine's
//! own threat solver and master search, and the judge of the master's answer to a puzzle.
//!
//! Puzzles are judged by proof, not by comparing with a listed line (other winning first
//! moves exist): a `proven` case is solved when the master's move still wins by force (every
//! defence tried); a `disproven` case when the answer is legal and any win it claims is real.
//! `gomoku-ai bench --tactics` and the tactics tests read the puzzle files and call this.

use std::time::{Duration, Instant};

use serde::Deserialize;

use super::analysis::SearchRequest;
use super::difficulty::Difficulty;
use crate::engine::eval;
use crate::engine::game::notation;
use crate::engine::game::rules::UnknownRule;
use crate::engine::search;
use crate::engine::threats::{self, Budget, Mode, Proof};
use crate::engine::{BoardInput, Point, Position, Rule, Stone};

/// Attacker moves the verifying solver may use (generous: any forced win proves the move).
const VERIFY_MOVES: u32 = 40;
/// Attacker moves a verifying VCF may use: a VCF is narrow, so it may run the board long.
const VERIFY_VCF_MOVES: u32 = 128;
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

/// A puzzle whose position cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("case {id}: {reason}")]
pub struct CaseError {
    /// The case's name.
    pub id: String,
    /// What is wrong with it.
    pub reason: String,
}

/// The position of a puzzle.
pub fn case_position(case: &TacticCase) -> Result<Position, CaseError> {
    let invalid = |reason: String| CaseError {
        id: case.id.clone(),
        reason,
    };
    let rule: Rule = case
        .rule
        .parse()
        .map_err(|e: UnknownRule| invalid(e.to_string()))?;
    let to_move = match case.to_move.as_str() {
        "black" => Stone::Black,
        "white" => Stone::White,
        other => return Err(invalid(format!("bad to_move {other}"))),
    };
    Position::parse(&BoardInput::Rows(case.rows.clone()), rule, Some(to_move))
        .map_err(|e| invalid(e.to_string()))
}

/// Runs the master on a puzzle under `request` and judges its answer.
pub fn judge_case(
    case: &TacticCase,
    request: &SearchRequest,
    effort: Effort,
) -> Result<CaseResult, CaseError> {
    let position = case_position(case)?;
    let started = Instant::now();
    let analysis = super::analyze(&position, request);
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
    let claims_win = analysis.score.is_proven_win();
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
pub fn wins_by_force(position: &Position, best: Point, effort: Effort) -> bool {
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
fn defender_is_lost(position: &Position, best: Point, nodes: u64) -> bool {
    let mover = position.board().to_move();
    let after = position.after(best);
    if after.verdict().is_over() {
        return after.verdict().winner == Some(mover);
    }
    let mut request = SearchRequest::new(Difficulty::Master, Duration::from_secs(60));
    request.max_nodes = Some(nodes);
    let defence = search::MasterSearch::new(search::DEFAULT_TT_MIB).analyze(&after, &request);
    defence.score.is_proven_loss()
}
