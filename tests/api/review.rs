//! `/v1/review` and its graph and text forms, over real HTTP.

use serde_json::{json, Value};

use crate::helpers::{assert_problem, content_type, spawn_app, spawn_app_with, test_settings};
use gomoku_ai::service::config::Settings;

/// The first 40 moves of a game hard played against itself.
const FORTY: [&str; 40] = [
    "h8", "h10", "f10", "h12", "f8", "f9", "h11", "g8", "g9", "e11", "e10", "d10", "i7", "j6",
    "g13", "d11", "d9", "g12", "f12", "c8", "f11", "f13", "e12", "k7", "d13", "g10", "i5", "j8",
    "i9", "i6", "j5", "j10", "j9", "k9", "c14", "b15", "i10", "i11", "l8", "k8",
];

/// Black's four h8..k8 (White holds g8) leaves White the one block l8.
const FOUR: [&str; 7] = ["h8", "g8", "i8", "h9", "j8", "i9", "k8"];

const LABELS: [&str; 7] = [
    "best",
    "excellent",
    "good",
    "inaccuracy",
    "mistake",
    "blunder",
    "forced",
];

/// A quick deterministic reviewer: hard at depth 2.
fn quick(moves: &[&str]) -> Value {
    json!({"board": {"size": 15, "moves": moves}, "difficulty": "hard", "limits": {"depth": 2}})
}

#[tokio::test]
async fn review_forty_moves_answer_forty_labelled_entries_and_again_from_the_cache() {
    let app = spawn_app().await;
    // The defaults: master, 300 ms a position.
    let review = app
        .post_ok("/v1/review", &json!({"board": {"moves": FORTY.as_slice()}}))
        .await;
    assert_eq!(review["difficulty"], "master");
    assert_eq!(review["rule"], "freestyle");
    assert_eq!(review["stats"]["positions"], 41, "{}", review["stats"]);
    assert_eq!(review["stats"]["time_ms_per_position"], 300);
    let moves = review["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 40);
    for (ply, entry) in moves.iter().enumerate() {
        assert_eq!(entry["ply"], ply);
        assert_eq!(entry["side"], if ply % 2 == 0 { "black" } else { "white" });
        assert_eq!(entry["move"]["notation"], FORTY[ply], "{entry}");
        let label = entry["label"].as_str().expect("a label");
        assert!(LABELS.contains(&label), "{entry}");
        let p = entry["win_probability"].as_f64().expect("a probability");
        let loss = entry["loss"].as_f64().expect("a loss");
        assert!(
            (0.0..=1.0).contains(&p) && (0.0..=1.0).contains(&loss),
            "{entry}"
        );
        if label == "best" || label == "forced" {
            assert_eq!(loss, 0.0, "{entry}");
        }
        let best = &entry["best"]["notation"];
        assert!(best.is_string(), "{entry}");
        assert_eq!(&entry["pv"][0], best, "{entry}");
        if label == "best" {
            assert_eq!(best, &entry["move"]["notation"], "{entry}");
        }
    }
    for side in ["black", "white"] {
        let summary = &review["summary"][side];
        assert_eq!(summary["moves"], 20);
        let counted: u64 = LABELS
            .iter()
            .map(|label| summary["labels"][label].as_u64().expect("a count"))
            .sum();
        assert_eq!(counted, 20, "{summary}");
        let accuracy = summary["accuracy"].as_f64().expect("an accuracy");
        assert!((0.0..=100.0).contains(&accuracy), "{summary}");
    }
    assert_eq!(review["verdict"]["status"], "ongoing");

    // The same game by GET: every position is answered from the cache, alike.
    let again: Value = app
        .get(&format!("/v1/review?moves={}", FORTY.join(",")))
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(again["stats"]["cached"], 41, "{}", again["stats"]);
    assert_eq!(again["moves"], review["moves"]);
    assert_eq!(again["summary"], review["summary"]);
}

#[tokio::test]
async fn review_labels_a_forced_block_a_blunder_and_the_winning_move() {
    let app = spawn_app().await;
    let mut blocked = FOUR.to_vec();
    blocked.push("l8");
    let review = app.post_ok("/v1/review", &quick(&blocked)).await;
    assert_eq!(
        review["moves"][7]["label"], "forced",
        "{}",
        review["moves"][7]
    );

    let mut ignored = FOUR.to_vec();
    ignored.extend(["a1", "l8"]);
    let review = app.post_ok("/v1/review", &quick(&ignored)).await;
    let a1 = &review["moves"][7];
    assert_eq!(a1["best"]["notation"], "l8", "{a1}");
    assert!(a1["label"] == "mistake" || a1["label"] == "blunder", "{a1}");
    assert_eq!(a1["win_probability"], 1.0, "{a1}");
    let win = &review["moves"][8];
    assert_eq!((&win["label"], &win["loss"]), (&json!("best"), &json!(0.0)));
    assert_eq!(review["verdict"]["status"], "black_won");
    let turns = review["turning_points"].as_array().expect("turning points");
    let at_a1: Vec<&Value> = turns.iter().filter(|t| t["ply"] == 7).collect();
    assert_eq!(at_a1.len(), 1, "{turns:?}");
    assert_eq!(at_a1[0]["kind"], "win_appeared");
    assert_eq!(at_a1[0]["side"], "black");
    assert_eq!(at_a1[0]["move"]["notation"], "a1");
    assert_eq!(at_a1[0]["line"][0], "l8");
    assert!(review["summary"]["white"]["accuracy"].as_f64().unwrap() < 100.0);
}

#[tokio::test]
async fn review_graph_comes_as_svg_and_png_and_the_summary_as_text() {
    let app = spawn_app().await;
    let mut moves = FOUR.to_vec();
    moves.extend(["a1", "l8"]);
    let response = app.post("/v1/review.svg", &quick(&moves)).await;
    assert_eq!(response.status(), 200);
    assert_eq!(content_type(&response), "image/svg+xml");
    let svg = response.text().await.unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let dots: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("move ")))
        .collect();
    assert_eq!(dots.len(), 9);
    let a1 = dots
        .iter()
        .find(|n| n.attribute("data-point") == Some("a1"))
        .expect("a1's dot");
    assert!(
        matches!(a1.attribute("data-label"), Some("mistake" | "blunder")),
        "{:?}",
        a1.attribute("data-label")
    );

    let query = format!("moves={}&difficulty=hard&depth=2", moves.join(","));
    let response = app.get(&format!("/v1/review.png?{query}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(content_type(&response), "image/png");
    let bytes = response.bytes().await.unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()));
    let info = decoder.read_info().expect("a PNG").info().clone();
    assert_eq!((info.width, info.height), (720, 304));

    let response = app.get(&format!("/v1/review.txt?{query}")).await;
    assert_eq!(response.status(), 200);
    assert!(content_type(&response).starts_with("text/plain"));
    let text = response.text().await.unwrap();
    assert!(
        text.starts_with("Game review: 9 moves. Black won with five in a row.\nBlack: accuracy "),
        "{text}"
    );
    assert!(
        text.contains("  move 8, White a1: Black's forced win appeared: l8"),
        "{text}"
    );
    assert!(text.is_ascii());
    let posted = app.post("/v1/review.txt", &quick(&moves)).await;
    assert_eq!(posted.text().await.unwrap(), text);
}

#[tokio::test]
async fn review_errors_name_the_field() {
    let app = spawn_app().await;
    let cases = [
        (json!({"board": {"moves": ["h8", "h8"]}}), "board.moves[1]"),
        (
            json!({"board": {"moves": ["h8", "zz99"]}}),
            "board.moves[1]",
        ),
        (json!({"board": {"rows": ["....."]}}), "board.rows"),
        (json!({"board": {"size": 40, "moves": []}}), "board.size"),
        (
            json!({"board": {"moves": []}, "limits": {"time_ms": 0}}),
            "limits.time_ms",
        ),
        (
            json!({"board": {"moves": []}, "difficulty": "grandmaster"}),
            "difficulty",
        ),
        (json!({"board": {"moves": []}, "seed": 1}), "seed"),
        (
            json!({"board": {"moves": ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12", "a5"]}}),
            "board.moves[9]",
        ),
    ];
    for (body, field) in cases {
        for path in [
            "/v1/review",
            "/v1/review.svg",
            "/v1/review.png",
            "/v1/review.txt",
        ] {
            let response = app.post(path, &body).await;
            assert_problem(response, 422, Some(field)).await;
        }
    }
    for (query, field) in [("moves=h8,,i9", "moves"), ("moves=h8&bogus=1", "bogus")] {
        for path in [
            "/v1/review",
            "/v1/review.svg",
            "/v1/review.png",
            "/v1/review.txt",
        ] {
            let response = app.get(&format!("{path}?{query}")).await;
            assert_problem(response, 422, Some(field)).await;
        }
    }
    let moves = vec!["h8"; 20_000];
    let response = app
        .post("/v1/review", &json!({"board": {"moves": moves}}))
        .await;
    assert_problem(response, 413, None).await;
    let response = app
        .client
        .delete(format!("{}/v1/review", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["allow"], "GET, POST");
    assert_problem(response, 405, None).await;
}

#[tokio::test]
async fn review_time_is_clamped_and_a_saturated_pool_answers_503() {
    let app = spawn_app_with(Settings {
        max_time_ms: 50,
        search_threads: Some(1),
        queue_timeout_ms: 50,
        cache_mb: 0,
        ..test_settings()
    })
    .await;
    let body = json!({"board": {"moves": ["h8", "i9"]}, "limits": {"time_ms": 10_000}});
    let review = app.post_ok("/v1/review", &body).await;
    assert_eq!(review["stats"]["time_ms_per_position"], 50);
    assert_eq!(review["stats"]["positions"], 3);

    let slot = app.hold_slot().await;
    // Another game: the first one's positions may still be in the cache.
    let other = json!({"board": {"moves": ["h8", "i9", "j10"]}});
    let response = app.post("/v1/review", &other).await;
    assert!(response.headers().contains_key("retry-after"));
    assert_problem(response, 503, None).await;
    slot.release().await;
    app.post_ok("/v1/review", &other).await;
}

#[tokio::test]
async fn review_is_documented_with_its_picture_and_text_forms() {
    let app = spawn_app().await;
    let document: Value = app.get("/openapi.json").await.json().await.unwrap();
    for (path, kind) in [
        ("/v1/review", "application/json"),
        ("/v1/review.svg", "image/svg+xml"),
        ("/v1/review.png", "image/png"),
        ("/v1/review.txt", "text/plain"),
    ] {
        for method in ["get", "post"] {
            let operation = &document["paths"][path][method];
            assert_eq!(operation["tags"][0], "review", "{method} {path}");
            assert!(
                operation["responses"]["200"]["content"][kind].is_object(),
                "{method} {path}"
            );
        }
    }
    let label = &document["components"]["schemas"]["ReviewedMoveDto"]["properties"]["label"];
    assert!(label["description"]
        .as_str()
        .is_some_and(|d| d.contains("under 0.02")));
}
