//! Spawns the app in-process on a random port and talks to it.

use std::net::TcpListener;

use gomoku_ai::service::answers::Answers;
use gomoku_ai::service::config::Settings;
use gomoku_ai::service::readiness::Readiness;
use gomoku_ai::service::startup::Application;
use serde_json::Value;

/// A running app and a client for it.
pub struct TestApp {
    /// `http://127.0.0.1:<port>`.
    pub address: String,
    /// An HTTP client.
    pub client: reqwest::Client,
    /// The app's search front, to hold search slots from the test.
    pub answers: Answers,
    /// The app's readiness flag, to begin draining from the test.
    pub readiness: Readiness,
}

/// Settings for tests: one HTTP worker, one search slot per core.
pub fn test_settings() -> Settings {
    Settings {
        workers: Some(1),
        ..Settings::default()
    }
}

/// Spawns the app with default test settings.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(test_settings()).await
}

/// Spawns the app with `settings` on port 0.
pub async fn spawn_app_with(settings: Settings) -> TestApp {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind port 0");
    let app = Application::with_listener(listener, &settings).expect("build app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let answers = app.answers().clone();
    let readiness = app.readiness().clone();
    tokio::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: reqwest::Client::new(),
        answers,
        readiness,
    }
}

/// A search slot taken by the test, until `release`.
pub struct HeldSlot {
    release: std::sync::mpsc::Sender<()>,
    occupant: tokio::task::JoinHandle<Result<(), gomoku_ai::service::errors::ApiError>>,
}

impl HeldSlot {
    /// Ends the occupying search and waits until the slot is free again.
    pub async fn release(self) {
        self.release.send(()).expect("the occupant waits");
        self.occupant
            .await
            .expect("the occupant ran")
            .expect("the occupant finished");
    }
}

/// The content type of `response` (empty when absent).
pub fn content_type(response: &reqwest::Response) -> String {
    response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

impl TestApp {
    /// Takes one search slot with a search that lasts until the returned slot is released.
    pub async fn hold_slot(&self) -> HeldSlot {
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let (started, running) = tokio::sync::oneshot::channel::<()>();
        let pool = self.answers.pool().clone();
        let occupant = tokio::spawn(async move {
            pool.run(std::time::Duration::from_secs(30), move |_stop| {
                let _ = started.send(());
                let _ = hold.recv();
            })
            .await
        });
        running.await.expect("the occupant started");
        HeldSlot { release, occupant }
    }

    /// POSTs `body` as JSON to `path`.
    pub async fn post(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(format!("{}{path}", self.address))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    /// POSTs raw bytes to `path`.
    pub async fn post_raw(&self, path: &str, body: impl Into<reqwest::Body>) -> reqwest::Response {
        self.client
            .post(format!("{}{path}", self.address))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("request sent")
    }

    /// GETs `path`.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .expect("request sent")
    }

    /// POSTs and expects a 200 JSON answer.
    pub async fn post_ok(&self, path: &str, body: &Value) -> Value {
        let response = self.post(path, body).await;
        let status = response.status();
        let text = response.text().await.expect("body");
        assert_eq!(status, 200, "{path} answered {status}: {text}");
        serde_json::from_str(&text).expect("JSON body")
    }

    /// The value of one metric sample line (`name{labels} value`), 0 when absent.
    pub async fn metric(&self, prefix: &str) -> f64 {
        let text = self.get("/metrics").await.text().await.expect("metrics");
        text.lines()
            .filter(|l| l.starts_with(prefix))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    }
}

/// Asserts a problem+json answer with `status` and, when given, `field`; returns the document.
pub async fn assert_problem(
    response: reqwest::Response,
    status: u16,
    field: Option<&str>,
) -> Value {
    assert_eq!(response.status(), status);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(content_type, "application/problem+json");
    let problem: Value = response.json().await.expect("problem body");
    assert_eq!(problem["status"], status);
    assert!(problem["type"]
        .as_str()
        .unwrap()
        .starts_with("urn:gomoku-ai:problem:"));
    assert!(!problem["detail"].as_str().unwrap().is_empty());
    if let Some(field) = field {
        assert_eq!(problem["field"], field, "{problem}");
    }
    problem
}
