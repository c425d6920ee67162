//! The Arena: waves of food and hazards scattered around the player on an open floor, with
//! Poisson-disk decoration and a noise tint.
//!
//! - [`scatter`](mod@scatter): rejection sampling and Bridson's Poisson-disk sampling behind one function;
//! - [`tuning`]: the designer numbers; [`tint`]: the cosmetic noise fields;
//! - [`validate`]: re-checks every promise; [`render`]: text and RGB pictures;
//! - [`explain`]: the events the generator narrates; [`rebuild`]: the wave made from them alone.
//!
//! - [`motion`]: the moving threats and where they are at a step; [`threats`]: placing them;
//!   [`fair`]: their independent check; [`threat_tuning`]: their numbers' checks.
//!
//! Streams, so that no part moves another: item positions come from `ArenaScatter` indexed by
//! the wave, so wave 7 is placed the same whatever came before; its moving threats likewise from
//! `ArenaThreats`, indexed by the wave, drawn after the items (which they keep clear of). The floor — decoration from
//! `ArenaDecor`, tint from `ArenaNoise`, both index 0 — belongs to the run: the player stays in
//! one arena, so it is the same under every wave (and made once per run). Which food appears
//! comes from one `ArenaFood` stream (index 0) consumed wave after wave through a [`FoodPicker`],
//! so the pity rule holds across waves in play order: [`ArenaGenerator`] yields waves in that
//! order, and [`generate_wave`] gives random access by replaying the earlier waves' placement
//! (no floor) to advance the picker — O(wave) scatters, each a few microseconds.
//!
//! Coordinates are world units from the arena's bottom-left corner, y up.

pub mod explain;
pub mod fair;
pub mod level;
pub mod motion;
pub mod rebuild;
pub mod render;
pub mod scatter;
pub mod threat_tuning;
pub mod threats;
pub mod tint;
pub mod tuning;
pub mod validate;

use rand_chacha::ChaCha8Rng;
use serde::{Serialize, Serializer};

pub use explain::ArenaStep;
pub use fair::{MAX_THREAT_SPEED_SHARE, validate_threats};
pub use motion::{Motion, Threat, pursue};
pub use rebuild::{rebuild_wave, sketch_wave};
pub use render::{arena_rgb, draw_arena};
pub use scatter::{Area, KeepOut, Point, Rules, Sampler, Scatter, scatter, scatter_traced};
pub use tint::{TintField, tint_field};
pub use tuning::{ArenaTuning, MAX_DECOR, MAX_ITEMS};
pub use validate::{Violation, validate_floor, validate_play, validate_wave};

use crate::Seed;
use crate::food::{FoodKind, FoodPicker, FoodTable};
use crate::intensity::IntensityCurve;
use crate::rng::{ReadAhead, Subsystem, stream};
use crate::trace::{NoTrace, Trace};

/// What an item is. Serializes as a string: the food's name (`"apple"`) or `"hazard"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    Food(FoodKind),
    Hazard,
}

impl Serialize for ItemKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            // FoodKind serializes as its snake_case name.
            ItemKind::Food(kind) => kind.serialize(serializer),
            ItemKind::Hazard => serializer.serialize_str("hazard"),
        }
    }
}

/// One item on the floor, its centre in world units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ArenaItem {
    pub x: f32,
    pub y: f32,
    pub kind: ItemKind,
}

/// One generated wave.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaWave {
    /// From 1.
    pub wave: u32,
    /// The intensity the wave was made for (from the shared curve).
    pub intensity: f32,
    pub challenge: bool,
    pub width: f32,
    pub height: f32,
    /// Where the player starts: the centre. Serializes as `[x, y]`.
    pub player: (f32, f32),
    /// No item's centre is closer than this to the player's start.
    pub clear_radius: f32,
    pub min_spacing: f32,
    /// Items asked for; a crowded field places fewer.
    pub items_requested: usize,
    /// Candidate positions tried, at most `items_requested × max_attempts`.
    pub attempts_used: u64,
    /// Hazards first, then food, in the order they were placed.
    pub items: Vec<ArenaItem>,
    /// The hazards that move: moving pans (slide, patrol, bounce) first, then pursuers, each
    /// with its path or motion rule.
    pub threats: Vec<Threat>,
    /// Floor decoration, Poisson-disk points at least `decor_spacing` apart; the same every wave
    /// of a run.
    pub decor: Vec<Point>,
    /// The floor tint, the same every wave of a run. Cosmetic: never pinned by a golden test or
    /// digest.
    pub tint: TintField,
}

impl ArenaWave {
    pub fn hazards(&self) -> usize {
        self.items.iter().filter(|i| i.kind == ItemKind::Hazard).count()
    }

    /// The foods of the wave, in order.
    pub fn foods(&self) -> impl Iterator<Item = FoodKind> + '_ {
        self.items.iter().filter_map(|i| match i.kind {
            ItemKind::Food(kind) => Some(kind),
            ItemKind::Hazard => None,
        })
    }
}

/// The JSON document the CLI prints for a wave; its field names are a stable interface. The
/// decoration and tint are left out (the tint is cosmetic and may differ in its last bits).
#[derive(Clone, Debug, Serialize)]
pub struct ArenaJson<'a> {
    pub seed: String,
    pub mode: &'static str,
    pub wave: u32,
    pub width: f32,
    pub height: f32,
    pub player: (f32, f32),
    pub clear_radius: f32,
    pub min_spacing: f32,
    pub items: &'a [ArenaItem],
    /// Every moving hazard with its motion: `kind`, and `path`, `speed`, `period` and `phase`
    /// (slide, patrol), `start`, `velocity`, `speed` and `bounds` (bounce) or `start`, `speed`
    /// and `delay` (pursuer); periods, phases and delays in fixed steps of 1/60 s.
    pub threats: &'a [Threat],
}

impl<'a> ArenaJson<'a> {
    /// The document for `wave` of `seed` (the seed shown as its code).
    pub fn new(seed: Seed, wave: &'a ArenaWave) -> ArenaJson<'a> {
        ArenaJson {
            seed: seed.code().to_string(),
            mode: "arena",
            wave: wave.wave,
            width: wave.width,
            height: wave.height,
            player: wave.player,
            clear_radius: wave.clear_radius,
            min_spacing: wave.min_spacing,
            items: &wave.items,
            threats: &wave.threats,
        }
    }
}

/// Where a wave's items stand, before food is chosen: a pure function of (tuning, curve, seed,
/// wave), drawn from the wave's `ArenaScatter` stream only.
struct Placement {
    intensity: f32,
    challenge: bool,
    clear_radius: f32,
    requested: usize,
    hazards: usize,
    scatter: Scatter,
}

fn place<T: Trace<ArenaStep>>(
    tuning: &ArenaTuning,
    curve: &IntensityCurve,
    seed: Seed,
    wave: u32,
    trace: &mut T,
) -> Placement {
    trace.note(|| ArenaStep::Rules { tuning: tuning.clone() });
    let intensity = tuning.intensity_at(curve, wave);
    trace.note(|| ArenaStep::Wave { wave, progress: wave as f32 / tuning.waves_per_step, intensity });
    let challenge = tuning.is_challenge(curve, wave);
    trace.note(|| challenge_step(tuning, curve, wave, challenge));
    let clear_radius = tuning.clear_radius_at(intensity, challenge);
    let requested = tuning.items_at(intensity);
    trace.note(|| ArenaStep::Items { intensity, items_min: tuning.items_min, items_max: tuning.items_max, requested });
    trace.note(|| ArenaStep::ClearRadius { intensity, challenge, radius: clear_radius });
    let (px, py) = tuning.player();
    let rules = Rules {
        min_spacing: tuning.min_spacing,
        keep_out: Some(KeepOut { centre: Point { x: px, y: py }, radius: clear_radius }),
        max_points: requested,
    };
    let sampler = Sampler::Rejection { max_attempts: tuning.max_attempts };
    let area = tuning.item_area();
    trace.note(|| ArenaStep::Scatter {
        area: [area.x0, area.y0, area.x1, area.y1],
        item_radius: tuning.item_radius,
        min_spacing: tuning.min_spacing,
        centre: Point { x: px, y: py },
        radius: clear_radius,
        requested,
        max_attempts: tuning.max_attempts,
    });
    let scatter = scatter_traced(area, &rules, sampler, &mut stream(seed, Subsystem::ArenaScatter, wave), trace);
    let hazards = tuning.hazards_among(scatter.points.len(), intensity, challenge);
    trace.note(|| ArenaStep::Hazards {
        placed: scatter.points.len(),
        intensity,
        challenge,
        share: tuning.hazard_share_at(intensity, challenge),
        hazards,
    });
    Placement { intensity, challenge, clear_radius, requested, hazards, scatter }
}

/// The challenge rule's narration: the rounds before and from `wave`, walked as
/// [`ArenaTuning::is_challenge`] walks them (only when someone listens).
fn challenge_step(tuning: &ArenaTuning, curve: &IntensityCurve, wave: u32, challenge: bool) -> ArenaStep {
    let (mut previous, mut next) = (0u64, 0u64);
    if tuning.challenge_every_start != 0 {
        while next < u64::from(wave) {
            previous = next;
            let after = u32::try_from(next + 1).unwrap_or(u32::MAX);
            next += u64::from(tuning.challenge_interval(tuning.intensity_at(curve, after)));
        }
    }
    ArenaStep::Challenge {
        wave,
        every_start: tuning.challenge_every_start,
        every_end: tuning.challenge_every_end,
        previous,
        next,
        interval: u32::try_from(next - previous).unwrap_or(u32::MAX),
        challenge,
    }
}

/// Produces a run's waves in play order (1, 2, 3 …), keeping the food pity across waves.
#[derive(Clone, Debug)]
pub struct ArenaGenerator {
    tuning: ArenaTuning,
    curve: IntensityCurve,
    seed: Seed,
    food_rng: ChaCha8Rng,
    picker: FoodPicker,
    /// The wave `next_wave` returns; u64 so the iterator can end after wave u32::MAX.
    next: u64,
    /// The run's floor (decoration, tint), made with the first wave.
    floor: Option<(Vec<Point>, TintField)>,
}

impl ArenaGenerator {
    /// A run from wave 1.
    pub fn new(tuning: ArenaTuning, curve: IntensityCurve, food: FoodTable, seed: Seed) -> ArenaGenerator {
        ArenaGenerator {
            tuning,
            curve,
            seed,
            food_rng: stream(seed, Subsystem::ArenaFood, 0),
            picker: FoodPicker::new(food),
            next: 1,
            floor: None,
        }
    }

    /// A run whose next wave is `wave` (0 is read as 1), with the food picker exactly where
    /// playing waves 1 to `wave − 1` left it: their placement is replayed, their decoration
    /// and tint skipped.
    pub fn from_wave(
        tuning: ArenaTuning,
        curve: IntensityCurve,
        food: FoodTable,
        seed: Seed,
        wave: u32,
    ) -> ArenaGenerator {
        let mut generator = ArenaGenerator::new(tuning, curve, food, seed);
        for w in 1..wave.max(1) {
            let placed = place(&generator.tuning, &generator.curve, seed, w, &mut NoTrace);
            for _ in placed.hazards..placed.scatter.points.len() {
                generator.picker.pick(&mut generator.food_rng);
            }
        }
        generator.next = u64::from(wave.max(1));
        generator
    }

    pub fn tuning(&self) -> &ArenaTuning {
        &self.tuning
    }

    /// The number of the wave `next_wave` returns.
    pub fn next_number(&self) -> u64 {
        self.next
    }

    /// The next wave. Panics after wave u32::MAX (the iterator ends there instead).
    pub fn next_wave(&mut self) -> ArenaWave {
        self.next_wave_traced(&mut NoTrace)
    }

    /// [`ArenaGenerator::next_wave`], narrating each decision to `trace` (the rules first, each
    /// wave: a wave's events rebuild it on their own): the same wave, bit for bit.
    pub fn next_wave_traced<T: Trace<ArenaStep>>(&mut self, trace: &mut T) -> ArenaWave {
        let wave = u32::try_from(self.next).expect("an arena run ends after wave u32::MAX");
        self.next += 1;
        let tuning = &self.tuning;
        let placed = place(tuning, &self.curve, self.seed, wave, trace);
        let items: Vec<ArenaItem> = placed
            .scatter
            .points
            .iter()
            .enumerate()
            .map(|(index, &point)| {
                let kind = if index < placed.hazards {
                    trace.note(|| ArenaStep::Hazard { index, point });
                    ItemKind::Hazard
                } else {
                    let (kind, pity) = self.picker.pick_why(&mut self.food_rng);
                    trace.note(|| ArenaStep::Food { index, point, kind, pity });
                    ItemKind::Food(kind)
                };
                ArenaItem { x: point.x, y: point.y, kind }
            })
            .collect();
        let threats = wave_threats(&self.tuning, &placed, &items, self.seed, wave, trace);
        let (seed, tuning) = (self.seed, &self.tuning);
        let fresh = self.floor.is_none();
        let (decor, tint) = self.floor.get_or_insert_with(|| (decor_points(tuning, seed), tint_field(tuning, seed)));
        let (spacing, attempts_per_point) = (tuning.decor_spacing, tuning.decor_attempts);
        trace.note(|| ArenaStep::Decor { fresh, spacing, attempts_per_point, points: decor.clone() });
        trace.note(|| ArenaStep::Tint { fresh, field: tint.clone() });
        let (decor, tint) = (decor.clone(), tint.clone());
        ArenaWave {
            wave,
            intensity: placed.intensity,
            challenge: placed.challenge,
            width: tuning.width,
            height: tuning.height,
            player: tuning.player(),
            clear_radius: placed.clear_radius,
            min_spacing: tuning.min_spacing,
            items_requested: placed.requested,
            attempts_used: placed.scatter.attempts,
            items,
            threats,
            decor,
            tint,
        }
    }
}

/// The wave's moving threats, from its own `ArenaThreats` stream, placed round its items.
fn wave_threats<T: Trace<ArenaStep>>(
    tuning: &ArenaTuning,
    placed: &Placement,
    items: &[ArenaItem],
    seed: Seed,
    wave: u32,
    trace: &mut T,
) -> Vec<Threat> {
    let (movers, pursuers) = (tuning.movers_at(placed.intensity), tuning.pursuers_at(placed.intensity));
    let field = threats::Field { tuning, intensity: placed.intensity, clear_radius: placed.clear_radius, items };
    let threats = threats::place_threats(&field, movers, pursuers, &mut stream(seed, Subsystem::ArenaThreats, wave));
    trace.note(|| ArenaStep::Threats { intensity: placed.intensity, movers, pursuers, threats: threats.clone() });
    threats
}

/// The floor decoration of a run: Bridson's Poisson-disk fill of the whole floor at
/// `decor_spacing` (at most [`MAX_DECOR`] points), from the `ArenaDecor` stream, index 0.
///
/// ```
/// use seedfeast_procgen::{Seed, arena::{ArenaTuning, decor_points}};
/// let tuning = ArenaTuning::default();
/// let decor = decor_points(&tuning, Seed(4));
/// assert!(decor.len() > 750 && decor.len() < 1500, "{}", decor.len());
/// assert_eq!(decor, decor_points(&tuning, Seed(4)));
/// ```
pub fn decor_points(tuning: &ArenaTuning, seed: Seed) -> Vec<Point> {
    let rules = Rules { min_spacing: tuning.decor_spacing, keep_out: None, max_points: MAX_DECOR };
    let sampler = Sampler::Bridson { attempts_per_point: tuning.decor_attempts };
    let mut rng = stream(seed, Subsystem::ArenaDecor, 0);
    // Tens of thousands of draws: read ahead, the same draws without the stream's bookkeeping.
    scatter(tuning.floor_area(), &rules, sampler, &mut ReadAhead::new(&mut rng)).points
}

impl Iterator for ArenaGenerator {
    type Item = ArenaWave;

    fn next(&mut self) -> Option<ArenaWave> {
        (self.next <= u64::from(u32::MAX)).then(|| self.next_wave())
    }
}

/// Wave `wave` (from 1; 0 is read as 1) of `seed`, the same as the `wave`-th wave an
/// [`ArenaGenerator`] yields. The tuning should be valid ([`ArenaTuning::validate`]); any tuning
/// returns promptly without panicking: a crowded or impossible field just holds fewer items.
///
/// ```
/// use seedfeast_procgen::{FoodTable, IntensityCurve, Seed};
/// use seedfeast_procgen::arena::{ArenaGenerator, ArenaTuning, generate_wave, validate_wave};
/// let (tuning, curve, food) = (ArenaTuning::default(), IntensityCurve::default(), FoodTable::default());
/// let wave = generate_wave(&tuning, &curve, &food, Seed(7), 3);
/// assert_eq!((wave.wave, wave.challenge, wave.player), (3, false, (600.0, 340.0)));
/// assert_eq!(wave.items.len(), wave.items_requested);
/// assert!(validate_wave(&tuning, &curve, &wave).is_empty());
/// let mut run = ArenaGenerator::new(tuning.clone(), curve.clone(), food.clone(), Seed(7));
/// assert_eq!(run.nth(2), Some(wave));
/// assert!(generate_wave(&tuning, &curve, &food, Seed(7), 5).challenge);
/// ```
pub fn generate_wave(
    tuning: &ArenaTuning,
    curve: &IntensityCurve,
    food: &FoodTable,
    seed: Seed,
    wave: u32,
) -> ArenaWave {
    generate_wave_traced(tuning, curve, food, seed, wave, &mut NoTrace)
}

/// [`generate_wave`], narrating the wave's decisions to `trace` (the earlier waves it replays to
/// bring the food picker along are not narrated: only the pity counts they leave, which the
/// `food` events show): the same wave, bit for bit.
pub fn generate_wave_traced<T: Trace<ArenaStep>>(
    tuning: &ArenaTuning,
    curve: &IntensityCurve,
    food: &FoodTable,
    seed: Seed,
    wave: u32,
    trace: &mut T,
) -> ArenaWave {
    ArenaGenerator::from_wave(tuning.clone(), curve.clone(), food.clone(), seed, wave).next_wave_traced(trace)
}
