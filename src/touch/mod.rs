//! Touch screens as an input device, like the keyboard and the pad (issue #30): fingers fold into
//! the same [`Actions`] after the keys are read, so a run played by touch records, replays and
//! races exactly like one played by keys. The running mode's row says what a touch does
//! ([`scheme`], from the mode's `Controls`); the menus are tapped through Bevy UI's own buttons.
//!
//! Fingers are read from the `TouchInput` messages in order rather than from Bevy's `Touches`:
//! on a slow phone a whole tap or flick can start and end within one frame, which `Touches`
//! keeps only part of, and its fingers come out in hash-map order.

pub mod gesture;
pub mod layout;

use bevy::input::InputSystems;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::input::{Actions, LastDevice, ReadActions, TypingFocus};
use crate::mode::Controls;
use crate::session::Session;
use crate::state::{Pause, Screen};
use gesture::{ButtonKind, Finger, Gestures, MAX_FINGERS, Scheme};

/// The window size assumed where there is none (headless tests): the desktop default.
pub const NO_WINDOW: Vec2 = Vec2::new(1280.0, 720.0);

pub fn plugin(app: &mut App) {
    app.add_message::<TouchInput>()
        .init_resource::<Fingers>()
        .init_resource::<TouchGestures>()
        .init_resource::<LastTouch>()
        .add_systems(PreUpdate, (read_fingers.after(InputSystems), fold_touches.after(ReadActions)).chain());
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Startup, touch_first_on_phones);
}

/// A page whose main pointer is a finger (a phone, a tablet) starts as a touch screen: its first
/// screen is laid out finger-sized and its hints speak of taps before the first touch lands. A
/// desktop's page (a mouse, even beside a touch screen) waits for a touch, as before.
#[cfg(target_arch = "wasm32")]
fn touch_first_on_phones(mut device: ResMut<LastDevice>) {
    let coarse = js_sys::eval("window.matchMedia('(pointer: coarse)').matches").ok().and_then(|v| v.as_bool());
    if coarse == Some(true) {
        *device = LastDevice::Touch;
    }
}

/// The fingers down this frame, in the order they touched, each with where it is now. A finger
/// lifted this frame is still here (its touch and moves count) and is gone next frame.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Fingers {
    pub down: Vec<Finger>,
    lifted: Vec<u64>,
}

impl Fingers {
    /// The fingers lifted this frame (still in [`Fingers::down`] until the next), where they were.
    pub fn lifted_now(&self) -> impl Iterator<Item = &Finger> {
        self.down.iter().filter(|f| self.lifted.contains(&f.id))
    }
}

/// The gestures being followed in the running mode.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub(crate) struct TouchGestures(pub Gestures);

/// When (real seconds since start) a finger last touched: the on-screen controls fade while unused.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub(crate) struct LastTouch(pub Option<f32>);

fn read_fingers(
    mut messages: MessageReader<TouchInput>,
    mut fingers: ResMut<Fingers>,
    mut device: ResMut<LastDevice>,
    mut last: ResMut<LastTouch>,
    time: Res<Time<Real>>,
) {
    let Fingers { down, lifted } = &mut *fingers;
    down.retain(|f| !lifted.contains(&f.id));
    lifted.clear();
    for finger in down.iter_mut() {
        finger.began = false;
    }
    for message in messages.read() {
        match message.phase {
            TouchPhase::Started => {
                // An id lifted and touched again within one frame is a new finger, kept.
                down.retain(|f| f.id != message.id);
                lifted.retain(|id| *id != message.id);
                // More fingers than any screen reports are a broken driver or a forged page: ignored.
                if down.len() < MAX_FINGERS {
                    down.push(Finger { id: message.id, start: message.position, at: message.position, began: true });
                }
                last.0 = Some(time.elapsed_secs());
                if *device != LastDevice::Touch {
                    *device = LastDevice::Touch;
                }
            }
            TouchPhase::Moved => {
                if let Some(finger) = down.iter_mut().find(|f| f.id == message.id) {
                    finger.at = message.position;
                }
                last.0 = Some(time.elapsed_secs());
            }
            TouchPhase::Ended | TouchPhase::Canceled => {
                if down.iter().any(|f| f.id == message.id) && !lifted.contains(&message.id) {
                    lifted.push(message.id);
                }
            }
        }
    }
}

/// Adds what the fingers did to this frame's actions, during a run (the countdown included, so
/// the pause button works there; any touch also ends the countdown, as any key does).
pub(crate) fn fold_touches(
    fingers: Res<Fingers>,
    windows: Query<&Window, With<PrimaryWindow>>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    pause: Option<Res<State<Pause>>>,
    focus: Res<TypingFocus>,
    mut gestures: ResMut<TouchGestures>,
    mut actions: ResMut<Actions>,
) {
    let running = pause.is_some_and(|pause| *pause.get() == Pause::Running);
    let playing = *screen.get() == Screen::Playing && running;
    if !playing || focus.0 {
        // Fingers down now belong to whatever was on screen; the run follows only new ones.
        if gestures.0 != Gestures::default() {
            gestures.0 = Gestures::default();
        }
        // While a text field types (the puzzle's code panel), the pause button still pauses:
        // a phone has no Esc, and the pause menu is the way out.
        if playing {
            let buttons = layout::buttons(&[], window_size(&windows));
            actions.pause |= fingers.down.iter().any(|f| f.began && buttons[0].rect.contains(f.start));
        }
        return;
    }
    let (scheme, kinds) = scheme(session.mode.info().controls);
    let buttons = layout::buttons(kinds, window_size(&windows));
    let folded = gestures.0.fold(scheme, &buttons, &fingers.down);
    actions.jump |= folded.jump;
    actions.pause |= folded.pause;
    actions.act |= folded.act;
    actions.alt |= folded.alt;
    actions.confirm |= folded.confirm;
    if folded.steer.is_some() {
        actions.steer = folded.steer;
    }
    if folded.axis != IVec2::ZERO {
        actions.move_axis = folded.axis.as_vec2().normalize();
    }
}

/// What a touch on the playfield does in a mode played with `controls`, and its on-screen
/// buttons besides pause. Here, not on the mode's row, so the row's module never imports input.
pub fn scheme(controls: Controls) -> (Scheme, &'static [ButtonKind]) {
    match controls {
        Controls::Jump | Controls::Flap => (Scheme::Tap, &[]),
        // Swipes anywhere, or the D-pad's arms for players who prefer buttons.
        Controls::Turn => (Scheme::Swipe, &layout::D_PAD),
        // The Arena reads only the held direction: its stick presses nothing.
        Controls::Move => (Scheme::Stick { steers: false }, &[]),
        Controls::Explore => (Scheme::Stick { steers: true }, &[ButtonKind::Use, ButtonKind::Travel]),
        Controls::Code => (Scheme::Stick { steers: true }, &[ButtonKind::Code]),
    }
}

/// The primary window's size in logical px ([`NO_WINDOW`] where there is none).
pub(crate) fn window_size(windows: &Query<&Window, With<PrimaryWindow>>) -> Vec2 {
    windows.single().map(|w| Vec2::new(w.width(), w.height())).unwrap_or(NO_WINDOW)
}
