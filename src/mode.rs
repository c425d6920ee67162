//! What the core knows of a mode: one row of the table of modes. The table itself lives in
//! `modes/` (the only place that names them); menus, the HUD, links, physics, the command line,
//! the digest and the sweeps all read these rows, so adding a mode never touches the core.

use bevy::prelude::*;
use seedfeast_procgen::Seed;
use seedfeast_procgen::modes::ModeSpec;

use crate::data::GameData;

/// How a mode is played, for the HUD's hint and the menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controls {
    /// Runs by itself; one button jumps.
    Jump,
    /// Flies by itself; one button flaps.
    Flap,
    /// Arrows or stick turn, the mover keeps going (a grid chase); nothing else.
    Turn,
    /// Arrows or stick move; nothing else.
    Move,
    /// Arrows or stick walk; a key acts (push, pick up, talk).
    Explore,
    /// Walk to a coding tile, then type a program.
    Code,
}

impl Controls {
    /// The in-run hint for the keyboard: `jump` is the player's jump/flap key's name.
    pub fn hint(self, jump: &str, use_key: &str) -> String {
        match self {
            Controls::Jump => format!("{jump}: jump"),
            Controls::Flap => format!("{jump}: flap"),
            Controls::Turn => "Arrows: turn".to_string(),
            Controls::Move => "Arrows: move".to_string(),
            Controls::Explore => format!("Arrows: walk   {use_key}: use"),
            Controls::Code => "Arrows: walk   Enter: code".to_string(),
        }
    }

    /// The in-run hint for a gamepad: `jump` and `use_button` are the player's buttons' labels.
    pub(crate) fn pad_hint(self, jump: &str, use_button: &str) -> String {
        match self {
            Controls::Jump => format!("{jump}: jump"),
            Controls::Flap => format!("{jump}: flap"),
            Controls::Turn => "Stick or D-pad: turn".to_string(),
            Controls::Move => "Stick or D-pad: move".to_string(),
            Controls::Explore => format!("Stick: walk   {use_button}: use"),
            // The coding tile opens with the menus' confirm, (A), whatever is chosen.
            Controls::Code => "Stick: walk   (A): code".to_string(),
        }
    }

    /// The in-run hint on a touch screen.
    pub(crate) fn touch_hint(self) -> &'static str {
        match self {
            Controls::Jump => "Tap: jump",
            Controls::Flap => "Tap: flap",
            Controls::Turn => "Swipe or D-pad: turn",
            Controls::Move => "Drag: move",
            Controls::Explore => "Drag: walk   USE: use   GO: travel",
            Controls::Code => "Drag: walk   CODE: write the program",
        }
    }
}

/// The forces a mode's bodies feel.
#[derive(Clone, Copy, Debug)]
pub enum Physics {
    /// Nothing falls (grid and top-down modes).
    None,
    /// Downward gravity, world units / s², read from the mode's tuning.
    Gravity(fn(&GameData) -> f32),
}

/// A mode's reference bot: it plays runs through the game's real systems, headlessly at the fixed
/// step, writing only the input a player would (the seed lab's `lab bots` and the soak test).
#[derive(Clone, Copy, Debug)]
pub struct Bot {
    /// Adds the bot's systems to a headless app.
    pub add: fn(&mut App),
    /// How far the bot should get, in the run's progress unit (2,000 m, 100 gates, 3 floors).
    pub goal: f32,
    /// Whether the generator promises the goal can be reached: a bot stopped short on a level
    /// the validator passed is then a fairness bug, not a figure.
    pub promised: bool,
    /// The level a lab run of a seed starts at (a link's `level=`), for a mode whose levels are
    /// a ladder the goal would otherwise only ever climb from the bottom of; `None`: the first.
    pub start_level: Option<fn(Seed, &GameData) -> u32>,
}

/// Why the mode's reference bot gave up, where it can tell: a bot that knows it can get no
/// further (the Code puzzle's program ran and the way stayed shut) writes the reason here, so a
/// lab run stops at once and reports it instead of playing out the time allowed.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct BotStuck(pub Option<String>);

/// One playable mode: procgen's Bevy-free row ([`ModeSpec`]: key, name, generator, whether
/// runs replay and how long one may last) and the Bevy parts.
#[derive(Debug)]
pub struct ModeInfo {
    pub spec: &'static ModeSpec,
    /// One line under the name in the menu.
    pub blurb: &'static str,
    pub controls: Controls,
    pub physics: Physics,
    /// Adds the mode's rules (headless-testable).
    pub plugin: fn(&mut App),
    /// Adds how the mode looks (windowed game only).
    pub visuals: fn(&mut App),
    /// Its reference bot.
    pub bot: Option<Bot>,
    /// The levels a link's `level=K` (or `play --level K`) can start its run at, for a mode whose
    /// run is a ladder of them (the dungeon number, the puzzle's step); `None` for modes that
    /// ignore `level`.
    pub levels: Option<fn(&GameData) -> std::ops::RangeInclusive<u32>>,
    /// Its music and the word for its stages (issue #34).
    pub feel: Feel,
    /// The way up a phone suits it.
    pub orientation: Orientation,
}

/// Which way up a phone suits a mode (issue #30): the game asks a touch player holding it the
/// other way to turn it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Wider than tall: the side-scrollers, the boards and the maps laid out for 16:9.
    Landscape,
    /// Taller than wide.
    Portrait,
}

/// How a mode feels beyond its rules: the style its levels' music is composed in, and what its
/// stages are called on the banner that opens each one (none for a run of one level).
#[derive(Debug, Clone, Copy)]
pub struct Feel {
    pub music: seedfeast_music::Style,
    pub stage: Option<&'static str>,
}

/// A handle on a mode's row: cheap to copy, compared by key.
#[derive(Clone, Copy)]
pub struct Mode(pub &'static ModeInfo);

impl Mode {
    /// The key in links, save keys and the command line: `food-tunnel`.
    pub fn key(self) -> &'static str {
        self.0.spec.key
    }

    /// The name on screen: `Food Tunnel`.
    pub fn name(self) -> &'static str {
        self.0.spec.name
    }

    /// The generator's variant the mode plays (`squeeze`), or `None` for the plain one.
    pub fn variant(self) -> Option<&'static str> {
        self.0.spec.variant
    }

    /// Whether its runs can be replayed: its gameplay reads only the step's input (the replay
    /// module's `StepInput`).
    pub fn replays(self) -> bool {
        self.0.spec.replays
    }

    /// Whether `level` is one this mode's run can start at under `data`, or what the levels are.
    pub fn check_level(self, level: u32, data: &GameData) -> Result<(), String> {
        let Some(levels) = self.0.levels else {
            return Err(format!("{} has no levels to start at: its run is one level from the start", self.name()));
        };
        let levels = levels(data);
        if levels.contains(&level) {
            Ok(())
        } else {
            Err(format!("level {level} is not one of {}'s levels ({}..={})", self.name(), levels.start(), levels.end()))
        }
    }

    /// The fixed step at which a run is ended as "Time's up!", if the mode has a bound.
    pub fn longest_run_steps(self) -> Option<u32> {
        self.0.spec.longest_run_steps()
    }

    pub(crate) fn blurb(self) -> &'static str {
        self.0.blurb
    }

    pub fn info(self) -> &'static ModeInfo {
        self.0
    }

    /// The procgen generator behind the mode.
    pub fn generator(self) -> &'static dyn seedfeast_procgen::generator::Generator {
        self.0.spec.generator()
    }

    /// The first seed-code version whose levels of this mode this build still makes.
    pub(crate) fn since_version(self) -> u8 {
        self.generator().since_version(self.variant())
    }
}

impl PartialEq for Mode {
    fn eq(&self, other: &Mode) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Mode {}

impl std::hash::Hash for Mode {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl std::fmt::Debug for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mode({})", self.key())
    }
}

/// The table of modes the app was built with, in menu order.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Modes(pub &'static [Mode]);

impl Modes {
    /// The mode a link, a save key or the command line names.
    pub fn by_key(&self, key: &str) -> Option<Mode> {
        self.0.iter().copied().find(|m| m.key() == key)
    }

    /// The first mode: what a fresh game offers.
    pub fn first(&self) -> Mode {
        self.0[0]
    }

    pub fn iter(&self) -> impl Iterator<Item = Mode> + '_ {
        self.0.iter().copied()
    }

    /// The keys, for messages: `runner, maze, …`.
    pub fn keys(&self) -> String {
        self.0.iter().map(|m| m.key()).collect::<Vec<_>>().join(", ")
    }
}
