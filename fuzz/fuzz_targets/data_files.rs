//! libFuzzer target `data_files`: see `seedfeast_fuzz::data_files::data_files`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| seedfeast_fuzz::data_files::data_files(data));
