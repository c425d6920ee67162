//! The modes the lab sweeps and plots: the game's mode keys (`food-tunnel` is the tunnel
//! generator's `squeeze` variant) plus the generators the game is still gaining modes for. Each
//! says how deep one seed is played and which two metrics its expressive-range plot shows.

use seedfeast_procgen::generator::{self, Generator, Request};
use seedfeast_procgen::{DataSet, Seed};

/// One sweepable mode: a key, its generator and variant, how deep a seed is played, and its
/// default expressive-range pair.
#[derive(Clone, Copy)]
pub struct LabMode {
    /// The game's mode key (`runner`, `food-tunnel` …): what `seedfeast gen KEY` accepts.
    pub key: &'static str,
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

fn gen_of(key: &str) -> &'static dyn Generator {
    generator::by_key(key).unwrap_or_else(|| panic!("procgen has no `{key}` generator"))
}

/// Every mode, in the game's menu order (the dungeon and the code puzzle last).
pub fn all() -> Vec<LabMode> {
    vec![
        LabMode {
            key: "runner",
            generator: gen_of("runner"),
            variant: None,
            range_pair: ("mean_demand", "rest_share"),
            range_level: |seed| Request { chunks: Some(200), ..Request::new(seed, None) },
        },
        LabMode {
            key: "maze",
            generator: gen_of("maze"),
            variant: None,
            range_pair: ("loops", "star_path"),
            // The game's own size (the tuning's), floors 1 to 5 in turn.
            range_level: |seed| Request { floor: Some(1 + (seed.0 % 5) as u32), ..Request::new(seed, None) },
        },
        LabMode {
            key: "arena",
            generator: gen_of("arena"),
            variant: None,
            range_pair: ("items", "mean_nearest"),
            // Waves 1 to 20 in turn: one wave's item count is fixed by its intensity, so the
            // range of a run is what there is to see.
            range_level: |seed| Request { wave: Some(1 + (seed.0 % 20) as u32), ..Request::new(seed, None) },
        },
        LabMode {
            key: "tunnel",
            generator: gen_of("tunnel"),
            variant: None,
            range_pair: ("mean_gap", "max_shift"),
            range_level: |seed| Request { gates: Some(200), ..Request::new(seed, None) },
        },
        LabMode {
            key: "food-tunnel",
            generator: gen_of("tunnel"),
            variant: Some("squeeze"),
            range_pair: ("mean_gap", "floor_hits"),
            range_level: |seed| Request { gates: Some(200), ..Request::new(seed, Some("squeeze")) },
        },
        LabMode {
            key: "dungeon",
            generator: gen_of("dungeon"),
            variant: None,
            range_pair: ("tree_depth", "backtracking"),
            // Dungeons 1 to 4 in turn (later dungeons grow more zones and rooms).
            range_level: |seed| Request { dungeon: Some(1 + (seed.0 % 4) as u32), ..Request::new(seed, None) },
        },
        LabMode {
            key: "puzzle",
            generator: gen_of("puzzle"),
            variant: None,
            range_pair: ("walkable", "interactable"),
            // The curriculum's first 20 steps in turn.
            range_level: |seed| Request { level: Some((seed.0 % 20) as u32), ..Request::new(seed, None) },
        },
    ]
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
    /// levels. Runner: 200 chunks; maze: floor `1 + seed % 5` at the game's size; arena: wave
    /// `1 + seed % 20`; tunnels: 200 gates; dungeon: dungeon `1 + seed % 4`; puzzle: curriculum
    /// step `seed % 20`.
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
        assert_eq!(keys(), ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"]);
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
