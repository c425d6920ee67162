//! The sequence check: can a runner get from the start of a track to its end, one jump after
//! another? It shares no code with the generator: it reads only the laid-out track, the speed the
//! config gives at each x, and the jump model ([`JumpReach`]).
//!
//! The model, in the body centre's x:
//! - the body (half-width `h`, from the tuning's player size) may stand or run wherever
//!   `[x - h, x + h]` touches no gap and no hazard: the *free* stretches between *blocked* ones;
//! - it runs forward only, so on a free stretch it can be anywhere right of the leftmost point it
//!   reached;
//! - a jump from `x` carries it `range(speed_at(x))`, known to within [`RANGE_SLACK`], so it lands
//!   somewhere in a band, and the whole band must lie on one free stretch further on (it flies over
//!   anything in between). Where it lands in the band is not up to the player, so the stretch is
//!   reached from the band's far end;
//! - a hazard flown over must pass under the body: near take-off and landing the body is still
//!   lower than [`HAZARD_HEIGHT`], and the hazard (widened by `h`) must lie between those parts.
//!
//! Standing with the whole body on the ground and ignoring coyote time and platforms only makes
//! the check stricter: a track it passes can be run. Beyond the last chunk the track goes on, so
//! a landing there counts (a longer track checks what comes next).

use crate::physics::JumpReach;
use crate::runner::{PlacedChunk, RunnerConfig};
use crate::violation::Violation;

/// How far a real jump may fall short of or overshoot [`JumpReach::range`]: the headless rapier
/// test measures the flight within 3% of the formula. It also covers the speed creeping up during
/// a jump (under 1% of the range with the shipped curve).
pub const RANGE_SLACK: f32 = 0.03;

/// A hazard's height: the game builds each one this tall (`HAZARD_HEIGHT` in the game's
/// `src/modes/runner/track.rs`, which also forgives 4 units on each side; this check doesn't).
pub const HAZARD_HEIGHT: f32 = 30.0;

/// Take-offs are tried every this many world units at the least. The game moves the runner
/// `speed / 60` in a fixed step (4.7 units at the slowest shipped speed) and can only take off at
/// those points, so the check samples one step's travel at the slowest speed: a window that
/// wide holds a sample, a narrower one a player can miss too, and it is then reported.
pub(crate) const MIN_SAMPLE_STEP: f32 = 1.0;

/// The sampling step for a tuning: one fixed step of running at the slowest speed.
fn sample_step(config: &RunnerConfig) -> f32 {
    (config.tuning.speed_min * crate::physics::step_seconds()).max(MIN_SAMPLE_STEP)
}

/// Samples per take-off stretch at most, so absurd tunings (a range of millions of units) still
/// end; the step widens instead.
const MAX_SAMPLES: usize = 20_000;

/// Centre positions the body can't stand on: one gap or hazard widened by the body's half-width
/// on each side, overlapping ones merged. `chunk` and `x` name the first obstacle in it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Blocked {
    from: f32,
    to: f32,
    chunk: usize,
    x: f32,
}

/// How the runner gets past one blocked stretch: the ground it can reach before it, and the
/// take-offs from there that land clear beyond it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// The chunk (track index) and x of the first gap or hazard in the stretch.
    pub chunk: usize,
    pub x: f32,
    /// The reachable centre positions before the stretch, `None` when the runner never gets here
    /// (it jumped further, or fell earlier).
    pub reachable: Option<(f32, f32)>,
    /// The first and last sampled take-off that lands on ground beyond the stretch (there may be
    /// holes between them where a take-off lands in a later obstacle).
    pub take_off: Option<(f32, f32)>,
}

/// The body's half-width: half the collision box the tuning gives.
fn half_width(config: &RunnerConfig) -> f32 {
    config.tuning.player_size.0 / 2.0
}

/// Every gap and hazard as a blocked stretch of centre positions, sorted and merged.
fn blocked_stretches(track: &[PlacedChunk], half: f32) -> Vec<Blocked> {
    let mut raw: Vec<Blocked> = track
        .iter()
        .enumerate()
        .flat_map(|(i, chunk)| {
            chunk.gaps.iter().chain(&chunk.hazards).map(move |s| Blocked {
                from: s.x - half,
                to: s.end() + half,
                chunk: i,
                x: s.x,
            })
        })
        .collect();
    raw.sort_by(|a, b| a.from.total_cmp(&b.from).then(a.x.total_cmp(&b.x)));
    let mut merged: Vec<Blocked> = Vec::with_capacity(raw.len());
    for stretch in raw {
        match merged.last_mut() {
            Some(last) if stretch.from <= last.to => last.to = last.to.max(stretch.to),
            _ => merged.push(stretch),
        }
    }
    merged
}

/// `slice.partition_point(pred)` found from the front: probes 1, 2, 4 … elements in, then
/// bisects the last doubling. The same index as a bisection of the whole slice when `pred` is
/// partitioned, but a landing is nearly always a stretch or two on, so this takes a few
/// comparisons instead of a bisection of the whole rest of the track (the sweep's hot spot).
fn partition_point_from_front<T>(slice: &[T], pred: impl Fn(&T) -> bool) -> usize {
    let mut probe = 1;
    // Bounded: `probe` doubles until it passes the slice's length.
    while probe <= slice.len() && pred(&slice[probe - 1]) {
        probe *= 2;
    }
    // Every element before `probe / 2` satisfies `pred`; the point lies in `probe / 2 ..= probe`.
    let from = probe / 2;
    from + slice[from..probe.min(slice.len())].partition_point(pred)
}

/// `slice.partition_point(pred)` found from `near`, the point a previous search found: one
/// sample's landing is nearly always where the one before it landed, or the next stretch, so
/// this usually takes two comparisons. The same index as a bisection when `pred` is partitioned,
/// wherever `near` is.
fn partition_point_near<T>(slice: &[T], near: usize, pred: impl Fn(&T) -> bool) -> usize {
    let near = near.min(slice.len());
    if near > 0 && !pred(&slice[near - 1]) {
        return slice[..near].partition_point(pred);
    }
    if near == slice.len() || !pred(&slice[near]) {
        return near;
    }
    near + partition_point_from_front(&slice[near..], pred)
}

/// The free stretch (by index: stretch `j` lies between blocked `j - 1` and blocked `j`) that
/// holds all of `lo..=hi`, if one does, searched from stretch `near`; and where the search
/// ended, to start the next one from.
fn free_stretch_holding(blocked: &[Blocked], near: usize, lo: f32, hi: f32) -> (Option<usize>, usize) {
    let j = partition_point_near(blocked, near, |b| b.to < lo);
    let fits = blocked.get(j).is_none_or(|b| hi < b.from);
    (fits.then_some(j), j)
}

/// Where a jump of `range` from `x` may land: the band the range's slack allows.
fn landing_band(x: f32, range: f32) -> (f32, f32) {
    (x + range * (1.0 - RANGE_SLACK), x + range * (1.0 + RANGE_SLACK))
}

/// The share of a jump's flight, at each end, during which the body's underside is lower than a
/// hazard: the parabola `4·peak·f·(1 − f)` is below [`HAZARD_HEIGHT`] for `f` under this. A jump
/// that never rises above a hazard (0.5) clears none.
fn low_share(reach: JumpReach) -> f32 {
    let ratio = HAZARD_HEIGHT / reach.height();
    // NaN (a zero peak) falls to the last arm too.
    if ratio < 1.0 { (1.0 - (1.0 - ratio).sqrt()) / 2.0 } else { 0.5 }
}

/// Whether a jump from `x` of `range` (give or take the slack) passes over every hazard it flies
/// over with the body's underside above it. `hazards` are sorted (start, end) pairs.
/// `first` is the first hazard not wholly behind `x` (see [`hazards_behind`]).
fn over_hazards(hazards: &[(f32, f32)], first: usize, half: f32, low: f32, x: f32, range: f32) -> bool {
    let rising_until = x + low * range * (1.0 + RANGE_SLACK);
    let falling_from = x + (1.0 - low) * range * (1.0 - RANGE_SLACK);
    hazards[first..]
        .iter()
        .take_while(|&&(start, _)| start - half < x + range * (1.0 + RANGE_SLACK))
        .all(|&(start, end)| start - half >= rising_until && end + half <= falling_from)
}

/// How many of `hazards` (sorted) lie wholly behind a body at `x`, searched from `near`.
fn hazards_behind(hazards: &[(f32, f32)], near: usize, half: f32, x: f32) -> usize {
    partition_point_near(hazards, near, |&(_, end)| end + half <= x)
}

/// The longest band end any jump can reach: at the top speed the tuning allows.
fn longest_jump(config: &RunnerConfig, reach: JumpReach) -> f32 {
    let top = config.tuning.speed_min.max(config.tuning.speed_max);
    reach.range(top) * (1.0 + RANGE_SLACK)
}

/// Propagates the reachable ground left to right and says how each blocked stretch is crossed.
pub(crate) fn crossings(config: &RunnerConfig, reach: JumpReach, track: &[PlacedChunk]) -> Vec<Crossing> {
    let Some(first) = track.first() else { return Vec::new() };
    let half = half_width(config);
    let blocked = blocked_stretches(track, half);
    let mut hazards: Vec<(f32, f32)> = track.iter().flat_map(|c| c.hazards.iter().map(|h| (h.x, h.end()))).collect();
    hazards.sort_by(|a, b| a.0.total_cmp(&b.0));
    let low = low_share(reach);
    // reached_from[j]: the leftmost point of free stretch j the runner surely gets to.
    let mut reached_from: Vec<Option<f32>> = vec![None; blocked.len() + 1];
    reached_from[0] = Some(first.x + half);
    let longest = longest_jump(config, reach);
    let step = sample_step(config);
    let mut out = Vec::with_capacity(blocked.len());
    for (k, stretch) in blocked.iter().enumerate() {
        let reachable = reached_from[k].filter(|&a| a <= stretch.from).map(|a| (a, stretch.from));
        let mut take_off = None;
        if let Some((a, b)) = reachable {
            // A take-off further back than the longest jump lands before this stretch ends: useless.
            let start = a.max(stretch.to - longest - step).min(b);
            // The hazards wholly behind the first take-off are behind every later one too.
            let hazards = &hazards[hazards.partition_point(|&(_, end)| end + half <= start)..];
            let samples = (((b - start) / step).ceil() as usize).min(MAX_SAMPLES);
            let stride = (b - start) / samples.max(1) as f32;
            // Where the last sample's searches ended, and its speed and range: successive samples
            // land near each other, and past the curve's last point the speed stops changing.
            let (mut landed_near, mut hazards_near) = (0, 0);
            let (mut last_speed, mut last_range) = (f32::NAN, f32::NAN);
            for i in 0..=samples {
                let x = if i == samples { b } else { start + stride * i as f32 };
                let speed = config.speed_at(x);
                if speed != last_speed {
                    (last_speed, last_range) = (speed, reach.range(speed));
                }
                let range = last_range;
                let (lo, hi) = landing_band(x, range);
                // Searched from this stretch on (free stretch `k + i` follows blocked `k + i - 1`):
                // the landing must be past it.
                let (landing, searched) = free_stretch_holding(&blocked[k..], landed_near, lo, hi);
                landed_near = searched;
                let Some(j) = landing.filter(|&i| i > 0).map(|i| k + i) else {
                    continue;
                };
                hazards_near = hazards_behind(hazards, hazards_near, half, x);
                if !over_hazards(hazards, hazards_near, half, low, x, range) {
                    continue;
                }
                reached_from[j] = Some(reached_from[j].map_or(hi, |r| r.min(hi)));
                take_off = Some(take_off.map_or((x, x), |(f, _): (f32, f32)| (f, x)));
            }
        }
        out.push(Crossing { chunk: stretch.chunk, x: stretch.x, reachable, take_off });
    }
    out
}

/// The first blocked stretch the runner can't get past, as a violation (empty when the whole
/// track can be run). Only the first: nothing after it is reached.
pub fn sequence_violations(config: &RunnerConfig, reach: JumpReach, track: &[PlacedChunk]) -> Vec<Violation> {
    let all = crossings(config, reach, track);
    // The runner is stuck at the last crossing it reaches when no jump from there gets past (a
    // jump that did would reach a later crossing, or the end). A body that can't even stand at the
    // start is stuck at the first.
    let stuck = all.iter().rposition(|c| c.reachable.is_some()).unwrap_or(0);
    let Some(crossing) = all.get(stuck).filter(|c| c.take_off.is_none()) else { return Vec::new() };
    let (a, b) = crossing.reachable.unwrap_or_default();
    let speed = config.speed_at(b);
    let id = track.get(crossing.chunk).map_or("?", |c| c.id.as_str());
    let detail = format!(
        "no take-off from the ground at x {a:.0}..{b:.0} clears the obstacle at x {:.0} in \"{id}\" and lands on \
         ground (speed {speed:.0}, jump range {:.0})",
        crossing.x,
        reach.range(speed)
    );
    vec![Violation::at("chunk", crossing.chunk, "sequence", detail)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;
    use crate::runner::{Span, generate_track};

    fn setup() -> (RunnerConfig, JumpReach) {
        let config = RunnerConfig::default();
        let reach = JumpReach::of(&config.tuning);
        (config, reach)
    }

    /// A track at top speed, its last chunk a non-rest chunk stripped bare for a test to fill.
    fn fast_track_with_bare_end(config: &RunnerConfig, reach: JumpReach) -> Vec<PlacedChunk> {
        let mut track = generate_track(config, reach, Seed(1), 120);
        let end = track.iter().rposition(|c| !c.rest).expect("a demanding chunk");
        track.truncate(end + 1);
        let chunk = &mut track[end];
        assert_eq!(chunk.speed, config.tuning.speed_max, "top speed by chunk {end}");
        chunk.gaps.clear();
        chunk.hazards.clear();
        chunk.ground = vec![Span { x: chunk.x, width: chunk.width }];
        track
    }

    /// Puts a hazard and then a gap into the chunk, at offsets from its left edge.
    fn hazard_then_gap(chunk: &mut PlacedChunk, hazard: (f32, f32), gap: (f32, f32)) {
        let x0 = chunk.x;
        chunk.hazards = vec![Span { x: x0 + hazard.0, width: hazard.1 }];
        chunk.gaps = vec![Span { x: x0 + gap.0, width: gap.1 }];
        chunk.ground =
            vec![Span { x: x0, width: gap.0 }, Span { x: x0 + gap.0 + gap.1, width: chunk.width - gap.0 - gap.1 }];
    }

    #[test]
    fn a_hazard_whose_every_landing_is_a_gap_is_caught() {
        let (config, reach) = setup();
        let mut track = fast_track_with_bare_end(&config, reach);
        let last = track.len() - 1;
        // Each alone is fair (the hazard well under the widest jumpable, the gap at the widest
        // allowed), but the hazard ends 10 units before the gap: no room to land between them,
        // and one jump can't clear both.
        let widest = config.tuning.max_gap(&reach, track[last].speed);
        hazard_then_gap(&mut track[last], (220.0, 100.0), (330.0, widest));
        let violations = crate::runner::validate_track(&config, reach, &track);
        assert!(violations.iter().all(|v| v.rule == "sequence"), "only the sequence rule breaks: {violations:?}");
        let found = sequence_violations(&config, reach, &track);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].index(), Some(last));
        assert!(found[0].detail.contains(&format!("x {:.0}", track[last].x + 220.0)), "{}", found[0]);
    }

    #[test]
    fn pepper_patch_at_top_speed_has_a_wide_early_take_off_window() {
        // The bot's falls (issue #14): hazard at 220 (50 wide), gap at 520. Jumping the hazard
        // late lands in the gap, but an early take-off lands between them.
        let (config, reach) = setup();
        let mut track = fast_track_with_bare_end(&config, reach);
        let last = track.len() - 1;
        let gap = 0.6 * config.tuning.max_gap(&reach, track[last].speed);
        hazard_then_gap(&mut track[last], (220.0, 50.0), (520.0, gap));
        assert!(sequence_violations(&config, reach, &track).is_empty());
        let x0 = track[last].x;
        let hazard = crossings(&config, reach, &track).into_iter().find(|c| c.x == x0 + 220.0).unwrap();
        let (first, latest) = hazard.take_off.expect("the hazard can be crossed");
        let range = reach.range(config.speed_at(x0));
        // Latest: land (with the slack) a body's half before the gap; earliest: clear the hazard.
        assert!((latest - (x0 + 520.0 - 18.0 - range * 1.03)).abs() <= sample_step(&config), "{}", latest - x0);
        assert!(first - x0 < -90.0 && latest - first > 150.0, "{}..{}", first - x0, latest - x0);
    }

    #[test]
    fn nothing_to_jump_or_nothing_at_all_is_fine_and_a_blocked_start_is_caught() {
        let (config, reach) = setup();
        assert!(sequence_violations(&config, reach, &[]).is_empty());
        let track = generate_track(&config, reach, Seed(3), 1);
        assert!(sequence_violations(&config, reach, &track).is_empty());
        let mut blocked = track.clone();
        blocked[0].hazards = vec![Span { x: 0.0, width: 40.0 }];
        let found = sequence_violations(&config, reach, &blocked);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].rule, found[0].index()), ("sequence", Some(0)));
    }

    #[test]
    fn the_search_from_the_front_finds_what_a_bisection_finds() {
        for len in 0..40 {
            let values: Vec<usize> = (0..len).collect();
            for cut in 0..=len {
                let pred = |v: &usize| *v < cut;
                assert_eq!(partition_point_from_front(&values, pred), values.partition_point(pred), "{len} {cut}");
                // From any earlier answer, behind or ahead of this one, and past the end.
                for near in 0..=len + 2 {
                    let found = partition_point_near(&values, near, pred);
                    assert_eq!(found, values.partition_point(pred), "{len} {cut} from {near}");
                }
            }
        }
    }

    #[test]
    fn a_jump_too_low_for_hazards_clears_none() {
        let slow = JumpReach { gravity: 2000.0, jump_speed: 300.0 };
        assert!(slow.height() < HAZARD_HEIGHT);
        assert_eq!(low_share(slow), 0.5);
        assert!(!over_hazards(&[(100.0, 110.0)], 0, 18.0, 0.5, 0.0, 300.0));
        assert!(over_hazards(&[(100.0, 110.0)], 0, 18.0, 0.05, 0.0, 300.0));
    }
}
