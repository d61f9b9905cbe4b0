//! Arena matches with real `pbrain-gomoku-ai` child processes, and the `arena` command.

use std::process::Command;
use std::time::Duration;

use gomoku_ai::engine::{BoardSize, Rule, Stone};
use gomoku_ai::protocol::arena::openings;
use gomoku_ai::protocol::arena::player::PlayerSpec;
use gomoku_ai::protocol::arena::{play_match, MatchConfig};

fn brain(name: &str, level: &str) -> PlayerSpec {
    PlayerSpec::parse(&format!(
        "name={name} cmd={} --level {level}",
        env!("CARGO_BIN_EXE_pbrain-gomoku-ai")
    ))
    .unwrap()
}

fn config(rule: Rule) -> MatchConfig {
    MatchConfig {
        size: BoardSize::STANDARD,
        rule,
        move_ms: 500,
        game_ms: 60_000,
        tolerance: Duration::from_millis(2_000),
        max_memory: 64 << 20,
        concurrency: 2,
        threads: 1,
    }
}

#[test]
fn two_pbrain_processes_play_a_full_match_to_a_rules_verdict() {
    for rule in [Rule::Freestyle, Rule::Renju] {
        let book = openings::parse("h8 h9 j10").unwrap();
        let (a, b) = (brain("A", "medium"), brain("B", "beginner"));
        let result = play_match(&config(rule), &a, &b, &book, |_, _| {}).unwrap();
        assert_eq!(result.games.len(), 2);
        for game in &result.games {
            assert!(
                !game.outcome.reason.contains("lost:"),
                "{rule}: {}",
                game.outcome.reason
            );
            let start = book[0].position(BoardSize::STANDARD, rule).unwrap();
            let end = game.moves[3..].iter().fold(start, |p, &m| p.after(m));
            assert!(
                end.verdict().is_over(),
                "{}",
                game.text(BoardSize::STANDARD)
            );
            assert_eq!(end.verdict().winner, game.outcome.winner);
            assert!(game
                .max_move
                .iter()
                .all(|&t| t < Duration::from_millis(2_500)));
        }
        let names: Vec<(&str, &str)> = result
            .games
            .iter()
            .map(|g| (g.black.as_str(), g.white.as_str()))
            .collect();
        assert_eq!(names, [("A", "B"), ("B", "A")]);
    }
}

#[test]
fn engines_that_break_the_protocol_lose_with_the_reason() {
    let book = openings::parse("0,0").unwrap();
    let good = brain("good", "beginner");
    // `cat` echoes START back instead of answering it with OK.
    let echo = PlayerSpec::parse("name=echo cmd=cat").unwrap();
    let result = play_match(&config(Rule::Freestyle), &good, &echo, &book, |_, _| {}).unwrap();
    assert_eq!(result.tally.wins, 2);
    for game in &result.games {
        assert!(
            game.outcome.reason.contains("protocol"),
            "{}",
            game.outcome.reason
        );
    }
    // `true` exits at once.
    let gone = PlayerSpec::parse("name=gone cmd=true").unwrap();
    let result = play_match(&config(Rule::Freestyle), &gone, &good, &book, |_, _| {}).unwrap();
    assert_eq!(result.tally.losses, 2);
    let loser = |g: &gomoku_ai::protocol::arena::GameRecord| {
        if g.black == "gone" {
            Stone::Black
        } else {
            Stone::White
        }
    };
    for game in &result.games {
        assert_eq!(game.outcome.winner, Some(loser(game).opponent()));
    }
}

#[test]
fn arena_command_runs_a_ladder_and_saves_games() {
    let dir = std::env::temp_dir().join(format!("gomoku-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.txt");
    let sgf = dir.join("games.sgf");
    let output = Command::new(env!("CARGO_BIN_EXE_gomoku-ai"))
        .args([
            "arena",
            "--ladder",
            "beginner,medium",
            "--max-openings",
            "2",
        ])
        .args(["--move-ms", "200", "--concurrency", "2"])
        .arg("--games-out")
        .arg(&games)
        .arg("--sgf-out")
        .arg(&sgf)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.starts_with("| medium | beginner | 4 | +"))
        .unwrap_or_else(|| panic!("no summary row in {stdout}"));
    // Two openings, each played with both colours: two game pairs, counted by the row.
    let counts = row
        .split("pairs [0, ½, 1, 1½, 2]: [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .unwrap_or_else(|| panic!("no game pairs in {row}"));
    let pairs: u32 = counts.split(", ").map(|n| n.parse::<u32>().unwrap()).sum();
    assert_eq!(pairs, 2, "{row}");
    assert!(row.contains("split by colour"), "{row}");
    let saved = std::fs::read_to_string(&games).unwrap();
    assert_eq!(saved.lines().count(), 4);
    assert!(saved.lines().all(|l| l.contains("moves: ")));
    let sgf = std::fs::read_to_string(&sgf).unwrap();
    assert_eq!(sgf.matches("(;GM[4]").count(), 4);
    tally_counts_the_saved_games_as_the_arena_did(&games, row);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `arena-tally` on the games the ladder saved prints the arena's own figures for them (its
/// `row`), and pooling the file with itself doubles every count.
fn tally_counts_the_saved_games_as_the_arena_did(games: &std::path::Path, row: &str) {
    let tally = |files: &[&std::path::Path], extra: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_gomoku-ai"))
            .arg("arena-tally")
            .args(files)
            .args(extra)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        stdout
    };
    let figures = |line: &str| line.splitn(3, " | ").nth(2).unwrap_or_default().to_string();
    // The arena's row: | medium | beginner | 4 | tally | pairs | max move |; the tally's:
    // | file | 4 | tally | pairs |.
    let arena_figures: Vec<&str> = row.split(" | ").skip(3).take(2).collect();
    let once = tally(&[games], &["--first", "medium"]);
    assert!(once.starts_with("| medium vs beginner |"), "{once}");
    let file_row = once.lines().nth(2).unwrap_or_default();
    assert!(file_row.contains(" | 4 | "), "{once}");
    assert_eq!(
        figures(file_row),
        format!("{} |", arena_figures.join(" | ")),
        "{once}"
    );
    let twice = tally(&[games, games], &["--first", "medium", "--sprt", "0,15"]);
    let pooled = twice
        .lines()
        .find(|l| l.starts_with("| pooled | 8 | "))
        .unwrap_or_else(|| panic!("no pooled row in {twice}"));
    let pairs: u32 = pooled
        .split("pairs [0, ½, 1, 1½, 2]: [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .map(|counts| counts.split(", ").map(|n| n.parse::<u32>().unwrap()).sum())
        .unwrap_or_else(|| panic!("no game pairs in {pooled}"));
    assert_eq!(pairs, 4, "{twice}");
    assert!(
        twice.contains("SPRT [0, 15] alpha=0.05 beta=0.05 on 4 pairs: "),
        "{twice}"
    );
}

#[test]
fn arena_saves_each_game_as_it_finishes() {
    use std::io::{BufRead, BufReader};
    let dir = std::env::temp_dir().join(format!("gomoku-arena-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.txt");
    // Far more games than the test waits for: the arena is still playing when the file is read.
    let mut arena = Command::new(env!("CARGO_BIN_EXE_gomoku-ai"))
        .args([
            "arena",
            "--engine",
            "level=beginner",
            "--engine",
            "level=easy",
        ])
        .args(["--move-ms", "0", "--concurrency", "1", "--rounds", "100"])
        .arg("--games-out")
        .arg(&games)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(arena.stdout.take().unwrap());
    let second_game = stdout
        .lines()
        .map_while(Result::ok)
        .any(|line| line.starts_with("[2/"));
    let saved = std::fs::read_to_string(&games).unwrap();
    arena.kill().unwrap();
    arena.wait().unwrap();
    assert!(second_game, "the arena ended before its second game");
    assert!(saved.lines().count() >= 2, "{saved}");
    assert!(saved.lines().all(|l| l.starts_with("game ")), "{saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn master_brains_never_lose_on_time_under_tiny_controls() {
    let book = openings::parse("h8 h9 j10").unwrap();
    let (a, b) = (brain("A", "master"), brain("B", "master"));
    // 150 ms a move within 3 s a game, then as fast as possible within 1 s a game.
    for (move_ms, game_ms) in [(150, 3_000), (0, 1_000)] {
        let config = MatchConfig {
            move_ms,
            game_ms,
            tolerance: Duration::from_millis(1_000),
            concurrency: 1,
            ..config(Rule::Freestyle)
        };
        let result = play_match(&config, &a, &b, &book, |_, _| {}).unwrap();
        for game in &result.games {
            assert!(
                !game.outcome.reason.contains("lost:"),
                "{move_ms} ms/move, {game_ms} ms/game: {}",
                game.outcome.reason
            );
            let limit = if move_ms > 0 { move_ms } else { game_ms };
            let limit = Duration::from_millis(limit as u64) + config.tolerance;
            assert!(
                game.max_move.iter().all(|&t| t <= limit),
                "{:?}",
                game.max_move
            );
        }
    }
}

#[test]
fn arena_command_stops_an_sprt_once_it_decides() {
    let sprt = |first: &str, second: &str, bounds: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_gomoku-ai"))
            .args(["arena", "--engine", first, "--engine", second])
            .args(["--sprt", bounds, "--move-ms", "0", "--concurrency", "2"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(output.status.success(), "{stdout}");
        let last = stdout
            .lines()
            .find(|l| l.starts_with("SPRT ["))
            .unwrap_or("");
        let games: usize = last
            .split(" after ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no SPRT summary in {stdout}"));
        (last.to_string(), games)
    };
    // Easy is several hundred Elo above beginner: a test of 0 against 200 Elo accepts that,
    // and the reverse pairing rejects it, each long before the 20 rounds' games.
    let (stronger, games) = sprt("level=easy", "level=beginner", "0,200");
    assert!(stronger.contains("H1 accepted"), "{stronger}");
    assert!(games < 200, "{stronger}");
    let (weaker, games) = sprt("level=beginner", "level=easy", "0,200");
    assert!(weaker.contains("H0 accepted"), "{weaker}");
    assert!(games < 200, "{weaker}");
}

#[test]
fn arena_command_refuses_an_sprt_whose_bounds_are_reversed() {
    let output = Command::new(env!("CARGO_BIN_EXE_gomoku-ai"))
        .args([
            "arena",
            "--engine",
            "level=easy",
            "--engine",
            "level=beginner",
        ])
        .args(["--sprt", "10,0"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("must be greater than elo0"), "{stderr}");
}
