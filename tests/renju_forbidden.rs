//! The renju forbidden-move cases of `tests/data/renju/`: complete lists and single points.

mod common;

use std::collections::BTreeSet;

use gomoku_ai::engine::{
    game::notation, game::renju, BoardInput, MoveInput, Position, Rule, Stone,
};
use serde_json::Value;

fn expected_set(list: &Value) -> BTreeSet<(String, String)> {
    list.as_array()
        .expect("forbidden list")
        .iter()
        .map(|f| {
            (
                f["point"].as_str().unwrap().to_string(),
                f["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn actual_set(position: &Position) -> BTreeSet<(String, String)> {
    let size = position.board().size();
    renju::forbidden_points(position.board().grid())
        .into_iter()
        .map(|(p, k)| (notation::format_point(p, size), k.name().to_string()))
        .collect()
}

fn actual_at(position: &Position, point: &str) -> String {
    let size = position.board().size();
    let p = notation::parse_point(point, size).unwrap();
    assert!(
        position.board().is_empty(p),
        "check point {point} is occupied"
    );
    renju::forbidden_kind(position.board().grid(), p)
        .map_or("none".to_string(), |k| k.name().to_string())
}

/// Checks every record of a file; `list_field` / `check_field` pick the reading to follow.
fn check_file(file: &str, list_field: &str, check_field: Option<&str>) -> usize {
    let mut failures = Vec::new();
    let records = common::read_jsonl(file);
    for record in &records {
        let id = record["id"].as_str().unwrap();
        let position = common::rows_position(record, Rule::Renju, Stone::Black);
        let list = record.get(list_field).or_else(|| record.get("forbidden"));
        if let Some(list) = list {
            let (expected, actual) = (expected_set(list), actual_set(&position));
            if expected != actual {
                failures.push(format!("{id}: expected {expected:?}, got {actual:?}"));
            }
        }
        if let Some(check) = record.get("check") {
            let point = check["point"].as_str().unwrap();
            let expected = check_field
                .and_then(|f| record.get(f))
                .unwrap_or(&check["expect"])
                .as_str()
                .unwrap();
            let actual = actual_at(&position, point);
            if expected != actual {
                failures.push(format!(
                    "{id}: at {point} expected {expected}, got {actual}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    records.len()
}

#[test]
fn quintet_forbidden_cases_agree() {
    assert_eq!(
        check_file("renju/quintet_forbidden.jsonl", "forbidden", None),
        23
    );
}

#[test]
fn generated_forbidden_lists_agree() {
    assert_eq!(
        check_file("renju/forbidden_dev.jsonl", "forbidden", None),
        225
    );
}

#[test]
fn eye_five_cases_follow_the_literal_rif_reading() {
    check_file(
        "renju/supplementary_eye_five.jsonl",
        "forbidden_literal_rif3",
        Some("expect_literal_rif3"),
    );
}

#[test]
fn generated_games_replay_to_their_rows() {
    for record in common::read_jsonl("renju/forbidden_dev.jsonl") {
        let moves = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| MoveInput::Notation(m.as_str().unwrap().to_string()))
            .collect();
        let input = BoardInput::Moves {
            width: 15,
            height: 15,
            moves,
        };
        let position = Position::parse(&input, Rule::Renju, None).expect("legal game");
        let rows: Vec<String> = record["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        assert_eq!(position.to_rows(), rows, "{}", record["id"]);
        assert!(!position.verdict().is_over(), "{}", record["id"]);
        assert_eq!(position.to_move(), Stone::Black);
        assert_eq!(actual_set(&position), expected_set(&record["forbidden"]));
    }
}
