//! Issue #51 item 7: a saved key, button or name the game refuses is put back to its default on
//! load, told, and written over by the next save.

use std::sync::Arc;

use super::*;
use crate::{Direction, MapStorage, STORAGE_KEY, SaveData, Store, TextStorage, encode_save};

/// The game's rules in small: Escape and the arrows are kept, (B) never pauses, and a name is
/// letters only (the real ones are in the game's `src/save/`).
fn refuse_key(_: Action, key: &str) -> Option<&'static str> {
    matches!(key, "Escape" | "ArrowUp").then_some("the game keeps it")
}

fn refuse_button(action: Action, button: &str) -> Option<&'static str> {
    (button == "East" && action == Action::Pause).then_some("(B) goes back in the menus")
}

fn check_name(name: &str) -> Result<(), String> {
    match name.chars().find(|c| !c.is_alphabetic()) {
        Some(bad) => Err(format!("the name can't hold {bad:?}")),
        None => Ok(()),
    }
}

const RULES: GameRules = GameRules { key: &refuse_key, button: &refuse_button, player_name: &check_name };

/// A save with a best, a good key and setting, and `keys`, `buttons` and `name` as written.
fn saved(keys: &str, buttons: &str, name: &str) -> String {
    let mut data = SaveData::default();
    data.record("runner/124MP-ANQ6N", 300, Direction::Higher);
    data.settings_mut().set_volume(0.3, 10);
    data.settings_mut().set_player_name("Ann", 11);
    data.settings_mut().bind_key(Action::Up, "KeyI", 12).unwrap();
    encode_save(&data)
        .unwrap()
        .replace("player_name: (value: \"Ann\", at: 11)", &format!("player_name: (value: {name:?}, at: 11)"))
        .replace("keys: (value: {Up: \"KeyI\"}, at: 12)", &format!("keys: (value: {keys}, at: 12)"))
        .replace("buttons: (value: {}, at: 0)", &format!("buttons: (value: {buttons}, at: 13)"))
}

/// Loads `text` from key-value storage and checks it by [`RULES`] at time 1,000.
fn loaded(text: &str) -> (Store, Loaded) {
    let storage = Arc::new(MapStorage::default());
    storage.set(STORAGE_KEY, text).unwrap();
    let store = Store::keyed(storage);
    let mut loaded = store.load();
    loaded.check_settings(&RULES, 1_000);
    (store, loaded)
}

#[test]
fn a_reserved_key_goes_back_to_its_default_with_a_note_and_the_rest_stays() {
    let (store, loaded) = loaded(&saved("{Up: \"KeyI\", Jump: \"Escape\"}", "{}", "Ann"));
    let settings = loaded.data.settings();
    assert_eq!(settings.key(Action::Jump), settings.key_defaults().of(Action::Jump));
    assert_eq!(settings.key(Action::Up), "KeyI", "the good key is kept");
    assert_eq!((settings.volume(), settings.player_name()), (0.3, "Ann"));
    assert_eq!(loaded.data.best("runner/124MP-ANQ6N").map(|b| b.score), Some(300));
    let message = loaded.note.message().expect("the player is told");
    assert!(message.contains("the key Escape for Jump was left out (the game keeps it)"), "{message}");
    // The next save writes the default over it: the next start is quiet.
    store.save(&loaded.data).unwrap();
    let Store::Keyed(keyed) = &store else { panic!("a keyed store") };
    let mut again = keyed.load();
    again.check_settings(&RULES, 2_000);
    assert_eq!(again.note.message(), None, "{:?}", again.note);
    assert_eq!(again.data.settings().key(Action::Up), "KeyI");
}

#[test]
fn a_key_whose_default_another_action_now_has_goes_too() {
    // Jump's key is refused; its default, Space, is Use's: Use goes back to its own default.
    let (_, loaded) = loaded(&saved("{Jump: \"Escape\", Use: \"Space\"}", "{}", "Ann"));
    let settings = loaded.data.settings();
    assert_eq!((settings.key(Action::Jump), settings.key(Action::Use)), ("Space", "KeyE"));
    let message = loaded.note.message().unwrap();
    assert!(message.contains("Escape for Jump") && message.contains("Space for Use"), "{message}");
}

#[test]
fn a_reserved_button_goes_back_to_its_default_with_a_note() {
    let (_, loaded) = loaded(&saved("{Up: \"KeyI\"}", "{Pause: \"East\", Use: \"RightTrigger\"}", "Ann"));
    let settings = loaded.data.settings();
    assert_eq!((settings.button(Action::Pause), settings.button(Action::Use)), ("Start", "RightTrigger"));
    assert!(settings.buttons_stamped().at >= 1_000, "stamped now, so a save writes it over the file");
    let message = loaded.note.message().unwrap();
    assert!(
        message.contains("the gamepad button East for Pause was left out ((B) goes back in the menus)"),
        "{message}"
    );
}

#[test]
fn a_name_the_board_refuses_goes_back_to_none_with_a_note() {
    let (_, loaded) = loaded(&saved("{Up: \"KeyI\"}", "{}", "<b>"));
    let settings = loaded.data.settings();
    assert_eq!(settings.player_name(), "");
    assert!(settings.player_name_stamped().at >= 1_000);
    assert_eq!(settings.key(Action::Up), "KeyI");
    let message = loaded.note.message().unwrap();
    assert!(message.contains("the player name \"<b>\" was left out (the name can't hold '<')"), "{message}");
}

#[test]
fn good_settings_load_quietly_and_unchanged() {
    let (_, loaded) = loaded(&saved("{Up: \"KeyI\"}", "{Jump: \"RightTrigger\"}", "Ann"));
    assert_eq!(loaded.note.message(), None);
    assert_eq!(loaded.data.settings().keys_stamped().at, 12);
}
