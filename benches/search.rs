//! Search hot paths: the master's tree search to a fixed depth on the `gomoku-ai bench`
//! midgames, the hard level's move, and the threat solver (VCF, VCT) on proven puzzles of
//! `tests/data/tactics/`. Depth and node limits, never the clock, keep every iteration
//! the same work, so the figures track speed. (Static evaluation: `benches/core`.)

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku_ai::cli::bench::load_cases;
use gomoku_ai::engine::levels::verify::case_position;
use gomoku_ai::engine::search::MasterSearch;
use gomoku_ai::engine::threats::{find_win, Budget, Mode, Proof};
use gomoku_ai::engine::{levels, BoardInput, Difficulty, MoveInput, Position, SearchRequest};

const POSITIONS: &str = include_str!("../bench/positions.txt");
const TACTICS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/tactics/quintet_dev.jsonl"
);
/// Node limit of a benchmarked search (the tree rarely needs it at depth 4).
const MAX_NODES: u64 = 400_000;

/// The bench midgames: `(label, position)`, one per non-comment line of `bench/positions.txt`.
fn midgames() -> Vec<(String, Position)> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            let mut words = line.split_whitespace();
            let rule = words.next().expect("a rule").parse().expect("a known rule");
            let moves = words.map(|w| MoveInput::Notation(w.to_string())).collect();
            let input = BoardInput::Moves {
                width: 15,
                height: 15,
                moves,
            };
            let position = Position::parse(&input, rule, None).expect("a legal midgame");
            (format!("midgame {} ({line})", i + 1), position)
        })
        .collect()
}

/// A request bounded by depth and nodes, never by the clock: the root's threat searches
/// take their share of the nodes, so every iteration does the same work.
fn request(difficulty: Difficulty, depth: u32) -> SearchRequest {
    let mut request = SearchRequest::new(difficulty, Duration::from_secs(3600));
    request.max_depth = Some(depth);
    request.max_nodes = Some(MAX_NODES);
    request
}

fn master_fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("master depth 4");
    group.sample_size(10);
    for (label, position) in midgames() {
        group.bench_function(label, |b| {
            b.iter(|| {
                let mut searcher = MasterSearch::new(16);
                searcher.analyze(black_box(&position), &request(Difficulty::Master, 4))
            });
        });
    }
    group.finish();
}

fn hard_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("hard move");
    group.sample_size(10);
    for (label, position) in midgames() {
        group.bench_function(label, |b| {
            b.iter(|| levels::analyze(black_box(&position), &request(Difficulty::Hard, 4)));
        });
    }
    group.finish();
}

fn threat_solver(c: &mut Criterion) {
    let cases = load_cases(Path::new(TACTICS)).expect("the tactics data");
    let mut group = c.benchmark_group("threat solver");
    group.sample_size(10);
    for (id, mode, moves) in [
        ("vcf_black", Mode::Vcf, 100),
        ("vcf_long", Mode::Vcf, 100),
        ("vct_game_white_l07_2", Mode::Vct, 20),
        ("vct_game_black_l08_1", Mode::Vct, 20),
    ] {
        let case = cases.iter().find(|c| c.id == id).expect("a known case");
        let position = case_position(case).expect("a valid case");
        let board = position.board();
        let proof = find_win(board, mode, moves, &Budget::nodes(u64::MAX)).proof;
        assert!(matches!(proof, Proof::Win(_)), "{id} must be solved");
        group.bench_function(format!("{mode:?} {id}"), |b| {
            b.iter(|| find_win(black_box(board), mode, moves, &Budget::nodes(u64::MAX)));
        });
    }
    group.finish();
}

criterion_group!(benches, master_fixed_depth, hard_move, threat_solver);
criterion_main!(benches);
