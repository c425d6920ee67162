//! The worlds of a level whose program has conditions (issue #32), in the code panel's step
//! card: a chip per world, the one on screen lit, each saying what the last run did there (solved, or
//! where it failed), and how to look at another: F6 anywhere, or a click or a tap on its chip.
//! The program must solve every world; the player walks only in the first. Hidden for a level
//! with one world.

use bevy::prelude::*;

use crate::modes::puzzle::PuzzleRun;
use crate::palette::{self, Scheme};

/// A world not run yet. Solved and failed worlds take the scheme's `world_passed` and
/// `world_failed` (green and red, or blue and burnt orange).
const UNTRIED: Color = Color::srgb(0.22, 0.18, 0.16);

/// Where the strip goes: a node in the code panel's step card (`panel::layout::spawn_panel`), so it
/// never covers the map.
#[derive(Component)]
pub(crate) struct WorldSlot;
/// The chip of world `.0` (0: the player's own).
#[derive(Component)]
struct WorldChip(usize);
#[derive(Component)]
struct WorldChipText(usize);
#[derive(Component)]
struct WorldStripNote;

/// The chips' text: light on their dark faces.
const CHIP_TEXT: Color = Color::srgb(0.96, 0.93, 0.87);

/// The windowed game's part (the F6 key is the mode's own: `keys::look_at_worlds`).
pub fn add(app: &mut App) {
    app.add_systems(Update, (click_chips, show_strip).chain().run_if(resource_exists::<PuzzleRun>));
}

/// The slot, hidden until a level with several worlds comes.
pub fn slot() -> impl Bundle {
    (WorldSlot, Node { flex_direction: FlexDirection::Column, row_gap: px(6), display: Display::None, ..default() })
}

/// A finger's tap or a click on a chip looks at that world.
fn click_chips(
    mut run: ResMut<PuzzleRun>,
    chips: Query<(&WorldChip, &Interaction, &ComputedNode, &UiGlobalTransform, &InheritedVisibility)>,
    clicked: Query<(), (Changed<Interaction>, With<WorldChip>)>,
    fingers: Option<Res<crate::touch::Fingers>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
) {
    // Taps are hit-tested as the menus do: a whole tap can begin and end within one frame.
    let scale = windows.single().map_or(1.0, Window::scale_factor);
    let taps: Vec<Vec2> =
        fingers.iter().flat_map(|f| f.down.iter().filter(|f| f.began).map(|f| f.start * scale)).collect();
    for (chip, interaction, node, at, visible) in &chips {
        let area = Rect::from_center_size(at.translation, node.size());
        let tapped = visible.get() && taps.iter().any(|t| area.contains(*t));
        if (*interaction == Interaction::Pressed && !clicked.is_empty()) || tapped {
            run.board.show_world(chip.0);
            return;
        }
    }
}

/// The strip follows the board: shown for several worlds, a chip each, lit and labelled.
fn show_strip(
    mut commands: Commands,
    run: Res<PuzzleRun>,
    mut slots: Query<(Entity, &mut Node), With<WorldSlot>>,
    mut chips: Query<(&WorldChip, &mut BackgroundColor, &mut BorderColor)>,
    mut labels: Query<(&WorldChipText, &mut Text), Without<WorldStripNote>>,
    mut note: Query<&mut Text, With<WorldStripNote>>,
    mut built: Local<Option<(u32, usize)>>,
    scheme: Res<Scheme>,
) {
    let board = &run.board;
    let count = board.worlds.len();
    for (_, mut node) in &mut slots {
        let display = if count > 1 { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    if *built != Some((board.step, count)) {
        *built = Some((board.step, count));
        for (slot, _) in &slots {
            commands.entity(slot).despawn_children().with_children(|slot| {
                slot.spawn(Node { flex_direction: FlexDirection::Row, column_gap: px(8), ..default() }).with_children(
                    |row| {
                        for k in 0..count {
                            row.spawn(chip(k)).with_children(|chip| {
                                chip.spawn((
                                    WorldChipText(k),
                                    Text::new(""),
                                    TextFont::from_font_size(15.0),
                                    TextColor(CHIP_TEXT),
                                ));
                            });
                        }
                    },
                );
                slot.spawn((
                    WorldStripNote,
                    Text::new(""),
                    TextFont::from_font_size(14.0),
                    TextColor(palette::TEXT_DIM),
                ));
            });
        }
        return;
    }
    for (chip, mut background, mut border) in &mut chips {
        let colour = match board.passed.get(chip.0).copied().flatten() {
            Some(true) => scheme.world_passed,
            Some(false) => scheme.world_failed,
            None => UNTRIED,
        };
        background.0 = colour;
        *border = BorderColor::all(if chip.0 == board.shown { palette::ACCENT } else { Color::NONE });
    }
    for (label, mut text) in &mut labels {
        let state = match board.passed.get(label.0).copied().flatten() {
            Some(true) => "solved",
            Some(false) => "fails",
            None if board.playback.as_ref().is_some_and(|p| p.world == label.0) => "running",
            None => "",
        };
        let wanted = format!("World {}\n{state}", label.0 + 1);
        if text.0 != wanted {
            text.0 = wanted;
        }
    }
    let wanted = strip_note(board);
    for mut text in &mut note {
        if text.0 != wanted {
            text.0 = wanted.clone();
        }
    }
}

/// World `k`'s chip: a button at least 44 px high, for a finger.
fn chip(k: usize) -> impl Bundle {
    (
        WorldChip(k),
        Button,
        Node {
            min_width: px(88),
            min_height: px(44),
            padding: UiRect::axes(px(10), px(4)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            ..default()
        },
        BackgroundColor(UNTRIED),
        BorderColor::all(Color::NONE),
    )
}

/// What the strip says under its chips.
pub(crate) fn strip_note(board: &crate::modes::puzzle::Board) -> String {
    if board.running() {
        return format!("Running in world {} of {}", board.shown + 1, board.worlds.len());
    }
    match board.failed_world {
        Some(k) => format!("Your program fails in world {}. F6 or a tap: look at a world", k + 1),
        None if board.open => "Every world solved!".to_string(),
        None => "One program must solve every world.\nF6 or a tap: look at a world".to_string(),
    }
}
