//! Fuzzes `Position::parse` in all three board forms.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_ai_fuzz::check_position(data));
