//! The zone dungeon (issue #12): themed zones, a puzzle tree grown from the goal, bridge locks,
//! solvable by construction and re-checked by an independent validator.
//!
//! In brief, for the game mode and the CLI:
//! - [`DungeonData::default`] (or [`DungeonData::load`] from an assets folder) holds
//!   `assets/dungeon/tuning.ron` and `themes.ron`;
//! - [`generate_dungeon`]`(&data, seed, &`[`DungeonRequest`]`)` gives a [`Dungeon`] or a
//!   [`DungeonError`] that says what is impossible (no panics, no hangs);
//! - [`validate_dungeon`] lists broken promises (empty for every generated dungeon);
//! - [`DungeonJson::new`] is the CLI's JSON, [`draw_ascii`] and [`to_rgb`] the pictures,
//!   [`metrics`](mod@metrics) the sweep numbers.
//!
//! Everything the game needs to play a dungeon is in [`Dungeon`]; [`level`] documents how it plays.
//!
//! [`generate_dungeon`] is a pure function of the data, the seed and the request:
//! 1. **Skeleton** ([`layout`], [`bsp`], [`cave`], [`doors`]): zone rectangles in visiting order,
//!    each cut by a binary space partition into one cell per room; a chamber (or, in cave themes,
//!    a random-walk cave smoothed by cellular automata) in each cell; doors between neighbouring
//!    cells with corridors to them; a bridge room with a locked door between consecutive zones.
//! 2. **Tree** ([`tree`]): the article's chart, from the finish down, zone by zone, locking each
//!    full zone with its bridge; density 50 % (⌊rooms / 2⌋ puzzles per zone).
//! 3. **Furnishing** ([`place`], [`stage`], [`gifts`]): rooms for nodes, prefabs, objects, pens,
//!    items, switches, food and hazards.
//! 4. **Witness** ([`witness`], [`walk`]): a solving order and the walk it takes, which sets the
//!    par.
//!
//! [`validate_dungeon`] shares no code with any of that: it re-derives every promise from the
//! output and the RON data.
//!
//! Streams (all indexed so that dungeon K of a code is the same whatever was played before):
//! `DungeonLayout` per layout attempt and zone ([`layout::layout_index`]), `DungeonTree` (K),
//! `DungeonPlacement` and `DungeonFood` (per attempt), `DungeonExtra` (K: the theme draw).
//! Generation is integer grid maths plus basic float arithmetic (no transcendental functions),
//! so the browser and the desktop build the same dungeon.

pub mod bsp;
pub mod cave;
pub mod data;
pub mod doors;
pub mod explain;
pub mod generator;
pub mod gifts;
pub mod grid;
pub mod json;
pub mod layout;
pub mod level;
pub mod metrics;
pub mod place;
pub mod rebuild;
pub mod render;
pub mod request;
pub mod stage;
pub mod themes;
pub mod tree;
pub mod tuning;
pub mod validate;
pub mod walk;
pub mod witness;

pub use data::DungeonData;
pub use explain::{Carving, DungeonStep};
pub use json::DungeonJson;
pub use level::{
    Cell, Direction, Door, Dungeon, Food, Gives, Hazard, Item, ItemSource, Node, NodeRole, Object, ObjectKind, Rect,
    Room, RoomKind, RoomShape, Style, Switch, Tile, Zone,
};
pub use metrics::metrics;
pub use rebuild::{rebuild_dungeon, sketch_dungeon};
pub use render::{MAX_PICTURE_SIDE, draw_ascii, to_rgb};
pub use request::{DungeonError, DungeonRequest};
pub use themes::{DungeonThemes, Mechanic, Theme};
pub use tuning::DungeonTuning;
pub use validate::validate_dungeon;

use crate::Seed;
use crate::rng::{GenRng, Subsystem, stream};
use crate::trace::{NoTrace, Trace};

/// Generates dungeon `request.dungeon` of `seed`.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, generate_dungeon, validate_dungeon};
/// let data = DungeonData::default();
/// let request = DungeonRequest::new(1).with_zones(&[12, 10, 10, 14]);
/// let dungeon = generate_dungeon(&data, Seed(7), &request).unwrap();
/// assert_eq!(dungeon.nodes.len(), 6 + 5 + 5 + 7 + 3);
/// assert!(validate_dungeon(&data, &dungeon).is_empty());
/// assert_eq!(dungeon, generate_dungeon(&data, Seed(7), &request).unwrap());
/// assert!(generate_dungeon(&data, Seed(7), &DungeonRequest::new(1).with_zones(&[1])).is_err());
/// ```
pub fn generate_dungeon(data: &DungeonData, seed: Seed, request: &DungeonRequest) -> Result<Dungeon, DungeonError> {
    generate_dungeon_traced(data, seed, request, &mut NoTrace)
}

/// [`generate_dungeon`], telling `trace` every decision (see [`explain`]); with
/// [`NoTrace`] it is `generate_dungeon` itself.
pub fn generate_dungeon_traced<T: Trace<DungeonStep>>(
    data: &DungeonData,
    seed: Seed,
    request: &DungeonRequest,
    trace: &mut T,
) -> Result<Dungeon, DungeonError> {
    let tuning = &data.tuning;
    let sizes = request.zone_sizes(tuning)?;
    let k = request.dungeon;
    let themes = choose_themes(data, seed, request, sizes.len())?;
    let styles: Vec<Style> = themes.iter().map(|t| t.style).collect();
    let slots: Vec<usize> = sizes.iter().map(|&r| r as usize / 2).collect();
    let tree = tree::grow_tree(&slots, &themes, tuning, &mut stream(seed, Subsystem::DungeonTree, k));
    if T::ON {
        narrate_plan(trace, k, &sizes, &themes, request.themes.is_some(), &slots, &tree);
    }
    let plan = Blueprint { k, tuning, sizes, themes, styles, slots, tree };

    let mut retries = 0;
    for attempt in 0..tuning.max_layout_tries {
        match build(&plan, seed, attempt, retries, T::ON) {
            Ok((dungeon, carvings)) => {
                if T::ON {
                    narrate_world(trace, &dungeon, carvings, tuning);
                }
                return Ok(dungeon);
            }
            Err(failed) => {
                trace.note(|| DungeonStep::Retry { attempt, failed });
                retries += 1;
            }
        }
    }
    Err(DungeonError::LayoutFailed { tries: tuning.max_layout_tries })
}

/// What every attempt builds on: dungeon `k`'s zones (sizes, themes, styles, puzzle slots) and
/// its grown tree.
struct Blueprint<'a> {
    k: u32,
    tuning: &'a DungeonTuning,
    sizes: Vec<u32>,
    themes: Vec<&'a Theme>,
    styles: Vec<Style>,
    slots: Vec<usize>,
    tree: Vec<tree::TreeNode>,
}

/// The journal's carvings of a traced generation.
type Carvings = Vec<(Carving, Vec<(Cell, Tile)>)>;

/// One attempt (after `retries` thrown away): the skeleton, its furnishing and the witness walk.
/// Gives the dungeon and the carvings (when `journal`), or the step that failed.
fn build(
    plan: &Blueprint,
    seed: Seed,
    attempt: u32,
    retries: u32,
    journal: bool,
) -> Result<(Dungeon, Carvings), &'static str> {
    let (tuning, k) = (plan.tuning, plan.k);
    let index = layout::layout_index(k, attempt, 0);
    let mut skeleton =
        layout::lay_out(&plan.sizes, &plan.styles, tuning, seed, k, attempt, journal).map_err(|f| f.0)?;
    let mut place_rng = stream(seed, Subsystem::DungeonPlacement, index);
    let mut food_rng = stream(seed, Subsystem::DungeonFood, index);
    let furnished = place::furnish(&mut skeleton, &plan.tree, &plan.themes, tuning, k, &mut place_rng, &mut food_rng)
        .map_err(|f| f.0)?;
    let solution = witness::solve_order(&furnished.nodes, &furnished.rooms, &furnished.doors);
    let walk = walk::walk_length(
        &skeleton.canvas,
        &furnished.rooms,
        &furnished.doors,
        &furnished.nodes,
        &furnished.items,
        &furnished.objects,
        &furnished.hazards,
        furnished.player_start,
        &solution,
    );
    let (Some(walk_tiles), true) = (walk, solution.len() == furnished.nodes.len()) else {
        return Err("witness");
    };
    let zones = zone_records(plan, &skeleton, &furnished.nodes);
    let nodes = furnished.nodes.len() as f32;
    let seconds = (walk_tiles as f32 / tuning.player_speed + nodes * tuning.action_seconds) * tuning.par_slack;
    // The journal's carvings, taken before the tiles move into the dungeon (none untraced).
    let carvings = if journal { skeleton.canvas.carvings() } else { Vec::new() };
    let dungeon = Dungeon {
        dungeon: k,
        width: skeleton.canvas.width,
        height: skeleton.canvas.height,
        tiles: skeleton.canvas.tiles,
        zones,
        rooms: furnished.rooms,
        doors: furnished.doors,
        nodes: furnished.nodes,
        items: furnished.items,
        switches: furnished.switches,
        objects: furnished.objects,
        food: furnished.food,
        hazards: furnished.hazards,
        player_start: furnished.player_start,
        finish: furnished.finish,
        solution,
        walk_tiles,
        par_seconds: seconds.ceil() as u32,
        lives: tuning.lives,
        player_speed: tuning.player_speed,
        retries,
    };
    Ok((dungeon, carvings))
}

/// Every zone as built: its theme, rooms, region, bridge room and the node opening it.
fn zone_records(plan: &Blueprint, skeleton: &layout::Skeleton, nodes: &[Node]) -> Vec<Zone> {
    (0..plan.sizes.len())
        .map(|z| Zone {
            id: z,
            theme: plan.themes[z].id.clone(),
            colour: plan.themes[z].colour,
            style: plan.styles[z],
            rooms: plan.sizes[z] as usize,
            slots: plan.slots[z],
            region: skeleton.zones[z].region,
            bridge_room: skeleton.zones[z].bridge_room,
            opened_by: nodes.iter().position(|n| n.role == NodeRole::Bridge && n.zone == z),
        })
        .collect()
}

/// The plan, before anything is carved: the zones, their themes, the density rule and the tree.
fn narrate_plan<T: Trace<DungeonStep>>(
    trace: &mut T,
    k: u32,
    sizes: &[u32],
    themes: &[&Theme],
    requested: bool,
    slots: &[usize],
    tree: &[tree::TreeNode],
) {
    trace.note(|| DungeonStep::Zones { dungeon: k, rooms: sizes.to_vec() });
    for (zone, theme) in themes.iter().enumerate() {
        trace.note(|| DungeonStep::Theme { zone, theme: theme.id.clone(), style: theme.style, requested });
    }
    for (zone, (&rooms, &slots)) in sizes.iter().zip(slots).enumerate() {
        trace.note(|| DungeonStep::Density { zone, rooms, slots });
    }
    for (node, grown) in tree.iter().enumerate() {
        trace.note(|| DungeonStep::Grow {
            node,
            zone: grown.zone,
            role: grown.role,
            mechanic: grown.mechanic,
            kind: grown.kind.map(|i| themes[grown.zone].puzzles[i].id.clone()),
            parent: grown.parent,
        });
    }
}

/// The world as made: its carvings in order, then everything it holds and the witness.
fn narrate_world<T: Trace<DungeonStep>>(trace: &mut T, d: &Dungeon, carvings: Carvings, tuning: &DungeonTuning) {
    trace.note(|| DungeonStep::Canvas { width: d.width, height: d.height });
    for zone in &d.zones {
        trace.note(|| DungeonStep::Region { zone: zone.id, region: zone.region });
    }
    for (carving, tiles) in carvings {
        trace.note(|| DungeonStep::Carve { carving, tiles });
    }
    d.rooms.iter().for_each(|room| trace.note(|| DungeonStep::Room { room: room.clone() }));
    d.doors.iter().for_each(|door| trace.note(|| DungeonStep::Door { door: door.clone() }));
    d.nodes.iter().for_each(|node| trace.note(|| DungeonStep::Node { node: node.clone() }));
    d.items.iter().for_each(|item| trace.note(|| DungeonStep::Item { item: item.clone() }));
    d.switches.iter().for_each(|switch| trace.note(|| DungeonStep::Switch { switch: switch.clone() }));
    d.objects.iter().for_each(|object| trace.note(|| DungeonStep::Object { object: object.clone() }));
    d.food.iter().for_each(|food| trace.note(|| DungeonStep::Food { food: food.clone() }));
    d.hazards.iter().for_each(|hazard| trace.note(|| DungeonStep::Hazard { hazard: hazard.clone() }));
    trace.note(|| DungeonStep::Ends { start: d.player_start, finish: d.finish });
    d.zones.iter().for_each(|zone| trace.note(|| DungeonStep::Zone { zone: zone.clone() }));
    trace.note(|| DungeonStep::Witness {
        solution: d.solution.clone(),
        walk_tiles: d.walk_tiles,
        player_speed: tuning.player_speed,
        action_seconds: tuning.action_seconds,
        par_slack: tuning.par_slack,
        par_seconds: d.par_seconds,
        lives: d.lives,
        retries: d.retries,
    });
}

/// The themes per zone: the request's, checked, or distinct ones drawn from `DungeonExtra`.
fn choose_themes<'a>(
    data: &'a DungeonData,
    seed: Seed,
    request: &DungeonRequest,
    zones: usize,
) -> Result<Vec<&'a Theme>, DungeonError> {
    let all = &data.themes.themes;
    if let Some(ids) = &request.themes {
        if ids.len() != zones {
            return Err(DungeonError::Themes(format!("{} themes for {zones} zones", ids.len())));
        }
        let mut chosen: Vec<&Theme> = Vec::with_capacity(zones);
        for id in ids {
            let theme = data.themes.get(id).ok_or_else(|| {
                let known: Vec<&str> = all.iter().map(|t| t.id.as_str()).collect();
                DungeonError::Themes(format!("unknown theme \"{id}\" (known: {})", known.join(", ")))
            })?;
            if chosen.iter().any(|t| t.id == theme.id) {
                return Err(DungeonError::Themes(format!("theme \"{id}\" is asked for twice")));
            }
            chosen.push(theme);
        }
        return Ok(chosen);
    }
    if zones > all.len() {
        return Err(DungeonError::Themes(format!("{zones} zones but only {} themes", all.len())));
    }
    let mut rng = stream(seed, Subsystem::DungeonExtra, request.dungeon);
    let mut pool: Vec<&Theme> = all.iter().collect();
    Ok((0..zones).map(|_| pool.remove(rng.below(pool.len()))).collect())
}
