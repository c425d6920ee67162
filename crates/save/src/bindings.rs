//! The player's key for each gameplay action (issue #29), as plain data: actions by name, keys by
//! the game's name for them (Bevy's `KeyCode` variant names: `KeyW`, `Space`, `Digit1`). This
//! crate knows no engine: it checks that a key name looks like one and that no two actions share
//! a key; the game maps names to keys and refuses the keys it keeps for itself (arrows, Enter,
//! Escape, F11, M).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::JumpKey;

/// A gameplay action a player can give a key of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Jump (Runner) and flap (tunnels).
    Jump,
    /// The explore modes' use key.
    Use,
    /// The explore modes' second action (travel, end the run).
    Second,
    Pause,
}

impl Action {
    /// Every action, in the order the settings screen lists them.
    pub const ALL: [Action; 8] = [
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Jump,
        Action::Use,
        Action::Second,
        Action::Pause,
    ];

    /// The variant's name as the save file writes it.
    pub fn name(self) -> &'static str {
        match self {
            Action::Up => "Up",
            Action::Down => "Down",
            Action::Left => "Left",
            Action::Right => "Right",
            Action::Jump => "Jump",
            Action::Use => "Use",
            Action::Second => "Second",
            Action::Pause => "Pause",
        }
    }

    /// The action a saved name stands for; `None` for a name this version doesn't know.
    pub fn from_name(name: &str) -> Option<Action> {
        Self::ALL.into_iter().find(|action| action.name() == name)
    }

    /// The settings screen's name for it.
    pub fn label(self) -> &'static str {
        match self {
            Action::Up => "Move up",
            Action::Down => "Move down",
            Action::Left => "Move left",
            Action::Right => "Move right",
            Action::Jump => "Jump / flap",
            Action::Use => "Use",
            Action::Second => "Second action",
            Action::Pause => "Pause",
        }
    }

    /// The key it has until the player picks one (the jump's follows the jump key preset, the
    /// older setting, so a save from before remapping keeps its choice).
    pub fn default_key(self, jump: JumpKey) -> &'static str {
        match self {
            Action::Up => "KeyW",
            Action::Down => "KeyS",
            Action::Left => "KeyA",
            Action::Right => "KeyD",
            Action::Jump => jump.key_name(),
            Action::Use => "KeyE",
            Action::Second => "KeyQ",
            Action::Pause => "KeyP",
        }
    }
}

/// The longest key name kept (Bevy's longest is about 20 characters).
pub const KEY_NAME_MAX: usize = 24;

/// Whether `name` looks like a key's name: 1 to [`KEY_NAME_MAX`] ASCII letters and digits. (A
/// name the game doesn't know is its business: it uses the action's default key.)
pub fn is_key_name(name: &str) -> bool {
    (1..=KEY_NAME_MAX).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The keys the player chose, by action; an action not listed has its default key.
///
/// Written as a map, `keys: (value: {Up: "KeyI", Jump: "KeyZ"}, at: …)`: one stamp for the
/// whole set, so that a merge never mixes two windows' sets into one where two actions share a
/// key.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Bindings(pub(crate) BTreeMap<Action, String>);

impl Bindings {
    /// The key the player chose for `action`, if they chose one.
    pub fn get(&self, action: Action) -> Option<&str> {
        self.0.get(&action).map(String::as_str)
    }

    /// The actions the player gave a key, with the key's name.
    pub fn iter(&self) -> impl Iterator<Item = (Action, &str)> {
        self.0.iter().map(|(action, key)| (*action, key.as_str()))
    }

    /// Whether every action has its default key.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each action's key: the player's, or the default.
    pub fn key(&self, action: Action, jump: JumpKey) -> &str {
        self.get(action).unwrap_or(action.default_key(jump))
    }

    /// The first action, other than `action`, whose key is `key`.
    pub fn holder(&self, key: &str, except: Action, jump: JumpKey) -> Option<Action> {
        Action::ALL.into_iter().find(|other| *other != except && self.key(*other, jump) == key)
    }

    /// Drops the player's keys that two actions share (a hand-edited file), until none do;
    /// returns what was dropped. Each drop restores a default, which may clash in turn: at most
    /// one pass per action.
    pub(crate) fn without_clashes(&mut self, jump: JumpKey) -> Vec<(Action, String)> {
        let mut dropped = Vec::new();
        // Defaults never clash (a test checks), so every clash has a player's key in it.
        for _ in 0..=Action::ALL.len() {
            let clash = Action::ALL
                .into_iter()
                .find(|action| self.get(*action).is_some_and(|key| self.holder(key, *action, jump).is_some()));
            let Some(action) = clash else { break };
            if let Some(key) = self.0.remove(&action) {
                dropped.push((action, key));
            }
        }
        dropped
    }
}

/// Why a key wasn't given to an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyRefused {
    /// Another action has it.
    Taken(Action),
    /// Not a key's name.
    NotAKey,
}

impl fmt::Display for KeyRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyRefused::Taken(action) => write!(f, "it is already the key for {}", action.label()),
            KeyRefused::NotAKey => f.write_str("it is not a key"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_serde() {
        for action in Action::ALL {
            assert_eq!(Action::from_name(action.name()), Some(action));
            assert_eq!(ron::to_string(&action).unwrap(), action.name());
            assert!(is_key_name(action.default_key(JumpKey::default())));
        }
        assert_eq!(Action::from_name("Fly"), None);
        assert!(!is_key_name("") && !is_key_name("Key W") && !is_key_name(&"K".repeat(25)));
    }

    #[test]
    fn the_defaults_share_no_key_whatever_the_jump_preset() {
        for jump in JumpKey::ALL {
            let bindings = Bindings::default();
            for action in Action::ALL {
                assert_eq!(bindings.holder(bindings.key(action, jump), action, jump), None, "{jump:?} {action:?}");
            }
        }
    }

    #[test]
    fn clashing_keys_from_a_file_are_dropped_until_none_clash() {
        let mut bindings = Bindings::default();
        bindings.0.insert(Action::Up, "KeyE".into()); // Use's default
        bindings.0.insert(Action::Pause, "KeyZ".into());
        bindings.0.insert(Action::Second, "KeyZ".into());
        let dropped = bindings.without_clashes(JumpKey::default());
        assert_eq!(dropped.len(), 2, "{dropped:?}");
        assert_eq!(bindings.get(Action::Up), None);
        for action in Action::ALL {
            let key = bindings.key(action, JumpKey::default());
            assert_eq!(bindings.holder(key, action, JumpKey::default()), None);
        }
        // A swap is no clash.
        let mut swapped = Bindings::default();
        swapped.0.insert(Action::Up, "KeyE".into());
        swapped.0.insert(Action::Use, "KeyW".into());
        assert!(swapped.without_clashes(JumpKey::default()).is_empty());
    }
}
