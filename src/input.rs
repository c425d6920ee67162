//! Keyboard and gamepad folded into the few actions the game understands.

use bevy::input::InputSystems;
use bevy::prelude::*;

/// This frame's actions. Systems read these instead of raw devices, so every action works
/// from the keyboard and from any gamepad.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Actions {
    pub jump: bool,
    pub confirm: bool,
    pub back: bool,
    pub pause: bool,
    pub up: bool,
    pub down: bool,
}

/// A jump pressed since the last physics step; the fixed-step runner consumes it, so a press
/// is never lost between two physics steps.
#[derive(Resource, Default, Debug)]
pub struct JumpLatch(pub bool);

pub struct ActionsPlugin;

impl Plugin for ActionsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Actions>()
            .init_resource::<JumpLatch>()
            .add_systems(PreUpdate, read_actions.after(InputSystems));
    }
}

fn read_actions(
    keys: Res<ButtonInput<KeyCode>>,
    gamepads: Query<&Gamepad>,
    mut actions: ResMut<Actions>,
    mut latch: ResMut<JumpLatch>,
) {
    let pad = |button: GamepadButton| gamepads.iter().any(|g| g.just_pressed(button));
    *actions = Actions {
        jump: keys.any_just_pressed([KeyCode::Space, KeyCode::ArrowUp, KeyCode::KeyW])
            || pad(GamepadButton::South),
        confirm: keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
            || pad(GamepadButton::South),
        back: keys.just_pressed(KeyCode::Escape) || pad(GamepadButton::East),
        pause: keys.any_just_pressed([KeyCode::Escape, KeyCode::KeyP]) || pad(GamepadButton::Start),
        up: keys.just_pressed(KeyCode::ArrowUp) || pad(GamepadButton::DPadUp),
        down: keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::Tab])
            || pad(GamepadButton::DPadDown),
    };
    if actions.jump {
        latch.0 = true;
    }
}
