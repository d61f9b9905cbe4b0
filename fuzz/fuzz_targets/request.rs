//! Fuzzes the service's request decoding and validation (JSON bodies and query strings).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_ai_fuzz::check_request(data));
