//! The settings screen: the effects' and the music's volumes, fullscreen, sound, text size,
//! reduced motion (issue #34), a score board and the name on it (issue #31) and a key for each
//! gameplay action (issue #29), each saved the moment it changes. Choosing an action's row waits for a key
//! or a gamepad button ([`Rebinding`]); one another action has, or one the game keeps, is refused
//! with a line saying why, and the screen keeps waiting. The rows name the keys or the buttons,
//! whichever device was used last, and the reset puts that device's back on their defaults.

use bevy::prelude::*;
use seedfeast_save::{Action, Colours, KeyRefused};

use crate::input::{Actions, Dir, LastDevice, TypingFocus};
use crate::palette;
use crate::save::buttons::{label_of as button_label, name_for as button_name_for};
use crate::save::clock::now_ms;
use crate::save::keys::{label_of, label_of_name, name_of};
use crate::save::{Save, SaveStore};
use crate::state::{Pause, Screen};
use crate::toast::Toast;
use crate::ui::hints::hint_text;
use crate::ui::menu::{MenuAction, MenuChosen, MenuCursor, MenuItem, MenuSystems};
use crate::ui::shortcuts::{Presentation, toggle_fullscreen, toggle_mute};
use crate::ui::text_prompt::prompt_line;
use crate::ui::widgets::{panel, sized_button, text};

pub(crate) struct SettingsPlugin;

/// The pause opens again with its cursor on *Settings*, the button that opened them.
fn back_on_pause_settings(mut back_to: ResMut<crate::ui::menu::MenuReturn>) {
    back_to.0 = Some(crate::ui::menu::return_to::PAUSE_SETTINGS);
}

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Rebinding>()
            .add_systems(OnEnter(Screen::Settings), spawn_settings)
            .add_systems(OnExit(Screen::Settings), stop_waiting)
            // The same settings over a paused run, Back going back to the pause.
            .add_systems(OnEnter(Pause::Settings), spawn_settings)
            .add_systems(OnExit(Pause::Settings), stop_waiting)
            // However the player leaves them (Back, Escape, the pause key), the pause's cursor
            // comes back to its *Settings*.
            .add_systems(OnTransition { exited: Pause::Settings, entered: Pause::Paused }, back_on_pause_settings)
            // As soon as the devices are read: no system this frame sees a press the row takes.
            .add_systems(PreUpdate, mute_while_waiting.after(crate::input::ReadActions))
            .add_systems(
                Update,
                (
                    (take_binding, nudge_focused_setting).chain().before(MenuSystems),
                    (label_settings, show_note).after(MenuSystems),
                )
                    .run_if(in_state(Screen::Settings).or_else(in_state(Pause::Settings))),
            )
            .add_observer(on_setting_chosen);
    }
}

/// The action waiting for its key (while it waits the keyboard makes no menu actions), and the
/// line under the settings: what to press, or why a key was refused.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Rebinding {
    pub waiting: Option<Action>,
    pub note: String,
}

/// The line under the settings that shows [`Rebinding::note`].
#[derive(Component)]
pub struct SettingsNote;

/// A setting's button text, e.g. "Effects: 80%", "Move up: W" (or "Jump / flap: (A)" when a
/// gamepad was used last).
pub(crate) fn setting_label(
    action: MenuAction,
    save: &Save,
    presentation: Presentation,
    device: LastDevice,
) -> Option<String> {
    let pad = device == LastDevice::Gamepad;
    let on_off = |on: bool| if on { "on" } else { "off" };
    let settings = save.settings();
    match action {
        MenuAction::Volume => Some(format!("Effects: {}%", (settings.volume() * 100.0).round())),
        MenuAction::MusicVolume => Some(format!("Music: {}%", (settings.music_volume() * 100.0).round())),
        MenuAction::ReducedMotion => Some(format!("Reduced motion: {}", on_off(settings.reduced_motion()))),
        MenuAction::Fullscreen => Some(format!("Fullscreen: {}", on_off(presentation.fullscreen))),
        MenuAction::Mute => Some(format!("Sound: {}", on_off(!presentation.muted))),
        MenuAction::TextSize => Some(format!("Text size: {}", settings.text_size().name())),
        MenuAction::Colours => Some(format!("Colours: {}", settings.colours().label())),
        MenuAction::Rebind(act) if pad => Some(format!("{}: {}", act.label(), save.button_label(act))),
        MenuAction::Rebind(act) => Some(format!("{}: {}", act.label(), label_of_name(settings.key(act)))),
        MenuAction::ResetKeys => Some(if pad { "Reset buttons" } else { "Reset keys" }.to_string()),
        MenuAction::BoardAddress => Some(crate::ui::board_card::board_label(save)),
        MenuAction::PlayerName => Some(crate::ui::board_card::name_label(save)),
        _ => None,
    }
}

/// The left column, in cursor order: the general settings; the keys come next (on the right, the
/// reset under them), then Back (under the general ones, on the left).
const GENERAL: [MenuAction; 9] = [
    MenuAction::Volume,
    MenuAction::MusicVolume,
    MenuAction::Fullscreen,
    MenuAction::Mute,
    MenuAction::TextSize,
    MenuAction::Colours,
    MenuAction::ReducedMotion,
    MenuAction::BoardAddress,
    MenuAction::PlayerName,
];

/// Rows are this size: two columns of them fit 1280×720 at the large text size too. (On a touch
/// screen they grow to a finger's height, `ui::fit`, and the screen scrolls, `ui::scroll`.)
const ROW: Vec2 = Vec2::new(330.0, 38.0);
const ROW_FONT: f32 = 21.0;

fn spawn_settings(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    save: Res<Save>,
    presentation: Res<Presentation>,
    device: Res<LastDevice>,
    mut rebinding: ResMut<Rebinding>,
    pause: Option<Res<State<Pause>>>,
) {
    cursor.0 = 0;
    *rebinding = Rebinding::default();
    let paused = pause.is_some_and(|pause| *pause.get() == Pause::Settings);
    let back = if paused { MenuAction::BackToPause } else { MenuAction::ToTitle };
    let row = |order: usize, action: MenuAction| {
        let label = setting_label(action, &save, *presentation, *device).unwrap_or_else(|| "Back".into());
        sized_button(order, label, action, ROW, ROW_FONT)
    };
    let column = || Node { flex_direction: FlexDirection::Column, row_gap: px(6), ..default() };
    // Over a paused run: an overlay of its own, gone when the pause's settings close.
    let mut root = if paused {
        // Nearly opaque: the HUD's cards showed through beside the wide settings card.
        commands.spawn(crate::ui::widgets::screen_root(Pause::Settings, Some(palette::OVERLAY.with_alpha(0.94))))
    } else {
        commands.spawn(crate::ui::widgets::screen_root(Screen::Settings, None))
    };
    root.with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(crate::ui::widgets::heading("Settings"));
            card.spawn(Node { flex_direction: FlexDirection::Row, column_gap: px(24), ..default() }).with_children(
                |columns| {
                    columns.spawn(column()).with_children(|left| {
                        for (order, action) in GENERAL.into_iter().enumerate() {
                            left.spawn(row(order, action));
                        }
                        left.spawn(row(GENERAL.len() + Action::ALL.len() + 1, back));
                    });
                    columns.spawn(column()).with_children(|right| {
                        for (at, action) in Action::ALL.into_iter().enumerate() {
                            right.spawn(row(GENERAL.len() + at, MenuAction::Rebind(action)));
                        }
                        right.spawn(row(GENERAL.len() + Action::ALL.len(), MenuAction::ResetKeys));
                    });
                },
            );
            // Room for two lines kept, so the card doesn't jump when a line appears.
            card.spawn((text("", 20.0, palette::ACCENT), SettingsNote, Node { min_height: px(52), ..default() }));
            card.spawn(prompt_line());
            card.spawn(hint_text(crate::ui::hints::menus::settings(), 18.0, palette::TEXT_DIM));
        });
        // Toasts (a save that failed, fullscreen refused) at the top, over the heading's row:
        // at the bottom, the screen-wide toast covered the footer's second line.
        root.spawn(crate::toast::toast_slot(Node {
            position_type: PositionType::Absolute,
            top: px(8),
            left: px(0),
            right: px(0),
            justify_content: JustifyContent::Center,
            ..default()
        }));
    });
}

/// Applies a step to a setting and saves (merged with what another window may have saved); a
/// failed save is shown, and the change still holds for this session. Fullscreen, sound and the
/// text size switch whichever way the step goes.
fn change_setting(
    action: MenuAction,
    steps: i32,
    save: &mut Save,
    store: &SaveStore,
    presentation: &mut Presentation,
    toast: &mut Toast,
) {
    let now = now_ms();
    match action {
        MenuAction::Volume => save.settings_mut().nudge_volume(steps, now),
        MenuAction::MusicVolume => save.settings_mut().nudge_music_volume(steps, now),
        MenuAction::ReducedMotion => {
            let on = !save.settings().reduced_motion();
            save.settings_mut().set_reduced_motion(on, now);
        }
        MenuAction::TextSize => {
            let size = save.settings().text_size().cycled(steps);
            save.settings_mut().set_text_size(size, now);
        }
        MenuAction::Colours => {
            // Two choices: any step is the other one.
            let colours =
                if save.settings().colours() == Colours::Standard { Colours::ColourSafe } else { Colours::Standard };
            save.settings_mut().set_colours(colours, now);
        }
        MenuAction::Fullscreen => return toggle_fullscreen(presentation, save, store, toast),
        MenuAction::Mute => return toggle_mute(presentation, save, store, toast),
        _ => return,
    }
    save.commit(store, toast);
}

/// Enter or a click steps forward; the volume wraps from 100% to 0% so one button covers it. An
/// action's row waits for its key; the reset puts every action back on its default.
fn on_setting_chosen(
    chosen: On<MenuChosen>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut presentation: ResMut<Presentation>,
    mut toast: ResMut<Toast>,
    mut rebinding: ResMut<Rebinding>,
    mut focus: ResMut<TypingFocus>,
    device: Res<LastDevice>,
) {
    match chosen.0 {
        // Typed on the prompt's line: `ui::board_card` opens it, checks and saves.
        MenuAction::BoardAddress | MenuAction::PlayerName => {}
        MenuAction::Rebind(action) => {
            rebinding.waiting = Some(action);
            rebinding.note = format!(
                "Press a key or a gamepad button for {} (now {} and {}; Esc or its own button keeps them)",
                action.label(),
                save.key_label(action),
                save.button_label(action)
            );
            // The keys are the waiting row's now: none of them moves the menu or leaves it.
            focus.0 = true;
        }
        MenuAction::ResetKeys if *device == LastDevice::Gamepad => {
            save.settings_mut().reset_buttons(now_ms());
            save.commit(&store, &mut toast);
            rebinding.note = "Every action is back on its default gamepad button".into();
        }
        MenuAction::ResetKeys => {
            save.settings_mut().reset_keys(now_ms());
            save.commit(&store, &mut toast);
            rebinding.note = "Every action is back on its default key".into();
        }
        action => {
            let full = match action {
                MenuAction::Volume => save.settings().volume() >= 1.0,
                MenuAction::MusicVolume => save.settings().music_volume() >= 1.0,
                _ => false,
            };
            let steps = if full { -10 } else { 1 };
            change_setting(action, steps, &mut save, &store, &mut presentation, &mut toast);
        }
    }
}

/// While an action waits: the next key or gamepad button pressed is its new one, unless the game
/// keeps it or another action has it (then the line says so and it keeps waiting). Esc, or the
/// button it has, keeps what it has. While it waits, no key or button moves the menu or leaves it.
fn take_binding(
    keys: Res<ButtonInput<KeyCode>>,
    gamepads: Query<&Gamepad>,
    mut rebinding: ResMut<Rebinding>,
    mut focus: ResMut<TypingFocus>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut toast: ResMut<Toast>,
) {
    let Some(action) = rebinding.waiting else { return };
    let button = gamepads.iter().find_map(|pad| pad.get_just_pressed().next().copied());
    if let Some(button) = button {
        take_button(action, button, &mut rebinding, &mut focus, &mut save, &store, &mut toast);
        return;
    }
    let Some(key) = keys.get_just_pressed().next().copied() else { return };
    if key == KeyCode::Escape {
        rebinding.waiting = None;
        rebinding.note = format!("{} stays on {}", action.label(), save.key_label(action));
        focus.0 = false;
        return;
    }
    let Some(name) = name_of(key) else {
        rebinding.note = format!(
            "{} is kept for menus and shortcuts (arrows, Enter, Esc, Tab, F11, M): press another key",
            label_of(key)
        );
        return;
    };
    match save.settings_mut().bind_key(action, name, now_ms()) {
        Ok(()) => {
            save.commit(&store, &mut toast);
            rebinding.waiting = None;
            rebinding.note = format!("{} is now {}", action.label(), label_of(key));
            focus.0 = false;
        }
        Err(KeyRefused::Taken(other)) => {
            rebinding.note = format!(
                "{} is already the key for {}. Press another key (Esc: keep {})",
                label_of(key),
                other.label(),
                save.key_label(action)
            );
        }
        Err(KeyRefused::NotAKey) => rebinding.note = format!("{} can't be used: press another key", label_of(key)),
    }
}

/// While a row waits for its key or button, no key or button acts (the keyboard makes none
/// already, as a text field's: `TypingFocus`); so (B) is taken as a button, not as Back.
fn mute_while_waiting(rebinding: Res<Rebinding>, mut actions: ResMut<Actions>) {
    if rebinding.waiting.is_some() && *actions != Actions::default() {
        *actions = Actions::default();
    }
}

/// A gamepad button pressed while `action` waits: its new button, or why not.
fn take_button(
    action: Action,
    button: GamepadButton,
    rebinding: &mut Rebinding,
    focus: &mut TypingFocus,
    save: &mut Save,
    store: &SaveStore,
    toast: &mut Toast,
) {
    let name = match button_name_for(action, button) {
        Ok(name) => name,
        Err(why) => {
            rebinding.note = why;
            return;
        }
    };
    let had = save.settings().button(action) == name;
    match save.settings_mut().bind_button(action, name, now_ms()) {
        Ok(()) => {
            if !had {
                save.commit(store, toast);
            }
            let (label, now) = (button_label(button), if had { "stays on" } else { "is now" });
            rebinding.note = format!("{} {now} {label}", action.label());
            rebinding.waiting = None;
            focus.0 = false;
        }
        Err(KeyRefused::Taken(other)) => {
            rebinding.note = format!(
                "{} is already the button for {}. Press another button (its own, {}, keeps it)",
                button_label(button),
                other.label(),
                save.button_label(action)
            );
        }
        Err(KeyRefused::NotAKey) => {
            rebinding.note = format!("{} can't be used: press another button", button_label(button));
        }
    }
}

/// Leaving the screen while a row waits (a tap on Back) gives the keyboard back.
fn stop_waiting(mut rebinding: ResMut<Rebinding>, mut focus: ResMut<TypingFocus>) {
    if rebinding.waiting.take().is_some() {
        focus.0 = false;
    }
}

/// Left and right change the focused setting (not an action's key: that one waits for a key).
fn nudge_focused_setting(
    actions: Res<Actions>,
    cursor: Res<MenuCursor>,
    items: Query<(&MenuItem, &MenuAction)>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut presentation: ResMut<Presentation>,
    mut toast: ResMut<Toast>,
) {
    let steps = match actions.steer {
        Some(Dir::Left) => -1,
        Some(Dir::Right) => 1,
        _ => return,
    };
    if let Some((_, action)) = items.iter().find(|(item, _)| item.order == cursor.0) {
        change_setting(*action, steps, &mut save, &store, &mut presentation, &mut toast);
    }
}

fn label_settings(
    save: Res<Save>,
    presentation: Res<Presentation>,
    device: Res<LastDevice>,
    buttons: Query<(&MenuAction, &Children)>,
    mut texts: Query<&mut Text>,
) {
    if !save.is_changed() && !presentation.is_changed() && !device.is_changed() {
        return;
    }
    for (action, children) in &buttons {
        let Some(label) = setting_label(*action, &save, *presentation, *device) else { continue };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != label
            {
                text.0.clone_from(&label);
            }
        }
    }
}

fn show_note(rebinding: Res<Rebinding>, mut notes: Query<&mut Text, With<SettingsNote>>) {
    if rebinding.is_changed() {
        for mut text in &mut notes {
            if text.0 != rebinding.note {
                text.0.clone_from(&rebinding.note);
            }
        }
    }
}
