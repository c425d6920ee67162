//! The seed box: type a code or any words, Enter to play it; Ctrl+C / Ctrl+V copy and paste.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use seedfeast_procgen::SeedInput;

use crate::input::{Actions, TypingFocus};
use crate::session::{Mode, Session};
use crate::state::Screen;
use crate::ui::clipboard::{copy_code, copy_session_code, start_paste};
use crate::ui::text_prompt::{PromptAnswered, PromptFor, TextPrompt};

/// Longest text accepted in the box (more is refused, and the screen says the text was cut).
pub const MAX_ENTRY: usize = 48;

/// What the big code shows while the typed text plays no level: no code at all, rather than the
/// seed chosen before, which would read as the typed text's.
pub const NOT_A_SEED: &str = "?????-?????";

/// What the player has typed, how it reads, and why it was refused, if it was.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SeedEntry {
    pub text: String,
    pub error: Option<String>,
    /// How the typed text reads ("read as the code 2…", "read as text: …"), kept current as the
    /// player types.
    pub reading: Option<String>,
    /// Whether typed characters were refused at [`MAX_ENTRY`] (until one is deleted).
    pub cut: bool,
}

impl SeedEntry {
    /// Re-reads the typed text: how it reads, or nothing yet (a problem shows on Enter).
    pub(crate) fn reread(&mut self) {
        self.error = None;
        self.reading = SeedInput::parse(&self.text).ok().map(|input| input.reading());
    }

    /// The session the typed text plays in `mode`, or why it plays none (the message the seed
    /// screen shows, and the preview too).
    pub fn session_for(&self, mode: Mode) -> Result<Session, String> {
        Session::from_text(mode, &self.text).map(|(session, _)| session)
    }

    /// The session typed text plays in `mode`, when there is text and it reads as a seed: what
    /// the seed screen shows big, copies and plays instead of the session's own seed.
    pub(crate) fn typed_session(&self, mode: Mode) -> Option<Session> {
        if self.text.trim().is_empty() { None } else { self.session_for(mode).ok() }
    }

    /// Applies the typed text to the session. True when a seed was taken.
    pub fn submit(&mut self, session: &mut Session) -> bool {
        match self.session_for(session.mode) {
            Ok(taken) => {
                *session = taken;
                *self = SeedEntry::default();
                true
            }
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }
}

/// Reads typed keys on the seed screen. Runs before the menu, and takes Enter for itself while
/// there is typed text.
pub(crate) fn type_seed(
    mut commands: Commands,
    mut typed: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut entry: ResMut<SeedEntry>,
    mut session: ResMut<Session>,
    mut actions: ResMut<Actions>,
    mut next: ResMut<NextState<Screen>>,
    focus: Res<TypingFocus>,
) {
    // A prompt over the screen (*Type a seed*) has the keys.
    if focus.0 {
        typed.clear();
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight]);
    for key in typed.read() {
        if !key.state.is_pressed() {
            continue;
        }
        match &key.logical_key {
            Key::Backspace => {
                entry.text.pop();
                entry.cut = false;
                entry.reread();
            }
            // (Alt+Enter is fullscreen.)
            Key::Enter if !entry.text.trim().is_empty() && !crate::input::alt_held(&keys) => {
                actions.confirm = false;
                if entry.submit(&mut session) {
                    next.set(Screen::Playing);
                }
            }
            Key::Character(c) if ctrl && c.eq_ignore_ascii_case("c") => match entry.typed_session(session.mode) {
                Some(typed) => commands.run_system_cached_with(copy_session_code, typed),
                None => commands.run_system_cached(copy_code),
            },
            Key::Character(c) if ctrl && c.eq_ignore_ascii_case("v") => commands.run_system_cached(start_paste),
            _ if ctrl => {}
            _ => {
                if let Some(text) = &key.text {
                    for c in text.chars().filter(|c| !c.is_control()) {
                        if entry.text.chars().count() < MAX_ENTRY {
                            entry.text.push(c);
                        } else {
                            entry.cut = true;
                        }
                    }
                    entry.reread();
                }
            }
        }
    }
}

/// *Type a seed* (the browser's): the seed box's text in the page's own input.
pub(crate) fn on_type_seed_chosen(
    chosen: On<crate::ui::menu::MenuChosen>,
    entry: Res<SeedEntry>,
    mut prompt: ResMut<TextPrompt>,
    mut focus: ResMut<TypingFocus>,
) {
    if chosen.0 == crate::ui::menu::MenuAction::TypeSeed {
        prompt.ask(PromptFor::SeedCode, &entry.text, MAX_ENTRY, &mut focus);
    }
}

/// A seed typed in the prompt plays, as Enter in the seed box does; one that reads as no seed
/// keeps the prompt open with the reason.
pub(crate) fn on_seed_typed(
    answered: On<PromptAnswered>,
    mut entry: ResMut<SeedEntry>,
    mut session: ResMut<Session>,
    mut prompt: ResMut<TextPrompt>,
    mut focus: ResMut<TypingFocus>,
    mut next: ResMut<NextState<Screen>>,
) {
    if answered.purpose != PromptFor::SeedCode {
        return;
    }
    entry.text = answered.text.trim().to_string();
    if entry.submit(&mut session) {
        prompt.close(&mut focus);
        next.set(Screen::Playing);
    } else {
        prompt.note = entry.error.clone().unwrap_or_default();
    }
}

/// Ctrl+C copies the code on the pause and game-over screens too (not while a text field has
/// the keyboard: its Ctrl+C is its own).
pub(crate) fn copy_shortcut(
    mut commands: Commands,
    mut typed: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<TypingFocus>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight]);
    for key in typed.read() {
        if ctrl
            && !focus.0
            && key.state.is_pressed()
            && matches!(&key.logical_key, Key::Character(c) if c.eq_ignore_ascii_case("c"))
        {
            commands.run_system_cached(copy_code);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedfeast_procgen::Seed;

    #[test]
    fn a_typed_code_sets_the_seed_and_a_typo_explains_itself() {
        let mode = crate::modes::by_key("runner").unwrap();
        let mut session = Session { mode, seed: Seed(1), origin: None, daily: None, level: None };
        let code = Seed(987_654).code().to_string();
        let mut entry = SeedEntry { text: code.to_lowercase(), ..SeedEntry::default() };
        entry.reread();
        assert_eq!(entry.reading, Some(format!("read as the code {code}")));
        assert!(entry.submit(&mut session));
        assert_eq!(session.seed, Seed(987_654));
        assert!(entry.text.is_empty());

        let mut words = SeedEntry { text: "pizza party".into(), ..SeedEntry::default() };
        words.reread();
        assert_eq!(words.reading.as_deref(), Some("read as text: \"pizza party\""));

        let mut typo = SeedEntry { text: format!("{}U", &code[..code.len() - 1]), ..SeedEntry::default() };
        assert!(!typo.submit(&mut session));
        assert!(typo.error.as_deref().unwrap().contains("not a seed-code character"), "{:?}", typo.error);
        assert_eq!(session.seed, Seed(987_654), "a refused code leaves the seed alone");
    }
}
