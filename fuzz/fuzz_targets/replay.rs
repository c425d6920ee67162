//! libFuzzer target `replay`: see `seedfeast_fuzz::replay::replay`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::replay::replay(data));
