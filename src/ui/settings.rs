//! The settings screen: volume and the jump key, saved the moment they change; fullscreen and
//! mute, as F11 and M set them ([`Presentation`]).

use bevy::prelude::*;

use crate::input::{Actions, Dir};
use crate::palette;
use crate::save::clock::now_ms;
use crate::save::{Save, SaveStore};
use crate::state::Screen;
use crate::toast::Toast;
use crate::ui::hints::hint_text;
use crate::ui::menu::{MenuAction, MenuChosen, MenuCursor, MenuItem, MenuSystems};
use crate::ui::shortcuts::{Presentation, toggle_fullscreen, toggle_mute};
use crate::ui::widgets::{button, heading, panel, screen_root, sized_button};

pub struct SettingsPlugin;

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Settings), spawn_settings)
            .add_systems(
                Update,
                (nudge_focused_setting.before(MenuSystems), label_settings.after(MenuSystems))
                    .run_if(in_state(Screen::Settings)),
            )
            .add_observer(on_setting_chosen);
    }
}

/// A setting's button text, e.g. "Volume: 80%".
pub fn setting_label(action: MenuAction, save: &Save, presentation: Presentation) -> Option<String> {
    let on_off = |on: bool| if on { "on" } else { "off" };
    match action {
        MenuAction::Volume => Some(format!("Volume: {}%", (save.settings().volume() * 100.0).round())),
        MenuAction::JumpKey => Some(format!("Jump / flap: {}", save.settings().jump_key().label())),
        MenuAction::Fullscreen => Some(format!("Fullscreen: {}", on_off(presentation.fullscreen))),
        MenuAction::Mute => Some(format!("Sound: {}", on_off(!presentation.muted))),
        _ => None,
    }
}

/// The settings, in their order on the screen.
const SETTINGS: [MenuAction; 4] = [MenuAction::Volume, MenuAction::JumpKey, MenuAction::Fullscreen, MenuAction::Mute];

fn spawn_settings(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    save: Res<Save>,
    presentation: Res<Presentation>,
) {
    cursor.0 = 0;
    commands.spawn(screen_root(Screen::Settings, None)).with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(heading("Settings"));
            for (order, action) in SETTINGS.into_iter().enumerate() {
                // Wider than the menus' buttons: "Jump / flap: Space, Up or W" on one line.
                let label = setting_label(action, &save, *presentation).unwrap_or_default();
                card.spawn(sized_button(order, label, action, Vec2::new(460.0, 48.0), 24.0));
            }
            card.spawn(button(SETTINGS.len(), "Back", MenuAction::ToTitle));
            card.spawn(hint_text(crate::ui::hints::menus::settings(), 18.0, palette::TEXT_DIM));
        });
    });
}

/// Applies a step to a setting and saves (merged with what another window may have saved); a
/// failed save is shown, and the change still holds for this session. Fullscreen and sound
/// switch whichever way the step goes.
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
        MenuAction::JumpKey => save.settings_mut().cycle_jump_key(steps, now),
        MenuAction::Fullscreen => return toggle_fullscreen(presentation),
        MenuAction::Mute => return toggle_mute(presentation, toast),
        _ => return,
    }
    save.commit(store, toast);
}

/// Enter or a click steps forward; the volume wraps from 100% to 0% so one button covers it.
fn on_setting_chosen(
    chosen: On<MenuChosen>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut presentation: ResMut<Presentation>,
    mut toast: ResMut<Toast>,
) {
    let steps = if chosen.0 == MenuAction::Volume && save.settings().volume() >= 1.0 { -10 } else { 1 };
    change_setting(chosen.0, steps, &mut save, &store, &mut presentation, &mut toast);
}

/// Left and right change the focused setting.
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
    buttons: Query<(&MenuAction, &Children)>,
    mut texts: Query<&mut Text>,
) {
    if !save.is_changed() && !presentation.is_changed() {
        return;
    }
    for (action, children) in &buttons {
        let Some(label) = setting_label(*action, &save, *presentation) else { continue };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != label
            {
                text.0.clone_from(&label);
            }
        }
    }
}
