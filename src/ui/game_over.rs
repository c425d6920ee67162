//! The game-over card, and retry in one press: after the run's death beat (`run`), the jump key,
//! a tap anywhere off the card's buttons, or the cursor's first item (*Retry this seed*, so Enter
//! and the pad's (A)) plays the same seed again at once. The card says the best for the seed and
//! how far this run was from it. The run's scene stays under it, still, and the card docks to the
//! side away from the crash (along the bottom of an upright phone), so the crash stays in view.

use bevy::prelude::*;
use bevy::state::state::StateTransitionSystems;
use bevy::state::state_scoped::despawn_entities_on_exit_state;
use bevy::window::PrimaryWindow;

use crate::input::Actions;
use crate::palette;
use crate::replay::Avatar;
use crate::save::Save;
use crate::session::{LastRun, Session};
use crate::state::Screen;
use crate::toast::toast_slot;
use crate::ui::clipboard::COPY_LABEL;
use crate::ui::hints::{Hint, hint_text};
use crate::ui::menu::{MenuAction, MenuChosen, MenuCursor, MenuReturn, TapElsewhere, reset_cursor};
use crate::ui::screens::HOW_MADE_LABEL;
use crate::ui::widgets::{screen_root, sized_button, text};
use seedfeast_save::Action;

/// The card's width (UI px, laid out for 1280×720): docked to one side with its margin it leaves
/// the other side and the middle, where the Zone dungeon's camera holds the chef, to the scene.
const CARD_WIDTH: f32 = 540.0;
/// Space between the card and the window's edge it is docked to (UI px).
const CARD_MARGIN: f32 = 24.0;
/// Room kept in view beyond the layout's middle, for the chef standing there (UI px).
const MIDDLE_ROOM: f32 = 64.0;
const _: () = assert!(
    CARD_WIDTH + CARD_MARGIN + MIDDLE_ROOM <= crate::ui::fit::DESIGN.x / 2.0,
    "a card docked to either side leaves the middle of the layout in view"
);
/// The card's padding across and down, the gap between its rows and its corners' radius (UI px):
/// tighter than the menus' panel, so every row fits the layout's 720 px height beside the scene.
const CARD_PADDING: Vec2 = Vec2::new(24.0, 14.0);
const CARD_GAP: f32 = 6.0;
const CARD_RADIUS: f32 = 18.0;
/// Text sizes (UI px): the cause of the end (at 30 px "Ouch! You ran into a fork." fits one line),
/// the score, the run's summary and the ghost race, the seed's best, the seed, the hint.
const CAUSE_SIZE: f32 = 30.0;
const SCORE_SIZE: f32 = 40.0;
const SUMMARY_SIZE: f32 = 22.0;
const BEST_SIZE: f32 = 20.0;
const SEED_SIZE: f32 = 24.0;
const HINT_SIZE: f32 = 16.0;
/// The card's buttons (UI px): shorter than the menus' 48 so all seven fit; a touch screen still
/// makes them finger-sized (`ui::fit::finger_sized_buttons`).
const CARD_BUTTON: Vec2 = Vec2::new(360.0, 40.0);
const CARD_BUTTON_FONT: f32 = 22.0;

/// Where the game-over card sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dock {
    Left,
    Right,
    /// Along the bottom, centred.
    Bottom,
}

impl Dock {
    /// The card's margins: an auto one pushes it against the opposite edge.
    fn margin(self) -> UiRect {
        let edge = px(CARD_MARGIN);
        match self {
            Dock::Left => UiRect { left: edge, right: Val::Auto, ..UiRect::ZERO },
            Dock::Right => UiRect { left: Val::Auto, right: edge, ..UiRect::ZERO },
            Dock::Bottom => UiRect { left: Val::Auto, right: Val::Auto, top: Val::Auto, bottom: edge },
        }
    }
}

/// Where the card docks in a window of `size` when the run ended at `crash` (both in window px;
/// the crash from the top left, where known): along the bottom of a window taller than wide (a
/// phone held upright, whose top has the line asking to turn it), else on the side away from the
/// crash (the right where it is not known), so the crash stays in view.
fn dock_for(size: Vec2, crash: Option<Vec2>) -> Dock {
    if size.y > size.x {
        Dock::Bottom
    } else if crash.is_some_and(|at| at.x > size.x / 2.0) {
        Dock::Left
    } else {
        Dock::Right
    }
}

/// The dock for the window and where the run's avatar is on it (none without a window, a camera
/// or an avatar: the headless tests).
fn crash_dock(
    windows: &Query<&Window, With<PrimaryWindow>>,
    camera: &Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    avatar: &Query<&GlobalTransform, With<Avatar>>,
) -> Dock {
    let Ok(window) = windows.single() else { return Dock::Right };
    let crash = camera
        .single()
        .ok()
        .zip(avatar.iter().next())
        .and_then(|((camera, view), at)| camera.world_to_viewport(view, at.translation()).ok());
    dock_for(Vec2::new(window.width(), window.height()), crash)
}

/// The card: a column of `CARD_WIDTH` docked at `dock`.
fn docked_card(dock: Dock) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            width: px(CARD_WIDTH),
            margin: dock.margin(),
            padding: UiRect::axes(px(CARD_PADDING.x), px(CARD_PADDING.y)),
            row_gap: px(CARD_GAP),
            border_radius: BorderRadius::all(px(CARD_RADIUS)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        crate::ui::fit::FitContent,
    )
}

/// One of the card's buttons.
fn card_button(order: usize, label: &'static str, action: MenuAction) -> impl Bundle {
    sized_button(order, label, action, CARD_BUTTON, CARD_BUTTON_FONT)
}

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
    windows: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    avatar: Query<&GlobalTransform, With<Avatar>>,
) {
    let submit = crate::board::submit::can_submit(&save, &link, replay.as_deref());
    reset_cursor(&mut cursor, &mut back_to);
    let dock = crash_dock(&windows, &camera, &avatar);
    let root = (screen_root(Screen::GameOver, Some(palette::SCENE_VEIL)), TapElsewhere(MenuAction::Retry));
    commands.spawn(root).with_children(|root| {
        root.spawn(docked_card(dock)).with_children(|card| {
            card.spawn(text(last.cause.clone(), CAUSE_SIZE, palette::ACCENT));
            card.spawn(text(format!("Score {}", last.score), SCORE_SIZE, palette::TEXT));
            card.spawn(text(last.summary.clone(), SUMMARY_SIZE, palette::TEXT_DIM));
            card.spawn(text(best_line(&last), BEST_SIZE, palette::ACCENT));
            if let Some(race) = &last.ghost {
                card.spawn(text(race.clone(), SUMMARY_SIZE, palette::ACCENT));
            }
            card.spawn(text(format!("Seed {}", session.seed.code()), SEED_SIZE, palette::TEXT));
            card.spawn(card_button(0, "Retry this seed", MenuAction::Retry));
            card.spawn(card_button(1, "New seed", MenuAction::PlayNewSeed));
            card.spawn(card_button(2, COPY_LABEL, MenuAction::CopyCode));
            card.spawn(card_button(3, "Share", MenuAction::Share));
            if submit {
                card.spawn(card_button(4, "Submit to board", MenuAction::SubmitToBoard));
            }
            card.spawn(card_button(4 + usize::from(submit), HOW_MADE_LABEL, MenuAction::HowMade));
            card.spawn(card_button(5 + usize::from(submit), "Main menu", MenuAction::ToTitle));
            card.spawn(crate::ui::board_card::board_line());
            card.spawn(crate::ui::text_prompt::prompt_line());
            card.spawn(hint_text(retry_hint(&save), HINT_SIZE, palette::TEXT_DIM));
            // Toasts (Copied …, to share …) in the card, under its last button and the hint.
            card.spawn(toast_slot(Node::default()));
        });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_docks_away_from_the_crash() {
        let wide = Vec2::new(1280.0, 720.0);
        assert_eq!(dock_for(wide, Some(Vec2::new(300.0, 400.0))), Dock::Right, "the Runner's chef, on the left");
        assert_eq!(dock_for(wide, Some(Vec2::new(900.0, 200.0))), Dock::Left);
        assert_eq!(dock_for(wide, None), Dock::Right, "where it is not known");
        let upright = Vec2::new(390.0, 844.0);
        assert_eq!(dock_for(upright, Some(Vec2::new(300.0, 400.0))), Dock::Bottom, "the top is the turn line's");
    }

    /// The card's height laid out for 1280×720 (UI px), each line of text as tall as Bevy lays it
    /// out (1.2 times its size), with everything it can show at once: a cause on two lines, a
    /// ghost race, *Submit to board*, the board's answer and the name prompt.
    #[test]
    fn the_fullest_card_fits_the_layouts_height() {
        const LINE: f32 = 1.2;
        // `board_card::board_line` and `text_prompt::prompt_line`.
        const ANSWER_SIZE: f32 = 20.0;
        let texts = [CAUSE_SIZE, CAUSE_SIZE, SCORE_SIZE, SUMMARY_SIZE, BEST_SIZE, SUMMARY_SIZE, SEED_SIZE];
        let lines = [ANSWER_SIZE, ANSWER_SIZE, HINT_SIZE];
        let buttons = 7.0;
        // The cause, score, summary, best, race and seed; the buttons; the two answer lines, the
        // hint and the toast slot.
        let rows = 6.0 + buttons + 4.0;
        let height = texts.iter().chain(&lines).map(|size| size * LINE).sum::<f32>()
            + buttons * CARD_BUTTON.y
            + (rows - 1.0) * CARD_GAP
            + 2.0 * CARD_PADDING.y;
        assert!(height <= crate::ui::fit::DESIGN.y, "{height} UI px");
    }
}
