//! Keys that work on every screen: F11 or Alt+Enter switch fullscreen on and off, M mutes the
//! sound (not while text is typed: an `m` in a seed or a program is a letter). The settings
//! screen has an entry for each.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};

use crate::input::{TypingFocus, alt_held};
use crate::state::Screen;
use crate::toast::Toast;

/// How the game is shown and heard, beyond the saved volume and keys: fullscreen and mute.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Presentation {
    pub fullscreen: bool,
    pub muted: bool,
}

impl Presentation {
    /// The volume sounds play at: the saved one, or none while muted.
    pub fn volume(self, saved: f32) -> f32 {
        if self.muted { 0.0 } else { saved }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Presentation>()
        .add_systems(PreUpdate, shortcut_keys.after(bevy::input::InputSystems))
        .add_systems(Update, apply_window_mode);
}

fn shortcut_keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<TypingFocus>,
    screen: Option<Res<State<Screen>>>,
    mut presentation: ResMut<Presentation>,
    mut toast: ResMut<Toast>,
) {
    let enter = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]);
    if keys.just_pressed(KeyCode::F11) || (enter && alt_held(&keys)) {
        toggle_fullscreen(&mut presentation);
    }
    // The seed screen types every letter into its box.
    let typing = focus.0 || screen.is_some_and(|screen| *screen.get() == Screen::SeedSelect);
    if keys.just_pressed(KeyCode::KeyM) && !typing {
        toggle_mute(&mut presentation, &mut toast);
    }
}

pub fn toggle_fullscreen(presentation: &mut Presentation) {
    presentation.fullscreen = !presentation.fullscreen;
}

pub fn toggle_mute(presentation: &mut Presentation, toast: &mut Toast) {
    presentation.muted = !presentation.muted;
    toast.show(if presentation.muted { "Sound off (M turns it on)" } else { "Sound on" });
}

/// The window follows the setting (borderless fullscreen on the monitor the window is on).
fn apply_window_mode(presentation: Res<Presentation>, mut windows: Query<&mut Window>) {
    if !presentation.is_changed() {
        return;
    }
    let mode = if presentation.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    for mut window in &mut windows {
        if window.mode != mode {
            window.mode = mode;
        }
    }
}
