//! What the Arena's generator says while it makes a wave ([`ArenaStep`]): the tuning it reads,
//! the wave's intensity, whether it is a challenge round, how many items it asks for and how wide
//! the player's clear circle is; then the scatter candidate by candidate (accepted, too close to
//! an item already placed, inside the clear circle, or the item given up when its tries run out);
//! then how many of the placed items are hazards, which food each other item is and why, and the
//! run's floor (its decoration and tint). Every number is the one the generator used;
//! [`crate::arena::rebuild`] makes the wave again from these events alone.

use serde::Serialize;

use crate::arena::{ArenaTuning, Point, Threat, TintField};
use crate::food::FoodKind;
use crate::trace::Step;

/// One decision of the Arena's generator, in the order made. Serialized with its rule's name in
/// a `rule` field (`{"rule": "too-close", …}`); positions are world units from the bottom-left.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum ArenaStep {
    /// First, once a wave: the tuning every later rule reads (the arena's size, spacing, clear
    /// radii, item counts, hazard shares, challenge rounds, the floor's fill and tint).
    Rules { tuning: ArenaTuning },
    /// The wave and its intensity: the shared curve at `progress` = wave / waves per step.
    Wave { wave: u32, progress: f32, intensity: f32 },
    /// Challenge rounds come every `interval` waves (from `every_start` at intensity 0 to
    /// `every_end` at 1, by the intensity of the wave after the last round): the last round
    /// before this wave was `previous` (0: none yet), the next from here is `next`; the wave is
    /// one when `next` is the wave. With `every_start` 0 there are none (`next` 0).
    Challenge { wave: u32, every_start: u32, every_end: u32, previous: u64, next: u64, interval: u32, challenge: bool },
    /// Items asked for: `items_min` to `items_max` by intensity, rounded.
    Items { intensity: f32, items_min: u32, items_max: u32, requested: usize },
    /// The player's clear circle: `clear_radius`, or in a challenge round growing with intensity.
    ClearRadius { intensity: f32, challenge: bool, radius: f32 },
    /// The scatter's rules: `requested` items, each with up to `max_attempts` uniform candidates
    /// in `area` (the arena less `item_radius` each side, `[x0, y0, x1, y1]`), at least
    /// `min_spacing` apart and at least `radius` from the player at `centre`.
    Scatter {
        area: [f32; 4],
        item_radius: f32,
        min_spacing: f32,
        centre: Point,
        radius: f32,
        requested: usize,
        max_attempts: u32,
    },
    /// A candidate that keeps every rule: item `index` of those placed (slot `slot`, try `attempt`).
    Accepted { slot: usize, attempt: u32, point: Point, index: usize },
    /// A candidate closer than `min_spacing` to placed item `near` (the nearest, `distance` away).
    TooClose { slot: usize, attempt: u32, point: Point, near: usize, distance: f32, min_spacing: f32 },
    /// A candidate inside the player's clear circle, `distance` from its centre.
    InClearRadius { slot: usize, attempt: u32, point: Point, distance: f32, radius: f32 },
    /// Every try of slot `slot` was refused: the item is given up (a crowded field holds fewer).
    GaveUp { slot: usize, max_attempts: u32 },
    /// Hazards among the `placed` items: round(placed × share), leaving at least one food; the
    /// share runs from `hazard_share_min` to `hazard_share_max` by intensity, plus the bonus in a
    /// challenge round, at most 1.
    Hazards { placed: usize, intensity: f32, challenge: bool, share: f32, hazards: usize },
    /// A placed item made a hazard (the first `hazards` placed).
    Hazard { index: usize, point: Point },
    /// A placed item made food: drawn by the food table's weights, or forced by its pity rule
    /// (`pity`: the entry appears at least once in every that many picks, counted across waves).
    Food { index: usize, point: Point, kind: FoodKind, pity: Option<u32> },
    /// The wave's moving threats: `movers` moving pans and `pursuers` pursuers asked for at
    /// `intensity` (from the tuning's ranges), and those placed, each with its motion; a track
    /// with no room falls back to a bounce, a threat with none is left out.
    Threats { intensity: f32, movers: usize, pursuers: usize, threats: Vec<Threat> },
    /// The floor's decoration: Bridson's Poisson-disk fill of the whole floor at `spacing`, trying
    /// `attempts_per_point` candidates around each point; made with the run's first wave
    /// (`fresh`) and kept under every later one.
    Decor { fresh: bool, spacing: f32, attempts_per_point: u32, points: Vec<Point> },
    /// The floor's tint: two fields of fractal noise on a grid (cosmetic), made and kept as the
    /// decoration is.
    Tint { fresh: bool, field: TintField },
}

fn at(p: &Point) -> String {
    format!("({:.0}, {:.0})", p.x, p.y)
}

impl Step for ArenaStep {
    fn rule(&self) -> &'static str {
        match self {
            ArenaStep::Rules { .. } => "rules",
            ArenaStep::Wave { .. } => "wave",
            ArenaStep::Challenge { .. } => "challenge",
            ArenaStep::Items { .. } => "items",
            ArenaStep::ClearRadius { .. } => "clear-radius",
            ArenaStep::Scatter { .. } => "scatter",
            ArenaStep::Accepted { .. } => "accepted",
            ArenaStep::TooClose { .. } => "too-close",
            ArenaStep::InClearRadius { .. } => "in-clear-radius",
            ArenaStep::GaveUp { .. } => "gave-up",
            ArenaStep::Hazards { .. } => "hazards",
            ArenaStep::Hazard { .. } => "hazard",
            ArenaStep::Food { .. } => "food",
            ArenaStep::Threats { .. } => "threats",
            ArenaStep::Decor { .. } => "decor",
            ArenaStep::Tint { .. } => "tint",
        }
    }

    fn caption(&self) -> String {
        match self {
            ArenaStep::Rules { .. }
            | ArenaStep::Wave { .. }
            | ArenaStep::Challenge { .. }
            | ArenaStep::Items { .. }
            | ArenaStep::ClearRadius { .. } => self.plan_caption(),
            ArenaStep::Scatter { .. }
            | ArenaStep::Accepted { .. }
            | ArenaStep::TooClose { .. }
            | ArenaStep::InClearRadius { .. }
            | ArenaStep::GaveUp { .. } => self.scatter_caption(),
            ArenaStep::Hazards { .. }
            | ArenaStep::Hazard { .. }
            | ArenaStep::Food { .. }
            | ArenaStep::Threats { .. }
            | ArenaStep::Decor { .. }
            | ArenaStep::Tint { .. } => self.dressing_caption(),
        }
    }
}

impl ArenaStep {
    /// The caption of a step of the wave's plan: its rules, intensity, challenge verdict, items
    /// and clear circle.
    fn plan_caption(&self) -> String {
        match self {
            ArenaStep::Rules { tuning: t } => format!(
                "rules: a {} × {} arena, items {} to {} at least {} apart and {} from the player (up to {} in a \
                 challenge round), {} tries each; hazards {:.0}% to {:.0}% (+{:.0}% in a challenge)",
                t.width,
                t.height,
                t.items_min,
                t.items_max,
                t.min_spacing,
                t.clear_radius,
                t.challenge_clear_radius,
                t.max_attempts,
                t.hazard_share_min * 100.0,
                t.hazard_share_max * 100.0,
                t.challenge_hazard_bonus * 100.0
            ),
            ArenaStep::Wave { wave, progress, intensity } => {
                format!("wave {wave}: intensity {intensity:.2} (the curve at {progress:.2})")
            }
            ArenaStep::Challenge { wave, every_start, every_end, previous, next, interval, challenge } => {
                if *every_start == 0 {
                    return format!("challenge: no challenge rounds, wave {wave} is a plain one");
                }
                let after =
                    if *previous == 0 { "the start".to_string() } else { format!("the round at wave {previous}") };
                let verdict = if *challenge { "a challenge round" } else { "a plain wave" };
                format!(
                    "challenge: rounds every {every_start} to {every_end} waves by intensity; {interval} after \
                     {after} comes wave {next}: wave {wave} is {verdict}"
                )
            }
            ArenaStep::Items { intensity, items_min, items_max, requested } => {
                format!("items: {items_min} to {items_max} at intensity {intensity:.2} → {requested}")
            }
            ArenaStep::ClearRadius { intensity, challenge, radius } => {
                if *challenge {
                    format!(
                        "clear radius: a challenge round at intensity {intensity:.2} → {radius:.1} around the player"
                    )
                } else {
                    format!("clear radius: {radius} around the player")
                }
            }
            _ => unreachable!("only the plan's steps come here"),
        }
    }

    /// The caption of a step of the scatter: its rules and each candidate's verdict.
    fn scatter_caption(&self) -> String {
        match self {
            ArenaStep::Scatter { area, min_spacing, radius, requested, max_attempts, .. } => format!(
                "scatter: {requested} items in [{:.0}, {:.0}] × [{:.0}, {:.0}], at least {min_spacing} apart and {radius:.1} \
                 from the player, {max_attempts} tries each",
                area[0], area[2], area[1], area[3]
            ),
            ArenaStep::Accepted { slot, attempt, point, index } => {
                format!(
                    "item {}, try {}: {} keeps every rule: placed as item {}",
                    slot + 1,
                    attempt + 1,
                    at(point),
                    index + 1
                )
            }
            ArenaStep::TooClose { slot, attempt, point, near, distance, min_spacing } => format!(
                "item {}, try {}: {} is {distance:.1} from item {} < {min_spacing}: too close",
                slot + 1,
                attempt + 1,
                at(point),
                near + 1
            ),
            ArenaStep::InClearRadius { slot, attempt, point, distance, radius } => format!(
                "item {}, try {}: {} is {distance:.1} from the player < {radius:.1}: inside the clear circle",
                slot + 1,
                attempt + 1,
                at(point)
            ),
            ArenaStep::GaveUp { slot, max_attempts } => {
                format!("item {}: all {max_attempts} tries refused: given up", slot + 1)
            }
            _ => unreachable!("only the scatter's steps come here"),
        }
    }

    /// The caption of a step after the scatter: the items' kinds, the threats and the floor.
    fn dressing_caption(&self) -> String {
        match self {
            ArenaStep::Hazards { placed, intensity, challenge, share, hazards } => {
                let bonus = if *challenge { " with the challenge bonus" } else { "" };
                format!(
                    "hazards: {:.0}% at intensity {intensity:.2}{bonus} of {placed} placed → {hazards}, the rest food",
                    share * 100.0
                )
            }
            ArenaStep::Hazard { index, point } => format!("item {} at {}: a hazard", index + 1, at(point)),
            ArenaStep::Food { index, point, kind, pity } => {
                let why = match pity {
                    Some(n) => format!("its pity rule: at least one in every {n}"),
                    None => "drawn by the food table's weights".to_string(),
                };
                format!("item {} at {}: {kind:?} ({why})", index + 1, at(point))
            }
            ArenaStep::Threats { intensity, movers, pursuers, threats } => {
                let kinds: Vec<String> =
                    threats.iter().map(|t| format!("{} at {:.0} u/s", t.motion.kind(), t.motion.speed())).collect();
                format!(
                    "threats: {movers} moving pans and {pursuers} pursuers at intensity {intensity:.2} → {} placed ({})",
                    threats.len(),
                    kinds.join(", ")
                )
            }
            ArenaStep::Decor { fresh, spacing, attempts_per_point, points } => {
                let when = if *fresh { "made with this wave" } else { "the run's, kept" };
                format!(
                    "decor: {} points at least {spacing} apart, {attempts_per_point} tries around each ({when})",
                    points.len()
                )
            }
            ArenaStep::Tint { fresh, field } => {
                let when = if *fresh { "made with this wave" } else { "the run's, kept" };
                format!("tint: elevation and moisture noise on a {} × {} grid ({when})", field.cols, field.rows)
            }
            _ => unreachable!("only the steps after the scatter come here"),
        }
    }
}
