//! The fuzz smoke under `cargo test`: every corpus file (real inputs, what the fuzzer kept, and
//! the minimised inputs of bugs it found) and every prefix of each, through its target. A few
//! seconds; libFuzzer's long runs are `scripts/fuzz.sh`.

use std::path::{Path, PathBuf};

use seedfeast_fuzz::TARGETS;

fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target)
}

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = corpus_dir(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a corpus entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files.into_iter().map(|path| (path.clone(), std::fs::read(&path).expect("readable"))).collect()
}

#[test]
fn every_target_has_a_corpus_of_real_inputs() {
    for target in TARGETS {
        let count = inputs(target.name).len();
        assert!(count >= 5, "{}: only {count} corpus files", target.name);
    }
}

#[test]
fn every_corpus_input_and_its_prefixes_run_through_its_target() {
    let mut runs = 0usize;
    for target in TARGETS {
        for (path, bytes) in inputs(target.name) {
            // Prefixes catch parsers that trip on text that simply stops; long inputs are cut
            // at 64 places so the smoke stays a few seconds.
            let step = (bytes.len() / 64).max(1);
            for end in (0..bytes.len()).step_by(step).chain([bytes.len()]) {
                let input = &bytes[..end];
                let outcome = std::panic::catch_unwind(|| (target.run)(input));
                assert!(outcome.is_ok(), "{} panicked on the first {end} bytes of {}", target.name, path.display());
                runs += 1;
            }
        }
    }
    assert!(runs > 1000, "{runs}");
}
