//! The play page end to end in real headless Chromium: `tests/browser/play.mjs` clicks through
//! a game against the real server on 127.0.0.1:0. Fails, never skips, when Node.js, Chromium
//! or the npm packages are missing: `scripts/test` installs them.
//!
//! The page's heatmap overlay repeats the colour scale of `render::palette`; the script is
//! handed the colours Rust gives a range of values and checks that the page gives the same.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::Duration;

use gomoku_ai::render::palette::heat_colour;
use gomoku_ai::service::config::Settings;
use gomoku_ai::service::startup::Application;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_play_page_works_in_headless_chromium() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind port 0");
    let settings = Settings {
        workers: Some(2),
        ..Settings::default()
    };
    let app = Application::with_listener(listener, &settings).expect("build app");
    let url = format!("http://127.0.0.1:{}/", app.port());
    tokio::spawn(app.run_until_stopped());

    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    assert!(
        dir.join("node_modules/playwright-core").is_dir(),
        "playwright-core is not installed: run scripts/test (it runs `npm ci` in tests/browser)"
    );
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&shots).expect("screenshot directory");
    let run = tokio::process::Command::new("node")
        .arg("play.mjs")
        .arg(&url)
        .arg(&shots)
        .arg(palette_samples())
        .current_dir(&dir)
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(Duration::from_secs(120), run)
        .await
        .expect("the browser test finished within two minutes")
        .expect("node runs: install Node.js (scripts/test does)");
    assert!(
        output.status.success(),
        "browser test failed ({}):\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(shots.join("play-page.png").is_file(), "screenshot taken");
}

/// `[[value, [r, g, b], alpha], ...]` as JSON: the palette's colour of values across the scale
/// and beyond both ends.
fn palette_samples() -> String {
    let values = (-2..=22).map(|i| f64::from(i) / 20.0).chain([0.125, 0.61]);
    let samples: Vec<_> = values
        .map(|v| {
            let colour = heat_colour(v);
            serde_json::json!([v, colour.rgb, colour.alpha])
        })
        .collect();
    serde_json::Value::from(samples).to_string()
}
