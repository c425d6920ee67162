//! A short message at the bottom of the screen ("Copied 1K3F9-QZ2MX"), on every screen.

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

#[derive(Component)]
struct ToastText;

pub struct ToastPlugin;

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
        children![(
            ToastText,
            Text::new(""),
            TextFont::from_font_size(22.0),
            TextColor(palette::TEXT),
            Node { padding: UiRect::axes(px(16), px(8)), border_radius: BorderRadius::all(px(10)), ..default() },
            BackgroundColor(Color::NONE),
        )],
    ));
}

fn show_toast(
    time: Res<Time<Real>>,
    mut toast: ResMut<Toast>,
    mut text: Query<(&mut Text, &mut BackgroundColor, &mut Visibility), With<ToastText>>,
) {
    toast.remaining -= time.delta_secs();
    for (mut shown, mut background, mut visibility) in &mut text {
        if toast.visible() {
            if shown.0 != toast.text {
                shown.0.clone_from(&toast.text);
            }
            background.0 = palette::PANEL;
            *visibility = Visibility::Inherited;
        } else {
            *visibility = Visibility::Hidden;
        }
    }
}
