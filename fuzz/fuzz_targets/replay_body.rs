//! libFuzzer target `replay_body`: see `seedfeast_fuzz::replay_body::replay_body`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::replay_body::replay_body(data));
