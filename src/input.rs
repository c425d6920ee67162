//! Keyboard and gamepad folded into the few actions the game understands.

use bevy::input::InputSystems;
use bevy::prelude::*;

use crate::maze::movement::Dir;
use crate::save::{JumpKey, SaveData};

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
    /// A direction pressed this frame (arrows, WASD, D-pad or a flick of the left stick).
    pub steer: Option<Dir>,
    /// The direction held now, for free movement: arrows/WASD, D-pad or the left stick (length ≤ 1).
    pub move_axis: Vec2,
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
    save: Option<Res<SaveData>>,
    gamepads: Query<&Gamepad>,
    mut actions: ResMut<Actions>,
    mut latch: ResMut<JumpLatch>,
    mut stick: Local<StickState>,
) {
    let pad = |button: GamepadButton| gamepads.iter().any(|g| g.just_pressed(button));
    let jump_keys = save.map_or(JumpKey::default(), |save| save.settings.jump_key).keys();
    *actions = Actions {
        steer: None,
        move_axis: Vec2::ZERO,
        jump: keys.any_just_pressed(jump_keys.iter().copied()) || pad(GamepadButton::South),
        confirm: keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) || pad(GamepadButton::South),
        back: keys.just_pressed(KeyCode::Escape) || pad(GamepadButton::East),
        pause: keys.any_just_pressed([KeyCode::Escape, KeyCode::KeyP]) || pad(GamepadButton::Start),
        up: keys.just_pressed(KeyCode::ArrowUp) || pad(GamepadButton::DPadUp),
        down: keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::Tab]) || pad(GamepadButton::DPadDown),
    };
    if actions.jump {
        latch.0 = true;
    }
    actions.steer = steer(&keys, &gamepads, &mut stick);
    actions.move_axis = move_axis(&keys, &gamepads);
}

fn move_axis(keys: &ButtonInput<KeyCode>, gamepads: &Query<&Gamepad>) -> Vec2 {
    let held = |codes: [KeyCode; 2]| if keys.any_pressed(codes) { 1.0 } else { 0.0 };
    let keyed = Vec2::new(
        held([KeyCode::ArrowRight, KeyCode::KeyD]) - held([KeyCode::ArrowLeft, KeyCode::KeyA]),
        held([KeyCode::ArrowUp, KeyCode::KeyW]) - held([KeyCode::ArrowDown, KeyCode::KeyS]),
    );
    let pad = gamepads.iter().map(|g| g.left_stick() + g.dpad()).find(|v| v.length() > 0.2).unwrap_or(Vec2::ZERO);
    (keyed + pad).clamp_length_max(1.0)
}

/// The left stick's last direction, so a held stick steers once, not every frame.
#[derive(Default)]
struct StickState(Option<Dir>);

fn steer(keys: &ButtonInput<KeyCode>, gamepads: &Query<&Gamepad>, stick: &mut StickState) -> Option<Dir> {
    let pad = |button: GamepadButton| gamepads.iter().any(|g| g.just_pressed(button));
    let keyed = [
        (Dir::Up, [KeyCode::ArrowUp, KeyCode::KeyW], GamepadButton::DPadUp),
        (Dir::Down, [KeyCode::ArrowDown, KeyCode::KeyS], GamepadButton::DPadDown),
        (Dir::Left, [KeyCode::ArrowLeft, KeyCode::KeyA], GamepadButton::DPadLeft),
        (Dir::Right, [KeyCode::ArrowRight, KeyCode::KeyD], GamepadButton::DPadRight),
    ]
    .into_iter()
    .find(|(_, keys_for, button)| keys.any_just_pressed(*keys_for) || pad(*button))
    .map(|(dir, _, _)| dir);
    let flick = gamepads.iter().map(|g| g.left_stick()).find(|s| s.length() > 0.6).map(|s| {
        if s.x.abs() > s.y.abs() {
            if s.x > 0.0 { Dir::Right } else { Dir::Left }
        } else if s.y > 0.0 {
            Dir::Up
        } else {
            Dir::Down
        }
    });
    let flicked = flick.filter(|dir| stick.0 != Some(*dir));
    stick.0 = flick;
    keyed.or(flicked)
}
