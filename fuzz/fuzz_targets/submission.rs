//! libFuzzer target `submission`: see `seedfeast_board::submit::fuzz_submission`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_board::submit::fuzz_submission(data));
