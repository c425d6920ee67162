//! The UI scales with its window (issue #30): every screen is laid out for 1280×720, and
//! [`UiScale`] makes that the smaller of the window's width and height ratios, so a screen that
//! fits 1280×720 fits every window from 640×360 to 4K, at the same proportions (and the text
//! size setting multiplies on top). Windowed game only: headless tests lay out nothing.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The size every screen is laid out for.
pub const DESIGN: Vec2 = Vec2::new(1280.0, 720.0);
/// Below this the text is too small to read; a smaller window crops instead. Low enough that a
/// phone held upright (390 px wide) still shows every screen whole, if small: it is asked to
/// turn sideways ([`crate::ui::touch_controls`]).
pub const MIN_SCALE: f32 = 0.3;
/// A 4K window shows the 1280×720 layout three times over.
pub const MAX_SCALE: f32 = 3.0;

pub fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, fit_to_window);
}

/// The UI's scale for a window of `size` logical px.
pub fn scale_for(size: Vec2) -> f32 {
    let ratio = (size / DESIGN).min_element();
    if ratio.is_finite() { ratio.clamp(MIN_SCALE, MAX_SCALE) } else { 1.0 }
}

fn fit_to_window(windows: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>, mut scale: ResMut<UiScale>) {
    if let Ok(window) = windows.single() {
        let now = scale_for(Vec2::new(window.width(), window.height()));
        if (scale.0 - now).abs() > 1e-4 {
            scale.0 = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_fits_every_window_within_the_readable_range() {
        assert_eq!(scale_for(DESIGN), 1.0);
        assert_eq!(scale_for(Vec2::new(640.0, 360.0)), 0.5);
        assert!((scale_for(Vec2::new(390.0, 844.0)) - 390.0 / 1280.0).abs() < 1e-6, "a phone upright fits whole");
        assert_eq!(scale_for(Vec2::new(3840.0, 2160.0)), 3.0);
        // Wide or tall windows follow their short side: the 1280×720 layout always fits.
        for size in
            [Vec2::new(1920.0, 600.0), Vec2::new(844.0, 390.0), Vec2::new(1000.0, 1400.0), Vec2::new(390.0, 844.0)]
        {
            let virtual_size = size / scale_for(size);
            assert!(virtual_size.x >= DESIGN.x - 0.01 && virtual_size.y >= DESIGN.y - 0.01, "{size}: {virtual_size}");
        }
        assert_eq!(scale_for(Vec2::new(200.0, 100.0)), MIN_SCALE, "too small to read: cropped, not shrunk further");
        assert_eq!(scale_for(Vec2::ZERO), MIN_SCALE);
    }
}
