//! Dungeon themes (`assets/dungeon/themes.ron`): each food theme's style, colour, prefab rooms and
//! puzzle kinds. Every prefab and puzzle kind belongs to exactly one theme (ids are unique across
//! the file) and is used only in that theme's zone.

use serde::Deserialize;

use crate::food::FoodKind;
use crate::tuning::{FieldError, Tuning};

use super::level::{RoomKind, Style};

/// The fewest themes the file may hold: a dungeon has up to this many zones, each its own theme.
pub(crate) const MIN_THEMES: usize = 6;
/// The fewest puzzle kinds a theme may hold.
pub(crate) const MIN_PUZZLES_PER_THEME: usize = 4;

/// How a node is played: the five puzzle mechanics, plus the bridge door and the feast table.
///
/// | mechanic      | needs (its children give)                          | gives  |
/// |---------------|----------------------------------------------------|--------|
/// | `fetch`       | 0–2 items or switches (a pen around it opens)      | item   |
/// | `lever`       | 0–2 items or switches (a pen around it opens)      | switch |
/// | `crate_plate` | 0–1 item or switch (a pen around the plate opens)  | switch |
/// | `combine`     | exactly 2 items (the station takes them)           | item   |
/// | `guard`       | exactly 1 item (the guard takes it)                | item   |
/// | `door`        | 1–2 items or switches (a bridge's locked door)     | switch, thrown as the door opens |
/// | `feast`       | 1–3 items or switches (the finish's table)         | clears the dungeon |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mechanic {
    /// Pick up an ingredient lying in the room and carry it to its consumer.
    Fetch,
    /// Throw a lever that opens a gate (its parent's pen or bridge door).
    Lever,
    /// Push a crate onto a pressure plate in the same room.
    CratePlate,
    /// Hand two ingredients to a station that turns them into a dish.
    Combine,
    /// Feed a hungry guard the item he wants; he walks off and leaves what he guarded.
    Guard,
    /// A bridge's locked door (not a puzzle kind of its own).
    Door,
    /// The finish's feast table (not a puzzle kind of its own).
    Feast,
}

impl Mechanic {
    /// The five mechanics a theme's puzzle kinds may use.
    pub const PUZZLES: [Mechanic; 5] =
        [Mechanic::Fetch, Mechanic::Lever, Mechanic::CratePlate, Mechanic::Combine, Mechanic::Guard];

    /// The name the data files use.
    pub const fn name(self) -> &'static str {
        match self {
            Mechanic::Fetch => "fetch",
            Mechanic::Lever => "lever",
            Mechanic::CratePlate => "crate_plate",
            Mechanic::Combine => "combine",
            Mechanic::Guard => "guard",
            Mechanic::Door => "door",
            Mechanic::Feast => "feast",
        }
    }
}

/// A prefab's dressing of its room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dressing {
    /// Bare floor.
    Plain,
    /// The stage is a rug (decor tiles).
    Rug,
    /// Checkered decor tiles over the body.
    Checker,
    /// Isolated pillars on the stage; filler rooms only (they would crowd a puzzle or block a
    /// bridge's narrow floor).
    Pillars,
}

/// A themed room dressing.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prefab {
    pub id: String,
    pub name: String,
    pub dressing: Dressing,
    /// The room kinds it may dress.
    pub rooms: Vec<RoomKind>,
}

/// One puzzle kind of a theme.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleKind {
    pub id: String,
    /// Display name ("Frozen peas").
    pub title: String,
    pub mechanic: Mechanic,
    /// What stands in the room: the ingredient on its shelf, the lever, the plate, the station,
    /// the guard.
    pub object: String,
    /// What solving it hands on: the item's name (fetch, combine, guard) or the switch's
    /// (lever, crate_plate).
    pub gives: String,
    /// The crate a `crate_plate` puzzle pushes (required there, refused elsewhere).
    #[serde(default)]
    pub pushes: Option<String>,
    /// The pen's bars when the puzzle needs switches ("ice bars").
    pub gate: String,
}

/// A theme's start: the item or lever beside the player in the start room.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartKind {
    pub id: String,
    pub title: String,
    /// Given when the start's parent takes an item.
    pub item: String,
    /// Given when the start's parent wants a switch.
    pub lever: String,
}

/// A theme's finish: the feast table.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishKind {
    pub id: String,
    pub title: String,
    pub table: String,
    /// The pen's bars when the finish needs switches.
    pub gate: String,
}

/// The bridge leading *into* a theme's zone: its locked door.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BridgeKind {
    pub id: String,
    pub title: String,
    pub door: String,
}

/// One food theme.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Theme {
    pub id: String,
    pub name: String,
    /// Floor tint in pictures, RGB.
    pub colour: (u8, u8, u8),
    pub style: Style,
    /// Foods scattered in its rooms.
    pub food: Vec<FoodKind>,
    /// Its hazard's name ("mousetrap").
    pub hazard: String,
    pub start: StartKind,
    pub finish: FinishKind,
    pub bridge: BridgeKind,
    pub prefabs: Vec<Prefab>,
    pub puzzles: Vec<PuzzleKind>,
}

impl Theme {
    /// Whether `id` is one of this theme's puzzle kinds, its start, finish or bridge.
    pub fn owns_puzzle(&self, id: &str) -> bool {
        self.start.id == id || self.finish.id == id || self.bridge.id == id || self.puzzles.iter().any(|p| p.id == id)
    }
}

/// Every theme, as in `assets/dungeon/themes.ron`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DungeonThemes {
    pub themes: Vec<Theme>,
}

impl DungeonThemes {
    /// Checks every theme. The error is marked with the offending id, so a loaded file's error
    /// points at the line that names it.
    pub fn validate(&self) -> Result<(), FieldError> {
        if self.themes.len() < MIN_THEMES {
            return Err(FieldError::new(
                "themes",
                format!("{} themes, at least {MIN_THEMES} are needed (one per zone)", self.themes.len()),
            ));
        }
        let mut ids: Vec<&str> = Vec::new();
        for theme in &self.themes {
            let own = [&theme.id, &theme.start.id, &theme.finish.id, &theme.bridge.id];
            let prefabs = theme.prefabs.iter().map(|p| &p.id);
            let puzzles = theme.puzzles.iter().map(|p| &p.id);
            for id in own.into_iter().chain(prefabs).chain(puzzles) {
                if id.trim().is_empty() {
                    let error = FieldError::new(format!("theme \"{}\"", theme.id), "an id is empty");
                    return Err(error.marked(format!("\"{}\"", theme.id)));
                }
                if ids.contains(&id.as_str()) {
                    let error = FieldError::new(
                        format!("id \"{id}\""),
                        "is used twice: every theme, prefab and puzzle id belongs to one theme",
                    );
                    return Err(error.marked(format!("\"{id}\"")));
                }
                ids.push(id);
            }
            check_theme(theme)?;
        }
        Ok(())
    }

    /// The theme with id `id`.
    pub fn get(&self, id: &str) -> Option<&Theme> {
        self.themes.iter().find(|t| t.id == id)
    }
}

/// A theme error: the field is the offending part ("puzzle \"x\""); the marker its quoted id.
fn at(id: &str, message: String) -> Result<(), FieldError> {
    let (field, rest) = message.split_once(": ").unwrap_or(("themes", message.as_str()));
    Err(FieldError::new(field, rest).marked(format!("\"{id}\"")))
}

/// One theme: its names filled in, food, enough puzzles with fetch and lever among them, each
/// puzzle and prefab sound, and a prefab for every room kind.
fn check_theme(theme: &Theme) -> Result<(), FieldError> {
    let named = [
        ("name", &theme.name),
        ("hazard", &theme.hazard),
        ("start.title", &theme.start.title),
        ("start.item", &theme.start.item),
        ("start.lever", &theme.start.lever),
        ("finish.title", &theme.finish.title),
        ("finish.table", &theme.finish.table),
        ("finish.gate", &theme.finish.gate),
        ("bridge.title", &theme.bridge.title),
        ("bridge.door", &theme.bridge.door),
    ];
    for (field, value) in named {
        if value.trim().is_empty() {
            return at(&theme.id, format!("theme \"{}\": {field} is empty", theme.id));
        }
    }
    if theme.food.is_empty() {
        return at(&theme.id, format!("theme \"{}\": food needs at least one kind", theme.id));
    }
    if theme.puzzles.len() < MIN_PUZZLES_PER_THEME {
        return at(
            &theme.id,
            format!(
                "theme \"{}\": {} puzzle kinds, at least {MIN_PUZZLES_PER_THEME} are needed",
                theme.id,
                theme.puzzles.len()
            ),
        );
    }
    // Fetch and lever can take 0, 1 or 2 children, so with both a zone can fill any open link of
    // the tree whatever it asks for (an item or a switch) and however many links it should open.
    for needed in [Mechanic::Fetch, Mechanic::Lever] {
        if !theme.puzzles.iter().any(|p| p.mechanic == needed) {
            return at(&theme.id, format!("theme \"{}\": needs a {} puzzle", theme.id, needed.name()));
        }
    }
    for puzzle in &theme.puzzles {
        check_puzzle(puzzle)?;
    }
    check_prefabs(theme)
}

/// One puzzle kind: a puzzle mechanic, its names filled in, and a crate to push exactly when it
/// is a crate plate.
fn check_puzzle(puzzle: &PuzzleKind) -> Result<(), FieldError> {
    if !Mechanic::PUZZLES.contains(&puzzle.mechanic) {
        return at(
            &puzzle.id,
            format!("puzzle \"{}\": mechanic {} is not a puzzle mechanic", puzzle.id, puzzle.mechanic.name()),
        );
    }
    for (field, value) in [("title", &puzzle.title), ("object", &puzzle.object), ("gives", &puzzle.gives)] {
        if value.trim().is_empty() {
            return at(&puzzle.id, format!("puzzle \"{}\": {field} is empty", puzzle.id));
        }
    }
    if puzzle.gate.trim().is_empty() {
        return at(&puzzle.id, format!("puzzle \"{}\": gate is empty", puzzle.id));
    }
    match (&puzzle.pushes, puzzle.mechanic == Mechanic::CratePlate) {
        (None, true) => return at(&puzzle.id, format!("puzzle \"{}\": a crate_plate needs pushes", puzzle.id)),
        (Some(_), false) => {
            return at(&puzzle.id, format!("puzzle \"{}\": only a crate_plate pushes a crate", puzzle.id));
        }
        (Some(name), true) if name.trim().is_empty() => {
            return at(&puzzle.id, format!("puzzle \"{}\": pushes is empty", puzzle.id));
        }
        _ => {}
    }
    Ok(())
}

/// The theme's prefabs: each named for some room kinds (pillars for fillers only), and every
/// room kind dressed by one.
fn check_prefabs(theme: &Theme) -> Result<(), FieldError> {
    for prefab in &theme.prefabs {
        if prefab.name.trim().is_empty() || prefab.rooms.is_empty() {
            return at(&prefab.id, format!("prefab \"{}\": needs a name and at least one room kind", prefab.id));
        }
        if prefab.dressing == Dressing::Pillars && prefab.rooms.iter().any(|&k| k != RoomKind::Filler) {
            return at(&prefab.id, format!("prefab \"{}\": pillars may dress only filler rooms", prefab.id));
        }
    }
    for kind in [RoomKind::Start, RoomKind::Finish, RoomKind::Puzzle, RoomKind::Bridge, RoomKind::Filler] {
        if !theme.prefabs.iter().any(|p| p.rooms.contains(&kind)) {
            return at(&theme.id, format!("theme \"{}\": no prefab dresses {} rooms", theme.id, kind.name()));
        }
    }
    Ok(())
}

impl Tuning for DungeonThemes {
    const PATH: &'static str = super::data::THEMES_PATH;
    const BUILT_IN: &'static str = super::data::THEMES_RON;

    fn check(&self) -> Result<(), FieldError> {
        self.validate()
    }
}

impl Default for DungeonThemes {
    /// The shipped themes (`assets/dungeon/themes.ron`), compiled in.
    fn default() -> Self {
        Self::built_in()
    }
}
