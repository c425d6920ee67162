//! The dungeon made again from its generator's events alone ([`rebuild_dungeon`]): a canvas of
//! wall, every carving applied in order, then the rooms, doors, puzzles and things the events
//! name, and the par worked out again from the witness's numbers. A trace that was altered or
//! cut gives another dungeon or an error, never the generator's dungeon by accident.

use super::explain::DungeonStep;
use super::level::{Dungeon, Tile};
use crate::generate::Picture;
use crate::trace::{ReplayError, same_number};

/// The dungeon a trace describes.
pub fn rebuild_dungeon(events: &[DungeonStep]) -> Result<Dungeon, ReplayError> {
    match lay_dungeon(events)? {
        (Some(d), true, _) => Ok(d),
        _ => Err(ReplayError::new(events.len(), "the trace ends before the witness")),
    }
}

/// The dungeon as far as `events` (a prefix of a trace, for `explain --format png`) have made
/// it, `cell_px` pixels a tile: all wall until the canvas, the start and finish once placed.
pub fn sketch_dungeon(events: &[DungeonStep], cell_px: usize) -> Result<Picture, ReplayError> {
    let (d, _, placed) = lay_dungeon(events)?;
    // Before the canvas, one tile of wall: the frame is filled with it.
    let mut d = d.unwrap_or_else(|| empty(0, 1, 1, 1));
    if !placed {
        // Off the canvas, so not drawn.
        (d.player_start, d.finish) = ((usize::MAX, usize::MAX), (usize::MAX, usize::MAX));
    }
    Ok(Picture::from_parts(crate::dungeon::to_rgb(&d, cell_px)))
}

/// The dungeon the events make once its canvas is laid, whether the witness was read and
/// whether the start and finish were placed.
fn lay_dungeon(events: &[DungeonStep]) -> Result<(Option<Dungeon>, bool, bool), ReplayError> {
    let mut d: Option<Dungeon> = None;
    let mut placed = false;
    let mut plan: Option<(u32, Vec<u32>)> = None;
    let mut witnessed = false;
    for (i, event) in events.iter().enumerate() {
        let missing = || ReplayError::new(i, "comes before the canvas");
        match event {
            DungeonStep::Zones { dungeon, rooms } => plan = Some((*dungeon, rooms.clone())),
            DungeonStep::Theme { .. } | DungeonStep::Density { .. } | DungeonStep::Grow { .. } => {}
            DungeonStep::Retry { .. } | DungeonStep::Region { .. } => {}
            DungeonStep::Canvas { width, height } => {
                let (dungeon, _) = plan.clone().ok_or_else(|| ReplayError::new(i, "comes before the zones"))?;
                let tiles = width
                    .checked_mul(*height)
                    .filter(|&n| n <= 1 << 24)
                    .ok_or_else(|| ReplayError::new(i, format!("a canvas of {width} × {height} is too big")))?;
                d = Some(empty(dungeon, *width, *height, tiles));
            }
            DungeonStep::Carve { tiles, .. } => {
                let d = d.as_mut().ok_or_else(missing)?;
                for &((x, y), tile) in tiles {
                    if x >= d.width || y >= d.height {
                        return Err(ReplayError::new(i, format!("carves ({x}, {y}), outside the canvas")));
                    }
                    d.tiles[y * d.width + x] = tile;
                }
            }
            DungeonStep::Room { room } => d.as_mut().ok_or_else(missing)?.rooms.push(room.clone()),
            DungeonStep::Door { door } => d.as_mut().ok_or_else(missing)?.doors.push(door.clone()),
            DungeonStep::Node { node } => d.as_mut().ok_or_else(missing)?.nodes.push(node.clone()),
            DungeonStep::Item { item } => d.as_mut().ok_or_else(missing)?.items.push(item.clone()),
            DungeonStep::Switch { switch } => d.as_mut().ok_or_else(missing)?.switches.push(switch.clone()),
            DungeonStep::Object { object } => d.as_mut().ok_or_else(missing)?.objects.push(object.clone()),
            DungeonStep::Food { food } => d.as_mut().ok_or_else(missing)?.food.push(food.clone()),
            DungeonStep::Hazard { hazard } => d.as_mut().ok_or_else(missing)?.hazards.push(hazard.clone()),
            DungeonStep::Ends { start, finish } => {
                let d = d.as_mut().ok_or_else(missing)?;
                (d.player_start, d.finish) = (*start, *finish);
                placed = true;
            }
            DungeonStep::Zone { zone } => d.as_mut().ok_or_else(missing)?.zones.push(zone.clone()),
            DungeonStep::Witness {
                solution,
                walk_tiles,
                player_speed,
                action_seconds,
                par_slack,
                par_seconds,
                lives,
                retries,
            } => {
                let d = d.as_mut().ok_or_else(missing)?;
                if solution.len() != d.nodes.len() {
                    let why = format!("solves {} puzzles of {}", solution.len(), d.nodes.len());
                    return Err(ReplayError::new(i, why));
                }
                // The generator's own sum, to the bit: a caption's par can't differ from the game's.
                let nodes = d.nodes.len() as f32;
                let seconds = (*walk_tiles as f32 / player_speed + nodes * action_seconds) * par_slack;
                same_number(i, "the par", *par_seconds as f32, seconds.ceil())?;
                d.solution = solution.clone();
                (d.walk_tiles, d.par_seconds, d.lives, d.retries) = (*walk_tiles, *par_seconds, *lives, *retries);
                d.player_speed = *player_speed;
                witnessed = true;
            }
        }
    }
    Ok((d, witnessed, placed))
}

fn empty(dungeon: u32, width: usize, height: usize, tiles: usize) -> Dungeon {
    Dungeon {
        dungeon,
        width,
        height,
        tiles: vec![Tile::Wall; tiles],
        zones: Vec::new(),
        rooms: Vec::new(),
        doors: Vec::new(),
        nodes: Vec::new(),
        items: Vec::new(),
        switches: Vec::new(),
        objects: Vec::new(),
        food: Vec::new(),
        hazards: Vec::new(),
        player_start: (0, 0),
        finish: (0, 0),
        solution: Vec::new(),
        walk_tiles: 0,
        par_seconds: 0,
        lives: 0,
        player_speed: 0.0,
        retries: 0,
    }
}
