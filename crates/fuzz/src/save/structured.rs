//! Saves built entry by entry, encoded by the real encoder, then damaged the ways files are (a
//! cut, a bad version, one bad value, stray bytes), so mutations reach the entry-by-entry reader
//! behind a file that doesn't parse (issue #28). Byte-level mutation of save text rarely keeps
//! enough structure to tell "kept every good entry" from "kept nothing".

use std::collections::BTreeMap;

use arbitrary::Unstructured;
use seedfeast_save::{
    Action, Colours, Direction, Parsed, SaveData, TextSize, VERSION, encode_save, parse_save, read_save,
    read_save_bytes,
};

/// The longest message one left-out part may make (a key or value is never echoed whole).
const MESSAGE_MAX_CHARS: usize = 1_000;

/// Builds a save from the input, encodes it, damages the text, and reads it back.
///
/// Promises checked: the clean text reads back exactly, by both readers; reading damaged text
/// never panics, and what it keeps encodes to a save that reads back the same; after a cut,
/// every entry kept is one that was written, and every entry whose line is whole before the cut
/// is kept; a bad version or one bad best costs exactly that, nothing else; every left-out part
/// is reported in a message of bounded length.
pub fn save_structured(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(save) = save_data(&mut u) else { return };
    let text = encode_save(&save).unwrap_or_else(|error| panic!("a save doesn't encode: {error}"));
    // (read_save reads a whole file with parse_save, the reader a store's writes are checked by.)
    let clean = read_save(&text).unwrap_or_else(|error| panic!("an encoded save doesn't parse: {error}\n{text}"));
    assert_eq!(clean.data, save, "the save changed on a write and read:\n{text}");
    assert!(clean.dropped.is_empty() && clean.mended.is_empty(), "{:?}\n{text}", clean.dropped);
    let Ok(damage) = u.int_in_range(0..=3u8) else { return };
    match damage {
        0 => cut(&mut u, &save, &text),
        1 => bad_version(&mut u, &save, &text),
        2 => bad_best(&mut u, &save, &text),
        _ => stray_bytes(&mut u, text.into_bytes()),
    }
}

/// A number that is mostly small and sometimes anything.
fn number(u: &mut Unstructured, small: u64) -> arbitrary::Result<u64> {
    Ok(match u.int_in_range(0..=7u8)? {
        0 => u64::MAX - u64::from(u.int_in_range(0..=2u8)?),
        1 => u.arbitrary()?,
        _ => u.int_in_range(0..=small)?,
    })
}

/// Text from a small pool (so keys collide and merge), or a few characters of any kind (quotes,
/// backslashes, line breaks: the encoder's escapes). Short, so that an execution stays cheap.
fn text(u: &mut Unstructured, pool: &[&str]) -> arbitrary::Result<String> {
    if !u.ratio(1, 4)? {
        return Ok(u.choose(pool)?.to_string());
    }
    (0..u.int_in_range(0..=12u8)?).map(|_| u.arbitrary::<char>()).collect()
}

const MODES: &[&str] = &["runner", "maze", "arena", "puzzle", "tunnel", "dungeon", "food_tunnel"];
const CODES: &[&str] = &["324MP-ANQ6H", "1D76J-BVX2Y", "A", "124MP-ANQ6N@3", "2026-11-29", "X/time_ms"];
const SERVERS: &[&str] = &["https://scores.example.org", "http://127.0.0.1:8080", ""];
const NAMES: &[&str] = &["Ann", "Bo", ""];

fn save_data(u: &mut Unstructured) -> arbitrary::Result<SaveData> {
    let mut data = SaveData::default();
    for _ in 0..u.int_in_range(0..=12u8)? {
        let key = format!("{}/{}", text(u, MODES)?, text(u, CODES)?);
        let better = if u.ratio(1, 4)? { Direction::Lower } else { Direction::Higher };
        if u.ratio(1, 4)? {
            data.record_daily(&key, number(u, 10_000)?, better);
        } else {
            data.record(&key, number(u, 10_000)?, better);
        }
    }
    if u.ratio(1, 2)? {
        let (volume, at) = (u.arbitrary::<f32>()?, number(u, 1 << 40)?);
        data.settings_mut().set_volume(volume, at);
    }
    if u.ratio(1, 2)? {
        let (steps, at) = (u.int_in_range(-3..=3)?, number(u, 1 << 40)?);
        data.settings_mut().cycle_jump_key(steps, at);
    }
    // The general settings (issues #29, #34): each one now and then, at any time stamp.
    if u.ratio(1, 3)? {
        data.settings_mut().set_fullscreen(u.arbitrary()?, number(u, 1 << 40)?);
        data.settings_mut().set_muted(u.arbitrary()?, number(u, 1 << 40)?);
        data.settings_mut().set_text_size(*u.choose(&TextSize::ALL)?, number(u, 1 << 40)?);
    }
    if u.ratio(1, 3)? {
        let (volume, at) = (u.arbitrary::<f32>()?, number(u, 1 << 40)?);
        data.settings_mut().set_music_volume(volume, at);
        data.settings_mut().set_reduced_motion(u.arbitrary()?, number(u, 1 << 40)?);
    }
    for _ in 0..u.int_in_range(0..=2u8)? {
        // A refused key (too long, not a key name) leaves the bindings as they were.
        let key = text(u, &["Space", "KeyW", "ArrowUp", "Escape"])?;
        let _ = data.settings_mut().bind_key(*u.choose(&Action::ALL)?, &key, number(u, 1 << 40)?);
    }
    for _ in 0..u.int_in_range(0..=12u8)? {
        let origin = if u.ratio(1, 2)? { Some(text(u, &["pizza party", "soup", ""])?) } else { None };
        data.played(&text(u, MODES)?, &text(u, CODES)?, origin.as_deref(), number(u, 1 << 40)?);
    }
    for _ in 0..u.int_in_range(0..=4u8)? {
        data.set_favourite(&text(u, MODES)?, &text(u, CODES)?, u.arbitrary()?, number(u, 1 << 40)?);
    }
    // Format 4 (issue #31): the board settings, and per server a secret and runs queued or answered.
    if u.ratio(1, 2)? {
        data.settings_mut().set_board(&text(u, SERVERS)?, number(u, 1 << 40)?);
        data.settings_mut().set_player_name(&text(u, NAMES)?, number(u, 1 << 40)?);
    }
    for _ in 0..u.int_in_range(0..=3u8)? {
        let server = text(u, SERVERS)?;
        if u.ratio(1, 2)? {
            let secret = text(u, &["q8Xw2LrTz0vB7nKc4mYs9dHf3jGa6pUe"])?;
            data.ensure_board_secret(&server, || secret, number(u, 1 << 40)?);
        }
        for _ in 0..u.int_in_range(0..=4u8)? {
            let code = text(u, CODES)?;
            if u.ratio(1, 3)? {
                data.mark_sent(&server, &code, number(u, 1 << 40)?);
            } else {
                data.queue_run(&server, &code, &text(u, NAMES)?, number(u, 1 << 40)?);
            }
        }
    }
    // The rest of issue #29's settings, drawn last so that older corpus inputs keep their meaning.
    for _ in 0..u.int_in_range(0..=2u8)? {
        // A refused button (taken, not a name) leaves the buttons as they were.
        let button = text(u, &["South", "RightTrigger", "DPadUp", "Select"])?;
        let _ = data.settings_mut().bind_button(*u.choose(&Action::ALL)?, &button, number(u, 1 << 40)?);
    }
    if u.ratio(1, 3)? {
        data.settings_mut().set_colours(*u.choose(&Colours::ALL)?, number(u, 1 << 40)?);
    }
    Ok(data)
}

/// Every left-out part is told in a message of bounded length.
fn check_messages(parsed: &Parsed) {
    for dropped in &parsed.dropped {
        let message = dropped.to_string();
        assert!(message.chars().count() <= MESSAGE_MAX_CHARS, "a message of {} characters", message.len());
    }
}

/// What any reading of damaged text must give: messages of bounded length, and data that
/// encodes to a save reading back the same (a store writes it). (Where the data is compared with
/// the save that was written, which reads back, the messages alone are checked.)
fn check_kept(parsed: &Parsed) {
    check_messages(parsed);
    let text = encode_save(&parsed.data).unwrap_or_else(|error| panic!("what was read doesn't encode: {error}"));
    assert_eq!(parse_save(&text).map(|p| p.data).as_ref(), Ok(&parsed.data), "what was read changed:\n{text}");
}

/// The file cut at a byte chosen by the input (as a crash mid-write or a full disk leaves it).
fn cut(u: &mut Unstructured, save: &SaveData, text: &str) {
    let Ok(at) = u.int_in_range(0..=text.len()) else { return };
    let parsed = match read_save_bytes(&text.as_bytes()[..at]) {
        Ok(parsed) => parsed,
        Err(error) => {
            assert_eq!(at, 0, "a cut at {at} lost the whole save: {error}");
            return;
        }
    };
    check_messages(&parsed);
    let kept = &parsed.data;
    if at < text.len() {
        assert!(!parsed.dropped.is_empty(), "a cut at {at} wasn't reported");
    }
    // Every entry kept is one that was written.
    for (key, best) in kept.bests() {
        assert_eq!(save.best(key).as_ref(), Some(best), "cut at {at}: {key:?} wasn't written so");
    }
    for (key, best) in kept.daily_bests() {
        assert_eq!(save.daily_best(key).as_ref(), Some(best), "cut at {at}: {key:?} wasn't written so");
    }
    within(kept.histories(), save.histories(), at);
    within(kept.all_favourites(), save.all_favourites(), at);
    for (server, board) in kept.boards() {
        assert_eq!(save.boards().get(server), Some(board), "cut at {at}: {server:?} wasn't written so");
    }
    // Every entry whose line is whole before the cut is kept (one line per best, per mode of
    // history or favourites, per setting; in key order).
    for (key, _) in save.bests().iter().take(whole_lines(text, "    best: {\n", at)) {
        assert!(kept.best(key).is_some(), "cut at {at}: the best {key:?} was before it");
    }
    for (key, _) in save.daily_bests().iter().take(whole_lines(text, "    daily_best: {\n", at)) {
        assert!(kept.daily_best(key).is_some(), "cut at {at}: the daily best {key:?} was before it");
    }
    for (mode, seeds) in save.histories().iter().take(whole_lines(text, "    history: {\n", at)) {
        assert_eq!(kept.histories().get(mode), Some(seeds), "cut at {at}: {mode:?}'s history was before it");
    }
    for (mode, seeds) in save.all_favourites().iter().take(whole_lines(text, "    favourites: {\n", at)) {
        assert_eq!(kept.all_favourites().get(mode), Some(seeds), "cut at {at}: {mode:?}'s stars were before it");
    }
    for (server, board) in save.boards().iter().take(whole_lines(text, "    boards: {\n", at)) {
        assert_eq!(kept.boards().get(server), Some(board), "cut at {at}: the server {server:?} was before it");
    }
    let settings = whole_lines(text, "    settings: (\n", at);
    if settings >= 1 {
        assert_eq!(kept.settings().volume_stamped(), save.settings().volume_stamped(), "cut at {at}");
    }
    if settings >= 2 {
        assert_eq!(kept.settings().jump_key_stamped(), save.settings().jump_key_stamped(), "cut at {at}");
    }
}

fn within<V: PartialEq + std::fmt::Debug>(
    kept: &BTreeMap<String, BTreeMap<String, V>>,
    written: &BTreeMap<String, BTreeMap<String, V>>,
    at: usize,
) {
    for (mode, seeds) in kept {
        for (code, value) in seeds {
            let was = written.get(mode).and_then(|seeds| seeds.get(code));
            assert_eq!(was, Some(value), "cut at {at}: {mode:?}/{code:?} wasn't written so");
        }
    }
}

/// How many whole lines follow `header` before byte `at` (counting lines past the section too:
/// callers take at most that many entries, and a section has as many lines as entries).
fn whole_lines(text: &str, header: &str, at: usize) -> usize {
    let Some(start) = text.find(header).map(|n| n + header.len()) else { return 0 };
    text.as_bytes()[start..at.max(start)].iter().filter(|&&b| b == b'\n').count()
}

/// The version line replaced by one no game wrote: the rest must all be kept.
fn bad_version(u: &mut Unstructured, save: &SaveData, text: &str) {
    let Ok(version) = u.choose(&["0", "\"3\"", "3.5", "-3", "three", "()", "[3]"]) else { return };
    let damaged = text.replacen(&format!("    version: {VERSION},"), &format!("    version: {version},"), 1);
    assert_ne!(damaged, text, "the version line is where the encoder writes it");
    let parsed = read_save(&damaged).unwrap_or_else(|error| panic!("version {version} lost the save: {error}"));
    check_messages(&parsed);
    assert_eq!(&parsed.data, save, "version {version} cost more than the version");
    assert_eq!(parsed.dropped.len(), 1, "{:?}", parsed.dropped);
    assert_eq!((parsed.dropped[0].line, parsed.dropped[0].what.as_str()), (2, "the version"));
}

/// One best's value replaced by one no game wrote: exactly that best must be lost.
fn bad_best(u: &mut Unstructured, save: &SaveData, text: &str) {
    let Some(start) = text.find("    best: {\n").map(|n| n + "    best: {\n".len()) else { return };
    let Ok(index) = u.choose_index(save.bests().len()) else { return };
    let value = u
        .choose(&[
            "(score: -1, better: Higher)",
            "(score: 1, better: Sideways)",
            "(score: 99999999999999999999999, better: Lower)",
            "(better: Higher)",
            "\"many\"",
            "-7",
        ])
        .unwrap_or(&"-1");
    let line_start = start + text[start..].split_inclusive('\n').take(index).map(str::len).sum::<usize>();
    let line_end = line_start + text[line_start..].find('\n').unwrap_or(text.len() - line_start);
    let line = &text[line_start..line_end];
    // The key ends at the last `": (score: `: the value holds no quote, the key escapes its own.
    let Some(key_end) = line.rfind("\": (score: ") else { panic!("a best line of another shape: {line}") };
    let damaged = format!("{}\": {value},{}", &text[..line_start + key_end], &text[line_end..]);
    let parsed = read_save(&damaged).unwrap_or_else(|error| panic!("{value} lost the save: {error}\n{damaged}"));
    check_messages(&parsed);
    let (key, _) = save.bests().iter().nth(index).expect("chosen among them");
    let mut expected = SaveData::default();
    for (k, best) in save.bests().iter().filter(|(k, _)| *k != key) {
        expected.record(k, best.score, best.better);
    }
    assert_eq!(parsed.data.bests(), expected.bests(), "{value} for {key:?} cost more than that best");
    assert_eq!(parsed.data.daily_bests(), save.daily_bests());
    assert_eq!(parsed.data.histories(), save.histories());
    assert_eq!(parsed.data.all_favourites(), save.all_favourites());
    assert_eq!(parsed.data.settings(), save.settings());
    assert_eq!(parsed.data.boards(), save.boards());
    assert_eq!(parsed.dropped.len(), 1, "{:?}", parsed.dropped);
    let line_number = 1 + text[..line_start].matches('\n').count();
    assert_eq!(parsed.dropped[0].line, line_number, "{:?}", parsed.dropped);
}

/// Up to 8 bytes overwritten, inserted or removed anywhere: whatever is read must be usable.
fn stray_bytes(u: &mut Unstructured, mut bytes: Vec<u8>) {
    for _ in 0..u.int_in_range(1..=8u8).unwrap_or(1) {
        let Ok(at) = u.int_in_range(0..=bytes.len()) else { break };
        let byte = u.arbitrary::<u8>().unwrap_or(b'"');
        match u.int_in_range(0..=2u8).unwrap_or(0) {
            0 if at < bytes.len() => bytes[at] = byte,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, byte),
        }
    }
    if let Ok(parsed) = read_save_bytes(&bytes) {
        check_kept(&parsed);
    }
}
