//! The seed box: type a code or any words, Enter to play it; Ctrl+C / Ctrl+V copy and paste.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use seedfeast_procgen::SeedInput;

use crate::input::Actions;
use crate::session::Session;
use crate::state::Screen;
use crate::ui::clipboard::{copy_code, start_paste};

/// Longest text accepted in the box.
pub const MAX_ENTRY: usize = 48;

/// What the player has typed, and why it was refused, if it was.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct SeedEntry {
    pub text: String,
    pub error: Option<String>,
}

impl SeedEntry {
    /// Applies the typed text to the session. Ok(true) when a seed was taken.
    pub fn submit(&mut self, session: &mut Session) -> bool {
        match SeedInput::parse(&self.text) {
            Ok(input) => {
                *session = Session::from_input(session.mode, &input);
                self.text.clear();
                self.error = None;
                true
            }
            Err(error) => {
                self.error = Some(error.to_string());
                false
            }
        }
    }
}

/// Reads typed keys on the seed screen. Runs before the menu, and takes Enter for itself while
/// there is typed text.
pub fn type_seed(
    mut commands: Commands,
    mut typed: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut entry: ResMut<SeedEntry>,
    mut session: ResMut<Session>,
    mut actions: ResMut<Actions>,
    mut next: ResMut<NextState<Screen>>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight]);
    for key in typed.read() {
        if !key.state.is_pressed() {
            continue;
        }
        match &key.logical_key {
            Key::Backspace => {
                entry.text.pop();
                entry.error = None;
            }
            Key::Enter if !entry.text.trim().is_empty() => {
                actions.confirm = false;
                if entry.submit(&mut session) {
                    next.set(Screen::Playing);
                }
            }
            Key::Character(c) if ctrl && c.eq_ignore_ascii_case("c") => commands.run_system_cached(copy_code),
            Key::Character(c) if ctrl && c.eq_ignore_ascii_case("v") => commands.run_system_cached(start_paste),
            _ if ctrl => {}
            _ => {
                if let Some(text) = &key.text {
                    for c in text.chars().filter(|c| !c.is_control()) {
                        if entry.text.chars().count() < MAX_ENTRY {
                            entry.text.push(c);
                        }
                    }
                    entry.error = None;
                }
            }
        }
    }
}

/// Ctrl+C copies the code on the pause and game-over screens too.
pub fn copy_shortcut(mut commands: Commands, mut typed: MessageReader<KeyboardInput>, keys: Res<ButtonInput<KeyCode>>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight, KeyCode::SuperLeft, KeyCode::SuperRight]);
    for key in typed.read() {
        if ctrl
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
    use crate::session::Mode;
    use seedfeast_procgen::Seed;

    #[test]
    fn a_typed_code_sets_the_seed_and_a_typo_explains_itself() {
        let mut session = Session { mode: Mode::Runner, seed: Seed(1), origin: None, daily: None };
        let code = Seed(987_654).code().to_string();
        let mut entry = SeedEntry { text: code.to_lowercase(), error: None };
        assert!(entry.submit(&mut session));
        assert_eq!(session.seed, Seed(987_654));
        assert!(entry.text.is_empty());

        let mut typo = SeedEntry { text: format!("{}U", &code[..code.len() - 1]), error: None };
        assert!(!typo.submit(&mut session));
        assert!(typo.error.as_deref().unwrap().contains("not a seed-code character"), "{:?}", typo.error);
        assert_eq!(session.seed, Seed(987_654), "a refused code leaves the seed alone");
    }
}
