//! A bot that plays the Code puzzle through the game's own systems, as a player at a keyboard
//! would: it walks to the coding tile with arrow taps, types a program into the editor key by key
//! (Bevy `KeyboardInput` messages, as a real keyboard makes), runs it with Ctrl+Enter, and walks
//! out of the exit once it opens; then the next step. The tests use it, and a seed lab can add
//! [`PuzzleBotPlugin`] to any headless app playing the mode.

use std::collections::VecDeque;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::grid_move::Dir;
use crate::mode::BotStuck;
use crate::modes::puzzle::{PuzzlePlayer, PuzzleRun, from_grid};
use crate::run::Countdown;
use crate::state::Pause;

/// Which program the bot types at each step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotProgram {
    /// The step's own solution (the program the level was generated from).
    Solution,
    /// The same text at every step.
    Fixed(String),
}

/// One key the bot presses: with Ctrl held, or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BotKey {
    pub code: KeyCode,
    pub key: Key,
    pub text: Option<String>,
    pub ctrl: bool,
}

impl BotKey {
    fn plain(code: KeyCode, key: Key, text: Option<&str>) -> BotKey {
        BotKey { code, key, text: text.map(Into::into), ctrl: false }
    }

    /// The key that types `c`.
    pub fn typing(c: char) -> BotKey {
        match c {
            '\n' => BotKey::plain(KeyCode::Enter, Key::Enter, None),
            ' ' => BotKey::plain(KeyCode::Space, Key::Space, Some(" ")),
            c => {
                let s = c.to_string();
                BotKey::plain(KeyCode::KeyA, Key::Character(s.as_str().into()), Some(&s))
            }
        }
    }

    /// Ctrl+Enter: run.
    pub fn run() -> BotKey {
        BotKey { ctrl: true, ..BotKey::plain(KeyCode::Enter, Key::Enter, None) }
    }

    pub fn arrow(dir: Dir) -> BotKey {
        let (code, key) = match dir {
            Dir::Up => (KeyCode::ArrowUp, Key::ArrowUp),
            Dir::Down => (KeyCode::ArrowDown, Key::ArrowDown),
            Dir::Left => (KeyCode::ArrowLeft, Key::ArrowLeft),
            Dir::Right => (KeyCode::ArrowRight, Key::ArrowRight),
        };
        BotKey::plain(code, key, None)
    }
}

/// The keys that type `code` into the editor: each line without its leading spaces (the editor
/// indents blocks itself), Enter between lines.
pub(crate) fn keys_for_program(code: &str) -> Vec<BotKey> {
    let mut keys = Vec::new();
    for (i, line) in code.lines().enumerate() {
        if i > 0 {
            keys.push(BotKey::typing('\n'));
        }
        keys.extend(line.trim_start().chars().map(BotKey::typing));
    }
    keys
}

/// The bot's state, as a resource.
#[derive(Resource, Debug)]
pub struct PuzzleBot {
    pub program: BotProgram,
    /// The step whose program has been typed and run.
    typed_for: Option<u32>,
    queue: VecDeque<BotKey>,
    /// Keys pressed last frame, released this frame.
    down: Vec<BotKey>,
    /// Why the bot stopped, if it is stuck (a run that didn't open the way, no path).
    pub stuck: Option<String>,
    /// Frames without progress, and the step and position they are counted at.
    idle: u32,
    last_seen: Option<(u32, (usize, usize), usize)>,
}

/// Frames the bot waits without any progress before it says it is stuck.
pub(crate) const STUCK_FRAMES: u32 = 60 * 40;

impl PuzzleBot {
    pub fn new(program: BotProgram) -> PuzzleBot {
        PuzzleBot {
            program,
            typed_for: None,
            queue: VecDeque::new(),
            down: Vec::new(),
            stuck: None,
            idle: 0,
            last_seen: None,
        }
    }
}

/// The Code puzzle's bot row: every step is generated backwards from a solution, which the bot
/// types; a step it cannot clear is a generator bug.
pub(crate) const BOT: crate::mode::Bot =
    crate::mode::Bot { add: add_bot, goal: 3.0, promised: true, start_level: Some(start_step) };

/// The step a lab run of `seed` starts at: every run of three steps in the curriculum in turn as
/// the seeds go, so the condition steps and their variant worlds (issue #32) are played too.
pub fn start_step(seed: seedfeast_procgen::Seed, data: &crate::data::GameData) -> u32 {
    let steps = data.puzzle.curriculum.steps.len() as u64;
    (seed.0 % steps.saturating_sub(2).max(1)) as u32
}

fn add_bot(app: &mut App) {
    app.add_plugins(PuzzleBotPlugin);
}

/// Adds the bot (typing each step's own solution unless a [`PuzzleBot`] is already there).
pub struct PuzzleBotPlugin;

impl Plugin for PuzzleBotPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<PuzzleBot>() {
            app.insert_resource(PuzzleBot::new(BotProgram::Solution));
        }
        app.add_systems(First, (drive_bot, report_stuck).chain());
    }
}

/// Tells the seed lab why the bot stopped, where a lab is listening ([`BotStuck`]).
fn report_stuck(bot: Res<PuzzleBot>, lab: Option<ResMut<BotStuck>>) {
    if let (Some(why), Some(mut lab)) = (&bot.stuck, lab)
        && lab.0.is_none()
    {
        lab.0 = Some(why.clone());
    }
}

fn message(key: &BotKey, state: ButtonState) -> KeyboardInput {
    KeyboardInput {
        key_code: key.code,
        logical_key: key.key.clone(),
        state,
        text: if state == ButtonState::Pressed { key.text.clone().map(Into::into) } else { None },
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

fn ctrl() -> BotKey {
    BotKey::plain(KeyCode::ControlLeft, Key::Control, None)
}

/// The direction of the first step of the shortest walk from the player to `to`.
pub fn next_step(run: &PuzzleRun, from: (i32, i32), to: (i32, i32)) -> Option<Dir> {
    let path = run.board.path(from, to)?;
    let next = *path.get(1)?;
    match (next.0 - from.0, next.1 - from.1) {
        (0, -1) => Some(Dir::Up),
        (0, 1) => Some(Dir::Down),
        (-1, 0) => Some(Dir::Left),
        (1, 0) => Some(Dir::Right),
        _ => None,
    }
}

/// One frame of the bot: release last frame's keys, or press the next one.
fn drive_bot(
    mut bot: ResMut<PuzzleBot>,
    mut keys: MessageWriter<KeyboardInput>,
    run: Option<Res<PuzzleRun>>,
    countdown: Option<Res<Countdown>>,
    pause: Option<Res<State<Pause>>>,
    player: Query<&PuzzlePlayer>,
) {
    // Keys pressed last frame come up first (a chord's Ctrl last).
    if !bot.down.is_empty() {
        for key in std::mem::take(&mut bot.down).iter().rev() {
            keys.write(message(key, ButtonState::Released));
        }
        return;
    }
    let Some(run) = run else { return };
    if bot.stuck.is_some() || run.ended.is_some() || pause.is_some_and(|p| *p.get() != Pause::Running) {
        return;
    }
    if countdown.is_some() {
        press(&mut bot, &mut keys, BotKey::plain(KeyCode::ShiftLeft, Key::Shift, None));
        return;
    }
    let Ok(player) = player.single() else { return };
    let at = player.mover.cell;
    let step = run.board.step;
    // Progress: a new step, a new tile or a key typed.
    let seen = (step, at, bot.queue.len());
    if note_progress(&mut bot, seen, run.board.running()) {
        return;
    }
    // A tap not yet walked is still on its way: one more would walk two tiles.
    if run.board.running() || player.mover.dir.is_some() || player.queued.is_some() || run.exit_reached {
        return;
    }
    if run.panel_open {
        type_at_panel(&mut bot, &mut keys, &run, step);
        return;
    }
    let here = from_grid(at);
    let target = if run.board.open { run.board.level.exit } else { run.board.level.coding_tile };
    if here == target {
        if !run.board.open {
            // On the coding tile with the panel shut: Enter opens it.
            press(&mut bot, &mut keys, BotKey::plain(KeyCode::Enter, Key::Enter, None));
        }
        return;
    }
    match next_step(&run, here, target) {
        Some(dir) => press(&mut bot, &mut keys, BotKey::arrow(dir)),
        None => bot.stuck = Some(format!("step {step}: no way from {here:?} to {target:?}")),
    }
}

/// Presses a key: a chord's keys stay down until next frame, a plain key goes down and up.
fn press(bot: &mut PuzzleBot, keys: &mut MessageWriter<KeyboardInput>, key: BotKey) {
    if key.ctrl {
        keys.write(message(&ctrl(), ButtonState::Pressed));
        keys.write(message(&key, ButtonState::Pressed));
        bot.down = vec![ctrl(), key];
    } else {
        // A plain key goes down and up in one frame: its press is what the game reads.
        keys.write(message(&key, ButtonState::Pressed));
        keys.write(message(&key, ButtonState::Released));
    }
}

/// Counts the frames without progress (a new step, a new tile or a key typed) while no run
/// plays; true once there have been too many and the bot is stuck.
fn note_progress(bot: &mut PuzzleBot, seen: (u32, (usize, usize), usize), running: bool) -> bool {
    let (step, at, _) = seen;
    if bot.last_seen == Some(seen) && !running {
        bot.idle += 1;
        if bot.idle > STUCK_FRAMES {
            bot.stuck = Some(format!("no progress on step {step} at {at:?} for {STUCK_FRAMES} frames"));
            return true;
        }
    } else {
        bot.idle = 0;
        bot.last_seen = Some(seen);
    }
    false
}

/// At the open panel: types the step's program key by key and runs it, or, if it ran and the
/// way is still shut, says the bot is stuck.
fn type_at_panel(bot: &mut PuzzleBot, keys: &mut MessageWriter<KeyboardInput>, run: &PuzzleRun, step: u32) {
    if run.board.open {
        return; // the solved run's end is showing; the panel closes by itself
    }
    if let Some(key) = bot.queue.pop_front() {
        press(bot, keys, key);
        return;
    }
    if bot.typed_for == Some(step) {
        bot.stuck = Some(format!("step {step}: the program ran but the way is still shut ({:?})", run.board.note));
        return;
    }
    let program = match &bot.program {
        BotProgram::Solution => run.board.level.solution.clone(),
        BotProgram::Fixed(text) => text.clone(),
    };
    bot.queue.extend(keys_for_program(&program));
    bot.queue.push_back(BotKey::run());
    bot.typed_for = Some(step);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::puzzle::editor::{Edit, Editor};

    #[test]
    fn typed_keys_rebuild_the_program_as_written() {
        let code = "n = 2;\nfor (i = 0; i < n; i++) {\n    block1.move(\"up\");\n    if (gate1.isMoving == true) {\n        gate1.stop();\n    }\n}\ndoor1.open();";
        let mut editor = Editor::default();
        for key in keys_for_program(code) {
            match key.key {
                Key::Enter => editor.apply(Edit::Newline),
                _ => {
                    let text = key.text.unwrap();
                    if text == "}" {
                        editor.dedent_for_closing();
                    }
                    editor.apply(Edit::Type(text))
                }
            };
        }
        assert_eq!(editor.text(), code);
    }
}
