//! The colour-vision setting (issue #29), headless with every mode's looks: with *Colour-safe*
//! chosen, the things that play differently are drawn in the colour-safe scheme's colours (the
//! chef in the Maze and the Runner, the maze's pots), and with *Standard* in the game's own, so
//! the setting reaches what is drawn, not only the save. (`src/palette/tests.rs` checks that the
//! colour-safe pairs stay apart under the three simulations.)

use crate::common;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use seedfeast::data::GameData;
use seedfeast::palette::Scheme;
use std::sync::Arc;

use seedfeast::save::{MapStorage, STORAGE_KEY, SaveData, SaveStore, TextStorage};
use seedfeast::session::Session;
use seedfeast::state::Screen;
use seedfeast::{Launch, headless_app};
use seedfeast_procgen::Seed;
use seedfeast_save::Colours;

/// A headless run of `mode` with the looks, the Colours setting at `colours` in its save.
fn drawn(mode: &str, colours: Colours) -> App {
    let session = Session { mode: common::mode(mode), seed: Seed(3), origin: None, daily: None, level: None };
    // Chosen in an earlier session, as a player would have: the save holds it from the start.
    let storage = Arc::new(MapStorage::default());
    let mut saved = SaveData::default();
    saved.settings_mut().set_colours(colours, 1);
    storage.set(STORAGE_KEY, &seedfeast_save::encode_save(&saved).unwrap()).unwrap();
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: Some(session),
        save: SaveStore::keyed(storage),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
        .add_plugins(AssetPlugin::default())
        .init_asset::<Mesh>()
        .init_asset::<Image>()
        .init_asset::<ColorMaterial>()
        .init_asset::<TextureAtlasLayout>()
        .add_plugins(seedfeast::visuals::VisualsPlugin);
    for mode in seedfeast::modes::table().iter() {
        (mode.info().visuals)(&mut app);
    }
    // The effects the looks use, and a camera, as the windowed game has.
    seedfeast::feel::plugin(&mut app);
    app.world_mut().spawn(Camera2d);
    app.finish();
    app.cleanup();
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Playing);
    app
}

/// Every sprite's colour and every shape's material colour now.
fn colours_drawn(app: &mut App) -> Vec<Color> {
    let world = app.world_mut();
    let mut seen: Vec<Color> = world.query::<&Sprite>().iter(world).map(|s| s.color).collect();
    let handles: Vec<Handle<ColorMaterial>> =
        world.query::<&MeshMaterial2d<ColorMaterial>>().iter(world).map(|m| m.0.clone()).collect();
    let materials = world.resource::<Assets<ColorMaterial>>();
    seen.extend(handles.iter().filter_map(|h| materials.get(h)).map(|m| m.color));
    seen
}

#[test]
fn the_colour_setting_reaches_the_chef_and_the_pots() {
    let cases = [
        (Colours::Standard, Scheme::STANDARD, Scheme::COLOUR_SAFE),
        (Colours::ColourSafe, Scheme::COLOUR_SAFE, Scheme::STANDARD),
    ];
    for (colours, wanted, other) in cases {
        let mut maze = drawn("maze", colours);
        assert_eq!(*maze.world().resource::<Scheme>(), wanted);
        let seen = colours_drawn(&mut maze);
        assert!(seen.contains(&wanted.player), "{colours:?}: the chef");
        assert!(!seen.contains(&other.player), "{colours:?}: no chef in the other scheme's colour");
        let pots = [wanted.pot, wanted.pot_waiting()];
        assert!(seen.iter().any(|c| pots.contains(c)), "{colours:?}: the pots");
        assert!(!seen.iter().any(|c| [other.pot, other.pot_waiting()].contains(c)), "{colours:?}");
        let mut runner = drawn("runner", colours);
        let seen = colours_drawn(&mut runner);
        assert!(seen.contains(&wanted.player) && !seen.contains(&other.player), "{colours:?}: the Runner's chef");
    }
}
