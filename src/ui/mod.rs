//! Menus, HUD, settings, the seed box, clipboard and toasts.

pub mod board_card;
pub mod board_top;
pub mod clipboard;
pub mod fit;
pub mod game_over;
pub mod hints;
pub mod how_made;
pub mod hud;
pub mod menu;
pub mod preview;
pub mod screens;
pub mod scroll;
pub mod seed_entry;
pub mod seed_history;
pub mod settings;
pub mod share;
pub mod shortcuts;
pub mod text_prompt;
pub mod text_size;
pub mod touch_controls;
pub mod widgets;

use bevy::prelude::*;

use crate::state::Screen;

pub(crate) struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<seed_entry::SeedEntry>()
            .add_observer(seed_entry::on_type_seed_chosen)
            .add_observer(seed_entry::on_seed_typed)
            .init_resource::<preview::SeedPreview>()
            .init_resource::<clipboard::PendingPaste>()
            .init_resource::<clipboard::Copied>()
            .add_plugins((
                menu::MenuPlugin,
                screens::ScreensPlugin,
                hud::HudPlugin,
                crate::toast::ToastPlugin,
                settings::SettingsPlugin,
            ))
            .add_plugins((
                seed_history::plugin,
                hints::plugin,
                shortcuts::plugin,
                text_size::plugin,
                text_prompt::plugin,
                board_card::plugin,
                board_top::plugin,
                how_made::plugin,
                game_over::plugin,
            ))
            .add_systems(OnEnter(Screen::SeedSelect), preview::reset_preview)
            .add_systems(
                Update,
                // The preview follows what typing, the menu and a paste did this frame.
                (
                    seed_entry::type_seed.before(menu::MenuSystems).run_if(not(resource_exists::<how_made::HowMade>)),
                    (preview::track_preview, preview::show_preview)
                        .chain()
                        .after(menu::MenuSystems)
                        .after(clipboard::finish_paste),
                )
                    .run_if(in_state(Screen::SeedSelect)),
            )
            .add_systems(
                Update,
                // During a run too: the HUD offers it.
                seed_entry::copy_shortcut
                    .run_if(in_state(Screen::GameOver).or_else(in_state(Screen::Playing)))
                    .run_if(not(resource_exists::<how_made::HowMade>)),
            )
            .add_systems(Update, clipboard::finish_paste);
    }
}
