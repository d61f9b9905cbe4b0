use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn verdict_judges_a_five_from_each_position_form() {
    let app = spawn_app().await;
    let rows = [
        "xxxxx....",
        "oooo.....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let cells: Vec<Vec<u8>> = rows
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'x' => 1,
                    'o' => 2,
                    _ => 0,
                })
                .collect()
        })
        .collect();
    let moves = json!(["a9", "a8", "b9", "b8", [2, 0], "c8", "d9", "d8", "e9"]);
    for board in [
        json!({"rows": rows}),
        json!({"cells": cells}),
        json!({"size": 9, "moves": moves}),
        json!({"width": 9, "height": 9, "moves": moves}),
    ] {
        let body = app.post_ok("/v1/verdict", &json!({"board": board})).await;
        assert_eq!(body["verdict"]["status"], "black_won", "{board}");
        assert_eq!(body["verdict"]["winner"], "black");
        assert_eq!(body["verdict"]["reason"], "five");
        let line: Vec<&str> = body["verdict"]["line"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["notation"].as_str().unwrap())
            .collect();
        assert_eq!(line, ["a9", "b9", "c9", "d9", "e9"]);
        assert_eq!(body["verdict"]["line"][0]["x"], 0);
        assert_eq!(body["verdict"]["line"][0]["y"], 0);
    }
}

#[tokio::test]
async fn verdict_lists_renju_forbidden_points_for_black() {
    let app = spawn_app().await;
    // Black h8, i8 and h9, i9 with white far away: g10 / j7 style double threes appear after
    // enough stones; the simplest forbidden shape is an overline point between x x x x . x.
    let body = app
        .post_ok(
            "/v1/verdict",
            &json!({"rule": "renju", "board": {"size": 15,
                "moves": ["a8", "a1", "b8", "a3", "c8", "a5", "d8", "a13", "f8", "a15"]}}),
        )
        .await;
    assert_eq!(body["verdict"]["status"], "ongoing");
    assert_eq!(body["to_move"], "black");
    let forbidden = body["forbidden"].as_array().unwrap();
    assert!(
        forbidden
            .iter()
            .any(|f| f["notation"] == "e8" && f["kind"] == "overline"),
        "{body}"
    );
    // Freestyle has no forbidden points.
    let free = app
        .post_ok(
            "/v1/verdict",
            &json!({"board": {"moves": ["a8", "a1", "b8", "a3", "c8", "a5", "d8", "a13", "f8", "a15"]}}),
        )
        .await;
    assert_eq!(free["forbidden"], json!([]));
}
