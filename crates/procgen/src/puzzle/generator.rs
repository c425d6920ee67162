//! The code puzzle behind the common [`Generator`](crate::generator::Generator) interface: one level as one level, from a
//! curriculum step's program or a program given with `--code`.

use crate::Seed;
use crate::generate::{
    Feed, Generate, Level, ModeSpec, Opt, OptionSpec, Part, Picture, Request, RequestError, ValidateCap, digest_seeds,
    to_json,
};
use crate::puzzle::curriculum::Curriculum;
use crate::puzzle::grammar::Grammar;
use crate::puzzle::{
    GenOptions, PuzzleData, PuzzleLevel, draw_ascii, first_failure, generate_with, metrics, run_worlds, to_rgb,
    validate_level,
};
use crate::rng::Subsystem;
use crate::tuning::DataFile;
use crate::violation::Violation;

/// The program a request's level is built from (its `--code`, or its curriculum step's) and the
/// options it is generated with.
fn program<'a>(puzzle: &'a PuzzleData, request: &Request) -> (&'a PuzzleData, String, GenOptions) {
    let step = request.or(Opt::Level, 0);
    let code = request.code.clone().unwrap_or_else(|| puzzle.curriculum.step(step).code.clone());
    (puzzle, code, GenOptions { level: step, ..GenOptions::default() })
}

/// The Code puzzle's row in the registry: its run is a program typed in its editor, so no
/// replay and no bound.
pub const MODE: ModeSpec = ModeSpec {
    key: "puzzle",
    name: "Code puzzle",
    generator: "puzzle",
    variant: None,
    replays: false,
    longest_run_seconds: None,
    data_files: &[DataFile::of::<Grammar>(), DataFile::of::<Curriculum>()],
    rng_stream: 0x06,
    range_pair: ("walkable", "interactable"),
    // The curriculum's first 20 steps in turn.
    range_level: |seed| Request::new(seed, None).with(Opt::Level, (seed.0 % 20) as u32),
    // 10,000 seeds in 5 s.
    validate_cap: ValidateCap { seeds: 5_000, work: u64::MAX },
};

/// The code puzzle's random streams (named as when every stream was one enum's variant).
#[allow(non_upper_case_globals)]
impl Subsystem {
    /// Grammar choices of shapes per object.
    pub const PuzzleShapes: Subsystem = Subsystem::new(MODE.rng_stream, 0x01);
    /// Path algorithms (reward and maze paths).
    pub const PuzzlePaths: Subsystem = Subsystem::new(MODE.rng_stream, 0x02);
    /// Merging mini-maps.
    pub const PuzzleMerge: Subsystem = Subsystem::new(MODE.rng_stream, 0x03);
    /// Rewards, keys, decoration.
    pub const PuzzleRewards: Subsystem = Subsystem::new(MODE.rng_stream, 0x04);
    /// A spare stream for later parts.
    pub const PuzzleExtra: Subsystem = Subsystem::new(MODE.rng_stream, 0x05);
    /// Which variant worlds a level with conditions gets (issue #32).
    pub(crate) const PuzzleVariants: Subsystem = Subsystem::new(MODE.rng_stream, 0x06);
}

/// The code puzzle generator (`puzzle`).
pub(crate) struct PuzzleGen;

/// Pixels a side of a tile in pictures.
pub(crate) const PICTURE_TILE: usize = 16;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec { option: Opt::Level, help: "the curriculum step, 0 the first", min: 0, max: 999 },
    OptionSpec { option: Opt::Code, help: "a solution program (a file) to build the level from", min: 1, max: 4096 },
];

/// One code-puzzle level.
pub(crate) struct PuzzleLevelOf {
    pub level: PuzzleLevel,
}

impl<D> Level<D> for PuzzleLevelOf {
    fn json(&self) -> String {
        to_json(&self.level)
    }

    fn ascii(&self) -> String {
        draw_ascii(&self.level)
    }

    fn picture(&self) -> Result<Picture, RequestError> {
        Ok(Picture::from_parts(to_rgb(&self.level, PICTURE_TILE)))
    }

    /// The independent level checks, and the level's own solution run in the interpreter: it
    /// must open the way (solvability is checked by running the code, never trusted).
    fn violations(&self, _data: &D) -> Vec<Violation> {
        let mut found = validate_level(&self.level);
        // Every world (issue #32): the level is solved only when all of them are.
        match run_worlds(&self.level, &self.level.solution) {
            Ok(results) => {
                if let Some((_, why)) = first_failure(&results) {
                    found.push(Violation::new("solvable", format!("the level's own solution doesn't open {why}")));
                }
            }
            Err(error) => found.push(Violation::new("solvable", format!("the level's own solution fails: {error}"))),
        }
        found
    }

    /// `map_size`, `walkable` and `interactable` (shares of the map, as the paper's Figure 3),
    /// and more.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        metrics(&self.level)
    }
}

impl<D: Part<PuzzleData>> Generate<D> for PuzzleGen {
    fn key(&self) -> &'static str {
        "puzzle"
    }

    /// Version 4 gave programs with conditions their variant worlds (issue #32).
    fn since_version(&self, _variant: Option<&str>) -> u8 {
        4
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn sweep_options(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// The curriculum's first step: where a run of the seed starts.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant).with(Opt::Level, 0)
    }

    fn generate(&self, data: &D, request: &Request) -> Result<Box<dyn Level<D>>, RequestError> {
        let (puzzle, code, options) = program(data.part(), request);
        let level =
            generate_with(&puzzle.grammar, &code, request.seed, &options).map_err(|e| RequestError(e.to_string()))?;
        Ok(Box::new(PuzzleLevelOf { level }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn explain(&self, data: &D, request: &Request) -> Result<Vec<crate::generate::Explained>, RequestError> {
        let (puzzle, code, options) = program(data.part(), request);
        let mut trace = crate::generate::explain_trace();
        crate::puzzle::generate::generate_traced(&puzzle.grammar, &code, request.seed, &options, &mut trace)
            .map_err(|e| RequestError(e.to_string()))?;
        crate::generate::explained(trace, "a shorter --code")
    }

    fn sketch(&self, data: &D, request: &Request, frames: usize) -> Result<crate::generate::Sketches, RequestError> {
        let (puzzle, code, options) = program(data.part(), request);
        let mut trace = crate::generate::explain_trace();
        let level =
            crate::puzzle::generate::generate_traced(&puzzle.grammar, &code, request.seed, &options, &mut trace)
                .map_err(|e| RequestError(e.to_string()))?;
        let size = crate::puzzle::render::picture_size(&level, PICTURE_TILE);
        crate::generate::sketches(trace, "a shorter --code", frames, size, |events| {
            crate::puzzle::rebuild::sketch_level(events, PICTURE_TILE)
        })
    }

    /// Three curriculum steps per seed, walking the ladder as the seeds go.
    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, _depth: &Request) -> Vec<Request> {
        (0..3u64).map(|i| Request::new(seed, variant).with(Opt::Level, ((seed.0 * 3 + i) % 1_000) as u32)).collect()
    }

    /// Steps 0, 5, 10 and 15 of each digest seed, every field of their JSON.
    fn digest(&self, data: &D, _variant: Option<&'static str>) -> u64 {
        let mut feed = Feed::default();
        for seed in digest_seeds() {
            for step in [0, 5, 10, 15] {
                let request = Request::new(seed, None).with(Opt::Level, step);
                match self.generate(data, &request) {
                    Ok(level) => feed.str(&level.json()),
                    Err(error) => feed.str(&error.to_string()),
                }
            }
        }
        feed.finish()
    }
}
