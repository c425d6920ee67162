//! A short message ("Copied 1K3F9-QZ2MX"), on every screen: at the bottom of the screen, or where
//! the screen keeps a [`ToastSlot`] for it (a place its own content leaves free, so a toast never
//! covers the seed screen's footer or the puzzle's board).

use bevy::prelude::*;
use tracing::info;

use crate::palette;

const SHOW_SECONDS: f32 = 2.5;

#[derive(Resource, Default, Debug)]
pub struct Toast {
    pub text: String,
    remaining: f32,
}

impl Toast {
    pub fn show(&mut self, text: impl Into<String>) {
        self.text = text.into();
        self.remaining = SHOW_SECONDS;
        info!("{}", self.text);
    }

    pub fn visible(&self) -> bool {
        self.remaining > 0.0
    }
}

/// A line that shows the toast.
#[derive(Component)]
struct ToastText;

/// The toast at the bottom of the screen, for screens without a slot.
#[derive(Component)]
struct FloatingToast;

/// Where a screen wants its toasts: while one is on screen, toasts show there and not at the
/// bottom of the screen. Spawn [`toast_slot`] in the screen's layout.
#[derive(Component)]
pub struct ToastSlot;

/// A place in a screen's layout for its toasts: it takes no room while no toast shows.
pub fn toast_slot(node: Node) -> impl Bundle {
    (ToastSlot, node, children![toast_line(false)])
}

/// The toast's line: `floating` is the bottom-of-the-screen one.
fn toast_line(floating: bool) -> impl Bundle {
    (
        ToastText,
        Text::new(""),
        TextFont::from_font_size(22.0),
        TextColor(palette::TEXT),
        TextLayout::justify(Justify::Center),
        Node {
            padding: UiRect::axes(px(16), px(8)),
            border_radius: BorderRadius::all(px(10)),
            display: if floating { Display::Flex } else { Display::None },
            ..default()
        },
        BackgroundColor(palette::PANEL),
        Visibility::Hidden,
    )
}

pub(crate) struct ToastPlugin;

impl Plugin for ToastPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Toast>().add_systems(Startup, spawn_toast).add_systems(Update, show_toast);
    }
}

fn spawn_toast(mut commands: Commands) {
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            bottom: px(24),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        GlobalZIndex(10),
        children![(FloatingToast, toast_line(true))],
    ));
}

fn show_toast(
    time: Res<Time<Real>>,
    mut toast: ResMut<Toast>,
    slots: Query<(), With<ToastSlot>>,
    mut lines: Query<(&mut Text, &mut Visibility, &mut Node, Has<FloatingToast>), With<ToastText>>,
) {
    toast.remaining -= time.delta_secs();
    let slotted = !slots.is_empty();
    for (mut shown, mut visibility, mut node, floating) in &mut lines {
        // The floating line only where the screen has no slot; a slot's line takes room only
        // while it shows.
        let on = toast.visible() && floating != slotted;
        if on && shown.0 != toast.text {
            shown.0.clone_from(&toast.text);
        }
        let seen = if on { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != seen {
            *visibility = seen;
        }
        let display = if on || floating { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
}
