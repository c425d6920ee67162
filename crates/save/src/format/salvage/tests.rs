//! The salvage reader: one bad part costs only that part, a cut file keeps everything before
//! the cut, a newer file is still refused, and nothing makes it panic or take long.

use super::super::*;
use super::salvage;
use crate::settings::{DEFAULT_VOLUME, Stamped};
use crate::test_support::{Rng, random_state};
use crate::{Best, Direction, SeedPlay};

fn higher(score: u64) -> Option<Best> {
    Some(Best::new(score, Direction::Higher))
}

fn read(text: &str) -> Parsed {
    read_save(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// A save with a little of everything: 40 bests, daily bests, settings, history, favourites.
fn rich() -> SaveData {
    let mut data = SaveData::default();
    for n in 0..40u64 {
        data.record(&format!("runner/SEED{n:02}"), 100 + n, Direction::Higher);
    }
    data.record("puzzle/P/time_ms", 8_120, Direction::Lower);
    data.record_daily("maze/2026-11-29", 50, Direction::Higher);
    data.record_daily("maze/2026-11-30", 60, Direction::Higher);
    data.settings_mut().set_volume(0.3, 1_767_225_600_000);
    data.settings_mut().set_jump_key(JumpKey::Z, 1_767_225_601_000);
    for n in 0..5u64 {
        data.played("runner", &format!("SEED{n:02}"), Some("pizza party é"), 1_000 + n);
        data.played("maze", &format!("M{n}"), None, 2_000 + n);
    }
    data.set_favourite("runner", "SEED01", true, 3_000);
    data.set_favourite("maze", "M2", false, 3_001);
    data.settings_mut().set_board("http://b.example", 3_002);
    data.settings_mut().set_player_name("Ann", 3_003);
    for server in ["http://a.example", "http://b.example", "http://c.example"] {
        data.ensure_board_secret(server, || format!("secret of {server}"), 4_000);
        data.queue_run(server, "RUN-ONE", "Ann", 4_001);
        data.queue_run(server, "RUN-TWO", "Ann", 4_002);
        data.mark_sent(server, "RUN-ONE", 4_003);
    }
    data
}

/// `text` with its line that contains `needle` replaced by `line`.
fn with_line(text: &str, needle: &str, line: &str) -> String {
    let lines: Vec<&str> = text.lines().map(|l| if l.contains(needle) { line } else { l }).collect();
    assert!(text.contains(needle), "{needle} not in the text");
    lines.join("\n")
}

/// The reproduction of issue #28 item 5: one score of -1 among many set the whole file aside.
#[test]
fn one_bad_score_among_many_costs_only_that_best() {
    let data = rich();
    let text = encode_save(&data).unwrap();
    let bad = with_line(&text, "runner/SEED17", r#"        "runner/SEED17": (score: -1, better: Higher),"#);
    assert!(parse_save(&bad).is_err(), "the whole-file reader refuses it");
    let p = read(&bad);
    let mut expected = data.clone();
    expected.best.remove("runner/SEED17");
    assert_eq!(p.data, expected, "every other entry is kept");
    assert_eq!(p.dropped.len(), 1, "{:?}", p.dropped);
    let message = p.dropped[0].to_string();
    assert!(message.starts_with("line 22: the best \"runner/SEED17\""), "{message}");
    assert!(message.contains("(score: -1"), "{message}");
}

#[test]
fn version_0_loses_only_the_version() {
    let data = rich();
    let text = encode_save(&data).unwrap().replace("version: 4", "version: 0");
    let p = read(&text);
    assert_eq!(p.data, data);
    assert_eq!(p.from_version, VERSION);
    assert_eq!(p.dropped.len(), 1);
    assert_eq!((p.dropped[0].line, p.dropped[0].what.as_str()), (2, "the version"));
    // A version that isn't a number: the same.
    let p = read(&encode_save(&data).unwrap().replace("version: 4", "version: \"three\""));
    assert_eq!((p.data, p.dropped.len()), (data, 1));
}

#[test]
fn a_file_cut_anywhere_keeps_every_entry_before_the_cut() {
    let data = rich();
    let text = encode_save(&data).unwrap();
    let bytes = text.as_bytes();
    for cut in 0..bytes.len() {
        let Ok(p) = read_save_bytes(&bytes[..cut]) else {
            assert!(text[..cut].trim().is_empty(), "only a cut before the `(` is no save: {cut}");
            continue;
        };
        assert_within(&p.data, &data, cut);
        for (key, _) in complete_best_lines(&text, cut, &data) {
            assert!(p.data.best(key).is_some(), "cut at {cut}: {key} was before it");
        }
        // One line per board server: each whole one before the cut is kept.
        if let Some(start) = text.find("    boards: {\n").map(|n| n + "    boards: {\n".len()) {
            let whole = text.as_bytes()[start..cut.max(start)].iter().filter(|&&b| b == b'\n').count();
            for (server, board) in data.boards().iter().take(whole) {
                assert_eq!(p.data.boards().get(server), Some(board), "cut at {cut}: {server} was before it");
            }
        }
        assert!(!p.dropped.is_empty(), "a cut is always reported ({cut})");
    }
    // The whole text: nothing left out.
    assert_eq!(read(&text).data, data);
}

/// Every entry of `got` is one of `written`, the same.
fn assert_within(got: &SaveData, written: &SaveData, cut: usize) {
    for (key, best) in got.bests() {
        assert_eq!(written.best(key), Some(*best), "cut at {cut}: {key}");
    }
    for (key, best) in got.daily_bests() {
        assert_eq!(written.daily_best(key), Some(*best), "cut at {cut}: {key}");
    }
    for (mode, seeds) in got.histories() {
        for (code, play) in seeds {
            assert_eq!(written.histories()[mode].get(code), Some(play), "cut at {cut}: {mode}/{code}");
        }
    }
    for (mode, seeds) in got.all_favourites() {
        for (code, favourite) in seeds {
            assert_eq!(written.all_favourites()[mode].get(code), Some(favourite), "cut at {cut}");
        }
    }
    for (server, board) in got.boards() {
        assert_eq!(written.boards().get(server), Some(board), "cut at {cut}: {server}");
    }
}

/// The bests whose whole line (one per best, in key order) comes before `cut`.
fn complete_best_lines<'a>(text: &str, cut: usize, data: &'a SaveData) -> Vec<(&'a String, &'a Best)> {
    let start = text.find("    best: {\n").unwrap() + "    best: {\n".len();
    let whole_lines = text.as_bytes()[start..cut.max(start)].iter().filter(|&&b| b == b'\n').count();
    data.bests().iter().take(whole_lines).collect()
}

#[test]
fn a_broken_line_costs_that_line() {
    let data = rich();
    let text = encode_save(&data).unwrap();
    // (the line, whether its best is still read whole)
    for (broken, kept) in [
        (r#"        "runner/SEED05": (score: 105, better: Higher,"#, false),
        (r#"        "runner/SEED05: (score: 105, better: Higher),"#, false),
        (r#"        "runner/SEED05": (score: 1#5, better: Higher),"#, false),
        (r#"        "runner/SEED05" (score: 105, better: Higher),"#, false),
        (r#"        "runner/SEED05": (score: 105, better: Sideways),"#, false),
        ("        \u{0}\u{1}garbage", false),
        // A stray bracket after a whole entry: only the bracket is left out.
        (r#"        "runner/SEED05": (score: 105, better: Higher)),"#, true),
        (r#"        "runner/SEED05": (score: 105, better: Higher)],"#, true),
    ] {
        let p = read(&with_line(&text, "runner/SEED05", broken));
        let mut expected = data.clone();
        if !kept {
            expected.best.remove("runner/SEED05");
        }
        assert_eq!(p.data, expected, "{broken}");
        assert_eq!(p.dropped.len(), 1, "{broken}: {:?}", p.dropped);
        assert_eq!(p.dropped[0].line, 10, "{broken}: {:?}", p.dropped);
    }
    // The history of one mode, broken: only that mode's line.
    let p = read(&with_line(&text, "\"maze\": {\"M0\"", r#"        "maze": {"M0": (played_at: 2000, origin: None"#));
    assert!(p.data.history("maze").is_empty() && p.data.history("runner").len() == 5, "{:?}", p.dropped);
    assert_eq!(p.data.bests(), data.bests());
    assert_eq!(p.data.all_favourites(), data.all_favourites());
    // A broken setting: only that setting, back to its default. (A setting of the wrong type in
    // a file that otherwise parses resets all settings, as before: see the format's tests.)
    let p = read(&with_line(&text, "volume:", "        volume: (value: 0.3, at: 17,"));
    assert_eq!((p.data.settings.volume(), p.data.settings.jump_key()), (DEFAULT_VOLUME, JumpKey::Z));
    assert_eq!(p.data.bests(), data.bests());
}

/// Found by the `save_structured` fuzz target in a draft that checked the key read rather than
/// its text: a key holding a line break (written escaped, `"puzzle/\n"`) was taken for a key
/// whose closing quote is missing, and left out.
#[test]
fn a_key_with_an_escaped_line_break_is_kept() {
    let mut data = SaveData::default();
    data.record("puzzle/\n", 9_419, Direction::Lower);
    data.record("maze/\"quoted\"\r\t\\", 1, Direction::Higher);
    data.played("runner\n", "A\nB", Some("line\nbreak"), 5);
    let text = encode_save(&data).unwrap().replace("version: 4", "version: [4]");
    let p = read(&text);
    assert_eq!((p.data, p.dropped.len()), (data, 1), "{text}");
}

#[test]
fn hand_edited_damage_of_the_old_formats_keeps_the_rest() {
    let p = read(r#"(best: {"runner/x": 12,, oops"#);
    assert_eq!((p.data.best("runner/x"), p.from_version), (higher(12), 1));
    let p = read(
        r#"(version: 2, best: {"a": 1, "b": -2, "c": 3}, daily_best: {"d": 4}, settings: (volume: 0.3, jump_key: Z))"#,
    );
    assert_eq!((p.data.best("a"), p.data.best("b"), p.data.best("c")), (higher(1), None, higher(3)));
    assert_eq!((p.data.daily_best("d"), p.data.settings.volume_stamped()), (higher(4), Stamped { value: 0.3, at: 1 }));
    assert_eq!((p.from_version, p.dropped.len()), (2, 1));
    let p = read(r#"(version: 3, history: {"maze": {"A": (origin: None), "B": (played_at: 3)}})"#);
    assert_eq!(p.data.history("maze"), [("B", &SeedPlay { played_at: 3, origin: None })]);
    assert!(p.dropped[0].what.contains("\"maze/A\""), "{:?}", p.dropped);
}

#[test]
fn a_newer_version_anywhere_is_still_refused() {
    for text in [
        r#"(version: 3, best: {"x": (score: 1, better: Higher)}, version: 5)"#,
        r#"(version: 5, best: {"x": (score: -1, better: Higher)})"#,
        r#"(version: 4, boards: {"x": (secret: 7)}, version: 5)"#,
        "(version: 99999999999999999999999, best: {,})",
    ] {
        assert!(matches!(read_save(text), Err(ParseError::Newer { .. })), "{text}: {:?}", read_save(text));
        assert!(matches!(read_save_bytes(text.as_bytes()), Err(ParseError::Newer { .. })), "{text}");
    }
    let mut not_text = br#"(version: 5, best: {"x": 1})"#.to_vec();
    not_text.push(0xff);
    assert!(matches!(read_save_bytes(&not_text), Err(ParseError::Newer { version: 5 })));
}

#[test]
fn bytes_that_arent_text_cost_the_entry_they_are_in() {
    let data = rich();
    let mut bytes = encode_save(&data).unwrap().into_bytes();
    let at = String::from_utf8_lossy(&bytes).find("SEED30").unwrap() + 2;
    bytes[at] = 0xff;
    assert!(parse_save_bytes(&bytes).is_err());
    let p = read_save_bytes(&bytes).unwrap();
    let mut expected = data.clone();
    expected.best.remove("runner/SEED30");
    assert_eq!(p.data, expected);
    assert_eq!(p.dropped.len(), 2, "{:?}", p.dropped);
    assert_eq!((p.dropped[0].line, p.dropped[1].line), (35, 35));
    // Nothing shaped like a save: still "not text".
    assert!(
        matches!(read_save_bytes(&[0xff, 0xfe, 0]), Err(ParseError::Corrupt { reason }) if reason.contains("not text"))
    );
}

#[test]
fn text_that_isnt_a_save_keeps_the_whole_file_readers_reason() {
    for text in ["", "   ", "[1, 2]", "garbage", "#![enable(implicit_some)] oops"] {
        let strict = parse_save(text).unwrap_err();
        assert_eq!(read_save(text), Err(strict), "{text:?}");
    }
}

#[test]
fn every_whole_file_the_strict_reader_reads_salvages_the_same() {
    let mut rng = Rng::new(0x5a1_4a9e);
    for _ in 0..300 {
        let data = random_state(&mut rng);
        let text = encode_save(&data).unwrap();
        let salvaged = salvage(&text, &[]).unwrap();
        assert_eq!(salvaged.data, data, "{text}");
        assert!(salvaged.dropped.is_empty() && salvaged.mended.is_empty(), "{:?}", salvaged.dropped);
        // Compact, hand-written spacing too.
        let compact = text.split('\n').map(str::trim).collect::<String>();
        assert_eq!(salvage(&compact, &[]).unwrap().data, data, "{compact}");
    }
}

#[test]
fn many_bad_parts_are_listed_up_to_a_bound() {
    let entries: Vec<String> = (0..500).map(|n| format!("\"k{n}\": (score: -{n}, better: Higher)")).collect();
    let text = format!("(version: 3, best: {{\"good\": 1, {}}})", entries.join(", "));
    let p = read(&text);
    assert_eq!(p.data.best("good"), higher(1));
    // k0 is `-0`, a fine score.
    assert_eq!(p.dropped.len(), DROPPED_LISTED + 1);
    assert_eq!(p.dropped[DROPPED_LISTED].what, "399 more parts, the first at line 1");
}

/// Damage built to make a careless reader slow: every line broken, brackets never closed,
/// quotes never closed. Each stays linear (well under a second for a megabyte, in a debug build).
#[test]
fn damaged_megabytes_are_read_in_linear_time() {
    let lines = [
        "        \"a\": (score: 1, better: Higher,\n",
        "        \"a: (\n",
        "        ((((((((((((((((((((\n",
        "        \"a\": \"\n",
        "        /* \n",
        "        \"a\": [[[[[[[[[[[[[[[[[[[[[[[[[\n",
    ];
    for line in lines {
        let text = format!("(version: 3,\n    best: {{\n{}", line.repeat(1_000_000 / line.len()));
        // Processor time, not the clock's (a loaded machine's wait is not the reader's cost):
        // a quadratic reader takes minutes here, a linear one milliseconds.
        #[cfg(unix)]
        let started = crate::test_support::thread_cpu_time();
        let p = read(&text);
        #[cfg(unix)]
        {
            let took = crate::test_support::thread_cpu_time() - started;
            assert!(took < std::time::Duration::from_secs(3), "{line:?}: {took:?}");
        }
        assert!(p.data.bests().len() <= 1, "{line:?}");
    }
}

/// Issue #31: a board server that doesn't read costs that server, listed with its line; one whose
/// waiting runs don't read keeps its secret; every other server is kept.
#[test]
fn a_bad_board_server_costs_that_server_and_a_bad_run_only_the_runs() {
    let data = rich();
    let text = encode_save(&data).unwrap();
    let line_of = |needle: &str| 1 + text.lines().position(|l| l.contains(needle)).unwrap();
    let broken = with_line(&text, "\"http://a.example\"", r#"        "http://a.example": (secret: 7, made_at: 4000),"#);
    let damaged =
        broken.replace("queued_at: 4002, sent_at: None)}),\n    },", "queued_at: -4002, sent_at: None)}),\n    },");
    assert_ne!(damaged, broken, "the last server's run is damaged too");
    assert!(parse_save(&damaged).is_err(), "the whole-file reader refuses it");
    let p = read(&damaged);
    let mut expected = data.clone();
    expected.boards.remove("http://a.example");
    expected.boards.get_mut("http://c.example").unwrap().waiting.clear();
    assert_eq!(p.data, expected, "every other server, and everything else, is kept");
    assert_eq!(p.data.board_secret("http://c.example"), Some("secret of http://c.example"));
    let told: Vec<String> = p.dropped.iter().map(Dropped::to_string).collect();
    assert_eq!(told.len(), 2, "{told:?}");
    let a_line = line_of("\"http://a.example\"");
    assert!(told[0].starts_with(&format!("line {a_line}: the board server \"http://a.example\"")), "{told:?}");
    let c_line = line_of("\"http://c.example\"");
    let c_told = format!("line {c_line}: the waiting runs of the board server \"http://c.example\"");
    assert!(told[1].starts_with(&c_told), "{told:?}");
    // A broken setting of the boards costs only that setting.
    let p = read(&with_line(&text, "player_name:", "        player_name: (value: \"Ann\" at: 3003),"));
    assert_eq!((p.data.settings.player_name(), p.data.settings.board()), ("", "http://b.example"));
    assert_eq!((p.data.boards(), p.dropped.len()), (data.boards(), 1));
}

#[test]
fn a_damaged_file_keeps_at_most_64_board_servers_and_says_so() {
    // The first server has 205 runs waiting, 5 more than a server keeps.
    let runs: Vec<String> = (0..205).map(|n| format!("\"R{n:03}\": (queued_at: {n})")).collect();
    let servers: Vec<String> = (0..66)
        .map(|n| {
            let waiting = if n == 0 { runs.join(", ") } else { String::new() };
            format!("        \"http://s{n:02}\": (secret: \"k{n}\", made_at: {n}, waiting: {{{waiting}}}),\n")
        })
        .collect();
    let text = format!("(\n    version: 4,\n    boards: {{\n{}    }},\n)", servers.concat());
    let p = salvage(&text, &[]).unwrap();
    assert_eq!(p.data.boards().len(), crate::MAX_BOARD_SERVERS);
    assert_eq!(p.data.board_secret("http://s63"), Some("k63"));
    assert_eq!(p.data.board_secret("http://s64"), None);
    let first = &p.data.boards()["http://s00"].waiting;
    assert!(first.len() == crate::WAITING_READ_MAX && first.contains_key("R199") && !first.contains_key("R200"));
    let told: Vec<String> = p.dropped.iter().map(Dropped::to_string).collect();
    assert_eq!(told.len(), 3, "{told:?}");
    assert!(told[0].starts_with("line 4: 5 waiting runs of the board server \"http://s00\""), "{told:?}");
    assert!(told[1].starts_with("line 68: the board server \"http://s64\" (a save keeps at most 64"), "{told:?}");
    // The whole-file reader keeps the same, quietly.
    assert_eq!(parse_save(&text).unwrap().data, p.data);
}
