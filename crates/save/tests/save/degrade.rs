//! Issue #28 item 5, through both stores (a folder and key-value storage, as the browser's
//! localStorage): a damaged save loses only its damaged entries, never the rest of the player's
//! bests, and a save at its size bound still records the next run.
//!
//! Only the public API the game uses: [`Store`], [`SaveData`] and the load note's message.

use std::path::PathBuf;
use std::sync::Arc;

use seedfeast_save::{
    Direction, FILE_NAME, MAX_SAVE_BYTES, MapStorage, STORAGE_KEY, SaveData, Store, TextStorage, encode_save,
    read_save_bytes,
};

/// Where a store keeps its save, for the test to damage it and look at it.
enum Place {
    Folder(PathBuf),
    Keyed(Arc<MapStorage>),
}

impl Place {
    fn write(&self, text: &[u8]) {
        match self {
            Place::Folder(dir) => std::fs::write(dir.join(FILE_NAME), text).unwrap(),
            Place::Keyed(storage) => storage.set(STORAGE_KEY, std::str::from_utf8(text).unwrap()).unwrap(),
        }
    }

    /// The save's text, and its first kept copy (`….corrupt-1`).
    fn read(&self) -> (String, Option<Vec<u8>>) {
        match self {
            Place::Folder(dir) => (
                std::fs::read_to_string(dir.join(FILE_NAME)).unwrap(),
                std::fs::read(dir.join(format!("{FILE_NAME}.corrupt-1"))).ok(),
            ),
            Place::Keyed(storage) => (
                storage.get(STORAGE_KEY).unwrap().unwrap(),
                storage.get(&format!("{STORAGE_KEY}.corrupt-1")).unwrap().map(String::into_bytes),
            ),
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Place::Folder(dir) = self {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Both stores, each with a fresh place.
fn stores(name: &str) -> Vec<(Store, Place)> {
    let dir = std::env::temp_dir().join(format!("seedfeast-degrade-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let storage = Arc::new(MapStorage::default());
    vec![(Store::folder(&dir), Place::Folder(dir)), (Store::keyed(storage.clone()), Place::Keyed(storage))]
}

/// A player's save: 60 bests, daily bests, settings, history and favourites.
fn players_save() -> SaveData {
    let mut data = SaveData::default();
    for n in 0..60u64 {
        data.record(&format!("runner/SEED{n:02}"), 1_000 + n, Direction::Higher);
    }
    data.record("puzzle/P/time_ms", 8_120, Direction::Lower);
    data.record_daily("maze/2026-11-29", 50, Direction::Higher);
    data.settings_mut().set_volume(0.3, 1_767_225_600_000);
    for n in 0..8u64 {
        data.played("runner", &format!("SEED{n:02}"), Some("pizza party"), 1_000 + n);
    }
    data.set_favourite("runner", "SEED03", true, 2_000);
    data
}

/// The save's text with the line holding `needle` replaced by `line`.
fn with_line(data: &SaveData, needle: &str, line: &str) -> String {
    let text = encode_save(data).unwrap();
    assert!(text.contains(needle));
    text.lines().map(|l| if l.contains(needle) { line } else { l }).collect::<Vec<_>>().join("\n")
}

/// Loads `damaged` in each store and checks: the game gets `expected`; the player is told what
/// was left out (naming `told`) and where the original is kept; the original is kept whole; the
/// stored save is now a clean one; and the next load is quiet and the next save works.
fn loads_all_but_the_damage(name: &str, damaged: &[u8], expected: &SaveData, told: &str) {
    for (store, place) in stores(name) {
        place.write(damaged);
        let loaded = store.load();
        assert_eq!(&loaded.data, expected, "{name}: every good entry is in the game");
        let message = loaded.note.message().expect("the player is told");
        assert!(message.contains(told) && message.contains("corrupt-1"), "{name}: {message}");
        let (text, kept) = place.read();
        assert_eq!(kept.as_deref(), Some(damaged), "{name}: the original is kept whole");
        assert_eq!(seedfeast_save::parse_save(&text).map(|p| p.data).as_ref(), Ok(expected), "{name}: {text}");
        let again = store.load();
        assert_eq!((&again.data, again.note.message()), (expected, None), "{name}");
        let mut data = again.data;
        data.record("arena/AFTER", 5, Direction::Higher);
        let saved = store.save(&data).unwrap();
        assert_eq!(saved.best("runner/SEED00"), expected.best("runner/SEED00"));
    }
}

#[test]
fn a_save_with_one_bad_entry_among_many_keeps_every_good_entry_in_the_game() {
    let data = players_save();
    let damaged = with_line(&data, "runner/SEED31", r#"        "runner/SEED31": (score: 1031, better: Sideways),"#);
    let expected = without_best(&data, "runner/SEED31");
    loads_all_but_the_damage("one-bad", damaged.as_bytes(), &expected, "line 36: the best \"runner/SEED31\"");
}

#[test]
fn a_score_of_minus_1_loses_only_that_best() {
    let data = players_save();
    let damaged = with_line(&data, "runner/SEED07", r#"        "runner/SEED07": (score: -1, better: Higher),"#);
    let expected = without_best(&data, "runner/SEED07");
    loads_all_but_the_damage("minus-1", damaged.as_bytes(), &expected, "the best \"runner/SEED07\"");
}

#[test]
fn version_0_loses_only_the_version() {
    let data = players_save();
    let damaged = encode_save(&data).unwrap().replace("version: 4", "version: 0");
    loads_all_but_the_damage("version-0", damaged.as_bytes(), &data, "line 2: the version");
}

#[test]
fn a_truncated_save_keeps_every_entry_before_the_cut() {
    let data = players_save();
    let text = encode_save(&data).unwrap();
    // Cut in the middle of the 41st best's line: the 40 before it are whole.
    let cut = text.find("\"runner/SEED40\": (score: 10").unwrap() + 20;
    let mut expected = SaveData::default();
    expected.record("puzzle/P/time_ms", 8_120, Direction::Lower);
    for n in 0..40u64 {
        expected.record(&format!("runner/SEED{n:02}"), 1_000 + n, Direction::Higher);
    }
    loads_all_but_the_damage("cut", &text.as_bytes()[..cut], &expected, "the file stops here");
}

/// Found by the `save_structured` fuzz target: a file cut inside a character (its last bytes
/// aren't UTF-8) lost a history entry written whole long before the cut, because its origin
/// held a U+FFFD the player typed, taken for a stand-in for the bad bytes.
#[test]
fn a_cut_inside_a_character_keeps_earlier_entries_holding_u_fffd() {
    let mut data = SaveData::default();
    let typed = "\u{77661}ö\u{ffff}\u{fffd}\u{6ffff}"; // U+FFFD is written as itself, unescaped
    data.played("puzzle", "124MP-ANQ6N@3", Some(typed), 1_099_511_627_524);
    data.played("puzzle", "1D76J-BVX2Y", Some(""), 1_099_511_627_750);
    data.played("runner", "SEED\u{fffd}", None, 1_000);
    data.set_favourite("runner", "SEED\u{fffd}", true, 2_000);
    data.set_favourite("tunnel", "Ş€€D", true, 2_000);
    let text = encode_save(&data).unwrap();
    // Cut after the first byte of the `€`, in the last line of the favourites.
    let euro = text.find('€').unwrap();
    let line_start = text[..euro].rfind('\n').unwrap() + 1;
    assert!(text[line_start..].starts_with("        \"tunnel\": {") && text.find('\u{fffd}') < Some(line_start));
    let cut = euro + 1;
    let parsed = read_save_bytes(&text.as_bytes()[..cut]).unwrap();
    assert_eq!(parsed.data.histories(), data.histories(), "every history line was whole");
    let stars = |data: &SaveData| data.all_favourites().get("runner").cloned();
    assert_eq!(stars(&parsed.data), stars(&data), "the favourites' line before the cut was whole");
    // A byte that isn't text inside an origin still costs that seed, and only that one.
    let mut bytes = text.into_bytes();
    let at = bytes.windows(2).position(|w| w == "ö".as_bytes()).unwrap();
    bytes[at] = 0xff;
    let parsed = read_save_bytes(&bytes).unwrap();
    let mut history = data.histories().clone();
    history.get_mut("puzzle").unwrap().remove("124MP-ANQ6N@3");
    assert_eq!((parsed.data.histories(), parsed.data.all_favourites()), (&history, data.all_favourites()));
}

/// A save whose text is exactly [`MAX_SAVE_BYTES`]: full seed history in many modes (long
/// origins), 2,000 bests, and one best whose key fills the rest.
fn at_the_bound() -> SaveData {
    let mut data = SaveData::default();
    let origin = "a long phrase typed as a seed ".repeat(6);
    for mode in 0..700 {
        for seed in 0..20u64 {
            data.played(&format!("mode{mode:04}"), &format!("SEED{seed:02}"), Some(&origin), 1_000 + seed);
        }
    }
    for n in 0..2_000u64 {
        data.record(&format!("runner/BEST{n:06}"), n, Direction::Higher);
    }
    let size = |data: &SaveData| encode_save(data).unwrap().len();
    let before = size(&data);
    let mut probe = data.clone();
    probe.record("filler/", 1, Direction::Higher);
    let line = size(&probe) - before;
    data.record(&format!("filler/{}", "x".repeat(MAX_SAVE_BYTES - before - line)), 1, Direction::Higher);
    assert_eq!(size(&data), MAX_SAVE_BYTES);
    data
}

#[test]
fn a_save_at_its_size_bound_still_records_the_next_run() {
    let full = at_the_bound();
    let text = encode_save(&full).unwrap();
    for (store, place) in stores("bound") {
        place.write(text.as_bytes());
        let mut data = store.load().data;
        assert_eq!(data, full);
        data.record("runner/NEXT-RUN", 4_242, Direction::Higher);
        data.played("runner", "NEXT-RUN", None, 9_000_000);
        let saved = store.save(&data).expect("the next run is saved");
        let on_disk = store.load().data;
        assert_eq!(on_disk, saved);
        assert_eq!(on_disk.best("runner/NEXT-RUN").map(|b| b.score), Some(4_242));
        assert_eq!(on_disk.history("runner")[0].0, "NEXT-RUN");
        for (key, best) in full.bests() {
            assert_eq!(on_disk.best(key), Some(*best), "every best is kept: {key}");
        }
        assert!(place.read().0.len() <= MAX_SAVE_BYTES);
    }
}

/// `data` without the best `key`, built again through the game's own calls.
fn without_best(data: &SaveData, key: &str) -> SaveData {
    let mut rest = SaveData::default();
    *rest.settings_mut() = data.settings().clone();
    for (k, best) in data.bests().iter().filter(|(k, _)| *k != key) {
        rest.record(k, best.score, best.better);
    }
    for (k, best) in data.daily_bests() {
        rest.record_daily(k, best.score, best.better);
    }
    for (mode, seeds) in data.histories() {
        for (code, play) in seeds {
            rest.played(mode, code, play.origin.as_deref(), play.played_at);
        }
    }
    for (mode, seeds) in data.all_favourites() {
        for (code, favourite) in seeds {
            rest.set_favourite(mode, code, favourite.starred, favourite.at);
        }
    }
    assert_eq!(rest.bests().len() + 1, data.bests().len());
    rest
}
