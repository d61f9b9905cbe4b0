use serde_json::json;

use crate::helpers::{assert_problem, spawn_app, spawn_app_with, test_settings};
use gomoku_ai::service::config::Settings;

#[tokio::test]
async fn malformed_json_is_400() {
    let app = spawn_app().await;
    let response = app.post_raw("/v1/move", "{\"board\": ").await;
    let problem = assert_problem(response, 400, None).await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("line 1 column"),
        "{problem}"
    );
    let response = app.post_raw("/v1/verdict", "{} trailing").await;
    assert_problem(response, 400, None).await;
}

#[tokio::test]
async fn oversized_body_is_413() {
    let app = spawn_app().await;
    let padding = " ".repeat(70 * 1024);
    let response = app
        .post_raw(
            "/v1/move",
            format!("{{\"board\": {{\"moves\": []}}{padding}}}"),
        )
        .await;
    assert_problem(response, 413, None).await;
}

#[tokio::test]
async fn impossible_positions_are_422_with_the_engine_field_and_words() {
    let app = spawn_app().await;
    let cases = [
        (
            json!({"board": {"moves": ["h8", "h8"]}}),
            "board.moves[1]",
            "occupied",
        ),
        (json!({"board": {"moves": ["z99"]}}), "board.moves[0]", ""),
        (
            json!({"board": {"size": 40, "moves": []}}),
            "board.size",
            "outside 5..=32",
        ),
        (
            json!({"board": {"rows": ["xxx..", ".....", ".....", ".....", "....."]}}),
            "board",
            "no legal game",
        ),
        (
            json!({"board": {"rows": ["..q..", ".....", ".....", ".....", "....."]}}),
            "board.rows[0]",
            "x, o or .",
        ),
        (
            json!({"board": {"cells": [[0,0,0,0,0],[0,7,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]]}}),
            "board.cells[1][1]",
            "",
        ),
        (
            json!({"board": {"moves": ["h8"]}, "to_move": "black"}),
            "to_move",
            "to_move",
        ),
    ];
    for (body, field, words) in cases {
        for path in ["/v1/move", "/v1/verdict"] {
            let problem = assert_problem(app.post(path, &body).await, 422, Some(field)).await;
            assert!(
                problem["detail"].as_str().unwrap().contains(words),
                "{problem}"
            );
        }
    }
}

#[tokio::test]
async fn schema_violations_are_422_naming_the_field() {
    let app = spawn_app().await;
    let cases = [
        (
            json!({"board": {"moves": []}, "difficulty": "impossible"}),
            "difficulty",
        ),
        (
            json!({"board": {"moves": []}, "dificulty": "hard"}),
            "dificulty",
        ),
        (
            json!({"board": {"moves": []}, "limits": {"time_ms": "soon"}}),
            "limits.time_ms",
        ),
        (
            json!({"board": {"moves": []}, "limits": {"time_ms": 0}}),
            "limits.time_ms",
        ),
        (json!({"board": {"moves": [], "rows": []}}), "board"),
        (json!({"rule": "renju"}), "board"),
    ];
    for (body, field) in cases {
        let response = app.post("/v1/move", &body).await;
        let problem = assert_problem(response, 422, None).await;
        assert!(
            problem["field"]
                .as_str()
                .is_some_and(|f| f.starts_with(field.split('.').next().unwrap())),
            "{body} -> {problem}"
        );
        if field.contains('.') {
            assert_eq!(problem["field"], field);
        }
    }
    let response = app.get("/v1/move?moves=h8&difficulty=silly").await;
    assert_problem(response, 422, Some("difficulty")).await;
}

/// Words from Rust types and parsers that must never reach a client.
const INTERNALS: [&str; 12] = [
    "enum",
    "struct",
    "variant",
    "i64",
    "u64",
    "u32",
    "u8",
    "Dto",
    "Raw",
    "invalid digit",
    "expected value",
    "line 1 column",
];

/// Asserts a 422 naming `field` whose detail has every one of `words` and no internals.
async fn assert_careless(response: reqwest::Response, field: &str, words: &[&str]) {
    let problem = assert_problem(response, 422, Some(field)).await;
    let detail = problem["detail"].as_str().unwrap();
    for word in words {
        assert!(detail.contains(word), "{word:?} missing from {problem}");
    }
    for internal in INTERNALS {
        assert!(
            !detail.contains(internal),
            "{internal:?} leaked in {problem}"
        );
    }
}

#[tokio::test]
async fn careless_bodies_are_422_naming_the_field_and_what_it_takes() {
    let app = spawn_app().await;
    let board = json!({"moves": ["h8"]});
    let cases = [
        (
            json!({"board": board, "difficulty": 3}),
            "difficulty",
            vec![r#""beginner""#, r#""master""#, "the number 3"],
        ),
        (
            json!({"board": board, "rule": 5}),
            "rule",
            vec![r#""freestyle""#, r#""renju""#],
        ),
        (
            json!({"board": board, "to_move": 1}),
            "to_move",
            vec![r#""black""#, r#""white""#],
        ),
        (
            json!({"board": {"moves": [[7]]}}),
            "board.moves[0]",
            vec!["a string", "`h8`", "[x, y]"],
        ),
        (
            json!({"board": {"moves": [{"x": 7}]}}),
            "board.moves[0]",
            vec!["`h8`", "[x, y]", "an object"],
        ),
        (
            json!({"board": null}),
            "board",
            vec!["`moves`", "`rows`", "`cells`", "null"],
        ),
        (
            json!({"board": [[0, 1]]}),
            "board",
            vec!["`moves`", "`rows`", "`cells`", "a list"],
        ),
        (json!([1, 2]), "body", vec!["an object with `board`"]),
        (
            json!({"board": board, "limits": {"depth": "deep"}}),
            "limits.depth",
            vec!["an integer of at least 1", "\"deep\""],
        ),
    ];
    for (body, field, words) in cases {
        for path in ["/v1/move", "/v1/analyze"] {
            assert_careless(app.post(path, &body).await, field, &words).await;
        }
    }
    let twice = r#"{"board": {"moves": []}, "board": {"moves": ["h8"]}}"#;
    assert_careless(
        app.post_raw("/v1/verdict", twice).await,
        "board",
        &["board"],
    )
    .await;
}

#[tokio::test]
async fn careless_queries_are_422_naming_the_parameter_and_what_it_takes() {
    let app = spawn_app().await;
    let cases = [
        (
            "moves=h8&size=abc",
            "size",
            vec!["an integer from 5 to 32", "\"abc\""],
        ),
        (
            "moves=h8&time_ms=-1",
            "time_ms",
            vec!["an integer of at least 1", "\"-1\""],
        ),
        (
            "moves=h8,,i9",
            "moves",
            vec!["move 2 is empty", "h8,i9,j10"],
        ),
        (
            "moves=h8&difficulty=3",
            "difficulty",
            vec![r#""beginner""#, r#""master""#],
        ),
        ("moves=h8&pv=maybe", "pv", vec!["true or false"]),
    ];
    for (query, field, words) in cases {
        for path in ["/v1/move", "/v1/move.txt"] {
            let response = app.get(&format!("{path}?{query}")).await;
            assert_careless(response, field, &words).await;
        }
    }
}

#[tokio::test]
async fn wrong_method_is_405_with_allow_and_unknown_path_404() {
    let app = spawn_app().await;
    let response = app
        .client
        .delete(format!("{}/v1/move", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["allow"], "GET, POST");
    assert_problem(response, 405, None).await;
    let response = app.get("/v1/verdict").await;
    assert_eq!(response.headers()["allow"], "POST");
    assert_problem(response, 405, None).await;
    let response = app.post_raw("/healthz", "").await;
    assert_problem(response, 405, None).await;
    assert_problem(app.get("/nowhere").await, 404, None).await;
}

#[tokio::test]
async fn saturated_pool_answers_503_with_retry_after() {
    let app = spawn_app_with(Settings {
        search_threads: Some(1),
        queue_timeout_ms: 50,
        cache_mb: 0,
        ..test_settings()
    })
    .await;
    // Occupy the only search slot with a search that ends when the test says so.
    let slot = app.hold_slot().await;
    let body = json!({"board": {"moves": ["h8"]}, "difficulty": "master"});
    let response = app.post("/v1/move", &body).await;
    assert_eq!(response.status(), 503, "{:?}", response.headers());
    assert!(
        response.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse::<u64>()
            .unwrap()
            >= 1
    );
    assert_problem(response, 503, None).await;
    assert_eq!(app.metric("gomoku_searches_rejected_total").await, 1.0);
    assert_eq!(app.metric("gomoku_searches_in_flight").await, 1.0);
    slot.release().await;
    app.post_ok("/v1/move", &body).await;
}
