//! The keyboard (and gamepad) at the code panel. Typed keys become editor edits; Ctrl+Enter (or
//! F5) runs the program, and during a run skips to its end; Esc stops a run, or closes the panel
//! (Esc again then pauses, as everywhere); Ctrl+V pastes (the browser answers a frame or more
//! later), Ctrl+C copies the program, Ctrl+Z / Ctrl+Y undo and redo. A gamepad's (A) runs and
//! (B) closes. Enter (or (A)) on the coding tile opens the panel again.
//!
//! Text comes from Bevy's `KeyboardInput` messages (their `text`), which the browser build
//! receives too, so typing and pasting work in the page.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::input::Actions;
use crate::modes::puzzle::board::Note;
use crate::modes::puzzle::editor::Edit;
use crate::modes::puzzle::{CodeEditor, PuzzlePlayer, PuzzleRun, to_grid};
use crate::run::Countdown;
use crate::sound::Sfx;
use crate::state::Pause;
use crate::toast::Toast;

/// A paste in flight (the browser answers a frame or more later).
#[derive(Resource, Default)]
pub struct PendingCodePaste(pub Option<ClipboardRead>);

/// What a key does in the code panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum KeyAction {
    Edit(Edit),
    /// Run the program (during a run: skip to its end).
    Run,
    /// Stop a run, or close the panel.
    Escape,
    Paste,
    Copy,
    /// Nothing (a shortcut the panel doesn't have, a modifier alone).
    Nothing,
}

/// What a key press does, from its logical key and text and the modifiers held.
pub(crate) fn key_action(key: &Key, text: Option<&str>, ctrl: bool, shift: bool) -> KeyAction {
    let edit = KeyAction::Edit;
    match key {
        Key::Enter if ctrl => KeyAction::Run,
        Key::F5 => KeyAction::Run,
        Key::Enter => edit(Edit::Newline),
        Key::Escape => KeyAction::Escape,
        Key::Tab if !ctrl => edit(Edit::Indent),
        Key::Backspace => edit(Edit::Backspace),
        Key::Delete => edit(Edit::Delete),
        Key::ArrowLeft => edit(Edit::Left),
        Key::ArrowRight => edit(Edit::Right),
        Key::ArrowUp => edit(Edit::Up),
        Key::ArrowDown => edit(Edit::Down),
        Key::Home if ctrl => edit(Edit::DocStart),
        Key::End if ctrl => edit(Edit::DocEnd),
        Key::Home => edit(Edit::Home),
        Key::End => edit(Edit::End),
        Key::Character(c) if ctrl => match c.to_lowercase().as_str() {
            "v" => KeyAction::Paste,
            "c" => KeyAction::Copy,
            "z" if shift => edit(Edit::Redo),
            "z" => edit(Edit::Undo),
            "y" => edit(Edit::Redo),
            _ => KeyAction::Nothing,
        },
        _ if ctrl => KeyAction::Nothing,
        Key::Space => edit(Edit::Type(" ".into())),
        _ => match text.map(|t| t.chars().filter(|c| !c.is_control()).collect::<String>()) {
            Some(typed) if !typed.is_empty() => edit(Edit::Type(typed)),
            _ => KeyAction::Nothing,
        },
    }
}

const CTRL: [KeyCode; 4] = [KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight];
const SHIFT: [KeyCode; 2] = [KeyCode::ShiftLeft, KeyCode::ShiftRight];

/// Whether any of `codes` was held before this frame's key messages.
fn held_before(keys: &ButtonInput<KeyCode>, codes: &[KeyCode]) -> bool {
    codes.iter().any(|c| (keys.pressed(*c) || keys.just_released(*c)) && !keys.just_pressed(*c))
}

/// Enter (or (A)) on the coding tile opens the panel.
pub(crate) fn open_panel(
    actions: Res<Actions>,
    pause: Res<State<Pause>>,
    countdown: Option<Res<Countdown>>,
    mut run: ResMut<PuzzleRun>,
    player: Query<&PuzzlePlayer>,
    mut sfx: MessageWriter<Sfx>,
) {
    if !actions.confirm || run.panel_open || countdown.is_some() || *pause.get() != Pause::Running {
        return;
    }
    let coding = to_grid(run.board.level.coding_tile);
    let on_tile = player.iter().any(|p| p.mover.dir.is_none() && p.mover.cell == coding);
    if on_tile && run.ended.is_none() {
        run.panel_open = true;
        run.opened_on_arrival = false;
        sfx.write(Sfx::Click);
    }
}

/// Keys held when the panel opened: their press and repeats belong to what opened it (Enter,
/// or the arrow that walked onto the tile), not to the code.
#[derive(Default)]
pub(crate) struct Opening {
    was_open: bool,
    held: Vec<KeyCode>,
    /// Seconds left in which an Enter (or (A)) is still the one meant to open the panel
    /// (endless for a panel that opened on arrival, until that first Enter or another key).
    grace: f32,
}

/// How long after the panel opens at a press an Enter is still taken as part of that press
/// rather than a new line. A panel that opened by itself (walking onto the tile) waits for its
/// first Enter however long it takes: the prompt says *Enter on the tile*, and a player doing as
/// told, after reading the panel for a few seconds, would otherwise start their program with an
/// empty line (or, on a gamepad, run the empty program). Any other key ends the wait.
pub(crate) const OPEN_GRACE_SECONDS: f32 = 0.5;

/// Applies the typed keys to the program while the panel is open and the run is on.
pub(crate) fn type_code(
    mut typed: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    actions: Res<Actions>,
    pause: Res<State<Pause>>,
    countdown: Option<Res<Countdown>>,
    mut run: ResMut<PuzzleRun>,
    mut editor: ResMut<CodeEditor>,
    mut clipboard: Option<ResMut<Clipboard>>,
    mut pending: ResMut<PendingCodePaste>,
    mut toast: ResMut<Toast>,
    mut sfx: MessageWriter<Sfx>,
    mut opening: Local<Opening>,
    time: Res<Time>,
) {
    // Read every message, typing or not, so none is left over for later.
    let events: Vec<KeyboardInput> = typed.read().cloned().collect();
    let just_opened = follow_opening(&mut opening, &keys, &run, time.delta_secs());
    let live = run.panel_open && countdown.is_none() && *pause.get() == Pause::Running && run.ended.is_none();
    if !live || just_opened {
        return;
    }
    let wanted = wanted_actions(&events, &keys, &actions, &mut opening);
    for action in wanted {
        if !run.panel_open {
            break;
        }
        apply_action(action, &mut run, &mut editor, &mut clipboard, &mut pending, &mut toast, &mut sfx);
    }
    // As it is after this frame's keys: a panel Esc closed is not open when Enter on the tile
    // opens it again next frame (seen as open, that Enter went unmarked as the opening press).
    opening.was_open = run.panel_open;
}

/// Follows the panel opening and the keys held since; true the frame it opens.
fn follow_opening(opening: &mut Opening, keys: &ButtonInput<KeyCode>, run: &PuzzleRun, delta: f32) -> bool {
    // The frame the panel opens, its keys were pressed before it was there: they, and the
    // repeats of any still held, are not code.
    let just_opened = run.panel_open && !opening.was_open;
    if just_opened {
        opening.held = keys.get_pressed().copied().collect();
        opening.grace = if run.opened_on_arrival { f32::INFINITY } else { OPEN_GRACE_SECONDS };
    } else {
        opening.grace -= delta;
    }
    opening.was_open = run.panel_open;
    opening.held.retain(|k| keys.pressed(*k));
    just_opened
}

/// What this frame's gamepad actions and typed keys ask for, in order; the opening press (within
/// the grace) is taken out.
fn wanted_actions(
    events: &[KeyboardInput],
    keys: &ButtonInput<KeyCode>,
    actions: &Actions,
    opening: &mut Opening,
) -> Vec<KeyAction> {
    // Modifiers as they were before this frame's keys, then followed key by key: a chord typed
    // within one frame (by a fast hand or a tool) still reads as a chord.
    let mut ctrl = held_before(keys, &CTRL);
    let mut shift = held_before(keys, &SHIFT);
    // The gamepad (the keyboard makes no actions while the panel types).
    let mut wanted: Vec<KeyAction> = Vec::new();
    // Within the grace, a plain Enter or (A) is the press that meant to open the panel; anything
    // else typed ends the grace, and from then on Enter is a new line.
    let mut in_grace = opening.grace > 0.0;
    if actions.confirm {
        if in_grace {
            // Taken as the press that opens the panel: the next one runs the program.
            in_grace = false;
        } else {
            wanted.push(KeyAction::Run);
        }
    }
    if actions.back {
        wanted.push(KeyAction::Escape);
    }
    for key in events {
        let down = key.state.is_pressed();
        if CTRL.contains(&key.key_code) {
            ctrl = down;
        } else if SHIFT.contains(&key.key_code) {
            shift = down;
        }
        if !down || opening.held.contains(&key.key_code) {
            continue;
        }
        let action = key_action(&key.logical_key, key.text.as_deref(), ctrl, shift);
        match action {
            KeyAction::Edit(Edit::Newline) if in_grace => {
                in_grace = false;
                continue;
            }
            KeyAction::Nothing => {}
            _ => in_grace = false,
        }
        wanted.push(action);
    }
    if !in_grace {
        opening.grace = 0.0;
    }
    wanted
}

/// Does what one key asks: runs, stops or closes, copies, pastes, or edits the program. (The
/// resources stay `ResMut`s so that only what an action changes is marked changed.)
fn apply_action(
    action: KeyAction,
    run: &mut ResMut<'_, PuzzleRun>,
    editor: &mut ResMut<'_, CodeEditor>,
    clipboard: &mut Option<ResMut<'_, Clipboard>>,
    pending: &mut ResMut<'_, PendingCodePaste>,
    toast: &mut ResMut<'_, Toast>,
    sfx: &mut MessageWriter<Sfx>,
) {
    match action {
        KeyAction::Nothing => {}
        KeyAction::Run => run_program(run, editor, sfx),
        KeyAction::Escape if run.board.running() => run.board.stop(),
        KeyAction::Escape => run.panel_open = false,
        // The program being run stays as it is until its run is over.
        _ if run.board.running() => {}
        KeyAction::Copy => {
            let text = editor.text();
            match clipboard.as_mut().map(|c| c.set_text(text)) {
                Some(Ok(())) => toast.show("Copied your program"),
                Some(Err(error)) => toast.show(format!("Couldn't copy ({error:?})")),
                None => toast.show("No clipboard here"),
            }
        }
        KeyAction::Paste => match clipboard.as_mut() {
            Some(clipboard) => pending.0 = Some(clipboard.fetch_text()),
            None => toast.show("No clipboard here: type the code instead"),
        },
        KeyAction::Edit(edit) => {
            if edit == Edit::Type("}".into()) {
                editor.dedent_for_closing();
            }
            if editor.apply(edit) {
                edited(run);
            }
        }
    }
}

/// The code changed: an error it was underlined for is gone.
pub(crate) fn edited(run: &mut PuzzleRun) {
    run.board.error = None;
    if matches!(run.board.note, Note::Refused(_) | Note::Failed(_) | Note::Stopped | Note::Wrong) {
        run.board.note = Note::Ready;
    }
}

/// Runs the editor's program, or, during a run, skips to its end. A program that doesn't parse
/// shows its error and puts the cursor on it.
pub fn run_program(run: &mut PuzzleRun, editor: &mut CodeEditor, sfx: &mut MessageWriter<Sfx>) {
    if run.board.running() {
        run.board.fast_forward();
        return;
    }
    match run.board.start_run(&editor.text()) {
        Ok(()) => {
            sfx.write(Sfx::Click);
        }
        Err(error) => {
            sfx.write(Sfx::Hit);
            let (line, col) = (error.pos.line.max(1) as usize - 1, error.pos.col.max(1) as usize - 1);
            editor.place_cursor(line, col);
        }
    }
}

/// Pastes into the program once the clipboard answers.
pub(crate) fn finish_paste(
    mut pending: ResMut<PendingCodePaste>,
    mut run: ResMut<PuzzleRun>,
    mut editor: ResMut<CodeEditor>,
    mut toast: ResMut<Toast>,
) {
    let Some(read) = pending.0.as_mut() else { return };
    let Some(result) = read.poll_result() else { return };
    pending.0 = None;
    match result {
        Ok(text) if run.panel_open && !run.board.running() => {
            if editor.apply(Edit::Paste(text)) {
                edited(&mut run);
            }
        }
        Ok(_) => {}
        Err(error) => toast.show(format!("Couldn't read the clipboard ({error:?})")),
    }
}

/// F6 (or a gamepad's Y), anywhere in the level, looks at its next world between runs (a level
/// whose program has conditions has several, issue #32); the chips of `world_strip` do the same
/// by click or tap.
pub fn look_at_worlds(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    pause: Res<State<Pause>>,
    mut run: ResMut<PuzzleRun>,
) {
    let count = run.board.worlds.len();
    let pressed = keys.just_pressed(KeyCode::F6) || pads.iter().any(|p| p.just_pressed(GamepadButton::North));
    if pressed && *pause.get() == Pause::Running && count > 1 {
        let next = (run.board.shown + 1) % count;
        run.board.show_world(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ch(c: &str) -> Key {
        Key::Character(c.into())
    }

    #[test]
    fn keys_map_to_edits_and_shortcuts() {
        assert_eq!(key_action(&Key::Enter, None, true, false), KeyAction::Run);
        assert_eq!(key_action(&Key::F5, None, false, false), KeyAction::Run);
        assert_eq!(key_action(&Key::Enter, Some("\r"), false, false), KeyAction::Edit(Edit::Newline));
        assert_eq!(key_action(&Key::Escape, None, false, false), KeyAction::Escape);
        assert_eq!(key_action(&ch("v"), Some("v"), true, false), KeyAction::Paste);
        assert_eq!(key_action(&ch("V"), Some("V"), true, true), KeyAction::Paste);
        assert_eq!(key_action(&ch("c"), None, true, false), KeyAction::Copy);
        assert_eq!(key_action(&ch("z"), None, true, false), KeyAction::Edit(Edit::Undo));
        assert_eq!(key_action(&ch("Z"), None, true, true), KeyAction::Edit(Edit::Redo));
        assert_eq!(key_action(&ch("q"), Some("q"), true, false), KeyAction::Nothing);
        assert_eq!(key_action(&ch("p"), Some("p"), false, false), KeyAction::Edit(Edit::Type("p".into())));
        assert_eq!(key_action(&Key::Space, Some(" "), false, false), KeyAction::Edit(Edit::Type(" ".into())));
        assert_eq!(key_action(&Key::Home, None, true, false), KeyAction::Edit(Edit::DocStart));
        assert_eq!(key_action(&Key::End, None, false, false), KeyAction::Edit(Edit::End));
        assert_eq!(key_action(&Key::Tab, Some("\t"), false, false), KeyAction::Edit(Edit::Indent));
        assert_eq!(key_action(&Key::Shift, None, false, true), KeyAction::Nothing);
        assert_eq!(key_action(&ch("\u{7}"), Some("\u{7}"), false, false), KeyAction::Nothing);
    }
}
