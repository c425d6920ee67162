//! Pictures of a dungeon for designers and tests: text with a legend, and an RGB8 buffer the CLI
//! encodes as PNG, each zone's floor tinted with its theme's colour.
//!
//! Text: the grid's own characters ([`Tile::glyph`]: `#` wall, `.` floor, `,` corridor, `_` decor,
//! `O` pillar, `+` door, `L` locked door, `=` gate) with what stands on them drawn over: `@` the
//! player's start, `*` an item on the floor, `/` lever, `C` crate, `^` plate, `&` station, `G`
//! guard, `T` the feast table, `!` hazard, `%` food. Where two share a tile, the earlier in that
//! list is drawn.

use super::level::{Cell, Dungeon, ItemSource, ObjectKind, Tile};

/// The largest side of a picture in pixels: `cell_px` is lowered until the picture fits. (A
/// dungeon at the request limits is well under 4096 tiles a side, so one pixel a tile always
/// fits.)
pub const MAX_PICTURE_SIDE: usize = 4096;

/// What stands on a tile, most important first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    Start,
    Item,
    Lever,
    Crate,
    Plate,
    Station,
    Guard,
    Table,
    Hazard,
    Food,
}

impl Mark {
    const fn glyph(self) -> char {
        match self {
            Mark::Start => '@',
            Mark::Item => '*',
            Mark::Lever => '/',
            Mark::Crate => 'C',
            Mark::Plate => '^',
            Mark::Station => '&',
            Mark::Guard => 'G',
            Mark::Table => 'T',
            Mark::Hazard => '!',
            Mark::Food => '%',
        }
    }

    /// Colour, and how much of the tile it covers: (square or diamond, size in tenths of a tile).
    const fn look(self) -> ([u8; 3], bool, usize) {
        match self {
            Mark::Start => ([40, 170, 110], true, 8),   // mint
            Mark::Item => ([255, 196, 20], false, 8),   // golden syrup
            Mark::Lever => ([120, 80, 200], true, 5),   // blueberry
            Mark::Crate => ([140, 90, 40], true, 8),    // crust
            Mark::Plate => ([90, 110, 150], true, 7),   // slate
            Mark::Station => ([240, 130, 30], true, 7), // caramel
            Mark::Guard => ([170, 40, 90], false, 9),   // beetroot
            Mark::Table => ([255, 255, 255], true, 9),  // tablecloth
            Mark::Hazard => ([220, 40, 30], false, 7),  // tomato
            Mark::Food => ([240, 110, 170], false, 4),  // strawberry
        }
    }
}

/// The mark on every tile (row-major), the most important one kept.
fn marks(d: &Dungeon) -> Vec<Option<Mark>> {
    let mut out: Vec<Option<Mark>> = vec![None; d.tiles.len()];
    let mut put = |c: Cell, m: Mark| {
        if c.0 < d.width && c.1 < d.height {
            let slot = &mut out[c.1 * d.width + c.0];
            if slot.is_none_or(|old| m < old) {
                *slot = Some(m);
            }
        }
    };
    put(d.player_start, Mark::Start);
    for it in d.items.iter().filter(|it| it.source == ItemSource::Floor) {
        put(it.cell, Mark::Item);
    }
    for o in &d.objects {
        let m = match o.kind {
            ObjectKind::Lever { .. } => Mark::Lever,
            ObjectKind::Crate { .. } => Mark::Crate,
            ObjectKind::Plate { .. } => Mark::Plate,
            ObjectKind::Station { .. } => Mark::Station,
            ObjectKind::Guard { .. } => Mark::Guard,
            ObjectKind::Table => Mark::Table,
        };
        put(o.cell, m);
    }
    for h in &d.hazards {
        put(h.cell, Mark::Hazard);
    }
    for f in &d.food {
        put(f.cell, Mark::Food);
    }
    out
}

/// The dungeon as text: a header, the grid with everything on it, the zones and a legend.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, draw_ascii, generate_dungeon};
/// let d = generate_dungeon(&DungeonData::default(), Seed(5), &DungeonRequest::new(1)).unwrap();
/// let text = draw_ascii(&d);
/// let lines: Vec<&str> = text.lines().collect();
/// assert!(lines[0].starts_with("dungeon 1: "));
/// assert_eq!(lines[1].len(), d.width);
/// assert_eq!(text.matches('@').count(), 2); // the start, and the legend
/// ```
pub fn draw_ascii(d: &Dungeon) -> String {
    let marks = marks(d);
    let mut out = format!(
        "dungeon {}: {}x{}, {} zones, {} rooms, {} nodes, par {} s\n",
        d.dungeon,
        d.width,
        d.height,
        d.zones.len(),
        d.rooms.len(),
        d.nodes.len(),
        d.par_seconds
    );
    out.reserve((d.width + 1) * d.height + 400);
    for (y, row) in d.tiles.chunks(d.width.max(1)).enumerate() {
        out.extend(row.iter().enumerate().map(|(x, t)| match marks[y * d.width + x] {
            Some(m) => m.glyph(),
            None => t.glyph(),
        }));
        out.push('\n');
    }
    for z in &d.zones {
        out.push_str(&format!(
            "zone {}: {} ({:?}), {} rooms, {} puzzle slots\n",
            z.id, z.theme, z.style, z.rooms, z.slots
        ));
    }
    out.push_str("tiles: # wall  . floor  , corridor  _ decor  O pillar  + door  L locked door  = gate\n");
    out.push_str(
        "on them: @ start  * item  / lever  C crate  ^ plate  & station  G guard  T table  ! hazard  % food\n",
    );
    out
}

const WALL: [u8; 3] = [46, 30, 24]; // dark chocolate
const CREAM: [u8; 3] = [250, 240, 220];
const PILLAR: [u8; 3] = [96, 66, 44];
const DOOR: [u8; 3] = [176, 120, 60];
const LOCKED: [u8; 3] = [200, 30, 40];
const GATE: [u8; 3] = [110, 110, 124];

/// `a` and `b` mixed, `t` sixteenths of `b` (integer maths: the same picture everywhere).
fn mix(a: [u8; 3], b: [u8; 3], t: u16) -> [u8; 3] {
    let m = |x: u8, y: u8| ((u16::from(x) * (16 - t) + u16::from(y) * t) / 16) as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

/// The size [`to_rgb`] draws `d` at, `(width, height)`, worked out without drawing it.
pub fn picture_size(d: &Dungeon, cell_px: usize) -> (u64, u64) {
    let px = tile_px(d, cell_px) as u64;
    (d.width as u64 * px, d.height as u64 * px)
}

/// The pixels a tile: `cell_px`, lowered so neither side passes [`MAX_PICTURE_SIDE`].
fn tile_px(d: &Dungeon, cell_px: usize) -> usize {
    let side = d.width.max(d.height).max(1);
    cell_px.clamp(1, (MAX_PICTURE_SIDE / side).max(1))
}

/// The dungeon as an RGB8 image: `(width, height, pixels)`, rows top to bottom, `cell_px`
/// pixels a tile (at least 1, lowered so neither side passes [`MAX_PICTURE_SIDE`]). Floors take
/// their zone's theme colour; doors, locks, gates and every object show, each covering its
/// tile's centre pixel so even at one pixel a tile nothing is lost.
///
/// ```
/// use seedfeast_procgen::Seed;
/// use seedfeast_procgen::dungeon::{DungeonData, DungeonRequest, generate_dungeon, to_rgb};
/// let d = generate_dungeon(&DungeonData::default(), Seed(5), &DungeonRequest::new(1)).unwrap();
/// let (w, h, rgb) = to_rgb(&d, 4);
/// assert_eq!((w as usize, h as usize, rgb.len()), (d.width * 4, d.height * 4, d.width * 4 * d.height * 4 * 3));
/// ```
pub fn to_rgb(d: &Dungeon, cell_px: usize) -> (u32, u32, Vec<u8>) {
    let px = tile_px(d, cell_px);
    let (width, height) = (d.width * px, d.height * px);
    let marks = marks(d);

    // Each tile's ground colour: its zone's theme tint for floors.
    let mut zone_of = vec![usize::MAX; d.tiles.len()];
    for room in &d.rooms {
        for &(x, y) in &room.cells {
            if x < d.width && y < d.height {
                zone_of[y * d.width + x] = room.zone;
            }
        }
    }
    let tints: Vec<[u8; 3]> = d.zones.iter().map(|z| [z.colour.0, z.colour.1, z.colour.2]).collect();
    let ground = |i: usize| -> [u8; 3] {
        let tint = tints.get(zone_of[i]).copied().unwrap_or(CREAM);
        match d.tiles[i] {
            Tile::Wall => WALL,
            Tile::Floor => mix(CREAM, tint, 9),
            Tile::Corridor => mix(CREAM, tint, 12),
            Tile::Decor => mix(CREAM, tint, 13),
            Tile::Pillar => PILLAR,
            Tile::Door => DOOR,
            Tile::LockedDoor => LOCKED,
            Tile::Gate => GATE,
        }
    };

    let mut rgb = Vec::with_capacity(width * height * 3);
    for y in 0..height {
        let (ty, v) = (y / px, y % px);
        for x in 0..width {
            let (tx, u) = (x / px, x % px);
            let i = ty * d.width + tx;
            // Distances from the tile's centre in half pixels: 0 ..= px.
            let (du, dv) = ((2 * u + 1).abs_diff(px), (2 * v + 1).abs_diff(px));
            let colour = match marks[i] {
                Some(m) => {
                    let (colour, square, tenths) = m.look();
                    let inside = if square { du.max(dv) * 10 <= tenths * px } else { (du + dv) * 10 <= tenths * px };
                    if inside { colour } else { ground(i) }
                }
                None => ground(i),
            };
            rgb.extend_from_slice(&colour);
        }
    }
    (width as u32, height as u32, rgb)
}
