//! The Runner behind the common [`Generator`](crate::generator::Generator) interface: a track of chunks as one level.

use serde::Serialize;

use crate::generate::{
    ARCADE_RUN_SECONDS, Feed, Generate, Level, MAX_VALIDATE_SEEDS, ModeSpec, Opt, OptionSpec, Part, Picture, Request,
    RequestError, ValidateCap, check_picture_size, digest_seeds, to_json,
};
use crate::physics::JumpReach;
use crate::rng::Subsystem;
use crate::runner::library::CHUNKS_FILE;
use crate::runner::{
    PlacedChunk, RunnerConfig, RunnerData, RunnerTuning, ascii::draw_track, generate_track, validate_track,
};
use crate::tuning::DataFile;
use crate::violation::Violation;
use crate::{Seed, runner};

/// The Runner's row in the registry.
pub const MODE: ModeSpec = ModeSpec {
    key: "runner",
    name: "Runner",
    generator: "runner",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
    data_files: &[DataFile::of::<RunnerTuning>(), CHUNKS_FILE],
    rng_stream: 0x01,
    range_pair: ("mean_demand", "rest_share"),
    range_level: |seed| Request::new(seed, None).with(Opt::Chunks, 200),
    // 200,000 chunks in 1.4 s.
    validate_cap: ValidateCap { seeds: MAX_VALIDATE_SEEDS, work: 500_000 },
};

/// The Runner's random streams (named as when every stream was one enum's variant).
#[allow(non_upper_case_globals)]
impl Subsystem {
    pub const RunnerChunks: Subsystem = Subsystem::new(MODE.rng_stream, 0x01);
    pub(crate) const RunnerFood: Subsystem = Subsystem::new(MODE.rng_stream, 0x02);
}

/// The Runner generator (`runner`).
pub(crate) struct RunnerGen;

/// Chunks a `gen runner` may ask for: about twelve hours of running at top speed, and a JSON
/// document of ~20 MB.
pub(crate) const MAX_CHUNKS: u32 = 20_000;
/// Chunks per seed a `validate runner` may play: 10,000 seeds of this many stay within a minute.
pub(crate) const MAX_SWEEP_CHUNKS: u32 = 1_000;

const OPTIONS: &[OptionSpec] =
    &[OptionSpec { option: Opt::Chunks, help: "how many chunks of track", min: 1, max: MAX_CHUNKS }];
const SWEEP_OPTIONS: &[OptionSpec] =
    &[OptionSpec { option: Opt::Chunks, help: "chunks generated per seed", min: 1, max: MAX_SWEEP_CHUNKS }];

/// A stretch of Runner track.
pub(crate) struct RunnerLevel {
    pub seed: Seed,
    pub reach: JumpReach,
    pub track: Vec<PlacedChunk>,
}

/// The JSON document `gen runner` prints; its field names are a stable interface.
#[derive(Serialize)]
struct RunnerJson<'a> {
    seed: String,
    mode: &'static str,
    chunks: &'a [PlacedChunk],
}

impl<D: Part<RunnerData>> Level<D> for RunnerLevel {
    fn json(&self) -> String {
        to_json(&RunnerJson { seed: self.seed.code().to_string(), mode: "runner", chunks: &self.track })
    }

    fn ascii(&self) -> String {
        draw_track(self.seed, &self.track)
    }

    fn picture(&self) -> Result<Picture, RequestError> {
        let width = self.track.last().map_or(1.0, |c| c.x + c.width) / runner::picture::UNITS_PER_PIXEL;
        let chunks = (Opt::Chunks, self.track.len() as u64);
        check_picture_size(width as u64, u64::from(runner::picture::HEIGHT), "this track", chunks)?;
        Ok(Picture::from_parts(runner::picture::track_rgb(&self.track)))
    }

    fn violations(&self, data: &D) -> Vec<Violation> {
        validate_track(&RunnerConfig::of(data), self.reach, &self.track)
    }

    /// `mean_demand`, `rest_share` (chunks that are rest), `widest_gap` (the widest gap over the
    /// jump's reach at its speed: at most `gap_ratio`), `food_per_chunk`.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let n = self.track.len().max(1) as f64;
        let widest = self
            .track
            .iter()
            .flat_map(|c| c.gaps.iter().map(move |g| f64::from(g.width) / f64::from(c.jump_range.max(1e-6))))
            .fold(0.0, f64::max);
        vec![
            ("mean_demand", self.track.iter().map(|c| f64::from(c.demand)).sum::<f64>() / n),
            ("rest_share", self.track.iter().filter(|c| c.rest).count() as f64 / n),
            ("widest_gap", widest),
            ("food_per_chunk", self.track.iter().map(|c| c.food.len()).sum::<usize>() as f64 / n),
        ]
    }
}

impl<D: Part<RunnerData>> Generate<D> for RunnerGen {
    fn key(&self) -> &'static str {
        "runner"
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn sweep_options(&self) -> &'static [OptionSpec] {
        SWEEP_OPTIONS
    }

    /// The first two chunks of track: the opening stretch of the run, a screen or so wide.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant).with(Opt::Chunks, 2)
    }

    fn generate(&self, data: &D, request: &Request) -> Result<Box<dyn Level<D>>, RequestError> {
        let config = RunnerConfig::of(data);
        let reach = JumpReach::of(&config.tuning);
        let track = generate_track(&config, reach, request.seed, chunks_asked(request));
        Ok(Box::new(RunnerLevel { seed: request.seed, reach, track }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn explain(&self, data: &D, request: &Request) -> Result<Vec<crate::generate::Explained>, RequestError> {
        let config = RunnerConfig::of(data);
        let mut trace = crate::generate::explain_trace();
        let chunks = chunks_asked(request);
        runner::generate_track_traced(&config, JumpReach::of(&config.tuning), request.seed, chunks, &mut trace);
        crate::generate::explained(trace, "fewer --chunks")
    }

    fn sketch(&self, data: &D, request: &Request, frames: usize) -> Result<crate::generate::Sketches, RequestError> {
        let config = RunnerConfig::of(data);
        let mut trace = crate::generate::explain_trace();
        let chunks = chunks_asked(request);
        let track =
            runner::generate_track_traced(&config, JumpReach::of(&config.tuning), request.seed, chunks, &mut trace);
        let size = runner::picture::track_size(&track);
        crate::generate::sketches(trace, "fewer --chunks", frames, size, runner::sketch_track)
    }

    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, depth: &Request) -> Vec<Request> {
        vec![Request::new(seed, variant).with(Opt::Chunks, depth.or(Opt::Chunks, 200))]
    }

    /// 60 chunks of each digest seed, every field that reaches the screen.
    fn digest(&self, data: &D, _variant: Option<&'static str>) -> u64 {
        let config = RunnerConfig::of(data);
        let mut feed = Feed::default();
        for seed in digest_seeds() {
            for chunk in generate_track(&config, JumpReach::of(&config.tuning), seed, 60) {
                feed.str(&chunk.id);
                for value in [chunk.x, chunk.intensity, chunk.speed, chunk.jump_range] {
                    feed.f32(value);
                }
                for span in chunk.gaps.iter().chain(&chunk.ground).chain(&chunk.hazards) {
                    feed.f32(span.x);
                    feed.f32(span.width);
                }
                for food in &chunk.food {
                    feed.f32(food.x);
                    feed.f32(food.y);
                    feed.u64(food.kind as u64);
                }
            }
        }
        feed.finish()
    }
}

/// The chunks a request asks for: 20 unless it says.
fn chunks_asked(request: &Request) -> usize {
    request.or(Opt::Chunks, 20) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FoodKind;
    use crate::runner::{Food, Span};

    fn chunk(demand: f32, rest: bool, jump_range: f32, gaps: &[f32], foods: usize) -> PlacedChunk {
        PlacedChunk {
            index: 0,
            id: "hand-made".into(),
            demand,
            intensity: 0.5,
            speed: 300.0,
            jump_range,
            rest,
            forced_rest: false,
            x: 0.0,
            width: 800.0,
            gaps: gaps.iter().map(|&width| Span { x: 100.0, width }).collect(),
            ground: Vec::new(),
            platforms: Vec::new(),
            hazards: Vec::new(),
            food: (0..foods).map(|i| Food { x: i as f32, y: 0.0, kind: FoodKind::Apple }).collect(),
        }
    }

    #[test]
    fn metrics_of_a_hand_made_track() {
        let level = RunnerLevel {
            seed: Seed(1),
            reach: crate::DataSet::built_in().jump_reach(),
            track: vec![chunk(0.4, false, 200.0, &[100.0, 50.0], 3), chunk(0.0, true, 100.0, &[60.0], 1)],
        };
        let metrics = Level::<crate::DataSet>::metrics(&level);
        let get = |name: &str| metrics.iter().find(|(n, _)| *n == name).map(|(_, v)| *v).unwrap();
        assert!((get("mean_demand") - 0.2).abs() < 1e-6);
        assert_eq!(get("rest_share"), 0.5);
        // 60 of a 100 reach beats 100 of a 200 reach.
        assert!((get("widest_gap") - 0.6).abs() < 1e-6);
        assert_eq!(get("food_per_chunk"), 2.0);
    }
}
