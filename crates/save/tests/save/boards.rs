//! The score boards' part of the save (issue #31) through the stores, as the game uses them: a
//! format 3 save loads as it did and is saved as format 4 with all of it; secrets, waiting runs
//! and the board settings survive a restart; two windows that each made a secret end up with
//! one; and a file from a newer game is still left alone.

use std::sync::Arc;

use seedfeast_save::{Direction, FILE_NAME, LoadNote, MapStorage, STORAGE_KEY, SaveData, Store, TextStorage, VERSION};

const SERVER: &str = "https://scores.example.org";

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("seedfeast-save-boards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_format_3_save_loads_as_before_and_is_saved_as_format_4() {
    let dir = scratch("v3");
    let v3 = concat!(
        "(\n    version: 3,\n    best: {\n        \"runner/124MP-ANQ6N\": (score: 300, better: Higher),\n    },\n",
        "    settings: (\n        volume: (value: 0.3, at: 10),\n        muted: (value: true, at: 11),\n    ),\n)",
    );
    std::fs::write(dir.join(FILE_NAME), v3).unwrap();
    let store = Store::folder(&dir);
    let loaded = store.load();
    assert_eq!(loaded.note, LoadNote::Loaded { from_version: 3, mended: vec![] });
    let mut expected = SaveData::default();
    expected.record("runner/124MP-ANQ6N", 300, Direction::Higher);
    expected.settings_mut().set_volume(0.3, 10);
    expected.settings_mut().set_muted(true, 11);
    assert_eq!(loaded.data, expected);
    // Saving nothing new upgrades it: format 4, with everything it held.
    assert_eq!(store.save(&SaveData::default()).unwrap(), expected);
    let text = std::fs::read_to_string(dir.join(FILE_NAME)).unwrap();
    assert!(text.contains("version: 4") && text.contains("boards: {}"), "{text}");
    let again = store.load();
    assert_eq!((again.data, again.note), (expected, LoadNote::Loaded { from_version: VERSION, mended: vec![] }));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn secrets_waiting_runs_and_the_board_settings_survive_a_restart() {
    let storage = Arc::new(MapStorage::default());
    let mut data = Store::keyed(storage.clone()).load().data;
    data.settings_mut().set_board(SERVER, 1);
    data.settings_mut().set_player_name("Ann", 2);
    let secret = data.ensure_board_secret(SERVER, || "s".repeat(32), 3);
    assert!(data.queue_run(SERVER, "RUN-ONE", "Ann", 4));
    assert!(data.queue_run(SERVER, "RUN-TWO", "Ann", 5));
    data.mark_sent(SERVER, "RUN-ONE", 6);
    Store::keyed(storage.clone()).save(&data).unwrap();
    let loaded = Store::keyed(storage.clone()).load();
    assert_eq!(loaded.note.message(), None);
    assert_eq!(loaded.data, data);
    let settings = loaded.data.settings();
    assert_eq!((settings.board(), settings.player_name()), (SERVER, "Ann"));
    assert_eq!(loaded.data.board_secret(SERVER), Some(secret.as_str()));
    let waiting = loaded.data.waiting_runs();
    assert_eq!(waiting.len(), 1);
    assert_eq!((waiting[0].0.as_str(), waiting[0].1.as_str()), (SERVER, "RUN-TWO"));
    assert!(storage.get(STORAGE_KEY).unwrap().unwrap().contains("version: 4"));
}

#[test]
fn two_windows_that_each_made_a_secret_end_up_with_one_and_no_answered_run_comes_back() {
    let dir = scratch("windows");
    let (first, second) = (Store::folder(&dir), Store::folder(&dir));
    let mut a = first.load().data;
    let mut b = second.load().data;
    // Both queued the same run before either saved; each window makes its own secret.
    a.queue_run(SERVER, "RUN", "Ann", 10);
    b.queue_run(SERVER, "RUN", "Ann", 10);
    a.ensure_board_secret(SERVER, || "made-by-a".into(), 200);
    b.ensure_board_secret(SERVER, || "made-by-b".into(), 100);
    a = first.save(&a).unwrap();
    assert_eq!(a.board_secret(SERVER), Some("made-by-a"));
    // Window a sends the run and saves; window b, which never saw the answer, saves after.
    a.mark_sent(SERVER, "RUN", 300);
    a = first.save(&a).unwrap();
    b = second.save(&b).unwrap();
    assert_eq!(b.board_secret(SERVER), Some("made-by-b"), "the one made first");
    assert!(b.waiting_runs().is_empty(), "the answered run is not sent again");
    a = first.save(&a).unwrap();
    assert_eq!(a, b);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_save_from_a_newer_game_is_still_left_alone() {
    let dir = scratch("newer");
    let newer = "(version: 5, boards: {\"x\": (secret: \"s\", future: Thing)})";
    std::fs::write(dir.join(FILE_NAME), newer).unwrap();
    let store = Store::folder(&dir);
    assert!(store.load().note.is_read_only());
    assert!(store.save(&SaveData::default()).is_err());
    assert_eq!(std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(), newer);
    let _ = std::fs::remove_dir_all(&dir);
}
