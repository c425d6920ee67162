//! What the player sees of score boards (issue #31) on the game-over card and in Settings: the
//! board's answer line, *Submit to board* (asking for a name first when there is none), and the
//! typed board address and name, checked by the board's rules before they are saved.

use bevy::prelude::*;

use crate::board::address::{self, BoardAddress};
use crate::board::submit::{Submission, submit_run};
use crate::input::TypingFocus;
use crate::palette;
use crate::save::{Save, SaveStore};
use crate::toast::Toast;
use crate::ui::menu::{MenuAction, MenuChosen};
use crate::ui::text_prompt::{PromptAnswered, PromptFor, TextPrompt};
use crate::ui::widgets::text;

/// The game-over card's line for the board's answer.
#[derive(Component)]
pub struct BoardLine;

pub(crate) fn board_line() -> impl Bundle {
    (BoardLine, text("", 20.0, palette::ACCENT), Node { max_width: px(760), ..default() })
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, show_board_line).add_observer(on_board_chosen).add_observer(on_prompt_answered);
}

/// A settings row's label for the board ("Board: scores.example.org") and the name.
pub(crate) fn board_label(save: &Save) -> String {
    match BoardAddress::parse(save.settings().board()) {
        Ok(board) => format!("Board: {}", crate::ui::widgets::ellipsized(board.short(), 20)),
        Err(_) => "Board: off".to_string(),
    }
}

pub(crate) fn name_label(save: &Save) -> String {
    match save.settings().player_name() {
        "" => "Name: not set".to_string(),
        name => format!("Name: {name}"),
    }
}

/// *Submit to board*, and Settings' board and name rows: each opens its prompt or sends.
fn on_board_chosen(
    chosen: On<MenuChosen>,
    mut commands: Commands,
    save: Res<Save>,
    mut prompt: ResMut<TextPrompt>,
    mut focus: ResMut<TypingFocus>,
) {
    let settings = save.settings();
    match chosen.0 {
        MenuAction::SubmitToBoard if settings.player_name().is_empty() => {
            prompt.ask(PromptFor::NameThenSubmit, "", address::MAX_NAME, &mut focus);
        }
        MenuAction::SubmitToBoard => commands.run_system_cached(submit_run),
        MenuAction::BoardAddress => {
            prompt.ask(PromptFor::BoardAddress, settings.board(), address::MAX_ADDRESS, &mut focus);
        }
        MenuAction::PlayerName => {
            prompt.ask(PromptFor::PlayerName, settings.player_name(), address::MAX_NAME, &mut focus);
        }
        _ => {}
    }
}

/// Checks and saves a typed board address or name; a refusal keeps the prompt open with why.
fn on_prompt_answered(
    answered: On<PromptAnswered>,
    mut commands: Commands,
    mut prompt: ResMut<TextPrompt>,
    mut focus: ResMut<TypingFocus>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut toast: ResMut<Toast>,
) {
    let now = crate::save::clock::now_ms();
    let typed = answered.text.trim();
    match answered.purpose {
        PromptFor::BoardAddress if typed.is_empty() => save.settings_mut().set_board("", now),
        PromptFor::BoardAddress => match BoardAddress::parse(typed) {
            Ok(board) => save.settings_mut().set_board(board.as_str(), now),
            Err(error) => return prompt.note = sentence(&error),
        },
        PromptFor::PlayerName | PromptFor::NameThenSubmit => match address::check_name(typed) {
            Ok(name) => save.settings_mut().set_player_name(&name, now),
            Err(error) => return prompt.note = sentence(&error),
        },
        // The seed box's (`ui::seed_entry`).
        PromptFor::SeedCode => return,
    }
    save.commit(&store, &mut toast);
    prompt.close(&mut focus);
    if answered.purpose == PromptFor::NameThenSubmit {
        commands.run_system_cached(submit_run);
    }
}

/// A reason as a sentence: its first letter capitalised.
fn sentence(reason: &str) -> String {
    let mut chars = reason.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn show_board_line(submission: Res<Submission>, mut lines: Query<&mut Text, With<BoardLine>>) {
    if !submission.is_changed() {
        return;
    }
    let line = submission.line();
    // For the browser test (scripts/browser/board.mjs): what the player reads, in the page.
    #[cfg(target_arch = "wasm32")]
    crate::web::publish("board", &line);
    for mut text in &mut lines {
        if text.0 != line {
            text.0.clone_from(&line);
        }
    }
}
