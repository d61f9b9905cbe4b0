//! Hardening: CORS policy, rate limiting, slow clients and oversized request heads.

use std::time::Duration;

use gomoku_ai::service::config::Settings;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{spawn_app_with, test_settings, TestApp};

const ALLOWED: &str = "https://play.example";

fn settings_with(edit: impl FnOnce(&mut Settings)) -> Settings {
    let mut settings = test_settings();
    edit(&mut settings);
    settings
}

/// A CORS preflight for a JSON POST to /v1/move from `origin`.
async fn preflight(app: &TestApp, origin: &str) -> reqwest::Response {
    app.client
        .request(reqwest::Method::OPTIONS, format!("{}/v1/move", app.address))
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .send()
        .await
        .expect("preflight sent")
}

fn allowed_origin(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get("access-control-allow-origin")
        .map(|v| v.to_str().expect("ascii header").to_string())
}

/// An app whose CORS policy allows `ALLOWED` alone.
async fn cors_app() -> TestApp {
    spawn_app_with(settings_with(|s| {
        s.hardening.cors_origins = vec![ALLOWED.to_string()];
    }))
    .await
}

#[tokio::test]
async fn cors_preflight_is_allowed_for_a_configured_origin() {
    let app = cors_app().await;
    let response = preflight(&app, ALLOWED).await;
    assert!(response.status().is_success(), "{}", response.status());
    assert_eq!(allowed_origin(&response).as_deref(), Some(ALLOWED));
}

#[tokio::test]
async fn cors_preflight_is_denied_for_another_origin() {
    let app = cors_app().await;
    let response = preflight(&app, "https://evil.example").await;
    assert_eq!(allowed_origin(&response), None);
}

#[tokio::test]
async fn cors_is_same_origin_by_default() {
    let app = spawn_app_with(test_settings()).await;
    let response = preflight(&app, ALLOWED).await;
    assert_eq!(allowed_origin(&response), None);
    let simple = app
        .client
        .get(format!("{}/healthz", app.address))
        .header("origin", ALLOWED)
        .send()
        .await
        .expect("request sent");
    assert_eq!(simple.status(), 200);
    assert_eq!(allowed_origin(&simple), None);
}

async fn statuses(app: &TestApp, count: usize) -> Vec<u16> {
    let mut statuses = Vec::with_capacity(count);
    for _ in 0..count {
        statuses.push(app.get("/healthz").await.status().as_u16());
    }
    statuses
}

#[tokio::test]
async fn rate_limit_answers_429_past_the_burst_when_enabled() {
    let app = spawn_app_with(settings_with(|s| s.hardening.rate_limit_per_second = 2)).await;
    let statuses = statuses(&app, 12).await;
    assert_eq!(statuses[0], 200);
    assert!(statuses.contains(&429), "{statuses:?}");
}

#[tokio::test]
async fn a_rate_limited_request_gets_a_problem_document_with_retry_after() {
    let app = spawn_app_with(settings_with(|s| s.hardening.rate_limit_per_second = 1)).await;
    let mut refused = None;
    for _ in 0..10 {
        let response = app.get("/healthz").await;
        if response.status() == 429 {
            refused = Some(response);
            break;
        }
    }
    let response = refused.expect("a 429 within 10 requests at 1 per second");
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("whole seconds");
    assert!(retry_after >= 1, "Retry-After {retry_after}");
    assert_eq!(
        response.headers()["content-type"],
        "application/problem+json"
    );
    let problem: serde_json::Value = response.json().await.expect("problem JSON");
    assert_eq!(problem["status"], 429);
    assert_eq!(problem["type"], "urn:gomoku-ai:problem:rate-limited");
}

#[tokio::test]
async fn rate_limit_is_off_by_default() {
    let app = spawn_app_with(test_settings()).await;
    let statuses = statuses(&app, 30).await;
    assert!(statuses.iter().all(|&s| s == 200), "{statuses:?}");
}

/// Sends `head` to an app that gives a request 300 ms, then `trickled` a byte every 100 ms
/// (stopping when the server closes on it); returns all the server answered before closing.
async fn slow_client(head: &[u8], trickled: &'static [u8]) -> String {
    let app = spawn_app_with(settings_with(|s| {
        s.hardening.client_request_timeout_ms = 300;
    }))
    .await;
    let address = app.address.trim_start_matches("http://").to_string();
    let stream = TcpStream::connect(address).await.expect("connect");
    let (mut reader, mut writer) = stream.into_split();
    writer.write_all(head).await.expect("first bytes");
    let trickle = tokio::spawn(async move {
        for byte in trickled {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if writer.write_all(&[*byte]).await.is_err() {
                return;
            }
        }
    });
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), reader.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection")
        // A reset after the 408 is as good as a clean close: the bytes read are what count.
        .ok();
    trickle.abort();
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn a_slow_client_is_cut_off_before_sending_its_head() {
    // A header value trickling for 5 s, never finished in time.
    const SLOW_HEADER: &[u8] = &[b'a'; 50];
    let answer = slow_client(b"GET /healthz HTTP/1.1\r\nhost: x\r\nx-slow: ", SLOW_HEADER).await;
    assert!(
        answer.starts_with("HTTP/1.1 408"),
        "expected a 408 for the slow head, got {answer:?}"
    );
}

#[tokio::test]
async fn a_client_trickling_its_body_gets_408_and_is_cut_off() {
    const BODY: &[u8] = br#"{"board": {"moves": ["h8"]}}"#;
    let head = format!(
        "POST /v1/verdict HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n\
         content-length: {}\r\n\r\n",
        BODY.len()
    );
    // The head is complete at once; the body trickles a byte every 100 ms (~3 s in all).
    let answer = slow_client(head.as_bytes(), BODY).await;
    assert!(
        answer.starts_with("HTTP/1.1 408"),
        "expected a 408 for the slow body, got {answer:?}"
    );
    // Had the server waited for the whole body it would have judged the position (200).
    assert!(
        answer.contains("urn:gomoku-ai:problem:body-timeout"),
        "{answer}"
    );
}

#[tokio::test]
async fn an_over_long_url_answers_414() {
    let app = spawn_app_with(test_settings()).await;
    let query = "a".repeat(Settings::default().hardening.max_url_bytes + 1);
    let response = app.get(&format!("/healthz?pad={query}")).await;
    assert_eq!(response.status(), 414);
}

#[tokio::test]
async fn over_large_headers_answer_431() {
    let app = spawn_app_with(test_settings()).await;
    let limit = Settings::default().hardening.max_header_bytes;
    for size in [limit + 1, 64 * 1024] {
        let response = app
            .client
            .get(format!("{}/healthz", app.address))
            .header("x-pad", "a".repeat(size))
            .send()
            .await;
        match response {
            Ok(response) => assert_eq!(response.status(), 431, "header of {size} bytes"),
            // Far past the parser's buffer the server may close the connection instead.
            Err(error) => assert!(size > limit * 2, "header of {size} bytes: {error}"),
        }
    }
}

#[tokio::test]
async fn a_request_head_within_the_limits_is_served() {
    let app = spawn_app_with(test_settings()).await;
    let response = app
        .client
        .get(format!("{}/healthz?pad={}", app.address, "a".repeat(1_000)))
        .header("x-pad", "a".repeat(4_000))
        .send()
        .await
        .expect("request sent");
    assert_eq!(response.status(), 200);
}
