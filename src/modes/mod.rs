//! The table of modes: the one list that names them. Menus, the HUD, links, physics, the command
//! line, the digest and the sweeps all read it. Adding a mode is a folder here, a folder and its
//! registry lines in procgen, and one line below (see docs/ARCHITECTURE.md, "Adding a mode").

pub mod arena;
pub mod dungeon;
pub mod maze;
pub mod puzzle;
pub mod runner;
pub mod tunnel;

use crate::mode::{Mode, Modes};

/// Every playable mode, in menu order.
pub const MODES: &[Mode] = &[
    Mode(&runner::MODE),
    Mode(&maze::MODE),
    Mode(&arena::MODE),
    Mode(&tunnel::MODE),
    Mode(&tunnel::FOOD_TUNNEL),
    Mode(&dungeon::MODE),
    Mode(&puzzle::MODE),
];

/// The table as the app's resource.
pub fn table() -> Modes {
    Modes(MODES)
}

/// The mode with this key.
pub fn by_key(key: &str) -> Option<Mode> {
    table().by_key(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_unique_and_names_a_real_generator_and_variant() {
        let keys: Vec<&str> = MODES.iter().map(|m| m.key()).collect();
        assert_eq!(keys, ["runner", "maze", "arena", "tunnel", "food-tunnel", "dungeon", "puzzle"]);
        for (i, mode) in MODES.iter().enumerate() {
            assert!(MODES[..i].iter().all(|m| m.key() != mode.key() && m.name() != mode.name()), "{mode:?}");
            let generator = mode.generator();
            if let Some(variant) = mode.variant() {
                assert!(generator.variants().contains(&variant), "{mode:?}: {variant}");
            }
            assert!(!mode.blurb().is_empty());
        }
        assert_eq!(by_key("food-tunnel").unwrap().variant(), Some("squeeze"));
        assert!(by_key("tetris").is_none());
    }
}
