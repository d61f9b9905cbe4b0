use serde_json::{json, Value};

use gomoku_ai::service::config::Settings;

use crate::helpers::{spawn_app, spawn_app_with, test_settings};

fn notation(point: &Value) -> &str {
    point["notation"].as_str().expect("notation")
}

#[tokio::test]
async fn post_move_completes_an_open_four_in_every_form() {
    let app = spawn_app().await;
    // Black to move with four in a row on row 9 (top row index 1... see rows): d..g open.
    let rows = [
        ".........",
        "...xxxx..",
        ".........",
        "...oooo..",
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
    for (i, board) in [json!({"rows": rows}), json!({"cells": cells})]
        .iter()
        .enumerate()
    {
        let body = app
            .post_ok("/v1/move", &json!({"board": board, "difficulty": "easy"}))
            .await;
        let best = notation(&body["move"]);
        assert!(best == "c8" || best == "h8", "{body}");
        assert_eq!(body["to_move"], "black");
        assert_eq!(body["verdict"]["status"], "ongoing");
        assert_eq!(body["verdict_after"]["status"], "black_won");
        assert_eq!(body["verdict_after"]["line"].as_array().unwrap().len(), 5);
        // The same position in another form is the same cache entry.
        assert_eq!(body["stats"]["cached"], i == 1);
        let heatmap = &body["heatmap"];
        assert_eq!(heatmap["width"], 9);
        assert_eq!(heatmap["values"].as_array().unwrap().len(), 9);
        assert_eq!(heatmap["values"][1][3], Value::Null, "stones are null");
        assert_eq!(body["pv"][0], best);
    }
}

#[tokio::test]
async fn move_list_forms_and_the_get_query_agree() {
    let app = spawn_app().await;
    let request = json!({
        "board": {"size": 15, "moves": ["h8", [8, 6], "h9"]},
        "rule": "renju", "difficulty": "hard", "include": {"heatmap": false}
    });
    let posted = app.post_ok("/v1/move", &request).await;
    assert!(posted.get("heatmap").is_none(), "heatmap excluded");
    assert_eq!(posted["to_move"], "white");
    let response = app
        .get("/v1/move?moves=h8,i9,h9&rule=renju&difficulty=hard&size=15&heatmap=false")
        .await;
    assert_eq!(response.status(), 200);
    let got: Value = response.json().await.unwrap();
    assert_eq!(got["move"], posted["move"]);
    assert_eq!(got["pv"], posted["pv"]);
    assert_eq!(got["stats"]["cached"], true, "same position and parameters");
}

#[tokio::test]
async fn a_finished_game_has_no_move() {
    let app = spawn_app().await;
    let body = app
        .post_ok(
            "/v1/move",
            &json!({"board": {"moves": ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"]}}),
        )
        .await;
    assert_eq!(body["move"], Value::Null);
    assert_eq!(body["verdict"]["status"], "black_won");
    assert_eq!(body["verdict_after"], Value::Null);
    assert_eq!(body["score"], Value::Null);
}

#[tokio::test]
async fn repeated_and_mirrored_positions_hit_the_cache_mapped_back() {
    let app = spawn_app().await;
    let original =
        json!({"board": {"size": 15, "moves": ["h8", "i9", "j8", "c3"]}, "difficulty": "medium"});
    let first = app.post_ok("/v1/move", &original).await;
    assert_eq!(first["stats"]["cached"], false);
    let again = app.post_ok("/v1/move", &original).await;
    assert_eq!(again["stats"]["cached"], true);
    assert_eq!(again["move"], first["move"]);

    // Mirror left-right: x -> 14 - x, same rows.
    let mirror = |p: &str| -> String {
        let col = p.as_bytes()[0] - b'a';
        format!("{}{}", (b'a' + 14 - col) as char, &p[1..])
    };
    let mirrored_moves: Vec<String> = ["h8", "i9", "j8", "c3"].iter().map(|m| mirror(m)).collect();
    let mirrored = app
        .post_ok(
            "/v1/move",
            &json!({"board": {"size": 15, "moves": mirrored_moves}, "difficulty": "medium"}),
        )
        .await;
    assert_eq!(mirrored["stats"]["cached"], true, "{mirrored}");
    assert_eq!(
        mirrored["move"]["x"],
        14 - first["move"]["x"].as_u64().unwrap()
    );
    assert_eq!(mirrored["move"]["y"], first["move"]["y"]);
    let first_pv: Vec<String> = first["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| mirror(p.as_str().unwrap()))
        .collect();
    assert_eq!(mirrored["pv"], json!(first_pv));
    // The heatmap is mirrored cell by cell.
    for y in 0..15 {
        for x in 0..15 {
            assert_eq!(
                mirrored["heatmap"]["values"][y][14 - x],
                first["heatmap"]["values"][y][x]
            );
        }
    }
}

#[tokio::test]
async fn a_deployment_may_give_each_master_search_several_threads() {
    let app = spawn_app_with(Settings {
        threads_per_search: 2,
        ..test_settings()
    })
    .await;
    assert_eq!(app.answers.threads(), 2);
    // Black has an open four: White can only block one end, and any thread count must.
    let body = json!({
        "board": {"size": 15, "moves": ["h8", "a1", "i8", "a3", "j8", "a5", "k8"]},
        "difficulty": "master",
        "limits": {"time_ms": 300}
    });
    let answer = app.post_ok("/v1/move", &body).await;
    let block = notation(&answer["move"]);
    assert!(block == "g8" || block == "l8", "{answer}");
    assert!(
        answer["stats"]["nodes"].as_u64().unwrap_or(0) > 0,
        "{answer}"
    );
}
