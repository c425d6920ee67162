//! libFuzzer target `puzzle`: see `seedfeast_fuzz::puzzle::puzzle`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::puzzle::puzzle(data));
