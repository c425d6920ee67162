//! Doors between a zone's cells and the corridors that reach them: one door across every cut of
//! the partition (so the zone is connected), a few more for loops, each a single tile of the wall
//! two cells share, off their corners, with a corridor inside each cell from the door to that
//! cell's room. Corridors never leave their cell, so rooms touch only at doors.

use crate::rng::GenRng;

use super::bsp::Partition;
use super::grid::Canvas;
use super::layout::{Body, Doorway};
use super::level::{Cell, Rect, RoomShape, Tile};

/// Two cells that share a stretch of wall: the wall's line and the interior span along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contact {
    a: usize,
    b: usize,
    vertical: bool,
    line: usize,
    lo: usize,
    hi: usize,
}

/// Every pair of cells sharing a wall with at least one tile of both interiors beside it.
fn contacts(cells: &[Rect]) -> Vec<Contact> {
    let mut out = Vec::new();
    for (a, ca) in cells.iter().enumerate() {
        for (b, cb) in cells.iter().enumerate().skip(a + 1) {
            let rows = (ca.y.max(cb.y) + 1, ca.bottom().min(cb.bottom()).saturating_sub(1));
            let cols = (ca.x.max(cb.x) + 1, ca.right().min(cb.right()).saturating_sub(1));
            if (ca.right() == cb.x || cb.right() == ca.x) && rows.0 <= rows.1 {
                let line = if ca.right() == cb.x { cb.x } else { ca.x };
                out.push(Contact { a, b, vertical: true, line, lo: rows.0, hi: rows.1 });
            } else if (ca.bottom() == cb.y || cb.bottom() == ca.y) && cols.0 <= cols.1 {
                let line = if ca.bottom() == cb.y { cb.y } else { ca.y };
                out.push(Contact { a, b, vertical: false, line, lo: cols.0, hi: cols.1 });
            }
        }
    }
    out
}

/// Doors between a zone's cells: one across every cut (a spanning tree), then `loop_share` ×
/// rooms more between other neighbours. `origin` is where the partition (made at 0, 0) was moved
/// to; `first` is the id of the zone's first room.
pub(super) fn join_cells(
    canvas: &mut Canvas,
    cells: &[Rect],
    partition: &Partition,
    origin: (usize, usize),
    first: usize,
    bodies: &[Body],
    loop_share: f32,
    rng: &mut impl GenRng,
    doors: &mut Vec<Doorway>,
) {
    let all = contacts(cells);
    let mut used = vec![false; all.len()];
    let mut chosen = Vec::new();
    for cut in &partition.cuts {
        let across: Vec<usize> = (0..all.len())
            .filter(|&i| {
                let c = all[i];
                let line = cut.line + if cut.vertical { origin.0 } else { origin.1 };
                c.vertical == cut.vertical
                    && c.line == line
                    && ((cut.before.contains(&c.a) && cut.after.contains(&c.b))
                        || (cut.before.contains(&c.b) && cut.after.contains(&c.a)))
            })
            .collect();
        // A cut line is covered by cells on both sides, so some pair always meets across it.
        if let Some(&i) = across.get(rng.below(across.len().max(1))) {
            used[i] = true;
            chosen.push(i);
        }
    }
    let mut spare: Vec<usize> = (0..all.len()).filter(|&i| !used[i]).collect();
    let loops = ((cells.len() as f32 * loop_share).round() as usize).min(spare.len());
    for _ in 0..loops {
        chosen.push(spare.swap_remove(rng.below(spare.len())));
    }
    for i in chosen {
        let c = all[i];
        let (a, b) = (first + c.a, first + c.b);
        let t = door_position(&c, &bodies[a], &bodies[b], rng);
        let cell = if c.vertical { (c.line, t) } else { (t, c.line) };
        canvas.set(cell, Tile::Door);
        doors.push(Doorway { a, b, cell, locked: false });
        stub(canvas, &bodies[a], step_toward(cell, c.vertical, &bodies[a].area), c.vertical);
        stub(canvas, &bodies[b], step_toward(cell, c.vertical, &bodies[b].area), c.vertical);
    }
}

/// Where along a shared wall the door goes: facing both bodies if they overlap there (a straight
/// corridor), else facing one of them, else anywhere.
fn door_position(c: &Contact, a: &Body, b: &Body, rng: &mut impl GenRng) -> usize {
    let span =
        |body: &Body| if c.vertical { (body.rect.y, body.rect.bottom()) } else { (body.rect.x, body.rect.right()) };
    let (sa, sb) = (span(a), span(b));
    let within = |t: usize, s: (usize, usize)| t >= s.0 && t <= s.1;
    let both: Vec<usize> = (c.lo..=c.hi).filter(|&t| within(t, sa) && within(t, sb)).collect();
    let one: Vec<usize> = (c.lo..=c.hi).filter(|&t| within(t, sa) || within(t, sb)).collect();
    let pool = if !both.is_empty() {
        both
    } else if !one.is_empty() {
        one
    } else {
        (c.lo..=c.hi).collect()
    };
    pool[rng.below(pool.len())]
}

/// The tile beside door `cell` inside `area` (the door lies on the area's edge wall).
fn step_toward(cell: Cell, vertical: bool, area: &Rect) -> Cell {
    if vertical {
        if area.contains((cell.0 + 1, cell.1)) { (cell.0 + 1, cell.1) } else { (cell.0.saturating_sub(1), cell.1) }
    } else if area.contains((cell.0, cell.1 + 1)) {
        (cell.0, cell.1 + 1)
    } else {
        (cell.0, cell.1.saturating_sub(1))
    }
}

/// The tile before a bridge's near door (west or north of it).
pub(super) fn step_back(cell: Cell, vertical: bool) -> Cell {
    if vertical { (cell.0 - 1, cell.1) } else { (cell.0, cell.1 - 1) }
}

/// The tile past a bridge's far door (east or south of it).
pub(super) fn step_on(cell: Cell, vertical: bool) -> Cell {
    if vertical { (cell.0 + 1, cell.1) } else { (cell.0, cell.1 + 1) }
}

/// The room whose cell holds the tile beside `door` (west/north or east/south of it).
pub(super) fn room_of(cells: &[Rect], door: Cell, vertical: bool, first: usize) -> Option<usize> {
    let sides = if vertical {
        [(door.0.wrapping_sub(1), door.1), (door.0 + 1, door.1)]
    } else {
        [(door.0, door.1.wrapping_sub(1)), (door.0, door.1 + 1)]
    };
    cells.iter().position(|c| sides.iter().any(|&s| c.shrink(1).contains(s))).map(|i| first + i)
}

/// A corridor inside `body`'s area from `entry` (beside a door) to its body: an L for a chamber
/// (along the door's axis first, so a facing chamber gets a straight corridor), a shortest path
/// for a cave. Only wall tiles are carved; the area is the room's own, so nothing else is touched.
pub(super) fn stub(canvas: &mut Canvas, body: &Body, entry: Cell, vertical: bool) {
    match body.shape {
        RoomShape::Bridge => {}
        RoomShape::Chamber => {
            let r = body.rect;
            let target = (entry.0.clamp(r.x, r.right()), entry.1.clamp(r.y, r.bottom()));
            let mut at = entry;
            // At most the area's width plus height steps.
            while at != target {
                if canvas.get(at) == Tile::Wall {
                    canvas.set(at, Tile::Corridor);
                }
                let x_first = vertical;
                at = if (x_first && at.0 != target.0) || (!x_first && at.1 == target.1) {
                    (if at.0 < target.0 { at.0 + 1 } else { at.0 - 1 }, at.1)
                } else {
                    (at.0, if at.1 < target.1 { at.1 + 1 } else { at.1 - 1 })
                };
            }
        }
        RoomShape::Cave => cave_stub(canvas, body, entry),
    }
}

/// Breadth-first from `entry` inside the cave's area to the nearest floor or corridor off the
/// stage; carves the path.
fn cave_stub(canvas: &mut Canvas, body: &Body, entry: Cell) {
    let area = body.area;
    let index = |(x, y): Cell| (y - area.y) * area.w + (x - area.x);
    let is_goal =
        |canvas: &Canvas, c: Cell| matches!(canvas.get(c), Tile::Floor | Tile::Corridor) && !body.stage.contains(c);
    let mut came: Vec<Option<Cell>> = vec![None; area.w * area.h];
    let mut queue = std::collections::VecDeque::from([entry]);
    came[index(entry)] = Some(entry);
    let mut found = None;
    while let Some(at) = queue.pop_front() {
        if is_goal(canvas, at) {
            found = Some(at);
            break;
        }
        for next in canvas.neighbours(at) {
            if area.contains(next) && came[index(next)].is_none() {
                came[index(next)] = Some(at);
                queue.push_back(next);
            }
        }
    }
    // Walk back from the goal, carving walls; each step moves to an earlier cell of the search.
    let mut at = found.unwrap_or(entry);
    while at != entry {
        if canvas.get(at) == Tile::Wall {
            canvas.set(at, Tile::Corridor);
        }
        at = came[index(at)].unwrap_or(entry);
    }
    if canvas.get(entry) == Tile::Wall {
        canvas.set(entry, Tile::Corridor);
    }
}
