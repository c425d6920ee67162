//! The Flying tunnel played headlessly in rapier: gates are exactly procgen's, a simple pilot
//! really flies a minute of them, falling ends the run, and the squeeze floor keeps room for more
//! than twice the real flyer.

mod common;

use bevy::prelude::*;
use bevy_rapier2d::prelude::{Collider, Velocity};
use common::*;
use seedfeast::data::GameData;
use seedfeast::input::JumpLatch;
use seedfeast::modes::tunnel::{Flyer, GateWalls, TunnelRun, WALL_THICKNESS};
use seedfeast::session::{LastRun, Mode};
use seedfeast::sound::Sfx;
use seedfeast::state::Screen;
use seedfeast_procgen::Seed;
use seedfeast_procgen::tunnel::{Gate, generate_gates};

fn spawned_gates(app: &mut App) -> Vec<Gate> {
    let mut gates: Vec<Gate> = app.world_mut().query::<&GateWalls>().iter(app.world()).map(|g| g.0).collect();
    gates.sort_by_key(|g| g.index);
    gates
}

/// Flaps when the flyer is falling and below the next gap's middle, less half a flap's rise: it
/// then bobs around the middle of each gap in turn.
fn pilot(
    data: Res<GameData>,
    run: Option<Res<TunnelRun>>,
    mut latch: ResMut<JumpLatch>,
    flyer: Query<(&Transform, &Velocity), With<Flyer>>,
) {
    let (Some(run), Ok((transform, velocity))) = (run, flyer.single()) else { return };
    let tuning = &data.tunnel;
    let radius = tuning.flyer_height / 2.0;
    let x = transform.translation.x;
    // The gate it is in or meets next: a gate counts until the flyer is clear of its wall.
    let Some(gate) = run.live.iter().find(|g| g.x + WALL_THICKNESS / 2.0 + radius >= x) else { return };
    let y = transform.translation.y + tuning.screen_height / 2.0;
    let rise = tuning.flap_speed * tuning.flap_speed / (2.0 * tuning.gravity);
    if !run.started || (y < gate.gap_center - rise / 2.0 && velocity.linear.y <= 0.0) {
        latch.0 = true;
    }
}

fn flown(mode: Mode, seed: Seed, frames: usize) -> App {
    let mut app = mode_app(mode, seed);
    listen(&mut app);
    app.add_systems(FixedUpdate, pilot.before(seedfeast::run::Gameplay::Control));
    for _ in 0..frames {
        app.update();
        if screen(&app) != Screen::Playing {
            break;
        }
    }
    app
}

#[test]
fn gates_are_exactly_procgens() {
    let seed = Seed::from_text("tunnel night");
    let mut app = flown(mode("tunnel"), seed, 600);
    let gates = spawned_gates(&mut app);
    assert!(gates.len() > 4);
    let data = GameData::built_in();
    let expected =
        generate_gates(&data.tunnel, &data.runner.curve, seed, gates.last().unwrap().index as usize + 1, false);
    for gate in &gates {
        assert_eq!(*gate, expected[gate.index as usize]);
    }
}

#[test]
fn a_simple_pilot_flies_a_minute_of_gates() {
    for (mode, seed) in [(mode("tunnel"), Seed(1)), (mode("tunnel"), Seed(77))] {
        let app = flown(mode, seed, 60 * 60);
        let run = app.world().resource::<TunnelRun>();
        assert_eq!(screen(&app), Screen::Playing, "{mode:?} {seed:?}: {:?} after {} gates", run.ended, run.passed);
        assert!(run.passed >= 40, "{mode:?}: only {} gates in a minute", run.passed);
        let cues = heard(&app);
        assert!(cues.count(Sfx::Gate) >= 40 && cues.count(Sfx::Flap) > 40 && cues.count(Sfx::Hit) == 0, "{mode:?}");
    }
}

#[test]
fn the_food_tunnel_squeezes_and_keeps_room_for_the_flyer() {
    let seed = Seed(9);
    // The first screenful of gates is spawned at the start, flown or not.
    let mut app = mode_app(mode("food-tunnel"), seed);
    app.update();
    let data = GameData::built_in();
    let gates = spawned_gates(&mut app);
    let squeezed =
        generate_gates(&data.tunnel, &data.runner.curve, seed, gates.last().unwrap().index as usize + 1, true);
    for gate in &gates {
        assert_eq!(*gate, squeezed[gate.index as usize]);
    }
    let radius = app
        .world_mut()
        .query_filtered::<&Collider, With<Flyer>>()
        .single(app.world())
        .unwrap()
        .as_ball()
        .expect("a round flyer")
        .radius();
    let flyer = 2.0 * radius;
    assert_eq!(flyer, data.tunnel.flyer_height);
    assert!(data.tunnel.squeeze_floor > 2.0 * flyer, "floor {} vs flyer {flyer}", data.tunnel.squeeze_floor);
    let long = generate_gates(&data.tunnel, &data.runner.curve, seed, 2_000, true);
    assert!(long.iter().all(|g| g.gap_height >= data.tunnel.squeeze_floor));
    assert!(long.iter().any(|g| g.gap_height == data.tunnel.squeeze_floor), "the squeeze reaches its floor");
}

#[test]
fn the_flyer_hovers_until_the_first_flap_and_then_falls_if_never_flapping_again() {
    let mut app = mode_app(mode("tunnel"), Seed(3));
    let start = app.world_mut().query_filtered::<&Transform, With<Flyer>>().single(app.world()).unwrap().translation;
    for _ in 0..300 {
        app.update();
    }
    let hovering = app.world_mut().query_filtered::<&Transform, With<Flyer>>().single(app.world()).unwrap().translation;
    assert!((hovering - start).length() < 1.0, "{start} -> {hovering}: it waits for the player");
    assert!(!app.world().resource::<TunnelRun>().started);
    tap_key(&mut app, KeyCode::Space, bevy::input::keyboard::Key::Space);
    assert!(app.world().resource::<TunnelRun>().started);
    for _ in 0..600 {
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::GameOver);
    let last = app.world().resource::<LastRun>();
    assert!(last.cause.contains("wall") || last.cause.contains("out of the tunnel"), "{last:?}");
}
