//! The play page, the heatmap pictures and the plain-text reply, over real HTTP.

use crate::helpers::{content_type, spawn_app, TestApp};

/// Asserts that `response` (to `what`) is a 200 whose content type starts with `kind`.
fn assert_ok(response: &reqwest::Response, what: &str, kind: &str) {
    assert_eq!(response.status(), 200, "{what}");
    let served = content_type(response);
    assert!(served.starts_with(kind), "{what}: {served}");
}

/// GETs `path`, asserting a 200 of content type `kind`.
async fn get_ok(app: &TestApp, path: &str, kind: &str) -> reqwest::Response {
    let response = app.get(path).await;
    assert_ok(&response, path, kind);
    response
}

#[tokio::test]
async fn the_play_page_and_its_assets_are_served() {
    let app = spawn_app().await;
    let html = get_ok(&app, "/", "text/html").await.text().await.unwrap();
    assert!(html.contains(r#"src="/web/app.js""#));
    assert!(html.contains(r#"<link rel="icon" href="/favicon.svg""#));
    for (path, kind) in [
        ("/web/app.js", "text/javascript"),
        ("/web/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
        ("/favicon.ico", "image/svg+xml"),
    ] {
        get_ok(&app, path, kind).await;
    }
}

#[tokio::test]
async fn the_text_reply_shows_the_board_and_the_move() {
    let app = spawn_app().await;
    let path = "/v1/move.txt?moves=h8,i9,h9&difficulty=easy";
    let text = get_ok(&app, path, "text/plain").await.text().await.unwrap();
    assert!(
        text.starts_with("   a b c d e f g h i j k l m n o\n15 "),
        "{text}"
    );
    assert!(text.contains("Last move h9. AI (white) plays "), "{text}");
    assert!(text.is_ascii());
}

#[tokio::test]
async fn the_heatmap_comes_as_svg_and_png_by_get_and_post() {
    let app = spawn_app().await;
    let path = "/v1/heatmap.svg?moves=h8,i9&difficulty=beginner";
    let text = get_ok(&app, path, "image/svg+xml")
        .await
        .text()
        .await
        .unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let stones = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("stone "))
        })
        .count();
    assert_eq!(stones, 2);

    let body = serde_json::json!({"board": {"size": 9, "moves": ["e5"]}, "difficulty": "beginner"});
    let png = app.post("/v1/heatmap.png", &body).await;
    assert_ok(&png, "POST /v1/heatmap.png", "image/png");
    let bytes = png.bytes().await.unwrap();
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()));
    let info = decoder.read_info().expect("a PNG").info().clone();
    assert_eq!((info.width, info.height), (9 * 32 + 64, 9 * 32 + 64 + 72));
}

#[tokio::test]
async fn bad_picture_requests_are_problems() {
    let app = spawn_app().await;
    let response = app.get("/v1/heatmap.png?moves=h8,h8").await;
    assert_eq!(response.status(), 422);
    assert_eq!(content_type(&response), "application/problem+json");
}
