//! Code puzzle played headlessly through the game's own systems: a player's keys walk to the
//! coding tile and type a curriculum program into the editor, Ctrl+Enter runs it, and the exit
//! opens; wrong programs reset the level, errors show where they are, an endless loop stops,
//! and the bot clears steps for several seeds.

use crate::common;

use bevy::clipboard::ClipboardRead;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::puzzle::arrow;
use common::*;
use seedfeast::data::GameData;
use seedfeast::input::TypingFocus;
use seedfeast::mode::BotStuck;
use seedfeast::modes::puzzle::bot::{BotProgram, PuzzleBot, next_step};
use seedfeast::modes::puzzle::keys::PendingCodePaste;
use seedfeast::modes::puzzle::{CodeEditor, Note, PuzzleObject, PuzzlePlayer, PuzzleRun, from_grid, step_metric};
use seedfeast::run::Countdown;
use seedfeast::save::{Save, SaveStore};
use seedfeast::session::{LastRun, Session};
use seedfeast::state::{Pause, Screen};
use seedfeast::{Launch, headless_app};
use seedfeast_procgen::Seed;
use seedfeast_procgen::puzzle::run as run_code;

/// A headless game in a Code puzzle run of `seed` from curriculum step `level`, past the
/// countdown.
fn puzzle_app(seed: Seed, level: Option<u32>) -> App {
    build_app(seed, level, None)
}

fn build_app(seed: Seed, level: Option<u32>, bot: Option<BotProgram>) -> App {
    common::puzzle::puzzle_app_with(seed, level, bot)
}

fn run(app: &App) -> &PuzzleRun {
    app.world().resource::<PuzzleRun>()
}

fn player_cell(app: &mut App) -> ((i32, i32), bool) {
    let mut query = app.world_mut().query::<&PuzzlePlayer>();
    let player = query.single(app.world()).unwrap();
    // At rest: not walking, and no tap waiting for the next step.
    (from_grid(player.mover.cell), player.mover.dir.is_none() && player.queued.is_none())
}

/// Sends a key's press (with its text) and release in one frame.
fn key(app: &mut App, code: KeyCode, logical: Key, text: Option<&str>) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: logical.clone(),
            state,
            text: if state == ButtonState::Pressed { text.map(Into::into) } else { None },
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    }
    app.update();
}

/// Types text as a keyboard does, a key a frame; `\n` is Enter.
fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        match c {
            '\n' => key(app, KeyCode::Enter, Key::Enter, None),
            ' ' => key(app, KeyCode::Space, Key::Space, Some(" ")),
            c => {
                let s = c.to_string();
                key(app, KeyCode::KeyA, Key::Character(s.as_str().into()), Some(&s));
            }
        }
    }
}

/// Holds Ctrl over one key: a chord, as a keyboard makes it.
fn ctrl(app: &mut App, code: KeyCode, logical: Key) {
    let message = |code, logical: Key, state| KeyboardInput {
        key_code: code,
        logical_key: logical,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    };
    app.world_mut().write_message(message(KeyCode::ControlLeft, Key::Control, ButtonState::Pressed));
    app.world_mut().write_message(message(code, logical.clone(), ButtonState::Pressed));
    app.update();
    app.world_mut().write_message(message(code, logical, ButtonState::Released));
    app.world_mut().write_message(message(KeyCode::ControlLeft, Key::Control, ButtonState::Released));
    app.update();
}

/// Walks the player to `target` with arrow taps, as a player would.
fn walk_to(app: &mut App, target: (i32, i32)) {
    for _ in 0..400 {
        let (here, resting) = player_cell(app);
        if here == target && resting {
            return;
        }
        if !resting {
            app.update();
            continue;
        }
        let dir = next_step(run(app), here, target).unwrap_or_else(|| panic!("no way from {here:?} to {target:?}"));
        let (code, logical) = arrow(dir);
        key(app, code, logical, None);
    }
    panic!("never reached {target:?}");
}

/// Walks out of the open exit: the next step is built.
fn walk_out(app: &mut App) {
    let (step, exit) = (run(app).board.step, run(app).board.level.exit);
    for _ in 0..400 {
        if run(app).board.step != step || run(app).ended.is_some() {
            return;
        }
        let (here, resting) = player_cell(app);
        if !resting || here == exit {
            app.update();
            continue;
        }
        let dir = next_step(run(app), here, exit).unwrap_or_else(|| panic!("no way from {here:?} to the exit"));
        let (code, logical) = arrow(dir);
        key(app, code, logical, None);
    }
    panic!("never walked out");
}

fn walk_to_code(app: &mut App) {
    let coding = run(app).board.level.coding_tile;
    walk_to(app, coding);
    assert!(run(app).panel_open, "the panel opens on the coding tile");
    assert!(app.world().resource::<TypingFocus>().0, "and it has the keyboard");
}

/// Runs frames until the board's run is over (its end shown).
fn until_concluded(app: &mut App) -> u32 {
    for frame in 0..60 * 20 {
        if !run(app).board.running() {
            return frame;
        }
        app.update();
    }
    panic!("the run never concluded");
}

fn solution(app: &App) -> String {
    run(app).board.level.solution.clone()
}

/// The solution as a player types it: each line without its indentation (the editor indents).
fn typed_form(code: &str) -> String {
    code.lines().map(str::trim_start).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_curriculum_program_typed_into_the_editor_opens_the_exit() {
    let seed = Seed::from_text("pizza party");
    let mut app = puzzle_app(seed, Some(8)); // "Loop the push": a for loop
    let exit = run(&app).board.level.exit;
    assert!(run(&app).board.path(run(&app).board.level.entry, exit).is_none(), "the exit starts shut");
    walk_to_code(&mut app);
    let code = solution(&app);
    type_text(&mut app, &typed_form(&code));
    assert_eq!(app.world().resource::<CodeEditor>().text(), code, "the editor indents blocks as written");
    ctrl(&mut app, KeyCode::Enter, Key::Enter);
    assert!(run(&app).board.running(), "Ctrl+Enter runs it");
    // Mid-run: the current line is the loop's, an object glides.
    let mut lines = Vec::new();
    let mut glided = false;
    while run(&app).board.playback.as_ref().is_some_and(|p| p.finished.is_none()) {
        let playback = run(&app).board.playback.as_ref().unwrap();
        if let Some(line) = playback.line() {
            lines.push(line);
        }
        let mid = playback.progress() > 0.2 && playback.progress() < 0.6;
        let moving = playback.before.states.iter().zip(&run(&app).board.world.states).any(|(a, b)| a.pos != b.pos);
        if mid && moving {
            let mut objects = app.world_mut().query::<(&PuzzleObject, &Transform)>();
            glided |=
                objects.iter(app.world()).any(|(_, t)| t.translation.x % 48.0 != 0.0 || t.translation.y % 48.0 != 0.0);
        }
        app.update();
    }
    lines.dedup();
    assert_eq!(&lines[..4], &[1, 2, 1, 2], "the highlight walks the loop: {lines:?}");
    assert!(glided, "an object is seen between tiles");
    assert_eq!(run(&app).board.note, Note::Solved);
    until_concluded(&mut app);
    assert!(run(&app).board.open && !run(&app).panel_open, "the exit opens and the panel closes");
    assert_eq!(run(&app).board.world.rows(), run(&app).board.level.solved);
    assert!(!app.world().resource::<TypingFocus>().0, "the keys walk again");
    // Walking out of the exit clears the step and builds the next.
    walk_out(&mut app);
    let after = run(&app);
    assert_eq!(after.board.step, 9);
    assert_eq!(after.cleared.len(), 1);
    assert_eq!(after.cleared[0].statements, 2);
    assert!(after.score > 0);
    assert_eq!(app.world().resource::<Session>().level, Some(9), "a copied link opens the step on screen");
    let key = seedfeast_save::metric_key("puzzle", &seed.code().to_string(), &step_metric(8, "statements"));
    assert_eq!(app.world().resource::<Save>().best(&key).map(|b| b.score), Some(2), "the step's best is kept");
    let (entry, _) = player_cell(&mut app);
    assert_eq!(entry, run(&app).board.level.entry, "the next step starts at its entry");
}

#[test]
fn a_wrong_program_shows_its_end_then_resets_the_level() {
    let mut app = puzzle_app(Seed(11), None); // step 0: one block to move
    let level = run(&app).board.level.clone();
    // A move the other way: it runs, changes the level, and doesn't open it.
    let wrong = ["up", "down", "left", "right"]
        .into_iter()
        .map(|d| format!("block1.move(\"{d}\");"))
        .find(|code| {
            let result = run_code(&level, code).unwrap();
            !result.solved && result.rows != level.initial
        })
        .expect("some move is wrong");
    walk_to_code(&mut app);
    type_text(&mut app, &wrong);
    ctrl(&mut app, KeyCode::Enter, Key::Enter);
    let mut changed = false;
    while run(&app).board.running() {
        changed |= run(&app).board.world.rows() != level.initial;
        app.update();
    }
    assert!(changed, "the run was seen moving the block");
    assert_eq!(run(&app).board.note, Note::Wrong);
    assert_eq!(run(&app).board.world.rows(), level.initial, "back as it was");
    assert!(!run(&app).board.open && run(&app).panel_open, "the exit stays shut, the panel open");
    // Fixing the program (select nothing: backspace it all) and running again solves it.
    for _ in 0..wrong.chars().count() {
        key(&mut app, KeyCode::Backspace, Key::Backspace, None);
    }
    assert!(app.world().resource::<CodeEditor>().is_empty());
    type_text(&mut app, &level.solution);
    ctrl(&mut app, KeyCode::Enter, Key::Enter);
    until_concluded(&mut app);
    assert!(run(&app).board.open);
}

#[test]
fn a_syntax_error_shows_its_line_and_column_and_runs_nothing() {
    let mut app = puzzle_app(Seed(11), None);
    walk_to_code(&mut app);
    type_text(&mut app, "n = 1;\nblock1.move(\"left\")");
    ctrl(&mut app, KeyCode::Enter, Key::Enter);
    let board = &run(&app).board;
    assert!(!board.running());
    let error = board.error.clone().expect("an underlined error");
    assert_eq!((error.pos.line, error.pos.col), (2, 20));
    assert!(error.message.contains("expected ';'"), "{error}");
    assert_eq!(board.note, Note::Refused(error));
    let cursor = app.world().resource::<CodeEditor>().cursor();
    assert_eq!((cursor.line, cursor.col), (1, 19), "the cursor goes to the error");
    // Typing clears the underline; an unknown object says what the level has.
    type_text(&mut app, ";\nblok1.move(\"left\");");
    assert!(run(&app).board.error.is_none());
    ctrl(&mut app, KeyCode::Enter, Key::Enter);
    let error = run(&app).board.error.clone().unwrap();
    assert_eq!((error.pos.line, error.pos.col), (3, 1));
    assert!(error.message.contains("unknown object 'blok1': this level has block1"), "{error}");
}

#[test]
fn an_endless_while_stops_with_its_message_and_never_hangs_a_frame() {
    let mut app = puzzle_app(Seed(11), None);
    walk_to_code(&mut app);
    type_text(&mut app, "while (block1.position == \"start\") {\n}");
    let message = |app: &mut App, code, logical: Key, state| {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: logical,
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
    };
    message(&mut app, KeyCode::ControlLeft, Key::Control, ButtonState::Pressed);
    message(&mut app, KeyCode::Enter, Key::Enter, ButtonState::Pressed);
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        if frames == 1 {
            message(&mut app, KeyCode::Enter, Key::Enter, ButtonState::Released);
            message(&mut app, KeyCode::ControlLeft, Key::Control, ButtonState::Released);
        }
        if !run(&app).board.running() {
            break;
        }
        assert!(frames < 60 * 10, "still running after 10 s");
    }
    assert!(frames <= 60 * 5, "stopped within the failing cap and the hold: {frames} frames");
    let Note::Failed(error) = &run(&app).board.note else { panic!("{:?}", run(&app).board.note) };
    assert!(error.message.contains("this while loop goes round without changing anything"), "{error}");
    assert_eq!(error.pos.line, 1);
    assert_eq!(run(&app).board.world, run(&app).board.initial, "the level is back as it was");
}

#[test]
fn typing_never_pauses_and_escape_closes_the_panel_before_it_pauses() {
    let mut app = puzzle_app(Seed(11), None);
    walk_to_code(&mut app);
    let paused = |app: &App| *app.world().resource::<State<Pause>>().get() == Pause::Paused;
    type_text(&mut app, "p");
    key(&mut app, KeyCode::KeyP, Key::Character("p".into()), Some("p"));
    assert!(!paused(&app), "p is a letter here");
    assert_eq!(app.world().resource::<CodeEditor>().text(), "pp");
    // Arrows move the text cursor, not the player.
    let before = player_cell(&mut app).0;
    key(&mut app, KeyCode::ArrowLeft, Key::ArrowLeft, None);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(player_cell(&mut app).0, before);
    assert_eq!(app.world().resource::<CodeEditor>().cursor().col, 1);
    key(&mut app, KeyCode::Escape, Key::Escape, None);
    app.update();
    assert!(!run(&app).panel_open && !paused(&app), "Esc closes the panel");
    assert!(!app.world().resource::<TypingFocus>().0);
    key(&mut app, KeyCode::Escape, Key::Escape, None);
    app.update();
    assert!(paused(&app), "Esc again pauses");
    key(&mut app, KeyCode::Escape, Key::Escape, None);
    app.update();
    assert!(!paused(&app));
    // Enter on the tile opens the panel again, and its Enter is not a new line.
    key(&mut app, KeyCode::Enter, Key::Enter, None);
    assert!(run(&app).panel_open);
    assert_eq!(app.world().resource::<CodeEditor>().text(), "pp");
    // Esc during a run stops it and resets the level.
    key(&mut app, KeyCode::End, Key::End, None);
    for _ in 0..2 {
        key(&mut app, KeyCode::Backspace, Key::Backspace, None);
    }
    let solution = solution(&app);
    type_text(&mut app, &solution);
    ctrl(&mut app, KeyCode::Enter, Key::Enter);
    for _ in 0..10 {
        app.update();
    }
    assert!(run(&app).board.running());
    key(&mut app, KeyCode::Escape, Key::Escape, None);
    assert!(!run(&app).board.running() && run(&app).board.note == Note::Stopped, "{:?}", run(&app).board.note);
    assert!(run(&app).panel_open && !paused(&app));
}

#[test]
fn paste_arrives_when_the_clipboard_answers() {
    let mut app = puzzle_app(Seed(11), None);
    walk_to_code(&mut app);
    app.world_mut().resource_mut::<PendingCodePaste>().0 = Some(ClipboardRead::Ready(Ok("n = 2;\r\n".into())));
    app.update();
    // The browser answers a few frames later.
    let shared = std::sync::Arc::new(std::sync::Mutex::new(None));
    app.world_mut().resource_mut::<PendingCodePaste>().0 = Some(ClipboardRead::Pending(shared.clone()));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<CodeEditor>().text(), "n = 2;\n");
    *shared.lock().unwrap() = Some(Ok("\tblock1.move(\"left\");".to_string()));
    app.update();
    assert_eq!(app.world().resource::<CodeEditor>().text(), "n = 2;\n    block1.move(\"left\");");
}

fn bot_app(seed: Seed, level: Option<u32>) -> App {
    build_app(seed, level, Some(BotProgram::Solution))
}

/// Runs the bot until `cleared` steps are cleared (or the run ends).
fn bot_clears(app: &mut App, cleared: usize) {
    for _ in 0..60 * 240 {
        app.update();
        if screen(app) != Screen::Playing {
            return;
        }
        if let Some(stuck) = &app.world().resource::<PuzzleBot>().stuck {
            panic!("the bot is stuck: {stuck}");
        }
        if run(app).cleared.len() >= cleared {
            return;
        }
    }
    let (here, resting) = player_cell(app);
    let r = run(app);
    panic!(
        "the bot cleared only {} steps: step {} at {here:?} resting {resting}, panel {}, open {}, note {:?}, code {:?}, bot {:?}",
        r.cleared.len(),
        r.board.step,
        r.panel_open,
        r.board.open,
        r.board.note,
        app.world().resource::<CodeEditor>().text(),
        app.world().resource::<PuzzleBot>()
    );
}

#[test]
fn the_bot_clears_steps_for_several_seeds() {
    for (seed, start) in [(Seed(1), None), (Seed::from_text("pizza party"), Some(13)), (Seed(77), Some(16))] {
        let mut app = bot_app(seed, start);
        bot_clears(&mut app, 2);
        let run = run(&app);
        let first = start.unwrap_or(0);
        assert_eq!(run.cleared.iter().map(|c| c.step).collect::<Vec<_>>(), [first, first + 1], "{seed:?}");
        assert!(run.cleared.iter().all(|c| c.time_ms > 0 && c.statements > 0));
        assert!(run.score >= 2 * 150, "{seed:?}: {}", run.score);
        assert_eq!(app.world().resource::<Session>().level, Some(first + 2));
    }
}

#[test]
fn clearing_the_last_step_ends_the_run_with_its_score() {
    let mut app = bot_app(Seed(5), Some(99)); // past the end: the last step
    let last = run(&app).steps - 1;
    assert_eq!(run(&app).board.step, last);
    bot_clears(&mut app, 1);
    for _ in 0..3 {
        app.update();
    }
    to_game_over(&mut app);
    let last_run = app.world().resource::<LastRun>();
    assert_eq!(last_run.cause, "Curriculum complete!");
    assert!(last_run.score > 0 && last_run.new_best, "{last_run:?}");
    assert!(last_run.summary.starts_with("1 step cleared"), "{}", last_run.summary);
    assert_eq!(app.world().resource::<Session>().level, Some(99), "a retry plays the same run");
    assert!(!app.world().resource::<TypingFocus>().0);
}

#[test]
fn an_enter_pressed_as_the_player_reaches_the_tile_is_not_an_empty_first_line() {
    let mut app = puzzle_app(Seed(11), None);
    // The panel opens by itself on arrival; the player, told "Enter on the tile", reads the
    // panel for three seconds and then presses it.
    walk_to_code(&mut app);
    for _ in 0..180 {
        app.update();
    }
    key(&mut app, KeyCode::Enter, Key::Enter, None);
    assert!(run(&app).panel_open);
    assert_eq!(app.world().resource::<CodeEditor>().text(), "", "the Enter that meant \"open\" adds no line");
    // The next Enter is a new line.
    key(&mut app, KeyCode::Enter, Key::Enter, None);
    assert_eq!(app.world().resource::<CodeEditor>().text(), "\n");
    // A panel that opened at the press (Enter on the tile) takes the next Enter as a new line.
    let mut app = puzzle_app(Seed(11), None);
    walk_to_code(&mut app);
    key(&mut app, KeyCode::Escape, Key::Escape, None);
    assert!(!run(&app).panel_open);
    key(&mut app, KeyCode::Enter, Key::Enter, None);
    assert!(run(&app).panel_open, "Enter on the tile opens it");
    for _ in 0..60 {
        app.update();
    }
    key(&mut app, KeyCode::Enter, Key::Enter, None);
    assert_eq!(app.world().resource::<CodeEditor>().text(), "\n");
}

#[test]
fn q_ends_the_run_away_from_the_panel_and_is_a_letter_in_it() {
    let mut app = puzzle_app(Seed(11), None);
    walk_to_code(&mut app);
    key(&mut app, KeyCode::KeyQ, Key::Character("q".into()), Some("q"));
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(app.world().resource::<CodeEditor>().text(), "q");
    key(&mut app, KeyCode::Escape, Key::Escape, None);
    key(&mut app, KeyCode::KeyQ, Key::Character("q".into()), Some("q"));
    app.update();
    app.update();
    to_game_over(&mut app);
    assert_eq!(app.world().resource::<LastRun>().cause, "You left before clearing a step");
}

#[test]
fn the_countdown_holds_the_player_and_the_panel() {
    let session = Session { mode: mode("puzzle"), seed: Seed(11), origin: None, daily: None, level: None };
    let mut app = headless_app(Launch {
        data: Ok(GameData::built_in()),
        start: Some(session),
        save: SaveStore::memory(),
        notice: None,
    });
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.finish();
    app.cleanup();
    app.update();
    app.update();
    assert!(app.world().contains_resource::<Countdown>());
    let start = player_cell(&mut app).0;
    key(&mut app, KeyCode::ArrowDown, Key::ArrowDown, None); // starts the run; doesn't walk
    for _ in 0..30 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Countdown>());
    assert_eq!(player_cell(&mut app).0, start, "the key that started the run didn't walk");
    assert_eq!(run(&app).board.level.entry, start);
}

#[test]
fn a_bot_with_a_wrong_program_says_it_is_stuck() {
    let mut app = build_app(Seed(11), None, Some(BotProgram::Fixed("// nothing".into())));
    // The seed lab listens for the reason (and stops the run at once).
    app.init_resource::<BotStuck>();
    for _ in 0..60 * 30 {
        app.update();
        if app.world().resource::<PuzzleBot>().stuck.is_some() {
            break;
        }
    }
    let stuck = app.world().resource::<PuzzleBot>().stuck.clone().expect("stuck");
    assert!(stuck.contains("still shut"), "{stuck}");
    app.update();
    assert_eq!(app.world().resource::<BotStuck>().0.as_ref(), Some(&stuck));
    assert_eq!(run(&app).board.note, Note::Wrong);
}
