use std::time::Duration;

use serde_json::json;

use crate::helpers::{assert_problem, spawn_app, spawn_app_with, test_settings};
use gomoku_ai::service::config::Settings;

#[tokio::test]
async fn malformed_json_is_400() {
    let app = spawn_app().await;
    let response = app.post_raw("/v1/move", "{\"board\": ").await;
    assert_problem(response, 400, None).await;
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
    let (release, hold) = std::sync::mpsc::channel::<()>();
    let (started, running) = tokio::sync::oneshot::channel::<()>();
    let pool = app.answers.pool().clone();
    let occupant = tokio::spawn(async move {
        pool.run(Duration::from_secs(30), move |_stop| {
            let _ = started.send(());
            let _ = hold.recv();
        })
        .await
    });
    running.await.expect("the occupant started");
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
    release.send(()).unwrap();
    occupant.await.unwrap().expect("the occupant finished");
    app.post_ok("/v1/move", &body).await;
}
