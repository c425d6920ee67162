//! Every generator behind one interface, so the command line, the determinism digest, the seed
//! sweeps and the seed lab loop over generators instead of repeating themselves per mode.
//!
//! A [`Generator`] turns a [`Request`] (a seed and the options that make sense for it) into a
//! [`Level`]; a level knows how to print itself (JSON, text, a picture), how to check itself
//! with its generator's independent validator, and what it measures. [`all`] is the one list
//! of generators: adding one is a module and a line there.

use std::fmt;

use crate::dataset::DataSet;
use crate::violation::Violation;
use crate::{Seed, arena, dungeon, maze, puzzle, runner, tunnel};

/// The most pixels a picture may hold: 16 Mpx is 48 MB of RGB, so a `gen … --format png` stays
/// far under half a gigabyte with the PNG encoder's buffers (and a 4001 × 4001 maze still gets a
/// pixel a cell).
pub const MAX_PICTURE_PIXELS: u64 = 16 * 1024 * 1024;

/// An option a generator reads: its flag name, what it means for this generator, and its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub option: Opt,
    pub help: &'static str,
    /// The smallest and largest value accepted (each bound is what a player can reach, or what
    /// keeps a command within a minute and ~512 MB).
    pub min: u32,
    pub max: u32,
}

/// The options any generator may read; each generator lists those it does in
/// [`Generator::options`] (for `gen`) and [`Generator::sweep_options`] (for `validate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Opt {
    Chunks,
    Floor,
    Wave,
    Gates,
    Width,
    Height,
    /// Validate: how many floors (maze) or waves (arena) each seed is played.
    Floors,
    Waves,
    /// Dungeon: which dungeon of the seed (the number grows the layout).
    Dungeon,
    /// Dungeon: rooms per zone in visiting order (the value checked is how many zones).
    Zones,
    /// Code puzzle: the curriculum step.
    Level,
    /// Code puzzle: a solution program to build the level from (the value checked is its length
    /// in bytes).
    Code,
}

impl Opt {
    /// The command-line flag, without dashes.
    pub fn flag(self) -> &'static str {
        match self {
            Opt::Chunks => "chunks",
            Opt::Floor => "floor",
            Opt::Wave => "wave",
            Opt::Gates => "gates",
            Opt::Width => "width",
            Opt::Height => "height",
            Opt::Floors => "floors",
            Opt::Waves => "waves",
            Opt::Dungeon => "dungeon",
            Opt::Zones => "zones",
            Opt::Level => "level",
            Opt::Code => "code",
        }
    }
}

/// What to generate: a seed, a variant, and the options the generator reads (others stay
/// `None`; the command line refuses them before they get here).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    pub seed: Seed,
    /// A generator's variant (`squeeze` for the Food Tunnel), or `None` for the plain one.
    pub variant: Option<&'static str>,
    pub chunks: Option<u32>,
    pub floor: Option<u32>,
    pub wave: Option<u32>,
    pub gates: Option<u32>,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub floors: Option<u32>,
    pub waves: Option<u32>,
    pub dungeon: Option<u32>,
    pub zones: Option<Vec<u32>>,
    pub level: Option<u32>,
    /// The text of a solution program.
    pub code: Option<String>,
}

impl Request {
    pub fn new(seed: Seed, variant: Option<&'static str>) -> Request {
        Request { seed, variant, ..Request::default() }
    }

    /// The value of `option` in this request, if set (for zones, how many; for code, its bytes).
    pub fn get(&self, option: Opt) -> Option<u32> {
        match option {
            Opt::Chunks => self.chunks,
            Opt::Floor => self.floor,
            Opt::Wave => self.wave,
            Opt::Gates => self.gates,
            Opt::Width => self.width,
            Opt::Height => self.height,
            Opt::Floors => self.floors,
            Opt::Waves => self.waves,
            Opt::Dungeon => self.dungeon,
            Opt::Zones => self.zones.as_ref().map(|z| u32::try_from(z.len()).unwrap_or(u32::MAX)),
            Opt::Level => self.level,
            Opt::Code => self.code.as_ref().map(|c| u32::try_from(c.len()).unwrap_or(u32::MAX)),
        }
    }

    /// Sets a numeric `option` (zones and code are set directly).
    pub fn set(&mut self, option: Opt, value: u32) {
        let slot = match option {
            Opt::Chunks => &mut self.chunks,
            Opt::Floor => &mut self.floor,
            Opt::Wave => &mut self.wave,
            Opt::Gates => &mut self.gates,
            Opt::Width => &mut self.width,
            Opt::Height => &mut self.height,
            Opt::Floors => &mut self.floors,
            Opt::Waves => &mut self.waves,
            Opt::Dungeon => &mut self.dungeon,
            Opt::Level => &mut self.level,
            Opt::Zones | Opt::Code => return,
        };
        *slot = Some(value);
    }

    /// `option`'s value, or the default the generator's spec gives.
    pub fn or(&self, option: Opt, default: u32) -> u32 {
        self.get(option).unwrap_or(default)
    }
}

/// Why a request can't be met: a message for the person who asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError(pub String);

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RequestError {}

/// Checks each set option against `specs`: one the generator doesn't read, or a value out of its
/// range, is refused with a message that says which options it does read.
pub fn check_options(generator: &str, specs: &[OptionSpec], request: &Request) -> Result<(), RequestError> {
    let all = [
        Opt::Chunks,
        Opt::Floor,
        Opt::Wave,
        Opt::Gates,
        Opt::Width,
        Opt::Height,
        Opt::Floors,
        Opt::Waves,
        Opt::Dungeon,
        Opt::Zones,
        Opt::Level,
        Opt::Code,
    ];
    for option in all {
        let Some(value) = request.get(option) else { continue };
        let Some(spec) = specs.iter().find(|s| s.option == option) else {
            let reads: Vec<String> = specs.iter().map(|s| format!("--{}", s.option.flag())).collect();
            let reads = if reads.is_empty() { "no options".to_string() } else { reads.join(", ") };
            return Err(RequestError(format!(
                "--{} does not apply to the {generator} generator (it reads {reads})",
                option.flag()
            )));
        };
        if !(spec.min..=spec.max).contains(&value) {
            return Err(RequestError(format!(
                "--{} {value} is out of range for {generator}: {}..={} ({})",
                option.flag(),
                spec.min,
                spec.max,
                spec.help
            )));
        }
    }
    Ok(())
}

/// An RGB8 picture, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

impl Picture {
    pub fn from_parts((width, height, rgb): (u32, u32, Vec<u8>)) -> Picture {
        Picture { width, height, rgb }
    }
}

/// Refuses a picture of `width × height` pixels over [`MAX_PICTURE_PIXELS`], saying the largest
/// request that fits: the picture grows with `option` (set to `count`) in width, so about
/// `count × allowed / pixels` of it fit; nine tenths of that, as pieces differ in width.
pub fn check_picture_size(
    width: u64,
    height: u64,
    what: &str,
    (option, count): (Opt, u64),
) -> Result<(), RequestError> {
    let pixels = width.saturating_mul(height);
    if pixels > MAX_PICTURE_PIXELS {
        let largest = (u128::from(count) * u128::from(MAX_PICTURE_PIXELS) * 9 / 10 / u128::from(pixels)).max(1);
        return Err(RequestError(format!(
            "a picture of {what} would be {width}x{height} pixels, more than the {MAX_PICTURE_PIXELS} allowed: \
             the largest that fits is about --{} {largest} (or use --format json)",
            option.flag()
        )));
    }
    Ok(())
}

/// The levels of one seed's sweep, each with the request that makes it again.
pub type Swept = Vec<(Request, Box<dyn Level>)>;

/// A generated level, whatever the generator.
pub trait Level {
    /// The stable JSON document `gen … --format json` prints (field names are an interface).
    fn json(&self) -> String;
    /// A text picture for designers and tests.
    fn ascii(&self) -> String;
    /// An RGB picture, at most [`MAX_PICTURE_PIXELS`] (scaled down, or refused with a message).
    fn picture(&self) -> Result<Picture, RequestError>;
    /// Every promise the level breaks, by the generator's independent validator.
    fn violations(&self, data: &DataSet) -> Vec<Violation>;
    /// The level's figures for sweeps and expressive-range plots (see each generator's docs).
    fn metrics(&self) -> Vec<(&'static str, f64)>;
}

/// A level generator.
pub trait Generator: Sync {
    /// Its key: `runner`, `maze`, `arena`, `tunnel` …
    fn key(&self) -> &'static str;
    /// Its variants besides the plain one (`squeeze`).
    fn variants(&self) -> &'static [&'static str] {
        &[]
    }
    /// The first seed-code version whose levels this build still makes, for a variant: codes
    /// from earlier versions are refused for it rather than played differently.
    fn since_version(&self, _variant: Option<&str>) -> u8 {
        1
    }
    /// The options `gen` reads.
    fn options(&self) -> &'static [OptionSpec];
    /// The options `validate` reads (how far each seed is played).
    fn sweep_options(&self) -> &'static [OptionSpec];
    /// A small request that shows the start of a seed's level, for the seed screen's preview:
    /// made in a few milliseconds, and a picture of a few hundred pixels a side (the game scales
    /// it into its preview box). The default is the generator's own defaults.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant)
    }
    /// The level a request asks for.
    fn generate(&self, data: &DataSet, request: &Request) -> Result<Box<dyn Level>, RequestError>;
    /// What a sweep of one seed covers: sizes, floors, waves … as `validate` options set them.
    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, depth: &Request) -> Vec<Request>;
    /// The levels of a sweep of one seed, each with the request that makes it again. Generators
    /// whose levels are a run (the arena's waves) override this to play the run once.
    fn sweep(
        &self,
        data: &DataSet,
        seed: Seed,
        variant: Option<&'static str>,
        depth: &Request,
    ) -> Result<Swept, RequestError> {
        self.sweep_requests(seed, variant, depth)
            .into_iter()
            .map(|request| self.generate(data, &request).map(|level| (request, level)))
            .collect()
    }
    /// The determinism digest of a variant: a hash of every field of the levels a fixed list of
    /// seeds makes (see [`crate::digest`]).
    fn digest(&self, data: &DataSet, variant: Option<&'static str>) -> u64;
}

/// Every generator, in menu order.
pub fn all() -> [&'static dyn Generator; 6] {
    [
        &runner::level::RunnerGen,
        &maze::level::MazeGen,
        &arena::level::ArenaGen,
        &tunnel::level::TunnelGen,
        &dungeon::generator::DungeonGen,
        &puzzle::generator::PuzzleGen,
    ]
}

/// The generator with this key.
pub fn by_key(key: &str) -> Option<&'static dyn Generator> {
    all().into_iter().find(|g| g.key() == key)
}

/// The JSON document for any `Serialize` level document, pretty-printed with a final newline.
pub fn to_json(document: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(document).unwrap_or_else(|error| format!("{{\"error\": \"{error}\"}}"));
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_found() {
        let keys: Vec<&str> = all().iter().map(|g| g.key()).collect();
        assert_eq!(keys, ["runner", "maze", "arena", "tunnel", "dungeon", "puzzle"]);
        for key in keys {
            assert_eq!(by_key(key).map(|g| g.key()), Some(key));
        }
        assert!(by_key("tetris").is_none());
    }

    #[test]
    fn options_a_generator_does_not_read_are_refused_by_name() {
        let maze = by_key("maze").unwrap();
        let mut request = Request::new(Seed(1), None);
        request.chunks = Some(5);
        let error = check_options("maze", maze.options(), &request).unwrap_err().to_string();
        assert!(
            error.contains("--chunks does not apply to the maze generator") && error.contains("--floor"),
            "{error}"
        );
        let mut request = Request::new(Seed(1), None);
        request.floor = Some(0);
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
