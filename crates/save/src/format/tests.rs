//! The format's promises: old files load and upgrade, newer ones are refused, a bad setting
//! never costs a score, and no text makes the parser panic.

use super::*;
use crate::settings::{DEFAULT_MUSIC_VOLUME, DEFAULT_VOLUME, Stamped};
use crate::test_support::Rng;
use crate::{Action, Best, Colours, Direction, SeedPlay, Settings, TextSize};

fn parsed(text: &str) -> Parsed {
    parse_save(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn higher(score: u64) -> Option<Best> {
    Some(Best::new(score, Direction::Higher))
}

#[test]
fn version_1_loads_with_its_bests_higher_is_better() {
    for text in ["(best: {\"runner/124MP-ANQ6N\": 77})", "(version: 1, best: {\"runner/124MP-ANQ6N\": 77})"] {
        let p = parsed(text);
        assert_eq!(p.from_version, 1);
        assert_eq!(p.data.best("runner/124MP-ANQ6N"), higher(77));
        assert_eq!(p.data.settings, Settings::default());
        assert!(p.mended.is_empty());
    }
}

#[test]
fn version_2_as_the_old_game_wrote_it_loads_whole() {
    // Exactly what `ron::ser::to_string_pretty` made of the old `SaveData`.
    let text = r#"(
    version: 2,
    best: {
        "maze/1D76J-BVX2Y": 90,
        "runner/124MP-ANQ6N": 300,
    },
    daily_best: {
        "maze/2026-11-29": 50,
    },
    settings: (
        volume: 0.3,
        jump_key: Z,
    ),
)"#;
    let p = parsed(text);
    assert_eq!(p.from_version, 2);
    assert_eq!(p.data.best("runner/124MP-ANQ6N"), higher(300));
    assert_eq!(p.data.best("maze/1D76J-BVX2Y"), higher(90));
    assert_eq!(p.data.daily_best("maze/2026-11-29"), higher(50));
    assert_eq!(p.data.settings.volume_stamped(), Stamped { value: 0.3, at: legacy::LEGACY_STAMP });
    assert_eq!(p.data.settings.jump_key_stamped(), Stamped { value: JumpKey::Z, at: legacy::LEGACY_STAMP });
    // Upgraded: written back as format 3, read back the same.
    let again = parsed(&encode_save(&p.data).unwrap());
    assert_eq!((again.from_version, &again.data), (VERSION, &p.data));
    // The old game's settings survive a merge with a fresh window's defaults.
    assert_eq!(p.data.merge(&SaveData::default()).settings, p.data.settings);
}

#[test]
fn format_3_round_trips_everything() {
    let mut data = SaveData::default();
    data.record("runner/124MP-ANQ6N", 300, Direction::Higher);
    data.record("puzzle/1D76J-BVX2Y/time_ms", 8_120, Direction::Lower);
    data.record_daily("maze/2026-11-29", 50, Direction::Higher);
    data.settings_mut().set_volume(0.3, 1_767_225_600_000);
    data.settings_mut().set_jump_key(JumpKey::J, 1_767_225_601_000);
    data.played("runner", "124MP-ANQ6N", Some("pizza party \"with\" quotes\n"), 1_767_225_600_000);
    data.set_favourite("runner", "124MP-ANQ6N", true, 1_767_225_602_000);
    data.set_favourite("maze", "X", false, 3);
    let text = encode_save(&data).unwrap();
    assert!(text.contains("version: 4"), "{text}");
    let p = parsed(&text);
    assert_eq!((p.from_version, p.mended.len()), (VERSION, 0));
    assert_eq!(p.data, data);
}

#[test]
fn the_example_in_the_format_docs_parses() {
    // The example itself, from the module's docs.
    let docs = include_str!("stamped.rs");
    let example = &docs[docs.find("```ron\n").unwrap() + 7..];
    let example = &example[..example.find("//! ```").unwrap()];
    let text: String =
        example.lines().map(|line| format!("{}\n", line.trim_start_matches("//!").trim_start())).collect();
    let p = parsed(&text);
    assert!(p.mended.is_empty());
    assert_eq!(p.from_version, VERSION);
    assert_eq!(p.data.best("puzzle/1D76J-BVX2Y/time_ms"), Some(Best::new(8120, Direction::Lower)));
    assert_eq!(p.data.settings.jump_key(), JumpKey::Z);
    assert_eq!(p.data.settings.text_size(), TextSize::Large);
    assert_eq!((p.data.settings.board(), p.data.settings.player_name()), ("https://scores.example.org", "Ann"));
    assert_eq!(
        p.data.history("runner"),
        [("124MP-ANQ6N", &SeedPlay { played_at: 1767225600000, origin: Some("pizza party".into()) })]
    );
    assert!(p.data.is_favourite("runner", "124MP-ANQ6N"));
    assert_eq!(p.data.board_secret("https://scores.example.org"), Some("q8Xw2LrTz0vB7nKc4mYs9dHf3jGa6pUe"));
    assert_eq!(p.data.waiting_runs().len(), 1);
    assert_eq!(parse_save("(version: 3)").unwrap().data, SaveData::default());
    assert_eq!(parse_save("(version: 4)").unwrap().data, SaveData::default());
}

/// Issue #31: a file from before the boards (format 3, with every setting of issue #29) reads
/// exactly as it did, and is written back as format 4 with all of it.
#[test]
fn a_format_3_file_loads_as_before_and_is_written_as_format_4() {
    let text = r#"(
    version: 3,
    best: {
        "runner/124MP-ANQ6N": (score: 300, better: Higher),
    },
    daily_best: {
        "maze/2026-11-29": (score: 50, better: Higher),
    },
    settings: (
        volume: (value: 0.3, at: 10),
        jump_key: (value: Z, at: 11),
        keys: (value: {Up: "KeyI"}, at: 12),
        fullscreen: (value: true, at: 13),
        muted: (value: true, at: 14),
        text_size: (value: Large, at: 15),
    ),
    history: {
        "runner": {"124MP-ANQ6N": (played_at: 16, origin: Some("pizza party"))},
    },
    favourites: {
        "runner": {"124MP-ANQ6N": (starred: true, at: 17)},
    },
)"#;
    let p = parsed(text);
    assert_eq!((p.from_version, p.mended.len()), (3, 0), "read as format 3, to be upgraded");
    let mut expected = SaveData::default();
    expected.record("runner/124MP-ANQ6N", 300, Direction::Higher);
    expected.record_daily("maze/2026-11-29", 50, Direction::Higher);
    let settings = expected.settings_mut();
    settings.set_volume(0.3, 10);
    settings.set_jump_key(JumpKey::Z, 11);
    settings.bind_key(crate::Action::Up, "KeyI", 12).unwrap();
    settings.set_fullscreen(true, 13);
    settings.set_muted(true, 14);
    settings.set_text_size(TextSize::Large, 15);
    expected.played("runner", "124MP-ANQ6N", Some("pizza party"), 16);
    expected.set_favourite("runner", "124MP-ANQ6N", true, 17);
    assert_eq!(p.data, expected);
    assert_eq!((p.data.settings.board_stamped().at, p.data.settings.player_name()), (0, ""));
    assert!(p.data.boards().is_empty());
    let written = encode_save(&p.data).unwrap();
    assert!(written.starts_with("(\n    version: 4,\n") && written.ends_with("    boards: {},\n)"), "{written}");
    let again = parsed(&written);
    assert_eq!((again.from_version, again.data), (VERSION, expected));
}

#[test]
fn format_4_round_trips_boards_and_the_board_settings() {
    let mut data = SaveData::default();
    data.record("runner/124MP-ANQ6N", 300, Direction::Higher);
    data.settings_mut().set_board("http://127.0.0.1:8080", 20);
    data.settings_mut().set_player_name("Ann \"the\" Bold", 21);
    data.ensure_board_secret("http://127.0.0.1:8080", || "x".repeat(32), 22);
    data.ensure_board_secret("https://scores.example.org", || "y\n\"".into(), 23);
    assert!(data.queue_run("http://127.0.0.1:8080", "AQEG-run/one", "Ann", 24));
    assert!(data.queue_run("http://127.0.0.1:8080", "AQEG-run/two", "Ann", 25));
    data.mark_sent("http://127.0.0.1:8080", "AQEG-run/one", 26);
    assert!(data.queue_run("https://queued.only", "C", "Bo", 27));
    let text = encode_save(&data).unwrap();
    assert!(text.contains("version: 4") && text.find("favourites:") < text.find("boards:"), "{text}");
    // One line per server.
    assert_eq!(text.lines().filter(|line| line.contains("secret:")).count(), 3, "{text}");
    let p = parsed(&text);
    assert_eq!((p.from_version, p.mended.len()), (VERSION, 0));
    assert_eq!(p.data, data);
    assert_eq!(p.data.settings.player_name_stamped().at, 21);
    assert_eq!(p.data.waiting_runs().len(), 2);
}

#[test]
fn the_board_settings_are_read_leniently_and_cut_to_their_bounds() {
    let long_name = "é".repeat(25);
    let text = format!(
        "(version: 4, best: {{\"maze/X\": (score: 5, better: Higher)}}, settings: (volume: (value: 0.4, at: 9), \
         board: (value: 8080, at: 3), player_name: (value: \"{long_name}\", at: 4)))"
    );
    let p = parsed(&text);
    assert_eq!((p.data.best("maze/X"), p.data.settings.volume()), (higher(5), 0.4), "the rest is kept");
    assert_eq!(*p.data.settings.board_stamped(), Stamped::unchanged(String::new()));
    let name = p.data.settings.player_name_stamped();
    assert_eq!(
        (name.value.as_str(), name.at),
        ("é".repeat(crate::PLAYER_NAME_MAX_CHARS).as_str(), 4),
        "cut, not dropped"
    );
    assert_eq!(p.mended.len(), 2, "{:?}", p.mended);
    assert_eq!(p.mended[0], Mended::Setting { name: "board address", found: "8080".into(), now: "off" });
    let told = p.mended[1].to_string();
    assert!(
        told.contains("player name") && told.contains(&format!("first {} characters", crate::PLAYER_NAME_MAX_CHARS))
    );
    let address = format!("https://{}", "a".repeat(300));
    let p = parsed(&format!("(version: 4, settings: (board: (value: {address:?}, at: 3)))"));
    assert_eq!(p.data.settings.board(), &address[..crate::BOARD_ADDRESS_MAX_CHARS]);
    assert!(p.mended[0].to_string().contains(&format!("first {} characters", crate::BOARD_ADDRESS_MAX_CHARS)));
    // What was cut writes and reads back the same, and quietly.
    let again = parsed(&encode_save(&p.data).unwrap());
    assert_eq!((again.data, again.mended.len()), (p.data, 0));
}

#[test]
fn a_newer_version_is_refused_even_when_this_version_cant_parse_it() {
    assert_eq!(parse_save("(version: 5, best: {})"), Err(ParseError::Newer { version: 5 }));
    assert_eq!(parse_save("(version: 5, surprise: Thing { new: syntax })"), Err(ParseError::Newer { version: 5 }));
    assert_eq!(parse_save("(version:9000000"), Err(ParseError::Newer { version: 9000000 }));
    assert!(
        ParseError::Newer { version: 5 }.to_string().contains("newer Seedfeast (format 5; this one reads up to 4)")
    );
    assert!(matches!(parse_save("(version: 0)"), Err(ParseError::Corrupt { .. })));
    // A broken file that declares an old version is plain damage.
    assert!(matches!(parse_save("(version: 2, best: {\"x\": 12,, oops"), Err(ParseError::Corrupt { .. })));
}

#[test]
fn an_unknown_jump_key_falls_back_and_the_scores_stay() {
    let v3 = "(version: 3, best: {\"maze/X\": (score: 5, better: Higher)}, \
              settings: (volume: (value: 0.4, at: 9), jump_key: (value: K, at: 10)))";
    let p = parsed(v3);
    assert_eq!(p.data.best("maze/X"), higher(5));
    assert_eq!(p.data.settings.volume_stamped(), Stamped { value: 0.4, at: 9 });
    assert_eq!(p.data.settings.jump_key_stamped(), Stamped::unchanged(JumpKey::default()));
    assert_eq!(p.mended, [Mended::JumpKey { found: "K".into() }]);
    let v2 = "(version: 2, best: {\"maze/X\": 5}, settings: (volume: 0.4, jump_key: Shift))";
    let p = parsed(v2);
    assert_eq!((p.data.best("maze/X"), p.data.settings.volume()), (higher(5), 0.4));
    assert_eq!(p.mended, [Mended::JumpKey { found: "Shift".into() }]);
}

#[test]
fn settings_of_the_wrong_shape_fall_back_whole_and_the_scores_stay() {
    for settings in [
        "(volume: (value: 0.4, at: 9), jump_key: (value: Z(3), at: 10))",
        "(volume: (value: 0.4, at: 9), jump_key: (value: \"Z\", at: 10))",
        "(volume: (value: 0.4, at: 9), jump_key: 7)",
        "[1, 2, 3]",
    ] {
        let text = format!("(version: 3, best: {{\"maze/X\": (score: 5, better: Higher)}}, settings: {settings})");
        let p = parsed(&text);
        assert_eq!(p.data.best("maze/X"), higher(5), "{settings}");
        assert_eq!(p.data.settings, Settings::default(), "{settings}");
        assert!(matches!(p.mended[..], [Mended::Settings { .. }]), "{settings}: {:?}", p.mended);
    }
    let p = parsed("(version: 2, best: {\"maze/X\": 5}, settings: (volume: 0.4, jump_key: Z(1)))");
    assert_eq!((p.data.best("maze/X"), &p.data.settings), (higher(5), &Settings::default()));
}

#[test]
fn volumes_are_mended_as_before() {
    let p = parsed("(version: 2, settings: (volume: 7.0, jump_key: X))");
    assert_eq!((p.data.settings.volume(), p.data.settings.jump_key()), (1.0, JumpKey::X));
    assert_eq!(p.mended, [Mended::Volume { found: "7".into(), now: 1.0 }]);
    let p = parsed("(version: 2, settings: (volume: NaN))");
    assert_eq!(p.data.settings, Settings::default());
    let p = parsed("(version: 3, settings: (volume: (value: -inf, at: 4)))");
    assert_eq!(p.data.settings.volume_stamped(), Stamped { value: 0.0, at: 4 });
    let p = parsed("(version: 3, settings: (volume: (value: \"loud\", at: 4)))");
    assert_eq!(p.data.settings.volume_stamped(), Stamped::unchanged(DEFAULT_VOLUME));
    assert_eq!(p.mended, [Mended::Volume { found: "\"loud\"".into(), now: DEFAULT_VOLUME }]);
    let p = parsed("(version: 3, settings: (volume: (value: 1, at: 4)))");
    assert_eq!((p.data.settings.volume(), p.mended.len()), (1.0, 0));
}

/// Issue #34: the music's volume and reduced motion are read like the other settings; a file from
/// before them has their defaults, and an unusable value is mended and said so.
#[test]
fn the_music_volume_and_reduced_motion_are_read_and_mended() {
    let p = parsed("(version: 4, settings: (volume: (value: 0.3, at: 1)))");
    assert_eq!((p.data.settings.music_volume(), p.data.settings.reduced_motion()), (DEFAULT_MUSIC_VOLUME, false));
    let p = parsed("(version: 4, settings: (music_volume: (value: 0.2, at: 5), reduced_motion: (value: true, at: 6)))");
    assert_eq!(p.data.settings.music_volume_stamped(), Stamped { value: 0.2, at: 5 });
    assert_eq!(p.data.settings.reduced_motion_stamped(), Stamped { value: true, at: 6 });
    assert_eq!(p.data.settings.volume(), DEFAULT_VOLUME, "the effects keep their own");
    let p = parsed("(version: 4, settings: (music_volume: (value: 3.5, at: 5), reduced_motion: (value: 2, at: 6)))");
    assert_eq!(p.data.settings.music_volume_stamped(), Stamped { value: 1.0, at: 5 });
    assert!(!p.data.settings.reduced_motion());
    assert_eq!(p.mended[0], Mended::MusicVolume { found: "3.5".into(), now: 1.0 });
    assert_eq!(p.mended[0].to_string(), "the music volume (3.5) was not usable and is now 1");
    assert!(matches!(&p.mended[1], Mended::Setting { name: "reduced motion", .. }), "{:?}", p.mended);
    let mut data = SaveData::default();
    data.settings_mut().set_music_volume(0.1, 7);
    data.settings_mut().set_reduced_motion(true, 8);
    let again = parsed(&encode_save(&data).unwrap());
    assert_eq!(again.data, data, "written and read back");
}

/// The rest of issue #29: the gamepad's buttons and the colours are read like the keys and the
/// text size; a file from before them has their defaults; what can't be used is mended, said so,
/// and costs nothing else.
#[test]
fn the_buttons_and_the_colours_are_read_and_mended() {
    let p = parsed("(version: 4, settings: (volume: (value: 0.3, at: 1)))");
    assert_eq!((p.data.settings.button(Action::Jump), p.data.settings.colours()), ("South", Colours::Standard));
    let text = "(version: 4, settings: (buttons: (value: {Jump: \"RightTrigger\", Use: \"South\"}, at: 5), \
                colours: (value: ColourSafe, at: 6)))";
    let p = parsed(text);
    assert_eq!((p.data.settings.button(Action::Jump), p.data.settings.button(Action::Use)), ("RightTrigger", "South"));
    assert_eq!((p.data.settings.buttons_stamped().at, p.data.settings.colours()), (5, Colours::ColourSafe));
    assert!(p.mended.is_empty(), "{:?}", p.mended);
    // Use takes Jump's default button while Jump keeps it: one of them goes back.
    let text = "(version: 4, settings: (buttons: (value: {Use: \"South\", Fly: \"East\", Pause: \"A b\"}, at: 5), \
                colours: (value: Sepia, at: 6), volume: (value: 0.3, at: 1)))";
    let p = parsed(text);
    assert_eq!(p.data.settings.button(Action::Use), "West");
    assert_eq!((p.data.settings.colours(), p.data.settings.volume()), (Colours::Standard, 0.3));
    let said: Vec<String> = p.mended.iter().map(ToString::to_string).collect();
    assert!(
        said.iter().any(|m| m == "the gamepad button for Fly was left out (no such action); it is back to its default"),
        "{said:?}"
    );
    assert!(said.iter().any(|m| m.contains("South for Use was left out (another action has it)")), "{said:?}");
    assert!(said.iter().any(|m| m.contains("for Pause was left out (not a button's name)")), "{said:?}");
    assert!(said.iter().any(|m| m.starts_with("the setting colours")), "{said:?}");
    // Start is kept for pausing: no other action "has" it to be moved, so that is not what is said.
    let p = parsed("(version: 4, settings: (buttons: (value: {Jump: \"Start\"}, at: 5)))");
    assert_eq!(p.data.settings.button(Action::Jump), "South");
    let said: Vec<String> = p.mended.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        ["the gamepad button Start for Jump was left out (Start always pauses the game); it is back to its default"]
    );
    // A name that is no button's (a hand-edited file, a later version's) is left out, said so.
    let p = parsed("(version: 4, settings: (buttons: (value: {Jump: \"Trigger\"}, at: 5)))");
    assert_eq!(p.data.settings.button(Action::Jump), "South");
    assert_eq!(
        p.mended[0].to_string(),
        "the gamepad button Trigger for Jump was left out (not a button's name); it is back to its default"
    );
    let p = parsed("(version: 4, settings: (buttons: (value: 7, at: 5)))");
    assert_eq!(
        p.mended[0].to_string(),
        "the setting buttons (7) was not usable and is now every action on its default button"
    );
    let mut data = SaveData::default();
    data.settings_mut().bind_button(Action::Pause, "RightThumb", 7).unwrap();
    data.settings_mut().set_colours(Colours::ColourSafe, 8);
    let again = parsed(&encode_save(&data).unwrap());
    assert_eq!(again.data, data, "written and read back");
    assert_eq!(Settings::default().button(Action::Pause), "Start");
}

#[test]
fn damage_is_corrupt_not_a_panic() {
    for text in [
        "",
        "   ",
        "[1, 2]",
        "(best: {\"runner/x\": 12,, oops",
        "(version: 3, best: {\"x\": (score: -1, better: Higher)})",
        "(version: 3, best: {\"x\": (score: 1, better: Sideways)})",
        "(version: 3, best: {\"x\": (score: 99999999999999999999999, better: Higher)})",
        "(version: 2, best: {\"x\": \"many\"})",
        "(version: \"3\")",
        "(version: 3, version: 3)",
        "(version: 3, history: {\"maze\": {\"A\": (origin: None)}})",
    ] {
        assert!(matches!(parse_save(text), Err(ParseError::Corrupt { .. })), "{text:?}: {:?}", parse_save(text));
    }
    assert!(
        matches!(parse_save_bytes(&[0xff, 0xfe, 0x00]), Err(ParseError::Corrupt { reason }) if reason.contains("not text"))
    );
    let deep = format!("(version: 3, best: {})", "[".repeat(1_000_000));
    assert!(matches!(parse_save(&deep), Err(ParseError::Corrupt { .. })));
    let huge = " ".repeat(MAX_SAVE_BYTES + 1);
    assert!(matches!(parse_save(&huge), Err(ParseError::Corrupt { reason }) if reason.contains("4 MiB")));
}

#[test]
fn a_byte_order_mark_and_a_long_history_are_fine() {
    assert_eq!(parsed("\u{feff}(best: {\"a/b\": 1})").data.best("a/b"), higher(1));
    let seeds: Vec<String> = (0..30).map(|n| format!("\"S{n:02}\": (played_at: {n})")).collect();
    let p = parsed(&format!("(version: 3, history: {{\"maze\": {{{}}}}})", seeds.join(", ")));
    assert_eq!(p.data.history("maze").len(), crate::HISTORY_PER_MODE);
    assert_eq!(p.data.history("maze")[0].0, "S29");
}

/// Random bytes and random mutations of real saves: the parser answers every time (the
/// assertion is that it returns at all, and that what it accepts encodes and parses again to the
/// same data).
#[test]
fn random_and_mutated_text_never_panics() {
    let mut rng = Rng::new(0x5eed_fea5);
    let mut seeds = vec![
        encode_save(&crate::test_support::random_state(&mut rng)).unwrap(),
        "(version: 2, best: {\"maze/1D76J-BVX2Y\": 90}, settings: (volume: 0.3, jump_key: Z))".to_string(),
        "(best: {\"runner/124MP-ANQ6N\": 77})".to_string(),
    ];
    for _ in 0..8 {
        seeds.push(encode_save(&crate::test_support::random_state(&mut rng)).unwrap());
    }
    let alphabet = b"(){}[]:,\"\\ 0123456789version:3best.-+eE_aZ#!/\n\t\xff\xc3";
    let mut accepted = 0;
    for round in 0..3_000 {
        let mut bytes = if round % 10 == 0 {
            (0..rng.below(200)).map(|_| rng.below(256) as u8).collect()
        } else {
            seeds[rng.below(seeds.len() as u64) as usize].clone().into_bytes()
        };
        for _ in 0..=rng.below(6) {
            let at = rng.below(bytes.len() as u64 + 1) as usize;
            match rng.below(4) {
                0 if at < bytes.len() => {
                    bytes.remove(at);
                }
                1 => bytes.insert(at, alphabet[rng.below(alphabet.len() as u64) as usize]),
                2 if at < bytes.len() => bytes[at] = alphabet[rng.below(alphabet.len() as u64) as usize],
                _ => bytes.truncate(at),
            }
        }
        if let Ok(p) = parse_save_bytes(&bytes) {
            accepted += 1;
            let again = parse_save(&encode_save(&p.data).unwrap()).expect("what was accepted encodes to a valid save");
            assert_eq!(again.data, p.data);
        }
    }
    assert!(accepted > 100, "the mutations should leave many files valid ({accepted})");
}

/// Issue #28, 6: a file that isn't shaped like a save was reported as "Expected struct `Probe`".
#[test]
fn a_file_that_is_no_save_is_described_without_internal_names() {
    for text in ["[1, 2, 3]", "42", "\"scores\""] {
        let Err(ParseError::Corrupt { reason }) = parse_save(text) else { panic!("{text} was read") };
        assert!(!reason.contains("Probe"), "{text}: {reason}");
        assert!(reason.contains("a save"), "{text}: {reason}");
    }
}

/// Everything a reader of `text` could tell the player: its error, or every repair it lists.
fn all_said(text: &str) -> String {
    match read_save(text) {
        Err(error) => error.to_string(),
        Ok(parsed) => {
            let mended = parsed.mended.iter().map(ToString::to_string);
            let dropped = parsed.dropped.iter().map(|d| format!("{d:?}"));
            mended.chain(dropped).collect::<Vec<_>>().join("\n")
        }
    }
}

#[test]
fn brackets_nested_too_deeply_are_said_in_words_with_their_line() {
    let deep = "[".repeat(10_000);
    // Read as a whole, the one reason names its line.
    let whole = parse_save(&format!("(version: 4,\nfuture: {deep}{})", "]".repeat(10_000))).unwrap_err().to_string();
    assert!(whole.contains("line 2: brackets are nested too deeply") && !whole.contains("serde_stacker"), "{whole}");
    // Not a save at all: said so, before any nesting counts.
    assert!(all_said(&deep).contains("Expected opening `(` for a save"), "{}", all_said(&deep));
    let deep = format!("{deep}{}", "]".repeat(10_000));
    let texts = [
        format!("(version: 4,\nfuture: {deep})"),
        format!("(version: 4,\nbests: {{\"runner:A\": {deep}}})"),
        format!("(version: 4, settings: (\nvolume: (value: {deep}, at: 1)))"),
        format!("(version: 4,\nseeds: [{deep}])"),
    ];
    for text in texts {
        let said = all_said(&text);
        assert!(!said.contains("serde_stacker") && !said.contains("recursion_limit"), "{said}");
        assert!(said.contains("nested too deeply") && said.contains("line: 2"), "{said}");
    }
}
