//! The zone dungeon behind the common [`Generator`](crate::generator::Generator) interface: one dungeon as one level.

use crate::Seed;
use crate::dungeon::tuning::{MAX_DUNGEON, MAX_ZONES};
use crate::dungeon::{
    Dungeon, DungeonData, DungeonJson, DungeonRequest, MAX_PICTURE_SIDE, draw_ascii, generate_dungeon, metrics, to_rgb,
    validate_dungeon,
};
use crate::dungeon::{DungeonThemes, DungeonTuning};
use crate::generate::{
    ARCADE_RUN_SECONDS, Feed, Generate, Level, ModeSpec, Opt, OptionSpec, Part, Picture, Request, RequestError,
    ValidateCap, digest_seeds, to_json,
};
use crate::rng::Subsystem;
use crate::tuning::DataFile;
use crate::violation::Violation;

/// The Zone dungeon's row in the registry. A dungeon is explored at the player's pace: a
/// dungeon's par is a few minutes, so twice the arcade bound.
pub const MODE: ModeSpec = ModeSpec {
    key: "dungeon",
    name: "Zone dungeon",
    generator: "dungeon",
    variant: None,
    replays: true,
    longest_run_seconds: Some(2 * ARCADE_RUN_SECONDS),
    data_files: &[DataFile::of::<DungeonTuning>(), DataFile::of::<DungeonThemes>()],
    rng_stream: 0x05,
    range_pair: ("tree_depth", "backtracking"),
    // Dungeons 1 to 4 in turn (later dungeons grow more zones and rooms).
    range_level: |seed| Request::new(seed, None).with(Opt::Dungeon, 1 + (seed.0 % 4) as u32),
    // About 5 ms a seed.
    validate_cap: ValidateCap { seeds: 1_000, work: u64::MAX },
};

/// The zone dungeon's random streams (named as when every stream was one enum's variant).
#[allow(non_upper_case_globals)]
impl Subsystem {
    /// The world skeleton (zones, BSP rooms, caves, corridors, bridges).
    pub const DungeonLayout: Subsystem = Subsystem::new(MODE.rng_stream, 0x01);
    /// The puzzle tree grown from the goal.
    pub const DungeonTree: Subsystem = Subsystem::new(MODE.rng_stream, 0x02);
    /// Which prefab and puzzle kind fill each room, where things stand in it.
    pub const DungeonPlacement: Subsystem = Subsystem::new(MODE.rng_stream, 0x03);
    /// Food and hazards scattered for score and lives.
    pub const DungeonFood: Subsystem = Subsystem::new(MODE.rng_stream, 0x04);
    /// A spare stream for later parts.
    pub const DungeonExtra: Subsystem = Subsystem::new(MODE.rng_stream, 0x05);
}

/// The zone dungeon generator (`dungeon`).
pub(crate) struct DungeonGen;

/// Pixels a side of a tile in pictures of small dungeons.
pub(crate) const PICTURE_TILE: usize = 6;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec { option: Opt::Dungeon, help: "which dungeon of the seed, 1 the first", min: 1, max: MAX_DUNGEON },
    OptionSpec {
        option: Opt::Zones,
        help: "rooms per zone in visiting order, e.g. 12,10,10,14",
        min: 1,
        max: MAX_ZONES as u32,
    },
];

/// Zone layouts a sweep cycles through besides each seed's own: one zone to six, 4 to 40 rooms.
pub const SWEEP_LAYOUTS: [&[u32]; 8] = [
    &[12, 10, 10, 14],
    &[4],
    &[40],
    &[6, 9],
    &[4, 4, 4, 4, 4, 4],
    &[20, 8, 30],
    &[40, 40, 40, 40, 40, 40],
    &[5, 17, 11, 23, 7],
];

/// The dungeon a request asks for: its number and, where given, its zones.
fn wanted(request: &Request) -> DungeonRequest {
    let mut wanted = DungeonRequest::new(request.or(Opt::Dungeon, 1));
    wanted.zones = request.zones.clone();
    wanted
}

/// One dungeon.
pub(crate) struct DungeonLevel {
    pub seed: Seed,
    pub dungeon: Dungeon,
}

impl<D: Part<DungeonData>> Level<D> for DungeonLevel {
    fn json(&self) -> String {
        to_json(&DungeonJson::new(self.seed, &self.dungeon))
    }

    fn ascii(&self) -> String {
        format!("dungeon, seed {}\n{}", self.seed.code(), draw_ascii(&self.dungeon))
    }

    /// Six pixels a tile, fewer (down to one) so the picture's sides stay within
    /// [`MAX_PICTURE_SIDE`].
    fn picture(&self) -> Result<Picture, RequestError> {
        let side = self.dungeon.width.max(self.dungeon.height).max(1);
        let px = (MAX_PICTURE_SIDE / side).clamp(1, PICTURE_TILE);
        Ok(Picture::from_parts(to_rgb(&self.dungeon, px)))
    }

    fn violations(&self, data: &D) -> Vec<Violation> {
        validate_dungeon(data.part(), &self.dungeon)
    }

    /// See [`crate::dungeon::metrics`]: `zones`, `rooms`, `nodes`, `tree_depth`, `backtracking`,
    /// `retries` and more.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        metrics(&self.dungeon)
    }
}

impl<D: Part<DungeonData>> Generate<D> for DungeonGen {
    fn key(&self) -> &'static str {
        "dungeon"
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn sweep_options(&self) -> &'static [OptionSpec] {
        &[]
    }

    /// The seed's first dungeon, the whole map.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant).with(Opt::Dungeon, 1)
    }

    fn generate(&self, data: &D, request: &Request) -> Result<Box<dyn Level<D>>, RequestError> {
        let dungeon =
            generate_dungeon(data.part(), request.seed, &wanted(request)).map_err(|e| RequestError(e.to_string()))?;
        Ok(Box::new(DungeonLevel { seed: request.seed, dungeon }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn explain(&self, data: &D, request: &Request) -> Result<Vec<crate::generate::Explained>, RequestError> {
        let mut trace = crate::generate::explain_trace();
        crate::dungeon::generate_dungeon_traced(data.part(), request.seed, &wanted(request), &mut trace)
            .map_err(|e| RequestError(e.to_string()))?;
        crate::generate::explained(trace, "fewer rooms in --zones")
    }

    fn sketch(&self, data: &D, request: &Request, frames: usize) -> Result<crate::generate::Sketches, RequestError> {
        let mut trace = crate::generate::explain_trace();
        let made = crate::dungeon::generate_dungeon_traced(data.part(), request.seed, &wanted(request), &mut trace)
            .map_err(|e| RequestError(e.to_string()))?;
        let size = crate::dungeon::render::picture_size(&made, PICTURE_TILE);
        crate::generate::sketches(trace, "fewer rooms in --zones", frames, size, |events| {
            crate::dungeon::sketch_dungeon(events, PICTURE_TILE)
        })
    }

    /// The seed's first dungeon, and one of [`SWEEP_LAYOUTS`] in turn.
    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, _depth: &Request) -> Vec<Request> {
        let layout = SWEEP_LAYOUTS[(seed.0 % SWEEP_LAYOUTS.len() as u64) as usize];
        vec![
            Request::new(seed, variant).with(Opt::Dungeon, 1),
            Request::new(seed, variant).with(Opt::Dungeon, 1).with_zones_and_code(Some(layout.to_vec()), None),
        ]
    }

    /// Dungeons 1 and 3 of each digest seed, every field of their JSON (the seed as a number).
    fn digest(&self, data: &D, _variant: Option<&'static str>) -> u64 {
        let mut feed = Feed::default();
        for seed in digest_seeds() {
            for k in [1, 3] {
                match generate_dungeon(data.part(), seed, &DungeonRequest::new(k)) {
                    Ok(dungeon) => {
                        // The seed as a number, not as a code: a code's version digit names the
                        // build that wrote it, and the digest is about the levels.
                        let json = DungeonJson { seed: seed.0.to_string(), ..DungeonJson::new(seed, &dungeon) };
                        feed.str(&to_json(&json))
                    }
                    Err(error) => feed.str(&error.to_string()),
                }
            }
        }
        feed.finish()
    }
}
