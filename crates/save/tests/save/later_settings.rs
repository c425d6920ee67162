//! The settings added with remapping (issue #29): each action's key, fullscreen, mute and the
//! text size. They survive a store round trip; a save from before them loads whole with their
//! defaults; a damaged value costs only that value, whether the file parses as a whole or is
//! read entry by entry; and no two actions ever end up on one key.

use std::sync::Arc;

use seedfeast_save::{
    Action, JumpKey, KeyRefused, MapStorage, Mended, STORAGE_KEY, SaveData, Store, TextSize, TextStorage, encode_save,
    parse_save, read_save,
};

fn changed() -> SaveData {
    let mut data = SaveData::default();
    data.record("runner/124MP-ANQ6N", 300, seedfeast_save::Direction::Higher);
    let settings = data.settings_mut();
    settings.set_volume(0.3, 10);
    settings.bind_key(Action::Up, "KeyI", 11).unwrap();
    settings.bind_key(Action::Pause, "Digit0", 12).unwrap();
    settings.set_fullscreen(true, 13);
    settings.set_muted(true, 14);
    settings.set_text_size(TextSize::Large, 15);
    data
}

#[test]
fn the_new_settings_survive_a_restart_through_the_store() {
    let storage = Arc::new(MapStorage::default());
    let store = Store::keyed(storage.clone());
    store.save(&changed()).unwrap();
    // A restart: a new store over the same storage.
    let loaded = Store::keyed(storage.clone()).load();
    assert_eq!(loaded.note.message(), None, "{:?}", loaded.note);
    let settings = loaded.data.settings();
    assert_eq!((settings.key(Action::Up), settings.key(Action::Pause)), ("KeyI", "Digit0"));
    assert_eq!(settings.key(Action::Use), "KeyE", "an action never rebound keeps its default");
    assert!(settings.fullscreen() && settings.muted());
    assert_eq!(settings.text_size(), TextSize::Large);
    assert_eq!(loaded.data, changed());
    let text = storage.get(STORAGE_KEY).unwrap().unwrap();
    assert!(text.contains("keys: (value: {Up: \"KeyI\", Pause: \"Digit0\"}, at: 12)"), "{text}");
}

#[test]
fn a_format_3_save_from_before_them_loads_whole_with_their_defaults() {
    // What the game wrote before issue #29's settings (format 3, volume and jump key only).
    let text = r#"(
    version: 3,
    best: {
        "runner/124MP-ANQ6N": (score: 300, better: Higher),
    },
    daily_best: {},
    settings: (
        volume: (value: 0.3, at: 1767225600000),
        jump_key: (value: Z, at: 1767225601000),
    ),
    history: {},
    favourites: {},
)"#;
    let parsed = parse_save(text).unwrap();
    assert!(parsed.mended.is_empty() && parsed.dropped.is_empty());
    let settings = parsed.data.settings();
    assert_eq!((settings.volume(), settings.jump_key()), (0.3, JumpKey::Z));
    assert!(!settings.fullscreen() && !settings.muted());
    assert_eq!(settings.text_size(), TextSize::Normal);
    assert!(settings.bindings().is_empty());
    assert_eq!(settings.key(Action::Jump), "KeyZ", "the old jump key choice is the jump's key");
    assert_eq!(parsed.data.best("runner/124MP-ANQ6N").map(|b| b.score), Some(300));
    // And it is written back with them, and reads back the same.
    assert_eq!(parse_save(&encode_save(&parsed.data).unwrap()).unwrap().data, parsed.data);
}

#[test]
fn a_damaged_new_setting_costs_only_itself() {
    let good = encode_save(&changed()).unwrap();
    let cases = [
        ("fullscreen: (value: true, at: 13)", "fullscreen: (value: \"yes\", at: 13)", "fullscreen"),
        ("muted: (value: true, at: 14)", "muted: (value: 7, at: 14)", "muted"),
        ("text_size: (value: Large, at: 15)", "text_size: (value: Huge, at: 15)", "text size"),
        ("keys: (value: {Up: \"KeyI\", Pause: \"Digit0\"}, at: 12)", "keys: (value: 5, at: 12)", "keys"),
    ];
    for (was, damaged, name) in cases {
        assert!(good.contains(was), "{good}");
        let text = good.replace(was, damaged);
        let parsed = parse_save(&text).unwrap();
        assert!(
            matches!(parsed.mended.as_slice(), [Mended::Setting { name: n, .. }] if *n == name),
            "{name}: {:?}",
            parsed.mended
        );
        let mut expected = changed().settings().clone();
        let defaults = SaveData::default();
        let fresh = defaults.settings();
        match name {
            "fullscreen" => expected.set_fullscreen(fresh.fullscreen(), 0),
            "muted" => expected.set_muted(fresh.muted(), 0),
            "text size" => expected.set_text_size(TextSize::Normal, 0),
            _ => expected.reset_keys(0),
        }
        let settings = parsed.data.settings();
        assert_eq!(
            (settings.fullscreen(), settings.muted(), settings.text_size(), settings.bindings()),
            (expected.fullscreen(), expected.muted(), expected.text_size(), expected.bindings()),
            "{name}: only the damaged setting is back to its default"
        );
        assert_eq!(settings.volume(), 0.3);
        assert_eq!(parsed.data.best("runner/124MP-ANQ6N").map(|b| b.score), Some(300));
        // The message the player sees names it.
        assert!(parsed.mended[0].to_string().contains(name), "{}", parsed.mended[0]);
    }
}

#[test]
fn a_broken_line_in_the_new_settings_is_salvaged_entry_by_entry() {
    let good = encode_save(&changed()).unwrap();
    // Not RON at all: the whole-file reader fails, and the entry-by-entry reader keeps the rest.
    let text = good.replace("muted: (value: true, at: 14)", "muted: (value: tr{ue, at: 14)");
    assert!(parse_save(&text).is_err());
    let parsed = read_save(&text).unwrap();
    assert_eq!(parsed.dropped.len(), 1, "{:?}", parsed.dropped);
    assert!(parsed.dropped[0].what.contains("muted"), "{:?}", parsed.dropped);
    let settings = parsed.data.settings();
    assert!(!settings.muted(), "the damaged setting is back to its default");
    assert!(settings.fullscreen());
    assert_eq!(settings.text_size(), TextSize::Large);
    assert_eq!(settings.key(Action::Up), "KeyI");
    assert_eq!(parsed.data.best("runner/124MP-ANQ6N").map(|b| b.score), Some(300));
}

#[test]
fn chosen_keys_from_a_file_are_checked_one_by_one() {
    let good = encode_save(&changed()).unwrap();
    let was = "keys: (value: {Up: \"KeyI\", Pause: \"Digit0\"}, at: 12)";
    // An unknown action, a key that isn't a name, and two actions on one key (Use's default).
    let text =
        good.replace(was, "keys: (value: {Up: \"KeyI\", Fly: \"KeyF\", Down: \"Key K\", Pause: \"KeyE\"}, at: 12)");
    let parsed = parse_save(&text).unwrap();
    assert_eq!(parsed.mended.len(), 3, "{:?}", parsed.mended);
    assert!(parsed.mended.iter().all(|m| matches!(m, Mended::Key { .. })));
    let settings = parsed.data.settings();
    assert_eq!(settings.key(Action::Up), "KeyI", "the good entry is kept");
    assert_eq!(settings.key(Action::Down), "KeyS");
    assert_eq!((settings.key(Action::Pause), settings.key(Action::Use)), ("KeyP", "KeyE"));
    assert_eq!(settings.keys_stamped().at, 12);
}

#[test]
fn a_key_another_action_has_is_refused_and_nothing_changes() {
    let mut data = SaveData::default();
    let settings = data.settings_mut();
    assert_eq!(settings.bind_key(Action::Jump, "KeyE", 5), Err(KeyRefused::Taken(Action::Use)));
    assert_eq!(settings.bind_key(Action::Use, "Space", 5), Err(KeyRefused::Taken(Action::Jump)));
    assert_eq!(settings.bind_key(Action::Use, "Key E", 5), Err(KeyRefused::NotAKey));
    assert_eq!(settings.keys_stamped().at, 0, "a refused key changes nothing");
    // Moving Use away first frees E for the jump.
    settings.bind_key(Action::Use, "KeyF", 6).unwrap();
    settings.bind_key(Action::Jump, "KeyE", 7).unwrap();
    assert_eq!((settings.key(Action::Jump), settings.key(Action::Use)), ("KeyE", "KeyF"));
    // Back to its default key: no longer listed as the player's.
    settings.bind_key(Action::Use, "KeyR", 8).unwrap();
    settings.reset_keys(9);
    assert!(settings.bindings().is_empty());
    assert_eq!(settings.key(Action::Jump), "Space");
}

#[test]
fn the_later_change_wins_a_merge_per_setting() {
    let mut a = SaveData::default();
    let mut b = SaveData::default();
    a.settings_mut().bind_key(Action::Up, "KeyI", 10).unwrap();
    b.settings_mut().bind_key(Action::Up, "KeyK", 20).unwrap();
    a.settings_mut().set_muted(true, 30);
    b.settings_mut().set_fullscreen(true, 5);
    let merged = a.merge(&b);
    let settings = merged.settings();
    assert_eq!(settings.key(Action::Up), "KeyK");
    assert!(settings.muted() && settings.fullscreen());
    assert_eq!(merged, b.merge(&a));
}
