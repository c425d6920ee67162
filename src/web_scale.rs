//! In the browser, Bevy's window and the page can disagree on how many device pixels a CSS pixel
//! is: winit sizes the window from the canvas's device-pixel box, and converts touches with the
//! page's `devicePixelRatio`. On most phones the two agree. Chromium's device emulation (what the
//! phone test runs in) and some phones (bevy#9116, #11231, #25306) report a device-pixel box of
//! the CSS size with a ratio of 2 or 3. The window is then a third of the page, and every touch
//! lands three times too far.
//!
//! Where they disagree, this makes the canvas's own ratio the window's scale factor, so its
//! logical size is the page's CSS size. It also rescales each touch to match, before Bevy's
//! input (and the UI's buttons) read it. Where they agree, nothing changes.

use bevy::input::InputSystems;
use bevy::input::touch::TouchInput;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub fn plugin(app: &mut App) {
    app.init_resource::<TouchRescale>()
        .add_systems(PreUpdate, (match_canvas_ratio, rescale_touches).chain().before(InputSystems));
}

/// What a touch's position is multiplied by: 1 where the page and the window agree.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
struct TouchRescale(f32);

impl Default for TouchRescale {
    fn default() -> Self {
        TouchRescale(1.0)
    }
}

/// The canvas's CSS width and the page's device pixel ratio.
fn page_metrics() -> Option<(f32, f32)> {
    let window = web_sys::window()?;
    let canvas = window.document()?.get_element_by_id("seedfeast")?;
    let css_width = canvas.client_width() as f32;
    (css_width > 0.0).then_some((css_width, window.device_pixel_ratio() as f32))
}

fn match_canvas_ratio(mut windows: Query<&mut Window, With<PrimaryWindow>>, mut rescale: ResMut<TouchRescale>) {
    let Ok(mut window) = windows.single_mut() else { return };
    let Some((css_width, device_ratio)) = page_metrics() else { return };
    let physical = window.physical_width() as f32;
    if physical <= 0.0 || device_ratio <= 0.0 {
        return;
    }
    let canvas_ratio = physical / css_width;
    let agree = (canvas_ratio - device_ratio).abs() < 0.02;
    let wanted = if agree { None } else { Some(canvas_ratio) };
    if window.resolution.scale_factor_override() != wanted {
        window.resolution.set_scale_factor_override(wanted);
    }
    let factor = if agree { 1.0 } else { canvas_ratio / device_ratio };
    if rescale.0 != factor {
        rescale.0 = factor;
    }
}

/// winit gives a touch in device pixels by the page's ratio; Bevy divides by the window's scale
/// factor. Where those two differ, the position is put back in the window's logical pixels.
/// Each message is mutated once, in place (the mutator's cursor moves past it), before any reader.
fn rescale_touches(rescale: Res<TouchRescale>, mut touches: MessageMutator<TouchInput>) {
    for touch in touches.read() {
        if rescale.0 != 1.0 {
            touch.position *= rescale.0;
        }
    }
}
