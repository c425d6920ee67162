//! What verifying a replay can cost is bounded by its mode's longest run (issue #28, 2): a code
//! of under 60 characters could claim an hour of idle input and take a minute or more to verify.
//! Now every mode ends a run at its longest ("Time's up!"), the decoder refuses a longer claim,
//! and re-simulating the longest claim that decodes ends within that many steps.

use seedfeast::data::GameData;
use seedfeast::modes::table;
use seedfeast::replay::rules_hash;
use seedfeast::replay::simulate::simulate;
use seedfeast_procgen::replay::{Replay, ReplayError};
use seedfeast_procgen::{GENERATOR_VERSION, Seed};

/// The longest idle run a mode's replay may claim, as a forger would write it.
fn idle(mode: &str, steps: u32) -> Replay {
    Replay {
        mode: mode.to_string(),
        seed: Seed(7),
        version: GENERATOR_VERSION,
        rules: rules_hash(&GameData::built_in()),
        score: 0,
        state: 0,
        inputs: vec![0; steps as usize],
    }
}

#[test]
fn every_modes_longest_replay_claim_ends_within_its_bound() {
    for mode in table().iter().filter(|mode| mode.replays()) {
        let most = mode.longest_run_steps().expect("a replayed mode has a longest run");
        let code = idle(mode.key(), most).encode();
        assert!(code.len() < 80, "{}: {} characters claim {most} steps", mode.key(), code.len());
        let claim = Replay::decode(&code).unwrap();
        let outcome = simulate(&claim, GameData::built_in(), &table()).unwrap();
        eprintln!("{}: an idle claim of {most} steps ends after {} ({outcome:?})", mode.key(), outcome.steps);
        assert!(outcome.ended, "{}: the run ended (by the mode or by time)", mode.key());
        assert!(outcome.steps <= most, "{}: {} steps played past the bound {most}", mode.key(), outcome.steps);
        // One step more is refused before anything is simulated.
        let longer = Replay::decode(&idle(mode.key(), most + 1).encode());
        assert!(matches!(longer, Err(ReplayError::TooManySteps { .. })), "{}: {longer:?}", mode.key());
    }
}

/// The Arena's idle player is never reached by a pan: its run is the one that only time ends.
#[test]
fn an_idle_arena_run_ends_at_its_longest_run_as_times_up() {
    let arena = table().by_key("arena").unwrap();
    let most = arena.longest_run_steps().unwrap();
    let outcome = simulate(&idle("arena", most), GameData::built_in(), &table()).unwrap();
    assert_eq!((outcome.ended, outcome.steps), (true, most));
}
