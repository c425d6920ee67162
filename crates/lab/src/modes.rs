//! The modes the lab sweeps and plots: procgen's registry of modes ([`seedfeast_procgen::modes::MODES`],
//! the game's mode keys; `food-tunnel` is the tunnel generator's `squeeze` variant), each with
//! how deep one seed is played and the two metrics its expressive-range plot shows by default.

use seedfeast_procgen::generator::{Generator, Request};
use seedfeast_procgen::modes::{MODES, ModeSpec};
use seedfeast_procgen::{DataSet, Seed};

/// One sweepable mode: a key, its generator and variant, and its default expressive-range pair.
#[derive(Clone, Copy)]
pub struct LabMode {
    /// The game's mode key (`runner`, `food-tunnel` …): what `seedfeast gen KEY` accepts.
    pub key: &'static str,
    /// Its generator (a test may swap in another one).
    pub generator: &'static dyn Generator,
    pub variant: Option<&'static str>,
    /// The metric pair `range` plots when `--x`/`--y` are omitted (and for `range --all`).
    pub range_pair: (&'static str, &'static str),
    /// Which level of seed `s` a `range` plot takes (one level per seed; see [`LabMode::range_request`]).
    range_level: fn(Seed) -> Request,
}

impl std::fmt::Debug for LabMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LabMode({})", self.key)
    }
}

impl LabMode {
    /// The lab's view of a registry row.
    pub fn of(spec: &'static ModeSpec) -> LabMode {
        LabMode {
            key: spec.key,
            generator: spec.generator(),
            variant: spec.variant,
            range_pair: spec.range_pair,
            range_level: spec.range_level,
        }
    }
}

/// Every mode, in the game's menu order (the dungeon and the code puzzle last).
pub fn all() -> Vec<LabMode> {
    MODES.iter().map(|spec| LabMode::of(spec)).collect()
}

/// The keys of every mode, for help texts and messages.
pub fn keys() -> Vec<&'static str> {
    all().iter().map(|m| m.key).collect()
}

/// The mode with this key.
pub fn by_key(key: &str) -> Option<LabMode> {
    all().into_iter().find(|m| m.key == key)
}

impl LabMode {
    /// How deep a sweep plays one seed: the options `seedfeast validate` defaults to (runner 200
    /// chunks, maze 3 floors on one of eight sizes, arena 5 waves of one run, tunnels 200
    /// gates, dungeon its first dungeon and one fixed layout, puzzle three curriculum steps).
    pub fn depth(&self) -> Request {
        Request::default()
    }

    /// The level of `seed` that `range` measures: one per seed, so a plot of N seeds holds N
    /// levels (each row's `range_level` says which).
    pub fn range_request(&self, seed: Seed) -> Request {
        (self.range_level)(seed)
    }

    /// The metric names this mode's levels report, in their order (from one generated level).
    pub fn metric_names(&self, data: &DataSet) -> Vec<&'static str> {
        self.generator
            .generate(data, &self.range_request(Seed(0)))
            .map(|level| level.metrics().into_iter().map(|(name, _)| name).collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_found_and_default_pairs_are_metrics() {
        let data = DataSet::built_in();
        assert_eq!(keys(), MODES.iter().map(|m| m.key).collect::<Vec<_>>());
        assert_eq!(keys()[..2], ["runner", "maze"]);
        for mode in all() {
            assert_eq!(by_key(mode.key).map(|m| m.key), Some(mode.key));
            let names = mode.metric_names(&data);
            assert!(
                names.contains(&mode.range_pair.0) && names.contains(&mode.range_pair.1),
                "{}: {names:?}",
                mode.key
            );
        }
        assert!(by_key("tetris").is_none());
        assert_eq!(by_key("food-tunnel").map(|m| (m.generator.key(), m.variant)), Some(("tunnel", Some("squeeze"))));
    }
}
