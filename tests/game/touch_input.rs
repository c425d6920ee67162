//! Touch as an input device (issue #30), played headlessly through Bevy's real `TouchInput`
//! messages: taps, flicks and a held stick fold into the same actions as keys, so the reference
//! bots' runs played again as touches give the same replay to the bit; the on-screen buttons
//! act; a touch ends the countdown; leaving the window pauses a run; and the Code puzzle's first
//! steps are written, run and walked out of by taps alone (its chip pad).

use crate::common;

use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::{WindowFocused, WindowOccluded};
use seedfeast::data::GameData;
use seedfeast::grid_move::Dir;
use seedfeast::input::{Actions, LastDevice};
use seedfeast::modes::puzzle::bot::next_step;
use seedfeast::modes::puzzle::chip_pad::PadLayout;
use seedfeast::modes::puzzle::{CodeEditor, Note, PuzzlePlayer, PuzzleRun, from_grid};
use seedfeast::replay::simulate::{on_one_thread, record_bot, run_app};
use seedfeast::replay::{Recording, StateHash, StepInput};
use seedfeast::run::{Countdown, RunScore, end_countdown};
use seedfeast::state::Pause;
use seedfeast::touch::gesture::ButtonKind;
use seedfeast::touch::{NO_WINDOW, layout};
use seedfeast_procgen::Seed;

/// Twenty seconds of play, as the issue asks.
const STEPS: usize = 20 * 60;
/// Where the test's fingers touch the playfield: clear of every on-screen button.
const FIELD: Vec2 = Vec2::new(400.0, 420.0);

fn touch(app: &mut App, id: u64, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput { phase, position: at, window: Entity::PLACEHOLDER, force: None, id });
}

/// A whole tap within one frame (as a slow phone delivers a quick one).
fn tap(app: &mut App, id: u64, at: Vec2) {
    touch(app, id, TouchPhase::Started, at);
    touch(app, id, TouchPhase::Ended, at);
}

/// A screen offset for a direction in the game's terms (y up; the screen's y grows down).
fn screen_way(dir: Dir) -> Vec2 {
    match dir {
        Dir::Up => Vec2::NEG_Y,
        Dir::Down => Vec2::Y,
        Dir::Left => Vec2::NEG_X,
        Dir::Right => Vec2::X,
    }
}

/// A headless run of `mode` on `seed`, past its countdown, on the thread that updates it.
fn touch_app(mode: &str, seed: Seed) -> App {
    let mut app = run_app(common::mode(mode), seed, GameData::built_in());
    app.finish();
    app.cleanup();
    on_one_thread(&mut app);
    end_countdown(&mut app);
    app
}

/// Plays the bot's first twenty seconds of `mode` again by touch alone (each step's input made
/// as a finger would make it) and checks the run is the same to the bit: every step's input, the
/// score and the final state hash. `"maze"` turns by swipes, `"maze-d-pad"` by the D-pad's arms.
fn touch_equals_keys(how: &str) {
    let mode = how.strip_suffix("-d-pad").unwrap_or(how);
    let d_pad = layout::buttons(&layout::D_PAD, NO_WINDOW);
    let seed = Seed::from_text("pizza party");
    let (replay, recorded) = record_bot(common::mode(mode), seed, GameData::built_in(), STEPS as u32).unwrap();
    assert!(recorded.steps > 60, "{mode}: the bot played ({recorded:?})");
    let mut app = touch_app(mode, seed);
    let stick_id = 1_000_000;
    let centre = FIELD;
    for (step, word) in replay.inputs.iter().enumerate() {
        let input = StepInput::unpack(*word).unwrap();
        let id = step as u64;
        match how {
            "runner" if input.jump => tap(&mut app, id, FIELD),
            "maze-d-pad" => {
                if let Some(dir) = input.steer {
                    let arm = d_pad.iter().find(|b| b.kind == ButtonKind::Turn(dir)).unwrap();
                    tap(&mut app, id, arm.rect.center());
                }
            }
            "maze" => {
                if let Some(dir) = input.steer {
                    // A flick: down, 40 px the way to turn, up, all within the step.
                    touch(&mut app, id, TouchPhase::Started, FIELD);
                    touch(&mut app, id, TouchPhase::Moved, FIELD + screen_way(dir) * 40.0);
                    touch(&mut app, id, TouchPhase::Ended, FIELD + screen_way(dir) * 40.0);
                }
            }
            "arena" => {
                if step == 0 {
                    touch(&mut app, stick_id, TouchPhase::Started, centre);
                }
                // The thumb 30 px off the stick's centre each way the bot holds (inside its
                // radius, so the base stays put), or back on the centre for none.
                let push = Vec2::new(input.axis.x as f32, -input.axis.y as f32) * 30.0;
                touch(&mut app, stick_id, TouchPhase::Moved, centre + push);
            }
            _ => {}
        }
        app.update();
        assert_eq!(
            app.world().resource::<Recording>().inputs.get(step),
            Some(word),
            "{mode}: step {step}'s input by touch differs from the bot's ({input:?})"
        );
    }
    let touched = app.world().resource::<Recording>().inputs.clone();
    assert_eq!(touched, replay.inputs, "{mode}: the touch run's inputs");
    assert_eq!(app.world().resource::<RunScore>().0, replay.score, "{mode}: score");
    assert_eq!(app.world().resource::<StateHash>().0, replay.state, "{mode}: final state hash");
    assert_eq!(*app.world().resource::<LastDevice>(), LastDevice::Touch);
}

#[test]
fn the_runner_played_by_taps_is_the_bots_run_to_the_bit() {
    touch_equals_keys("runner");
}

#[test]
fn the_maze_played_by_swipes_is_the_bots_run_to_the_bit() {
    touch_equals_keys("maze");
}

#[test]
fn the_maze_played_by_the_d_pad_is_the_bots_run_to_the_bit() {
    touch_equals_keys("maze-d-pad");
}

#[test]
fn the_arena_played_by_a_held_stick_is_the_bots_run_to_the_bit() {
    touch_equals_keys("arena");
}

#[test]
fn a_touch_ends_the_countdown_and_does_not_jump() {
    let mut app = common::ready_app(GameData::built_in(), common::mode("runner"), Seed(5));
    tap(&mut app, 1, FIELD);
    // The countdown lasts three seconds (180 steps); a tap ends it as soon as the level settles.
    for _ in 0..60 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Countdown>(), "a tap starts the run at once");
    assert!(!app.world().resource::<Recording>().inputs.is_empty(), "the run is under way");
    let jumps = app.world().resource::<Recording>().inputs.iter().filter(|w| *w & 1 == 1).count();
    assert_eq!(jumps, 0, "the tap that started the run did not also jump");
}

fn pause_state(app: &App) -> Pause {
    *app.world().resource::<State<Pause>>().get()
}

#[test]
fn the_pause_button_pauses_and_the_mode_buttons_act() {
    let buttons = layout::buttons(&[ButtonKind::Use, ButtonKind::Travel], NO_WINDOW);
    let centre = |kind: ButtonKind| buttons.iter().find(|b| b.kind == kind).unwrap().rect.center();
    // The dungeon's use and travel buttons press its use and second keys.
    let mut app = touch_app("dungeon", Seed(3));
    tap(&mut app, 1, centre(ButtonKind::Use));
    app.update();
    let actions = *app.world().resource::<Actions>();
    assert!(actions.act && !actions.alt && !actions.jump, "{actions:?}");
    tap(&mut app, 2, centre(ButtonKind::Travel));
    app.update();
    assert!(app.world().resource::<Actions>().alt);
    // A finger on a button does not also push the stick.
    assert_eq!(app.world().resource::<Actions>().move_axis, Vec2::ZERO);
    // Pause, in the Runner, where a tap elsewhere would jump: it pauses and does not jump.
    let mut app = touch_app("runner", Seed(5));
    app.update();
    tap(&mut app, 3, centre(ButtonKind::Pause));
    app.update();
    app.update();
    assert_eq!(pause_state(&app), Pause::Paused);
    assert!(app.world().resource::<Recording>().inputs.iter().all(|w| w & 1 == 0), "no jump");
}

#[test]
fn while_a_text_field_types_only_the_pause_button_acts() {
    // The Code puzzle's panel takes the keyboard (TypingFocus); a phone has no Esc, so its pause
    // button must still pause, and other touches must not play.
    let mut app = touch_app("runner", Seed(5));
    app.update();
    app.world_mut().resource_mut::<seedfeast::input::TypingFocus>().0 = true;
    tap(&mut app, 1, FIELD);
    app.update();
    assert!(!app.world().resource::<Actions>().jump, "a tap on the field does nothing while typing");
    let pause = layout::buttons(&[], NO_WINDOW)[0].rect.center();
    tap(&mut app, 2, pause);
    app.update();
    app.update();
    assert_eq!(pause_state(&app), Pause::Paused);
}

#[test]
fn leaving_the_window_pauses_a_run_and_coming_back_keeps_it_paused() {
    let mut app = touch_app("runner", Seed(5));
    app.update();
    // A window never focused being told it lost focus (a bare X server) is no player leaving.
    app.world_mut().write_message(WindowFocused { window: Entity::PLACEHOLDER, focused: false });
    app.update();
    app.update();
    assert_eq!(pause_state(&app), Pause::Running);
    app.world_mut().write_message(WindowFocused { window: Entity::PLACEHOLDER, focused: true });
    app.update();
    app.world_mut().write_message(WindowFocused { window: Entity::PLACEHOLDER, focused: false });
    app.update();
    app.update();
    assert_eq!(pause_state(&app), Pause::Paused, "focus lost");
    let steps = app.world().resource::<Recording>().inputs.len();
    app.world_mut().write_message(WindowFocused { window: Entity::PLACEHOLDER, focused: true });
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(pause_state(&app), Pause::Paused, "returning shows the pause screen");
    assert_eq!(app.world().resource::<Recording>().inputs.len(), steps, "nothing ran while paused");
    // The browser tab hidden (or the phone locked) is the window occluded.
    let mut app = touch_app("arena", Seed(5));
    app.update();
    app.world_mut().write_message(WindowOccluded { window: Entity::PLACEHOLDER, occluded: true });
    app.update();
    app.update();
    assert_eq!(pause_state(&app), Pause::Paused, "tab hidden");
}

/// The Code puzzle's run, by a touch player's fingers only.
fn puzzle_run(app: &App) -> &PuzzleRun {
    app.world().resource::<PuzzleRun>()
}

/// The player's tile, and whether it stands still with no step waiting.
fn puzzle_player(app: &mut App) -> ((i32, i32), bool) {
    let mut query = app.world_mut().query::<&PuzzlePlayer>();
    let player = query.single(app.world()).unwrap();
    (from_grid(player.mover.cell), player.mover.dir.is_none() && player.queued.is_none())
}

/// A flick of the floating stick within one frame: one tile's step, as an arrow key's tap makes
/// (a stick held longer keeps walking, as a held key does).
fn flick(app: &mut App, id: &mut u64, dir: Dir) {
    *id += 1;
    let way = FIELD + screen_way(dir) * 30.0;
    touch(app, *id, TouchPhase::Started, FIELD);
    touch(app, *id, TouchPhase::Moved, way);
    touch(app, *id, TouchPhase::Ended, way);
    app.update();
}

/// Walks by stick flicks to `target`, or (with `None`) out of the open exit into the next step.
fn flick_to(app: &mut App, id: &mut u64, target: Option<(i32, i32)>) {
    let step = puzzle_run(app).board.step;
    let goal = target.unwrap_or(puzzle_run(app).board.level.exit);
    for _ in 0..600 {
        if target.is_none() && puzzle_run(app).board.step != step {
            return;
        }
        let (here, resting) = puzzle_player(app);
        if target == Some(here) && resting {
            return;
        }
        if !resting || here == goal {
            app.update();
            continue;
        }
        let dir = next_step(puzzle_run(app), here, goal).unwrap_or_else(|| panic!("no way from {here:?} to {goal:?}"));
        flick(app, id, dir);
    }
    panic!("never reached {goal:?} from {:?}", puzzle_player(app).0);
}

/// Taps the pad's chip labelled `label` where it is drawn.
fn tap_chip(app: &mut App, id: &mut u64, label: &str) {
    let layout = app.world().resource::<PadLayout>();
    let Some((rect, _)) = layout.chips.iter().find(|(_, chip)| chip.label == label) else {
        let shown: Vec<&str> = layout.chips.iter().map(|(_, chip)| chip.label.as_str()).collect();
        panic!("no chip {label:?} on the pad: {shown:?}");
    };
    *id += 1;
    tap(app, *id, rect.center());
    app.update();
    app.update();
}

#[test]
fn the_code_puzzles_first_three_steps_are_solved_by_taps_alone() {
    let mut app = touch_app("puzzle", Seed::from_text("pizza party"));
    let mut id = 0;
    for step in 0..3 {
        assert_eq!(puzzle_run(&app).board.step, step);
        let coding = puzzle_run(&app).board.level.coding_tile;
        flick_to(&mut app, &mut id, Some(coding));
        assert!(puzzle_run(&app).panel_open, "step {step}: the panel opens on the coding tile");
        assert!(!app.world().resource::<PadLayout>().chips.is_empty(), "step {step}: the pad shows to a touch player");
        // The solution is one call, `name.call(…);`: its object's chip, then the call's, then RUN.
        let solution = puzzle_run(&app).board.level.solution.clone();
        let (object, call) = solution.trim_end_matches(';').split_once('.').expect("one call");
        tap_chip(&mut app, &mut id, object);
        tap_chip(&mut app, &mut id, &format!(".{call}"));
        assert_eq!(app.world().resource::<CodeEditor>().text(), solution, "step {step}: the taps wrote the program");
        tap_chip(&mut app, &mut id, "RUN");
        assert!(
            puzzle_run(&app).board.running() || puzzle_run(&app).board.note == Note::Solved,
            "step {step}: it runs"
        );
        for _ in 0..60 * 20 {
            if !puzzle_run(&app).board.running() {
                break;
            }
            app.update();
        }
        let board = &puzzle_run(&app).board;
        assert!(board.open && !puzzle_run(&app).panel_open, "step {step}: solved, the exit opens ({:?})", board.note);
        assert!(app.world().resource::<PadLayout>().chips.is_empty(), "step {step}: the pad goes with the panel");
        flick_to(&mut app, &mut id, None);
    }
    let run = puzzle_run(&app);
    assert_eq!((run.board.step, run.cleared.len()), (3, 3), "three steps cleared by taps");
    assert_eq!(*app.world().resource::<LastDevice>(), LastDevice::Touch);
}

#[test]
fn the_pads_close_chip_walks_away_and_del_and_undo_edit() {
    let mut app = touch_app("puzzle", Seed(11));
    let mut id = 0;
    let coding = puzzle_run(&app).board.level.coding_tile;
    flick_to(&mut app, &mut id, Some(coding));
    tap_chip(&mut app, &mut id, "for");
    tap_chip(&mut app, &mut id, "2×");
    let editor = |app: &App| app.world().resource::<CodeEditor>().text();
    assert_eq!(editor(&app), "for (i = 0; i < 2; i++) {\n    ");
    tap_chip(&mut app, &mut id, "}");
    tap_chip(&mut app, &mut id, "DEL");
    assert_eq!(editor(&app), "for (i = 0; i < 2; i++) {\n");
    tap_chip(&mut app, &mut id, "UNDO");
    tap_chip(&mut app, &mut id, "UNDO");
    assert_eq!(editor(&app), "for (i = 0; i < 2; i++) {\n    ", "each chip undoes whole");
    tap_chip(&mut app, &mut id, "CLOSE");
    assert!(!puzzle_run(&app).panel_open, "CLOSE closes the panel, as Esc does");
    assert!(!app.world().resource::<seedfeast::input::TypingFocus>().0, "and the stick walks again");
    // A flick walks one tile, as an arrow key's tap does, even in a slow frame of a dozen fixed
    // steps (a phone's browser): the frame it is held in does not walk on by itself.
    let (here, _) = puzzle_player(&mut app);
    let entry = puzzle_run(&app).board.level.entry;
    let dir = next_step(puzzle_run(&app), here, entry).expect("a way back to the entry");
    app.insert_resource(bevy::time::TimeUpdateStrategy::FixedTimesteps(12));
    flick(&mut app, &mut id, dir);
    app.insert_resource(bevy::time::TimeUpdateStrategy::FixedTimesteps(1));
    for _ in 0..120 {
        app.update();
    }
    let (there, resting) = puzzle_player(&mut app);
    assert!(resting, "the player stops");
    assert_eq!((there.0 - here.0).abs() + (there.1 - here.1).abs(), 1, "one tile from {here:?}: {there:?}");
}
