//! libFuzzer target `seed_paste`: see `seedfeast_fuzz::seed_paste::seed_paste`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::seed_paste::seed_paste(data));
