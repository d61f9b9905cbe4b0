use serde_json::json;

use crate::helpers::{assert_problem, spawn_app};

#[tokio::test]
async fn analyze_reports_ranked_candidates_with_pv() {
    let app = spawn_app().await;
    let body = app
        .post_ok(
            "/v1/analyze",
            &json!({"board": {"size": 15, "moves": ["h8", "i9", "h9"]}, "candidates": 2}),
        )
        .await;
    let candidates = body["candidates"].as_array().unwrap();
    assert!(!candidates.is_empty() && candidates.len() <= 2, "{body}");
    assert_eq!(candidates[0]["move"], body["move"]);
    assert_eq!(candidates[0]["pv"][0], body["move"]["notation"]);
    assert!(candidates[0]["score"]["win_probability"].is_number());
    assert!(body["verdict"].is_object() && body["stats"].is_object());
}

#[tokio::test]
async fn analyze_rejects_too_many_candidates() {
    let app = spawn_app().await;
    let response = app
        .post(
            "/v1/analyze",
            &json!({"board": {"moves": []}, "candidates": 11}),
        )
        .await;
    assert_problem(response, 422, Some("candidates")).await;
}
