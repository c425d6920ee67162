//! Arena played headlessly: a wave is exactly procgen's, clearing the food scatters the next,
//! hot pans cost lives, held keys move the player inside the walls, and the moving threats
//! follow their generated paths step by step, hit as pans do and are part of the state hash.

use crate::common;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::modes::arena::threats::ArenaThreat;
use seedfeast::modes::arena::{ArenaPiece, ArenaPlayer, ArenaRun, LIVES};
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
    to_game_over(&mut app);
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
    assert_eq!(at.x, GameData::built_in().arena.player_radius, "stopped by the left wall");
}

/// The first seed from 0 whose first wave's moving pan is of `kind`.
fn seed_with_first_threat(kind: &str) -> (Seed, ArenaWave) {
    (0..200u64)
        .map(Seed)
        .map(|seed| (seed, expected_waves(seed, 1).remove(0)))
        .find(|(_, wave)| wave.threats.first().is_some_and(|t| t.motion.kind() == kind))
        .expect("a seed with such a threat")
}

fn threat(app: &mut App) -> (ArenaThreat, Vec3) {
    let mut query = app.world_mut().query::<(&ArenaThreat, &Transform)>();
    let (threat, transform) = query.single(app.world()).expect("one threat in the first wave");
    (threat.clone(), transform.translation)
}

#[test]
fn a_threat_moves_along_its_generated_path_step_by_step() {
    for kind in ["slide", "patrol", "bounce"] {
        let (seed, wave) = seed_with_first_threat(kind);
        let mut app = mode_app(mode("arena"), seed);
        let motion = &wave.threats[0].motion;
        let (first, _) = threat(&mut app);
        assert_eq!(&first.motion, motion, "{kind}: the threat is the level's");
        let mut seen = Vec::new();
        for _ in 0..240 {
            app.world_mut().resource_mut::<ArenaRun>().grace = 1e9;
            app.update();
            let step = app.world().resource::<ArenaRun>().wave_steps;
            let (now, drawn) = threat(&mut app);
            let expected = motion.at(step);
            assert_eq!((now.at.x, now.at.y), (expected.x, expected.y), "{kind}: step {step}");
            // Drawn where it is (world coordinates centre the arena).
            assert_eq!(drawn.truncate(), now.at - Vec2::new(wave.width, wave.height) / 2.0, "{kind}: step {step}");
            seen.push(now.at);
        }
        let travelled: f32 = seen.windows(2).map(|w| w[0].distance(w[1])).sum();
        assert!(travelled > 100.0, "{kind}: it moved {travelled} in four seconds");
    }
}

#[test]
fn a_moving_pan_costs_lives_and_ends_the_run() {
    let (seed, _) = seed_with_first_threat("slide");
    let mut app = mode_app(mode("arena"), seed);
    listen(&mut app);
    for _ in 0..LIVES {
        // Stand where the pan will be after the next step, with no grace left.
        let (pan, _) = threat(&mut app);
        let next = pan.motion.at(app.world().resource::<ArenaRun>().wave_steps + 1);
        app.world_mut().resource_mut::<ArenaRun>().grace = 0.0;
        put_player(&mut app, Vec2::new(next.x, next.y));
        app.update();
        app.update();
    }
    to_game_over(&mut app);
    let cause = &app.world().resource::<LastRun>().cause;
    assert!(cause.contains("sliding pan"), "{cause}");
    assert_eq!(heard(&app).count(Sfx::Hit), LIVES as usize, "one hit heard per life lost");
}

/// Nudges every hashed place by one bit, after the step's play and before its hash.
fn nudge(mut places: Query<&mut seedfeast::replay::HashedPlace>) {
    for mut place in &mut places {
        place.at.x = f32::from_bits(place.at.x.to_bits() + 1);
    }
}

#[test]
fn threats_are_part_of_the_state_hash() {
    use seedfeast::replay::StateHash;
    use seedfeast::run::Gameplay;
    let (seed, _) = seed_with_first_threat("slide");
    let hash_after = |nudged: bool| {
        let mut app = mode_app(mode("arena"), seed);
        if nudged {
            app.add_systems(FixedUpdate, nudge.after(Gameplay::Report).before(Gameplay::Record));
        }
        for _ in 0..30 {
            app.world_mut().resource_mut::<ArenaRun>().grace = 1e9;
            app.update();
        }
        *app.world().resource::<StateHash>()
    };
    assert_eq!(hash_after(false), hash_after(false), "the same run hashes the same");
    assert_ne!(hash_after(false), hash_after(true), "a threat a bit elsewhere is another state");
}

#[test]
fn an_arena_replay_from_before_the_moving_threats_is_refused_saying_why() {
    use seedfeast::modes::table;
    use seedfeast::replay::simulate::{record_bot, simulate};
    let (replay, recorded) = record_bot(mode("arena"), Seed(5), GameData::built_in(), 120).unwrap();
    // Today's replays play; one recorded on version-4 levels (before the threats) is refused.
    assert_eq!(simulate(&replay, GameData::built_in(), &table()).unwrap(), recorded);
    let old = seedfeast_procgen::replay::Replay { version: 4, ..replay };
    let error = simulate(&old, GameData::built_in(), &table()).unwrap_err();
    assert!(error.contains("generator version 4 levels; this version makes version 5 levels"), "{error}");
}
