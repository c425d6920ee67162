//! The UI scales with its window (issue #30): every screen is laid out for 1280×720, and
//! [`UiScale`] makes that the smaller of the window's width and height ratios, so a screen that
//! fits 1280×720 fits every window from 640×360 to 4K, at the same proportions (and the text
//! size setting multiplies on top). Windowed game only: headless tests lay out nothing.
//!
//! On a touch screen a phone's short side would make the menus' 48 px buttons about 26 px, under
//! the 44 a finger needs: there the UI grows towards [`TOUCH_SCALE`] for as long as the screen's
//! card ([`FitContent`]) is no wider than the window, so every menu gets finger-sized buttons; a
//! card taller than the window then scrolls (`ui::scroll`).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::input::LastDevice;

/// The size every screen is laid out for.
pub(crate) const DESIGN: Vec2 = Vec2::new(1280.0, 720.0);
/// Below this the text is too small to read; a smaller window crops instead. Low enough that a
/// phone held upright (390 px wide) still shows every screen whole, if small: it is asked to
/// turn sideways ([`crate::ui::touch_controls`]).
pub(crate) const MIN_SCALE: f32 = 0.3;
/// A 4K window shows the 1280×720 layout three times over.
pub(crate) const MAX_SCALE: f32 = 3.0;

/// The scale a touch screen's menus grow to where their card fits: a 48 px button is then 46 CSS
/// px, above the 44 a finger needs.
pub const TOUCH_SCALE: f32 = 0.95;
const _: () = assert!(48.0 * TOUCH_SCALE >= 44.0, "a menu button at the touch scale is finger-sized");
/// Space kept between a grown card and the window's edges (window px).
const TOUCH_MARGIN: f32 = 12.0;

/// A screen's card (menus, pause, game over): what must fit when a touch screen's UI grows.
#[derive(Component, Default)]
pub struct FitContent;

/// The least height (CSS px) a menu button has on a touch screen, whatever the UI's scale: above
/// the 44 a finger needs.
pub const FINGER: f32 = 46.0;

pub fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, (fit_to_window, finger_sized_buttons).chain());
}

/// A menu button's least height as designed, before a touch screen stretches it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct DesignedHeight(pub Val);

/// On a touch screen every menu button is at least [`FINGER`] CSS px tall, whatever the scale a
/// card's width leaves the UI at (the mode list's blurbs and the seed screen's columns are wide):
/// its least height grows in UI px as the scale shrinks, and a screen that grows too tall for
/// the window scrolls (`ui::scroll`). With a keyboard, mouse or pad, the designed height.
fn finger_sized_buttons(
    mut commands: Commands,
    device: Res<LastDevice>,
    scale: Res<UiScale>,
    mut items: Query<(Entity, &mut Node, Option<&DesignedHeight>), With<crate::ui::menu::MenuItem>>,
) {
    let touch = *device == LastDevice::Touch;
    for (entity, mut node, designed) in &mut items {
        let base = match designed {
            Some(designed) => designed.0,
            None => {
                commands.entity(entity).insert(DesignedHeight(node.min_height));
                node.min_height
            }
        };
        let wanted = finger_height(base, touch, scale.0);
        if node.min_height != wanted {
            node.min_height = wanted;
        }
    }
}

/// A button's least height: as designed, or on a touch screen at least [`FINGER`] CSS px at `scale`.
pub(crate) fn finger_height(designed: Val, touch: bool, scale: f32) -> Val {
    match designed {
        Val::Px(height) if touch => Val::Px(height.max(FINGER / scale.max(f32::EPSILON))),
        other => other,
    }
}

/// The UI's scale for a window of `size` logical px.
pub fn scale_for(size: Vec2) -> f32 {
    let ratio = (size / DESIGN).min_element();
    if ratio.is_finite() { ratio.clamp(MIN_SCALE, MAX_SCALE) } else { 1.0 }
}

/// The UI's scale on a touch screen of `size` showing a card of `content` UI px (none while no
/// card is laid out): as [`scale_for`], grown towards [`TOUCH_SCALE`] as far as the card's width
/// fits (a taller card scrolls).
pub(crate) fn touch_scale_for(size: Vec2, content: Option<Vec2>) -> f32 {
    let base = scale_for(size);
    let Some(content) = content.filter(|c| c.x > 0.0 && c.y > 0.0) else { return base };
    let room = (size.x - 2.0 * TOUCH_MARGIN) / content.x;
    if !room.is_finite() {
        return base;
    }
    base.max(TOUCH_SCALE.min(room)).min(MAX_SCALE)
}

fn fit_to_window(
    windows: Query<&Window, With<PrimaryWindow>>,
    device: Res<LastDevice>,
    cards: Query<(&ComputedNode, &InheritedVisibility), With<FitContent>>,
    mut scale: ResMut<UiScale>,
) {
    let Ok(window) = windows.single() else { return };
    let size = Vec2::new(window.width(), window.height());
    let now = if *device == LastDevice::Touch {
        // The largest card on screen, in UI px (a node's computed size is in physical px).
        let content = cards
            .iter()
            .filter(|(node, visible)| visible.get() && !node.is_empty())
            .map(|(node, _)| node.size() * node.inverse_scale_factor())
            .reduce(Vec2::max);
        touch_scale_for(size, content)
    } else {
        scale_for(size)
    };
    if (scale.0 - now).abs() > 1e-3 {
        scale.0 = now;
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

    #[test]
    fn on_a_touch_screen_every_button_is_finger_sized_at_any_scale() {
        for scale in [0.3, 0.54, 0.8, TOUCH_SCALE, 1.0, 3.0] {
            let Val::Px(height) = finger_height(Val::Px(38.0), true, scale) else { panic!() };
            assert!(height * scale >= 44.0, "{scale}: {height} UI px");
            assert!(height >= 38.0, "never smaller than designed");
        }
        assert_eq!(finger_height(Val::Px(38.0), false, 0.3), Val::Px(38.0), "not on a keyboard's screen");
        assert_eq!(finger_height(Val::Auto, true, 0.3), Val::Auto);
    }

    #[test]
    fn on_a_touch_screen_a_card_that_fits_grows_to_finger_sized_buttons() {
        let phone = Vec2::new(844.0, 390.0);
        // A short menu (a title card of 500×330 UI px) grows to the touch scale: 48 px buttons
        // become 46 CSS px.
        assert_eq!(touch_scale_for(phone, Some(Vec2::new(500.0, 330.0))), TOUCH_SCALE);
        // A taller one grows too, and scrolls (`ui::scroll`): its buttons are what a finger needs.
        assert_eq!(touch_scale_for(phone, Some(Vec2::new(600.0, 900.0))), TOUCH_SCALE);
        // A wider one grows only as far as its width still fits, margins kept.
        let wide = Vec2::new(1000.0, 300.0);
        let grown = touch_scale_for(phone, Some(wide));
        assert!(grown > scale_for(phone) && grown < TOUCH_SCALE, "{grown}");
        assert!(wide.x * grown <= phone.x - 2.0 * TOUCH_MARGIN + 1e-3);
        // One that doesn't fit even at the plain scale keeps the plain scale, never less.
        assert_eq!(touch_scale_for(phone, Some(Vec2::new(1800.0, 900.0))), scale_for(phone));
        // No card laid out yet, or an empty one: the plain scale.
        assert_eq!(touch_scale_for(phone, None), scale_for(phone));
        assert_eq!(touch_scale_for(phone, Some(Vec2::ZERO)), scale_for(phone));
        // A big screen never shrinks.
        assert_eq!(touch_scale_for(Vec2::new(3840.0, 2160.0), Some(Vec2::new(500.0, 330.0))), MAX_SCALE);
    }
}
