//! The in-run HUD: score and distance, an intensity meter, and the seed code, always visible.

use bevy::prelude::*;

use crate::intensity::Intensity;
use crate::palette;
use crate::run::{Countdown, HudStatus};
use crate::save::Save;
use crate::session::Session;
use crate::state::{Pause, Screen};
use crate::ui::hints::{Hint, hint_text};
use crate::ui::widgets::text;

#[derive(Component)]
struct ScoreText;
#[derive(Component)]
struct IntensityFill;
/// The big "3 2 1" in the middle of the screen while the run gets ready.
#[derive(Component)]
struct CountdownText;

pub(crate) struct HudPlugin;

impl Plugin for HudPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Playing), spawn_hud)
            .add_systems(Update, (update_hud, show_countdown).run_if(in_state(Screen::Playing)));
    }
}

/// The widest a corner's long line may be: the two corners share the top of a 1280-pixel window,
/// so a long line (the dungeon's, or any at the large text size) wraps inside its card instead
/// of running under the other one.
fn half() -> Node {
    Node { max_width: px(580), ..default() }
}

fn spawn_hud(mut commands: Commands, session: Res<Session>, save: Res<Save>) {
    let corner = |left: bool| Node {
        position_type: PositionType::Absolute,
        top: px(14),
        left: if left { px(18) } else { auto() },
        right: if left { auto() } else { px(18) },
        flex_direction: FlexDirection::Column,
        align_items: if left { AlignItems::FlexStart } else { AlignItems::FlexEnd },
        row_gap: px(6),
        padding: UiRect::axes(px(14), px(8)),
        border_radius: BorderRadius::all(px(12)),
        ..default()
    };
    commands.spawn((corner(true), BackgroundColor(palette::PANEL), DespawnOnExit(Screen::Playing))).with_children(
        |hud| {
            hud.spawn((ScoreText, text("", 28.0, palette::TEXT), half()));
            hud.spawn((
                Node { width: px(180), height: px(10), border_radius: BorderRadius::all(px(5)), ..default() },
                BackgroundColor(palette::BUTTON),
                children![(
                    IntensityFill,
                    Node {
                        width: percent(0),
                        height: percent(100),
                        border_radius: BorderRadius::all(px(5)),
                        ..default()
                    },
                    BackgroundColor(palette::ACCENT),
                )],
            ));
        },
    );
    commands.spawn((corner(false), BackgroundColor(palette::PANEL), DespawnOnExit(Screen::Playing))).with_children(
        |hud| {
            hud.spawn(text(format!("Seed {}", session.seed.code()), 26.0, palette::TEXT));
            let jump = save.key_label(seedfeast_save::Action::Jump);
            let use_key = save.key_label(seedfeast_save::Action::Use);
            let copy = crate::ui::clipboard::COPY_LABEL.to_lowercase();
            let controls = session.mode.info().controls.hint(&jump, &use_key);
            let (jump_button, use_button) =
                (save.button_label(seedfeast_save::Action::Jump), save.button_label(seedfeast_save::Action::Use));
            let pad = format!("{}   Start: pause", session.mode.info().controls.pad_hint(&jump_button, &use_button));
            let touch = session.mode.info().controls.touch_hint();
            let hint = Hint::new(format!("{controls}   Esc: pause   Ctrl+C: {copy}"), pad).with_touch(touch);
            hud.spawn((hint_text(hint, 16.0, palette::TEXT_DIM), half()));
        },
    );
}

/// The card behind the countdown: "Get ready!" is drawn over every mode's playfield (the tunnels'
/// night sky, the maze's walls, the puzzle's hint panel), so it sits on the game's light panel
/// colour, where its text colours are the ones every menu is checked in.
#[derive(Component)]
pub(crate) struct CountdownCard;

/// The full-width row that centres the card.
#[derive(Component)]
struct CountdownHolder;

/// The countdown's number, large, with how to skip it, on a card of its own.
fn spawn_countdown(commands: &mut Commands) {
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            // High, under the HUD's cards: the middle of the screen is where most modes start
            // their player (the Arena's chef), who must be seen before the run starts.
            top: percent(14),
            justify_content: JustifyContent::Center,
            ..default()
        },
        // Above the modes' own panels (the puzzle's hint card is UI too).
        GlobalZIndex(5),
        CountdownHolder,
        DespawnOnExit(Screen::Playing),
        children![(
            CountdownCard,
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(2),
                padding: UiRect::axes(px(32), px(12)),
                border_radius: BorderRadius::all(px(18)),
                ..default()
            },
            // Opaque: the puzzle's hint text must not show through.
            BackgroundColor(palette::PANEL.with_alpha(1.0)),
            children![
                (CountdownText, text("3", 120.0, palette::ACCENT)),
                // Two short lines, not one long one: the card stays clear of the Code puzzle's
                // panel on the right (the layout test checks it).
                text("Get ready!", 22.0, palette::TEXT),
                hint_text(
                    Hint::new("Any key starts at once", "Any button starts at once").with_touch("A tap starts at once"),
                    18.0,
                    palette::TEXT_DIM
                ),
            ],
        )],
    ));
}

fn show_countdown(
    mut commands: Commands,
    countdown: Option<Res<Countdown>>,
    pause: Option<Res<State<Pause>>>,
    mut number: Query<&mut Text, With<CountdownText>>,
    mut holders: Query<(Entity, &mut Visibility), With<CountdownHolder>>,
) {
    // Paused during the countdown (or in the pause's settings): the pause screen is on top, and
    // the countdown (drawn above the modes' panels) must not show over its buttons.
    let paused = pause.is_some_and(|pause| *pause.get() != Pause::Running);
    for (_, mut visibility) in &mut holders {
        visibility.set_if_neq(if paused { Visibility::Hidden } else { Visibility::Inherited });
    }
    match (countdown, number.single_mut()) {
        (Some(countdown), Ok(mut text)) => {
            let shown = countdown.shown().to_string();
            if text.0 != shown {
                text.0 = shown;
            }
        }
        (Some(_), Err(_)) => spawn_countdown(&mut commands),
        // The number's card's holder: the whole countdown goes.
        (None, Ok(_)) => {
            for (holder, _) in &holders {
                commands.entity(holder).despawn();
            }
        }
        (None, Err(_)) => {}
    }
}

fn update_hud(
    status: Res<HudStatus>,
    intensity: Res<Intensity>,
    mut score: Query<&mut Text, With<ScoreText>>,
    mut fill: Query<&mut Node, With<IntensityFill>>,
) {
    for mut text in &mut score {
        if text.0 != status.line {
            text.0.clone_from(&status.line);
        }
    }
    for mut node in &mut fill {
        node.width = percent(intensity.0 * 100.0);
    }
}
