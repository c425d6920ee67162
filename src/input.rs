//! Keyboard and gamepad folded into the few actions the game understands. Gameplay keys and
//! buttons come from the player's settings ([`KeyMap`], [`ButtonMap`], issue #29); the menus'
//! keys and buttons are fixed.

use bevy::input::InputSystems;
use bevy::prelude::*;

pub use crate::grid_move::Dir;
use crate::save::Save;
pub use crate::save::buttons::ButtonMap;
pub use crate::save::keys::KeyMap;
use crate::state::Screen;
use seedfeast_save::Action;

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
    /// The explore modes' use key pressed this frame: E, Space or Enter; A or X on a gamepad.
    pub act: bool,
    /// The explore modes' second key pressed this frame: Q or T; Y on a gamepad.
    pub alt: bool,
    /// A direction pressed this frame (arrows, WASD, D-pad or a flick of the left stick).
    pub steer: Option<Dir>,
    /// The direction held now, for free movement: arrows/WASD, D-pad or the left stick, one of
    /// eight directions at full strength, or zero.
    pub move_axis: Vec2,
}

/// Whether a text field (a mode's code editor, say) has the keyboard: while it does, keys make
/// no [`Actions`] (typing `p` doesn't pause, arrows move the text cursor, not the player) and the
/// field reads the typed keys itself. Gamepads still act. Whoever sets it clears it when done.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypingFocus(pub bool);

pub(crate) struct ActionsPlugin;

impl Plugin for ActionsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Actions>()
            .init_resource::<TypingFocus>()
            .init_resource::<HeldOver>()
            .init_resource::<LastDevice>()
            .init_resource::<KeyMap>()
            .init_resource::<ButtonMap>()
            .add_systems(PreUpdate, (follow_settings, read_actions).chain().in_set(ReadActions).after(InputSystems))
            .add_systems(OnExit(Screen::Playing), hold_over)
            .add_systems(OnEnter(Screen::Playing), |mut held: ResMut<HeldOver>| *held = HeldOver::default());
    }
}

/// Where [`Actions`] are read from the keys and pads each frame; other devices (touch) add to
/// them after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct ReadActions;

/// Keys and gamepad buttons that were down when a run ended: the player was steering or jumping
/// with them, so until each is let go its presses (an OS key repeat, a press landing as the
/// screen changes) make no actions. Without this, arrows held at the moment of death move the
/// game-over cursor, and the next Enter does something the player never chose.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub(crate) struct HeldOver {
    keys: Vec<KeyCode>,
    buttons: Vec<(Entity, GamepadButton)>,
}

/// The device the player last pressed something on, for on-screen hints (keys or buttons).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastDevice {
    #[default]
    Keyboard,
    Gamepad,
    /// A touch screen: the on-screen controls show (`touch`), and hints name taps.
    Touch,
}

/// As a run ends: whatever is held belongs to the run. This frame's actions were read before the
/// screen changed, so they are the run's too, and dropped.
fn hold_over(
    keys: Res<ButtonInput<KeyCode>>,
    gamepads: Query<(Entity, &Gamepad)>,
    mut held: ResMut<HeldOver>,
    mut actions: ResMut<Actions>,
) {
    held.keys = keys.get_pressed().copied().collect();
    held.buttons = gamepads.iter().flat_map(|(id, pad)| pad.get_pressed().map(move |b| (id, *b))).collect();
    *actions = Actions::default();
}

/// The key and button maps follow the saved settings: a key or button rebound in Settings drives
/// the next frame.
fn follow_settings(save: Option<Res<Save>>, mut map: ResMut<KeyMap>, mut buttons: ResMut<ButtonMap>) {
    if let Some(save) = save.filter(|save| save.is_changed()) {
        let now = KeyMap::from_settings(save.settings());
        if *map != now {
            *map = now;
        }
        let now = ButtonMap::from_settings(save.settings());
        if *buttons != now {
            *buttons = now;
        }
    }
}

fn read_actions(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<TypingFocus>,
    map: Res<KeyMap>,
    buttons: Res<ButtonMap>,
    gamepads: Query<(Entity, &Gamepad)>,
    mut held: ResMut<HeldOver>,
    mut device: ResMut<LastDevice>,
    mut actions: ResMut<Actions>,
    mut stick: Local<StickState>,
) {
    // Read on the raw keys: typing in a text field is using the keyboard too.
    if let Some(now) = device_used(&keys, &gamepads).filter(|now| *device != *now) {
        *device = now;
    }
    // What was held as a run ended counts again once it has been let go.
    held.keys.retain(|key| keys.pressed(*key));
    held.buttons.retain(|(id, button)| gamepads.get(*id).is_ok_and(|(_, pad)| pad.pressed(*button)));
    // While a text field types, the keys are its own: none of them acts.
    let mut filtered = ButtonInput::<KeyCode>::default();
    let keys: &ButtonInput<KeyCode> = if focus.0 {
        &filtered
    } else if held.keys.is_empty() {
        &keys
    } else {
        filtered = keys.clone();
        for key in &held.keys {
            filtered.clear_just_pressed(*key);
        }
        &filtered
    };
    let held = &*held;
    let pad = |button: GamepadButton| {
        gamepads.iter().any(|(id, g)| g.just_pressed(button) && !held.buttons.contains(&(id, button)))
    };
    let pressed = |action: Action| {
        keys.any_just_pressed(map.keys(action).iter().copied()) || buttons.buttons(action).iter().any(|b| pad(*b))
    };
    *actions = Actions {
        steer: None,
        move_axis: Vec2::ZERO,
        jump: pressed(Action::Jump),
        // Alt+Enter is fullscreen (`ui::shortcuts`), not a menu's Enter.
        confirm: (keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) && !alt_held(keys))
            || pad(GamepadButton::South),
        back: keys.just_pressed(KeyCode::Escape) || pad(GamepadButton::East),
        pause: pressed(Action::Pause),
        up: keys.just_pressed(KeyCode::ArrowUp) || pad(GamepadButton::DPadUp),
        down: keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::Tab]) || pad(GamepadButton::DPadDown),
        act: pressed(Action::Use),
        alt: pressed(Action::Second),
    };
    actions.steer = steer(&pressed, gamepads.iter().map(|(_, g)| g), &mut stick);
    actions.move_axis = move_axis(keys, &map, &buttons, gamepads.iter().map(|(_, g)| g));
}

/// Whether Alt is down: Alt+Enter is fullscreen (`ui::shortcuts`), not a menu's Enter.
pub(crate) fn alt_held(keys: &ButtonInput<KeyCode>) -> bool {
    keys.any_pressed([KeyCode::AltLeft, KeyCode::AltRight])
}

/// A key press makes the hints name keys; a gamepad button or a push of a stick, buttons.
fn device_used(keys: &ButtonInput<KeyCode>, gamepads: &Query<(Entity, &Gamepad)>) -> Option<LastDevice> {
    let pad_used = |g: &Gamepad| {
        g.get_just_pressed().next().is_some() || g.left_stick().length() > 0.5 || g.right_stick().length() > 0.5
    };
    if keys.get_just_pressed().next().is_some() {
        Some(LastDevice::Keyboard)
    } else if gamepads.iter().any(|(_, g)| pad_used(g)) {
        Some(LastDevice::Gamepad)
    } else {
        None
    }
}

fn move_axis<'a>(
    keys: &ButtonInput<KeyCode>,
    map: &KeyMap,
    buttons: &ButtonMap,
    gamepads: impl Iterator<Item = &'a Gamepad> + Clone,
) -> Vec2 {
    let held = |action: Action| {
        let key = keys.any_pressed(map.keys(action).iter().copied());
        let button = gamepads.clone().any(|g| g.any_pressed(buttons.buttons(action).iter().copied()));
        if key || button { 1.0 } else { 0.0 }
    };
    let keyed = Vec2::new(held(Action::Right) - held(Action::Left), held(Action::Up) - held(Action::Down));
    let stick = gamepads.clone().map(Gamepad::left_stick).find(|v| v.length() > 0.2).unwrap_or(Vec2::ZERO);
    quantised(keyed + stick)
}

/// A direction held, snapped to one of eight at full or no strength: what a keyboard gives, and
/// what a stick gives too, so a run plays the same whatever device moved it (and a replay of it
/// needs only eight directions).
pub fn quantised(axis: Vec2) -> Vec2 {
    if axis.length_squared() < 0.2 * 0.2 {
        return Vec2::ZERO;
    }
    // The nearest of eight: each axis on when it carries at least 38% (sin 22.5°) of the push.
    let unit = axis.normalize();
    let snap = |v: f32| {
        if v > 0.3827 {
            1.0
        } else if v < -0.3827 {
            -1.0
        } else {
            0.0
        }
    };
    Vec2::new(snap(unit.x), snap(unit.y)).normalize_or_zero()
}

/// A direction held (a stick's, a finger's or a bot's) as each axis -1, 0 or 1: one of eight or none.
pub(crate) fn snapped_axis(direction: Vec2) -> IVec2 {
    let snapped = quantised(direction);
    let sign = |v: f32| {
        if v > 0.1 {
            1
        } else if v < -0.1 {
            -1
        } else {
            0
        }
    };
    IVec2::new(sign(snapped.x), sign(snapped.y))
}

/// The left stick's last direction, so a held stick steers once, not every frame.
#[derive(Default)]
struct StickState(Option<Dir>);

/// A move pressed this frame (its keys or buttons, the D-pad among them), or else a new flick of
/// the left stick.
fn steer<'a>(
    pressed: &impl Fn(Action) -> bool,
    gamepads: impl Iterator<Item = &'a Gamepad>,
    stick: &mut StickState,
) -> Option<Dir> {
    let keyed =
        [(Dir::Up, Action::Up), (Dir::Down, Action::Down), (Dir::Left, Action::Left), (Dir::Right, Action::Right)]
            .into_iter()
            .find(|(_, action)| pressed(*action))
            .map(|(dir, _)| dir);
    let flick = gamepads.map(|g| g.left_stick()).find(|s| s.length() > 0.6).map(|s| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sticks_snap_to_eight_directions() {
        assert_eq!(quantised(Vec2::new(0.1, 0.05)), Vec2::ZERO);
        assert_eq!(quantised(Vec2::new(0.9, 0.1)), Vec2::X);
        assert_eq!(quantised(Vec2::new(-0.2, -0.7)), Vec2::NEG_Y);
        let diagonal = quantised(Vec2::new(0.6, 0.5));
        assert!((diagonal - Vec2::new(1.0, 1.0).normalize()).length() < 1e-6);
        assert_eq!(quantised(Vec2::new(1.0, 1.0)), diagonal);
    }
}
