//! The keyboard keys behind each jump/flap key setting (the gamepad's (A) always jumps too).

use bevy::prelude::KeyCode;
use seedfeast_save::JumpKey;

/// The keys that jump (Runner) and flap (tunnels) for a setting.
pub fn jump_keys(setting: JumpKey) -> &'static [KeyCode] {
    match setting {
        JumpKey::SpaceUpW => &[KeyCode::Space, KeyCode::ArrowUp, KeyCode::KeyW],
        JumpKey::Space => &[KeyCode::Space],
        JumpKey::Z => &[KeyCode::KeyZ],
        JumpKey::X => &[KeyCode::KeyX],
        JumpKey::J => &[KeyCode::KeyJ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_has_keys_and_the_hint_names_one_of_them() {
        for setting in JumpKey::ALL {
            let keys = jump_keys(setting);
            assert!(!keys.is_empty());
            let hint = setting.hint().to_lowercase();
            assert!(keys.iter().any(|k| format!("{k:?}").to_lowercase().ends_with(&hint)), "{setting:?}");
        }
    }
}
