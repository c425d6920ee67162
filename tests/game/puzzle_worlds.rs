//! A Code puzzle level with variant worlds, played headlessly through the game's own systems
//! (issue #32): a straight-line program that solves the player's own world is refused, the run
//! having moved on to the world it fails and named it; F6 looks at each world between runs (its
//! tiles drawn again, the player hidden outside their own); the step's solution plays in every
//! world in turn and opens the way.

use crate::common;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use common::puzzle::arrow;
use common::*;
use seedfeast::data::GameData;
use seedfeast::modes::puzzle::bot::next_step;
use seedfeast::modes::puzzle::{CodeEditor, Note, PuzzlePlayer, PuzzleRun, Tile, from_grid};
use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::world::Ground;

/// A headless Code puzzle at curriculum step `step`, past the countdown.
fn step_app(seed: Seed, step: u32) -> App {
    common::puzzle::puzzle_app_with(seed, Some(step), None)
}

fn puzzle(app: &App) -> &PuzzleRun {
    app.world().resource::<PuzzleRun>()
}

fn player(app: &mut App) -> ((i32, i32), bool, Visibility) {
    let mut query = app.world_mut().query::<(&PuzzlePlayer, &Visibility)>();
    let (player, visibility) = query.single(app.world()).unwrap();
    (from_grid(player.mover.cell), player.mover.dir.is_none() && player.queued.is_none(), *visibility)
}

/// Walks the player with the arrow keys to `target` (the coding tile, the open exit).
fn walk_to(app: &mut App, target: (i32, i32), done: impl Fn(&App) -> bool) {
    for _ in 0..600 {
        if done(app) {
            return;
        }
        let (here, resting, _) = player(app);
        if !resting || here == target {
            app.update();
            continue;
        }
        let dir = next_step(puzzle(app), here, target).unwrap_or_else(|| panic!("no way from {here:?} to {target:?}"));
        let (code, logical) = arrow(dir);
        tap_key(app, code, logical);
    }
    panic!("never reached {target:?}");
}

/// Puts `code` in the editor and runs it with F5; returns every world seen on screen until the
/// run's end has shown.
fn run_code(app: &mut App, code: &str) -> Vec<usize> {
    app.world_mut().resource_mut::<CodeEditor>().set_text(code);
    tap_key(app, KeyCode::F5, Key::F5);
    assert!(puzzle(app).board.running(), "F5 runs the program");
    let mut seen = vec![puzzle(app).board.shown];
    for _ in 0..60 * 40 {
        if !puzzle(app).board.running() {
            return seen;
        }
        app.update();
        let shown = puzzle(app).board.shown;
        if seen.last() != Some(&shown) {
            seen.push(shown);
        }
    }
    panic!("the run never concluded");
}

/// The tiles drawn now, as (cell, ground), sorted.
fn drawn_tiles(app: &mut App) -> Vec<((i32, i32), Ground)> {
    let mut query = app.world_mut().query::<&Tile>();
    let mut tiles: Vec<_> = query.iter(app.world()).map(|t| (t.cell, t.ground)).collect();
    tiles.sort_by_key(|t| (t.0.1, t.0.0));
    tiles
}

fn ground_of(world: &seedfeast_procgen::puzzle::world::World) -> Vec<((i32, i32), Ground)> {
    let mut tiles = Vec::new();
    for y in 0..world.height {
        for x in 0..world.width {
            let g = world.ground_at((x, y));
            if g != Ground::Void {
                tiles.push(((x, y), g));
            }
        }
    }
    tiles
}

#[test]
fn a_condition_level_is_solved_only_in_every_world() {
    // "Is it moving?": world 1's gate moves, world 2's stands still and its door must open.
    let mut app = step_app(Seed::from_text("pizza party"), 14);
    let board = &puzzle(&app).board;
    assert_eq!(board.worlds.len(), 2, "a condition step has two worlds");
    assert_eq!(drawn_tiles(&mut app), ground_of(&puzzle(&app).board.worlds[0]), "the player's own world is drawn");
    let coding = puzzle(&app).board.level.coding_tile;
    walk_to(&mut app, coding, |app| puzzle(app).panel_open);

    // Stopping the gate is all world 1 needs: the run moves on to world 2 and fails there.
    let seen = run_code(&mut app, "gate1.stop();");
    assert_eq!(seen, [0, 1, 0], "world 1, then world 2, then back to the player's own");
    let board = &puzzle(&app).board;
    assert_eq!(board.note, Note::Wrong);
    assert_eq!(board.failed_world, Some(1), "the world it fails is named");
    assert_eq!(board.passed, [Some(true), Some(false)]);
    assert!(!board.open && board.world == board.worlds[0], "the level is back as it was");
    assert_eq!(drawn_tiles(&mut app), ground_of(&puzzle(&app).board.worlds[0]), "the own world drawn again");

    // F6 looks at world 2 (drawn, the player hidden), and again back at world 1.
    tap_key(&mut app, KeyCode::F6, Key::F6);
    app.update();
    assert_eq!(puzzle(&app).board.shown, 1);
    assert_eq!(drawn_tiles(&mut app), ground_of(&puzzle(&app).board.worlds[1]), "world 2's tiles");
    assert_eq!(player(&mut app).2, Visibility::Hidden, "the player stays in their own world");
    tap_key(&mut app, KeyCode::F6, Key::F6);
    app.update();
    assert_eq!(puzzle(&app).board.shown, 0);
    assert_eq!(player(&mut app).2, Visibility::Inherited);

    // The step's solution plays in both worlds and opens the way; the player walks out.
    let solution = puzzle(&app).board.level.solution.clone();
    let seen = run_code(&mut app, &solution);
    assert_eq!(seen, [0, 1, 0]);
    let board = &puzzle(&app).board;
    assert!(board.open && board.note == Note::Solved && board.failed_world.is_none());
    assert_eq!(board.passed, [Some(true), Some(true)]);
    assert_eq!(board.world.rows(), board.level.solved, "the own world shows solved");
    let exit = board.level.exit;
    walk_to(&mut app, exit, |app| puzzle(app).board.step == 15);
    assert_eq!(puzzle(&app).cleared.len(), 1, "the step is cleared");
}

#[test]
fn lab_bot_runs_start_at_every_step_with_three_to_go() {
    // `lab bots` plays three steps a seed; the seeds walk the start up the curriculum, so the
    // condition steps and their worlds are played too, not only steps 0 to 2.
    let data = GameData::built_in();
    let steps = data.puzzle.curriculum.steps.len() as u32;
    let starts: std::collections::BTreeSet<u32> =
        (0..100).map(|s| seedfeast::modes::puzzle::bot::start_step(Seed(s), &data)).collect();
    assert_eq!(starts, (0..steps - 2).collect(), "every run of three steps");
}
