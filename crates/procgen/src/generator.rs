//! Every generator behind one interface, so the command line, the determinism digest, the seed
//! sweeps and the seed lab loop over generators instead of repeating themselves per mode.
//!
//! The interface is [`crate::generate`], below the modes and generic over the data it reads;
//! here it is pinned to the registry's [`DataSet`]: a [`Generator`] turns a [`Request`] into a
//! [`Level`] that prints itself (JSON, text, a picture), checks itself with its generator's
//! independent validator, and reports what it measures. [`GENERATORS`] is the registry of
//! generators (the modes' rows, [`crate::modes::MODES`], name theirs by key). The interface's
//! items are re-exported here, where the game and the tools have always found them.

use crate::dataset::DataSet;
use crate::{arena, dungeon, maze, puzzle, runner, tunnel};

pub use crate::generate::{
    Generate, Level, MAX_PICTURE_PIXELS, Opt, OptionSpec, Picture, Request, RequestError, check_options,
    check_picture_size, reproduce, to_json,
};

/// A generator of the game's data: [`Generate`] over [`DataSet`], what the game, the command line
/// and the lab hold as `&dyn Generator`. Every `Generate<DataSet>` is one.
pub trait Generator: Generate<DataSet> {}

impl<G: Generate<DataSet>> Generator for G {}

/// The levels of one seed's sweep, each with the request that makes it again.
pub type Swept = crate::generate::Swept<DataSet>;

/// Every generator, in menu order, one line each (a generator may make several modes: the
/// tunnel's `squeeze` is the Food Tunnel).
pub const GENERATORS: &[&dyn Generator] = &[
    &runner::level::RunnerGen,
    &maze::level::MazeGen,
    &arena::level::ArenaGen,
    &tunnel::level::TunnelGen,
    &dungeon::generator::DungeonGen,
    &puzzle::generator::PuzzleGen,
];

/// Every generator, in menu order.
pub fn all() -> Vec<&'static dyn Generator> {
    GENERATORS.to_vec()
}

/// The generator with this key.
pub fn by_key(key: &str) -> Option<&'static dyn Generator> {
    GENERATORS.iter().copied().find(|g| g.key() == key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;

    #[test]
    fn keys_are_unique_and_found_in_the_modes_order() {
        let keys: Vec<&str> = all().iter().map(|g| g.key()).collect();
        let mut of_modes: Vec<&str> = crate::modes::MODES.iter().map(|m| m.generator).collect();
        of_modes.dedup();
        assert_eq!(keys, of_modes);
        assert_eq!(keys[..2], ["runner", "maze"]);
        for key in keys {
            assert_eq!(by_key(key).map(|g| g.key()), Some(key));
        }
        assert!(by_key("tetris").is_none());
    }

    #[test]
    fn options_a_generator_does_not_read_are_refused_by_name() {
        let maze = by_key("maze").unwrap();
        let request = Request::new(Seed(1), None).with(Opt::Chunks, 5);
        let error = check_options("maze", maze.options(), &request).unwrap_err().to_string();
        assert!(
            error.contains("--chunks does not apply to the maze generator") && error.contains("--floor"),
            "{error}"
        );
        let request = Request::new(Seed(1), None).with(Opt::Floor, 0);
        let error = check_options("maze", maze.options(), &request).unwrap_err().to_string();
        assert!(error.contains("--floor 0 is out of range"), "{error}");
    }

    /// Issue #28, 6: a refused picture says the largest request that fits (as `--help` promises),
    /// and that request draws.
    #[test]
    fn a_refused_picture_names_the_largest_that_fits_and_that_one_draws() {
        let data = DataSet::built_in();
        for (key, option) in [("runner", Opt::Chunks), ("tunnel", Opt::Gates)] {
            let generator = by_key(key).unwrap();
            let spec = generator.options().iter().find(|s| s.option == option).unwrap();
            let mut request = Request::new(Seed(3), None);
            request.set(option, spec.max);
            let error = generator.generate(&data, &request).unwrap().picture().unwrap_err().to_string();
            let flag = format!("the largest that fits is about --{} ", option.flag());
            let largest: u32 = error.split(&flag).nth(1).and_then(|rest| rest.split(' ').next()?.parse().ok()).unwrap();
            assert!(largest < spec.max, "{key}: {error}");
            request.set(option, largest);
            let picture = generator.generate(&data, &request).unwrap().picture();
            assert!(picture.is_ok(), "{key}: --{} {largest} doesn't draw: {picture:?}", option.flag());
        }
    }

    #[test]
    fn previews_are_small_quick_pictures_the_generator_accepts() {
        let data = DataSet::built_in();
        for generator in all() {
            for variant in std::iter::once(None).chain(generator.variants().iter().map(|v| Some(*v))) {
                for seed in [Seed(1), Seed(987_654), Seed::from_text("pizza party")] {
                    let request = generator.preview_request(seed, variant);
                    assert_eq!((request.seed, request.variant), (seed, variant), "{}", generator.key());
                    check_options(generator.key(), generator.options(), &request).unwrap();
                    let level = generator.generate(&data, &request).unwrap();
                    let picture = level.picture().unwrap();
                    let (w, h) = (picture.width, picture.height);
                    assert!((64..=1_024).contains(&w) && (64..=1_024).contains(&h), "{}: {w}x{h}", generator.key());
                    assert_eq!(picture.rgb.len(), (w * h * 3) as usize);
                }
            }
        }
    }
}
