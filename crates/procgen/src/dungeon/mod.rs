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
//!   [`metrics`] the sweep numbers.
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
//! 3. **Furnishing** ([`place`], [`stage`]): rooms for nodes, prefabs, objects, pens, items,
//!    switches, food and hazards.
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
pub mod generator;
pub mod grid;
pub mod json;
pub mod layout;
pub mod level;
pub mod metrics;
pub mod place;
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
pub use json::DungeonJson;
pub use level::{
    Cell, Direction, Door, Dungeon, Food, Gives, Hazard, Item, ItemSource, Node, NodeRole, Object, ObjectKind, Rect,
    Room, RoomKind, RoomShape, Style, Switch, Tile, Zone,
};
pub use metrics::metrics;
pub use render::{MAX_PICTURE_SIDE, draw_ascii, to_rgb};
pub use request::{DungeonError, DungeonRequest};
pub use themes::{DungeonThemes, Mechanic, Theme};
pub use tuning::DungeonTuning;
pub use validate::validate_dungeon;

use crate::Seed;
use crate::rng::{GenRng, Subsystem, stream};

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
    let tuning = &data.tuning;
    let sizes = request.zone_sizes(tuning)?;
    let k = request.dungeon;
    let themes = choose_themes(data, seed, request, sizes.len())?;
    let styles: Vec<Style> = themes.iter().map(|t| t.style).collect();
    let slots: Vec<usize> = sizes.iter().map(|&r| r as usize / 2).collect();
    let tree = tree::grow_tree(&slots, &themes, tuning, &mut stream(seed, Subsystem::DungeonTree, k));

    let mut retries = 0;
    for attempt in 0..tuning.max_layout_tries {
        let index = layout::layout_index(k, attempt, 0);
        let Ok(mut skeleton) = layout::lay_out(&sizes, &styles, tuning, seed, k, attempt) else {
            retries += 1;
            continue;
        };
        let mut place_rng = stream(seed, Subsystem::DungeonPlacement, index);
        let mut food_rng = stream(seed, Subsystem::DungeonFood, index);
        let Ok(furnished) = place::furnish(&mut skeleton, &tree, &themes, tuning, k, &mut place_rng, &mut food_rng)
        else {
            retries += 1;
            continue;
        };
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
            retries += 1;
            continue;
        };
        let zones = (0..sizes.len())
            .map(|z| Zone {
                id: z,
                theme: themes[z].id.clone(),
                colour: themes[z].colour,
                style: styles[z],
                rooms: sizes[z] as usize,
                slots: slots[z],
                region: skeleton.zones[z].region,
                bridge_room: skeleton.zones[z].bridge_room,
                opened_by: furnished.nodes.iter().position(|n| n.role == NodeRole::Bridge && n.zone == z),
            })
            .collect();
        let nodes = furnished.nodes.len() as f32;
        let seconds = (walk_tiles as f32 / tuning.player_speed + nodes * tuning.action_seconds) * tuning.par_slack;
        return Ok(Dungeon {
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
        });
    }
    Err(DungeonError::LayoutFailed { tries: tuning.max_layout_tries })
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
