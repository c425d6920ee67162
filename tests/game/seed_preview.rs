//! The seed screen's preview, played headlessly with real keyboard input: the picture is the
//! generator's own (as `seedfeast gen MODE --format png` draws it), it follows the typing once the
//! text rests, and text that plays no level shows why instead of a picture.

use crate::common;

use bevy::input::keyboard::Key;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::{press, screen, type_text};
use seedfeast::data::GameData;
use seedfeast::modes::MODES;
use seedfeast::session::{Mode, Session};
use seedfeast::state::Screen;
use seedfeast::ui::menu::{MenuAction, MenuChosen};
use seedfeast::ui::preview::{DEBOUNCE_SECONDS, PreviewImage, PreviewLabel, PreviewProblem, SeedPreview};
use seedfeast::ui::seed_entry::SeedEntry;
use seedfeast::{Launch, headless_app};
use seedfeast_procgen::Seed;

/// A headless game on the seed screen of `mode`.
fn seed_screen(mode: Mode) -> App {
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: None,
        save: seedfeast::save::SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    app.world_mut().trigger(MenuChosen(MenuAction::ChooseMode(mode)));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::SeedSelect);
    app
}

fn backspace(app: &mut App) {
    press(app, KeyCode::Backspace, Key::Backspace, None);
}

/// Steps the game for `seconds` of game time.
fn wait(app: &mut App, seconds: f32) {
    let start = app.world().resource::<Time>().elapsed_secs();
    while app.world().resource::<Time>().elapsed_secs() - start < seconds {
        app.update();
    }
}

/// Lets the typing rest past the debounce.
fn rest(app: &mut App) {
    wait(app, DEBOUNCE_SECONDS + 0.05);
}

fn preview(app: &App) -> &SeedPreview {
    app.world().resource::<SeedPreview>()
}

/// The preview's pixels as RGB.
fn shown_rgb(app: &App) -> Option<Vec<u8>> {
    let image = preview(app).image.as_ref()?;
    let rgba = image.data.as_ref().expect("the image keeps its pixels");
    Some(rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect())
}

/// The picture the mode's generator draws for `seed`, asked directly: (width, height, RGB).
fn generator_picture(mode: Mode, seed: Seed) -> (u32, u32, Vec<u8>) {
    let data = GameData::built_in();
    let generator = mode.generator();
    let request = generator.preview_request(seed, mode.variant());
    let picture = generator.generate(&data, &request).unwrap().picture().unwrap();
    (picture.width, picture.height, picture.rgb)
}

fn assert_shows(app: &App, mode: Mode, seed: Seed) {
    let (width, height, rgb) = generator_picture(mode, seed);
    let image = preview(app).image.as_ref().unwrap_or_else(|| panic!("{mode:?}: {:?}", preview(app).problem));
    assert_eq!((image.width(), image.height()), (width, height), "{mode:?}");
    assert!(shown_rgb(app).unwrap() == rgb, "{mode:?}: the preview's pixels are the generator's");
    assert_eq!(preview(app).problem, None);
}

fn single_text<C: Component>(app: &mut App) -> String {
    let mut query = app.world_mut().query_filtered::<&Text, With<C>>();
    query.single(app.world()).unwrap().0.clone()
}

fn picture_visible(app: &mut App) -> bool {
    let mut query = app.world_mut().query_filtered::<&Visibility, With<PreviewImage>>();
    *query.single(app.world()).unwrap() != Visibility::Hidden
}

#[test]
fn every_mode_previews_the_typed_code_with_its_generators_picture() {
    let code_seed = Seed(4_242);
    for mode in MODES.iter().copied() {
        let mut app = seed_screen(mode);
        // The screen opens on the seed Play would play, drawn at once.
        let session_seed = app.world().resource::<Session>().seed;
        assert_eq!(preview(&app).draws, 1, "{mode:?}");
        assert_shows(&app, mode, session_seed);
        assert!(picture_visible(&mut app));

        type_text(&mut app, &code_seed.code().to_string());
        rest(&mut app);
        assert_shows(&app, mode, code_seed);
        assert!(picture_visible(&mut app));
        let label = single_text::<PreviewLabel>(&mut app);
        assert!(label.contains(mode.name()) && label.contains(&code_seed.code().to_string()), "{label}");
    }
}

#[test]
fn changing_the_text_changes_the_picture_and_words_are_seeds_too() {
    let mode = common::mode("maze");
    let mut app = seed_screen(mode);
    type_text(&mut app, &Seed(77).code().to_string());
    rest(&mut app);
    assert_shows(&app, mode, Seed(77));
    let first = shown_rgb(&app);

    for _ in 0..Seed(77).code().to_string().len() {
        backspace(&mut app);
    }
    type_text(&mut app, "pizza party");
    rest(&mut app);
    assert_shows(&app, mode, Seed::from_text("pizza party"));
    assert_ne!(shown_rgb(&app), first, "another seed, another level");
}

#[test]
fn the_old_picture_stays_until_the_typing_rests() {
    let mode = common::mode("runner");
    let mut app = seed_screen(mode);
    type_text(&mut app, "apple");
    rest(&mut app);
    assert_shows(&app, mode, Seed::from_text("apple"));
    let draws = preview(&app).draws;

    type_text(&mut app, " pie");
    // Typing and then a moment's pause shorter than the debounce: still the old picture.
    wait(&mut app, DEBOUNCE_SECONDS * 0.5);
    assert_eq!(preview(&app).draws, draws);
    let changed = app.world().resource_ref::<SeedPreview>().last_changed();
    app.update();
    assert_eq!(
        app.world().resource_ref::<SeedPreview>().last_changed(),
        changed,
        "waiting doesn't redo the screen every frame"
    );
    assert_shows(&app, mode, Seed::from_text("apple"));
    rest(&mut app);
    assert_eq!(preview(&app).draws, draws + 1, "drawn once for the rested text, not per key");
    assert_shows(&app, mode, Seed::from_text("apple pie"));
}

#[test]
fn a_mistyped_code_shows_the_reason_and_no_stale_picture() {
    let mode = common::mode("tunnel");
    let mut app = seed_screen(mode);
    let code = Seed(555).code().to_string();
    type_text(&mut app, &code);
    rest(&mut app);
    assert_shows(&app, mode, Seed(555));

    // A wrong check character.
    backspace(&mut app);
    type_text(&mut app, "U");
    rest(&mut app);
    let entry = app.world().resource::<SeedEntry>();
    let reason = entry.session_for(mode).unwrap_err();
    assert!(reason.contains("not a seed-code character"), "{reason}");
    assert_eq!(preview(&app).problem.as_deref(), Some(reason.as_str()), "the seed screen's own message");
    assert!(preview(&app).image.is_none(), "no stale picture");
    assert!(!picture_visible(&mut app));
    // The reason is said once, on the line under the typed text; the box just has no picture.
    assert_eq!(single_text::<PreviewProblem>(&mut app), seedfeast::ui::preview::NO_PREVIEW);
    assert_eq!(single_text::<seedfeast::ui::screens::SeedErrorText>(&mut app), reason);

    // Fixing it brings the picture back, and the reason goes.
    backspace(&mut app);
    type_text(&mut app, &code[code.len() - 1..]);
    rest(&mut app);
    assert_shows(&app, mode, Seed(555));
    assert!(picture_visible(&mut app));
    assert_eq!(single_text::<PreviewProblem>(&mut app), "");
}

#[test]
fn a_new_random_seed_is_previewed_at_once() {
    let mode = common::mode("arena");
    let mut app = seed_screen(mode);
    app.world_mut().trigger(MenuChosen(MenuAction::NewSeed));
    app.update();
    let seed = app.world().resource::<Session>().seed;
    assert_shows(&app, mode, seed);
}

/// Text typed on the seed screen is the seed shown big, previewed, copied and played, whether
/// Enter or *Play this seed* starts it; a code that plays nothing keeps the screen, saying why.
#[test]
fn play_this_seed_plays_the_typed_seed_the_preview_shows() {
    use seedfeast::ui::screens::SeedCodeText;
    let mode = common::mode("maze");
    let mut app = seed_screen(mode);
    let before = app.world().resource::<Session>().seed;
    assert_eq!(single_text::<SeedCodeText>(&mut app), before.code().to_string());
    let typed = Seed::from_text("pizza party");
    assert_ne!(before, typed);
    type_text(&mut app, "pizza party");
    rest(&mut app);
    assert_shows(&app, mode, typed);
    assert_eq!(single_text::<SeedCodeText>(&mut app), typed.code().to_string(), "the big code is the typed one");
    // Copy code copies the code shown, not the one the screen opened with.
    app.world_mut().trigger(MenuChosen(MenuAction::CopyCode));
    app.update();
    let copied = app.world().resource::<seedfeast::ui::clipboard::Copied>().0.clone();
    assert_eq!(copied, Some(typed.code().to_string()));

    // A wrong check character: Play starts nothing and says why.
    let code = Seed(555).code().to_string();
    for _ in 0.."pizza party".len() {
        backspace(&mut app);
    }
    type_text(&mut app, &format!("{}U", &code[..code.len() - 1]));
    app.update();
    // A typo plays no level: the big code shows none (the seed chosen before would read as the
    // typed one's), and the reason is shown once.
    assert_eq!(single_text::<SeedCodeText>(&mut app), seedfeast::ui::seed_entry::NOT_A_SEED);
    app.world_mut().trigger(MenuChosen(MenuAction::Play));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::SeedSelect, "a typo starts nothing");
    assert!(
        app.world().resource::<SeedEntry>().error.as_deref().is_some_and(|e| e.contains("not a seed-code character"))
    );
    let error_line = single_text::<seedfeast::ui::screens::SeedErrorText>(&mut app);
    assert!(error_line.contains("not a seed-code character"), "{error_line}");
    rest(&mut app);
    assert_eq!(
        single_text::<PreviewProblem>(&mut app),
        seedfeast::ui::preview::NO_PREVIEW,
        "not a second time in the preview"
    );

    // Fixed, Play plays it.
    backspace(&mut app);
    type_text(&mut app, &code[code.len() - 1..]);
    app.world_mut().trigger(MenuChosen(MenuAction::Play));
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<Session>().seed, Seed(555));
}
