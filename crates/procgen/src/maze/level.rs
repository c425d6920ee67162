//! The Maze behind the common [`Generator`](crate::generator::Generator) interface: one floor as one level.

use serde::Serialize;

use crate::generate::{
    ARCADE_RUN_SECONDS, Feed, Generate, Level, MAX_PICTURE_PIXELS, MAX_VALIDATE_SEEDS, ModeSpec, Opt, OptionSpec, Part,
    Picture, Request, RequestError, ValidateCap, digest_seeds, to_json,
};
use crate::maze::{Cell, MazeFloor, MazeTuning, draw_ascii, generate_floor, to_rgb, validate_floor};
use crate::rng::Subsystem;
use crate::tuning::DataFile;
use crate::violation::Violation;
use crate::{IntensityCurve, Seed};

/// The Maze chase's row in the registry.
pub const MODE: ModeSpec = ModeSpec {
    key: "maze",
    name: "Maze chase",
    generator: "maze",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
    data_files: &[DataFile::of::<MazeTuning>()],
    rng_stream: 0x02,
    range_pair: ("loops", "star_path"),
    // The game's own size (the tuning's), floors 1 to 5 in turn.
    range_level: |seed| Request::new(seed, None).with(Opt::Floor, 1 + (seed.0 % 5) as u32),
    // 30,000 floors of the shipped tuning in 1.8 s, but 24 s with a 201 × 201 tuning (every
    // ninth seed plays the tuning's own size): 10,000 then take about 8.
    validate_cap: ValidateCap { seeds: MAX_VALIDATE_SEEDS, work: 10_000 },
};

/// The Maze's random streams (named as when every stream was one enum's variant).
#[allow(non_upper_case_globals)]
impl Subsystem {
    pub const MazeCarve: Subsystem = Subsystem::new(MODE.rng_stream, 0x01);
    pub const MazePlacement: Subsystem = Subsystem::new(MODE.rng_stream, 0x02);
}

/// The Maze generator (`maze`).
pub(crate) struct MazeGen;

/// Floors a `gen maze` may ask for: far past what a player clears in an evening.
pub(crate) const MAX_FLOOR: u32 = 1_000;
/// The largest side `gen maze --width/--height` accepts (the game itself plays smaller mazes,
/// see [`crate::maze::tuning::MAX_GAME_SIDE`]).
pub(crate) const MAX_TOOL_SIDE: u32 = crate::maze::tuning::MAX_SIDE as u32;
/// Pixels a side of a cell in pictures of small floors.
pub(crate) const PICTURE_CELL: usize = 12;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec { option: Opt::Floor, help: "which floor, 1 the first", min: 1, max: MAX_FLOOR },
    OptionSpec { option: Opt::Width, help: "grid width in cells, instead of the tuning's", min: 1, max: MAX_TOOL_SIDE },
    OptionSpec {
        option: Opt::Height,
        help: "grid height in cells, instead of the tuning's",
        min: 1,
        max: MAX_TOOL_SIDE,
    },
];
const SWEEP_OPTIONS: &[OptionSpec] =
    &[OptionSpec { option: Opt::Floors, help: "floors played per seed and size", min: 1, max: 20 }];

/// Grid sizes a sweep covers, one per seed in turn: first the loaded tuning's own (`None`: what
/// the game plays, a designer's `--assets` edit included, so seed 0 of every sweep checks it),
/// then tiny, odd, even, the shipped game's, and large.
pub(crate) const SWEEP_SIZES: [Option<(u32, u32)>; 9] = [
    None,
    Some((1, 1)),
    Some((2, 2)),
    Some((3, 3)),
    Some((7, 1)),
    Some((6, 4)),
    Some((21, 15)),
    Some((22, 16)),
    Some((51, 51)),
];

/// One maze floor, with the tuning it was carved for (sizes from the request applied).
pub(crate) struct MazeLevel {
    pub seed: Seed,
    pub tuning: MazeTuning,
    pub floor: MazeFloor,
}

/// The JSON document `gen maze` prints; its field names are a stable interface.
#[derive(Serialize)]
struct MazeJson<'a> {
    seed: String,
    mode: &'static str,
    floor: u32,
    width: usize,
    height: usize,
    rows: Vec<String>,
    start: Cell,
    tokens: &'a [Cell],
    stars: &'a [Cell],
    hazards: &'a [Cell],
    power_up: Option<Cell>,
}

impl<D> Level<D> for MazeLevel {
    fn json(&self) -> String {
        let floor = &self.floor;
        to_json(&MazeJson {
            seed: self.seed.code().to_string(),
            mode: "maze",
            floor: floor.floor,
            width: floor.grid.width,
            height: floor.grid.height,
            rows: floor.rows(),
            start: floor.start,
            tokens: &floor.tokens,
            stars: &floor.stars,
            hazards: &floor.hazards,
            power_up: floor.power_up,
        })
    }

    fn ascii(&self) -> String {
        format!("maze floor, seed {}\n{}", self.seed.code(), draw_ascii(&self.floor))
    }

    /// 12 pixels a cell, fewer for big floors (down to one) so the picture fits.
    fn picture(&self) -> Result<Picture, RequestError> {
        let cells = (self.floor.grid.width * self.floor.grid.height).max(1) as u64;
        let fit = ((MAX_PICTURE_PIXELS / cells) as f64).sqrt().floor() as usize;
        Ok(Picture::from_parts(to_rgb(&self.floor, fit.clamp(1, PICTURE_CELL))))
    }

    fn violations(&self, _data: &D) -> Vec<Violation> {
        validate_floor(&self.tuning, &self.floor)
    }

    /// `dead_end_share` (open cells with one open neighbour), `loops` (walls knocked out, the
    /// braid's included: the maze's independent cycles),
    /// `star_path` (steps from the start to the furthest star), `tokens`.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let grid = &self.floor.grid;
        let open = grid.open_cells();
        let dead_ends = open.iter().filter(|&&cell| grid.neighbours(cell).count() == 1).count();
        let distances = grid.distances_from(self.floor.start);
        let star_path = self
            .floor
            .stars
            .iter()
            .filter_map(|&star| distances.get(grid.index(star)).copied().flatten())
            .max()
            .unwrap_or(0);
        vec![
            ("dead_end_share", dead_ends as f64 / open.len().max(1) as f64),
            ("loops", (self.floor.loops.len() + self.floor.braids.len()) as f64),
            ("star_path", f64::from(star_path)),
            ("tokens", self.floor.tokens.len() as f64),
        ]
    }
}

impl<D: Part<MazeTuning>> Generate<D> for MazeGen {
    fn key(&self) -> &'static str {
        "maze"
    }

    /// Version 3 braided the dead ends into loops.
    fn since_version(&self, _variant: Option<&str>) -> u8 {
        3
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn sweep_options(&self) -> &'static [OptionSpec] {
        SWEEP_OPTIONS
    }

    /// The first floor, at the game's size.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant).with(Opt::Floor, 1)
    }

    fn generate(&self, data: &D, request: &Request) -> Result<Box<dyn Level<D>>, RequestError> {
        let tuning = sized(data.part(), request);
        let floor = generate_floor(&tuning, data.curve(), request.seed, floor_asked(request));
        Ok(Box::new(MazeLevel { seed: request.seed, tuning, floor }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn explain(&self, data: &D, request: &Request) -> Result<Vec<crate::generate::Explained>, RequestError> {
        let mut trace = crate::generate::explain_trace();
        let floor = floor_asked(request);
        crate::maze::generate_floor_traced(&sized(data.part(), request), data.curve(), request.seed, floor, &mut trace);
        crate::generate::explained(trace, "a smaller --width and --height")
    }

    fn sketch(&self, data: &D, request: &Request, frames: usize) -> Result<crate::generate::Sketches, RequestError> {
        let mut trace = crate::generate::explain_trace();
        let floor = floor_asked(request);
        let made = crate::maze::generate_floor_traced(
            &sized(data.part(), request),
            data.curve(),
            request.seed,
            floor,
            &mut trace,
        );
        let size = crate::maze::render::picture_size(&made, PICTURE_CELL);
        crate::generate::sketches(trace, "a smaller --width and --height", frames, size, |events| {
            crate::maze::sketch_floor(events, PICTURE_CELL)
        })
    }

    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, depth: &Request) -> Vec<Request> {
        // `None` leaves the size unset: the tuning's own, which the reproduce command then
        // leaves out too (with the same `--assets`, it makes the same floor).
        let size = SWEEP_SIZES[(seed.0 % SWEEP_SIZES.len() as u64) as usize];
        (1..=depth.or(Opt::Floors, 3))
            .map(|floor| {
                Request::new(seed, variant).with(Opt::Floor, floor).with_each([
                    (Opt::Width, size.map(|(width, _)| width)),
                    (Opt::Height, size.map(|(_, height)| height)),
                ])
            })
            .collect()
    }

    /// Floors 1 to 3 of each digest seed.
    fn digest(&self, data: &D, _variant: Option<&'static str>) -> u64 {
        maze_digest(data.part(), data.curve())
    }
}

fn maze_digest(tuning: &MazeTuning, curve: &IntensityCurve) -> u64 {
    let mut feed = Feed::default();
    for seed in digest_seeds() {
        for floor in 1..=3 {
            let maze = generate_floor(tuning, curve, seed, floor);
            for row in maze.rows() {
                feed.str(&row);
            }
            let cells = std::iter::once(maze.start)
                .chain(maze.tokens)
                .chain(maze.stars)
                .chain(maze.hazards)
                .chain(maze.power_up);
            for (x, y) in cells {
                feed.u64(x as u64);
                feed.u64(y as u64);
            }
            feed.f32(maze.pursuer_speed);
        }
    }
    feed.finish()
}

/// The tuning with the request's grid size, where it gives one.
fn sized(tuning: &MazeTuning, request: &Request) -> MazeTuning {
    let mut tuning = tuning.clone();
    if let Some(width) = request.get(Opt::Width) {
        tuning.width = width as usize;
    }
    if let Some(height) = request.get(Opt::Height) {
        tuning.height = height as usize;
    }
    tuning
}

/// The floor a request asks for: the first unless it says.
fn floor_asked(request: &Request) -> u32 {
    request.or(Opt::Floor, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DataSet;
    use crate::maze::Grid;

    #[test]
    fn metrics_of_a_hand_made_floor() {
        // Eleven open cells; (1, 3) and (3, 3) are dead ends. From the start at (1, 1) the star at
        // (3, 3) is 8 steps round the top, the one at (1, 3) 2 steps down.
        let grid = Grid::from_rows(&["#######", "#.....#", "#.###.#", "#.#...#", "#######"]);
        let floor = MazeFloor {
            floor: 1,
            intensity: 0.0,
            grid,
            start: (1, 1),
            tokens: vec![(2, 1), (3, 1), (4, 1)],
            stars: vec![(3, 3), (1, 3)],
            hazards: Vec::new(),
            power_up: None,
            loops: vec![(3, 2)],
            braids: Vec::new(),
            pursuer_speed: 1.0,
        };
        let level = MazeLevel { seed: Seed(1), tuning: MazeTuning::default(), floor };
        let metrics = Level::<DataSet>::metrics(&level);
        let get = |name: &str| metrics.iter().find(|(n, _)| *n == name).map(|(_, v)| *v).unwrap();
        assert_eq!(get("dead_end_share"), 2.0 / 11.0);
        assert_eq!(get("loops"), 1.0);
        assert_eq!(get("star_path"), 8.0);
        assert_eq!(get("tokens"), 3.0);
    }

    /// The sizes of the floors a sweep of `seeds` makes, with each floor's violations.
    fn swept_sizes(data: &DataSet, seeds: u64) -> Vec<((usize, usize), usize)> {
        let depth = Request::default().with(Opt::Floors, 2);
        (0..seeds)
            .flat_map(|seed| MazeGen.sweep(data, Seed(seed), None, &depth).unwrap())
            .map(|(_, level)| {
                let json: serde_json::Value = serde_json::from_str(&level.json()).unwrap();
                let size = (json["width"].as_u64().unwrap() as usize, json["height"].as_u64().unwrap() as usize);
                (size, level.violations(data).len())
            })
            .collect()
    }

    #[test]
    fn a_sweep_checks_the_loaded_tunings_own_size() {
        // A designer's tuning at a size no fixed sweep size has (as `--assets` would load it).
        let mut data = DataSet::built_in();
        (data.maze.width, data.maze.height) = (13, 9);
        assert!(!SWEEP_SIZES.contains(&Some((13, 9))));
        let swept = swept_sizes(&data, 1);
        // Seed 0 alone (`validate maze --seeds 1`) plays the tuning's own size, and keeps every rule.
        assert_eq!(swept, [((13, 9), 0), ((13, 9), 0)]);
        // Every size of the list, the tuning's own among them, within one turn of seeds.
        let swept = swept_sizes(&data, SWEEP_SIZES.len() as u64);
        let sizes: std::collections::BTreeSet<(usize, usize)> = swept.iter().map(|(size, _)| *size).collect();
        assert!(sizes.contains(&(13, 9)) && sizes.contains(&(51, 51)) && sizes.contains(&(1, 1)), "{sizes:?}");
        assert_eq!(sizes.len(), SWEEP_SIZES.len());
        assert!(swept.iter().all(|(_, violations)| *violations == 0), "{swept:?}");
        // The shipped tuning's own size is the game's.
        let shipped = DataSet::built_in();
        let own = (shipped.maze.width, shipped.maze.height);
        assert!(swept_sizes(&shipped, 1).iter().all(|(size, _)| *size == own));
    }
}
