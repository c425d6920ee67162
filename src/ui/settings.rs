//! The settings screen: volume and the jump key, saved the moment they change.

use bevy::prelude::*;

use crate::input::{Actions, Dir};
use crate::palette;
use crate::save::clock::now_ms;
use crate::save::{Save, SaveStore};
use crate::state::Screen;
use crate::toast::Toast;
use crate::ui::menu::{MenuAction, MenuChosen, MenuCursor, MenuItem, MenuSystems};
use crate::ui::widgets::{button, heading, panel, screen_root, text};

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
pub fn setting_label(action: MenuAction, save: &Save) -> Option<String> {
    match action {
        MenuAction::Volume => Some(format!("Volume: {}%", (save.settings().volume() * 100.0).round())),
        MenuAction::JumpKey => Some(format!("Jump / flap: {}", save.settings().jump_key().label())),
        _ => None,
    }
}

fn spawn_settings(mut commands: Commands, mut cursor: ResMut<MenuCursor>, save: Res<Save>) {
    cursor.0 = 0;
    commands.spawn(screen_root(Screen::Settings, None)).with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(heading("Settings"));
            for (order, action) in [MenuAction::Volume, MenuAction::JumpKey].into_iter().enumerate() {
                card.spawn(button(order, setting_label(action, &save).unwrap_or_default(), action));
            }
            card.spawn(button(2, "Back", MenuAction::ToTitle));
            card.spawn(text("Left/Right or Enter to change; saved at once", 18.0, palette::TEXT_DIM));
        });
    });
}

/// Applies a step to a setting and saves (merged with what another window may have saved); a
/// failed save is shown, and the change still holds for this session.
fn change_setting(action: MenuAction, steps: i32, save: &mut Save, store: &SaveStore, toast: &mut Toast) {
    let now = now_ms();
    match action {
        MenuAction::Volume => save.settings_mut().nudge_volume(steps, now),
        MenuAction::JumpKey => save.settings_mut().cycle_jump_key(steps, now),
        _ => return,
    }
    save.commit(store, toast);
}

/// Enter or a click steps forward; the volume wraps from 100% to 0% so one button covers it.
fn on_setting_chosen(chosen: On<MenuChosen>, mut save: ResMut<Save>, store: Res<SaveStore>, mut toast: ResMut<Toast>) {
    if chosen.0 == MenuAction::Volume && save.settings().volume() >= 1.0 {
        change_setting(chosen.0, -10, &mut save, &store, &mut toast);
    } else {
        change_setting(chosen.0, 1, &mut save, &store, &mut toast);
    }
}

/// Left and right change the focused setting.
fn nudge_focused_setting(
    actions: Res<Actions>,
    cursor: Res<MenuCursor>,
    items: Query<(&MenuItem, &MenuAction)>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut toast: ResMut<Toast>,
) {
    let steps = match actions.steer {
        Some(Dir::Left) => -1,
        Some(Dir::Right) => 1,
        _ => return,
    };
    if let Some((_, action)) = items.iter().find(|(item, _)| item.order == cursor.0) {
        change_setting(*action, steps, &mut save, &store, &mut toast);
    }
}

fn label_settings(save: Res<Save>, buttons: Query<(&MenuAction, &Children)>, mut texts: Query<&mut Text>) {
    if !save.is_changed() {
        return;
    }
    for (action, children) in &buttons {
        let Some(label) = setting_label(*action, &save) else { continue };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.0.clone_from(&label);
            }
        }
    }
}
