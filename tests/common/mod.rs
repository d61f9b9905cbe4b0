//! Helpers shared by the data-driven tests.
#![allow(dead_code)]

use std::path::PathBuf;

use gomoku_ai::engine::{BoardInput, Position, Rule, Stone};
use serde_json::Value;

/// `tests/data/<relative>` in this repository (sources and licences: `tests/data/README.md`).
pub fn test_data(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(relative)
}

/// Every record of a JSON Lines file under `tests/data`; fails loudly when missing.
pub fn read_jsonl(relative: &str) -> Vec<Value> {
    let path = test_data(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let records: Vec<Value> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect();
    assert!(!records.is_empty(), "{} has no records", path.display());
    records
}

/// The `rows` of a record as a position under `rule`, with an explicit side to move.
pub fn rows_position(record: &Value, rule: Rule, to_move: Stone) -> Position {
    let rows = record["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r.as_str().expect("row text").to_string())
        .collect();
    Position::parse(&BoardInput::Rows(rows), rule, Some(to_move)).expect("valid rows")
}
