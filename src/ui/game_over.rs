//! The game-over card, and retry in one press: after the run's death beat (`run`), the jump key,
//! a tap anywhere off the card's buttons, or the cursor's first item (*Retry this seed*, so Enter
//! and the pad's (A)) plays the same seed again at once. The card says the best for the seed and
//! how far this run was from it. The run's scene stays under it, still, the crash in view.

use bevy::prelude::*;
use bevy::state::state::StateTransitionSystems;
use bevy::state::state_scoped::despawn_entities_on_exit_state;

use crate::input::Actions;
use crate::palette;
use crate::save::Save;
use crate::session::{LastRun, Session};
use crate::state::Screen;
use crate::toast::toast_slot;
use crate::ui::clipboard::COPY_LABEL;
use crate::ui::hints::{Hint, hint_text};
use crate::ui::menu::{MenuAction, MenuChosen, MenuCursor, MenuReturn, TapElsewhere, reset_cursor};
use crate::ui::screens::HOW_MADE_LABEL;
use crate::ui::widgets::{button, heading, panel, screen_root, text};
use seedfeast_save::Action;

pub fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::GameOver),
        (crate::save::record_result, spawn_game_over).chain().after(crate::replay::seal_replay),
    )
    .add_systems(
        Update,
        retry_on_jump
            .before(crate::ui::menu::MenuSystems)
            .run_if(in_state(Screen::GameOver))
            .run_if(not(resource_exists::<crate::ui::how_made::HowMade>)),
    )
    // Before the run's pieces are despawned as its screen is left.
    .add_systems(
        StateTransition,
        keep_scene_under_card
            .in_set(StateTransitionSystems::ExitSchedules)
            .before(despawn_entities_on_exit_state::<Screen>),
    );
}

/// The run's scene stays on screen under the game-over card (issue #45: the card hid the crash):
/// as the run's screen is left for the card, what its world drew (the pieces with a `Transform`:
/// not its HUD and panels, which are UI, nor its music) is kept until the card is left in turn, by
/// a retry too, whose new run is spawned after the old pieces are gone. It stands still: physics
/// is held on the card (`replay::freeze_during_countdown`) and the modes' systems run in play only.
fn keep_scene_under_card(
    mut transitions: MessageReader<StateTransitionEvent<Screen>>,
    mut scene: Query<&mut DespawnOnExit<Screen>, (With<Transform>, Without<Node>)>,
) {
    let Some(transition) = transitions.read().last() else { return };
    if transition.exited != Some(Screen::Playing) || transition.entered != Some(Screen::GameOver) {
        return;
    }
    for mut scoped in &mut scene {
        if scoped.0 == Screen::Playing {
            scoped.0 = Screen::GameOver;
        }
    }
}

/// The card's line about the seed's best: a new best says by how much it beat the old one; a
/// run short of the best says how far short.
pub fn best_line(last: &LastRun) -> String {
    match (last.new_best, last.previous_best) {
        // A first score of 0 is recorded as the seed's best, but it is no feat to cheer.
        (true, _) if last.score == 0 => format!("Best for this seed: {}", last.best),
        (true, Some(before)) => format!("New best for this seed! +{} on {before}", last.score - before),
        (true, None) => "New best for this seed!".to_string(),
        (false, _) if last.score == last.best => format!("Best for this seed: {} (matched)", last.best),
        (false, _) => format!("Best for this seed: {} ({} short)", last.best, last.best.saturating_sub(last.score)),
    }
}

/// How to retry, in the last device's words (the jump key as the player has it).
fn retry_hint(save: &Save) -> Hint {
    Hint::new(
        format!("{}: retry at once   Enter: choose   Esc: menu", save.key_label(Action::Jump)),
        format!("{}: retry at once   (B): menu", save.button_label(Action::Jump)),
    )
    .with_touch("Tap anywhere off the buttons to retry")
}

fn spawn_game_over(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    mut back_to: ResMut<MenuReturn>,
    session: Res<Session>,
    last: Res<LastRun>,
    save: Res<Save>,
    link: Res<crate::board::LinkBoard>,
    replay: Option<Res<crate::replay::LastReplay>>,
) {
    let submit = crate::board::submit::can_submit(&save, &link, replay.as_deref());
    reset_cursor(&mut cursor, &mut back_to);
    let root = (screen_root(Screen::GameOver, Some(palette::OVERLAY)), TapElsewhere(MenuAction::Retry));
    commands.spawn(root).with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(heading(last.cause.clone()));
            card.spawn(text(format!("Score {}", last.score), 48.0, palette::TEXT));
            card.spawn(text(last.summary.clone(), 24.0, palette::TEXT_DIM));
            card.spawn(text(best_line(&last), 22.0, palette::ACCENT));
            if let Some(race) = &last.ghost {
                card.spawn(text(race.clone(), 26.0, palette::ACCENT));
            }
            card.spawn(text(format!("Seed {}", session.seed.code()), 28.0, palette::TEXT));
            card.spawn(button(0, "Retry this seed", MenuAction::Retry));
            card.spawn(button(1, "New seed", MenuAction::PlayNewSeed));
            card.spawn(button(2, COPY_LABEL, MenuAction::CopyCode));
            card.spawn(button(3, "Share", MenuAction::Share));
            if submit {
                card.spawn(button(4, "Submit to board", MenuAction::SubmitToBoard));
            }
            card.spawn(button(4 + usize::from(submit), HOW_MADE_LABEL, MenuAction::HowMade));
            card.spawn(button(5 + usize::from(submit), "Main menu", MenuAction::ToTitle));
            card.spawn(crate::ui::board_card::board_line());
            card.spawn(crate::ui::text_prompt::prompt_line());
            card.spawn(hint_text(retry_hint(&save), 18.0, palette::TEXT_DIM));
        });
        // Toasts (Copied …, to share …) under the card, not over its last button.
        root.spawn(toast_slot(Node::default()));
    });
}

/// The jump key (or button) retries whatever the cursor is on, as a Canabalt player expects. The
/// pad's jump is its (A), which also confirms: then the cursor's item is what (A) chooses (it
/// starts on *Retry this seed*), so a player who moved to *Share* gets Share. A key held as the
/// run ended makes no action until let go (`input::HeldOver`), so the jump that died can't retry.
fn retry_on_jump(actions: Res<Actions>, mut commands: Commands) {
    if actions.jump && !actions.confirm && !actions.up && !actions.down {
        commands.trigger(MenuChosen(MenuAction::Retry));
    }
}
