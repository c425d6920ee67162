//! A run pauses when the player leaves it (issue #30): the window loses focus, the browser tab
//! is hidden or the phone is locked (winit reports both of those as the window occluded). On
//! return the pause screen waits; nothing ran while they were gone, so no life was lost.

use bevy::prelude::*;
use bevy::window::{WindowFocused, WindowOccluded};

use crate::state::Pause;

pub fn plugin(app: &mut App) {
    // Headless apps have no window plugin; registering is harmless where it already is.
    app.add_message::<WindowFocused>()
        .add_message::<WindowOccluded>()
        // Before the state transition, so a frame that brings back a long absence (time is
        // clamped, but still whole steps) runs none of them.
        .add_systems(PreUpdate, pause_when_left);
}

/// `had_focus`: a window that never had the focus (one opened under a bare X server, with no
/// window manager to give it) can be told it lost it; that is no player leaving.
fn pause_when_left(
    mut focused: MessageReader<WindowFocused>,
    mut occluded: MessageReader<WindowOccluded>,
    windows: Query<&Window>,
    mut had_focus: Local<bool>,
    pause: Option<Res<State<Pause>>>,
    mut next: Option<ResMut<NextState<Pause>>>,
) {
    *had_focus |= windows.iter().any(|window| window.focused);
    // Read both every frame, so an old message never pauses a later run. The last word wins: a
    // focus lost and found within one frame is no leaving.
    let mut lost_focus = false;
    for message in focused.read() {
        *had_focus |= message.focused;
        lost_focus = !message.focused && *had_focus;
    }
    let hidden = occluded.read().fold(false, |_, message| message.occluded);
    let running = pause.is_some_and(|pause| *pause.get() == Pause::Running);
    if (lost_focus || hidden)
        && running
        && let Some(next) = next.as_mut()
    {
        next.set(Pause::Paused);
    }
}
