//! The screens a player moves through, and the pause sub-state of a run.

use bevy::prelude::*;

#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    ModeSelect,
    SeedSelect,
    /// The seeds played in the chosen mode, favourites first.
    SeedHistory,
    /// Volume and controls.
    Settings,
    Playing,
    GameOver,
    /// The data files failed to load; the error is shown instead of a broken run.
    DataError,
}

#[derive(SubStates, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Pause {
    #[default]
    Running,
    Paused,
    /// The settings, opened from the pause: the run waits under them.
    Settings,
}

/// Registers the states, starting on `initial` (the title, a run started from the command
/// line, or the data-error screen).
pub(crate) struct StatePlugin {
    pub initial: Screen,
}

impl Plugin for StatePlugin {
    fn build(&self, app: &mut App) {
        app.insert_state(self.initial).add_sub_state::<Pause>();
    }
}
