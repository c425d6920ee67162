//! The player's key and gamepad button for each gameplay action (issue #29), as plain data:
//! actions by name, keys and buttons by the game's name for them (Bevy's `KeyCode` and
//! `GamepadButton` variant names: `KeyW`, `Space`, `Digit1`; `South`, `LeftTrigger`). This crate
//! knows no engine: it checks that a name looks like one and that no two actions share a key (or
//! a button); the game maps names to keys and buttons and refuses the ones it keeps for itself
//! (arrows, Enter, Escape, F11, M; the pad's Start).

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

    /// The gamepad button it has until the player picks one: the D-pad moves, (A) jumps, (X)
    /// uses, (Y) is the second action, Start pauses (and always does: the game keeps it).
    pub fn default_button(self) -> &'static str {
        match self {
            Action::Up => "DPadUp",
            Action::Down => "DPadDown",
            Action::Left => "DPadLeft",
            Action::Right => "DPadRight",
            Action::Jump => "South",
            Action::Use => "West",
            Action::Second => "North",
            Action::Pause => "Start",
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

/// Every gamepad button's name (Bevy's `GamepadButton` variants, but `Other`): a saved button is
/// one of these, or it is left out as no button's.
pub const PAD_BUTTONS: [&str; 19] = [
    "South",
    "East",
    "North",
    "West",
    "C",
    "Z",
    "LeftTrigger",
    "LeftTrigger2",
    "RightTrigger",
    "RightTrigger2",
    "Select",
    "Start",
    "Mode",
    "LeftThumb",
    "RightThumb",
    "DPadUp",
    "DPadDown",
    "DPadLeft",
    "DPadRight",
];

/// The longest key name kept (Bevy's longest is about 20 characters).
pub const KEY_NAME_MAX: usize = 24;

/// Whether `name` looks like a key's name: 1 to [`KEY_NAME_MAX`] ASCII letters and digits. (A
/// name the game doesn't know is its business: it uses the action's default key.)
pub fn is_key_name(name: &str) -> bool {
    (1..=KEY_NAME_MAX).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Where an action's default comes from: the keyboard's (which follows the jump key preset) or
/// the gamepad's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defaults {
    Keys(JumpKey),
    Buttons,
}

impl Defaults {
    /// Whether `name` can be one of this device's: a key's name, or one of [`PAD_BUTTONS`].
    pub fn names(self, name: &str) -> bool {
        match self {
            Defaults::Keys(_) => is_key_name(name),
            Defaults::Buttons => PAD_BUTTONS.contains(&name),
        }
    }

    /// Why a player's key (or button) that another action also has was left out. The pad's
    /// Start is not just Pause's default: the game keeps it for pausing whatever Pause's button
    /// is, so "another action has it" would send the player looking for one to move.
    pub(crate) fn clash_reason(self, key: &str) -> &'static str {
        match self {
            Defaults::Buttons if key == Action::Pause.default_button() => "Start always pauses the game",
            _ => "another action has it",
        }
    }

    /// The key or button `action` has until the player picks one.
    pub fn of(self, action: Action) -> &'static str {
        match self {
            Defaults::Keys(jump) => action.default_key(jump),
            Defaults::Buttons => action.default_button(),
        }
    }
}

/// The keys (or the gamepad buttons) the player chose, by action; an action not listed has its
/// default.
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
    pub fn key(&self, action: Action, defaults: Defaults) -> &str {
        self.get(action).unwrap_or(defaults.of(action))
    }

    /// The first action, other than `action`, whose key is `key`.
    pub fn holder(&self, key: &str, except: Action, defaults: Defaults) -> Option<Action> {
        Action::ALL.into_iter().find(|other| *other != except && self.key(*other, defaults) == key)
    }

    /// Gives `action` the key `key` (an action back on its default is listed no more), unless
    /// another action has it: the player must move that one first, since two actions on one key
    /// would do both at once.
    pub(crate) fn bound(&self, action: Action, key: &str, defaults: Defaults) -> Result<Bindings, KeyRefused> {
        if !defaults.names(key) {
            return Err(KeyRefused::NotAKey);
        }
        if let Some(other) = self.holder(key, action, defaults) {
            return Err(KeyRefused::Taken(other));
        }
        let mut bound = self.clone();
        if key == defaults.of(action) {
            bound.0.remove(&action);
        } else {
            bound.0.insert(action, key.to_string());
        }
        Ok(bound)
    }

    /// Drops the player's keys that two actions share (a hand-edited file), until none do;
    /// returns what was dropped. Each drop restores a default, which may clash in turn: at most
    /// one pass per action.
    pub(crate) fn without_clashes(&mut self, defaults: Defaults) -> Vec<(Action, String)> {
        let mut dropped = Vec::new();
        // Defaults never clash (a test checks), so every clash has a player's key in it.
        for _ in 0..=Action::ALL.len() {
            let clash = Action::ALL
                .into_iter()
                .find(|action| self.get(*action).is_some_and(|key| self.holder(key, *action, defaults).is_some()));
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
    fn the_defaults_share_no_key_whatever_the_jump_preset_nor_any_button() {
        let every = JumpKey::ALL.map(Defaults::Keys).into_iter().chain([Defaults::Buttons]);
        for defaults in every {
            let bindings = Bindings::default();
            for action in Action::ALL {
                let key = bindings.key(action, defaults);
                assert!(is_key_name(key));
                assert_eq!(bindings.holder(key, action, defaults), None, "{defaults:?} {action:?}");
            }
        }
    }

    #[test]
    fn a_taken_button_is_refused_and_a_default_is_not_listed() {
        let pad = Defaults::Buttons;
        let bindings = Bindings::default();
        assert_eq!(bindings.bound(Action::Use, "South", pad), Err(KeyRefused::Taken(Action::Jump)));
        assert_eq!(bindings.bound(Action::Use, "A button", pad), Err(KeyRefused::NotAKey));
        assert_eq!(bindings.bound(Action::Use, "Trigger", pad), Err(KeyRefused::NotAKey), "no button's name");
        for action in Action::ALL {
            assert!(PAD_BUTTONS.contains(&action.default_button()), "{action:?}");
        }
        let moved = bindings.bound(Action::Jump, "RightTrigger", pad).unwrap();
        assert_eq!(moved.key(Action::Jump, pad), "RightTrigger");
        let swapped = moved.bound(Action::Use, "South", pad).unwrap();
        assert_eq!((swapped.key(Action::Use, pad), swapped.holder("South", Action::Use, pad)), ("South", None));
        let back = swapped.bound(Action::Jump, "South", pad);
        assert_eq!(back, Err(KeyRefused::Taken(Action::Use)));
        let home = swapped.bound(Action::Use, "West", pad).unwrap();
        assert_eq!(home.get(Action::Use), None, "back on its default, so not listed");
    }

    #[test]
    fn clashing_keys_from_a_file_are_dropped_until_none_clash() {
        let mut bindings = Bindings::default();
        bindings.0.insert(Action::Up, "KeyE".into()); // Use's default
        bindings.0.insert(Action::Pause, "KeyZ".into());
        bindings.0.insert(Action::Second, "KeyZ".into());
        let dropped = bindings.without_clashes(Defaults::Keys(JumpKey::default()));
        assert_eq!(dropped.len(), 2, "{dropped:?}");
        assert_eq!(bindings.get(Action::Up), None);
        let keys = Defaults::Keys(JumpKey::default());
        for action in Action::ALL {
            let key = bindings.key(action, keys);
            assert_eq!(bindings.holder(key, action, keys), None);
        }
        // A swap is no clash.
        let mut swapped = Bindings::default();
        swapped.0.insert(Action::Up, "KeyE".into());
        swapped.0.insert(Action::Use, "KeyW".into());
        assert!(swapped.without_clashes(keys).is_empty());
    }
}
