//! libFuzzer target `save_structured`: see `seedfeast_fuzz::save::save_structured`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::save::save_structured(data));
