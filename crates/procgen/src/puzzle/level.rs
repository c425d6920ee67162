//! A generated level as plain data: what `seedfeast gen puzzle` prints as JSON, what the game
//! plays, and what `puzzle run --level L.json` loads back. The maps are one character a tile;
//! `ground` is the static layer and `objects`, `rewards` and `headers` the rest, so
//! [`PuzzleLevel::world`] rebuilds the exact world from a file (checking every field first: a
//! level file is outside input).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::puzzle::ast::{CommandKind, Dir};
use crate::puzzle::world::{Cell, Element, Ground, Header, Kind, ObjectSpec, ObjectState, Reward, World};

/// Every character the player can stand on, in `initial` and `solved`.
pub const WALKABLE: &str = ".@XC_=dghk$";
/// The largest width or height a level file may have.
pub(crate) const MAX_LEVEL_SIDE: usize = 256;
/// The most objects a level file may have.
pub(crate) const MAX_LEVEL_OBJECTS: usize = 64;

/// Every character of the maps and the ground layer, with its meaning.
pub fn legend() -> BTreeMap<String, String> {
    [
        (' ', "outside the level"),
        ('#', "wall (also a secret door not yet revealed)"),
        ('.', "floor"),
        ('~', "water"),
        ('_', "pressure plate"),
        ('o', "fire pit, unlit"),
        ('*', "fire pit, lit"),
        ('@', "entry: the player starts here"),
        ('X', "exit"),
        ('C', "coding tile: the code panel opens here"),
        ('+', "secret door (ground layer only; '#' until revealed, then 'h')"),
        ('h', "secret door, revealed and open"),
        ('k', "key"),
        ('$', "scroll (behind a secret door)"),
        ('%', "wind: can't be walked against"),
        ('B', "block (moves)"),
        ('=', "plank over water (a block that rotates; walkable)"),
        ('F', "fire statue"),
        ('W', "wind statue"),
        ('D', "door, closed"),
        ('d', "door, open"),
        ('G', "gate, moving (blocks the way)"),
        ('g', "gate, stopped"),
        ('L', "lever"),
    ]
    .into_iter()
    .map(|(c, m)| (c.to_string(), m.to_string()))
    .collect()
}

/// Which path algorithm an object's shape used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PathKind {
    Maze,
    Reward,
}

/// An object as the level file lists it: where it starts (in `initial`) and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelObject {
    pub name: String,
    pub kind: Kind,
    /// The path algorithm its shape used.
    pub shape: PathKind,
    /// The grammar's shape: `obstacle`, `bridge`, `fire_rotate` …
    pub design: String,
    pub x: i32,
    pub y: i32,
    /// The one command type it takes.
    pub command: CommandKind,
    pub facing: Dir,
    /// Statues: what they blow.
    pub element: Option<Element>,
    /// Gates: moving at the start.
    pub moving: bool,
    /// Doors: open at the start.
    pub open: bool,
    /// The mark its `position` is read from, when it starts off it (a variant world's object;
    /// absent: its start tile).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<Cell>,
}

/// How generation went: attempts, repairs and what could not be kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenReport {
    /// Whole-level attempts made (1 when the first worked).
    pub attempts: u32,
    /// Attempts thrown away because a maze shape left the exit reachable before solving.
    pub maze_repairs: u32,
    /// The bounded repair failed: a maze shape is in the level but the exit is reachable in
    /// `initial` (the paper lets solvability win).
    pub maze_open: bool,
    /// Mini-maps rebuilt because one did not keep its promises.
    pub mini_retries: u32,
    /// Objects whose commands fit no shape, standing idle in an open room.
    pub idle_objects: u32,
    /// Grammar choices made ignoring penalties (every eligible rule had reached 1).
    pub penalty_overrides: u32,
    /// Secret doors that found no wall, placed as hidden keys instead.
    pub prize_fallbacks: u32,
    /// Corridor tiles the merge needed (0: every pair of mini-maps shared a door).
    pub merge_cost: u32,
    /// No free tile was reachable for the coding tile: it is the entry.
    pub coding_fallback: bool,
    /// `--no-shorter`: levels rejected because a shorter code solved them.
    pub shorter_rejections: u32,
    /// `--no-shorter` was asked for and the last level kept is still solved by a shorter code
    /// (with variant worlds: one shorter code solves every world).
    pub shorter_solves: bool,
    /// Rounds of variant worlds built (0: the level has none, and the field is left out, so a
    /// level without conditions is the same JSON as before issue #32).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub variant_rounds: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The most variant worlds a level has beside its own: what the generator makes and the game
/// shows (three worlds in all).
pub const MAX_VARIANT_WORLDS: usize = 2;

/// A generated level. Field order is the JSON's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleLevel {
    pub seed: u64,
    /// Always `"puzzle"`.
    pub mode: String,
    /// The curriculum step (0 outside the curriculum).
    pub level: u32,
    pub width: usize,
    pub height: usize,
    /// The map before the code runs, one string a row.
    pub initial: Vec<String>,
    /// The map after the solution runs.
    pub solved: Vec<String>,
    pub entry: Cell,
    pub exit: Cell,
    pub coding_tile: Cell,
    /// Every character a player can stand on.
    pub walkable: String,
    pub objects: Vec<LevelObject>,
    pub rewards: Vec<Reward>,
    pub legend: BTreeMap<String, String>,
    /// The static layer (no objects, rewards hidden): see the legend.
    pub ground: Vec<String>,
    /// Plates, fire pits and levers: what activates them and the rewards they reveal.
    pub headers: Vec<Header>,
    /// The program the level was generated from.
    pub solution: String,
    pub report: GenReport,
    /// The other worlds the solution must also solve (issue #32): a level of a program with
    /// conditions, each its own level generated from the solution with the objects its
    /// conditions read starting otherwise. Empty for a program without conditions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<PuzzleLevel>,
}

impl PuzzleLevel {
    /// Builds the level's data from a world in its initial state, its solved rows and what
    /// the generator knows about each object (`(shape, design)` in the world's object order).
    /// `seed`, `level`, `solution` and `report` are left empty for the caller to fill.
    pub(crate) fn from_world(
        world: &World,
        solved: Vec<String>,
        shapes: &[(PathKind, String)],
        coding_tile: Cell,
    ) -> PuzzleLevel {
        let objects = world
            .objects
            .iter()
            .zip(&world.states)
            .enumerate()
            .map(|(i, (spec, state))| LevelObject {
                name: spec.name.clone(),
                kind: spec.kind,
                shape: shapes.get(i).map_or(PathKind::Reward, |s| s.0),
                design: shapes.get(i).map_or_else(|| "idle".to_string(), |s| s.1.clone()),
                x: state.pos.0,
                y: state.pos.1,
                command: spec.command,
                facing: state.facing,
                element: spec.element,
                moving: state.moving,
                open: state.open,
                home: (spec.home != state.pos).then_some(spec.home),
            })
            .collect();
        let ground = world
            .ground
            .chunks(world.width.max(1) as usize)
            .take(world.height as usize)
            .map(|row| row.iter().map(|g| g.symbol()).collect())
            .collect();
        PuzzleLevel {
            seed: 0,
            mode: "puzzle".into(),
            level: 0,
            width: world.width as usize,
            height: world.height as usize,
            initial: world.rows(),
            solved,
            entry: world.entry,
            exit: world.exit,
            coding_tile,
            walkable: WALKABLE.into(),
            objects,
            rewards: world.rewards.clone(),
            legend: legend(),
            ground,
            headers: world.headers.clone(),
            solution: String::new(),
            report: GenReport::default(),
            variants: Vec::new(),
        }
    }

    /// The world the level describes, in its initial state, after checking every field: sizes,
    /// row lengths, characters, names, kinds and command types, and that every position lies
    /// inside the map. A bad file gives a message naming the field.
    pub fn world(&self) -> Result<World, String> {
        let (w, h) = (self.width, self.height);
        if !(1..=MAX_LEVEL_SIDE).contains(&w) || !(1..=MAX_LEVEL_SIDE).contains(&h) {
            return Err(format!("width, height: {w}x{h} must each be in 1..={MAX_LEVEL_SIDE}"));
        }
        if self.ground.len() != h {
            return Err(format!("ground: {} rows, the height is {h}", self.ground.len()));
        }
        let mut world = World::empty(w as i32, h as i32);
        for (y, row) in self.ground.iter().enumerate() {
            if row.chars().count() != w {
                return Err(format!("ground: row {y} has {} characters, the width is {w}", row.chars().count()));
            }
            for (x, ch) in row.chars().enumerate() {
                let g = Ground::from_symbol(ch)
                    .ok_or_else(|| format!("ground: row {y}: '{ch}' is not a ground character"))?;
                world.set_ground((x as i32, y as i32), g);
            }
        }
        let inside = |(x, y): Cell| x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h;
        for (field, c) in [("entry", self.entry), ("exit", self.exit), ("coding_tile", self.coding_tile)] {
            if !inside(c) {
                return Err(format!("{field}: {c:?} is outside the {w}x{h} map"));
            }
        }
        world.entry = self.entry;
        world.exit = self.exit;
        if self.objects.len() > MAX_LEVEL_OBJECTS {
            return Err(format!("objects: {} objects, at most {MAX_LEVEL_OBJECTS}", self.objects.len()));
        }
        for (i, o) in self.objects.iter().enumerate() {
            if Kind::of_name(&o.name) != Some(o.kind) {
                return Err(format!(
                    "objects[{i}]: '{}' is not a {} name (a kind and a number)",
                    o.name,
                    o.kind.name()
                ));
            }
            if !o.kind.commands().contains(&o.command) {
                return Err(format!("objects[{i}]: a {} can't take {}", o.kind.name(), o.command.shown()));
            }
            if self.objects[..i].iter().any(|p| p.name == o.name) {
                return Err(format!("objects[{i}]: the name '{}' is used twice", o.name));
            }
            if !inside((o.x, o.y)) {
                return Err(format!("objects[{i}]: ({}, {}) is outside the map", o.x, o.y));
            }
            let home = o.home.unwrap_or((o.x, o.y));
            if !inside(home) {
                return Err(format!("objects[{i}]: its home {home:?} is outside the map"));
            }
            let start = ObjectState { pos: (o.x, o.y), facing: o.facing, moving: o.moving, open: o.open };
            world.add_object(ObjectSpec {
                name: o.name.clone(),
                kind: o.kind,
                command: o.command,
                element: o.element,
                start,
                home,
            });
        }
        for (i, r) in self.rewards.iter().enumerate() {
            if !inside((r.x, r.y)) {
                return Err(format!("rewards[{i}]: ({}, {}) is outside the map", r.x, r.y));
            }
        }
        for (i, hd) in self.headers.iter().enumerate() {
            if !inside((hd.x, hd.y)) {
                return Err(format!("headers[{i}]: ({}, {}) is outside the map", hd.x, hd.y));
            }
            if let Some(r) = hd.reveals.iter().find(|&&r| r >= self.rewards.len()) {
                return Err(format!("headers[{i}]: reveals reward {r}, but there are {}", self.rewards.len()));
            }
        }
        world.rewards = self.rewards.clone();
        world.headers = self.headers.clone();
        Ok(world)
    }

    /// Every world the solution must solve, the level's own first, each checked as
    /// [`PuzzleLevel::world`] does (an error names the variant: `variants[1].objects[0]: …`).
    /// A level with more than [`MAX_VARIANT_WORLDS`] variants is refused (issue #51: a file of
    /// 600 ran as 601 worlds, where the game makes and shows at most three).
    pub fn worlds(&self) -> Result<Vec<World>, String> {
        if self.variants.len() > MAX_VARIANT_WORLDS {
            return Err(format!(
                "variants: {} variant worlds; a level has at most {MAX_VARIANT_WORLDS} (so {} worlds with its own)",
                self.variants.len(),
                MAX_VARIANT_WORLDS + 1
            ));
        }
        let mut out = vec![self.world()?];
        for (i, v) in self.variants.iter().enumerate() {
            out.push(v.world().map_err(|e| format!("variants[{i}].{e}"))?);
        }
        Ok(out)
    }

    /// `initial` and `solved` as a grid of characters, for checks that walk the text maps.
    pub fn chars(rows: &[String]) -> Vec<Vec<char>> {
        rows.iter().map(|r| r.chars().collect()).collect()
    }
}

/// Whether `to` can be reached from `from` over tiles whose character is in `walkable`, on text
/// rows as a level file has them. Shares nothing with the world's rules: the checks use it to
/// read `initial` and `solved` exactly as the CLI prints them.
pub fn reachable_in_rows(rows: &[String], walkable: &str, from: Cell, to: Cell) -> bool {
    let grid = PuzzleLevel::chars(rows);
    let ok = |(x, y): Cell| {
        y >= 0
            && x >= 0
            && (y as usize) < grid.len()
            && grid[y as usize].get(x as usize).is_some_and(|c| walkable.contains(*c))
    };
    if !ok(from) {
        return false;
    }
    let mut seen = vec![from];
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some((x, y)) = queue.pop_front() {
        if (x, y) == to {
            return true;
        }
        for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if ok(n) && !seen.contains(&n) {
                seen.push(n);
                queue.push_back(n);
            }
        }
    }
    false
}

/// Figures of a level for the paper's evaluation and expressive range: `map_size` (tiles),
/// `walkable` and `interactable` (shares of the map size: walkable tiles of `solved`; objects,
/// plates, fire pits and rewards), and `width`, `height`, `objects`, `rewards`.
pub fn metrics(level: &PuzzleLevel) -> Vec<(&'static str, f64)> {
    let size = (level.width * level.height).max(1) as f64;
    let walkable = level.solved.iter().flat_map(|r| r.chars()).filter(|c| WALKABLE.contains(*c)).count() as f64;
    let fixtures = level.ground.iter().flat_map(|r| r.chars()).filter(|&c| c == '_' || c == 'o').count();
    let interactable = (level.objects.len() + fixtures + level.rewards.len()) as f64;
    vec![
        ("map_size", size),
        ("walkable", walkable / size),
        ("interactable", interactable / size),
        ("width", level.width as f64),
        ("height", level.height as f64),
        ("objects", level.objects.len() as f64),
        ("rewards", level.rewards.len() as f64),
    ]
}
