//! libFuzzer target `save`: see `seedfeast_fuzz::save::save`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::save::save(data));
