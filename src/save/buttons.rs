//! The gamepad buttons behind each action (issue #29): the player's choice for each from the save
//! (kept there by name), mapped to Bevy's buttons, with the buttons the game keeps for itself.
//!
//! Kept buttons, never offered: the D-pad (and the left stick) always move and steer the menus,
//! as the arrows do on the keyboard, so each move's default is its D-pad button and a button the
//! player gives a move is one more way to make it; Start always pauses, as Escape does (it is the
//! pause's default, and a button the player gives the pause is one more); Mode is the system's.
//! The menus' own buttons stay as they are whatever is chosen: (A) confirms, (B) goes back, so
//! neither may pause (in the pause menu one press would choose an item and resume).

use bevy::prelude::GamepadButton;
use seedfeast_save::{Action, Settings};

/// The buttons a player may give an action: (button, the save's name for it, its label on
/// screen, in the Xbox layout's names that most pads print).
macro_rules! choosable {
    ($($button:ident => $label:expr),* $(,)?) => {
        &[$((GamepadButton::$button, stringify!($button), $label)),*]
    };
}

pub(crate) const CHOOSABLE: &[(GamepadButton, &str, &str)] = choosable![
    South => "(A)", East => "(B)", West => "(X)", North => "(Y)",
    LeftTrigger => "LB", RightTrigger => "RB", LeftTrigger2 => "LT", RightTrigger2 => "RT",
    LeftThumb => "Left stick press", RightThumb => "Right stick press", Select => "Select",
    C => "(C)", Z => "(Z)",
];

/// The buttons kept for one action each: the D-pad's for moving, Start for the pause; each is
/// its action's default.
const KEPT: [(Action, GamepadButton, &str, &str); 5] = [
    (Action::Up, GamepadButton::DPadUp, "DPadUp", "D-pad up"),
    (Action::Down, GamepadButton::DPadDown, "DPadDown", "D-pad down"),
    (Action::Left, GamepadButton::DPadLeft, "DPadLeft", "D-pad left"),
    (Action::Right, GamepadButton::DPadRight, "DPadRight", "D-pad right"),
    (Action::Pause, GamepadButton::Start, "Start", "Start"),
];

/// The button for a saved name: one a player may choose, or a kept one (its action's default).
pub(crate) fn button_of(name: &str) -> Option<GamepadButton> {
    let choosable = CHOOSABLE.iter().find(|(_, n, _)| *n == name).map(|(button, _, _)| *button);
    choosable.or_else(|| KEPT.iter().find(|(_, _, n, _)| *n == name).map(|(_, button, _, _)| *button))
}

/// Why a pressed button can't be given to `action`, or the save's name for it.
pub(crate) fn name_for(action: Action, button: GamepadButton) -> Result<&'static str, String> {
    if let Some((_, _, name, _)) = KEPT.iter().find(|(own, b, _, _)| *own == action && *b == button) {
        return Ok(name); // Back on its own kept button.
    }
    if action == Action::Pause && matches!(button, GamepadButton::South | GamepadButton::East) {
        return Err(format!("{} chooses in the menus, so it can't pause: press another button", label_of(button)));
    }
    match CHOOSABLE.iter().find(|(b, _, _)| *b == button) {
        Some((_, name, _)) => Ok(name),
        None if button == GamepadButton::Start => Err("Start always pauses: press another button".to_string()),
        None if KEPT.iter().any(|(_, b, _, _)| *b == button) => {
            Err(format!("{} is kept for moving and the menus: press another button", label_of(button)))
        }
        None => Err(format!("{} can't be used: press another button", label_of(button))),
    }
}

/// Why a saved button can't be `action`'s (issue #51), in the words of [`name_for`]'s refusals;
/// `None` for one it may have.
pub(crate) fn refusal(action: Action, name: &str) -> Option<&'static str> {
    let Some(button) = button_of(name) else { return Some("it is not a button this game offers") };
    match name_for(action, button) {
        Ok(_) => None,
        Err(_) if button == GamepadButton::Start => Some("Start always pauses"),
        Err(_) if KEPT.iter().any(|(_, b, _, _)| *b == button) => Some("the D-pad is kept for moving and the menus"),
        Err(_) => Some("(A) and (B) choose and go back in the menus, so they can't pause"),
    }
}

/// A button's label on screen: "(A)", "RB", "D-pad up".
pub(crate) fn label_of(button: GamepadButton) -> String {
    let choosable = CHOOSABLE.iter().find(|(b, _, _)| *b == button).map(|(_, _, label)| *label);
    let kept = || KEPT.iter().find(|(_, b, _, _)| *b == button).map(|(_, _, _, label)| *label);
    match choosable.or_else(kept) {
        Some(label) => label.to_string(),
        None => format!("{button:?}"),
    }
}

/// The label of a saved button name ("RightTrigger" → "RB").
pub(crate) fn label_of_name(name: &str) -> String {
    button_of(name).map_or_else(|| name.to_string(), label_of)
}

/// Every action's gamepad buttons now, from the settings: what the input layer reads actions
/// through.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Eq)]
pub struct ButtonMap {
    buttons: [Vec<GamepadButton>; Action::ALL.len()],
}

impl Default for ButtonMap {
    fn default() -> Self {
        ButtonMap::from_settings(&Settings::default())
    }
}

impl ButtonMap {
    /// Each action's button (the player's, or its default; a name this game can't use counts as
    /// no choice), the one the game keeps for it (a move's D-pad button, Start for the pause),
    /// and, while the player hasn't given Use a button, (A) too (it always used) unless the player
    /// gave (A) to another action.
    pub(crate) fn from_settings(settings: &Settings) -> ButtonMap {
        let chosen: Vec<GamepadButton> =
            settings.pad_bindings().iter().filter_map(|(_, name)| button_of(name)).collect();
        let buttons = Action::ALL.map(|action| {
            let own = settings.pad_bindings().get(action).and_then(button_of);
            let default = button_of(action.default_button()).unwrap_or(GamepadButton::South);
            let mut buttons = vec![own.unwrap_or(default)];
            let kept = KEPT.iter().find(|(a, ..)| *a == action).map(|(_, button, ..)| *button);
            buttons.extend(kept.filter(|button| !buttons.contains(button)));
            if action == Action::Use && own.is_none() && !chosen.contains(&GamepadButton::South) {
                buttons.push(GamepadButton::South);
            }
            buttons
        });
        ButtonMap { buttons }
    }

    /// The buttons that do `action`.
    pub fn buttons(&self, action: Action) -> &[GamepadButton] {
        let at = Action::ALL.iter().position(|a| *a == action).unwrap_or(0);
        &self.buttons[at]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_button_is_known_and_names_round_trip() {
        for action in Action::ALL {
            assert!(button_of(action.default_button()).is_some(), "{action:?}");
            let default = button_of(action.default_button()).unwrap();
            assert_eq!(name_for(action, default), Ok(action.default_button()), "{action:?} can go back to its default");
        }
        for (button, name, label) in CHOOSABLE {
            assert_eq!(button_of(name), Some(*button));
            assert_eq!(format!("{button:?}"), *name, "the save names buttons as Bevy does");
            assert!(!label.is_empty());
        }
        assert!(name_for(Action::Jump, GamepadButton::Start).unwrap_err().contains("pauses"));
        assert!(name_for(Action::Pause, GamepadButton::South).unwrap_err().contains("chooses in the menus"));
        assert!(name_for(Action::Pause, GamepadButton::East).is_err());
        assert_eq!(name_for(Action::Pause, GamepadButton::Select), Ok("Select"));
        // Every name this game gives a button is one the save keeps.
        for (_, name, _) in CHOOSABLE {
            assert!(seedfeast_save::PAD_BUTTONS.contains(name), "{name}");
        }
        for (_, _, name, _) in KEPT {
            assert!(seedfeast_save::PAD_BUTTONS.contains(&name), "{name}");
        }
        assert!(name_for(Action::Jump, GamepadButton::DPadUp).unwrap_err().contains("kept for moving"));
        assert!(name_for(Action::Down, GamepadButton::DPadUp).is_err(), "another move's D-pad button");
        assert!(name_for(Action::Use, GamepadButton::Mode).is_err());
    }

    #[test]
    fn the_defaults_are_todays_buttons_and_a_choice_replaces_them() {
        let map = ButtonMap::default();
        assert_eq!(map.buttons(Action::Jump), [GamepadButton::South]);
        assert_eq!(map.buttons(Action::Use), [GamepadButton::West, GamepadButton::South]);
        assert_eq!(map.buttons(Action::Second), [GamepadButton::North]);
        assert_eq!(map.buttons(Action::Pause), [GamepadButton::Start], "Select stays the puzzle's end-the-run");
        assert_eq!(map.buttons(Action::Up), [GamepadButton::DPadUp]);
        let mut settings = Settings::default();
        settings.bind_button(Action::Jump, "RightTrigger", 1).unwrap();
        settings.bind_button(Action::Use, "South", 2).unwrap();
        settings.bind_button(Action::Up, "North", 3).unwrap_err(); // the second action's
        settings.bind_button(Action::Second, "East", 4).unwrap();
        settings.bind_button(Action::Up, "North", 5).unwrap();
        let map = ButtonMap::from_settings(&settings);
        assert_eq!(map.buttons(Action::Jump), [GamepadButton::RightTrigger]);
        assert_eq!(map.buttons(Action::Use), [GamepadButton::South], "a chosen button is the only one");
        assert_eq!(map.buttons(Action::Up), [GamepadButton::North, GamepadButton::DPadUp], "the D-pad still moves");
        settings.bind_button(Action::Pause, "Select", 6).unwrap();
        let map = ButtonMap::from_settings(&settings);
        assert_eq!(map.buttons(Action::Pause), [GamepadButton::Select, GamepadButton::Start], "Start always too");
    }
}
