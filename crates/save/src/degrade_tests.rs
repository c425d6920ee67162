//! Issue #51's damaged settings, through both stores (a folder, and key-value storage as the
//! browser's localStorage): one setting whose time can't be read costs that setting only, with
//! the file kept whole first and the player told which line; every other setting and every best
//! stays.

use std::sync::Arc;

use crate::{
    Action, Colours, Direction, FILE_NAME, JumpKey, MapStorage, STORAGE_KEY, SaveData, Settings, Store, TextSize,
    TextStorage, encode_save,
};

/// A save with every one of the twelve settings changed from its default, and a best.
fn every_setting_changed() -> SaveData {
    let mut data = SaveData::default();
    data.record("runner/124MP-ANQ6N", 300, Direction::Higher);
    let s = data.settings_mut();
    s.set_volume(0.3, 10);
    s.set_jump_key(JumpKey::Z, 11);
    s.bind_key(Action::Up, "KeyI", 12).unwrap();
    s.set_fullscreen(true, 13);
    s.set_muted(true, 14);
    s.set_text_size(TextSize::Large, 15);
    s.set_board("http://127.0.0.1:8080", 16);
    s.set_player_name("Ann", 17);
    s.set_music_volume(0.4, 18);
    s.set_reduced_motion(true, 19);
    s.bind_button(Action::Jump, "RightTrigger", 20).unwrap();
    s.set_colours(Colours::ColourSafe, 21);
    data
}

/// Loads `text` through a folder and through key-value storage; returns, for each, what the game
/// got, the message, and the copy kept of the file as it was.
fn load_both(name: &str, text: &str) -> Vec<(SaveData, Option<String>, Option<String>)> {
    let dir = std::env::temp_dir().join(format!("seedfeast-degrade51-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(FILE_NAME), text).unwrap();
    let folder = Store::folder(&dir).load();
    let folder_copy = std::fs::read_to_string(dir.join(format!("{FILE_NAME}.corrupt-1"))).ok();
    let _ = std::fs::remove_dir_all(&dir);
    let storage = Arc::new(MapStorage::default());
    storage.set(STORAGE_KEY, text).unwrap();
    let keyed = Store::keyed(storage.clone()).load();
    let keyed_copy = storage.get(&format!("{STORAGE_KEY}.corrupt-1")).unwrap();
    vec![(folder.data, folder.note.message(), folder_copy), (keyed.data, keyed.note.message(), keyed_copy)]
}

#[test]
fn a_bad_time_on_one_setting_resets_only_that_setting_and_keeps_a_copy() {
    let good = every_setting_changed();
    let text = encode_save(&good).unwrap();
    let line = "muted: (value: true, at: 14)";
    assert!(text.contains(line), "{text}");
    for (name, bad) in
        [("past-u64", "18446744073709551616"), ("negative", "-5"), ("fraction", "1.5"), ("text", "\"x\"")]
    {
        let damaged = text.replace(line, &format!("muted: (value: true, at: {bad})"));
        let mut expected = good.settings().clone();
        expected.muted = Settings::default().muted;
        for (data, message, copy) in load_both(name, &damaged) {
            assert_eq!(data.settings(), &expected, "{name}: every other setting is kept");
            assert_eq!(data.best("runner/124MP-ANQ6N").map(|b| b.score), Some(300), "{name}");
            let message = message.unwrap_or_default();
            assert!(message.contains("`muted`") && message.contains("corrupt-1"), "{name}: {message}");
            assert!(message.contains("line "), "{name}: the line is named: {message}");
            assert_eq!(copy.as_deref(), Some(damaged.as_str()), "{name}: the file as it was is kept whole");
        }
    }
}

#[test]
fn a_bad_time_on_a_setting_of_the_boards_keeps_the_keys_and_buttons() {
    let good = every_setting_changed();
    let text = encode_save(&good).unwrap();
    let line = "fullscreen: (value: true, at: 13)";
    let damaged = text.replace(line, "fullscreen: (value: true, at: -5)");
    let mut expected = good.settings().clone();
    expected.fullscreen = Settings::default().fullscreen;
    for (data, message, copy) in load_both("fullscreen", &damaged) {
        assert_eq!(data.settings(), &expected);
        assert_eq!((data.settings().key(Action::Up), data.settings().button(Action::Jump)), ("KeyI", "RightTrigger"));
        assert_eq!((data.settings().board(), data.settings().player_name()), ("http://127.0.0.1:8080", "Ann"));
        assert!(message.unwrap_or_default().contains("`fullscreen`"));
        assert!(copy.is_some());
    }
}

/// Issue #51 item 5, through both stores: a save of bests 40 bytes under the bound records the
/// next run; the few bests it had to leave out are each told, and every other best is kept.
#[test]
fn a_save_at_its_bound_keeps_every_best_but_the_ones_it_tells() {
    let full = crate::prune::tests::bests_just_under_the_bound(40);
    let text = encode_save(&full).unwrap();
    let dir = std::env::temp_dir().join(format!("seedfeast-degrade51-bound-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(FILE_NAME), &text).unwrap();
    let storage = Arc::new(MapStorage::default());
    storage.set(STORAGE_KEY, &text).unwrap();
    for store in [Store::folder(&dir), Store::keyed(storage)] {
        let mut data = store.load().data;
        assert_eq!(data, full);
        data.record("runner/NEXT-RUN", 4_242, Direction::Higher);
        let saved = store.save_telling(&data).expect("the next run is saved");
        let on_disk = store.load().data;
        assert_eq!(on_disk, saved.data);
        assert_eq!(on_disk.best("runner/NEXT-RUN").map(|b| b.score), Some(4_242));
        let gone: Vec<String> = full.bests().keys().filter(|k| on_disk.best(k).is_none()).cloned().collect();
        assert_eq!(saved.left_out.bests, gone, "every best left out is told");
        assert!((1..=3).contains(&gone.len()), "{} bests went for one run", gone.len());
        let message = saved.message().expect("the player is told");
        assert!(message.contains(&format!("{:?}", gone[0])), "{message}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
