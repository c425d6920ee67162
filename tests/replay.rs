//! Replays: a bot's run in every replayable mode is recorded, encoded as a replay code, decoded
//! and re-simulated headlessly (from a skipped countdown, unlike the recording) to the same
//! score, step count and final state hash; a changed input or other rules are told apart.

mod common;

use seedfeast::data::GameData;
use seedfeast::modes::table;
use seedfeast::replay::simulate::{record_bot, simulate};
use seedfeast_procgen::Seed;
use seedfeast_procgen::replay::Replay;

/// Twenty seconds of play at 60 steps a second.
const STEPS: u32 = 20 * 60;

#[test]
fn a_recorded_bot_run_replays_to_the_same_end_in_every_mode() {
    let seed = Seed::from_text("pizza party");
    for mode in table().iter().filter(|mode| mode.info().replays) {
        let (replay, recorded) = record_bot(mode, seed, GameData::built_in(), STEPS).unwrap();
        assert!(recorded.steps > 60, "{}: the bot played ({recorded:?})", mode.key());
        assert_eq!(replay.inputs.len() as u32, recorded.steps, "{}: one input per step", mode.key());
        let code = replay.encode();
        eprintln!("{}: {} steps, score {}, code {} chars", mode.key(), recorded.steps, recorded.score, code.len());
        let decoded = Replay::decode(&code).unwrap();
        let replayed = simulate(&decoded, GameData::built_in()).unwrap();
        assert_eq!(replayed, recorded, "{}: the re-simulation went another way", mode.key());
        assert_eq!((replay.score, replay.state), (replayed.score, replayed.state));
    }
}

#[test]
fn a_changed_input_plays_out_differently() {
    let runner = common::mode("runner");
    let (replay, recorded) = record_bot(runner, Seed(5), GameData::built_in(), 8 * 60).unwrap();
    let jumps = replay.inputs.iter().filter(|&&word| word & 1 == 1).count();
    assert!(jumps > 0, "the bot jumped in eight seconds");
    // Without its jumps the runner doesn't get as far: the state hash tells the runs apart.
    let mut no_jumps = replay.clone();
    no_jumps.inputs.iter_mut().for_each(|word| *word &= !1);
    let changed = simulate(&no_jumps, GameData::built_in()).unwrap();
    assert_ne!(changed.state, recorded.state);
}

#[test]
fn replays_from_other_rules_or_modes_are_refused_with_a_reason() {
    let runner = common::mode("runner");
    let (replay, _) = record_bot(runner, Seed(5), GameData::built_in(), 60).unwrap();
    let mut faster = GameData::built_in();
    faster.set.runner.tuning.jump_speed += 1.0;
    let error = simulate(&replay, faster).unwrap_err();
    assert!(error.contains("other rules"), "{error}");
    let unknown = Replay { mode: "tetris".into(), ..replay.clone() };
    assert!(simulate(&unknown, GameData::built_in()).unwrap_err().contains("tetris"));
    let puzzle = Replay { mode: "puzzle".into(), ..replay.clone() };
    assert!(simulate(&puzzle, GameData::built_in()).unwrap_err().contains("can't be replayed"));
    let old = Replay { version: 1, ..replay.clone() };
    assert!(simulate(&old, GameData::built_in()).unwrap_err().contains("version 1"));
    let garbled = Replay { inputs: vec![0xffff], ..replay };
    assert!(simulate(&garbled, GameData::built_in()).unwrap_err().contains("step 1"));
}
