use crate::helpers::spawn_app;

const COMMITTED: &str = include_str!("../../openapi/openapi.json");

#[test]
fn committed_openapi_document_matches_the_code() {
    let generated = gomoku_ai::service::openapi::document();
    assert!(
        generated == COMMITTED,
        "openapi/openapi.json is stale: run `cargo run -- openapi > openapi/openapi.json`"
    );
}

#[tokio::test]
async fn served_document_is_the_generated_one() {
    let app = spawn_app().await;
    let served = app.get("/openapi.json").await.text().await.unwrap();
    assert_eq!(served, gomoku_ai::service::openapi::document());
    let document: serde_json::Value = serde_json::from_str(&served).unwrap();
    for path in [
        "/v1/move",
        "/v1/analyze",
        "/v1/verdict",
        "/healthz",
        "/readyz",
        "/metrics",
    ] {
        assert!(document["paths"][path].is_object(), "{path} documented");
    }
}
