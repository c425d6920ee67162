//! The browser bundle's floor: a title that turns into a frame counter on Enter or a gamepad's A,
//! drawn with a 2D camera, a sprite and UI text. Nothing here is the game; what this module
//! weighs is what Bevy costs before the game adds anything (`scripts/web-floor.sh`).

use bevy::prelude::*;

#[derive(States, Default, Clone, Eq, PartialEq, Hash, Debug)]
enum Screen {
    #[default]
    Title,
    Playing,
}

/// The one line of UI text.
#[derive(Component)]
struct Label;

fn main() {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window { canvas: Some("#floor".into()), fit_canvas_to_parent: true, ..default() }),
        ..default()
    }))
    .init_state::<Screen>()
    .add_systems(Startup, spawn_scene)
    .add_systems(Update, (start_on_press, count_frames.run_if(in_state(Screen::Playing))));
    #[cfg(feature = "physics")]
    add_physics(&mut app);
    app.run();
}

fn spawn_scene(mut commands: Commands) {
    commands.spawn(Camera2d);
    commands.spawn((Sprite::from_color(Color::srgb(1.0, 0.5, 0.2), Vec2::splat(40.0)), Transform::default()));
    commands.spawn((
        Node { position_type: PositionType::Absolute, top: px(10), left: px(10), ..default() },
        children![(Text::new("Seedfeast"), TextFont { font_size: FontSize::Px(32.0), ..default() }, Label)],
    ));
}

fn start_on_press(keys: Res<ButtonInput<KeyCode>>, pads: Query<&Gamepad>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Enter) || pads.iter().any(|pad| pad.just_pressed(GamepadButton::South)) {
        next.set(Screen::Playing);
    }
}

fn count_frames(mut frames: Local<u32>, mut labels: Query<&mut Text, With<Label>>) {
    *frames += 1;
    for mut text in &mut labels {
        text.0 = format!("frame {}", *frames);
    }
}

/// One ball falling onto one floor, stepped at a fixed rate as the game steps its physics.
#[cfg(feature = "physics")]
fn add_physics(app: &mut App) {
    use bevy_rapier2d::prelude::*;
    app.add_plugins(RapierPhysicsPlugin::<NoUserData>::default().in_fixed_schedule());
    app.add_systems(Startup, |mut commands: Commands| {
        commands.spawn((RigidBody::Dynamic, Collider::ball(10.0), Velocity::zero(), Transform::default()));
        commands.spawn((RigidBody::Fixed, Collider::cuboid(100.0, 5.0), Transform::from_xyz(0.0, -50.0, 0.0)));
    });
}
