//! Arena played headlessly: a wave is exactly procgen's, clearing the food scatters the next,
//! hot pans cost lives, and held keys move the player inside the walls.

use crate::common;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::modes::arena::{ArenaPiece, ArenaPlayer, ArenaRun, LIVES, PLAYER_RADIUS};
use seedfeast::session::LastRun;
use seedfeast::sound::Sfx;
use seedfeast::state::Screen;
use seedfeast_procgen::Seed;
use seedfeast_procgen::arena::{ArenaGenerator, ArenaWave, ItemKind};

fn expected_waves(seed: Seed, count: usize) -> Vec<ArenaWave> {
    let data = GameData::built_in();
    ArenaGenerator::new(data.arena.clone(), data.curve().clone(), data.food().clone(), seed).take(count).collect()
}

fn pieces(app: &mut App) -> Vec<ArenaPiece> {
    let mut pieces: Vec<ArenaPiece> = app.world_mut().query::<&ArenaPiece>().iter(app.world()).copied().collect();
    pieces.sort_by(|a, b| (a.at.x, a.at.y).partial_cmp(&(b.at.x, b.at.y)).unwrap());
    pieces
}

fn expected_pieces(wave: &ArenaWave) -> Vec<ArenaPiece> {
    let mut pieces: Vec<ArenaPiece> =
        wave.items.iter().map(|i| ArenaPiece { at: Vec2::new(i.x, i.y), kind: i.kind }).collect();
    pieces.sort_by(|a, b| (a.at.x, a.at.y).partial_cmp(&(b.at.x, b.at.y)).unwrap());
    pieces
}

fn put_player(app: &mut App, at: Vec2) {
    let mut query = app.world_mut().query::<&mut ArenaPlayer>();
    query.single_mut(app.world_mut()).unwrap().at = at;
}

#[test]
fn a_wave_spawns_exactly_what_procgen_returns() {
    let seed = Seed::from_text("arena night");
    let mut app = mode_app(mode("arena"), seed);
    let waves = expected_waves(seed, 1);
    assert!(!waves[0].items.is_empty());
    assert_eq!(pieces(&mut app), expected_pieces(&waves[0]));
}

#[test]
fn eating_all_the_food_scatters_the_next_wave() {
    let seed = Seed(21);
    let mut app = mode_app(mode("arena"), seed);
    let waves = expected_waves(seed, 2);
    for item in waves[0].items.iter().filter(|i| matches!(i.kind, ItemKind::Food(_))) {
        app.world_mut().resource_mut::<ArenaRun>().grace = 1e9;
        put_player(&mut app, Vec2::new(item.x, item.y));
        app.update();
    }
    app.update();
    let run = app.world().resource::<ArenaRun>();
    assert_eq!(run.wave.wave, 2);
    assert!(run.score > 0);
    assert_eq!(pieces(&mut app), expected_pieces(&waves[1]));
}

#[test]
fn hot_pans_cost_lives_and_end_the_run() {
    let seed = Seed(4);
    let mut app = mode_app(mode("arena"), seed);
    let wave = &expected_waves(seed, 1)[0];
    let pan = wave.items.iter().find(|i| i.kind == ItemKind::Hazard).expect("a hazard in wave 1");
    listen(&mut app);
    app.world_mut().resource_mut::<ArenaRun>().grace = 0.0;
    for burnt in 1..=LIVES {
        app.world_mut().resource_mut::<ArenaRun>().grace = 0.0;
        put_player(&mut app, Vec2::new(pan.x, pan.y));
        app.update();
        app.update();
        if burnt < LIVES {
            assert_eq!(app.world().resource::<ArenaRun>().lives, LIVES - burnt);
        }
    }
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(app.world().resource::<LastRun>().cause.contains("pan"));
    assert_eq!(heard(&app).count(Sfx::Hit), LIVES as usize, "one hit heard per life lost");
}

#[test]
fn held_keys_move_the_player_and_the_walls_hold() {
    let mut app = mode_app(mode("arena"), Seed(8));
    app.world_mut().resource_mut::<ArenaRun>().grace = 1e9;
    let start = app.world_mut().query::<&ArenaPlayer>().single(app.world()).unwrap().at;
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::ArrowLeft,
        logical_key: Key::ArrowLeft,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    for _ in 0..30 {
        app.world_mut().resource_mut::<ArenaRun>().grace = 1e9;
        app.update();
    }
    let moved = app.world_mut().query::<&ArenaPlayer>().single(app.world()).unwrap().at;
    assert!(moved.x < start.x - 100.0 && (moved.y - start.y).abs() < 1e-3, "{start} -> {moved}");
    for _ in 0..600 {
        app.world_mut().resource_mut::<ArenaRun>().grace = 1e9;
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing, "the pans can't hurt during grace");
    let at = app.world_mut().query::<&ArenaPlayer>().single(app.world()).unwrap().at;
    assert_eq!(at.x, PLAYER_RADIUS, "stopped by the left wall");
}
