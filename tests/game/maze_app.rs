//! Maze chase played headlessly: floors are exactly procgen's, clearing a floor carves the next,
//! pursuers really find the player, and the chilli makes them edible.

use crate::common;

use std::collections::BTreeSet;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::grid_move::{Dir, Mover, can_move};
use seedfeast::modes::maze::pursuers::open_in;
use seedfeast::modes::maze::{AtCell, MazePlayer, MazeRun, MazeWall, Pickup, Pursuer};
use seedfeast::sound::Sfx;
use seedfeast::state::Screen;
use seedfeast_procgen::Seed;
use seedfeast_procgen::maze::{Cell, MazeFloor, generate_floor};

fn expected_floor(app: &App, seed: Seed, floor: u32) -> MazeFloor {
    let data = app.world().resource::<GameData>();
    generate_floor(&data.maze, data.curve(), seed, floor)
}

fn cells_of(app: &mut App, kind: Pickup) -> BTreeSet<Cell> {
    let mut query = app.world_mut().query::<(&Pickup, &AtCell)>();
    query.iter(app.world()).filter(|(p, _)| **p == kind).map(|(_, c)| c.0).collect()
}

fn assert_floor_matches(app: &mut App, want: &MazeFloor) {
    assert_eq!(cells_of(app, Pickup::Token), want.tokens.iter().copied().collect());
    assert_eq!(cells_of(app, Pickup::Star), want.stars.iter().copied().collect());
    assert_eq!(cells_of(app, Pickup::PowerUp), want.power_up.into_iter().collect());
    let walls: BTreeSet<Cell> =
        app.world_mut().query_filtered::<&AtCell, With<MazeWall>>().iter(app.world()).map(|c| c.0).collect();
    let want_walls: BTreeSet<Cell> = (0..want.grid.height)
        .flat_map(|y| (0..want.grid.width).map(move |x| (x, y)))
        .filter(|&(x, y)| !want.grid.is_open(x, y))
        .collect();
    assert_eq!(walls, want_walls);
    let homes: BTreeSet<Cell> = app.world_mut().query::<&Pursuer>().iter(app.world()).map(|p| p.home).collect();
    assert_eq!(homes, want.hazards.iter().copied().collect());
    let player = app.world_mut().query::<&MazePlayer>().single(app.world()).unwrap().mover.cell;
    assert_eq!(player, want.start);
}

#[test]
fn a_floor_spawns_exactly_what_procgen_returns() {
    let seed = Seed::from_text("maze night");
    let mut app = maze_app(seed);
    let want = expected_floor(&app, seed, 1);
    assert!(want.tokens.len() > 20 && !want.hazards.is_empty());
    assert_floor_matches(&mut app, &want);
}

fn put_player(app: &mut App, cell: Cell) {
    let mut query = app.world_mut().query::<&mut MazePlayer>();
    let mut player = query.single_mut(app.world_mut()).unwrap();
    player.mover = Mover::at(cell, player.mover.speed);
    player.wanted = None;
}

#[test]
fn eating_every_token_carves_the_next_floor() {
    let seed = Seed(99);
    let mut app = maze_app(seed);
    listen(&mut app);
    let tokens: Vec<Cell> = expected_floor(&app, seed, 1).tokens;
    for cell in tokens {
        // Keep the pursuers harmless: this test is about clearing.
        app.world_mut().resource_mut::<MazeRun>().grace = 1e9;
        put_player(&mut app, cell);
        app.update();
    }
    app.update();
    let run = app.world().resource::<MazeRun>();
    assert_eq!(run.floor.floor, 2, "all tokens eaten: the next floor");
    assert_eq!(run.floors_cleared, 1);
    assert!(run.score >= 10 * 20 + 500);
    let cues = heard(&app);
    assert!(cues.count(Sfx::Eat) >= 20 && cues.count(Sfx::Clear) == 1, "{:?}", cues.0);
    let want = expected_floor(&app, seed, 2);
    assert_ne!(want.grid, expected_floor(&app, seed, 1).grid);
    assert_floor_matches(&mut app, &want);
}

#[test]
fn pursuers_find_a_player_who_stands_still() {
    let seed = Seed(7);
    let mut app = maze_app(seed);
    let floor = expected_floor(&app, seed, 1);
    for &home in &floor.hazards {
        let path = floor.grid.path(home, floor.start).expect("every pursuer has a path to the player");
        assert!(path.windows(2).all(|w| Dir::between(w[0], w[1]).is_some_and(|d| can_move(
            &open_in(&floor.grid),
            w[0],
            d
        ))));
    }
    let lives = app.world().resource::<MazeRun>().lives;
    let mut frames = 0;
    while app.world().resource::<MazeRun>().lives == lives && frames < 60 * 60 {
        app.update();
        frames += 1;
    }
    assert!(app.world().resource::<MazeRun>().lives < lives, "nobody caught the player in {frames} frames");
    let player = app.world_mut().query::<&MazePlayer>().single(app.world()).unwrap().mover.cell;
    assert_eq!(player, floor.start, "caught: back to the start");
}

/// Steps from the floor's start (where the player stands still) to where pot `order` is now.
fn steps_to_start(app: &mut App, floor: &MazeFloor, order: usize) -> u32 {
    let pot = app.world_mut().query::<&Pursuer>().iter(app.world()).find(|p| p.order == order).unwrap().clone();
    let distances = floor.grid.distances_from(floor.start);
    distances[floor.grid.index(pot.mover.nearest_cell())].expect("a pot stands on an open cell")
}

#[test]
fn pots_take_turns_at_the_hunt_and_the_others_wait_at_home() {
    let seed = Seed(7);
    let mut app = maze_app(seed);
    let floor = expected_floor(&app, seed, 1);
    // Turns long enough for a pot to cross the floor from its home.
    app.world_mut().resource_mut::<GameData>().maze.hunt_turn = 20.0;
    let tuning = app.world().resource::<GameData>().maze.clone();
    assert_eq!(tuning.hunters_at(floor.intensity), 1, "one hunter on the first floor");
    assert!(floor.hazards.len() >= 2);
    let clock = |app: &App| app.world().resource::<MazeRun>().clock;
    // Lives enough to be caught on every turn.
    app.world_mut().resource_mut::<MazeRun>().lives = 99;
    // Pot 0 rests throughout (whose turn it is does not depend on who is resting), so its
    // catches don't send pot 1 home. The player stands still at the start.
    for mut pot in app.world_mut().query::<&mut Pursuer>().iter_mut(app.world_mut()) {
        if pot.order == 0 {
            pot.resting = 1_000.0;
        }
    }
    // The first turn is pot 0's: pot 1 waits at its home.
    let home = floor.hazards[1];
    while clock(&app) < tuning.hunt_turn - 0.1 {
        app.update();
        let pot = app.world_mut().query::<&Pursuer>().iter(app.world()).find(|p| p.order == 1).unwrap().mover;
        assert_eq!((pot.cell, pot.dir), (home, None), "pot 1 waits at home while it is not its turn");
    }
    // Then the hunt passes to pot 1, which leaves its home for the player.
    let mut keeper_near = u32::MAX;
    while clock(&app) < 2.0 * tuning.hunt_turn - 0.1 {
        app.update();
        keeper_near = keeper_near.min(steps_to_start(&mut app, &floor, 1));
    }
    assert!(keeper_near <= 1, "pot 1 took its turn: it came within {keeper_near} steps");
}

#[test]
fn the_chilli_makes_pursuers_edible() {
    let seed = Seed(7);
    let mut app = maze_app(seed);
    let power_up = expected_floor(&app, seed, 1).power_up.expect("a power-up");
    put_player(&mut app, power_up);
    app.update();
    assert!(app.world().resource::<MazeRun>().frightened > 0.0);
    let score = app.world().resource::<MazeRun>().score;
    // Walk a pursuer onto the player.
    let mut query = app.world_mut().query::<&mut Pursuer>();
    let mut pursuer = query.iter_mut(app.world_mut()).next().unwrap();
    pursuer.mover = Mover::at(power_up, pursuer.mover.speed);
    app.update();
    let run = app.world().resource::<MazeRun>();
    assert!(run.score >= score + 200, "ate a pursuer: {} -> {}", score, run.score);
    assert_eq!(run.lives, GameData::built_in().maze.lives);
    let resting = app.world_mut().query::<&Pursuer>().iter(app.world()).filter(|p| p.resting > 0.0).count();
    assert_eq!(resting, 1);
}

#[test]
fn arrow_keys_steer_the_player() {
    let seed = Seed(3);
    let mut app = maze_app(seed);
    app.world_mut().resource_mut::<MazeRun>().grace = 1e9;
    let floor = expected_floor(&app, seed, 1);
    let (dir, key, logical) = [
        (Dir::Right, KeyCode::ArrowRight, Key::ArrowRight),
        (Dir::Down, KeyCode::ArrowDown, Key::ArrowDown),
        (Dir::Left, KeyCode::ArrowLeft, Key::ArrowLeft),
        (Dir::Up, KeyCode::ArrowUp, Key::ArrowUp),
    ]
    .into_iter()
    .find(|(d, _, _)| can_move(&open_in(&floor.grid), floor.start, *d))
    .unwrap();
    tap_key(&mut app, key, logical);
    for _ in 0..10 {
        app.update();
    }
    let player = app.world_mut().query::<&MazePlayer>().single(app.world()).unwrap().mover;
    assert_eq!(player.dir.or(Some(dir)), Some(dir));
    assert!(player.position() != (floor.start.0 as f32, floor.start.1 as f32), "moved {dir:?}");
}

#[test]
fn losing_every_life_ends_the_run() {
    let mut app = maze_app(Seed(7));
    for _ in 0..60 * 60 * 3 {
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::GameOver);
    let last = app.world().resource::<seedfeast::session::LastRun>();
    assert!(last.cause.contains("caught") && last.summary.contains("floor 1"), "{last:?}");
}
