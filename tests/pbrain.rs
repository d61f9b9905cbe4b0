//! Scripted Gomocup protocol sessions against the real `pbrain-gomoku-ai` process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

/// How long a reply may take before the test fails instead of hanging.
const REPLY_WAIT: Duration = Duration::from_secs(30);

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
