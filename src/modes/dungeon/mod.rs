//! Zone dungeon: explore themed food zones on a tile grid, solve the puzzle tree procgen grew
//! from the goal (fetch, levers, crates on plates, stations, hungry guards), open each bridge's
//! locked door into the next zone and serve the feast at the end. Hazards cost lives; food and
//! beating the par score. Clearing a dungeon generates the next, bigger one from the same seed.
//!
//! - [`play`]: the puzzles as plain state and rules (unit-tested); [`run`]: the run, its score and
//!   its rules;
//! - [`walker`]: the player on the grid: walking, pushing, touching, hazards;
//! - [`spawn`]: the entities of a dungeon; [`visuals`] and [`hud`] dress them (windowed only);
//! - [`bot`]: a reference player that follows the witness through the real systems.

pub mod bot;
pub mod hud;
pub mod play;
pub mod run;
pub mod spawn;
pub mod visuals;
pub mod walker;

use bevy::prelude::*;
use seedfeast_music::{Scale, Style, Wave};
use seedfeast_procgen::dungeon::tuning::MAX_DUNGEON;
use seedfeast_procgen::dungeon::{DungeonRequest, generate_dungeon};
use seedfeast_procgen::modes;

use crate::data::GameData;
use crate::grid_move::Dir;
use crate::mode::{Controls, Feel, ModeInfo, Orientation, Physics};
use crate::replay::StepInput;
use crate::run::{Gameplay, RunPlugin, RunStart};
use crate::session::{Session, playing};
use crate::sound::Sfx;
use crate::state::Screen;
pub use play::{Event, Play};
pub use run::*;
pub use spawn::{
    AtCell, CELL, DungeonFood, DungeonHazard, DungeonItem, DungeonObject, DungeonPiece, DungeonPlayer, DungeonTile,
    spawn_dungeon, to_world,
};
pub use walker::{Pad, Walker};

/// The Zone dungeon's row in the table of modes.
pub const MODE: ModeInfo = ModeInfo {
    spec: &modes::DUNGEON,
    blurb: "Solve puzzles zone by zone to open the way to the feast",
    controls: Controls::Explore,
    physics: Physics::None,
    plugin: |app| {
        app.add_plugins(DungeonPlugin);
    },
    visuals: visuals::add,
    bot: Some(bot::BOT),
    levels: Some(|_| 1..=MAX_DUNGEON),
    orientation: Orientation::Landscape,
    feel: Feel {
        music: Style {
            tempo_bpm: 96,
            root: 50,
            scale: Scale::Dorian,
            progression: [0, 6, 5, 6],
            lead: Wave::Pluck,
            bass: Wave::Sine,
            busyness: 0.3,
            drums: false,
        },
        // None: the dungeon opens each dungeon with its own banner (its number, its zones and
        // the first zone's colour, `hud`); the shared one said "Dungeon 1" over it (issue #45).
        stage: None,
    },
};

/// The player's input, gathered every frame and used by the next fixed step (so no press is
/// lost or used twice between steps). A bot writes it in the fixed step instead.
#[derive(Resource, Default, Debug)]
pub(crate) struct DungeonPad {
    pub pad: Pad,
    /// The last direction pressed, preferred while two are held.
    last_pressed: Option<Dir>,
}

impl DungeonPad {
    /// This step's input: the held directions stay, the presses are used up.
    pub fn take(&mut self) -> Pad {
        let pad = self.pad;
        self.pad.act = false;
        self.pad.travel = false;
        pad
    }
}

pub(crate) struct DungeonPlugin;

impl Plugin for DungeonPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RunPlugin::<DungeonRun>::default())
            .init_resource::<DungeonPad>()
            .add_systems(OnEnter(Screen::Playing), start_dungeon.in_set(RunStart::Mode).run_if(playing(&MODE)))
            .add_systems(
                FixedUpdate,
                (read_pad, step_dungeon, sync_pieces, next_dungeon)
                    .chain()
                    .in_set(Gameplay::Control)
                    .run_if(resource_exists::<DungeonRun>),
            )
            .add_systems(
                FixedUpdate,
                spawn::place_pieces.in_set(Gameplay::Place).run_if(resource_exists::<DungeonRun>),
            );
    }
}

fn start_dungeon(mut commands: Commands, session: Res<Session>, data: Res<GameData>, mut pad: ResMut<DungeonPad>) {
    *pad = DungeonPad::default();
    let lives = data.dungeon.tuning.lives.max(1);
    match dungeon_play(&data, &session, first_dungeon(&session)) {
        Ok(play) => {
            spawn_dungeon(&mut commands, &play);
            commands.insert_resource(DungeonRun::new(play, &data, lives));
        }
        Err(error) => {
            // A run that can't start ends at once, saying why (tunings the game loads can't do this).
            let play = Play::new(placeholder());
            let mut run = DungeonRun::new(play, &data, lives);
            run.ended = Some(error);
            commands.insert_resource(run);
        }
    }
}

/// The smallest dungeon there is, to hold a run that ends before it starts.
fn placeholder() -> seedfeast_procgen::dungeon::Dungeon {
    let data = seedfeast_procgen::dungeon::DungeonData::default();
    generate_dungeon(&data, seedfeast_procgen::Seed(0), &DungeonRequest::new(1).with_zones(&[4]))
        .expect("the built-in data makes a one-zone dungeon")
}

/// The step's input into the pad: held directions (two on a diagonal, the last pressed first)
/// and the use and travel presses.
fn read_pad(input: Res<StepInput>, mut pad: ResMut<DungeonPad>) {
    let across = match input.axis.x {
        1 => Some(Dir::Right),
        -1 => Some(Dir::Left),
        _ => None,
    };
    let along = match input.axis.y {
        1 => Some(Dir::Up),
        -1 => Some(Dir::Down),
        _ => None,
    };
    if let Some(dir) = input.steer {
        pad.last_pressed = Some(dir);
    }
    pad.pad.held = match (across, along) {
        (Some(a), Some(b)) if pad.last_pressed == Some(a) => [Some(a), Some(b)],
        (Some(a), Some(b)) => [Some(b), Some(a)],
        (a, b) => [a.or(b), None],
    };
    pad.pad.act |= input.act;
    pad.pad.travel |= input.alt;
}

fn step_dungeon(
    time: Res<Time>,
    data: Res<GameData>,
    mut run: ResMut<DungeonRun>,
    mut pad: ResMut<DungeonPad>,
    mut sfx: MessageWriter<Sfx>,
) {
    let input = pad.take();
    let events = run.step(input, time.delta_secs(), &data);
    for event in &events {
        if let Some(cue) = cue_for(event) {
            sfx.write(cue);
        }
    }
}

/// The sound of an event.
fn cue_for(event: &Event) -> Option<Sfx> {
    match event {
        Event::Picked(_) | Event::Cooked(_) => Some(Sfx::Bonus),
        Event::Ate(_) | Event::Fed(_) => Some(Sfx::Eat),
        Event::Thrown(_) | Event::PenOpened(_) | Event::Pushed(_) => Some(Sfx::Gate),
        Event::DoorOpened { .. } | Event::Travelled(_) => Some(Sfx::PowerUp),
        Event::Hurt(_) => Some(Sfx::Hit),
        Event::Cleared => Some(Sfx::Clear),
        Event::Hint(_) => Some(Sfx::Click),
        _ => None,
    }
}

/// Drops what was picked up or eaten, and moves crates to where the rules put them.
fn sync_pieces(
    mut commands: Commands,
    run: Res<DungeonRun>,
    items: Query<(Entity, &DungeonItem)>,
    food: Query<(Entity, &DungeonFood)>,
    mut objects: Query<(&DungeonObject, &mut AtCell)>,
) {
    let play = &run.play;
    for (entity, item) in &items {
        if play.taken[item.0] {
            commands.entity(entity).despawn();
        }
    }
    for (entity, piece) in &food {
        if play.eaten[piece.0] {
            commands.entity(entity).despawn();
        }
    }
    for (object, mut at) in &mut objects {
        let now = play.object_cell[object.0];
        if at.0 != now {
            at.0 = now;
        }
    }
}

/// Once the feast is served, the next dungeon of the seed: one more zone or more rooms.
fn next_dungeon(
    mut commands: Commands,
    data: Res<GameData>,
    session: Res<Session>,
    mut run: ResMut<DungeonRun>,
    pieces: Query<Entity, With<DungeonPiece>>,
) {
    if !run.play.cleared || run.ended.is_some() {
        return;
    }
    let k = run.dungeon_number().saturating_add(1);
    match dungeon_play(&data, &session, k) {
        Ok(play) => {
            for entity in &pieces {
                commands.entity(entity).despawn();
            }
            spawn_dungeon(&mut commands, &play);
            let cleared = run.banner.clone();
            run.next_dungeon(play, &data);
            // The "feast served" banner stays up over the new dungeon's first moments.
            if let Some(banner) = cleared {
                run.banner = Some(banner);
            }
        }
        Err(error) => run.ended = Some(error),
    }
}
