//! The Arena behind the common [`Generator`](crate::generator::Generator) interface: one wave as one level.

use crate::arena::ArenaTuning;
use crate::arena::{
    ArenaGenerator, ArenaJson, ArenaWave, ItemKind, arena_rgb, draw_arena, generate_wave, validate_play, validate_wave,
};
use crate::generate::{
    ARCADE_RUN_SECONDS, Feed, Generate, Level, MAX_PICTURE_PIXELS, ModeSpec, Opt, OptionSpec, Part, Picture, Request,
    RequestError, Swept, ValidateCap, digest_seeds, to_json,
};
use crate::rng::Subsystem;
use crate::tuning::DataFile;
use crate::violation::Violation;
use crate::{IntensityCurve, Seed};

/// The Arena's row in the registry.
pub const MODE: ModeSpec = ModeSpec {
    key: "arena",
    name: "Arena",
    generator: "arena",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
    data_files: &[DataFile::of::<ArenaTuning>()],
    rng_stream: 0x03,
    range_pair: ("items", "mean_nearest"),
    // Waves 1 to 20 in turn: one wave's item count is fixed by its intensity, so the range of a
    // run is what there is to see.
    range_level: |seed| Request::new(seed, None).with(Opt::Wave, 1 + (seed.0 % 20) as u32),
    // Each seed's floor (decoration, tint) takes about 5 ms to check; waves next to nothing.
    validate_cap: ValidateCap { seeds: 1_000, work: 50_000 },
};

/// The Arena's random streams (named as when every stream was one enum's variant).
#[allow(non_upper_case_globals)]
impl Subsystem {
    pub const ArenaScatter: Subsystem = Subsystem::new(MODE.rng_stream, 0x01);
    pub const ArenaFood: Subsystem = Subsystem::new(MODE.rng_stream, 0x02);
    pub const ArenaNoise: Subsystem = Subsystem::new(MODE.rng_stream, 0x03);
    pub const ArenaDecor: Subsystem = Subsystem::new(MODE.rng_stream, 0x04);
    pub const ArenaThreats: Subsystem = Subsystem::new(MODE.rng_stream, 0x05);
}

/// The Arena generator (`arena`).
pub(crate) struct ArenaGen;

/// Waves a `gen arena` may ask for: far past what a player clears. Wave `w` replays the
/// placement of the waves before it (to keep the food pity in play order), so this also bounds
/// the work.
pub(crate) const MAX_WAVE: u32 = 1_000;
/// Pixels per world unit in pictures of the shipped arena.
pub(crate) const PICTURE_SCALE: f32 = 0.5;

const OPTIONS: &[OptionSpec] =
    &[OptionSpec { option: Opt::Wave, help: "which wave, 1 the first", min: 1, max: MAX_WAVE }];
const SWEEP_OPTIONS: &[OptionSpec] =
    &[OptionSpec { option: Opt::Waves, help: "waves played per seed", min: 1, max: 50 }];

/// One arena wave, with the curve it was made on (its validator re-derives the schedule).
pub(crate) struct ArenaLevel {
    pub seed: Seed,
    pub curve: IntensityCurve,
    pub wave: ArenaWave,
    /// Whether [`Level::violations`] checks the floor (decoration and tint) too. A run's waves
    /// share one floor, made once: a sweep checks it with the run's first wave only, since the
    /// Bridson spacing check and the tint scan cost more than the wave itself.
    pub check_floor: bool,
}

impl<D: Part<ArenaTuning>> Level<D> for ArenaLevel {
    fn json(&self) -> String {
        to_json(&ArenaJson::new(self.seed, &self.wave))
    }

    fn ascii(&self) -> String {
        format!("arena, seed {}\n{}", self.seed.code(), draw_arena(&self.wave))
    }

    fn picture(&self) -> Result<Picture, RequestError> {
        let area = f64::from(self.wave.width) * f64::from(self.wave.height);
        let fit = (MAX_PICTURE_PIXELS as f64 / area.max(1.0)).sqrt() as f32;
        Ok(Picture::from_parts(arena_rgb(&self.wave, PICTURE_SCALE.min(fit))))
    }

    fn violations(&self, data: &D) -> Vec<Violation> {
        if self.check_floor {
            validate_wave(data.part(), &self.curve, &self.wave)
        } else {
            validate_play(data.part(), &self.curve, &self.wave)
        }
    }

    /// `items`, `mean_nearest` (mean distance from each item to its nearest neighbour),
    /// `hazard_share`.
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let items = &self.wave.items;
        let nearest: Vec<f64> = items
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                items
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, b)| f64::from((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).sqrt())
                    .reduce(f64::min)
            })
            .collect();
        let hazards = items.iter().filter(|i| i.kind == ItemKind::Hazard).count();
        vec![
            ("items", items.len() as f64),
            ("mean_nearest", nearest.iter().sum::<f64>() / nearest.len().max(1) as f64),
            ("hazard_share", hazards as f64 / items.len().max(1) as f64),
        ]
    }
}

impl<D: Part<ArenaTuning>> Generate<D> for ArenaGen {
    fn key(&self) -> &'static str {
        "arena"
    }

    /// Version 2 brought challenge rounds that come closer as intensity rises; version 5 the
    /// moving threats (issue #45).
    fn since_version(&self, _variant: Option<&str>) -> u8 {
        5
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn sweep_options(&self) -> &'static [OptionSpec] {
        SWEEP_OPTIONS
    }

    /// The first wave.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant).with(Opt::Wave, 1)
    }

    fn generate(&self, data: &D, request: &Request) -> Result<Box<dyn Level<D>>, RequestError> {
        let wave = generate_wave(data.part(), data.curve(), data.food(), request.seed, wave_asked(request));
        Ok(Box::new(ArenaLevel { seed: request.seed, curve: data.curve().clone(), wave, check_floor: true }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn explain(&self, data: &D, request: &Request) -> Result<Vec<crate::generate::Explained>, RequestError> {
        let mut trace = crate::generate::explain_trace();
        let wave = wave_asked(request);
        crate::arena::generate_wave_traced(data.part(), data.curve(), data.food(), request.seed, wave, &mut trace);
        crate::generate::explained(trace, "an earlier --wave")
    }

    fn sketch(&self, data: &D, request: &Request, frames: usize) -> Result<crate::generate::Sketches, RequestError> {
        let mut trace = crate::generate::explain_trace();
        let wave = wave_asked(request);
        let made =
            crate::arena::generate_wave_traced(data.part(), data.curve(), data.food(), request.seed, wave, &mut trace);
        let size = crate::arena::render::arena_size(&made, PICTURE_SCALE);
        crate::generate::sketches(trace, "an earlier --wave", frames, size, |events| {
            crate::arena::sketch_wave(events, PICTURE_SCALE)
        })
    }

    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, depth: &Request) -> Vec<Request> {
        (1..=depth.or(Opt::Waves, 5)).map(|wave| Request::new(seed, variant).with(Opt::Wave, wave)).collect()
    }

    /// One run per seed: the floor (decoration and its cosmetic tint) is made once, then each
    /// wave in play order, as the game makes them. The floor is checked once, with the first
    /// wave (every wave of the run carries the same floor).
    fn sweep(
        &self,
        data: &D,
        seed: Seed,
        variant: Option<&'static str>,
        depth: &Request,
    ) -> Result<Swept<D>, RequestError> {
        let run = ArenaGenerator::new(
            Part::<ArenaTuning>::part(data).clone(),
            data.curve().clone(),
            data.food().clone(),
            seed,
        );
        let requests = Generate::<D>::sweep_requests(self, seed, variant, depth);
        Ok(requests
            .into_iter()
            .zip(run)
            .enumerate()
            .map(|(i, (request, wave))| {
                let level: Box<dyn Level<D>> =
                    Box::new(ArenaLevel { seed, curve: data.curve().clone(), wave, check_floor: i == 0 });
                (request, level)
            })
            .collect())
    }

    /// Waves 1 to 20 of each digest seed (past the first few challenge rounds), items and decoration. The noise tint is cosmetic and
    /// left out (noise maths may differ in its last bits between platforms).
    fn digest(&self, data: &D, _variant: Option<&'static str>) -> u64 {
        let mut feed = Feed::default();
        for seed in digest_seeds() {
            let run = ArenaGenerator::new(
                Part::<ArenaTuning>::part(data).clone(),
                data.curve().clone(),
                data.food().clone(),
                seed,
            );
            for wave in run.take(20) {
                feed.f32(wave.clear_radius);
                for item in &wave.items {
                    feed.f32(item.x);
                    feed.f32(item.y);
                    feed.u64(match item.kind {
                        ItemKind::Hazard => u64::MAX,
                        ItemKind::Food(kind) => kind as u64,
                    });
                }
                for threat in &wave.threats {
                    feed_threat(&mut feed, threat);
                }
                for point in &wave.decor {
                    feed.f32(point.x);
                    feed.f32(point.y);
                }
            }
        }
        feed.finish()
    }
}

/// A threat into the digest: its kind, radius, every point and number of its motion.
fn feed_threat(feed: &mut Feed, threat: &crate::arena::Threat) {
    use crate::arena::Motion;
    feed.f32(threat.radius);
    let points = |feed: &mut Feed, points: &[crate::arena::Point]| {
        for p in points {
            feed.f32(p.x);
            feed.f32(p.y);
        }
    };
    match &threat.motion {
        Motion::Slide { path, speed, period, phase } => {
            feed.u64(1);
            points(feed, path);
            feed.f32(*speed);
            feed.u64(u64::from(*period) << 32 | u64::from(*phase));
        }
        Motion::Patrol { path, speed, period, phase } => {
            feed.u64(2);
            points(feed, path);
            feed.f32(*speed);
            feed.u64(u64::from(*period) << 32 | u64::from(*phase));
        }
        Motion::Bounce { start, velocity, speed, bounds } => {
            feed.u64(3);
            points(feed, &[*start, *velocity]);
            feed.f32(*speed);
            bounds.iter().for_each(|b| feed.f32(*b));
        }
        Motion::Pursuer { start, speed, delay } => {
            feed.u64(4);
            points(feed, &[*start]);
            feed.f32(*speed);
            feed.u64(u64::from(*delay));
        }
    }
}

/// The wave a request asks for: the first unless it says.
fn wave_asked(request: &Request) -> u32 {
    request.or(Opt::Wave, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{ArenaItem, TintField};
    use crate::{DataSet, FoodKind};

    #[test]
    fn metrics_of_a_hand_made_wave() {
        let data = DataSet::built_in();
        let mut wave = generate_wave(&data.arena, data.curve(), data.food(), Seed(1), 1);
        // Nearest neighbours: 5 (0 ↔ 1), 5 (1 ↔ 0) and 6 (2 ↔ 1).
        wave.items = vec![
            ArenaItem { x: 0.0, y: 0.0, kind: ItemKind::Hazard },
            ArenaItem { x: 3.0, y: 4.0, kind: ItemKind::Food(FoodKind::Apple) },
            ArenaItem { x: 3.0, y: 10.0, kind: ItemKind::Food(FoodKind::Cake) },
        ];
        let level = ArenaLevel { seed: Seed(1), curve: data.curve().clone(), wave, check_floor: true };
        let metrics = Level::<DataSet>::metrics(&level);
        let get = |name: &str| metrics.iter().find(|(n, _)| *n == name).map(|(_, v)| *v).unwrap();
        assert_eq!(get("items"), 3.0);
        assert!((get("mean_nearest") - 16.0 / 3.0).abs() < 1e-9);
        assert!((get("hazard_share") - 1.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn a_sweep_checks_the_runs_floor_once_with_its_first_wave() {
        let data = DataSet::built_in();
        let depth = Request::default().with(Opt::Waves, 4);
        let swept = ArenaGen.sweep(&data, Seed(3), None, &depth).unwrap();
        assert_eq!(swept.len(), 4);
        assert!(swept.iter().all(|(_, level)| level.violations(&data).is_empty()));
        // A broken floor is reported by a level that checks it, and only the floor's rules.
        let mut wave = generate_wave(&data.arena, data.curve(), data.food(), Seed(3), 2);
        wave.decor.push(wave.decor[0]);
        wave.tint = TintField { cols: 1, rows: 1, elevation: vec![2.0], moisture: vec![0.5] };
        let checked = ArenaLevel { seed: Seed(3), curve: data.curve().clone(), wave: wave.clone(), check_floor: true };
        let rules: Vec<&str> = checked.violations(&data).iter().map(|v| v.rule).collect();
        assert_eq!(rules, ["decor spacing", "tint", "tint"]);
        let skipped = ArenaLevel { check_floor: false, ..checked };
        assert!(skipped.violations(&data).is_empty());
        // …while a broken item is caught whether or not the floor is checked.
        let mut wave = skipped.wave;
        wave.items[0] = ArenaItem { x: -1e4, ..wave.items[0] };
        let rules: Vec<&str> = ArenaLevel { seed: Seed(3), curve: data.curve().clone(), wave, check_floor: false }
            .violations(&data)
            .iter()
            .map(|v| v.rule)
            .collect();
        assert_eq!(rules, ["bounds"]);
    }
}
