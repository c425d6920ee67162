//! Zone dungeon played headlessly: the world spawned is exactly procgen's, the reference bot
//! follows the witness through the real systems and clears dungeons (the next one is dungeon
//! K+1), keys walk and use, quick travel works, hazards cost lives until the run ends, and a
//! link's `level=K` starts the run at dungeon K.

use crate::common;

use std::collections::BTreeSet;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use common::*;
use seedfeast::data::GameData;
use seedfeast::grid_move::{Dir, step};
use seedfeast::intensity::Intensity;
use seedfeast::modes::dungeon::bot::autoplay;
use seedfeast::modes::dungeon::spawn::shown_tiles;
use seedfeast::modes::dungeon::{
    AtCell, DungeonFood, DungeonHazard, DungeonItem, DungeonObject, DungeonPlayer, DungeonRun, DungeonTile, Play,
    Walker, intensity_at,
};
use seedfeast::run::{Gameplay, Rules};
use seedfeast::session::{LastRun, Session};
use seedfeast::sound::Sfx;
use seedfeast::state::Screen;
use seedfeast::web::{LinkRequest, parse_query, share_link};
use seedfeast_procgen::Seed;
use seedfeast_procgen::dungeon::{Cell, Dungeon, DungeonRequest, ItemSource, Mechanic, ObjectKind, generate_dungeon};

fn dungeon_app(seed: Seed) -> App {
    mode_app(mode("dungeon"), seed)
}

fn expected(app: &App, seed: Seed, k: u32) -> Dungeon {
    let data = app.world().resource::<GameData>();
    generate_dungeon(&data.dungeon, seed, &DungeonRequest::new(k)).unwrap()
}

fn run(app: &App) -> &DungeonRun {
    app.world().resource::<DungeonRun>()
}

fn cells<C: Component>(app: &mut App, key: impl Fn(&C) -> usize) -> BTreeSet<(usize, Cell)> {
    let mut query = app.world_mut().query::<(&C, &AtCell)>();
    query.iter(app.world()).map(|(c, at)| (key(c), at.0)).collect()
}

fn assert_world_matches(app: &mut App, want: &Dungeon) {
    let play = Play::new(want.clone());
    let tiles: BTreeSet<(Cell, String)> = {
        let mut query = app.world_mut().query::<(&DungeonTile, &AtCell)>();
        query.iter(app.world()).map(|(t, at)| (at.0, format!("{:?}", t.tile))).collect()
    };
    let want_tiles: BTreeSet<(Cell, String)> =
        shown_tiles(&play).into_iter().map(|(c, t)| (c, format!("{t:?}"))).collect();
    assert_eq!(tiles, want_tiles);
    // Every tile that isn't rock is there, as generated.
    let open = want.tiles.iter().filter(|t| **t != seedfeast_procgen::dungeon::Tile::Wall).count();
    assert_eq!(tiles.iter().filter(|(_, t)| t != "Wall").count(), open);
    let objects = cells::<DungeonObject>(app, |o| o.0);
    let want_objects: BTreeSet<(usize, Cell)> = want.objects.iter().enumerate().map(|(i, o)| (i, o.cell)).collect();
    assert_eq!(objects, want_objects);
    let items = cells::<DungeonItem>(app, |i| i.0);
    let want_items: BTreeSet<(usize, Cell)> =
        want.items.iter().filter(|i| i.source != ItemSource::Station).map(|i| (i.id, i.cell)).collect();
    assert_eq!(items, want_items);
    let food = cells::<DungeonFood>(app, |f| f.0);
    assert_eq!(food, want.food.iter().enumerate().map(|(i, f)| (i, f.cell)).collect());
    let hazards = cells::<DungeonHazard>(app, |h| h.0);
    assert_eq!(hazards, want.hazards.iter().enumerate().map(|(i, h)| (i, h.cell)).collect());
    let players = app.world_mut().query::<&DungeonPlayer>().iter(app.world()).count();
    assert_eq!(players, 1);
    let run = run(app);
    assert_eq!(run.play.dungeon, *want);
    assert_eq!(run.walker.mover.cell, want.player_start);
}

#[test]
fn a_dungeon_spawns_exactly_what_procgen_returns() {
    let seed = Seed::from_text("pizza party");
    let mut app = dungeon_app(seed);
    let want = expected(&app, seed, 1);
    assert!(want.objects.len() >= 3 && !want.hazards.is_empty() && !want.food.is_empty());
    assert_world_matches(&mut app, &want);
    let status = run(&app).status();
    assert!(status.contains("zone 1 of 2") && status.contains("Lives 3") && status.contains("par"), "{status}");
}

/// Plays with the bot until dungeon `k` is cleared (the next has been generated), or `frames`.
fn bot_plays(app: &mut App, frames: u32, until_cleared: u32) -> u32 {
    app.add_systems(FixedUpdate, autoplay.after(Gameplay::Input).before(Gameplay::Control));
    for frame in 0..frames {
        app.update();
        if run(app).dungeons_cleared >= until_cleared {
            return frame;
        }
        assert_eq!(screen(app), Screen::Playing, "{:?}", app.world().resource::<LastRun>());
    }
    let run = run(app);
    panic!(
        "not cleared in {frames} frames: node {:?}, goal {:?}, walker {:?}",
        seedfeast::modes::dungeon::bot::next_node(&run.play),
        seedfeast::modes::dungeon::bot::goal(&run.play),
        run.walker.mover
    );
}

#[test]
fn the_bot_follows_the_witness_and_clears_dungeons_through_the_real_systems() {
    for text in ["pizza party", "bot one", "bot two"] {
        let seed = Seed::from_text(text);
        let mut app = dungeon_app(seed);
        listen(&mut app);
        let first = expected(&app, seed, 1);
        let lives = run(&app).lives;
        let frames = bot_plays(&mut app, 60 * 60 * 5, 1);
        assert!(frames <= first.par_seconds * 60, "{text}: {frames} frames, par {} s", first.par_seconds);
        let run_now = run(&app);
        assert_eq!(run_now.lives, lives, "{text}: the bot never steps on a hazard");
        assert!(run_now.score >= 500 + 50 * first.nodes.len() as u32, "{text}: {}", run_now.score);
        assert_eq!(run_now.puzzles_solved as usize, first.nodes.len());
        // Dungeon K+1 of the same seed, bigger, in place of the first.
        let second = expected(&app, seed, 2);
        assert!(
            second.zones.len() > first.zones.len() || second.rooms.len() > first.rooms.len(),
            "{text}: dungeon 2 grows"
        );
        assert_world_matches(&mut app, &second);
        let cues = heard(&app);
        assert!(cues.count(Sfx::Clear) == 1 && cues.count(Sfx::PowerUp) >= 1, "{text}: {:?}", cues.0);
        assert_eq!(app.world().resource::<Intensity>().0, intensity_at(app.world().resource::<GameData>(), 2));
        assert!(
            intensity_at(app.world().resource::<GameData>(), 2) > intensity_at(app.world().resource::<GameData>(), 1)
        );
    }
}

fn key_of(dir: Dir) -> (KeyCode, Key) {
    match dir {
        Dir::Up => (KeyCode::ArrowUp, Key::ArrowUp),
        Dir::Down => (KeyCode::ArrowDown, Key::ArrowDown),
        Dir::Left => (KeyCode::ArrowLeft, Key::ArrowLeft),
        Dir::Right => (KeyCode::ArrowRight, Key::ArrowRight),
    }
}

fn key(app: &mut App, (code, logical): (KeyCode, Key), state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: logical,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

/// Holds an arrow key for `frames` frames, then lets go and waits for the chef to settle.
fn hold(app: &mut App, dir: Dir, frames: u32) {
    key(app, key_of(dir), ButtonState::Pressed);
    for _ in 0..frames {
        app.update();
    }
    key(app, key_of(dir), ButtonState::Released);
    for _ in 0..20 {
        app.update();
    }
}

fn put_player(app: &mut App, cell: Cell) {
    let mut run = app.world_mut().resource_mut::<DungeonRun>();
    let speed = run.walker.mover.speed;
    run.walker = Walker::at(cell, speed);
}

#[test]
fn arrow_keys_walk_and_the_use_key_pulls_a_lever() {
    // The first seed with an unpenned lever.
    let (seed, lever) = (0..200u64)
        .find_map(|s| {
            let d = generate_dungeon(&Default::default(), Seed(s), &DungeonRequest::new(1)).unwrap();
            let o = d
                .objects
                .iter()
                .position(|o| matches!(o.kind, ObjectKind::Lever { .. }) && d.nodes[o.node].pen.is_empty())?;
            Some((Seed(s), o))
        })
        .unwrap();
    let mut app = dungeon_app(seed);
    let d = run(&app).play.dungeon.clone();
    let ObjectKind::Lever { switch } = d.objects[lever].kind else { panic!() };
    let cell = d.objects[lever].cell;
    // Stand two tiles from the lever, walk one with the arrow key, then press E facing it.
    let (stand, dir) = Dir::ALL
        .into_iter()
        .find_map(|dir| {
            let next = step(cell, dir)?;
            let far = step(next, dir)?;
            let play = &run(&app).play;
            (play.open(next) && play.open(far) && play.hazard_at(next).is_none()).then_some((far, dir.opposite()))
        })
        .expect("room to walk up to the lever");
    put_player(&mut app, stand);
    hold(&mut app, dir, 8);
    assert_eq!(run(&app).walker.mover.cell, step(stand, dir).unwrap(), "one tile walked");
    assert!(!run(&app).play.thrown[switch]);
    tap_key(&mut app, KeyCode::KeyE, Key::Character("e".into()));
    app.update();
    assert!(run(&app).play.thrown[switch], "E pulled the lever it faces");
    assert!(run(&app).hint.is_some(), "pulling it says what it did");
}

#[test]
fn touching_a_locked_door_says_what_it_needs() {
    let seed = Seed::from_text("pizza party");
    let mut app = dungeon_app(seed);
    let d = run(&app).play.dungeon.clone();
    let bridge = d.nodes.iter().find(|n| n.mechanic == Mechanic::Door).unwrap();
    let door = bridge.objective;
    let (stand, dir) = Dir::ALL
        .into_iter()
        .find_map(|dir| step(door, dir).filter(|&c| run(&app).play.open(c)).map(|c| (c, dir.opposite())))
        .unwrap();
    put_player(&mut app, stand);
    hold(&mut app, dir, 4);
    let hint = run(&app).hint.clone().expect("a hint").text;
    assert!(hint.contains("needs"), "{hint}");
    assert!(!run(&app).play.open[bridge.id]);
}

#[test]
fn q_travels_back_to_a_zone_entrance() {
    let seed = Seed::from_text("pizza party");
    let mut app = dungeon_app(seed);
    let d = run(&app).play.dungeon.clone();
    // Somewhere else in zone 0.
    let far = d.rooms.iter().rfind(|r| r.zone == 0).unwrap().cells[0];
    put_player(&mut app, far);
    tap_key(&mut app, KeyCode::KeyQ, Key::Character("q".into()));
    app.update();
    assert_eq!(run(&app).walker.mover.cell, d.player_start, "one zone seen: back to its entrance");
    // With zone 1 seen too, travel goes there.
    app.world_mut().resource_mut::<DungeonRun>().play.entered[1] = true;
    tap_key(&mut app, KeyCode::KeyQ, Key::Character("q".into()));
    app.update();
    let at = run(&app).walker.mover.cell;
    assert_eq!(run(&app).play.zone_of(at), Some(1));
    assert!(run(&app).hint.as_ref().is_some_and(|h| h.text.contains("Quick travel")));
}

#[test]
fn hazards_cost_lives_and_end_the_run() {
    let seed = Seed::from_text("pizza party");
    let mut app = dungeon_app(seed);
    listen(&mut app);
    let d = run(&app).play.dungeon.clone();
    let hazard = &d.hazards[0];
    let (from, dir) = Dir::ALL
        .into_iter()
        .find_map(|dir| {
            step(hazard.cell, dir)
                .filter(|&c| run(&app).play.open(c) && run(&app).play.hazard_at(c).is_none())
                .map(|c| (c, dir.opposite()))
        })
        .unwrap();
    let lives = run(&app).lives;
    assert_eq!(lives, 3);
    for lost in 1..=lives {
        put_player(&mut app, from);
        hold(&mut app, dir, 14);
        if lost < lives {
            assert_eq!(run(&app).lives, lives - lost);
            assert_eq!(run(&app).walker.mover.cell, from, "thrown back off the hazard");
            assert_eq!(screen(&app), Screen::Playing);
        }
    }
    app.update();
    to_game_over(&mut app);
    let last = app.world().resource::<LastRun>();
    assert!(last.cause.contains(&hazard.name), "{}", last.cause);
    assert!(last.summary.contains("dungeon 1"), "{}", last.summary);
    assert_eq!(heard(&app).count(Sfx::Hit), lives as usize);
}

/// A headless game started from a link's query (`?seed=…&mode=dungeon&level=K`), as the browser
/// starts one, past the countdown.
fn linked_app(query: &str) -> App {
    let LinkRequest::Start(session) = parse_query(query, &seedfeast::modes::table()) else {
        panic!("{query} starts no level")
    };
    let mut app = seedfeast::headless_app(seedfeast::Launch {
        data: Ok(GameData::built_in()),
        start: Some(session),
        save: seedfeast::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(bevy::time::TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    skip_countdown(&mut app);
    app
}

#[test]
fn a_links_level_is_the_dungeon_number_the_run_starts_at() {
    let seed = Seed::from_text("bot one");
    let link = format!("?seed={}&mode=dungeon&level=2", seed.code());
    let mut app = linked_app(&link);
    let session = app.world().resource::<Session>().clone();
    assert_eq!((session.mode, session.level), (mode("dungeon"), Some(2)));
    // Dungeon 2 of the seed, exactly as `gen dungeon --dungeon 2` makes it, not dungeon 1.
    let second = expected(&app, seed, 2);
    assert_ne!(second, expected(&app, seed, 1));
    assert_world_matches(&mut app, &second);
    assert_eq!((run(&app).dungeon_number(), run(&app).stage()), (2, 2));
    assert_eq!(run(&app).banner.as_ref().unwrap().title, "Dungeon 2");
    app.update();
    assert_eq!(app.world().resource::<Intensity>().0, intensity_at(app.world().resource::<GameData>(), 2));
    // Sharing it links to the same dungeon.
    let shared = share_link("https://seedfeast.example/", &session);
    assert!(shared.ends_with("&mode=dungeon&level=2"), "{shared}");
    // The bot clears it through the real systems; the run goes on to dungeon 3.
    bot_plays(&mut app, 60 * 60 * 8, 1);
    let third = expected(&app, seed, 3);
    assert_world_matches(&mut app, &third);
    assert!(run(&app).status().contains("Score"), "{}", run(&app).status());
    // No level, or level 0, is dungeon 1.
    for query in [format!("?seed={}&mode=dungeon", seed.code()), format!("?seed={}&mode=dungeon&level=0", seed.code())]
    {
        let mut app = linked_app(&query);
        assert_eq!(run(&app).dungeon_number(), 1, "{query}");
        let first = expected(&app, seed, 1);
        assert_world_matches(&mut app, &first);
    }
}
