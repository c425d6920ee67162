//! Re-checks every promise of an arena wave from the tuning alone. Spacing is checked by its own
//! sort-and-sweep over x, not the generator's grid.

use crate::arena::tuning::{MAX_DECOR, MAX_TINT_SIDE};
use crate::arena::{ArenaTuning, ArenaWave, ItemKind, Point, TintField};
use crate::intensity::IntensityCurve;

pub use crate::violation::Violation;

/// Every broken rule on `wave`; empty means the wave keeps every promise. Rules:
/// `size`, `player`, `intensity`, `challenge` (flag and clear radius agree with the wave number
/// and intensity), `count` (no more items than requested, as many requested as the intensity
/// asks), `attempts` (at most requested × max_attempts), `bounds`, `clear radius`, `spacing`,
/// `hazards` (the share of the placed items, listed first), `food` (at least one), `decor bounds`, `decor spacing`,
/// `decor count`, `tint`; and the moving threats' (`threat count`, `threat speed`, `threat bounds`,
/// `safe spawn`, `track refuge`, `walled in`: [`crate::arena::fair`]).
///
/// ```
/// use seedfeast_procgen::{FoodTable, IntensityCurve, Seed};
/// use seedfeast_procgen::arena::{ArenaTuning, generate_wave, validate_wave};
/// let (tuning, curve) = (ArenaTuning::default(), IntensityCurve::default());
/// let mut wave = generate_wave(&tuning, &curve, &FoodTable::default(), Seed(1), 4);
/// assert!(validate_wave(&tuning, &curve, &wave).is_empty());
/// wave.items[1].x = wave.items[0].x + 10.0;
/// wave.items[1].y = wave.items[0].y;
/// let rules: Vec<_> = validate_wave(&tuning, &curve, &wave).into_iter().map(|v| v.rule).collect();
/// assert_eq!(rules, ["spacing"]);
/// ```
pub fn validate_wave(tuning: &ArenaTuning, curve: &IntensityCurve, wave: &ArenaWave) -> Vec<Violation> {
    let mut out = validate_play(tuning, curve, wave);
    out.extend(validate_floor(tuning, &wave.decor, &wave.tint));
    out
}

/// The rules of [`validate_wave`] about what is played: every rule but the floor's (`decor …`
/// and `tint`). A run's waves share one floor, so a sweep checks the floor once per run with
/// [`validate_floor`] and each wave with this.
pub fn validate_play(tuning: &ArenaTuning, curve: &IntensityCurve, wave: &ArenaWave) -> Vec<Violation> {
    let mut out = Vec::new();
    let (challenge, radius) = check_plan(tuning, curve, wave, &mut out);
    check_placement(tuning, wave, radius, &mut out);
    check_kinds(tuning, wave, challenge, &mut out);
    // The moving threats' rules, checked by their own independent module.
    out.extend(crate::arena::fair::validate_threats(tuning, wave));
    out
}

/// The wave's plan (`size`, `player`, `intensity`, `challenge`, `count`, `attempts`); gives the
/// challenge verdict and clear radius the tuning expects.
fn check_plan(tuning: &ArenaTuning, curve: &IntensityCurve, wave: &ArenaWave, out: &mut Vec<Violation>) -> (bool, f32) {
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    if (wave.width, wave.height) != (tuning.width, tuning.height) {
        flag("size", format!("{}x{}, the tuning asks for {}x{}", wave.width, wave.height, tuning.width, tuning.height));
    }
    if wave.player != tuning.player() {
        flag("player", format!("player at {:?}, expected the centre {:?}", wave.player, tuning.player()));
    }
    let intensity = curve.at(wave.wave as f32 / tuning.waves_per_step);
    if !(0.0..=1.0).contains(&wave.intensity) || wave.intensity != intensity {
        flag("intensity", format!("{} but the curve gives {intensity} at wave {}", wave.intensity, wave.wave));
    }
    let challenge = challenge_round(tuning, curve, wave.wave);
    let radius = tuning.clear_radius_at(wave.intensity, challenge);
    if wave.challenge != challenge || wave.clear_radius != radius {
        flag(
            "challenge",
            format!(
                "wave {} has challenge {} and clear radius {}; expected {challenge} and {radius}",
                wave.wave, wave.challenge, wave.clear_radius
            ),
        );
    }
    let requested = tuning.items_at(wave.intensity);
    if wave.items.len() > wave.items_requested || wave.items_requested != requested {
        flag(
            "count",
            format!(
                "{} items for {} requested; intensity {} asks for {requested}",
                wave.items.len(),
                wave.items_requested,
                wave.intensity
            ),
        );
    }
    let cap = requested as u64 * u64::from(tuning.max_attempts);
    if wave.attempts_used > cap {
        flag(
            "attempts",
            format!("{} attempts, more than {requested} items × {}", wave.attempts_used, tuning.max_attempts),
        );
    }
    (challenge, radius)
}

/// The items' places (`bounds`, `clear radius`, `spacing`).
fn check_placement(tuning: &ArenaTuning, wave: &ArenaWave, radius: f32, out: &mut Vec<Violation>) {
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    // Items: inside the walls less their radius, outside the clear circle, spaced.
    let area = tuning.item_area();
    let (px, py) = tuning.player();
    let player = Point { x: px, y: py };
    let points: Vec<Point> = wave.items.iter().map(|i| Point { x: i.x, y: i.y }).collect();
    for (i, &p) in points.iter().enumerate() {
        if !area.contains(p) {
            flag("bounds", format!("item {i} at ({}, {}) is outside {area:?}", p.x, p.y));
        }
        if p.distance_squared(player) < radius * radius {
            let d = p.distance_squared(player).sqrt();
            flag("clear radius", format!("item {i} at ({}, {}) is {d} from the player, inside {radius}", p.x, p.y));
        }
    }
    if let Some((count, (a, b))) = close_pairs(&points, tuning.min_spacing) {
        flag(
            "spacing",
            format!(
                "{count} pairs closer than {}, e.g. items {a} and {b}, {} apart",
                tuning.min_spacing,
                points[a].distance_squared(points[b]).sqrt()
            ),
        );
    }
}

/// The items' kinds (`hazards`, `food`).
fn check_kinds(tuning: &ArenaTuning, wave: &ArenaWave, challenge: bool, out: &mut Vec<Violation>) {
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));
    let hazards = wave.hazards();
    let expected = tuning.hazards_among(wave.items.len(), wave.intensity, challenge);
    let first_food = wave.items.iter().position(|i| i.kind != ItemKind::Hazard).unwrap_or(wave.items.len());
    if hazards != expected || first_food != hazards {
        flag(
            "hazards",
            format!(
                "{hazards} hazards (listed first: {}), expected {expected} = round({} × {} items)",
                first_food == hazards,
                tuning.hazard_share_at(wave.intensity, challenge),
                wave.items.len()
            ),
        );
    }

    if wave.items.iter().all(|i| i.kind == ItemKind::Hazard) {
        flag("food", format!("{} items and not one food: the wave could never be cleared", wave.items.len()));
    }
}

/// The rules of [`validate_wave`] about a run's floor: `decor bounds`, `decor spacing`,
/// `decor count` and `tint` (its grid size and every value in 0..1).
pub fn validate_floor(tuning: &ArenaTuning, decor: &[Point], tint: &TintField) -> Vec<Violation> {
    let mut out = Vec::new();
    let mut flag = |rule: &'static str, detail: String| out.push(Violation::new(rule, detail));

    // Decoration: on the floor, Bridson's spacing.
    let floor = tuning.floor_area();
    if let Some((i, p)) = decor.iter().enumerate().find(|(_, p)| !floor.contains(**p)) {
        flag("decor bounds", format!("decoration {i} at ({}, {}) is off the floor", p.x, p.y));
    }
    if let Some((count, (a, b))) = close_pairs(decor, tuning.decor_spacing) {
        flag("decor spacing", format!("{count} pairs closer than {}, e.g. {a} and {b}", tuning.decor_spacing));
    }
    if decor.len() > MAX_DECOR {
        flag("decor count", format!("{} decorations, more than {MAX_DECOR}", decor.len()));
    }

    let (cols, rows) = (tuning.tint_cols.min(MAX_TINT_SIDE), tuning.tint_rows.min(MAX_TINT_SIDE));
    if (tint.cols, tint.rows) != (cols, rows)
        || tint.elevation.len() != cols * rows
        || tint.moisture.len() != cols * rows
    {
        flag(
            "tint",
            format!(
                "a {}x{} grid with {} and {} values; the tuning asks for {cols}x{rows}",
                tint.cols,
                tint.rows,
                tint.elevation.len(),
                tint.moisture.len()
            ),
        );
    }
    let outside = tint.elevation.iter().chain(&tint.moisture).filter(|v| !(0.0..=1.0).contains(*v)).count();
    if outside > 0 {
        flag("tint", format!("{outside} values outside 0..1"));
    }
    out
}

/// Pairs of points closer than `spacing`: how many, and the first found. A sort by x then a
/// sweep that only compares points less than `spacing` apart in x.
fn close_pairs(points: &[Point], spacing: f32) -> Option<(usize, (usize, usize))> {
    if spacing.is_nan() || spacing <= 0.0 {
        return None;
    }
    // The points themselves, sorted with their indices, so the sweep reads them in order.
    let mut order: Vec<(Point, usize)> = points.iter().copied().zip(0..).collect();
    order.sort_unstable_by(|a, b| a.0.x.total_cmp(&b.0.x));
    let mut found = None;
    let mut count = 0;
    for (k, &(p, a)) in order.iter().enumerate() {
        for &(q, b) in &order[k + 1..] {
            if q.x - p.x >= spacing {
                break;
            }
            if p.distance_squared(q) < spacing * spacing {
                count += 1;
                found.get_or_insert((a.min(b), a.max(b)));
            }
        }
    }
    found.map(|pair| (count, pair))
}

/// Whether `wave` should be a challenge round, walked wave by wave from the rule as written:
/// a stretch starting at wave `s` lasts `every(intensity at s)` waves and ends in a challenge,
/// `every` sliding from `challenge_every_start` (intensity 0) to `challenge_every_end` (1).
fn challenge_round(tuning: &ArenaTuning, curve: &IntensityCurve, wave: u32) -> bool {
    if tuning.challenge_every_start == 0 {
        return false;
    }
    let every = |at: u64| {
        let t = f64::from(curve.at(at as f32 / tuning.waves_per_step).clamp(0.0, 1.0));
        let (a, b) = (f64::from(tuning.challenge_every_start), f64::from(tuning.challenge_every_end));
        ((a + (b - a) * t).round() as u64).max(1)
    };
    let mut stretch_start = 1u64;
    let mut length = every(1);
    for w in 1..=u64::from(wave) {
        if w - stretch_start + 1 == length {
            if w == u64::from(wave) {
                return true;
            }
            stretch_start = w + 1;
            length = every(w + 1);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_pairs_matches_the_quadratic_check() {
        let points: Vec<Point> =
            (0..300).map(|i| Point { x: ((i * 37) % 101) as f32 * 1.7, y: ((i * 53) % 89) as f32 * 1.3 }).collect();
        for spacing in [0.0, 1.0, 2.5, 6.0] {
            let brute = (0..points.len())
                .flat_map(|a| (a + 1..points.len()).map(move |b| (a, b)))
                .filter(|&(a, b)| points[a].distance_squared(points[b]) < spacing * spacing)
                .count();
            assert_eq!(close_pairs(&points, spacing).map_or(0, |(n, _)| n), brute, "{spacing}");
        }
    }
}
