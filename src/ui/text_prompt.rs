//! A line of typed text the game asks for (a board's address, the player's name): typed keys
//! and Ctrl+V edit it, Enter answers, Esc leaves it. While it is open it has the keyboard, so
//! typing never moves a menu. The answer is checked by whoever asked ([`PromptAnswered`]); a
//! refusal says why on the prompt's line and the prompt stays open.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::input::{Actions, TypingFocus};
use crate::palette;
use crate::ui::menu::MenuSystems;
use crate::ui::widgets::text;

/// What a prompt is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptFor {
    BoardAddress,
    PlayerName,
    /// The name, asked for by *Submit to board* when none is set: the run is sent once it is.
    NameThenSubmit,
    /// A seed code or words, on the seed screen: played once it reads as a seed.
    SeedCode,
}

impl PromptFor {
    pub fn label(self) -> &'static str {
        match self {
            PromptFor::BoardAddress => "Board address (empty: no board)",
            PromptFor::PlayerName | PromptFor::NameThenSubmit => "Your name on boards",
            PromptFor::SeedCode => "A seed code or any words",
        }
    }
}

/// The open prompt, if any.
#[derive(Resource, Default)]
pub struct TextPrompt {
    pub open: Option<PromptFor>,
    pub text: String,
    /// Why the last answer was refused.
    pub note: String,
    pub max_chars: usize,
    paste: Option<ClipboardRead>,
}

impl TextPrompt {
    /// Opens a prompt holding `text` to start from.
    pub fn ask(&mut self, purpose: PromptFor, text: &str, max_chars: usize, focus: &mut TypingFocus) {
        *self = TextPrompt { open: Some(purpose), text: text.to_string(), max_chars, ..default() };
        focus.0 = true;
    }

    pub fn close(&mut self, focus: &mut TypingFocus) {
        if self.open.take().is_some() {
            focus.0 = false;
        }
        self.note.clear();
        self.paste = None;
    }

    fn push(&mut self, typed: &str) {
        for c in typed.chars().filter(|c| !c.is_control()) {
            if self.text.chars().count() < self.max_chars {
                self.text.push(c);
            } else {
                self.note = format!("At most {} characters", self.max_chars);
            }
        }
    }
}

/// Enter was pressed on an open prompt: check `text`, then close the prompt (or set its note).
#[derive(Event, Debug, Clone)]
pub struct PromptAnswered {
    pub purpose: PromptFor,
    pub text: String,
}

/// The line that shows the open prompt; every screen that asks has one.
#[derive(Component)]
pub(crate) struct PromptLine;

pub(crate) fn prompt_line() -> impl Bundle {
    (PromptLine, text("", 20.0, palette::ACCENT), Node { max_width: px(760), ..default() })
}

/// Where the prompt reads its keys (the browser's input mirrors into it after).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct PromptSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<TextPrompt>()
        .add_systems(
            Update,
            (type_into_prompt.before(MenuSystems), finish_prompt_paste, show_prompt)
                .chain()
                .in_set(PromptSystems)
                // Not under *How was this made?*: it has the keys while it is open.
                .run_if(not(resource_exists::<crate::ui::how_made::HowMade>)),
        )
        .add_systems(Update, close_on_leaving.run_if(state_changed::<crate::state::Screen>));
}

/// A prompt belongs to the screen that opened it.
fn close_on_leaving(mut prompt: ResMut<TextPrompt>, mut focus: ResMut<TypingFocus>) {
    if prompt.open.is_some() {
        prompt.close(&mut focus);
    }
}

fn type_into_prompt(
    mut commands: Commands,
    mut typed: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut prompt: ResMut<TextPrompt>,
    mut focus: ResMut<TypingFocus>,
    mut actions: ResMut<Actions>,
    clipboard: Option<ResMut<Clipboard>>,
) {
    let Some(purpose) = prompt.open else {
        typed.clear();
        return;
    };
    // A pad can't type: its (B) leaves the prompt. Nothing else acts while it is open, so no
    // key typed here is a menu's Enter, Esc or move.
    let back = actions.back;
    *actions = Actions::default();
    if back {
        prompt.close(&mut focus);
        return;
    }
    // In the browser the page's own input has the keys (src/web_text.rs).
    if cfg!(target_arch = "wasm32") {
        typed.clear();
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight]);
    let mut clipboard = clipboard;
    for key in typed.read() {
        if !key.state.is_pressed() {
            continue;
        }
        match &key.logical_key {
            Key::Escape => {
                prompt.close(&mut focus);
                return;
            }
            Key::Enter => {
                commands.trigger(PromptAnswered { purpose, text: prompt.text.clone() });
                return;
            }
            Key::Backspace => {
                prompt.text.pop();
                prompt.note.clear();
            }
            Key::Character(c) if ctrl && c.eq_ignore_ascii_case("v") => match clipboard.as_mut() {
                Some(clipboard) => prompt.paste = Some(clipboard.fetch_text()),
                None => prompt.note = "No clipboard here: type it instead".into(),
            },
            _ if ctrl => {}
            _ => {
                if let Some(text) = &key.text {
                    prompt.push(text);
                }
            }
        }
    }
}

fn finish_prompt_paste(mut prompt: ResMut<TextPrompt>) {
    let Some(result) = prompt.paste.as_mut().and_then(|read| read.poll_result()) else { return };
    prompt.paste = None;
    match result {
        // One line of it: an address or a name never spans lines.
        Ok(text) => {
            let line = text.lines().next().unwrap_or_default().trim().to_string();
            prompt.push(&line);
        }
        Err(error) => prompt.note = format!("Couldn't paste: {error}"),
    }
}

fn show_prompt(prompt: Res<TextPrompt>, mut lines: Query<&mut Text, With<PromptLine>>) {
    if !prompt.is_changed() {
        return;
    }
    let line = match prompt.open {
        None => String::new(),
        Some(purpose) => {
            let note = if prompt.note.is_empty() { String::new() } else { format!("\n{}", prompt.note) };
            format!("{}: > {}_\nEnter: save   Esc: cancel   Ctrl+V: paste{note}", purpose.label(), prompt.text)
        }
    };
    for mut text in &mut lines {
        if text.0 != line {
            text.0.clone_from(&line);
        }
    }
}
