//! The keyboard keys behind each action (issue #29): the player's choice for each from the save
//! (kept there by name), mapped to key codes, with the keys the game keeps for itself.
//!
//! Kept keys, never offered: the arrows move and steer the menus, Enter confirms and uses, Escape
//! goes back and pauses, Tab moves down the menus, F11 and M are shortcuts, and Ctrl and Alt make
//! the copy, paste and fullscreen chords. So whatever the player binds, the menus stay reachable.
//! The gamepad's buttons are not remapped.

use bevy::prelude::KeyCode;
use seedfeast_save::{Action, JumpKey, Settings};

/// The keys a player may give an action: (code, the save's name for it, its label on screen).
macro_rules! choosable {
    ($($code:ident => $label:expr),* $(,)?) => {
        &[$((KeyCode::$code, stringify!($code), $label)),*]
    };
}

pub(crate) const CHOOSABLE: &[(KeyCode, &str, &str)] = choosable![
    KeyA => "A", KeyB => "B", KeyC => "C", KeyD => "D", KeyE => "E", KeyF => "F", KeyG => "G",
    KeyH => "H", KeyI => "I", KeyJ => "J", KeyK => "K", KeyL => "L", KeyN => "N", KeyO => "O",
    KeyP => "P", KeyQ => "Q", KeyR => "R", KeyS => "S", KeyT => "T", KeyU => "U", KeyV => "V",
    KeyW => "W", KeyX => "X", KeyY => "Y", KeyZ => "Z",
    Digit0 => "0", Digit1 => "1", Digit2 => "2", Digit3 => "3", Digit4 => "4", Digit5 => "5",
    Digit6 => "6", Digit7 => "7", Digit8 => "8", Digit9 => "9",
    Numpad0 => "Num 0", Numpad1 => "Num 1", Numpad2 => "Num 2", Numpad3 => "Num 3",
    Numpad4 => "Num 4", Numpad5 => "Num 5", Numpad6 => "Num 6", Numpad7 => "Num 7",
    Numpad8 => "Num 8", Numpad9 => "Num 9",
    Space => "Space", ShiftLeft => "Left Shift", ShiftRight => "Right Shift",
    Comma => ",", Period => ".", Slash => "/", Semicolon => ";", Quote => "'",
    BracketLeft => "[", BracketRight => "]", Backslash => "\\", Minus => "-", Equal => "=",
    Backquote => "`", Insert => "Insert", Delete => "Delete", Home => "Home", End => "End",
    PageUp => "Page Up", PageDown => "Page Down",
];

/// The code for a saved key name, if it is one a player may choose.
pub(crate) fn code_of(name: &str) -> Option<KeyCode> {
    CHOOSABLE.iter().find(|(_, n, _)| *n == name).map(|(code, _, _)| *code)
}

/// Why a saved key can't be an action's (issue #51: `Jump: "Escape"` in a hand-edited save
/// loaded silently and did nothing): one the game keeps for the menus and shortcuts, or a name
/// that isn't a key this game offers. `None` for a key a player may choose.
pub(crate) fn refusal(name: &str) -> Option<&'static str> {
    if code_of(name).is_some() {
        return None;
    }
    Some(match name {
        "Escape" | "Enter" | "NumpadEnter" | "Tab" | "F11" | "KeyM" => "the game keeps it for the menus and shortcuts",
        "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" => "the game keeps the arrows for moving and the menus",
        n if n.starts_with("Control") || n.starts_with("Alt") => "the game keeps Ctrl and Alt for its shortcuts",
        _ => "it is not a key this game offers",
    })
}

/// The save's name for a key a player may choose; `None` for the keys the game keeps.
pub(crate) fn name_of(code: KeyCode) -> Option<&'static str> {
    CHOOSABLE.iter().find(|(c, _, _)| *c == code).map(|(_, name, _)| *name)
}

/// A key's label on screen: "W", "Space", "Left Shift" (a kept key by its code's name).
pub(crate) fn label_of(code: KeyCode) -> String {
    match CHOOSABLE.iter().find(|(c, _, _)| *c == code) {
        Some((_, _, label)) => (*label).to_string(),
        None => match code {
            KeyCode::ArrowUp | KeyCode::ArrowDown | KeyCode::ArrowLeft | KeyCode::ArrowRight => "An arrow".into(),
            KeyCode::Escape => "Esc".into(),
            KeyCode::Enter | KeyCode::NumpadEnter => "Enter".into(),
            other => format!("{other:?}"),
        },
    }
}

/// The label of a saved key name ("KeyW" → "W").
pub(crate) fn label_of_name(name: &str) -> String {
    code_of(name).map_or_else(|| name.to_string(), label_of)
}

/// The keys that jump (Runner) and flap (tunnels) for the older preset setting: the jump's keys
/// until the player picks one of their own.
pub(crate) fn jump_keys(setting: JumpKey) -> &'static [KeyCode] {
    match setting {
        JumpKey::SpaceUpW => &[KeyCode::Space, KeyCode::ArrowUp, KeyCode::KeyW],
        JumpKey::Space => &[KeyCode::Space],
        JumpKey::Z => &[KeyCode::KeyZ],
        JumpKey::X => &[KeyCode::KeyX],
        JumpKey::J => &[KeyCode::KeyJ],
    }
}

/// Every action's keys now, from the settings: what the input layer reads actions through.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Eq)]
pub struct KeyMap {
    keys: [Vec<KeyCode>; Action::ALL.len()],
}

impl Default for KeyMap {
    fn default() -> Self {
        KeyMap::from_settings(&Settings::default())
    }
}

impl KeyMap {
    /// Each action's key (the player's, or its default; a name this game can't use counts as
    /// no choice), the keys the game keeps for it, and, while the player hasn't rebound it, the
    /// extra keys it always had (Space uses, T is the second action, the jump preset's keys)
    /// unless the player gave one of those to another action.
    pub(crate) fn from_settings(settings: &Settings) -> KeyMap {
        let jump = settings.jump_key();
        let chosen: Vec<KeyCode> = settings.bindings().iter().filter_map(|(_, name)| code_of(name)).collect();
        let keys = Action::ALL.map(|action| {
            let own = settings.bindings().get(action).and_then(code_of);
            let default = code_of(action.default_key(jump)).unwrap_or(KeyCode::Space);
            let mut keys = vec![own.unwrap_or(default)];
            keys.extend_from_slice(match action {
                Action::Up => &[KeyCode::ArrowUp],
                Action::Down => &[KeyCode::ArrowDown],
                Action::Left => &[KeyCode::ArrowLeft],
                Action::Right => &[KeyCode::ArrowRight],
                Action::Use => &[KeyCode::Enter, KeyCode::NumpadEnter],
                Action::Pause => &[KeyCode::Escape],
                Action::Jump | Action::Second => &[],
            });
            if own.is_none() {
                let extras: &[KeyCode] = match action {
                    Action::Jump => jump_keys(jump),
                    Action::Use => &[KeyCode::Space],
                    Action::Second => &[KeyCode::KeyT],
                    _ => &[],
                };
                for key in extras {
                    if !keys.contains(key) && !chosen.contains(key) {
                        keys.push(*key);
                    }
                }
            }
            keys
        });
        KeyMap { keys }
    }

    /// The keys that do `action`.
    pub fn keys(&self, action: Action) -> &[KeyCode] {
        let at = Action::ALL.iter().position(|a| *a == action).unwrap_or(0);
        &self.keys[at]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_key_is_choosable_and_names_round_trip() {
        for jump in JumpKey::ALL {
            for action in Action::ALL {
                assert!(code_of(action.default_key(jump)).is_some(), "{action:?} {jump:?}");
            }
        }
        for (code, name, label) in CHOOSABLE {
            assert_eq!((code_of(name), name_of(*code)), (Some(*code), Some(*name)));
            assert_eq!(format!("{code:?}"), *name, "the save names keys as Bevy does");
            assert!(!label.is_empty());
        }
        for kept in [KeyCode::Escape, KeyCode::Enter, KeyCode::ArrowUp, KeyCode::KeyM, KeyCode::F11, KeyCode::Tab] {
            assert_eq!(name_of(kept), None, "{kept:?} is the game's");
        }
    }

    #[test]
    fn the_defaults_are_todays_keys_and_a_choice_replaces_them() {
        let map = KeyMap::default();
        assert_eq!(map.keys(Action::Jump), [KeyCode::Space, KeyCode::ArrowUp, KeyCode::KeyW]);
        assert_eq!(map.keys(Action::Use), [KeyCode::KeyE, KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]);
        assert_eq!(map.keys(Action::Up), [KeyCode::KeyW, KeyCode::ArrowUp]);
        let mut settings = Settings::default();
        settings.bind_key(Action::Up, "KeyI", 1).unwrap();
        settings.bind_key(Action::Pause, "KeyT", 2).unwrap();
        settings.bind_key(Action::Jump, "KeyZ", 3).unwrap();
        let map = KeyMap::from_settings(&settings);
        assert_eq!(map.keys(Action::Up), [KeyCode::KeyI, KeyCode::ArrowUp]);
        assert_eq!(map.keys(Action::Jump), [KeyCode::KeyZ], "a chosen jump key is the only one");
        assert_eq!(map.keys(Action::Second), [KeyCode::KeyQ], "T went to Pause");
    }
}
