//! libFuzzer target `seeds`: see `seedfeast_fuzz::seeds::seeds`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::seeds::seeds(data));
