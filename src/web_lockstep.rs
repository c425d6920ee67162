//! `?lockstep` (a browser test's switch, issue #30): the game's clock moves one fixed step a frame
//! and only as far as the page allows, so a test in Chromium can put a finger's touches on exact
//! steps of a run and show that a run played by touch in the page is, to the bit, the run the
//! reference bot recorded natively (`scripts/browser/touch-keys.mjs`).
//!
//! The page sets `window.seedfeastSteps` to how many steps the run may have taken, and the game
//! takes them, one a frame, with no call from the page between (a run of steps with no finger
//! costs the test one round trip); while the countdown is on the clock runs freely (one step a
//! frame), so a tap can end it once the level has settled. It publishes `#lockstep`: `countdown`, or `steps N`, and once the page sets
//! `window.seedfeastWantCode`, the run's replay code as the game seals it (`replay::seal_replay`).
//! It also decodes a replay code the page puts in `window.seedfeastScript` and publishes its
//! inputs (`#script`, one packed word a step), so the test needs no decoder of its own.
//!
//! The decision is a pure function ([`clock_steps`], tested natively); only the page reads it.

/// The most fixed steps one frame takes: one, as in every native replay. (Several would be what a
/// slow device's frames take, but the Maze's, the Arena's and the Zone dungeon's state hash then
/// comes out otherwise: their avatar's drawn place, which the hash reads, follows the run once a
/// frame, not once a step. `tests/game/replay.rs` has the check, ignored until that is mended.)
pub const MOST_STEPS_A_FRAME: u32 = 1;

/// How many fixed steps the next frame runs: one while the countdown is on, else as many as the
/// page still allows (at most [`MOST_STEPS_A_FRAME`]); none stands game time still.
pub fn clock_steps(countdown: bool, taken: u32, allowed: u32) -> u32 {
    if countdown { 1 } else { allowed.saturating_sub(taken).min(MOST_STEPS_A_FRAME) }
}

/// Whether the page's address asks for lockstep (`?…&lockstep`).
pub fn wants_lockstep(query: &str) -> bool {
    query.trim_start_matches('?').split('&').any(|pair| pair == "lockstep" || pair.starts_with("lockstep="))
}

#[cfg(target_arch = "wasm32")]
pub use page::plugin;

#[cfg(target_arch = "wasm32")]
mod page {
    use bevy::prelude::*;
    use bevy::time::{TimeSystems, TimeUpdateStrategy};
    use seedfeast_procgen::replay::Replay;

    use super::clock_steps;
    use crate::replay::{Recording, RunSteps, StateHash};
    use crate::run::{Countdown, RunScore};
    use crate::session::Session;

    /// Adds the lockstep clock when the page's address asks for it.
    pub fn plugin(app: &mut App) {
        if !super::wants_lockstep(&crate::web::page_query()) {
            return;
        }
        app.insert_resource(TimeUpdateStrategy::ManualDuration(std::time::Duration::ZERO))
            .add_systems(First, advance_clock.before(TimeSystems))
            .add_systems(Update, draw_nothing)
            .add_systems(Last, (publish_steps, publish_script));
    }

    /// Nothing is drawn: the test plays by touch and reads codes, and software WebGL takes most
    /// of a second to draw a Maze frame, of which a run of twenty seconds needs 1,200. The touches
    /// still go through the browser, winit and Bevy's input as a player's do.
    fn draw_nothing(mut cameras: Query<&mut Camera>) {
        for mut camera in &mut cameras {
            if camera.is_active {
                camera.is_active = false;
            }
        }
    }

    fn page_number(name: &str) -> Option<f64> {
        js_sys::Reflect::get(&js_sys::global(), &name.into()).ok().and_then(|value| value.as_f64())
    }

    /// Exactly the steps allowed this frame, or none (`FixedTimesteps(n)` runs the fixed loop n times).
    fn advance_clock(
        countdown: Option<Res<Countdown>>,
        steps: Option<Res<RunSteps>>,
        mut strategy: ResMut<TimeUpdateStrategy>,
    ) {
        let allowed = page_number("seedfeastSteps").unwrap_or(0.0).clamp(0.0, u32::MAX as f64) as u32;
        let taken = steps.map_or(0, |steps| steps.0);
        *strategy = match clock_steps(countdown.is_some(), taken, allowed) {
            0 => TimeUpdateStrategy::ManualDuration(std::time::Duration::ZERO),
            steps => TimeUpdateStrategy::FixedTimesteps(steps),
        };
    }

    fn publish_steps(
        countdown: Option<Res<Countdown>>,
        steps: Option<Res<RunSteps>>,
        session: Option<Res<Session>>,
        data: Option<Res<crate::data::GameData>>,
        recording: Option<Res<Recording>>,
        score: Option<Res<RunScore>>,
        hash: Option<Res<StateHash>>,
        mut shown: Local<String>,
    ) {
        let mut text = match (&countdown, &steps) {
            (Some(_), _) | (_, None) => "countdown".to_string(),
            (None, Some(steps)) => format!("steps {}", steps.0),
        };
        let wanted = js_sys::Reflect::get(&js_sys::global(), &"seedfeastWantCode".into())
            .ok()
            .is_some_and(|value| value.is_truthy());
        if wanted
            && countdown.is_none()
            && let (Some(session), Some(data), Some(recording), Some(score), Some(hash)) =
                (session, data, recording, score, hash)
        {
            let replay = Replay {
                mode: session.mode.key().to_string(),
                seed: session.seed,
                version: seedfeast_procgen::GENERATOR_VERSION,
                rules: crate::replay::rules_hash(&data),
                score: score.0,
                state: hash.0,
                inputs: recording.inputs.clone(),
            };
            text.push_str(&format!("\ncode {}", replay.encode()));
        }
        if *shown != text {
            crate::web::publish("lockstep", &text);
            *shown = text;
        }
    }

    /// Decodes the replay code the page gives, once, and publishes its inputs.
    fn publish_script(mut done: Local<bool>) {
        if *done {
            return;
        }
        let Some(code) =
            js_sys::Reflect::get(&js_sys::global(), &"seedfeastScript".into()).ok().and_then(|value| value.as_string())
        else {
            return;
        };
        *done = true;
        let text = match Replay::decode(code.trim()) {
            Ok(replay) => replay.inputs.iter().map(u16::to_string).collect::<Vec<_>>().join(","),
            Err(error) => format!("error {error}"),
        };
        crate::web::publish("script", &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_only_as_far_as_the_page_allows() {
        assert_eq!(clock_steps(true, 0, 0), 1, "the countdown runs freely, a step a frame");
        assert_eq!(clock_steps(false, 0, 0), 0, "then it waits for the page");
        assert_eq!(clock_steps(false, 4, 5), 1);
        assert_eq!(clock_steps(false, 5, 5), 0);
        assert_eq!(clock_steps(false, 7, 5), 0, "never back");
        assert_eq!(clock_steps(false, 0, 1200), MOST_STEPS_A_FRAME, "one a frame, as native replays take them");
        assert!(wants_lockstep("?seed=x&mode=runner&lockstep"));
        assert!(wants_lockstep("lockstep=1&seed=x"));
        assert!(!wants_lockstep("?seed=lockstepper&mode=runner"));
    }
}
