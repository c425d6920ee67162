//! The determinism digest: one hash per generator (and variant) of the levels a fixed list of
//! seeds generates. Native and browser builds print it; equal digests mean a code gives the same
//! level everywhere.
//!
//! Levels are fed to 64-bit FNV-1a field by field, floats by their exact bits, so the digest
//! changes if any value changes in its last bit. Each generator says what it feeds
//! ([`crate::generate::Generate::digest`], into a [`Feed`], over [`digest_seeds`]).

use crate::dataset::DataSet;
use crate::generator::Generator;

pub use crate::generate::{Feed, digest_seeds};

/// One generator variant's digest as 16 hex digits.
pub fn digest_hex(generator: &dyn Generator, data: &DataSet, variant: Option<&'static str>) -> String {
    format!("{:016x}", generator.digest(data, variant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator;

    #[test]
    fn digests_are_pinned_and_sensitive() {
        // Golden: a change here means shared codes give other levels. Bump GENERATOR_VERSION and
        // the generator's `since_version` with the new value. Runner and plain tunnel are
        // unchanged since version 1; arena and squeeze changed in version 2, when the dungeon and
        // the code puzzle came; the maze in version 3 (the braid); the code puzzle in version 4
        // (variant worlds for programs with conditions, issue #32); the arena and the squeeze (the
        // Food Tunnel's treats between its gates) in version 5 (issue #45). (The dungeon's value moved in
        // version 3 without its levels changing: its digest had fed the seed code, version digit
        // and all; it now feeds the seed as a number.)
        let data = DataSet::built_in();
        let mut digests = Vec::new();
        for generator in generator::all() {
            for variant in std::iter::once(None).chain(generator.variants().iter().map(|v| Some(*v))) {
                digests.push((generator.key(), variant, digest_hex(generator, &data, variant)));
            }
        }
        let pinned = [
            ("runner", None, "c6907b41c74d962a"),
            ("maze", None, "052cffed70541fb3"),
            ("arena", None, "ac9afd204b903276"),
            ("tunnel", None, "a08a5e6ff6d1450b"),
            ("tunnel", Some("squeeze"), "c39e88cee4ce0948"),
            ("dungeon", None, "696a3234bdb1cc02"),
            ("puzzle", None, "2262e51afbe44ffc"),
        ];
        let pinned: Vec<_> = pinned.iter().map(|(k, v, d)| (*k, *v, d.to_string())).collect();
        assert_eq!(digests, pinned);
        let mut nudged = data.clone();
        nudged.runner.tuning.jump_speed += 0.001;
        let runner = generator::by_key("runner").unwrap();
        assert_ne!(runner.digest(&nudged, None), runner.digest(&data, None));
    }
}
