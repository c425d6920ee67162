//! The menu screens: title, mode select, seed, pause and the data-error screen (the game-over
//! card is `ui::game_over`).

use bevy::prelude::*;

use crate::data::DataProblem;
use crate::mode::Modes;
use crate::palette;
use crate::session::Session;
use crate::state::{Pause, Screen};
use crate::toast::toast_slot;
use crate::ui::clipboard::COPY_LABEL;
use crate::ui::hints::{hint_text, menus as hints};
use crate::ui::menu::{MenuAction, MenuCursor, MenuReturn, reset_cursor};
use crate::ui::preview::{PREVIEW_BOX, spawn_preview};
use crate::ui::seed_entry::SeedEntry;
use crate::ui::seed_entry::{MAX_ENTRY, NOT_A_SEED};
use crate::ui::widgets::{button, ellipsized, heading, panel, screen_root, text, wide_panel};

/// Shows the session's seed code; kept current as the seed changes.
#[derive(Component)]
pub struct SeedCodeText;
#[derive(Component)]
pub(crate) struct SeedOriginText;
#[derive(Component)]
pub struct SeedEntryText;
#[derive(Component)]
pub struct SeedErrorText;

pub(crate) struct ScreensPlugin;

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(Screen::Title), spawn_title)
            .add_systems(OnEnter(Screen::ModeSelect), spawn_mode_select)
            .add_systems(OnEnter(Screen::SeedSelect), spawn_seed_select)
            .add_systems(OnEnter(Screen::DataError), spawn_data_error)
            .add_systems(OnEnter(Pause::Paused), spawn_pause)
            .add_systems(Update, (show_seed, show_entry).run_if(in_state(Screen::SeedSelect)))
            .add_systems(Update, back_out);
    }
}

fn spawn_title(mut commands: Commands, mut cursor: ResMut<MenuCursor>, mut back_to: ResMut<MenuReturn>) {
    reset_cursor(&mut cursor, &mut back_to);
    let mut items = commands.spawn(screen_root(Screen::Title, None));
    items.with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(text("SEEDFEAST", 84.0, palette::ACCENT));
            card.spawn(text("Every level grown from a seed you can share", 24.0, palette::TEXT_DIM));
            card.spawn(Node { height: px(16), ..default() });
            card.spawn(button(0, "Play", MenuAction::Start));
            card.spawn(button(1, "Settings", MenuAction::Settings));
            #[cfg(not(target_arch = "wasm32"))]
            card.spawn(button(2, "Quit", MenuAction::Quit));
            card.spawn(hint_text(hints::choose(), 18.0, palette::TEXT_DIM));
        });
    });
}

fn spawn_mode_select(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    mut back_to: ResMut<MenuReturn>,
    modes: Res<Modes>,
) {
    reset_cursor(&mut cursor, &mut back_to);
    commands.spawn(screen_root(Screen::ModeSelect, None)).with_children(|root| {
        // Two columns of a button and its blurb: seven modes in one column didn't fit a 720-pixel
        // window (Back fell off it), even before the large text size.
        root.spawn(wide_panel(1_100.0)).with_children(|card| {
            card.spawn(heading("Choose a game"));
            let grid = Node {
                display: Display::Grid,
                grid_template_columns: RepeatedGridTrack::px(2, 440.0),
                column_gap: px(24),
                row_gap: px(12),
                ..default()
            };
            card.spawn(grid).with_children(|grid| {
                for (order, mode) in modes.iter().enumerate() {
                    let cell = Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        row_gap: px(3),
                        ..default()
                    };
                    grid.spawn(cell).with_children(|cell| {
                        cell.spawn(button(order, mode.name(), MenuAction::ChooseMode(mode)));
                        cell.spawn(text(mode.blurb(), 16.0, palette::TEXT_DIM));
                    });
                }
            });
            // After every mode, however many there are.
            card.spawn(button(modes.0.len(), "Back", MenuAction::ToTitle));
        });
    });
}

fn spawn_seed_select(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    mut back_to: ResMut<MenuReturn>,
    session: Res<Session>,
    mut entry: ResMut<SeedEntry>,
) {
    reset_cursor(&mut cursor, &mut back_to);
    *entry = SeedEntry::default();
    commands.spawn(screen_root(Screen::SeedSelect, None)).with_children(|root| {
        root.spawn(wide_panel(1_100.0)).with_children(|card| {
            card.spawn(heading(format!("{}: pick a seed", session.mode.name())));
            // The seed and the menu on the left; what is typed and its preview on the right.
            card.spawn(Node { flex_direction: FlexDirection::Row, column_gap: px(40), ..default() }).with_children(
                |row| {
                    row.spawn(column(400.0)).with_children(|left| {
                        left.spawn(text("Seed code", 20.0, palette::TEXT_DIM));
                        left.spawn((SeedCodeText, text(session.seed.code().to_string(), 52.0, palette::TEXT)));
                        left.spawn((SeedOriginText, text("", 18.0, palette::TEXT_DIM)));
                        let items = [
                            ("Play this seed", MenuAction::Play),
                            ("New random seed", MenuAction::NewSeed),
                            ("Today's daily challenge", MenuAction::Daily),
                            (COPY_LABEL, MenuAction::CopyCode),
                            ("Paste code", MenuAction::PasteCode),
                            ("Your seeds", MenuAction::History),
                            ("Back", MenuAction::Back),
                        ];
                        for (order, (label, action)) in items.into_iter().enumerate() {
                            left.spawn(button(order, label, action));
                        }
                    });
                    row.spawn(column(PREVIEW_BOX.x + 16.0)).with_children(|right| {
                        // A set width, so wrapped lines are measured at the column's width.
                        let line = || Node { width: px(PREVIEW_BOX.x + 16.0), ..default() };
                        // A phone has no keys to type into the seed box: the browser offers the
                        // page's text input (after Back in the cursor's order).
                        if cfg!(target_arch = "wasm32") {
                            right.spawn(button(7, "Type a seed", MenuAction::TypeSeed));
                        }
                        right.spawn(crate::ui::text_prompt::prompt_line());
                        right.spawn((SeedEntryText, text("", 26.0, palette::TEXT), line()));
                        right.spawn((SeedErrorText, text("", 20.0, palette::TEXT_ERROR), line()));
                        spawn_preview(right, session.mode);
                        // After Back (and the browser's Type a seed) in the cursor's order.
                        let order = if cfg!(target_arch = "wasm32") { 8 } else { 7 };
                        right.spawn(button(order, HOW_MADE_LABEL, MenuAction::HowMade));
                        // Toasts over the preview picture, clear of the menu and the footer, and
                        // out of the layout's flow: a toast in the flow grew the card by its
                        // height, and the whole screen jumped (off a 720-pixel window) as it came.
                        right.spawn(toast_slot(Node {
                            position_type: PositionType::Absolute,
                            top: px(TOAST_TOP),
                            left: px(0),
                            right: px(0),
                            justify_content: JustifyContent::Center,
                            ..default()
                        }));
                        right.spawn(crate::ui::board_top::top_three_line());
                    });
                },
            );
            card.spawn(hint_text(hints::seed_screen(), 18.0, palette::TEXT_DIM));
        });
    });
}

/// A column of the seed screen, `width` wide.
fn column(width: f32) -> Node {
    Node {
        width: px(width),
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        row_gap: px(10),
        ..default()
    }
}

/// The longest origin line ("from \"…\"") shown under the big code: a pasted text may be far
/// longer than the box types, and the rest would push the menu off the screen. One line of the
/// 400-pixel column: a second line moved the whole card (issue #45).
const ORIGIN_CHARS: usize = 40;

/// Where the seed screen's toast floats, from the top of the preview's column: over the
/// picture, below the typed text and its reason.
const TOAST_TOP: f32 = 150.0;

/// The seed *Play this seed* plays: the typed text's, once it reads as one (the preview's), else
/// the session's. Typed text that plays no level shows no code at all: the session's code would
/// look like the typed one's.
fn show_seed(
    session: Res<Session>,
    entry: Res<SeedEntry>,
    mut code: Query<&mut Text, (With<SeedCodeText>, Without<SeedOriginText>)>,
    mut origin: Query<&mut Text, (With<SeedOriginText>, Without<SeedCodeText>)>,
) {
    if !session.is_changed() && !entry.is_changed() {
        return;
    }
    let typing = !entry.text.trim().is_empty();
    let typed = entry.typed_session(session.mode);
    let (code_line, origin_line) = match (&typed, typing) {
        (Some(typed), _) => (typed.seed.code().to_string(), "the code of what you typed".to_string()),
        (None, true) => (NOT_A_SEED.to_string(), "what you typed plays no level yet".to_string()),
        (None, false) => {
            (session.seed.code().to_string(), ellipsized(session.origin.as_deref().unwrap_or_default(), ORIGIN_CHARS))
        }
    };
    for mut text in &mut code {
        if text.0 != code_line {
            text.0.clone_from(&code_line);
        }
    }
    for mut text in &mut origin {
        if text.0 != origin_line {
            text.0.clone_from(&origin_line);
        }
    }
}

/// The typed text, and one line under it: the reason it plays no level (red once Enter refused
/// it), or how Enter will read it. The reason is said here only, not again in the preview box.
fn show_entry(
    entry: Res<SeedEntry>,
    session: Res<Session>,
    mut typed: Query<&mut Text, (With<SeedEntryText>, Without<SeedErrorText>)>,
    mut error: Query<(&mut Text, &mut TextColor), (With<SeedErrorText>, Without<SeedEntryText>)>,
) {
    if !entry.is_changed() {
        return;
    }
    for mut text in &mut typed {
        text.0 = match (entry.text.is_empty(), entry.cut) {
            (true, _) => "Type a seed...".into(),
            // An ellipsis where the cursor was: there is no room for more.
            (false, true) => format!("> {}\u{2026}", entry.text),
            (false, false) => format!("> {}_", entry.text),
        };
    }
    let cut = if entry.cut { format!("Cut at {MAX_ENTRY} characters. ") } else { String::new() };
    let problem = || entry.session_for(session.mode).err().filter(|_| !entry.text.trim().is_empty());
    for (mut text, mut color) in &mut error {
        color.0 = if entry.error.is_some() { palette::TEXT_ERROR } else { palette::TEXT_DIM };
        let line = entry
            .error
            .clone()
            .or_else(|| entry.reading.as_ref().map(|r| format!("Enter plays it, {r}")))
            .or_else(problem)
            .unwrap_or_default();
        text.0 = format!("{cut}{line}");
    }
}

/// The button that opens the step-through of the level's making (`ui::how_made`).
pub const HOW_MADE_LABEL: &str = "How was this made?";

fn spawn_pause(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    mut back_to: ResMut<MenuReturn>,
    session: Res<Session>,
) {
    reset_cursor(&mut cursor, &mut back_to);
    commands.spawn(screen_root(Pause::Paused, Some(palette::OVERLAY))).with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(heading("Paused"));
            card.spawn(text(format!("Seed {}", session.seed.code()), 28.0, palette::TEXT));
            card.spawn(button(0, "Resume", MenuAction::Resume));
            card.spawn(button(1, "Restart", MenuAction::Retry));
            card.spawn(button(2, "Settings", MenuAction::Settings));
            card.spawn(button(3, COPY_LABEL, MenuAction::CopyCode));
            card.spawn(button(4, HOW_MADE_LABEL, MenuAction::HowMade));
            card.spawn(button(5, "Quit to menu", MenuAction::ToTitle));
        });
        root.spawn(toast_slot(Node::default()));
    });
}

fn spawn_data_error(
    mut commands: Commands,
    mut cursor: ResMut<MenuCursor>,
    mut back_to: ResMut<MenuReturn>,
    problem: Option<Res<DataProblem>>,
) {
    reset_cursor(&mut cursor, &mut back_to);
    let message = problem.map_or_else(|| "unknown problem".to_string(), |p| p.message.clone());
    commands.spawn(screen_root(Screen::DataError, None)).with_children(|root| {
        root.spawn(panel()).with_children(|card| {
            card.spawn(heading("The game data has a problem"));
            card.spawn(text(message, 20.0, palette::TEXT_ERROR));
            card.spawn(text("Fix the file, then reload.", 20.0, palette::TEXT_DIM));
            card.spawn(button(0, "Reload data", MenuAction::ReloadData));
            #[cfg(not(target_arch = "wasm32"))]
            card.spawn(button(1, "Quit", MenuAction::Quit));
        });
    });
}

/// Escape (or B) goes back a step from the menus (during play, Escape pauses instead; from the
/// pause's settings it goes back to the pause, unless it is the pause key, which does that too).
fn back_out(
    actions: Res<crate::input::Actions>,
    screen: Res<State<Screen>>,
    pause: Option<Res<State<Pause>>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_pause: Option<ResMut<NextState<Pause>>>,
) {
    if !actions.back {
        return;
    }
    let in_pause_settings = pause.is_some_and(|pause| *pause.get() == Pause::Settings);
    if in_pause_settings && !actions.pause {
        if let Some(next) = next_pause.as_mut() {
            next.set(Pause::Paused);
        }
        return;
    }
    match screen.get() {
        Screen::ModeSelect | Screen::GameOver | Screen::Settings => next_screen.set(Screen::Title),
        Screen::SeedSelect => next_screen.set(Screen::ModeSelect),
        Screen::SeedHistory => next_screen.set(Screen::SeedSelect),
        Screen::Title | Screen::Playing | Screen::DataError => {}
    }
}
