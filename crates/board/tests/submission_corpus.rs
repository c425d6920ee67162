//! The submission fuzz target's smoke under `cargo test`: every file of
//! `fuzz/corpus/submission/` (real bodies and what the fuzzer kept), and every prefix of each,
//! through `fuzz_submission` (`scripts/fuzz.sh 600 submission` fuzzes for real).

use std::path::Path;

use seedfeast_board::submit::{fuzz_submission, parse_submission};

fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/submission");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .collect();
    files.sort();
    files.into_iter().map(|path| (path.display().to_string(), std::fs::read(&path).unwrap())).collect()
}

#[test]
fn every_corpus_body_and_its_prefixes_run_through_the_target() {
    let inputs = corpus();
    assert!(inputs.len() >= 5, "only {} corpus files", inputs.len());
    for (_, bytes) in &inputs {
        for end in 0..=bytes.len() {
            fuzz_submission(&bytes[..end]);
        }
    }
}

#[test]
fn the_corpus_holds_bodies_that_are_accepted_and_refused() {
    let accepted = corpus().iter().filter(|(_, bytes)| parse_submission(bytes).is_ok()).count();
    assert!(accepted >= 2, "the corpus needs real submissions, not only refusals");
    assert!(accepted < corpus().len());
}
