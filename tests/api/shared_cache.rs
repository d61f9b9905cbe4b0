//! Two servers sharing one real `redis-server` (started here on a free loopback port): an
//! answer searched by one is served by the other, mirrored positions included; with Redis
//! stopped every request is still answered in time, and once it is back sharing resumes.
//! Needs Debian's `redis-server` on PATH (scripts/test installs it); fails without it.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use gomoku_ai::service::config::Settings;
use serde_json::{json, Value};

use crate::helpers::{spawn_app_with, test_settings, TestApp};

/// A `redis-server` on 127.0.0.1 without persistence, killed when dropped.
struct RedisServer {
    port: u16,
    child: Child,
}

impl RedisServer {
    /// Starts one on a free port and waits (boundedly) until it accepts connections.
    fn start() -> RedisServer {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        RedisServer::start_on(port)
    }

    /// Starts one on `port`.
    fn start_on(port: u16) -> RedisServer {
        let child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .args([
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "yes",
            ])
            .stdout(Stdio::null())
            .spawn()
            .expect("redis-server on PATH (scripts/test installs Debian's redis-server)");
        let server = RedisServer { port, child };
        let until = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < until,
                "redis-server did not start on {port}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    /// Stops it and waits for it to exit.
    fn stop(mut self) -> u16 {
        self.kill();
        self.port
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A server whose second-level cache is the Redis at `url`.
async fn replica(url: &str) -> TestApp {
    spawn_app_with(Settings {
        redis_url: Some(url.to_string()),
        // Generous for a loaded CI machine; the breaker still skips a Redis that is down.
        redis_timeout_ms: 200,
        ..test_settings()
    })
    .await
}

/// A medium search of the position after `moves` on a 15×15 board.
fn request(moves: &[&str]) -> Value {
    json!({"board": {"size": 15, "moves": moves}, "difficulty": "medium",
           "limits": {"time_ms": 300}})
}

/// `point` mirrored left to right on a 15×15 board.
fn mirrored(point: &str) -> String {
    let col = point.as_bytes()[0] - b'a';
    format!("{}{}", (b'a' + 14 - col) as char, &point[1..])
}

/// Searches `moves` on `first`, then asks `second` for the mirrored position: whether
/// `second` served it from a cache, after checking the move is the mirrored one.
async fn shared_between(first: &TestApp, second: &TestApp, moves: &[&str]) -> bool {
    let searched = first.post_ok("/v1/move", &request(moves)).await;
    assert_eq!(searched["stats"]["cached"], false, "{searched}");
    let mirror: Vec<String> = moves.iter().map(|m| mirrored(m)).collect();
    let mirror: Vec<&str> = mirror.iter().map(String::as_str).collect();
    let answered = second.post_ok("/v1/move", &request(&mirror)).await;
    let cached = answered["stats"]["cached"] == true;
    if cached {
        let best = searched["move"]["notation"].as_str().expect("a move");
        assert_eq!(answered["move"]["notation"], mirrored(best), "{answered}");
    }
    cached
}

#[tokio::test]
async fn replicas_share_answers_and_survive_redis_stopping_and_coming_back() {
    let redis = RedisServer::start();
    let url = redis.url();
    let (first, second) = (replica(&url).await, replica(&url).await);

    assert!(shared_between(&first, &second, &["h8", "i9", "j8", "c3"]).await);
    assert_eq!(second.metric("gomoku_shared_cache_hits_total").await, 1.0);
    assert_eq!(first.metric("gomoku_shared_cache_misses_total").await, 1.0);
    assert_eq!(second.metric("gomoku_shared_cache_up").await, 1.0);
    let reads = "gomoku_shared_cache_duration_seconds_count{operation=\"get\"}";
    assert!(second.metric(reads).await >= 1.0);

    let port = redis.stop();
    for moves in [["h8", "g7", "k2"], ["h8", "g7", "k3"], ["h8", "g7", "k4"]] {
        let started = Instant::now();
        assert!(!shared_between(&first, &second, &moves).await);
        // Two 300 ms searches and two calls to a dead Redis each: nowhere near a stall.
        assert!(started.elapsed() < Duration::from_secs(5), "{moves:?}");
    }
    assert!(second.metric("gomoku_shared_cache_errors_total").await >= 1.0);
    assert_eq!(second.metric("gomoku_shared_cache_up").await, 0.0);

    let _redis = RedisServer::start_on(port);
    // The breaker probes Redis again within a second of cooldown; the connection comes back
    // on its own. Bounded: a few positions over a few seconds.
    let mut resumed = false;
    for n in 2..=14 {
        let row = n.to_string();
        let moves = ["h8", "e5", &format!("b{row}")];
        if shared_between(&first, &second, &moves).await {
            resumed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert!(resumed, "sharing did not resume after Redis came back");
    assert_eq!(second.metric("gomoku_shared_cache_up").await, 1.0);
}

#[tokio::test]
async fn a_replica_starts_and_answers_with_its_redis_unreachable() {
    let port = RedisServer::start().stop();
    let app = replica(&format!("redis://127.0.0.1:{port}/0")).await;
    for n in 0..4 {
        let moves = ["h8", "i9", &format!("c{}", n + 3)];
        let body = app.post_ok("/v1/move", &request(&moves)).await;
        assert_eq!(body["stats"]["cached"], false);
    }
    assert!(app.metric("gomoku_shared_cache_errors_total").await >= 1.0);
    assert_eq!(app.metric("gomoku_shared_cache_hits_total").await, 0.0);
}
