//! Replays the saved fuzz inputs (`fuzz/regressions/<target>/*`) through the fuzz targets' own
//! checks (the same file, `fuzz/src/lib.rs`), so every input that once found a bug or reached a
//! corner of a parser stays checked by `cargo test`, on the stable toolchain, without libFuzzer.

#[path = "../fuzz/src/lib.rs"]
mod checks;

use std::panic::{self, AssertUnwindSafe};
use std::path::Path;

/// Runs `check` on every saved input of `target`; fails naming each input that panics.
fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir:?}: {e}"))
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "no saved inputs in {dir:?}");
    let failed: Vec<_> = inputs
        .iter()
        .filter(|path| {
            let data = std::fs::read(path).expect("saved input");
            panic::catch_unwind(AssertUnwindSafe(|| check(&data))).is_err()
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} inputs fail: {failed:?}",
        failed.len(),
        inputs.len()
    );
}

#[test]
fn notation_inputs_pass_the_fuzz_checks() {
    replay("notation", checks::check_notation);
}

#[test]
fn position_inputs_pass_the_fuzz_checks() {
    replay("position", checks::check_position);
}

#[test]
fn request_inputs_pass_the_fuzz_checks() {
    replay("request", checks::check_request);
}

#[test]
fn pbrain_inputs_pass_the_fuzz_checks() {
    replay("pbrain", checks::check_pbrain);
}
