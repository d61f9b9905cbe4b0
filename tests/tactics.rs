//! The tactics bar on the renju puzzles of `tests/data/tactics/` (README there): on every
//! `proven` case the master's move must still win by force, checked with the engine's own
//! threat solver (other winning first moves exist, so no string comparison); on `disproven`
//! cases the answer must be legal and any win it claims real. Node-limited so the dev profile
//! stays fast; the timed bar (1 s each, release) is `gomoku-ai bench --tactics`.

use std::path::Path;
use std::time::Duration;

use gomoku_ai::cli::bench::load_cases;
use gomoku_ai::engine::levels::verify::{case_position, judge_case, Effort};
use gomoku_ai::engine::threats::{find_win, wins_after, Budget, Mode, Proof};
use gomoku_ai::engine::{Difficulty, SearchRequest};

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/tactics/quintet_dev.jsonl"
);

#[test]
fn master_solves_the_tactics_puzzles() {
    let cases = load_cases(Path::new(CASES)).expect("the tactics data");
    assert_eq!(cases.len(), 65, "the README promises 65 cases");
    let (mut wrong, mut proven, mut solved) = (Vec::new(), 0, 0);
    for case in &cases {
        let mut request = SearchRequest::new(Difficulty::Master, Duration::from_secs(60));
        request.max_nodes = Some(150_000);
        let effort = Effort {
            nodes: 150_000,
            wide_nodes: 150_000,
        };
        let result = judge_case(case, &request, effort).expect("a valid case");
        if case.expect_verdict == "proven" {
            proven += 1;
            solved += usize::from(result.solved);
        } else if !result.solved {
            wrong.push(format!("{}: {} {}", case.id, result.answer, result.detail));
        }
    }
    assert!(wrong.is_empty(), "illegal answers or false wins: {wrong:?}");
    // Node-limited here; the release bar at 1 s is reported by `gomoku-ai bench --tactics`.
    assert!(
        solved * 2 >= proven - 1,
        "solved only {solved} of {proven} proven cases"
    );
}

/// The 73-move VCF puzzle: the VCF solver goes to its move limit at once, so it finds and
/// verifies the whole line.
#[test]
fn the_long_vcf_is_found_and_verified() {
    let cases = load_cases(Path::new(CASES)).expect("the tactics data");
    let case = cases.iter().find(|c| c.id == "vcf_long").expect("vcf_long");
    let position = case_position(case).expect("a valid case");
    let board = position.board();
    let budget = Budget::nodes(200_000);
    let Proof::Win(line) = find_win(board, Mode::Vcf, 100, &budget).proof else {
        panic!("no VCF found");
    };
    assert!(line.len() > 2 * 20, "a long line, {} moves", line.len());
    let verified = wins_after(board, line[0], Mode::Vcf, 100, &budget);
    assert!(matches!(verified.proof, Proof::Win(_)), "{verified:?}");
}

/// Puzzles that a threat search over threes and fours alone cannot solve (it finds no win at
/// all): they start with a move that threatens a short VCF. The solver finds and checks a win.
#[test]
fn wins_that_start_with_a_vcf_threat_are_found() {
    let ids = [
        "vct_game_black_l03_2",
        "vct_game_black_l03_3",
        "vct_game_white_l03_2",
        "vct_game_white_l04_2",
    ];
    let cases = load_cases(Path::new(CASES)).expect("the tactics data");
    for id in ids {
        let case = cases.iter().find(|c| c.id == id).expect("a listed case");
        let position = case_position(case).expect("a valid case");
        let board = position.board();
        let budget = Budget::nodes(500_000);
        let Proof::Win(line) = find_win(board, Mode::Vct, 6, &budget).proof else {
            panic!("{id}: no win found");
        };
        let verified = wins_after(board, line[0], Mode::Vct, 6, &budget);
        assert!(
            matches!(verified.proof, Proof::Win(_)),
            "{id}: {verified:?}"
        );
    }
}

/// Wins whose threats that set up a VCF come deep in the line, after counter-fours
/// (`white_l07_1`) or many moves in (`black_l14_1`, fourteen attacker moves): the proof-number
/// VCT finds them within the case's move limit, and finds none one move shorter (the
/// `_short` twins, where the source's solver proved there is none).
#[test]
fn wins_with_vcf_threats_deep_in_the_line_respect_their_move_limits() {
    let cases = load_cases(Path::new(CASES)).expect("the tactics data");
    let case = |id: &str| {
        let case = cases.iter().find(|c| c.id == id).expect("a listed case");
        (case.limit, case_position(case).expect("a valid case"))
    };
    for id in ["vct_game_white_l07_1", "vct_game_black_l14_1"] {
        let budget = Budget::nodes(2_000_000);
        let (limit, position) = case(id);
        let outcome = find_win(position.board(), Mode::Vct, limit, &budget);
        assert!(matches!(outcome.proof, Proof::Win(_)), "{id}: {outcome:?}");
        let short = format!("{id}_short");
        let (limit, position) = case(&short);
        let outcome = find_win(position.board(), Mode::Vct, limit, &budget);
        assert!(
            !matches!(outcome.proof, Proof::Win(_)),
            "{short}: {outcome:?}"
        );
    }
}
