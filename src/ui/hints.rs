//! On-screen hints that name the device the player last used ([`LastDevice`]): keys after a key
//! press, gamepad buttons after a button or a push of a stick. Each hint line carries both
//! wordings and shows one.

use bevy::prelude::*;

use crate::input::LastDevice;
use crate::ui::widgets::text;

/// A hint line's wordings.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub keys: String,
    pub pad: String,
    /// On a touch screen; empty where the screen's buttons say it all (the menus are tapped).
    pub touch: String,
}

impl Hint {
    pub fn new(keys: impl Into<String>, pad: impl Into<String>) -> Hint {
        Hint { keys: keys.into(), pad: pad.into(), touch: String::new() }
    }

    /// The same hint with a wording for touch screens.
    pub(crate) fn with_touch(self, touch: impl Into<String>) -> Hint {
        Hint { touch: touch.into(), ..self }
    }

    /// The wording for `device`.
    pub(crate) fn for_device(&self, device: LastDevice) -> &str {
        match device {
            LastDevice::Keyboard => &self.keys,
            LastDevice::Gamepad => &self.pad,
            LastDevice::Touch => &self.touch,
        }
    }
}

/// A centred line of hint text (as [`text`] makes), in the wording for the last device.
pub(crate) fn hint_text(hint: Hint, size: f32, color: Color) -> impl Bundle {
    (text(hint.keys.clone(), size, color), hint)
}

/// The menus' own hint lines.
pub mod menus {
    use super::Hint;

    pub fn choose() -> Hint {
        Hint::new("Arrows to choose, Enter to confirm", "D-pad to choose, (A) to confirm, (B) to go back")
    }

    pub fn settings() -> Hint {
        Hint::new(
            "Left/Right or Enter to change; Enter on an action, then its new key. Saved at once. F11: fullscreen   M: mute",
            "D-pad left/right or (A) to change; (A) on an action, then its new button. Saved at once",
        )
    }

    pub fn history() -> Hint {
        Hint::new("Enter: play   F: star or unstar   Esc: back", "(A): play   (Y): star or unstar   (B): back")
    }

    pub fn seed_screen() -> Hint {
        Hint::new(
            "Type a friend's code or any words, then Enter. Ctrl+C copies, Ctrl+V pastes.",
            "(A) chooses; Paste code takes a friend's code from the clipboard. (B): back",
        )
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, show_hints);
}

/// Rewords every hint when the device changes, and each new one as it appears.
fn show_hints(device: Res<LastDevice>, mut hints: Query<(Ref<Hint>, &mut Text)>) {
    for (hint, mut text) in &mut hints {
        if device.is_changed() || hint.is_changed() {
            let wording = hint.for_device(*device);
            if text.0 != wording {
                text.0 = wording.to_string();
            }
        }
    }
}
