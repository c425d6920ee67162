//! The Flying tunnel behind the common [`Generator`](crate::generator::Generator) interface: a run of gates as one level.
//! The `squeeze` variant is the Food Tunnel.

use crate::Seed;
use crate::generate::{
    ARCADE_RUN_SECONDS, Feed, Generate, Level, MAX_VALIDATE_SEEDS, ModeSpec, Opt, OptionSpec, Part, Picture, Request,
    RequestError, ValidateCap, check_picture_size, digest_seeds, to_json,
};
use crate::physics::FlyerReach;
use crate::rng::Subsystem;
use crate::tuning::DataFile;
use crate::tunnel::treats::{treats_between, validate_treats};
use crate::tunnel::{Gate, TunnelJson, TunnelTuning, draw_tunnel, generate_gates, tunnel_rgb, validate_gates};
use crate::violation::Violation;

/// The tunnel generator (`tunnel`; variant `squeeze`, the Food Tunnel).
pub struct TunnelGen;

/// The Food Tunnel's variant name.
pub const SQUEEZE: &str = "squeeze";

/// The Flying tunnel's row in the registry.
pub const MODE: ModeSpec = ModeSpec {
    key: "tunnel",
    name: "Flying tunnel",
    generator: "tunnel",
    variant: None,
    replays: true,
    longest_run_seconds: Some(ARCADE_RUN_SECONDS),
    data_files: &[DataFile::of::<TunnelTuning>()],
    rng_stream: 0x04,
    range_pair: ("mean_gap", "max_shift"),
    range_level: |seed| Request::new(seed, None).with(Opt::Gates, 200),
    // 1,000,000 gates in 1.0 s.
    validate_cap: ValidateCap { seeds: MAX_VALIDATE_SEEDS, work: 2_000_000 },
};
/// The Food Tunnel's row: the same generator, squeezing.
pub const FOOD_TUNNEL: ModeSpec = ModeSpec {
    key: "food-tunnel",
    name: "Food Tunnel",
    variant: Some(SQUEEZE),
    range_pair: ("mean_gap", "floor_hits"),
    range_level: |seed| Request::new(seed, Some(SQUEEZE)).with(Opt::Gates, 200),
    ..MODE
};

/// The tunnel's random streams (named as when every stream was one enum's variant).
#[allow(non_upper_case_globals)]
impl Subsystem {
    pub const TunnelGates: Subsystem = Subsystem::new(MODE.rng_stream, 0x01);
    pub const TunnelStars: Subsystem = Subsystem::new(MODE.rng_stream, 0x02);
    /// The Food Tunnel's treats, indexed by the gate after each (`tunnel::treats`).
    pub const TunnelTreats: Subsystem = Subsystem::new(MODE.rng_stream, 0x03);
}
/// Gates a `gen tunnel` may ask for: hours of flying.
pub(crate) const MAX_GATES: u32 = 20_000;
/// Pixels per world unit in pictures.
pub(crate) const PICTURE_SCALE: f32 = 0.25;

const OPTIONS: &[OptionSpec] = &[OptionSpec { option: Opt::Gates, help: "how many gates", min: 1, max: MAX_GATES }];
const SWEEP_OPTIONS: &[OptionSpec] =
    &[OptionSpec { option: Opt::Gates, help: "gates generated per seed", min: 2, max: 2_000 }];

/// A run of gates.
pub(crate) struct TunnelLevel {
    pub seed: Seed,
    pub tuning: TunnelTuning,
    pub reach: FlyerReach,
    pub squeeze: bool,
    pub gates: Vec<Gate>,
}

impl<D> Level<D> for TunnelLevel {
    fn json(&self) -> String {
        let treats = if self.squeeze { treats_between(self.seed, &self.gates) } else { Vec::new() };
        to_json(&TunnelJson { treats, ..TunnelJson::new(self.seed, &self.tuning, &self.gates) })
    }

    fn ascii(&self) -> String {
        format!("tunnel, seed {}\n{}", self.seed.code(), draw_tunnel(&self.gates, self.tuning.screen_height))
    }

    fn picture(&self) -> Result<Picture, RequestError> {
        let width = (self.gates.last().map_or(0.0, |g| g.x) + 100.0) * PICTURE_SCALE;
        let height = self.tuning.screen_height * PICTURE_SCALE;
        let gates = (Opt::Gates, self.gates.len() as u64);
        check_picture_size(width as u64, height as u64, &format!("{} gates", self.gates.len()), gates)?;
        Ok(Picture::from_parts(tunnel_rgb(&self.gates, self.tuning.screen_height, PICTURE_SCALE)))
    }

    fn violations(&self, _data: &D) -> Vec<Violation> {
        let mut found = validate_gates(&self.tuning, &self.reach, &self.gates, self.squeeze);
        if self.squeeze {
            found.extend(validate_treats(&self.tuning, &self.gates, &treats_between(self.seed, &self.gates)));
        }
        found
    }

    /// `mean_gap`, `max_shift` (the largest move between gap centres over its cap, at most 1),
    /// `floor_hits` (gates squeezed down to the floor).
    fn metrics(&self) -> Vec<(&'static str, f64)> {
        let n = self.gates.len().max(1) as f64;
        let max_shift = self
            .gates
            .windows(2)
            .map(|pair| {
                let cap = self.tuning.shift_cap(pair[1].spacing).max(1e-6);
                f64::from((pair[1].gap_center - pair[0].gap_center).abs() / cap)
            })
            .fold(0.0, f64::max);
        let floor = self.tuning.squeeze_floor;
        let hits = if self.squeeze { self.gates.iter().filter(|g| g.gap_height <= floor).count() } else { 0 };
        vec![
            ("mean_gap", self.gates.iter().map(|g| f64::from(g.gap_height)).sum::<f64>() / n),
            ("max_shift", max_shift),
            ("floor_hits", hits as f64),
        ]
    }
}

impl<D: Part<TunnelTuning>> Generate<D> for TunnelGen {
    fn key(&self) -> &'static str {
        "tunnel"
    }

    fn variants(&self) -> &'static [&'static str] {
        &[SQUEEZE]
    }

    /// Version 2 squeezes by intensity instead of by gate number; version 5 puts a treat between
    /// each two gates (issue #45); the plain tunnel is unchanged.
    fn since_version(&self, variant: Option<&str>) -> u8 {
        if variant == Some(SQUEEZE) { 5 } else { 1 }
    }

    fn options(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn sweep_options(&self) -> &'static [OptionSpec] {
        SWEEP_OPTIONS
    }

    /// The first gates: as many as a screen or two of flying, so the gaps stay readable when
    /// the picture is scaled into the preview.
    fn preview_request(&self, seed: Seed, variant: Option<&'static str>) -> Request {
        Request::new(seed, variant).with(Opt::Gates, 8)
    }

    fn generate(&self, data: &D, request: &Request) -> Result<Box<dyn Level<D>>, RequestError> {
        let squeeze = request.variant == Some(SQUEEZE);
        let tuning: &TunnelTuning = data.part();
        let reach = FlyerReach::of(tuning);
        let count = gates_asked(request);
        let gates = generate_gates(tuning, data.curve(), reach, request.seed, count, squeeze);
        Ok(Box::new(TunnelLevel { seed: request.seed, tuning: tuning.clone(), reach, squeeze, gates }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn explain(&self, data: &D, request: &Request) -> Result<Vec<crate::generate::Explained>, RequestError> {
        let (tuning, squeeze): (&TunnelTuning, bool) = (data.part(), request.variant == Some(SQUEEZE));
        let mut trace = crate::generate::explain_trace();
        let count = gates_asked(request);
        let reach = FlyerReach::of(tuning);
        crate::tunnel::generate_gates_traced(tuning, data.curve(), reach, request.seed, count, squeeze, &mut trace);
        crate::generate::explained(trace, "fewer --gates")
    }

    fn sketch(&self, data: &D, request: &Request, frames: usize) -> Result<crate::generate::Sketches, RequestError> {
        let (tuning, squeeze): (&TunnelTuning, bool) = (data.part(), request.variant == Some(SQUEEZE));
        let mut trace = crate::generate::explain_trace();
        let count = gates_asked(request);
        let reach = FlyerReach::of(tuning);
        let gates =
            crate::tunnel::generate_gates_traced(tuning, data.curve(), reach, request.seed, count, squeeze, &mut trace);
        let size = crate::tunnel::render::tunnel_size(&gates, tuning.screen_height, PICTURE_SCALE);
        crate::generate::sketches(trace, "fewer --gates", frames, size, |events| {
            crate::tunnel::sketch_gates(events, PICTURE_SCALE)
        })
    }

    fn sweep_requests(&self, seed: Seed, variant: Option<&'static str>, depth: &Request) -> Vec<Request> {
        vec![Request::new(seed, variant).with(Opt::Gates, depth.or(Opt::Gates, 200))]
    }

    /// 80 gates of each digest seed.
    fn digest(&self, data: &D, variant: Option<&'static str>) -> u64 {
        let squeeze = variant == Some(SQUEEZE);
        let tuning: &TunnelTuning = data.part();
        let mut feed = Feed::default();
        for seed in digest_seeds() {
            let gates = generate_gates(tuning, data.curve(), FlyerReach::of(tuning), seed, 80, squeeze);
            for gate in &gates {
                for value in [gate.x, gate.gap_center, gate.gap_height, gate.spacing, gate.intensity] {
                    feed.f32(value);
                }
            }
            // The Food Tunnel's treats (none in the Flying tunnel, whose digest is as before).
            for treat in treats_between(seed, &gates).iter().filter(|_| squeeze) {
                feed.f32(treat.x);
                feed.f32(treat.y);
                feed.f32(f32::from(treat.look));
            }
        }
        feed.finish()
    }
}

/// The gates a request asks for: 20 unless it says.
fn gates_asked(request: &Request) -> usize {
    request.or(Opt::Gates, 20) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DataSet;

    /// Issue #51, 8: `explain tunnel --gates 20000 --format png` drew the whole tunnel (746 MB)
    /// before refusing its size; the size is now worked out from the gates, nothing drawn.
    #[test]
    fn a_picture_too_large_to_hold_is_refused_before_it_is_drawn() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        let data = DataSet::built_in();
        let tuning = &data.tunnel;
        let mut trace = crate::generate::explain_trace();
        let reach = FlyerReach::of(tuning);
        let gates =
            crate::tunnel::generate_gates_traced(tuning, data.curve(), reach, Seed(1), 20_000, false, &mut trace);
        let size = crate::tunnel::render::tunnel_size(&gates, tuning.screen_height, PICTURE_SCALE);
        let drawn = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&drawn);
        let result = crate::generate::sketches(trace, "fewer --gates", 2, size, move |_| {
            seen.store(true, Ordering::SeqCst);
            Err(crate::trace::ReplayError::new(0, "drawn"))
        });
        let Err(error) = result else { panic!("20,000 gates fit a frame") };
        assert!(error.0.contains("a frame may hold") && error.0.contains("--gates"), "{}", error.0);
        assert!(!drawn.load(Ordering::SeqCst), "nothing is drawn to learn the size");
        // The size worked out is the size drawn.
        let few = &gates[..5];
        let (w, h, _) = crate::tunnel::tunnel_rgb(few, tuning.screen_height, PICTURE_SCALE);
        let worked_out = crate::tunnel::render::tunnel_size(few, tuning.screen_height, PICTURE_SCALE);
        assert_eq!(worked_out, (u64::from(w), u64::from(h)));
    }

    fn gate(index: u32, gap_center: f32, gap_height: f32) -> Gate {
        Gate { index, x: 400.0 * index as f32, gap_center, gap_height, spacing: 200.0, intensity: 0.5 }
    }

    #[test]
    fn metrics_of_hand_made_gates() {
        let data = DataSet::built_in();
        let tuning = data.tunnel.clone();
        let floor = tuning.squeeze_floor;
        let gates = vec![gate(0, 300.0, 150.0), gate(1, 350.0, 100.0), gate(2, 250.0, floor)];
        let level =
            TunnelLevel { seed: Seed(1), tuning: tuning.clone(), reach: data.flyer_reach(), squeeze: true, gates };
        let metrics = Level::<DataSet>::metrics(&level);
        let get = |name: &str| metrics.iter().find(|(n, _)| *n == name).map(|(_, v)| *v).unwrap();
        assert!((get("mean_gap") - f64::from((250.0 + floor) / 3.0)).abs() < 1e-4);
        // The biggest move is 100 (350 down to 250), over the cap at a spacing of 200.
        assert!((get("max_shift") - f64::from(100.0 / tuning.shift_cap(200.0))).abs() < 1e-6);
        assert_eq!(get("floor_hits"), 1.0);
        let plain = TunnelLevel { squeeze: false, ..level };
        assert_eq!(
            Level::<DataSet>::metrics(&plain).iter().find(|(n, _)| *n == "floor_hits").map(|(_, v)| *v),
            Some(0.0)
        );
    }
}
