//! The jump/flap key choice as plain data: its variants, names, labels and cycling. The game maps
//! each variant to its key codes; this crate knows no engine.

use serde::{Deserialize, Serialize};

/// The keyboard keys that jump (Runner) and flap (tunnels); the gamepad's (A) always does.
///
/// Saved by variant name (`jump_key: (value: Z, at: …)`). A name this version doesn't know is
/// not an error: the setting falls back to [`JumpKey::default`] (see [`crate::Mended`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum JumpKey {
    /// Space, the up arrow or W.
    #[default]
    SpaceUpW,
    /// Space only (for players who steer with W).
    Space,
    Z,
    X,
    J,
}

impl JumpKey {
    /// Every choice, in the order the settings screen cycles through them.
    pub const ALL: [JumpKey; 5] = [JumpKey::SpaceUpW, JumpKey::Space, JumpKey::Z, JumpKey::X, JumpKey::J];

    /// The variant's name as the save file writes it.
    pub fn name(self) -> &'static str {
        match self {
            JumpKey::SpaceUpW => "SpaceUpW",
            JumpKey::Space => "Space",
            JumpKey::Z => "Z",
            JumpKey::X => "X",
            JumpKey::J => "J",
        }
    }

    /// The variant a saved name stands for; `None` for a name this version doesn't know.
    pub fn from_name(name: &str) -> Option<JumpKey> {
        Self::ALL.into_iter().find(|key| key.name() == name)
    }

    /// The settings screen's text for this choice.
    pub fn label(self) -> &'static str {
        match self {
            JumpKey::SpaceUpW => "Space, Up or W",
            JumpKey::Space => "Space only",
            JumpKey::Z => "Z",
            JumpKey::X => "X",
            JumpKey::J => "J",
        }
    }

    /// The key's name for on-screen hints ("Flap (Space) to take off").
    pub fn hint(self) -> &'static str {
        match self {
            JumpKey::SpaceUpW | JumpKey::Space => "Space",
            JumpKey::Z => "Z",
            JumpKey::X => "X",
            JumpKey::J => "J",
        }
    }

    /// The name of its main key (the game's name, as [`crate::Bindings`] keeps keys): the key
    /// the jump has until the player picks another.
    pub fn key_name(self) -> &'static str {
        match self {
            JumpKey::SpaceUpW | JumpKey::Space => "Space",
            JumpKey::Z => "KeyZ",
            JumpKey::X => "KeyX",
            JumpKey::J => "KeyJ",
        }
    }

    /// The next (`steps` > 0) or previous choice, wrapping around.
    pub fn cycled(self, steps: i32) -> JumpKey {
        let count = Self::ALL.len() as i32;
        let at = Self::ALL.iter().position(|k| *k == self).unwrap_or(0) as i32;
        Self::ALL[(at + steps).rem_euclid(count) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycling_wraps_both_ways() {
        assert_eq!(JumpKey::SpaceUpW.cycled(-1), JumpKey::J);
        assert_eq!(JumpKey::J.cycled(1), JumpKey::SpaceUpW);
        assert_eq!(JumpKey::Space.cycled(2), JumpKey::X);
        assert_eq!(JumpKey::Z.cycled(5 * 7), JumpKey::Z);
        assert_eq!(JumpKey::Z.cycled(i32::MIN / 2), JumpKey::Z.cycled((i32::MIN / 2).rem_euclid(5)));
    }

    #[test]
    fn names_round_trip_and_match_serde() {
        for key in JumpKey::ALL {
            assert_eq!(JumpKey::from_name(key.name()), Some(key));
            assert_eq!(ron::to_string(&key).unwrap(), key.name());
            assert!(!key.label().is_empty() && !key.hint().is_empty());
        }
        assert_eq!(JumpKey::from_name("K"), None);
    }
}
