//! Scripted Gomocup protocol sessions against the real `pbrain-gomoku-ai` process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use gomoku_ai::engine::game::notation;
use gomoku_ai::engine::threats::{wins_after, Budget, Mode, Proof};
use gomoku_ai::engine::{BoardInput, BoardSize, Point, Position, Rule};

/// How long a reply may take before the test fails instead of hanging.
const REPLY_WAIT: Duration = Duration::from_secs(30);
/// Lateness forgiven beyond a time limit, as managers do: generous, because the test machine
/// may be loaded and the time includes starting the search, pipes and scheduling.
const TOLERANCE: Duration = Duration::from_millis(1_000);

struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    fn spawn(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku-ai"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the brain starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line that is not a MESSAGE.
    fn reply(&mut self) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(REPLY_WAIT)
                .expect("the brain answers in time");
            if !line.starts_with("MESSAGE") {
                return line;
            }
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.reply()
    }

    /// Sends `moves` (in notation, Black first) as a BOARD block's stones, the brain's own
    /// being those of the side to move next.
    fn send_stones(&mut self, moves: &[&str]) {
        for (i, m) in moves.iter().enumerate() {
            let (x, y) = xy(m);
            let field = if i % 2 == moves.len() % 2 { 1 } else { 2 };
            self.send(&format!("{x},{y},{field}"));
        }
    }

    /// Sends a BOARD block and returns the brain's answer.
    fn board(&mut self, stones: &[(u32, u32, u32)]) -> String {
        self.send("BOARD");
        for (x, y, f) in stones {
            self.send(&format!("{x},{y},{f}"));
        }
        self.ask("DONE")
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn point(reply: &str) -> (u32, u32) {
    let (x, y) = reply
        .split_once(',')
        .unwrap_or_else(|| panic!("'{reply}' is not a move"));
    (x.parse().unwrap(), y.parse().unwrap())
}

fn medium() -> Brain {
    Brain::spawn(&["--level", "medium"])
}

#[test]
fn start_about_info_and_errors_keep_the_brain_running() {
    let mut brain = medium();
    assert!(brain.ask("START 4").starts_with("ERROR unsupported size"));
    assert!(brain.ask("START 33").starts_with("ERROR unsupported size"));
    assert!(brain.ask("BEGIN").starts_with("ERROR BEGIN before START"));
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 300");
    brain.send("INFO timeout_match 100000");
    brain.send("INFO time_left 100000");
    brain.send("INFO max_memory 83886080");
    brain.send("INFO game_type 1");
    brain.send("INFO folder /tmp");
    brain.send("INFO evaluate 3,3");
    brain.send("INFO some_future_key 7");
    let about = brain.ask("ABOUT");
    assert!(about.starts_with("name=\"gomoku-ai\""), "{about}");
    assert!(about.contains("version="), "{about}");
    assert_eq!(brain.ask("YXSHOWFORBID"), "UNKNOWN YXSHOWFORBID");
    let error = brain.ask("TURN seven,8");
    assert!(
        error.starts_with("ERROR") && error.contains("seven"),
        "{error}"
    );
    assert!(brain.ask("TURN 7").starts_with("ERROR"));
    assert!(brain.ask("INFO timeout_turn soon").starts_with("ERROR"));
    assert!(brain.ask("TURN 15,3").contains("off the 15x15 board"));
    let (x, y) = point(&brain.ask("TURN 7,7"));
    assert!(x < 15 && y < 15 && (x, y) != (7, 7));
    assert!(brain.ask("TURN 7,7").contains("occupied"));
    brain.send("END");
    let status = brain.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn board_in_renju_order_is_replayed_and_the_four_blocked() {
    let mut brain = medium();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    // Black (the opponent) and White (the brain) alternate, as a renju game was played.
    let reply = brain.board(&[
        (3, 7, 2),
        (2, 7, 1),
        (4, 7, 2),
        (10, 10, 1),
        (5, 7, 2),
        (12, 12, 1),
        (6, 7, 2),
    ]);
    assert_eq!(reply, "7,7");
}

/// A renju game (from an arena match) after which every empty point, b3, is an overline
/// for Black, to move.
const NO_LEGAL_MOVE: &str =
    "h8 i9 f6 j8 h6 j9 h9 h10 k7 j7 j10 i6 j6 i7 i5 l8 h7 h5 k8 k9 l10 h4 g7 f8 g6 g9 e6 d6 \
     e7 g4 f3 i10 i8 e4 f7 d7 d5 g8 f4 f5 g11 e9 f11 g10 e3 d3 b6 d4 h11 e11 e10 d9 c9 d8 d10 \
     c2 b1 c4 c6 c8 e8 h3 j12 e2 b5 j4 i2 d2 f2 h2 h1 a2 b2 i4 k4 k5 i3 j11 i13 k11 h12 j14 \
     h13 a4 b4 k12 h14 h15 k13 j13 g12 i14 l11 j5 f12 i12 k6 a5 a3 f13 b10 c10 l13 l12 d12 \
     e12 d11 e13 e14 c12 b12 d13 g13 j3 b13 b11 m10 g15 j1 m12 l9 n10 o12 n11 n9 m7 n6 m5 n5 \
     m6 m4 k2 l1 m8 m9 f1 g2 n4 l5 n8 l6 i11 o11 o10 d14 f14 f15 k1 a11 e15 o2 n3 n14 m3 o5 \
     a7 l3 l4 a12 a10 n2 c14 a8 m14 m13 o13 j15 k15 k14 b7 a14 a13 o9 c1 c13 i1 c3 j2 k3 o6 \
     c5 o4 e5 g1 e1 a15 o3 o15 b15 m15 l15 b8 l14 o7 a9 n13 c15 o1 d1 g5 i15 f10 o8 k10 c7 f9 \
     c11 l2 n12 o14 b14 g14 n15 g3 m11 n7 b9 l7 a6 m2 a1 n1 m1 d15";

/// With no legal move left, Black's brain still moves: onto the forbidden point (which
/// loses), saying why, rather than answering with an error the manager scores as a crash.
#[test]
fn black_with_only_forbidden_points_left_plays_one_and_says_so() {
    let mut brain = Brain::spawn(&["--level", "medium"]);
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    brain.send("BOARD");
    brain.send_stones(&NO_LEGAL_MOVE.split_whitespace().collect::<Vec<_>>());
    let (answer, message) = move_with_message(&mut brain, "DONE");
    assert_eq!(point(&answer), xy("b3"));
    assert!(message.contains("forbidden"), "{message}");
}

#[test]
fn black_never_plays_a_renju_double_three() {
    let mut brain = medium();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 4");
    // 7,7 makes two open threes for Black (the brain): forbidden under renju.
    let stones = [
        (5, 7, 1),
        (6, 7, 1),
        (7, 5, 1),
        (7, 6, 1),
        (0, 0, 2),
        (14, 0, 2),
        (0, 14, 2),
        (14, 14, 2),
    ];
    let (x, y) = point(&brain.board(&stones));
    assert!((x, y) != (7, 7) && x < 15 && y < 15);
}

#[test]
fn malformed_board_lines_reject_the_block() {
    let mut brain = medium();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("BOARD");
    brain.send("7,7,2");
    assert!(brain.ask("8,8").starts_with("ERROR"));
    assert!(brain.ask("20,1,1").contains("off the 15x15 board"));
    assert!(brain.ask("7,7,1").contains("listed twice"));
    assert!(brain.ask("DONE").starts_with("ERROR board not accepted"));
    // The brain is still usable and the rejected block left the board empty.
    let (x, y) = point(&brain.ask("BEGIN"));
    assert!(x < 15 && y < 15);
}

#[test]
fn takeback_and_restart() {
    let mut brain = medium();
    assert_eq!(brain.ask("START 15"), "OK");
    let first = brain.ask("BEGIN");
    point(&first);
    assert_eq!(brain.ask(&format!("TAKEBACK {first}")), "OK");
    assert!(brain
        .ask(&format!("TAKEBACK {first}"))
        .contains("no stone there"));
    // The board is empty again, so BEGIN is legal again.
    point(&brain.ask("BEGIN"));
    let reply = brain.ask("TURN 0,0");
    point(&reply);
    assert_eq!(brain.ask("TAKEBACK 0,0"), "OK");
    assert_eq!(brain.ask(&format!("TAKEBACK {reply}")), "OK");
    assert_eq!(brain.ask("RESTART"), "OK");
    point(&brain.ask("BEGIN"));
}

#[test]
fn rectangular_boards() {
    let mut brain = medium();
    assert_eq!(brain.ask("RECTSTART 20,8"), "OK");
    let (x, y) = point(&brain.ask("BEGIN"));
    assert!(x < 20 && y < 8, "{x},{y}");
    assert!(brain
        .ask("RECTSTART 40,8")
        .starts_with("ERROR unsupported size"));
    assert!(brain.ask("RECTSTART 20").starts_with("ERROR"));
}

#[test]
fn master_by_default_plays_fast_when_told_and_reports_its_search() {
    let mut brain = Brain::spawn(&[]);
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 0");
    brain.send("BEGIN");
    let message = brain.lines.recv_timeout(REPLY_WAIT).unwrap();
    assert!(
        message.starts_with("MESSAGE depth") && message.contains(" pv "),
        "{message}"
    );
    point(&brain.reply());
}

/// One time control of the session below: `INFO` values and how many moves to play.
struct Clock {
    turn: i64,
    game: i64,
    /// `time_left` sent before every move, if any.
    left: Option<i64>,
}

impl Clock {
    /// The protocol's limit for the next move after `spent` ms of this game: the turn limit
    /// (none when 0: play fast), the time left, or without one the game limit less what was
    /// spent, whichever is smallest.
    fn limit(&self, spent: Duration) -> Duration {
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        let turn = if self.turn > 0 { ms(self.turn) } else { ms(0) };
        let game = match (self.left, self.game) {
            (Some(left), _) => ms(left),
            (None, 0) => Duration::MAX,
            (None, total) => ms(total).saturating_sub(spent),
        };
        turn.min(game)
    }
}

#[test]
fn master_answers_within_tiny_and_nearly_exhausted_time_limits() {
    let clocks = [
        // Play as fast as possible.
        Clock {
            turn: 0,
            game: 0,
            left: None,
        },
        Clock {
            turn: 0,
            game: 60_000,
            left: Some(60_000),
        },
        Clock {
            turn: 100,
            game: 0,
            left: None,
        },
        // Nearly exhausted, and overdrawn, game clocks under a long turn limit.
        Clock {
            turn: 5_000,
            game: 60_000,
            left: Some(40),
        },
        Clock {
            turn: 5_000,
            game: 60_000,
            left: Some(-200),
        },
        // A game limit without time_left: the brain counts its own spending.
        Clock {
            turn: 1_000,
            game: 600,
            left: None,
        },
    ];
    let opponent = [(7, 7), (3, 3), (11, 3), (3, 11), (11, 11), (7, 2)];
    let mut brain = Brain::spawn(&[]);
    assert_eq!(brain.ask("START 15"), "OK");
    for clock in &clocks {
        assert_eq!(brain.ask("RESTART"), "OK");
        brain.send(&format!("INFO timeout_turn {}", clock.turn));
        brain.send(&format!("INFO timeout_match {}", clock.game));
        let mut taken = Vec::new();
        let mut spent = Duration::ZERO;
        for _ in 0..4 {
            let &(x, y) = opponent.iter().find(|p| !taken.contains(*p)).unwrap();
            taken.push((x, y));
            if let Some(left) = clock.left {
                brain.send(&format!("INFO time_left {left}"));
            }
            let limit = clock.limit(spent);
            let sent = Instant::now();
            let reply = brain.ask(&format!("TURN {x},{y}"));
            let took = sent.elapsed();
            spent += took;
            taken.push(point(&reply));
            assert!(
                took <= limit.saturating_add(TOLERANCE),
                "turn {} game {} left {:?}: {took:?} for a limit of {limit:?}",
                clock.turn,
                clock.game,
                clock.left
            );
        }
    }
}

#[test]
fn master_reports_each_depth_while_thinking_and_stops_on_end() {
    let mut brain = Brain::spawn(&[]);
    assert_eq!(brain.ask("START 15"), "OK");
    // About a minute to think: every MESSAGE that arrives long before it is sent while the
    // search goes on, not printed after it.
    brain.send("INFO timeout_turn 60000");
    brain.send("TURN 7,7");
    let mut depths = Vec::new();
    while depths.len() < 3 {
        let line = brain
            .lines
            .recv_timeout(REPLY_WAIT)
            .expect("a MESSAGE for each depth well before the move is due");
        assert!(line.starts_with("MESSAGE depth"), "{line}");
        assert!(line.contains(" eval ") && line.contains(" pv "), "{line}");
        let depth: u32 = line.split_whitespace().nth(2).unwrap().parse().unwrap();
        depths.push(depth);
    }
    assert_eq!(depths, [1, 2, 3]);
    // END stops the search: the best move so far comes at once and the brain exits.
    brain.send("END");
    let (x, y) = point(&brain.reply());
    assert!(x < 15 && y < 15 && (x, y) != (7, 7));
    assert!(brain.child.wait().unwrap().success());
}

/// A game master, White, had proven won two moves before, then lost at 1 s a move: White
/// to move wins with `g4` or `h4`.
const LOST_WIN: &str =
    "h8 h9 f7 i9 f9 f8 g9 g10 i8 j8 i7 j6 h7 j7 j9 g6 k10 l11 e11 f10 h10 j4 j5 i6 h6";

/// The protocol's `x,y` of a point in notation.
fn xy(notation: &str) -> (u32, u32) {
    let p = notation::parse_point(notation, BoardSize::STANDARD).unwrap();
    (p.x.into(), p.y.into())
}

/// The position after `moves` (in notation, Black first).
fn position_after(moves: &[String]) -> Position {
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    Position::parse(&BoardInput::notation(15, 15, &moves), Rule::Freestyle, None).unwrap()
}

/// The brain's answer to `command` with the last MESSAGE before it.
fn move_with_message(brain: &mut Brain, command: &str) -> (String, String) {
    brain.send(command);
    let mut message = String::new();
    loop {
        let line = brain.lines.recv_timeout(REPLY_WAIT).expect("an answer");
        if line.starts_with("MESSAGE") {
            message = line;
        } else {
            return (line, message);
        }
    }
}

/// At 1 s a turn the brain plays the lost win's winning move and says it is proven; after
/// the reply its line expected, and after one off the line, it still plays a winning move
/// and says so.
#[test]
fn master_keeps_a_proven_win_between_moves() {
    let mut moves: Vec<String> = LOST_WIN.split(' ').map(str::to_string).collect();
    let mut brain = Brain::spawn(&[]);
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO timeout_turn 1000");
    brain.send("BOARD");
    brain.send_stones(&moves.iter().map(String::as_str).collect::<Vec<_>>());
    let (mut reply, mut message) = move_with_message(&mut brain, "DONE");
    for answer in ["the line's", "a1"] {
        let (x, y) = point(&reply);
        let played = Point::new(x as usize, y as usize);
        let position = position_after(&moves);
        let at = notation::format_point(played, BoardSize::STANDARD);
        assert!(
            message.contains(" mate ") || message.contains(" proven win"),
            "{at}: {message}"
        );
        let check = Budget {
            threat_vcf_moves: 3,
            ..Budget::nodes(3_000_000)
        };
        let proof = wins_after(position.board(), played, Mode::Vct, 20, &check).proof;
        assert!(
            matches!(proof, Proof::Win(_)),
            "{at} does not win: {message}"
        );
        moves.push(at);
        let next = match answer {
            "a1" => answer.to_string(),
            _ => message
                .split(" pv ")
                .nth(1)
                .and_then(|pv| pv.split(' ').nth(1))
                .expect("a line of two moves or more")
                .to_string(),
        };
        let (x, y) = xy(&next);
        moves.push(next);
        (reply, message) = move_with_message(&mut brain, &format!("TURN {x},{y}"));
    }
    assert!(
        message.contains(" mate ") || message.contains(" proven win"),
        "{message}"
    );
}
