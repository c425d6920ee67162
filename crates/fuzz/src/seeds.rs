//! Seed codes, free-text seeds and level links: what a player types or pastes.

use std::str::FromStr;

use seedfeast_procgen::link::{parse_link, percent_decode};
use seedfeast_procgen::{SeedCode, SeedInput};

/// Reads the input as a seed box does, as a code, and as a link. Promises checked: a code
/// prints as text that reads back to the same code, and any accepted input's seed, printed as
/// today's code, reads back to that seed.
pub fn seeds(data: &[u8]) {
    let text = crate::text(data);
    if let Ok(input) = SeedInput::parse(&text) {
        let seed = input.seed();
        let _ = input.reading();
        let code = seed.code().to_string();
        match SeedInput::parse(&code) {
            Ok(again) => assert_eq!(again.seed(), seed, "{code} read back as another seed"),
            Err(error) => panic!("the code {code} of an accepted input doesn't read back: {error}"),
        }
    }
    if let Ok(code) = SeedCode::from_str(&text) {
        let printed = code.to_string();
        assert_eq!(SeedCode::from_str(&printed), Ok(code), "{printed} doesn't read back");
    }
    if let Some(seed) = parse_link(&text).and_then(|parts| parts.seed) {
        let _ = SeedInput::parse(&seed);
    }
    let _ = percent_decode(&text);
}
