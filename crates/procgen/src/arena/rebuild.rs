//! An Arena wave made again from its trace alone ([`rebuild_wave`]): no generator, no random
//! stream and no curve, only the events. The `rules` event carries the tuning; the items are the
//! candidates the scatter accepted, each checked against the rules it claims to keep (inside the
//! area, outside the clear circle, clear of every item before it) and each refusal against the
//! rule it names (the item it is too close to, the circle it falls in); the counts, the clear
//! radius and the hazard share are recomputed from the trace's numbers by their rules, to the
//! bit. So a trace rebuilds exactly the wave the generator returned, or says which event does not
//! fit.

use crate::arena::explain::ArenaStep;
use crate::arena::{Area, ArenaItem, ArenaTuning, ArenaWave, ItemKind, Point, Threat, TintField};
use crate::generate::Picture;
use crate::trace::{ReplayError, Step, same_number};

/// What the events have said so far.
#[derive(Default)]
struct Partial<'a> {
    tuning: Option<&'a ArenaTuning>,
    wave: Option<(u32, f32)>,
    challenge: Option<bool>,
    requested: Option<usize>,
    clear_radius: Option<f32>,
    /// The scatter's area, the player and the clear radius, once its `scatter` event is read.
    scatter: Option<(Area, Point, f32)>,
    points: Vec<Point>,
    /// The scatter's next candidate: its slot and try.
    next: (usize, u32),
    attempts: u64,
    hazards: Option<usize>,
    items: Vec<ArenaItem>,
    threats: Option<Vec<Threat>>,
    decor: Option<Vec<Point>>,
    tint: Option<TintField>,
}

/// The wave `events` describe.
///
/// ```
/// use seedfeast_procgen::{FoodTable, IntensityCurve, Seed, trace::Recorder};
/// use seedfeast_procgen::arena::{ArenaTuning, generate_wave_traced, rebuild_wave};
/// let (tuning, curve, food) = (ArenaTuning::default(), IntensityCurve::default(), FoodTable::default());
/// let mut trace = Recorder::new();
/// let wave = generate_wave_traced(&tuning, &curve, &food, Seed(7), 5, &mut trace);
/// assert_eq!(rebuild_wave(trace.events()), Ok(wave));
/// ```
pub fn rebuild_wave(events: &[ArenaStep]) -> Result<ArenaWave, ReplayError> {
    let mut so_far = Partial::default();
    for (at, event) in events.iter().enumerate() {
        apply(&mut so_far, event).map_err(|reason| ReplayError::new(at, reason))?;
    }
    finish(so_far).map_err(|reason| ReplayError::new(events.len(), reason))
}

/// The wave as far as `events` (a prefix of a trace, for `explain --format png`) have made it,
/// `px_per_unit` pixels a world unit: the floor flat until its tint is laid, the clear circle
/// once sized, each accepted candidate grey until it is made hazard or food.
pub fn sketch_wave(events: &[ArenaStep], px_per_unit: f32) -> Result<Picture, ReplayError> {
    let mut so_far = Partial::default();
    for (at, event) in events.iter().enumerate() {
        apply(&mut so_far, event).map_err(|reason| ReplayError::new(at, reason))?;
    }
    let tuning = so_far.tuning.ok_or_else(|| ReplayError::new(events.len(), "no `rules` event"))?;
    let (wave, intensity) = so_far.wave.unwrap_or((0, 0.0));
    let pending = so_far.points.get(so_far.items.len()..).unwrap_or_default();
    let wave = ArenaWave {
        wave,
        intensity,
        challenge: so_far.challenge.unwrap_or(false),
        width: tuning.width,
        height: tuning.height,
        player: tuning.player(),
        clear_radius: so_far.clear_radius.unwrap_or(0.0),
        min_spacing: tuning.min_spacing,
        items_requested: so_far.requested.unwrap_or(0),
        attempts_used: so_far.attempts,
        items: so_far.items.clone(),
        threats: so_far.threats.clone().unwrap_or_default(),
        decor: so_far.decor.clone().unwrap_or_default(),
        tint: so_far.tint.clone().unwrap_or(TintField {
            cols: 0,
            rows: 0,
            elevation: Vec::new(),
            moisture: Vec::new(),
        }),
    };
    Ok(Picture::from_parts(crate::arena::render::sketch_rgb(&wave, pending, px_per_unit)))
}

/// A rule read before the event that needs it is missing.
fn needs<T: Copy>(value: Option<T>, event: &ArenaStep, first: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("a `{}` event before the `{first}`", event.rule()))
}

fn same(what: &str, recorded: f32, rebuilt: f32) -> Result<(), String> {
    same_number(0, what, recorded, rebuilt).map_err(|e| e.reason)
}

/// Reads one event into what the events have said so far, or says why it does not fit.
fn apply<'a>(so_far: &mut Partial<'a>, event: &'a ArenaStep) -> Result<(), String> {
    if let ArenaStep::Rules { tuning } = event {
        if so_far.tuning.is_some() {
            return Err("a second `rules` event".into());
        }
        so_far.tuning = Some(tuning);
        return Ok(());
    }
    let tuning = needs(so_far.tuning, event, "rules")?;
    match event {
        ArenaStep::Rules { .. } => unreachable!("handled above"),
        ArenaStep::Wave { .. } | ArenaStep::Challenge { .. } | ArenaStep::Items { .. } => {
            apply_plan(so_far, tuning, event)?
        }
        ArenaStep::ClearRadius { .. } | ArenaStep::Scatter { .. } => apply_scatter_rules(so_far, tuning, event)?,
        ArenaStep::Accepted { .. }
        | ArenaStep::TooClose { .. }
        | ArenaStep::InClearRadius { .. }
        | ArenaStep::GaveUp { .. } => apply_candidate(so_far, tuning, event)?,
        ArenaStep::Hazards { .. } | ArenaStep::Hazard { .. } | ArenaStep::Food { .. } => {
            apply_kinds(so_far, tuning, event)?
        }
        ArenaStep::Threats { .. } | ArenaStep::Decor { .. } | ArenaStep::Tint { .. } => {
            apply_dressing(so_far, tuning, event)?
        }
    }
    if let ArenaStep::Accepted { .. } | ArenaStep::TooClose { .. } | ArenaStep::InClearRadius { .. } = event {
        so_far.attempts += 1;
    }
    Ok(())
}

/// Checks the wave's plan (its number, its challenge verdict, how many items it asks for) against
/// the tuning's rules.
fn apply_plan(so_far: &mut Partial, tuning: &ArenaTuning, event: &ArenaStep) -> Result<(), String> {
    match *event {
        ArenaStep::Wave { wave, progress, intensity } => {
            if so_far.wave.is_some() {
                return Err("a second `wave` event".into());
            }
            same("the progress", progress, wave as f32 / tuning.waves_per_step)?;
            so_far.wave = Some((wave, intensity));
        }
        ArenaStep::Challenge { wave, every_start, every_end, previous, next, interval, challenge } => {
            let (number, _) = needs(so_far.wave, event, "wave")?;
            if wave != number || every_start != tuning.challenge_every_start || every_end != tuning.challenge_every_end
            {
                return Err(format!("the challenge rule of wave {wave} does not match the wave or its tuning"));
            }
            let rounds = every_start != 0;
            if challenge != (rounds && next == u64::from(wave))
                || (rounds && !(previous < u64::from(wave) && u64::from(wave) <= next))
                || u64::from(interval) != next - previous.min(next)
            {
                return Err(format!("wave {wave} between rounds {previous} and {next} is not a challenge {challenge}"));
            }
            so_far.challenge = Some(challenge);
        }
        ArenaStep::Items { intensity, items_min, items_max, requested } => {
            same("the items' intensity", intensity, needs(so_far.wave, event, "wave")?.1)?;
            if (items_min, items_max) != (tuning.items_min, tuning.items_max) || requested != tuning.items_at(intensity)
            {
                return Err(format!("{requested} items at intensity {intensity} is not what the rule gives"));
            }
            so_far.requested = Some(requested);
        }
        _ => unreachable!("only the plan's events come here"),
    }
    Ok(())
}

/// Checks the clear circle's radius and the scatter's own rules against the tuning, and keeps the
/// scatter's area, centre and radius for its candidates.
fn apply_scatter_rules(so_far: &mut Partial, tuning: &ArenaTuning, event: &ArenaStep) -> Result<(), String> {
    match *event {
        ArenaStep::ClearRadius { intensity, challenge, radius } => {
            same("the clear radius's intensity", intensity, needs(so_far.wave, event, "wave")?.1)?;
            if challenge != needs(so_far.challenge, event, "challenge")? {
                return Err("the clear radius reads another challenge verdict".into());
            }
            same("the clear radius", radius, tuning.clear_radius_at(intensity, challenge))?;
            so_far.clear_radius = Some(radius);
        }
        ArenaStep::Scatter { area, item_radius, min_spacing, centre, radius, requested, max_attempts } => {
            let rebuilt = tuning.item_area();
            let (px, py) = tuning.player();
            let same_area =
                area.map(f32::to_bits) == [rebuilt.x0, rebuilt.y0, rebuilt.x1, rebuilt.y1].map(f32::to_bits);
            if !same_area
                || item_radius.to_bits() != tuning.item_radius.to_bits()
                || min_spacing.to_bits() != tuning.min_spacing.to_bits()
                || (centre.x.to_bits(), centre.y.to_bits()) != (px.to_bits(), py.to_bits())
                || max_attempts != tuning.max_attempts
            {
                return Err("the scatter's rules are not the tuning's".into());
            }
            same("the scatter's clear radius", radius, needs(so_far.clear_radius, event, "clear-radius")?)?;
            if requested != needs(so_far.requested, event, "items")? || so_far.scatter.is_some() {
                return Err("the scatter asks for another number of items, or scatters twice".into());
            }
            so_far.scatter = Some((rebuilt, centre, radius));
        }
        _ => unreachable!("only the clear radius and the scatter come here"),
    }
    Ok(())
}

/// Checks one scatter candidate (accepted, refused as too close or inside the clear circle, or an
/// item given up) against the rule it claims, and moves on to the next try.
fn apply_candidate(so_far: &mut Partial, tuning: &ArenaTuning, event: &ArenaStep) -> Result<(), String> {
    match *event {
        ArenaStep::Accepted { slot, attempt, point, index } => {
            let (area, centre, radius) = candidate(so_far, event, slot, attempt)?;
            if !area.contains(point) {
                return Err(format!("{point:?} lies outside the area {area:?}"));
            }
            if point.distance_squared(centre) < radius * radius {
                return Err(format!("{point:?} lies inside the clear circle"));
            }
            if let Some(near) = too_close(&so_far.points, point, tuning.min_spacing) {
                return Err(format!("{point:?} is too close to item {near}"));
            }
            if index != so_far.points.len() {
                return Err(format!("item {index} is placed where item {} should be", so_far.points.len()));
            }
            so_far.points.push(point);
            so_far.next = (slot + 1, 0);
        }
        ArenaStep::TooClose { slot, attempt, point, near, distance, min_spacing } => {
            let (_, centre, radius) = candidate(so_far, event, slot, attempt)?;
            same("the spacing", min_spacing, tuning.min_spacing)?;
            let Some(q) = so_far.points.get(near) else { return Err(format!("no item {near} is placed yet")) };
            let d2 = q.distance_squared(point);
            same("the distance", distance, d2.sqrt())?;
            if !(spaced(min_spacing) && d2 < min_spacing * min_spacing)
                || point.distance_squared(centre) < radius * radius
            {
                return Err(format!("{point:?} is not refused as too close to item {near}"));
            }
            so_far.next = (slot, attempt + 1);
        }
        ArenaStep::InClearRadius { slot, attempt, point, distance, radius } => {
            let (_, centre, clear) = candidate(so_far, event, slot, attempt)?;
            same("the clear radius", radius, clear)?;
            let d2 = point.distance_squared(centre);
            same("the distance", distance, d2.sqrt())?;
            if d2 >= radius * radius {
                return Err(format!("{point:?} is outside the clear circle"));
            }
            so_far.next = (slot, attempt + 1);
        }
        ArenaStep::GaveUp { slot, max_attempts } => {
            needs(so_far.scatter, event, "scatter")?;
            if so_far.next != (slot, max_attempts) || max_attempts != tuning.max_attempts {
                return Err(format!("item {slot} is given up after {} tries, not all {max_attempts}", so_far.next.1));
            }
            so_far.next = (slot + 1, 0);
        }
        _ => unreachable!("only the scatter's candidates come here"),
    }
    Ok(())
}

/// Checks how many placed items become hazards, then each item's kind, in placing order.
fn apply_kinds(so_far: &mut Partial, tuning: &ArenaTuning, event: &ArenaStep) -> Result<(), String> {
    match event {
        &ArenaStep::Hazards { placed, intensity, challenge, share, hazards } => {
            needs(so_far.scatter, event, "scatter")?;
            same("the hazards' intensity", intensity, needs(so_far.wave, event, "wave")?.1)?;
            same("the hazard share", share, tuning.hazard_share_at(intensity, challenge))?;
            if placed != so_far.points.len()
                || challenge != needs(so_far.challenge, event, "challenge")?
                || hazards != tuning.hazards_among(placed, intensity, challenge)
                || so_far.hazards.is_some()
            {
                return Err(format!("{hazards} hazards among {placed} placed is not what the rule gives"));
            }
            so_far.hazards = Some(hazards);
        }
        ArenaStep::Hazard { index, point } | ArenaStep::Food { index, point, .. } => {
            let hazards = needs(so_far.hazards, event, "hazards")?;
            let hazard = matches!(event, ArenaStep::Hazard { .. });
            let placed = so_far.points.get(*index).copied();
            if *index != so_far.items.len() || placed != Some(*point) || hazard != (*index < hazards) {
                return Err(format!("item {index} at {point:?} is not the next placed item, or of the wrong kind"));
            }
            let kind = match event {
                ArenaStep::Food { kind, .. } => ItemKind::Food(*kind),
                _ => ItemKind::Hazard,
            };
            so_far.items.push(ArenaItem { x: point.x, y: point.y, kind });
        }
        _ => unreachable!("only the hazard count and the items' kinds come here"),
    }
    Ok(())
}

/// Checks the wave's threats, decoration and tint against the tuning's counts and grid, each once.
fn apply_dressing(so_far: &mut Partial, tuning: &ArenaTuning, event: &ArenaStep) -> Result<(), String> {
    match event {
        ArenaStep::Threats { intensity, movers, pursuers, threats } => {
            same("the threats' intensity", *intensity, needs(so_far.wave, event, "wave")?.1)?;
            // Each one's fairness is the validator's to judge; the trace says how many were
            // asked for by the rule, and no more may come.
            let asked = (tuning.movers_at(*intensity), tuning.pursuers_at(*intensity));
            if (*movers, *pursuers) != asked || threats.len() > movers + pursuers || so_far.threats.is_some() {
                return Err(format!(
                    "{} threats for {movers} pans and {pursuers} pursuers; the rule asks for {asked:?}, once",
                    threats.len()
                ));
            }
            so_far.threats = Some(threats.clone());
        }
        ArenaStep::Decor { spacing, attempts_per_point, points, .. } => {
            same("the decoration's spacing", *spacing, tuning.decor_spacing)?;
            if *attempts_per_point != tuning.decor_attempts || so_far.decor.is_some() {
                return Err("the decoration's tries are not the tuning's, or it is laid twice".into());
            }
            so_far.decor = Some(points.clone());
        }
        ArenaStep::Tint { field, .. } => {
            if (field.cols, field.rows) != (tuning.tint_cols, tuning.tint_rows) || so_far.tint.is_some() {
                return Err("the tint's grid is not the tuning's, or it is laid twice".into());
            }
            so_far.tint = Some(field.clone());
        }
        _ => unreachable!("only the threats, the decoration and the tint come here"),
    }
    Ok(())
}

/// The scatter's rules for a candidate, once it is checked to be the next one.
fn candidate(so_far: &Partial, event: &ArenaStep, slot: usize, attempt: u32) -> Result<(Area, Point, f32), String> {
    let scatter = needs(so_far.scatter, event, "scatter")?;
    if so_far.hazards.is_some() || (slot, attempt) != so_far.next {
        return Err(format!(
            "try {attempt} of item {slot} comes where try {} of item {} should",
            so_far.next.1, so_far.next.0
        ));
    }
    Ok(scatter)
}

/// The scatter keeps no spacing when it is 0, negative or not finite.
fn spaced(spacing: f32) -> bool {
    spacing > 0.0 && spacing.is_finite()
}

/// The first placed point closer than `spacing` to `p`, checked against every point.
fn too_close(points: &[Point], p: Point, spacing: f32) -> Option<usize> {
    if !spaced(spacing) {
        return None;
    }
    points.iter().position(|q| q.distance_squared(p) < spacing * spacing)
}

fn finish(so_far: Partial) -> Result<ArenaWave, String> {
    let tuning = so_far.tuning.ok_or("no `rules` event")?;
    let (wave, intensity) = so_far.wave.ok_or("no `wave` event")?;
    let hazards = so_far.hazards.ok_or("no `hazards` event")?;
    if so_far.items.len() != so_far.points.len() {
        return Err(format!("{} placed items but {} made hazard or food", so_far.points.len(), so_far.items.len()));
    }
    debug_assert!(hazards <= so_far.items.len());
    let (Some(decor), Some(tint)) = (so_far.decor, so_far.tint) else {
        return Err("no `decor` or no `tint` event".into());
    };
    Ok(ArenaWave {
        wave,
        intensity,
        challenge: so_far.challenge.ok_or("no `challenge` event")?,
        width: tuning.width,
        height: tuning.height,
        player: tuning.player(),
        clear_radius: so_far.clear_radius.ok_or("no `clear-radius` event")?,
        min_spacing: tuning.min_spacing,
        items_requested: so_far.requested.ok_or("no `items` event")?,
        attempts_used: so_far.attempts,
        items: so_far.items,
        threats: so_far.threats.ok_or("no `threats` event")?,
        decor,
        tint,
    })
}
