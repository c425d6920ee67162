//! On a touch screen a menu card taller than the window scrolls (issue #30): the UI keeps its
//! finger-sized scale (`ui::fit` grows it as far as the card's width allows, not its height), the
//! screen holding the card scrolls, and a finger dragged up or down scrolls it. Windowed game
//! only; keyboard, mouse and gamepad players see the screens as before (their card always fits).
//!
//! A drag must never press the button it starts on, so on a touch screen the menus take a tap when
//! the finger lifts where it touched (`ui::menu`), not as it lands.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::input::LastDevice;
use crate::touch::Fingers;
use crate::ui::fit::FitContent;

/// How far (logical px, CSS px in the browser) a finger travels before it is a drag, not a tap.
pub(crate) const DRAG_MIN: f32 = 12.0;
/// Room kept above and below a scrolling card (UI px).
const EDGE: f32 = 12.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<Drags>().add_systems(
        Update,
        (scroll_when_taller, drag_to_scroll)
            .chain()
            .before(crate::ui::menu::MenuSystems)
            .run_if(not(resource_exists::<crate::ui::how_made::HowMade>)),
    );
}

/// The fingers that have dragged (so their lift is no tap), and where the one scrolling started.
#[derive(Resource, Default, Debug)]
pub(crate) struct Drags {
    dragged: Vec<u64>,
    /// The finger scrolling now and the scroll position it started from.
    scrolling: Option<(u64, f32)>,
}

impl Drags {
    /// Whether `finger` dragged since it touched (its lift is not a tap).
    pub(crate) fn dragged(&self, finger: u64) -> bool {
        self.dragged.contains(&finger)
    }
}

/// Whether a finger that touched at `start` and is at `at` has travelled far enough to be a drag.
pub(crate) fn is_drag(start: Vec2, at: Vec2) -> bool {
    (at - start).length() >= DRAG_MIN
}

/// The scroll position (UI px) a drag from `start_y` to `at_y` (logical px) gives, from `from`,
/// at UI scale `scale`, kept within 0..=`max`: the content follows the finger.
pub(crate) fn scrolled(from: f32, start_y: f32, at_y: f32, scale: f32, max: f32) -> f32 {
    (from + (start_y - at_y) / scale.max(f32::EPSILON)).clamp(0.0, max.max(0.0))
}

/// A screen whose card is taller than the window on a touch screen scrolls: laid out from its
/// top (a centred column would push the card's top out of reach), with room at both ends. Any
/// other way, it is centred as it was made.
fn scroll_when_taller(
    device: Res<LastDevice>,
    windows: Query<&Window, With<PrimaryWindow>>,
    scale: Res<UiScale>,
    cards: Query<(&ComputedNode, &ChildOf), With<FitContent>>,
    mut roots: Query<(&mut Node, &mut ScrollPosition)>,
) {
    let Ok(window) = windows.single() else { return };
    let room = window.height() / scale.0.max(f32::EPSILON);
    for (card, child_of) in &cards {
        let Ok((mut node, mut scroll)) = roots.get_mut(child_of.parent()) else { continue };
        let tall = card.size().y * card.inverse_scale_factor() + 2.0 * EDGE > room;
        let scrolls = *device == LastDevice::Touch && tall;
        let (overflow, justify, padding) = if scrolls {
            (Overflow::scroll_y(), JustifyContent::FlexStart, UiRect::vertical(px(EDGE)))
        } else {
            (Overflow::visible(), JustifyContent::Center, UiRect::ZERO)
        };
        if node.overflow != overflow || node.justify_content != justify || node.padding != padding {
            node.overflow = overflow;
            node.justify_content = justify;
            node.padding = padding;
        }
        if !scrolls && scroll.0 != Vec2::ZERO {
            scroll.0 = Vec2::ZERO;
        }
    }
}

/// A finger dragged on a scrolling screen scrolls it; every finger that moved far enough is
/// marked, so lifting it taps nothing.
fn drag_to_scroll(
    fingers: Option<Res<Fingers>>,
    scale: Res<UiScale>,
    mut drags: ResMut<Drags>,
    mut roots: Query<(&Node, &ComputedNode, &mut ScrollPosition)>,
) {
    let Some(fingers) = fingers else { return };
    let Drags { dragged, scrolling } = &mut *drags;
    dragged.retain(|id| fingers.down.iter().any(|f| f.id == *id));
    if scrolling.is_some_and(|(id, _)| !fingers.down.iter().any(|f| f.id == id)) {
        *scrolling = None;
    }
    for finger in &fingers.down {
        if !dragged.contains(&finger.id) && is_drag(finger.start, finger.at) {
            dragged.push(finger.id);
        }
    }
    // One finger scrolls: the first that dragged.
    let Some(finger) = fingers.down.iter().find(|f| dragged.contains(&f.id)) else { return };
    for (node, computed, mut scroll) in &mut roots {
        if node.overflow.y != OverflowAxis::Scroll {
            continue;
        }
        let from = match *scrolling {
            Some((id, from)) if id == finger.id => from,
            _ => {
                *scrolling = Some((finger.id, scroll.0.y));
                scroll.0.y
            }
        };
        let max = (computed.content_size().y - computed.size().y) * computed.inverse_scale_factor();
        let now = scrolled(from, finger.start.y, finger.at.y, scale.0, max);
        if (scroll.0.y - now).abs() > 0.01 {
            scroll.0.y = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drag_scrolls_with_the_finger_within_the_content() {
        // Up 100 logical px at scale 0.5: 200 UI px further down the content.
        assert_eq!(scrolled(0.0, 300.0, 200.0, 0.5, 500.0), 200.0);
        // Back down past the top: held at the top; past the end: held at the end.
        assert_eq!(scrolled(50.0, 100.0, 300.0, 1.0, 500.0), 0.0);
        assert_eq!(scrolled(450.0, 300.0, 0.0, 1.0, 500.0), 500.0);
        // Content that fits doesn't move.
        assert_eq!(scrolled(0.0, 300.0, 0.0, 1.0, -20.0), 0.0);
        assert!(!is_drag(Vec2::new(10.0, 10.0), Vec2::new(18.0, 15.0)), "a tap's wobble");
        assert!(is_drag(Vec2::new(10.0, 10.0), Vec2::new(10.0, 30.0)));
    }
}
