//! Maze chase: eat every crumb on a carved floor while hungry pots chase you; a chilli turns the
//! tables for a few seconds. Clearing a floor carves the next, harder one from the same seed.

pub mod movement;
pub mod visuals;

use bevy::prelude::*;
use seedfeast_procgen::maze::{Cell, Grid, MazeFloor, generate_floor};

use crate::data::GameData;
use crate::input::Actions;
use crate::intensity::Intensity;
use crate::session::{LastRun, Session};
use crate::sound::Sfx;
use crate::state::{Pause, Screen};
use crate::ui::hud::HudStatus;
use movement::{Dir, Mover, can_move, player_choice, step};

/// World units per maze cell.
pub const CELL: f32 = 40.0;
/// Eating happens within this distance of a cell's centre, in cells.
const EAT_RADIUS: f32 = 0.35;
/// A pursuer touches the player within this distance, in cells.
const TOUCH_RADIUS: f32 = 0.6;
/// At the start of a floor and after losing a life, the pursuers hold still this long ("ready!").
const RESPAWN_GRACE: f32 = 2.0;
/// An eaten pursuer waits this long at home before chasing again.
const EATEN_WAIT: f32 = 3.0;
/// Pursuers of the "wanderer" kind go home this many seconds out of every cycle.
const SCATTER_EVERY: f32 = 10.0;
const SCATTER_FOR: f32 = 3.0;

/// The world position of a cell (or a fractional position in cells).
pub fn to_world(x: f32, y: f32) -> Vec2 {
    Vec2::new(x * CELL, -y * CELL)
}

#[derive(Component)]
pub struct MazePlayer {
    pub mover: Mover,
    pub wanted: Option<Dir>,
}

/// How a pursuer picks its target, so they spread out instead of stacking into one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hunt {
    /// Straight for the player.
    Chase,
    /// For the cell a couple of steps ahead of the player.
    Ambush,
    /// Chases, but goes home for a while every few seconds.
    Wander,
}

#[derive(Component)]
pub struct Pursuer {
    pub mover: Mover,
    pub home: Cell,
    pub hunt: Hunt,
    /// Seconds left waiting at home after being eaten.
    pub resting: f32,
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pickup {
    Token,
    Star,
    PowerUp,
}

/// A maze item at a cell.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtCell(pub Cell);

#[derive(Component)]
pub struct MazeWall;

/// Every entity of the current floor, dropped when the next floor is carved.
#[derive(Component)]
pub struct FloorPiece;

/// The run in progress.
#[derive(Resource, Debug)]
pub struct MazeRun {
    pub floor: MazeFloor,
    pub score: u32,
    pub lives: u32,
    pub tokens_left: usize,
    pub stars_eaten: u32,
    pub floors_cleared: u32,
    /// Seconds the pursuers stay edible.
    pub frightened: f32,
    /// Seconds the player can't be caught.
    pub grace: f32,
    pub clock: f32,
    pub ended: Option<String>,
}

pub struct MazePlugin;

impl Plugin for MazePlugin {
    fn build(&self, app: &mut App) {
        let running = in_state(Pause::Running).and_then(resource_exists::<MazeRun>);
        app.add_systems(OnEnter(Screen::Playing), start_maze.run_if(playing_maze))
            .add_systems(OnExit(Screen::Playing), |mut commands: Commands| commands.remove_resource::<MazeRun>())
            .add_systems(
                FixedUpdate,
                (steer_player, move_player, move_pursuers, eat_pickups, meet_pursuers, clear_floor, tick_timers)
                    .chain()
                    .run_if(running),
            )
            .add_systems(Update, (place_movers, show_status, end_maze).chain().run_if(resource_exists::<MazeRun>));
    }
}

fn playing_maze(session: Res<Session>) -> bool {
    session.mode == crate::session::Mode::Maze
}

fn start_maze(mut commands: Commands, session: Res<Session>, data: Res<GameData>, mut intensity: ResMut<Intensity>) {
    let floor = generate_floor(&data.maze, &data.runner.curve, session.seed, 1);
    intensity.0 = floor.intensity;
    let run = MazeRun {
        tokens_left: floor.tokens.len(),
        floor,
        score: 0,
        lives: data.maze.lives,
        stars_eaten: 0,
        floors_cleared: 0,
        frightened: 0.0,
        grace: RESPAWN_GRACE,
        clock: 0.0,
        ended: None,
    };
    spawn_floor(&mut commands, &run.floor, &data);
    commands.insert_resource(run);
}

/// Spawns the walls, pickups, player and pursuers of a floor.
pub fn spawn_floor(commands: &mut Commands, floor: &MazeFloor, data: &GameData) {
    let piece = || (FloorPiece, DespawnOnExit(Screen::Playing));
    let grid = &floor.grid;
    for y in 0..grid.height {
        for x in 0..grid.width {
            if !grid.is_open(x, y) {
                commands.spawn((
                    MazeWall,
                    AtCell((x, y)),
                    piece(),
                    Transform::from_translation(to_world(x as f32, y as f32).extend(0.0)),
                ));
            }
        }
    }
    let mut place = |kind: Pickup, cell: Cell| {
        commands.spawn((
            kind,
            AtCell(cell),
            piece(),
            Transform::from_translation(to_world(cell.0 as f32, cell.1 as f32).extend(1.0)),
        ));
    };
    for &cell in &floor.tokens {
        place(Pickup::Token, cell);
    }
    for &cell in &floor.stars {
        place(Pickup::Star, cell);
    }
    if let Some(cell) = floor.power_up {
        place(Pickup::PowerUp, cell);
    }
    let start = floor.start;
    commands.spawn((
        MazePlayer { mover: Mover::at(start, data.maze.player_speed), wanted: None },
        piece(),
        Transform::from_translation(to_world(start.0 as f32, start.1 as f32).extend(3.0)),
    ));
    let hunts = [Hunt::Chase, Hunt::Ambush, Hunt::Wander];
    for (i, &home) in floor.hazards.iter().enumerate() {
        commands.spawn((
            Pursuer { mover: Mover::at(home, floor.pursuer_speed), home, hunt: hunts[i % hunts.len()], resting: 0.0 },
            piece(),
            Transform::from_translation(to_world(home.0 as f32, home.1 as f32).extend(2.0)),
        ));
    }
}

fn steer_player(actions: Res<Actions>, mut player: Single<&mut MazePlayer>) {
    let Some(wanted) = actions.steer else { return };
    player.wanted = Some(wanted);
    // Turning back needs no junction: do it at once.
    if player.mover.dir == Some(wanted.opposite()) {
        player.mover.reverse();
    }
}

fn move_player(time: Res<Time>, run: Res<MazeRun>, mut player: Single<&mut MazePlayer>) {
    let grid = &run.floor.grid;
    let wanted = player.wanted;
    player.mover.advance(grid, time.delta_secs(), |cell, arrived| player_choice(grid, cell, arrived, wanted));
}

/// The cell a pursuer heads for.
fn target_of(pursuer: &Pursuer, player: &MazePlayer, grid: &Grid, clock: f32) -> Cell {
    let at = player.mover.nearest_cell();
    match pursuer.hunt {
        Hunt::Chase => at,
        Hunt::Ambush => {
            // Two open cells ahead of the player, along its way.
            let mut cell = at;
            if let Some(dir) = player.mover.dir.or(player.wanted) {
                for _ in 0..2 {
                    match step(cell, dir) {
                        Some(next) if can_move(grid, cell, dir) => cell = next,
                        _ => break,
                    }
                }
            }
            cell
        }
        Hunt::Wander if clock % SCATTER_EVERY < SCATTER_FOR => pursuer.home,
        Hunt::Wander => at,
    }
}

/// A pursuer's choice at a cell centre: the first step of the shortest path to its target, or,
/// while frightened, the open neighbour furthest from the player. It never turns back unless
/// it must (a dead end), which keeps pursuers flowing through the maze.
fn pursuer_choice(
    grid: &Grid,
    cell: Cell,
    arrived: Option<Dir>,
    target: Cell,
    flee_from: Option<Cell>,
    taken: &[Cell],
) -> Option<Dir> {
    let options: Vec<Dir> =
        Dir::ALL.into_iter().filter(|d| can_move(grid, cell, *d) && Some(d.opposite()) != arrived).collect();
    let options =
        if options.is_empty() { Dir::ALL.into_iter().filter(|d| can_move(grid, cell, *d)).collect() } else { options };
    if let Some(threat) = flee_from {
        let distances = grid.distances_from(threat);
        return options.into_iter().max_by_key(|d| {
            let (x, y) = step(cell, *d).expect("open neighbour");
            distances[y * grid.width + x].unwrap_or(0)
        });
    }
    let path_dir = grid.path(cell, target).and_then(|path| path.get(1).and_then(|&next| Dir::between(cell, next)));
    // Prefer the path; if another pursuer is already heading into that cell, take another way.
    let best = path_dir.filter(|d| options.contains(d));
    match best {
        Some(dir) if !taken.contains(&step(cell, dir).expect("open neighbour")) => Some(dir),
        Some(dir) => options.iter().copied().find(|d| *d != dir).or(Some(dir)),
        None => options.first().copied(),
    }
}

fn move_pursuers(time: Res<Time>, run: Res<MazeRun>, player: Single<&MazePlayer>, mut pursuers: Query<&mut Pursuer>) {
    let grid = &run.floor.grid;
    let dt = time.delta_secs();
    if run.grace > 0.0 {
        return;
    }
    let player_cell = player.mover.nearest_cell();
    let mut heading: Vec<Cell> =
        pursuers.iter().filter_map(|p| p.mover.dir.and_then(|d| step(p.mover.cell, d))).collect();
    for mut pursuer in &mut pursuers {
        if pursuer.resting > 0.0 {
            pursuer.resting -= dt;
            continue;
        }
        let target = target_of(&pursuer, &player, grid, run.clock);
        let flee = (run.frightened > 0.0).then_some(player_cell);
        let mut mover = pursuer.mover;
        mover.advance(grid, dt, |cell, arrived| {
            let choice = pursuer_choice(grid, cell, arrived, target, flee, &heading);
            if let Some(next) = choice.and_then(|d| step(cell, d)) {
                heading.push(next);
            }
            choice
        });
        pursuer.mover = mover;
    }
}

fn eat_pickups(
    mut commands: Commands,
    mut run: ResMut<MazeRun>,
    data: Res<GameData>,
    player: Single<&MazePlayer>,
    pickups: Query<(Entity, &Pickup, &AtCell)>,
    mut sfx: MessageWriter<Sfx>,
) {
    let (px, py) = player.mover.position();
    for (entity, pickup, cell) in &pickups {
        let (cx, cy) = (cell.0.0 as f32, cell.0.1 as f32);
        if (px - cx).abs() + (py - cy).abs() > EAT_RADIUS {
            continue;
        }
        commands.entity(entity).despawn();
        match pickup {
            Pickup::Token => {
                run.score += 10;
                run.tokens_left = run.tokens_left.saturating_sub(1);
                sfx.write(Sfx::Eat);
            }
            Pickup::Star => {
                run.score += 100;
                run.stars_eaten += 1;
                sfx.write(Sfx::Bonus);
            }
            Pickup::PowerUp => {
                run.score += 50;
                run.frightened = data.maze.power_up_seconds;
                sfx.write(Sfx::PowerUp);
            }
        }
    }
}

fn meet_pursuers(
    mut run: ResMut<MazeRun>,
    mut player: Single<&mut MazePlayer>,
    mut pursuers: Query<&mut Pursuer>,
    mut sfx: MessageWriter<Sfx>,
) {
    let (px, py) = player.mover.position();
    let mut caught = false;
    for mut pursuer in &mut pursuers {
        if pursuer.resting > 0.0 {
            continue;
        }
        let (x, y) = pursuer.mover.position();
        if (px - x).hypot(py - y) > TOUCH_RADIUS {
            continue;
        }
        if run.frightened > 0.0 {
            run.score += 200;
            let home = pursuer.home;
            pursuer.mover = Mover::at(home, pursuer.mover.speed);
            pursuer.resting = EATEN_WAIT;
            sfx.write(Sfx::Bonus);
        } else if run.grace <= 0.0 {
            caught = true;
        }
    }
    if !caught {
        return;
    }
    run.lives = run.lives.saturating_sub(1);
    sfx.write(Sfx::Hit);
    if run.lives == 0 {
        run.ended = Some("The pots caught you!".into());
        return;
    }
    run.grace = RESPAWN_GRACE;
    let start = run.floor.start;
    player.mover = Mover::at(start, player.mover.speed);
    player.wanted = None;
    for mut pursuer in &mut pursuers {
        let home = pursuer.home;
        pursuer.mover = Mover::at(home, pursuer.mover.speed);
    }
}

fn clear_floor(
    mut commands: Commands,
    mut run: ResMut<MazeRun>,
    data: Res<GameData>,
    session: Res<Session>,
    mut intensity: ResMut<Intensity>,
    pieces: Query<Entity, With<FloorPiece>>,
    mut sfx: MessageWriter<Sfx>,
) {
    if run.tokens_left > 0 || run.ended.is_some() {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    run.floors_cleared += 1;
    sfx.write(Sfx::Clear);
    run.score += 500;
    let next = run.floor.floor + 1;
    run.floor = generate_floor(&data.maze, &data.runner.curve, session.seed, next);
    run.tokens_left = run.floor.tokens.len();
    run.frightened = 0.0;
    run.grace = RESPAWN_GRACE;
    intensity.0 = run.floor.intensity;
    spawn_floor(&mut commands, &run.floor, &data);
}

fn tick_timers(time: Res<Time>, mut run: ResMut<MazeRun>) {
    let dt = time.delta_secs();
    run.frightened = (run.frightened - dt).max(0.0);
    run.grace = (run.grace - dt).max(0.0);
    run.clock += dt;
}

fn place_movers(
    mut player: Query<(&MazePlayer, &mut Transform), Without<Pursuer>>,
    mut pursuers: Query<(&Pursuer, &mut Transform), Without<MazePlayer>>,
) {
    for (player, mut transform) in &mut player {
        let (x, y) = player.mover.position();
        transform.translation = to_world(x, y).extend(transform.translation.z);
    }
    for (pursuer, mut transform) in &mut pursuers {
        let (x, y) = pursuer.mover.position();
        transform.translation = to_world(x, y).extend(transform.translation.z);
    }
}

fn show_status(run: Res<MazeRun>, mut status: ResMut<HudStatus>) {
    let line = format!("Score {}   Floor {}   Lives {}", run.score, run.floor.floor, run.lives);
    if status.line != line {
        status.line = line;
    }
}

fn end_maze(run: Res<MazeRun>, mut last: ResMut<LastRun>, mut next: ResMut<NextState<Screen>>) {
    if let Some(cause) = &run.ended {
        *last = LastRun {
            score: run.score,
            cause: cause.clone(),
            summary: format!("reached floor {}, {} stars", run.floor.floor, run.stars_eaten),
            ..default()
        };
        next.set(Screen::GameOver);
    }
}
