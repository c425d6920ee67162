//! The world skeleton: zone rectangles laid in visiting order, each cut by the partition into
//! one cell per room, a chamber or cave carved in every cell, doors between neighbouring cells,
//! and a bridge room between each zone and the next.
//!
//! Why it is sound by construction:
//! - Each cell belongs to one room. A door is one tile of the wall two cells share, off their
//!   corners, and the corridors leading to it stay inside their own cells, so rooms touch only
//!   through doors and the door list *is* the room graph.
//! - The doors include one per cut of the partition (sibling subtrees joined), so every zone is
//!   connected; extra doors add loops.
//! - Zones form a staircase: each next zone lies wholly east of, or wholly south of, the one
//!   before, and every later zone starts no further west or north. Two zones therefore never
//!   overlap, and the only opening in the rock between zone `i` and zone `i + 1` is the bridge
//!   room in the gap between them, whose far door is locked.
//!
//! A flood fill still checks every room is reachable; a failure (never seen) makes the caller
//! retry with fresh streams, counted.

use crate::Seed;
use crate::rng::{GenRng, Subsystem, stream};

use super::bsp::{Partition, partition};
use super::cave::{CaveRules, carve_cave};
use super::doors::{join_cells, room_of, step_back, step_on, stub};
use super::explain::Carving;
use super::grid::Canvas;
use super::level::{Cell, Direction, Rect, RoomShape, Style, Tile};
use super::tuning::DungeonTuning;

/// A carved room before it has a purpose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    pub zone: usize,
    pub shape: RoomShape,
    /// The chamber's floor, the cave's bounding box, the bridge's floor.
    pub rect: Rect,
    /// Where objects may stand (a ring of free floor around it).
    pub stage: Rect,
    /// The tiles only this room may use: its cell's interior, or a bridge's floor.
    pub area: Rect,
    pub direction: Option<Direction>,
}

/// A door before the tree decides which bridge node opens it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doorway {
    pub a: usize,
    pub b: usize,
    pub cell: Cell,
    /// A bridge's door into the next zone.
    pub locked: bool,
}

/// One zone's place in the world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZonePlan {
    pub region: Rect,
    /// Its rooms' ids (the bridge room not included).
    pub rooms: std::ops::Range<usize>,
    pub bridge_room: Option<usize>,
}

/// The carved world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skeleton {
    pub canvas: Canvas,
    pub zones: Vec<ZonePlan>,
    pub bodies: Vec<Body>,
    pub doors: Vec<Doorway>,
}

/// Why a layout or furnishing attempt was thrown away (the step that failed). Never seen in
/// practice; the caller counts it as a retry and tries again with fresh streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failed(pub &'static str);

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the {} step failed its check", self.0)
    }
}

impl std::error::Error for Failed {}

/// The stream index of one part of one layout attempt of dungeon `k`: parts are 0 (the world
/// arrangement) and 1 + zone.
pub fn layout_index(k: u32, attempt: u32, part: usize) -> u32 {
    (k << 8) | ((attempt & 31) << 3) | (part as u32 & 7)
}

/// Lays out zones of `sizes` rooms with `styles`. An error means the attempt failed a check
/// (the caller retries with the next attempt number).
pub fn lay_out(
    sizes: &[u32],
    styles: &[Style],
    tuning: &DungeonTuning,
    seed: Seed,
    k: u32,
    attempt: u32,
    journal: bool,
) -> Result<Skeleton, Failed> {
    let mut zone_rngs: Vec<_> =
        (0..sizes.len()).map(|z| stream(seed, Subsystem::DungeonLayout, layout_index(k, attempt, 1 + z))).collect();

    // 1. Each zone's rectangle and partition, at the origin.
    let partitions: Vec<Partition> =
        sizes.iter().zip(&mut zone_rngs).map(|(&rooms, rng)| zone_partition(rooms as usize, tuning, rng)).collect();

    // 2. The staircase of zones, and the row (or column) of each bridge.
    let mut world_rng = stream(seed, Subsystem::DungeonLayout, layout_index(k, attempt, 0));
    let regions = arrange(&partitions, tuning.bridge_length, &mut world_rng);
    let shifted: Vec<Vec<Rect>> = partitions
        .iter()
        .zip(&regions)
        .map(|(p, r)| p.cells.iter().map(|c| Rect { x: c.x + r.x, y: c.y + r.y, ..*c }).collect())
        .collect();
    let width = regions.iter().map(|r| r.x + r.w).max().unwrap_or(1);
    let height = regions.iter().map(|r| r.y + r.h).max().unwrap_or(1);
    let canvas = if journal { Canvas::journaled(width, height) } else { Canvas::new(width, height) };

    // 3. Rooms and doors zone by zone; each zone's bridge room follows its rooms.
    let rules = cave_rules(tuning);
    let mut b = Builder {
        canvas,
        bodies: Vec::new(),
        doors: Vec::new(),
        zones: Vec::new(),
        regions: &regions,
        shifted: &shifted,
    };
    for z in 0..sizes.len() {
        let rng = &mut zone_rngs[z];
        let first = b.bodies.len();
        b.carve_rooms(z, styles[z], tuning, &rules, rng);
        b.mark_doors(z, &partitions[z], first, tuning.loop_share, rng);
        if z > 0 {
            b.open_into(z, first)?;
        }
        b.zones.push(ZonePlan { region: regions[z], rooms: first..b.bodies.len(), bridge_room: None });
        if z + 1 < sizes.len() {
            b.add_bridge(z, first, tuning.bridge_length, &mut world_rng)?;
        }
    }

    if !all_reachable(&b.canvas, &b.bodies) {
        return Err(Failed("reachability"));
    }
    Ok(Skeleton { canvas: b.canvas, zones: b.zones, bodies: b.bodies, doors: b.doors })
}

/// A zone's rectangle for `rooms` rooms (with spare cells), at the origin, and its partition.
fn zone_partition(rooms: usize, tuning: &DungeonTuning, rng: &mut impl GenRng) -> Partition {
    let unit = tuning.cell_unit();
    let capacity = rooms + (rooms as f32 * tuning.spare_cells).round() as usize;
    let mut down = isqrt(capacity).max(1);
    let mut across = capacity.div_ceil(down);
    if rng.below(2) == 1 {
        std::mem::swap(&mut down, &mut across);
    }
    let w = across * unit + rng.below(unit) + 1;
    let h = down * unit + rng.below(unit) + 1;
    partition(Rect { x: 0, y: 0, w, h }, rooms, unit, rng)
}

/// The cave rules of the tuning.
fn cave_rules(tuning: &DungeonTuning) -> CaveRules {
    CaveRules {
        core: tuning.room_min,
        walk_share: tuning.cave_walk_share,
        passes: tuning.cave_passes,
        wall_at: tuning.cave_wall_at,
        floor_at: tuning.cave_floor_at,
    }
}

/// The skeleton as it is built zone by zone, over the placed zones' regions and cells.
struct Builder<'a> {
    canvas: Canvas,
    bodies: Vec<Body>,
    doors: Vec<Doorway>,
    zones: Vec<ZonePlan>,
    regions: &'a [Rect],
    /// Every zone's partition cells, in place.
    shifted: &'a [Vec<Rect>],
}

impl Builder<'_> {
    /// A chamber or a cave (by the zone's style) in every cell of zone `z`.
    fn carve_rooms(
        &mut self,
        z: usize,
        style: Style,
        tuning: &DungeonTuning,
        rules: &CaveRules,
        rng: &mut impl GenRng,
    ) {
        for cell in &self.shifted[z] {
            let area = cell.shrink(1);
            let room = self.bodies.len();
            self.canvas.mark(match style {
                Style::Rooms => Carving::Chamber { room, zone: z },
                Style::Caves => Carving::Cave { room, zone: z },
            });
            let body = match style {
                Style::Rooms => chamber(&mut self.canvas, area, tuning, z, rng),
                Style::Caves => cave_body(&mut self.canvas, area, rules, z, rng),
            };
            self.bodies.push(body);
        }
    }

    /// The doors between zone `z`'s neighbouring cells (its rooms from `first` on).
    fn mark_doors(&mut self, z: usize, partition: &Partition, first: usize, loop_share: f32, rng: &mut impl GenRng) {
        let origin = (self.regions[z].x, self.regions[z].y);
        self.canvas.mark(Carving::Doors { zone: z });
        join_cells(
            &mut self.canvas,
            &self.shifted[z],
            partition,
            origin,
            first,
            &self.bodies,
            loop_share,
            rng,
            &mut self.doors,
        );
    }

    /// The previous bridge's locked door opens into zone `z`: finds the room behind it and gives
    /// that room its corridor to the door.
    fn open_into(&mut self, z: usize, first: usize) -> Result<(), Failed> {
        let door = self.doors.iter_mut().rev().find(|d| d.locked).ok_or(Failed("layout"))?;
        let east = self.bodies[door.a].direction == Some(Direction::East);
        let behind = room_of(&self.shifted[z], door.cell, east, first).ok_or(Failed("layout"))?;
        door.b = behind;
        let cell = door.cell;
        self.canvas.mark(Carving::Corridor { room: behind });
        stub(&mut self.canvas, &self.bodies[behind], step_on(cell, east), east);
        Ok(())
    }

    /// The bridge room after zone `z` (whose rooms start at `first`): its floor, its open door
    /// with a corridor from the room inside, and its locked door (whose far room comes later).
    fn add_bridge(&mut self, z: usize, first: usize, length: usize, rng: &mut impl GenRng) -> Result<(), Failed> {
        self.canvas.mark(Carving::Bridge { zone: z });
        let (floor, open_cell, locked_cell, east) =
            bridge(&mut self.canvas, self.regions, self.shifted, z, length, rng)?;
        let id = self.bodies.len();
        self.bodies.push(Body {
            zone: z,
            shape: RoomShape::Bridge,
            rect: floor,
            // Its floor's middle: the ring around it keeps the way through clear.
            stage: floor.shrink(1),
            area: floor,
            direction: Some(if east { Direction::East } else { Direction::South }),
        });
        let inner = room_of(&self.shifted[z], open_cell, east, first).ok_or(Failed("layout"))?;
        self.doors.push(Doorway { a: inner, b: id, cell: open_cell, locked: false });
        self.canvas.mark(Carving::Corridor { room: inner });
        stub(&mut self.canvas, &self.bodies[inner], step_back(open_cell, east), east);
        // `b` is set once the next zone's rooms exist.
        self.doors.push(Doorway { a: id, b: usize::MAX, cell: locked_cell, locked: true });
        self.zones[z].bridge_room = Some(id);
        Ok(())
    }
}

/// ⌊√n⌋ by integer steps (no float square root in generation).
fn isqrt(n: usize) -> usize {
    let mut r = 0;
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

/// Places the zone rectangles as a staircase: each next zone east or south of the one before,
/// a bridge's length of rock between them, overlapping it along the shared side. Prefers the
/// direction that keeps the world square.
fn arrange(partitions: &[Partition], bridge_length: usize, rng: &mut impl GenRng) -> Vec<Rect> {
    let size = |p: &Partition| {
        let w = p.cells.iter().map(|c| c.x + c.w).max().unwrap_or(1);
        let h = p.cells.iter().map(|c| c.y + c.h).max().unwrap_or(1);
        (w, h)
    };
    let (w0, h0) = size(&partitions[0]);
    let mut regions = vec![Rect { x: 0, y: 0, w: w0, h: h0 }];
    let (mut world_w, mut world_h) = (w0, h0);
    for p in &partitions[1..] {
        let prev = *regions.last().unwrap_or(&Rect { x: 0, y: 0, w: 1, h: 1 });
        let (w, h) = size(p);
        let east_weight = if world_w <= world_h { 3.0 } else { 1.0 };
        let east = rng.weighted(&[east_weight, 4.0 - east_weight]) == 0;
        // The far zone's start along the shared side stays within the near zone's side, so the
        // two overlap by the shorter side; starts never move back, which keeps the staircase.
        let next = if east {
            let slide = prev.h.saturating_sub(h);
            Rect { x: prev.right() + bridge_length + 1, y: prev.y + rng.below(slide + 1), w, h }
        } else {
            let slide = prev.w.saturating_sub(w);
            Rect { x: prev.x + rng.below(slide + 1), y: prev.bottom() + bridge_length + 1, w, h }
        };
        world_w = world_w.max(next.x + w);
        world_h = world_h.max(next.y + h);
        regions.push(next);
    }
    regions
}

/// A chamber of random size at a random place in `area`.
fn chamber(canvas: &mut Canvas, area: Rect, tuning: &DungeonTuning, zone: usize, rng: &mut impl GenRng) -> Body {
    // A cell's interior is at least `room_min` a side (the partition unit), so this never clamps
    // below the minimum.
    let mut side = |space: usize| {
        let max = tuning.room_max.min(space);
        let min = tuning.room_min.min(max);
        min + rng.below(max - min + 1)
    };
    let (w, h) = (side(area.w), side(area.h));
    let x = area.x + rng.below(area.w - w + 1);
    let y = area.y + rng.below(area.h - h + 1);
    let rect = Rect { x, y, w, h };
    for cell in rect.cells() {
        canvas.set(cell, Tile::Floor);
    }
    Body { zone, shape: RoomShape::Chamber, rect, stage: rect.shrink(1), area, direction: None }
}

/// A cave carved in `area`.
fn cave_body(canvas: &mut Canvas, area: Rect, rules: &CaveRules, zone: usize, rng: &mut impl GenRng) -> Body {
    let cave = carve_cave(area, rules, rng);
    for &cell in &cave.floor {
        canvas.set(cell, Tile::Floor);
    }
    Body { zone, shape: RoomShape::Cave, rect: cave.bounds, stage: cave.core.shrink(1), area, direction: None }
}

/// The bridge between zone `z` and `z + 1`: its floor, its open door (in zone `z`'s wall) and
/// locked door (in zone `z + 1`'s wall), and whether it runs east–west.
type Bridge = (Rect, Cell, Cell, bool);

fn bridge(
    canvas: &mut Canvas,
    regions: &[Rect],
    cells: &[Vec<Rect>],
    z: usize,
    length: usize,
    rng: &mut impl GenRng,
) -> Result<Bridge, Failed> {
    let (near, far) = (regions[z], regions[z + 1]);
    let east = far.x > near.right();
    // Along the shared side: inside both regions with room for the bridge's walls, and off the
    // corners of the cells on both edges (so each door opens into exactly one cell).
    let (lo, hi) = if east {
        (near.y.max(far.y) + 2, near.bottom().min(far.bottom()).saturating_sub(2))
    } else {
        (near.x.max(far.x) + 2, near.right().min(far.right()).saturating_sub(2))
    };
    let inside_edge_cell = |cells: &[Rect], t: usize, edge: usize| {
        cells.iter().any(|c| {
            if east {
                (c.x == edge || c.right() == edge) && t > c.y && t < c.bottom()
            } else {
                (c.y == edge || c.bottom() == edge) && t > c.x && t < c.right()
            }
        })
    };
    let (near_edge, far_edge) = if east { (near.right(), far.x) } else { (near.bottom(), far.y) };
    let options: Vec<usize> = (lo..=hi)
        .filter(|&t| inside_edge_cell(&cells[z], t, near_edge) && inside_edge_cell(&cells[z + 1], t, far_edge))
        .collect();
    if options.is_empty() {
        return Err(Failed("bridge"));
    }
    let t = options[rng.below(options.len())];
    let (floor, open_cell, locked_cell) = if east {
        (Rect { x: near_edge + 1, y: t - 1, w: length, h: 3 }, (near_edge, t), (far_edge, t))
    } else {
        (Rect { x: t - 1, y: near_edge + 1, w: 3, h: length }, (t, near_edge), (t, far_edge))
    };
    for cell in floor.cells() {
        canvas.set(cell, Tile::Floor);
    }
    canvas.set(open_cell, Tile::Door);
    canvas.set(locked_cell, Tile::LockedDoor);
    Ok((floor, open_cell, locked_cell, east))
}

/// Whether a flood fill from the first room (through every door, locked ones too) reaches a
/// floor tile of every room.
fn all_reachable(canvas: &Canvas, bodies: &[Body]) -> bool {
    let Some(first) = bodies.first() else { return false };
    let start = first.stage.cells().next().unwrap_or((first.rect.x, first.rect.y));
    let mut seen = vec![false; canvas.width * canvas.height];
    seen[start.1 * canvas.width + start.0] = true;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for next in canvas.neighbours(at) {
            let i = next.1 * canvas.width + next.0;
            if !seen[i] && canvas.get(next) != Tile::Wall {
                seen[i] = true;
                queue.push_back(next);
            }
        }
    }
    bodies.iter().all(|b| b.rect.cells().any(|c| seen[c.1 * canvas.width + c.0]))
}
