use super::*;

fn sample(inputs: Vec<u16>) -> Replay {
    Replay {
        mode: "food-tunnel".to_string(),
        seed: Seed::from_text("pizza party"),
        version: 2,
        rules: 0xdead_beef,
        score: 1234,
        state: 0x0123_4567_89ab_cdef,
        inputs,
    }
}

#[test]
fn a_replay_survives_its_code() {
    let inputs: Vec<u16> = (0..7200u32).map(|i| if i % 90 < 3 { 1 } else { ((i / 600 % 9) as u16) << 4 }).collect();
    let replay = sample(inputs);
    let code = replay.encode();
    assert!(code.chars().all(is_code_char), "{code}");
    assert_eq!(Replay::decode(&code), Ok(replay.clone()));
    assert_eq!(Replay::decode(&format!("  {code}\n")), Ok(replay), "whitespace around a pasted code");
}

#[test]
fn a_two_minute_run_of_sparse_presses_fits_a_link() {
    // A jump every second and a half for two minutes: the Runner's shape of input.
    let inputs: Vec<u16> = (0..7200u32).map(|i| u16::from(i % 90 == 0)).collect();
    let code = sample(inputs).encode();
    assert!(Replay::fits_link(&code), "{} chars", code.len());
    assert!(code.len() < 600, "{} chars", code.len());
}

#[test]
fn empty_and_extreme_replays_round_trip() {
    let longest = crate::modes::FOOD_TUNNEL.longest_run_steps().unwrap() as usize;
    for inputs in [vec![], vec![u16::MAX; 3], vec![0; longest]] {
        let replay = sample(inputs);
        assert_eq!(Replay::decode(&replay.encode()), Ok(replay));
    }
}

#[test]
fn bad_codes_say_what_is_wrong() {
    let code = sample(vec![1, 1, 0, 0, 0, 2]).encode();
    assert_eq!(Replay::decode(""), Err(ReplayError::Empty));
    assert!(matches!(Replay::decode("abc def"), Err(ReplayError::NotBase64 { at: 3, found: ' ' })));
    assert!(matches!(Replay::decode(&"A".repeat(MAX_CODE_CHARS + 1)), Err(ReplayError::TooLong { .. })));
    let cut = &code[..code.len() - 7];
    assert!(Replay::decode(cut).is_err(), "a cut-off code is refused");
    // One character changed anywhere is caught by the checksum (or can't even be read).
    for at in 0..code.len() {
        let mut tampered: Vec<char> = code.chars().collect();
        tampered[at] = if tampered[at] == 'B' { 'C' } else { 'B' };
        let tampered: String = tampered.into_iter().collect();
        assert!(Replay::decode(&tampered).is_err(), "changed at {at}");
    }
    let message = Replay::decode(cut).unwrap_err().to_string();
    assert!(!message.is_empty());
}

/// A code whose checksum is right but whose body lies: only the bounds can catch it.
fn forged(body: &[u8]) -> String {
    frame(body.to_vec())
}

fn header(steps: u64) -> Vec<u8> {
    let mut body = vec![REPLAY_FORMAT, 2, 6];
    body.extend_from_slice(b"runner");
    body.extend_from_slice(&[0; 8 + 4]);
    put_varint(&mut body, 10);
    body.extend_from_slice(&[0; 8]);
    put_varint(&mut body, steps);
    body
}

#[test]
fn forged_bodies_are_refused_by_their_bounds() {
    assert!(matches!(Replay::decode(&forged(&header(u64::MAX))), Err(ReplayError::TooManySteps { .. })));
    let mut too_long_run = header(5);
    too_long_run.extend_from_slice(&[1, 7]);
    put_varint(&mut too_long_run, 1_000_000_000);
    assert!(matches!(Replay::decode(&forged(&too_long_run)), Err(ReplayError::RunsDisagree { .. })));
    let mut no_palette = header(5);
    no_palette.extend_from_slice(&[0, 0]);
    assert!(matches!(Replay::decode(&forged(&no_palette)), Err(ReplayError::Palette { count: 0 })));
    let mut huge_palette = header(5);
    put_varint(&mut huge_palette, u64::MAX);
    assert!(matches!(Replay::decode(&forged(&huge_palette)), Err(ReplayError::Palette { .. })));
    let mut past_palette = header(5);
    past_palette.extend_from_slice(&[3, 1, 2, 3, 0b111]);
    assert!(matches!(Replay::decode(&forged(&past_palette)), Err(ReplayError::Palette { count: 3 })));
    let mut trailing = header(1);
    trailing.extend_from_slice(&[1, 1, 0, 99]);
    assert_eq!(Replay::decode(&forged(&trailing)), Err(ReplayError::Trailing { bytes: 1 }));
    let mut other_format = header(0);
    other_format.push(0);
    other_format[0] = 9;
    assert_eq!(Replay::decode(&forged(&other_format)), Err(ReplayError::Format { found: 9 }));
    let mut bad_mode = header(0);
    bad_mode.push(0);
    bad_mode[3] = b'R';
    assert_eq!(Replay::decode(&forged(&bad_mode)), Err(ReplayError::BadMode));
}

/// Issue #51, 9: a score past `u32` was reported as a code "cut off when copied?".
#[test]
fn a_forged_score_past_u32_is_called_what_it_is() {
    let mut body = vec![REPLAY_FORMAT, 2, 6];
    body.extend_from_slice(b"runner");
    body.extend_from_slice(&[0; 8 + 4]);
    put_varint(&mut body, u64::from(u32::MAX) + 1);
    body.extend_from_slice(&[0; 8]);
    put_varint(&mut body, 0);
    let error = Replay::decode(&forged(&body)).unwrap_err();
    assert!(matches!(error, ReplayError::OutOfRange { reading: "the score", .. }), "{error:?}");
    let message = error.to_string();
    assert!(message.contains("4294967296") && !message.contains("cut off"), "{message}");
}

/// Issue #28, 1: a one-entry table whose run length is u64::MAX, with a right checksum,
/// overflowed the run total (a panic in debug builds, exit 101).
#[test]
fn a_forged_run_of_u64_max_steps_is_refused_not_a_crash() {
    let code = "AQMGcnVubmVy8nSthkwAAAAJiLoHAAAAAAAAAAAABQGAAv___________wEkPnXT";
    assert!(
        matches!(Replay::decode(code), Err(ReplayError::RunsDisagree { steps: 5, .. })),
        "{:?}",
        Replay::decode(code)
    );
    let mut body = header(5);
    body.extend_from_slice(&[1, 0]);
    put_varint(&mut body, u64::MAX);
    assert!(matches!(Replay::decode(&forged(&body)), Err(ReplayError::RunsDisagree { .. })));
    // With two inputs in the table the index takes a bit: the largest run a varint holds.
    let mut body = header(5);
    body.extend_from_slice(&[2, 0, 1]);
    put_varint(&mut body, u64::MAX - 1);
    assert!(matches!(Replay::decode(&forged(&body)), Err(ReplayError::RunsDisagree { .. })));
}

/// An idle run as short as a forger can write it: one input, one run.
fn idle(mode: &str, steps: u32) -> String {
    let mut replay = sample(vec![0; steps as usize]);
    replay.mode = mode.to_string();
    replay.encode()
}

/// Issue #28, 2: a code of under 60 characters claimed an hour of idle input, which took a
/// minute or more to verify. Each mode's claim is now held to its longest run.
#[test]
fn a_replay_may_claim_no_more_than_its_modes_longest_run() {
    for spec in crate::modes::MODES.iter().filter(|m| m.replays) {
        let most = spec.longest_run_steps().unwrap();
        let longest = idle(spec.key, most);
        assert!(longest.len() < 80, "{}: {longest}", spec.key);
        assert_eq!(Replay::decode(&longest).map(|r| r.inputs.len()), Ok(most as usize), "{}", spec.key);
        let error = Replay::decode(&idle(spec.key, most + 1)).unwrap_err();
        assert_eq!(error, ReplayError::TooManySteps { steps: u64::from(most) + 1, most, mode: Some(spec.name) });
        let article = crate::shown::a_or_an(spec.name);
        assert!(error.to_string().contains(&format!("longer than {article} {} run can last", spec.name)), "{error}");
        // Issue #51, 9: "a Arena run".
        assert!(spec.name != "Arena" || error.to_string().contains("than an Arena run"), "{error}");
    }
    // A mode this build doesn't know is held to the longest of any (and refused by the game).
    assert!(Replay::decode(&idle("tetris", max_steps())).is_ok());
    let error = Replay::decode(&idle("tetris", max_steps() + 1)).unwrap_err();
    assert!(matches!(error, ReplayError::TooManySteps { mode: None, .. }), "{error:?}");
    // An hour, as the forged codes claimed.
    assert!(Replay::decode(&idle("arena", 60 * 60 * 60)).is_err());
}

#[test]
fn random_text_never_panics() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let code = sample((0..500).map(|i| (i / 7 % 5) as u16).collect()).encode();
    for _ in 0..2000 {
        let mut bytes: Vec<u8> = code.bytes().collect();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[at] = rng.random_range(32..127),
                1 => bytes.truncate(at),
                _ => bytes.insert(at, b"AZaz09-_"[rng.random_range(0..8)]),
            }
            if bytes.is_empty() {
                break;
            }
        }
        let _ = Replay::decode(&String::from_utf8_lossy(&bytes));
    }
}
