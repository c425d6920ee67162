//! The CLI's JSON document for a dungeon: a stable interface (the checks read it), so its field
//! names never change. Richer data (objects, items, food …) is in [`Dungeon`] itself.

use serde::Serialize;

use crate::Seed;

use super::level::Dungeon;

/// `{"seed","mode":"dungeon","dungeon","width","height","rows","zones","rooms","doors","nodes","solution"}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DungeonJson {
    /// The seed code (`1K3F9-QZ2MX`).
    pub seed: String,
    /// Always `"dungeon"`.
    pub mode: &'static str,
    pub dungeon: u32,
    pub width: usize,
    pub height: usize,
    /// The tile grid, one character per tile (see [`super::Tile::glyph`]).
    pub rows: Vec<String>,
    /// In visiting order.
    pub zones: Vec<ZoneJson>,
    pub rooms: Vec<RoomJson>,
    /// The room graph.
    pub doors: Vec<DoorJson>,
    pub nodes: Vec<NodeJson>,
    /// Node ids in solving order (the witness).
    pub solution: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ZoneJson {
    pub id: usize,
    pub theme: String,
    pub rooms: usize,
    pub slots: usize,
}

/// `kind` is `start`, `finish`, `puzzle`, `bridge` or `filler`; a bridge room's `zone` is the zone
/// it leads from; a cave's x, y, w, h is its bounding box.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoomJson {
    pub id: usize,
    pub zone: usize,
    pub kind: &'static str,
    pub x: usize,
    pub y: usize,
    pub w: usize,
    pub h: usize,
}

/// `locked_by` is the bridge node that opens a locked door, else `null`; x, y is the door's tile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DoorJson {
    pub a: usize,
    pub b: usize,
    pub locked_by: Option<usize>,
    pub x: usize,
    pub y: usize,
}

/// `kind` is `finish`, `puzzle`, `bridge` or `start`; a bridge node's `zone` is the zone it opens;
/// `puzzle` is the kind's id in `themes.ron`; `parent` is `null` for the root.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NodeJson {
    pub id: usize,
    pub zone: usize,
    pub room: usize,
    pub kind: &'static str,
    pub puzzle: String,
    pub parent: Option<usize>,
}

impl DungeonJson {
    /// The document for `dungeon` generated from `seed`.
    pub fn new(seed: Seed, dungeon: &Dungeon) -> DungeonJson {
        DungeonJson {
            seed: seed.code().to_string(),
            mode: "dungeon",
            dungeon: dungeon.dungeon,
            width: dungeon.width,
            height: dungeon.height,
            rows: dungeon.rows(),
            zones: dungeon
                .zones
                .iter()
                .map(|z| ZoneJson { id: z.id, theme: z.theme.clone(), rooms: z.rooms, slots: z.slots })
                .collect(),
            rooms: dungeon
                .rooms
                .iter()
                .map(|r| RoomJson {
                    id: r.id,
                    zone: r.zone,
                    kind: r.kind.name(),
                    x: r.rect.x,
                    y: r.rect.y,
                    w: r.rect.w,
                    h: r.rect.h,
                })
                .collect(),
            doors: dungeon
                .doors
                .iter()
                .map(|d| DoorJson { a: d.a, b: d.b, locked_by: d.locked_by, x: d.cell.0, y: d.cell.1 })
                .collect(),
            nodes: dungeon
                .nodes
                .iter()
                .map(|n| NodeJson {
                    id: n.id,
                    zone: n.zone,
                    room: n.room,
                    kind: n.role.name(),
                    puzzle: n.puzzle.clone(),
                    parent: n.parent,
                })
                .collect(),
            solution: dungeon.solution.clone(),
        }
    }
}
