//! Fuzzes `notation::parse_point` (and `format_point` through the round trip).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| gomoku_ai_fuzz::check_notation(data));
