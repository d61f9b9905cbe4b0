//! Fuzzes the Gomocup brain protocol's line parser.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_ai_fuzz::check_pbrain(data));
