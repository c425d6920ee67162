//! The Runner played headlessly: the track on screen is the track procgen makes, jumps in rapier
//! really clear the generator's gaps, long runs keep a bounded world, and the run's flow works.

use crate::common;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::modes::runner::track::{ChunkPiece, Ground, GroundSlab, TrackChunk};
use seedfeast::run::Countdown;
use seedfeast::session::LastRun;
use seedfeast::state::{Pause, Screen};
use seedfeast::ui::menu::{MenuAction, MenuChosen};
use seedfeast_procgen::physics::JumpReach;
use seedfeast_procgen::runner::{RunnerConfig, generate_track};

fn track(config: &RunnerConfig, seed: Seed, chunks: usize) -> Vec<seedfeast_procgen::runner::PlacedChunk> {
    generate_track(config, JumpReach::of(&config.tuning), seed, chunks)
}
use seedfeast_procgen::{IntensityCurve, Seed};

#[derive(Resource, Default)]
struct Spawned(Vec<(usize, String, f32)>);

fn record_spawns(app: &mut App) {
    app.init_resource::<Spawned>();
    app.add_observer(|add: On<Add, TrackChunk>, chunks: Query<&TrackChunk>, mut spawned: ResMut<Spawned>| {
        let chunk = chunks.get(add.entity).unwrap();
        spawned.0.push((chunk.index, chunk.id.clone(), chunk.x));
    });
}

#[test]
fn a_run_spawns_exactly_the_track_procgen_returns() {
    let seed = Seed::from_text("pizza party");
    let config = RunnerConfig::default();
    let mut app = runner_app(seed, config.clone());
    record_spawns(&mut app);
    add_autopilot(&mut app);
    for _ in 0..3_000 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing, "the autopilot survives 50 s");
    let spawned = &app.world().resource::<Spawned>().0;
    assert!(spawned.len() > 15, "only {} chunks spawned", spawned.len());
    // The first chunks were spawned before the observer existed; compare from where it starts.
    let first = spawned[0].0;
    let expected = track(&config, seed, first + spawned.len());
    for (index, id, x) in spawned {
        assert_eq!((&expected[*index].id, expected[*index].x), (id, *x), "chunk {index}");
    }
    let indices: Vec<usize> = spawned.iter().map(|s| s.0).collect();
    assert_eq!(indices, (first..first + spawned.len()).collect::<Vec<_>>());
}

#[test]
fn the_first_chunks_match_too() {
    let seed = Seed(31337);
    let config = RunnerConfig::default();
    let mut app = runner_app(seed, config.clone());
    app.update();
    let mut chunks: Vec<TrackChunk> = app.world_mut().query::<&TrackChunk>().iter(app.world()).cloned().collect();
    chunks.sort_by_key(|c| c.index);
    let expected = track(&config, seed, chunks.len());
    assert!(chunks.len() >= 3);
    for (chunk, want) in chunks.iter().zip(&expected) {
        assert_eq!((chunk.index, &chunk.id, chunk.x), (want.index, &want.id, want.x));
    }
}

/// The shipped config with intensity (and so speed) fixed at one value.
fn flat_intensity(intensity: f32) -> RunnerConfig {
    RunnerConfig { curve: IntensityCurve { points: vec![(0.0, intensity)] }, ..RunnerConfig::default() }
}

/// Where the test's runner takes off: the near edge of the first gap it meets.
#[derive(Resource)]
struct TakeOff(f32);

/// Jumps once, as late as it can: when the runner's leading edge reaches the take-off edge.
fn jump_at_the_edge(
    take_off: Res<TakeOff>,
    mut input: ResMut<seedfeast::replay::StepInput>,
    player: Query<(&Transform, &seedfeast::modes::runner::RunnerPlayer)>,
    mut done: Local<bool>,
) {
    let Ok((transform, body)) = player.single() else { return };
    if !*done && transform.translation.x + body.size.x / 2.0 >= take_off.0 {
        input.jump = true;
        *done = true;
    }
}

/// Runs at one intensity (so one speed) up to the first generated gap, jumps from its edge and
/// measures the flight in rapier: (centre distance from take-off to landing, speed, the gap).
fn measured_jump(intensity: f32) -> (f32, f32, (f32, f32)) {
    let config = flat_intensity(intensity);
    // A seed whose first obstacle after the warm-up is a gap (a fork before it would end the
    // run) with no ledge to land on around it: the flight ends on the ground across the gap.
    let first_gap = |seed: Seed| {
        let chunks = track(&config, seed, 3);
        let gap = chunks[1..].iter().flat_map(|c| c.gaps.clone()).next()?;
        let fork = chunks[1..].iter().flat_map(|c| c.hazards.clone()).map(|h| h.x).fold(f32::INFINITY, f32::min);
        let ledges = chunks.iter().flat_map(|c| c.platforms.clone()).any(|p| p.x < gap.end() + 600.0);
        (gap.x < fork && !ledges).then_some(gap)
    };
    let (seed, gap) = (0..500).map(Seed).find_map(|seed| first_gap(seed).map(|gap| (seed, gap))).unwrap();
    let mut app = runner_app(seed, config.clone());
    app.insert_resource(TakeOff(gap.x));
    app.add_systems(
        FixedUpdate,
        jump_at_the_edge.after(seedfeast::run::Gameplay::Input).before(seedfeast::run::Gameplay::Control),
    );
    let (mut takeoff, mut landing) = (None, None);
    let mut last = player(&mut app);
    for _ in 0..900 {
        app.update();
        assert_eq!(
            screen(&app),
            Screen::Playing,
            "at intensity {intensity}, seed {seed:?}, gap {gap:?}: {:?}",
            app.world().resource::<LastRun>()
        );
        let now = player(&mut app);
        // A jump sets the speed straight to jump_speed: settling on the ground, or a bump at a
        // seam between slabs, never comes close.
        if takeoff.is_none() && now.1.y > 0.8 * config.tuning.jump_speed {
            takeoff = Some(last.0.x);
        }
        if takeoff.is_some() && now.1.y.abs() < 1.0 && last.1.y < 0.0 {
            landing = Some(now.0.x);
            break;
        }
        last = now;
    }
    assert_eq!(screen(&app), Screen::Playing, "landed safely across the gap");
    let speed = config.tuning.speed_at_intensity(intensity);
    (landing.expect("landed") - takeoff.expect("took off"), speed, (gap.x, gap.end()))
}

#[test]
fn jumps_in_rapier_across_generated_gaps_fly_the_physics_models_reach() {
    for intensity in [0.0, 0.5, 1.0] {
        let (flown, speed, (gap_start, gap_end)) = measured_jump(intensity);
        let config = flat_intensity(intensity);
        let reach = JumpReach::of(&config.tuning).range(speed);
        assert!(
            (flown - reach).abs() < 0.03 * reach,
            "at {speed}: flew {flown} across the gap at {gap_start}..{gap_end}, the model says {reach}"
        );
        let widest = (0..200)
            .flat_map(|seed| track(&config, Seed(seed), 40))
            .flat_map(|c| c.gaps)
            .map(|g| g.width)
            .fold(0.0, f32::max);
        assert!(widest > 0.0);
        assert!(flown > widest, "at {speed}: flew {flown}, but a gap is {widest} wide");
        // The generator keeps its 38% margin under what rapier really flies.
        assert!(widest <= config.tuning.gap_ratio * reach + 1e-3);
    }
}

#[test]
fn a_long_run_keeps_a_bounded_world_and_the_autopilot_alive() {
    let seed = Seed(2026);
    let mut app = runner_app(seed, RunnerConfig::default());
    add_autopilot(&mut app);
    let mut most = 0;
    for frame in 0..10_000 {
        app.update();
        if frame % 250 == 0 {
            let entities = app.world().entities().count_spawned();
            most = most.max(entities);
        }
        if screen(&app) != Screen::Playing {
            let track = track(&RunnerConfig::default(), seed, 400);
            let x = 60.0 + metres_run(app.world().resource::<LastRun>()) as f32 * 50.0;
            let chunk = track.iter().find(|c| c.x + c.width > x).unwrap();
            panic!("died at frame {frame} near x {x}: {:?}\n{chunk:#?}", app.world().resource::<LastRun>());
        }
    }
    let pieces = app.world_mut().query::<&ChunkPiece>().iter(app.world()).count();
    assert!(run(&app).distance > 50_000.0, "ran {}", run(&app).distance);
    assert!(pieces < 200, "{pieces} chunk pieces alive");
    assert!(most < 400, "{most} entities at the peak");
    assert!(run(&app).live.len() <= 5, "{} chunks alive", run(&app).live.len());
    assert!(run(&app).food_eaten > 0);
}

#[test]
fn never_jumping_ends_the_run_and_retry_replays_the_seed() {
    let seed = Seed(5);
    let mut app = runner_app(seed, RunnerConfig::default());
    for _ in 0..600 {
        app.update();
        if screen(&app) == Screen::GameOver {
            break;
        }
    }
    assert_eq!(screen(&app), Screen::GameOver, "without jumping, the first gap or fork ends the run");
    let last = app.world().resource::<LastRun>().clone();
    assert!(last.cause.contains("fell") || last.cause.contains("fork"), "{last:?}");
    assert!(metres_run(&last) > 0, "{last:?}");
    app.world_mut().trigger(MenuChosen(MenuAction::Retry));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert!(run(&app).distance < 20.0, "a fresh run: {}", run(&app).distance);
    let first = app.world_mut().query::<&TrackChunk>().iter(app.world()).map(|c| (c.index, c.id.clone())).min();
    assert_eq!(first, Some((0, track(&RunnerConfig::default(), seed, 1)[0].id.clone())));
}

#[test]
fn escape_pauses_and_resumes() {
    let mut app = runner_app(Seed(8), RunnerConfig::default());
    for _ in 0..5 {
        app.update();
    }
    tap_key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause::Paused);
    let before = player(&mut app).0;
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(player(&mut app).0, before, "nothing moves while paused");
    tap_key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause::Running);
    for _ in 0..5 {
        app.update();
    }
    assert!(player(&mut app).0.x > before.x);
}

#[test]
fn the_gamepad_south_button_jumps() {
    use bevy::input::gamepad::{Gamepad, GamepadButton, RawGamepadButtonChangedEvent, RawGamepadEvent};
    let mut app = runner_app(Seed(12), RunnerConfig::default());
    for _ in 0..10 {
        app.update();
    }
    let pad = app.world_mut().spawn(Gamepad::default()).id();
    app.update();
    assert!(player(&mut app).1.y.abs() < 1.0, "on the ground before the press");
    app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
        pad,
        GamepadButton::South,
        1.0,
    )));
    app.update();
    assert!(player(&mut app).1.y > 100.0, "jumping: {:?}", player(&mut app).1);
}

/// A track that takes several steps to build (narrow chunks: more in view than a step builds) is
/// built, and in the physics world, before the run moves, however the countdown ends: a key on
/// the first frame waits for it, so the run starts from the state a waited-out countdown gives.
#[test]
fn a_countdown_cut_short_still_waits_for_the_track_in_view() {
    let mut config = RunnerConfig::default();
    let mut rest = config.library.chunks.iter().find(|chunk| chunk.rest).unwrap().clone();
    rest.food.clear();
    let library = std::sync::Arc::make_mut(&mut config.library);
    library.chunks = vec![rest];
    library.chunk_width = 80.0; // about 30 chunks in view: four steps' worth
    let mut app = ready_app(
        {
            let mut data = GameData::built_in();
            data.set_runner_config(config);
            data
        },
        mode("runner"),
        Seed(3),
    );
    // The player asks to start on the first frame; the countdown ends as soon as the track is in.
    tap_key(&mut app, KeyCode::Space, Key::Space);
    let mut updates = 0;
    while app.world().contains_resource::<Countdown>() {
        assert!(updates < 60, "the countdown ended once the track was built");
        app.update();
        updates += 1;
    }
    let (at, _) = player(&mut app);
    assert!(run(&app).track_end >= at.x + seedfeast::modes::runner::VIEW_AHEAD, "the track in view is built");
    let world = app.world_mut();
    let unregistered = world
        .query_filtered::<Entity, (With<bevy_rapier2d::prelude::Collider>, Without<bevy_rapier2d::prelude::RapierColliderHandle>)>()
        .iter(world)
        .count();
    assert_eq!(unregistered, 0, "every collider is in the physics world");
}

#[test]
fn unbroken_ground_is_one_slab_across_chunks() {
    // Two slabs meeting at a chunk's edge made a corner a landing could catch on (seed
    // 20000-000GR bounced off one into the next gap): ground that runs on is one body.
    let seed = Seed::from_text("pizza party");
    let config = RunnerConfig::default();
    let mut app = runner_app(seed, config.clone());
    add_autopilot(&mut app);
    for _ in 0..1_500 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing);
    let world = app.world_mut();
    let mut slabs: Vec<(f32, f32)> = world
        .query::<(&Transform, &GroundSlab)>()
        .iter(world)
        .map(|(t, slab)| (t.translation.x, t.translation.x + slab.width))
        .collect();
    slabs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let pieces: Vec<(f32, f32)> = world
        .query::<(&Transform, &Ground)>()
        .iter(world)
        .map(|(t, g)| (t.translation.x - g.width / 2.0, t.translation.x + g.width / 2.0))
        .collect();
    let chunks: Vec<usize> = world.query::<&TrackChunk>().iter(world).map(|c| c.index).collect();
    assert!(slabs.len() >= 2 && pieces.len() > slabs.len(), "{} slabs for {} pieces", slabs.len(), pieces.len());
    for pair in slabs.windows(2) {
        assert!(pair[1].0 > pair[0].1 + 1.0, "two slabs touch: {pair:?}");
    }
    for piece in &pieces {
        let inside = slabs.iter().filter(|s| s.0 <= piece.0 + 0.01 && piece.1 <= s.1 + 0.01).count();
        assert_eq!(inside, 1, "ground {piece:?} in {inside} slabs: {slabs:?}");
    }
    // And the slabs cover no gap of the live chunks.
    let (first, last) = (*chunks.iter().min().unwrap(), *chunks.iter().max().unwrap());
    for chunk in &track(&config, seed, last + 1)[first..] {
        for gap in &chunk.gaps {
            assert!(slabs.iter().all(|s| s.1 <= gap.x + 0.01 || s.0 >= gap.end() - 0.01), "a slab over {gap:?}");
        }
    }
}

/// The metres a finished run covered, as its game-over summary says them ("412 m run, …").
fn metres_run(last: &LastRun) -> u32 {
    let metres = last.summary.split(" m run").next().unwrap_or_default();
    metres.parse().unwrap_or_else(|_| panic!("no metres in the summary {:?}", last.summary))
}
