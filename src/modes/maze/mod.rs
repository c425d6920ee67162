//! Maze chase: eat every crumb on a carved floor while hungry pots chase you; a chilli turns the
//! tables for a few seconds. Clearing a floor carves the next, harder one from the same seed.

pub mod bot;
pub mod picture;
pub mod pursuers;
pub mod spawn;
pub mod visuals;

use bevy::prelude::*;
use seedfeast_music::{Scale, Style, Wave};
use seedfeast_procgen::generator::Opt;
use seedfeast_procgen::maze::{MazeFloor, generate_floor};
use seedfeast_procgen::modes;

use crate::data::GameData;
use crate::grid_move::{Mover, player_choice, step};
use crate::mode::{Controls, Feel, ModeInfo, Orientation, Physics};
use crate::replay::StepInput;
use crate::run::{Gameplay, Progress, Rules, RunEnd, RunPlugin, RunStart};
use crate::session::Session;
use crate::session::playing;
use crate::sound::Sfx;
use crate::state::Screen;
pub use pursuers::Pursuer;
use pursuers::{Scatter, homing_choice, is_hunting, open_in, pursuer_choice, target_of};
pub use spawn::{AtCell, CELL, FloorPiece, MazePlayer, MazeWall, Pickup, spawn_floor, to_world};

/// The Maze chase's row in the table of modes.
pub const MODE: ModeInfo = ModeInfo {
    spec: &modes::MAZE,
    blurb: "Eat every crumb on each floor while hungry pots give chase",
    controls: Controls::Turn,
    physics: Physics::None,
    plugin: |app| {
        app.add_plugins(MazePlugin);
    },
    visuals: visuals::add,
    bot: Some(bot::BOT),
    levels: None,
    orientation: Orientation::Landscape,
    feel: Feel {
        music: Style {
            tempo_bpm: 132,
            root: 62,
            scale: Scale::Dorian,
            progression: [0, 3, 0, 4],
            lead: Wave::Square,
            bass: Wave::Square,
            busyness: 0.55,
            drums: true,
        },
        stage: Some("Floor"),
    },
};

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

impl Rules for MazeRun {
    fn status(&self) -> String {
        format!("Score {}   Floor {}   Lives {}", self.score, self.floor.floor, self.lives)
    }

    /// The curve at the floor reached (what the floor was carved for).
    fn intensity(&self, data: &GameData) -> f32 {
        data.maze.intensity_at(data.curve(), self.floor.floor)
    }

    fn outcome(&self) -> Option<RunEnd> {
        self.ended.as_ref().map(|cause| RunEnd {
            score: self.score,
            cause: cause.clone(),
            summary: format!(
                "reached floor {}, {}",
                self.floor.floor,
                crate::words::counted(self.stars_eaten, "star", "stars")
            ),
        })
    }

    fn progress(&self) -> Progress {
        Progress { amount: self.floors_cleared as f32, unit: "floors" }
    }

    fn score(&self) -> u32 {
        self.score
    }

    fn stage(&self) -> u32 {
        self.floor.floor
    }

    fn level_options(&self) -> Vec<(Opt, u32)> {
        vec![(Opt::Floor, self.floor.floor)]
    }
}

pub(crate) struct MazePlugin;

impl Plugin for MazePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RunPlugin::<MazeRun>::default())
            .add_systems(OnEnter(Screen::Playing), start_maze.in_set(RunStart::Mode).run_if(playing(&MODE)))
            .add_systems(
                FixedUpdate,
                (steer_player, move_player, move_pursuers, eat_pickups, meet_pursuers, clear_floor, tick_timers)
                    .chain()
                    .in_set(Gameplay::React)
                    .run_if(resource_exists::<MazeRun>),
            )
            .add_systems(FixedUpdate, place_movers.in_set(Gameplay::Place).run_if(resource_exists::<MazeRun>));
    }
}

fn start_maze(mut commands: Commands, session: Res<Session>, data: Res<GameData>) {
    let floor = generate_floor(&data.maze, data.curve(), session.seed, 1);
    let run = MazeRun {
        tokens_left: crumbs(&floor),
        ended: empty_floor(&floor),
        floor,
        score: 0,
        lives: data.maze.lives,
        stars_eaten: 0,
        floors_cleared: 0,
        frightened: 0.0,
        grace: data.maze.respawn_grace,
        clock: 0.0,
    };
    spawn_floor(&mut commands, &run.floor, &data);
    commands.insert_resource(run);
}

/// What must be eaten to clear a floor: its crumbs, or its stars on a floor without crumbs.
fn crumbs(floor: &MazeFloor) -> usize {
    if floor.tokens.is_empty() { floor.stars.len() } else { floor.tokens.len() }
}

/// A floor with nothing to eat can't be cleared: the run ends with why, instead of clearing
/// floor after floor every step (tunings the game loads can't make one; tools can).
fn empty_floor(floor: &MazeFloor) -> Option<String> {
    (crumbs(floor) == 0)
        .then(|| "This floor came out with nothing to eat: the maze tuning leaves no room for crumbs.".to_string())
}

fn steer_player(input: Res<StepInput>, mut player: Single<&mut MazePlayer>) {
    let Some(wanted) = input.steer else { return };
    player.wanted = Some(wanted);
    // Turning back needs no junction: do it at once.
    if player.mover.dir == Some(wanted.opposite()) {
        player.mover.reverse();
    }
}

fn move_player(time: Res<Time>, run: Res<MazeRun>, mut player: Single<&mut MazePlayer>) {
    let open = open_in(&run.floor.grid);
    let wanted = player.wanted;
    player.mover.advance(&open, time.delta_secs(), |cell, arrived| player_choice(&open, cell, arrived, wanted));
}

fn move_pursuers(
    time: Res<Time>,
    run: Res<MazeRun>,
    data: Res<GameData>,
    player: Single<&MazePlayer>,
    mut pursuers: Query<&mut Pursuer>,
) {
    let grid = &run.floor.grid;
    let open = open_in(grid);
    let dt = time.delta_secs();
    let count = pursuers.iter().len();
    let hunters = data.maze.hunters_at(run.floor.intensity);
    for mut pursuer in &mut pursuers {
        pursuer.hunting = is_hunting(pursuer.order, count, hunters, run.clock, data.maze.hunt_turn);
    }
    if run.grace > 0.0 {
        return;
    }
    let scatter = Scatter { every: data.maze.scatter_every, for_seconds: data.maze.scatter_for };
    let player_cell = player.mover.nearest_cell();
    let heading_of_player = player.mover.dir.or(player.wanted);
    let mut heading: Vec<(usize, usize)> =
        pursuers.iter().filter_map(|p| p.mover.dir.and_then(|d| step(p.mover.cell, d))).collect();
    for mut pursuer in &mut pursuers {
        if pursuer.resting > 0.0 {
            pursuer.resting -= dt;
            continue;
        }
        let flee = (run.frightened > 0.0).then_some(player_cell);
        let mut mover = pursuer.mover;
        if flee.is_none() && !pursuer.hunting {
            let home = pursuer.home;
            mover.advance(&open, dt, |cell, _| homing_choice(grid, cell, home));
            pursuer.mover = mover;
            continue;
        }
        let target = target_of(pursuer.hunt, pursuer.home, player_cell, heading_of_player, grid, run.clock, scatter);
        mover.advance(&open, dt, |cell, arrived| {
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
    let tuning = &data.maze;
    let (px, py) = player.mover.position();
    let stars_are_crumbs = run.floor.tokens.is_empty();
    for (entity, pickup, cell) in &pickups {
        let (cx, cy) = (cell.0.0 as f32, cell.0.1 as f32);
        if (px - cx).abs() + (py - cy).abs() > tuning.eat_radius {
            continue;
        }
        commands.entity(entity).despawn();
        match pickup {
            Pickup::Token => {
                run.score = run.score.saturating_add(tuning.token_points);
                run.tokens_left = run.tokens_left.saturating_sub(1);
                sfx.write(Sfx::Eat);
            }
            Pickup::Star => {
                run.score = run.score.saturating_add(tuning.star_points);
                run.stars_eaten += 1;
                if stars_are_crumbs {
                    run.tokens_left = run.tokens_left.saturating_sub(1);
                }
                sfx.write(Sfx::Bonus);
            }
            Pickup::PowerUp => {
                run.score = run.score.saturating_add(tuning.power_up_points);
                run.frightened = tuning.power_up_seconds;
                sfx.write(Sfx::PowerUp);
            }
        }
    }
}

fn meet_pursuers(
    mut run: ResMut<MazeRun>,
    data: Res<GameData>,
    mut player: Single<&mut MazePlayer>,
    mut pursuers: Query<&mut Pursuer>,
    mut sfx: MessageWriter<Sfx>,
) {
    let tuning = &data.maze;
    let (px, py) = player.mover.position();
    let mut caught = false;
    for mut pursuer in &mut pursuers {
        // A pot off its turn at the hunt catches no one (the chilli still makes it edible).
        if pursuer.resting > 0.0 || !(pursuer.hunting || run.frightened > 0.0) {
            continue;
        }
        let (x, y) = pursuer.mover.position();
        // Squared distances: no platform-dependent square root decides a catch.
        let (dx, dy) = (px - x, py - y);
        if dx * dx + dy * dy > tuning.touch_radius * tuning.touch_radius {
            continue;
        }
        if run.frightened > 0.0 {
            run.score = run.score.saturating_add(tuning.pursuer_points);
            let home = pursuer.home;
            pursuer.mover = Mover::at(home, pursuer.mover.speed);
            pursuer.resting = tuning.eaten_wait;
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
    run.grace = tuning.respawn_grace;
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
    run.score = run.score.saturating_add(data.maze.floor_points);
    let next = run.floor.floor.saturating_add(1);
    run.floor = generate_floor(&data.maze, data.curve(), session.seed, next);
    run.tokens_left = crumbs(&run.floor);
    run.ended = empty_floor(&run.floor);
    run.frightened = 0.0;
    run.grace = data.maze.respawn_grace;
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

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;
    use seedfeast_procgen::Seed;

    use super::*;
    use crate::mode::Mode;

    /// A world holding what `clear_floor` reads, the run given and `data`.
    fn world(run: MazeRun, data: GameData) -> World {
        let mut world = World::new();
        world.init_resource::<Messages<Sfx>>();
        world.insert_resource(Session { mode: Mode(&MODE), seed: Seed(7), origin: None, daily: None, level: None });
        world.insert_resource(data);
        world.insert_resource(run);
        world
    }

    fn run_on(floor: MazeFloor, data: &GameData) -> MazeRun {
        MazeRun {
            tokens_left: crumbs(&floor),
            ended: empty_floor(&floor),
            floor,
            score: 0,
            lives: data.maze.lives,
            stars_eaten: 0,
            floors_cleared: 0,
            frightened: 0.0,
            grace: 0.0,
            clock: 0.0,
        }
    }

    /// A tuning whose floors have nothing to eat: a 1 × 1 grid (the game's loader refuses it;
    /// `gen maze --width 1 --height 1` makes one).
    fn empty_floors() -> GameData {
        let mut data = GameData::built_in();
        (data.maze.width, data.maze.height) = (1, 1);
        data
    }

    /// Steps `clear_floor` as the fixed loop would (64 a second) for `steps` steps.
    fn step(world: &mut World, steps: usize) {
        for _ in 0..steps {
            world.run_system_once(clear_floor).expect("the system runs");
        }
    }

    #[test]
    fn an_empty_floor_ends_the_run_instead_of_clearing_every_step() {
        let data = empty_floors();
        let floor = generate_floor(&data.maze, data.curve(), Seed(7), 1);
        assert_eq!(crumbs(&floor), 0, "nothing to eat");
        let run = run_on(floor, &data);
        let end = run.outcome().expect("the run is over at once");
        assert!(end.cause.contains("nothing to eat"), "{}", end.cause);
        let mut world = world(run, data);
        step(&mut world, 64 * 60); // a minute of steps
        let run = world.resource::<MazeRun>();
        assert_eq!((run.floor.floor, run.floors_cleared, run.score), (1, 0, 0), "no floor was cleared");
    }

    #[test]
    fn clearing_into_an_empty_floor_ends_there_and_scores_once() {
        // A real floor, just cleared; the next one comes out empty.
        let shipped = GameData::built_in();
        let mut run = run_on(generate_floor(&shipped.maze, shipped.curve(), Seed(7), 1), &shipped);
        run.tokens_left = 0;
        let data = empty_floors();
        let floor_points = data.maze.floor_points;
        let mut world = world(run, data);
        step(&mut world, 64 * 60);
        let run = world.resource::<MazeRun>();
        assert_eq!((run.floor.floor, run.floors_cleared, run.score), (2, 1, floor_points));
        assert!(run.ended.as_deref().is_some_and(|cause| cause.contains("nothing to eat")), "{:?}", run.ended);
    }

    #[test]
    fn the_score_and_floor_saturate_instead_of_overflowing() {
        let data = GameData::built_in();
        let mut run = run_on(generate_floor(&data.maze, data.curve(), Seed(7), 1), &data);
        (run.tokens_left, run.score, run.floor.floor) = (0, u32::MAX - 1, u32::MAX);
        let mut world = world(run, data);
        step(&mut world, 1);
        let run = world.resource::<MazeRun>();
        assert_eq!((run.score, run.floor.floor, run.floors_cleared), (u32::MAX, u32::MAX, 1));
        assert!(run.ended.is_none() && run.tokens_left > 0, "the next floor is played");
    }
}
