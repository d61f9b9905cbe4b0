use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test]
async fn probes_answer() {
    let app = spawn_app().await;
    let health = app.get("/healthz").await;
    assert_eq!(health.status(), 200);
    assert_eq!(
        health.json::<serde_json::Value>().await.unwrap()["status"],
        "ok"
    );
    // Ready once the engine's tables are built: poll, boundedly.
    let mut ready = app.get("/readyz").await;
    for _ in 0..100 {
        if ready.status() == 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        ready = app.get("/readyz").await;
    }
    assert_eq!(ready.status(), 200);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap()["status"],
        "ready"
    );
}

#[tokio::test]
async fn readiness_fails_once_draining_while_liveness_holds() {
    let app = spawn_app().await;
    app.readiness.drain();
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 503);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap()["status"],
        "draining"
    );
    assert_eq!(app.get("/healthz").await.status(), 200);
}

#[tokio::test]
async fn request_id_is_echoed_or_minted() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(format!("{}/healthz", app.address))
        .header("x-request-id", "abc-123")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], "abc-123");
    let minted = app.get("/healthz").await;
    assert_eq!(minted.headers()["x-request-id"].len(), 36);
}

#[tokio::test]
async fn metric_counters_move() {
    let app = spawn_app().await;
    let requests = r#"gomoku_http_requests_total{method="POST",route="/v1/move",status="200"}"#;
    assert_eq!(app.metric(requests).await, 0.0);
    let body = json!({"board": {"moves": ["h8", "h9"]}, "difficulty": "beginner"});
    app.post_ok("/v1/move", &body).await;
    app.post_ok("/v1/move", &body).await;
    assert_eq!(app.metric(requests).await, 2.0);
    assert_eq!(app.metric("gomoku_cache_misses_total").await, 1.0);
    assert_eq!(app.metric("gomoku_cache_hits_total").await, 1.0);
    assert_eq!(app.metric("gomoku_cache_entries").await, 1.0);
    assert_eq!(
        app.metric(r#"gomoku_search_duration_seconds_count{difficulty="beginner"}"#)
            .await,
        1.0
    );
    let text = app.get("/metrics").await.text().await.unwrap();
    assert!(
        text.contains("process_cpu_seconds_total"),
        "process metrics present"
    );
    assert!(text.contains("gomoku_searches_in_flight"));
}

#[tokio::test]
async fn swagger_ui_is_served_from_the_binary() {
    let app = spawn_app().await;
    let response = app.get("/docs/").await;
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("swagger"));
    let redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/docs", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), 308);
}
