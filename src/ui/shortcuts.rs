//! Keys that work on every screen: F11 or Alt+Enter switch fullscreen on and off, M mutes the
//! sound (not while text is typed: an `m` in a seed or a program is a letter). The settings
//! screen has an entry for each. Both are saved with the settings and come back at the next
//! start.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};

use crate::input::{TypingFocus, alt_held};
use crate::save::clock::now_ms;
use crate::save::{Save, SaveStore};
use crate::state::Screen;
use crate::toast::Toast;

/// How the game is shown and heard, beyond the volume and keys: fullscreen and mute, as saved
/// (kept here too so that sound and the window read one small resource).
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
        .add_systems(PreUpdate, (follow_save, shortcut_keys).chain().after(bevy::input::InputSystems))
        .add_systems(Update, apply_window_mode);
}

/// Fullscreen and mute follow the save: as loaded at start (so they survive a restart) and as
/// changed here or in another window.
fn follow_save(save: Res<Save>, mut presentation: ResMut<Presentation>) {
    if !save.is_changed() {
        return;
    }
    let settings = save.settings();
    let saved = Presentation { fullscreen: settings.fullscreen(), muted: settings.muted() };
    if *presentation != saved {
        *presentation = saved;
    }
}

fn shortcut_keys(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<TypingFocus>,
    screen: Option<Res<State<Screen>>>,
    mut presentation: ResMut<Presentation>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut toast: ResMut<Toast>,
) {
    let enter = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]);
    if keys.just_pressed(KeyCode::F11) || (enter && alt_held(&keys)) {
        toggle_fullscreen(&mut presentation, &mut save, &store, &mut toast);
    }
    // The seed screen types every letter into its box.
    let typing = focus.0 || screen.is_some_and(|screen| *screen.get() == Screen::SeedSelect);
    if keys.just_pressed(KeyCode::KeyM) && !typing {
        toggle_mute(&mut presentation, &mut save, &store, &mut toast);
    }
}

/// Switches fullscreen and saves it (a failed save is shown; the switch still holds).
pub(crate) fn toggle_fullscreen(
    presentation: &mut Presentation,
    save: &mut Save,
    store: &SaveStore,
    toast: &mut Toast,
) {
    presentation.fullscreen = !presentation.fullscreen;
    save.settings_mut().set_fullscreen(presentation.fullscreen, now_ms());
    save.commit(store, toast);
}

/// Switches the sound off or on and saves it.
pub(crate) fn toggle_mute(presentation: &mut Presentation, save: &mut Save, store: &SaveStore, toast: &mut Toast) {
    presentation.muted = !presentation.muted;
    save.settings_mut().set_muted(presentation.muted, now_ms());
    toast.show(if presentation.muted { "Sound off (M turns it on)" } else { "Sound on" });
    save.commit(store, toast);
}

/// The window follows the setting (borderless fullscreen on the monitor the window is on), and
/// so does a window that opens later (the saved setting applies at start).
fn apply_window_mode(presentation: Res<Presentation>, mut windows: Query<&mut Window>) {
    let mode = if presentation.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    for mut window in &mut windows {
        if (presentation.is_changed() || window.is_added()) && window.mode != mode {
            window.mode = mode;
        }
    }
}
