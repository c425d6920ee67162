//! Feel (issue #34), headless: the effects and the looks change no run (every replayable mode's bot
//! run records the same inputs, score and state hash with them as without), reduced motion means no shake and
//! no flash, a stage opens with its banner, a body squashes on landing while the physics body
//! keeps its shape, and every mode's level gets its own music that keeps the music's promises.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};

use bevy::prelude::*;
use seedfeast::data::GameData;
use seedfeast::feel::banner::Banner;
use seedfeast::feel::music::{LevelMusic, compose_for};
use seedfeast::feel::particles::Particle;
use seedfeast::feel::puppet::{Gait, Puppet};
use seedfeast::feel::reactions::{Flash, PopUp};
use seedfeast::feel::shake::Shake;
use seedfeast::modes::table;
use seedfeast::replay::simulate::{record_bot, record_bot_with};
use seedfeast::save::Save;
use seedfeast::session::Session;
use seedfeast::sound::Sfx;
use seedfeast_procgen::Seed;

#[derive(Resource, Default)]
struct PoppedUp(Vec<String>);

/// The effects, and a camera for them to shake, as the windowed game has.
fn add_feel(app: &mut App) {
    seedfeast::feel::plugin(app);
    app.world_mut().spawn(Camera2d);
}

/// The effects and every mode's looks (the windowed game's sprites, puppets, decoration drawn
/// from the seed), with the asset stores they draw into but no renderer.
fn add_feel_and_looks(app: &mut App) {
    app.add_plugins(AssetPlugin::default())
        .init_asset::<Mesh>()
        .init_asset::<Image>()
        .init_asset::<ColorMaterial>()
        .init_asset::<TextureAtlasLayout>()
        .add_plugins(seedfeast::visuals::VisualsPlugin)
        .add_systems(Last, count_sprites);
    for mode in table().iter() {
        (mode.info().visuals)(app);
    }
    add_feel(app);
}

/// The most sprites seen on one frame of the run being recorded, so the test knows the looks drew.
static MOST_SPRITES: AtomicUsize = AtomicUsize::new(0);

fn count_sprites(sprites: Query<(), With<Sprite>>) {
    MOST_SPRITES.fetch_max(sprites.iter().count(), Ordering::Relaxed);
}

#[test]
fn the_effects_and_the_looks_change_no_run_in_any_mode() {
    let seed = Seed::from_text("pizza party");
    for mode in table().iter().filter(|mode| mode.replays()) {
        let (plain, plain_end) = record_bot(mode, seed, GameData::built_in(), 12 * 60).unwrap();
        MOST_SPRITES.store(0, Ordering::Relaxed);
        let (felt, felt_end) = record_bot_with(mode, seed, GameData::built_in(), 12 * 60, add_feel_and_looks).unwrap();
        let drawn = MOST_SPRITES.load(Ordering::Relaxed);
        assert!(drawn >= 20, "{}: the looks drew {drawn} sprites, so they were not tested", mode.key());
        assert_eq!(felt_end, plain_end, "{}: the run went another way with the effects", mode.key());
        assert_eq!(felt.inputs, plain.inputs, "{}", mode.key());
        assert_eq!(felt.encode(), plain.encode(), "{}: the same replay code", mode.key());
    }
}

/// A maze run with the effects, reduced motion on or off, hit once.
fn hit_once(reduced: bool) -> App {
    let mut app = common::maze_app(Seed(3));
    add_feel(&mut app);
    app.world_mut().resource_mut::<Save>().settings_mut().set_reduced_motion(reduced, 1);
    app.update();
    app.world_mut().write_message(Sfx::Hit);
    app.update();
    app
}

fn count<T: Component>(app: &mut App) -> usize {
    app.world_mut().query_filtered::<(), With<T>>().iter(app.world()).count()
}

#[test]
fn reduced_motion_means_no_shake_and_no_flash() {
    let mut moving = hit_once(false);
    assert!(moving.world().resource::<Shake>().trauma() > 0.3, "a hit shakes the screen");
    assert_eq!(count::<Flash>(&mut moving), 1, "and flashes it");
    let camera = moving
        .world_mut()
        .query_filtered::<(&Transform, &GlobalTransform), With<Camera2d>>()
        .single(moving.world())
        .map(|(t, g)| (t.translation, g.translation()));
    let (placed, drawn) = camera.unwrap();
    assert_ne!(placed, drawn, "the camera is drawn pushed off its place");

    let mut still = hit_once(true);
    assert_eq!(still.world().resource::<Shake>().trauma(), 0.0, "no shake");
    assert_eq!(count::<Flash>(&mut still), 0, "no flash");
    let (placed, drawn) = still
        .world_mut()
        .query_filtered::<(&Transform, &GlobalTransform), With<Camera2d>>()
        .single(still.world())
        .map(|(t, g)| (t.translation, g.translation()))
        .unwrap();
    assert_eq!(placed, drawn, "the camera is drawn where it is");
    assert!(count::<Particle>(&mut still) > 0, "the hit still shows, as a burst at the player");
    // The flash fades and the shake settles: neither lasts.
    for _ in 0..60 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        moving.update();
    }
    assert_eq!(count::<Flash>(&mut moving), 0);
    assert_eq!(moving.world().resource::<Shake>().trauma(), 0.0);
}

#[test]
fn a_stage_opens_with_its_banner() {
    let mut app = common::mode_app(common::mode("arena"), Seed(11));
    add_feel(&mut app);
    for _ in 0..5 {
        app.update();
    }
    let banners: Vec<String> = app.world_mut().query::<&Banner>().iter(app.world()).map(|b| b.text.clone()).collect();
    assert_eq!(banners, ["Wave 1"]);
    // A one-level mode has no banner.
    let mut runner = common::mode_app(common::mode("runner"), Seed(11));
    add_feel(&mut runner);
    for _ in 0..5 {
        runner.update();
    }
    assert_eq!(count::<Banner>(&mut runner), 0);
    // The dungeon draws its own opening banner: the shared one would lie over it.
    let mut dungeon = common::mode_app(common::mode("dungeon"), Seed(11));
    add_feel(&mut dungeon);
    for _ in 0..5 {
        dungeon.update();
    }
    assert_eq!(count::<Banner>(&mut dungeon), 0);
    assert!(dungeon.world().resource::<seedfeast::modes::dungeon::DungeonRun>().banner.is_some(), "its own banner");
}

#[test]
fn the_runner_squashes_on_landing_and_its_physics_body_keeps_its_shape() {
    let mut app = common::runner_app(Seed(5), GameData::built_in().runner_config());
    add_feel(&mut app);
    common::add_autopilot(&mut app);
    let runner = app
        .world_mut()
        .query_filtered::<Entity, With<seedfeast::modes::runner::RunnerPlayer>>()
        .single(app.world())
        .unwrap();
    let body = app.world_mut().spawn((Puppet::new(Gait::Jumper, 20.0), Transform::default(), ChildOf(runner))).id();
    // Every "+N" that pops up, as it appears.
    app.init_resource::<PoppedUp>().add_observer(
        |add: On<Add, PopUp>, texts: Query<&Text2d>, mut popped: ResMut<PoppedUp>| {
            popped.0.push(texts.get(add.entity).map(|t| t.0.clone()).unwrap_or_default());
        },
    );
    // At the large text size, the playfield's text is large too (issue #29).
    app.world_mut().resource_mut::<Save>().settings_mut().set_text_size(seedfeast_save::TextSize::Large, 1);
    let large = bevy::text::FontSize::Px(22.0 * seedfeast::ui::text_size::LARGE_TEXT_SCALE);
    let (mut squashed, mut drawn_large) = (0, 0);
    for _ in 0..8 * 60 {
        app.update();
        let mut pop_ups = app.world_mut().query_filtered::<&TextFont, With<PopUp>>();
        for font in pop_ups.iter(app.world()) {
            assert_eq!(font.font_size, large, "a \"+N\" at the large text size");
            drawn_large += 1;
        }
        let puppet = app.world().get::<Puppet>(body).unwrap();
        if puppet.squash() > 0.5 {
            squashed += 1;
        }
        let physics = app.world().get::<Transform>(runner).unwrap();
        assert_eq!(physics.scale, Vec3::ONE, "the physics body is never scaled");
    }
    assert!(squashed > 0, "the bot's landings squash the body");
    // Food eaten pops up its points; the Runner's point a metre does not.
    let popped = &app.world().resource::<PoppedUp>().0;
    assert!(!popped.is_empty(), "eating pops up the points");
    assert!(drawn_large > 0, "the pop-ups were seen, at the large size");
    for text in popped {
        let points: u32 = text.strip_prefix('+').and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{text:?}"));
        assert!(points >= 5, "{text}: a rise too small to pop up");
    }
    let shape = app.world().get::<Transform>(body).unwrap();
    assert!(shape.scale.x > 0.5 && shape.scale.y > 0.5, "{shape:?}");
}

#[test]
fn every_mode_has_music_of_its_own_level() {
    for mode in table().iter() {
        let session = |seed| Session { mode, seed: Seed(seed), origin: None, daily: None, level: None };
        let (song, samples) = compose_for(&session(1));
        let problems = seedfeast_music::check(&song);
        assert!(problems.is_empty(), "{}: {problems:?}", mode.key());
        assert_eq!(samples.len(), (song.seconds() * seedfeast_music::RATE as f32).round() as usize);
        assert_eq!(compose_for(&session(1)).0, song, "{}: the same level, the same song", mode.key());
        assert_ne!(compose_for(&session(2)).0, song, "{}: another level, another song", mode.key());
    }
    // Entering a run composes its level's song.
    let mut app = common::menu_app();
    add_feel(&mut app);
    app.insert_resource(Session { mode: common::mode("maze"), seed: Seed(3), origin: None, daily: None, level: None });
    app.world_mut().resource_mut::<NextState<seedfeast::state::Screen>>().set(seedfeast::state::Screen::Playing);
    app.update();
    app.update();
    let music = app.world().resource::<LevelMusic>();
    assert_eq!(music.level, ("maze", 3, 0));
    assert_eq!(music.song, compose_for(&app.world().resource::<Session>().clone()).0);
}

#[test]
fn the_mazes_crumb_trail_pops_up_at_its_start_not_at_every_crumb() {
    let mut app = seedfeast::bots::bot_app(common::mode("maze"), Seed(5), GameData::built_in()).unwrap();
    add_feel(&mut app);
    app.init_resource::<PoppedUp>().add_observer(
        |add: On<Add, PopUp>, texts: Query<&Text2d>, mut popped: ResMut<PoppedUp>| {
            popped.0.push(texts.get(add.entity).map(|t| t.0.clone()).unwrap_or_default());
        },
    );
    let (mut crumbs, mut last) = (0, 0);
    for _ in 0..12 * 60 {
        app.update();
        let score = app.world().resource::<seedfeast::run::RunScore>().0;
        if score == last + 10 {
            crumbs += 1;
        }
        last = score;
    }
    let tens = app.world().resource::<PoppedUp>().0.iter().filter(|text| *text == "+10").count();
    assert!(crumbs >= 20, "the bot ate {crumbs} crumbs in twelve seconds");
    assert!(tens >= 1, "a trail's first crumb pops up");
    assert!(tens * 4 <= crumbs, "{tens} \"+10\"s for {crumbs} crumbs: a shower, not a trail");
}
