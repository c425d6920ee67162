//! The touch pad on screen (issue #30): while a touch player has the code panel open, rows of
//! chips along the bottom left (the map's side; the panel keeps the right) write the program by
//! taps. Where the chips sit is one pure function of the window ([`lay_out`]), read both by the
//! tap reader and by the drawing, so what is drawn is what is hit — and headless tests, which
//! have no UI, tap the same rectangles through real `TouchInput` messages.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::chips::{Chip, ChipPad, PadObject, edit_chips};
use super::keys::{edited, run_program};
use super::panel::PANEL_WIDTH;
use super::{CodeEditor, PuzzleRun};
use crate::input::LastDevice;
use crate::palette;
use crate::run::Countdown;
use crate::sound::Sfx;
use crate::state::{Pause, Screen};
use crate::touch::{Fingers, window_size};
use crate::ui::widgets::text;

/// A chip's height and least width (window px, which are CSS px in the browser): above the 44 a
/// finger needs.
pub(crate) const CHIP_HEIGHT: f32 = 48.0;
pub(crate) const CHIP_MIN_WIDTH: f32 = 48.0;
/// Space between chips and from the window's edges.
const GAP: f32 = 8.0;
const MARGIN: f32 = 16.0;
/// The chips' text size (window px) and the width of one of its (monospaced) characters.
const TEXT_SIZE: f32 = 17.0;
const CHAR_WIDTH: f32 = TEXT_SIZE * 0.6;
/// Space either side of a chip's text.
const PADDING: f32 = 12.0;
/// Where the chips' area is narrower than this (a phone held upright), they take the window's
/// whole width rather than only the map's.
const LEAST_AREA_WIDTH: f32 = 300.0;

/// The pad's stage.
#[derive(Resource, Default, Debug, Deref, DerefMut)]
pub struct Pad(pub ChipPad);

/// The chips on screen now and where (window px), nothing when the pad is hidden; and the height
/// they take from the bottom, which the map leaves free.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct PadLayout {
    pub chips: Vec<(Rect, Chip)>,
    pub height: f32,
}

#[derive(Component)]
pub(crate) struct PadRoot;

pub fn add(app: &mut App) {
    app.init_resource::<Pad>().init_resource::<PadLayout>().add_systems(OnExit(Screen::Playing), reset_pad);
}

fn reset_pad(mut pad: ResMut<Pad>, mut layout: ResMut<PadLayout>) {
    *pad = Pad::default();
    *layout = PadLayout::default();
}

/// The level's objects as the pad offers them.
fn pad_objects(run: &PuzzleRun) -> Vec<PadObject> {
    run.board.level.objects.iter().map(|o| PadObject { name: o.name.clone(), command: o.command }).collect()
}

/// Where the chips go in a window of `size` with the UI at `ui_scale`: the area left of the code
/// panel, filled from the bottom (the editing row lowest, under the thumbs), each row left to
/// right; a chip as wide as its label. Returns each chip's rectangle, in the order given, and the
/// height the rows take from the window's bottom.
pub fn lay_out(stage: &[Chip], keys: &[Chip], size: Vec2, ui_scale: f32) -> (Vec<Rect>, f32) {
    let panel = (PANEL_WIDTH + 32.0) * ui_scale;
    let mut right = size.x - panel - MARGIN;
    if right - MARGIN < LEAST_AREA_WIDTH {
        right = size.x - MARGIN;
    }
    let width = (right - MARGIN).max(CHIP_MIN_WIDTH);
    let chip_width =
        |chip: &Chip| (chip.label.chars().count() as f32 * CHAR_WIDTH + 2.0 * PADDING).max(CHIP_MIN_WIDTH).min(width);
    // Rows of (index, width), the stage's chips first, then the keys on rows of their own.
    let mut rows: Vec<Vec<(usize, f32)>> = Vec::new();
    for (group, offset) in [(stage, 0), (keys, stage.len())] {
        let mut row: Vec<(usize, f32)> = Vec::new();
        let mut used = 0.0;
        for (i, chip) in group.iter().enumerate() {
            let w = chip_width(chip);
            if !row.is_empty() && used + GAP + w > width {
                rows.push(std::mem::take(&mut row));
                used = 0.0;
            }
            used += if row.is_empty() { w } else { GAP + w };
            row.push((offset + i, w));
        }
        if !row.is_empty() {
            rows.push(row);
        }
    }
    let mut rects = vec![Rect::default(); stage.len() + keys.len()];
    let mut bottom = size.y - MARGIN;
    for row in rows.iter().rev() {
        let mut left = MARGIN;
        for (i, w) in row {
            rects[*i] = Rect::new(left, bottom - CHIP_HEIGHT, left + w, bottom);
            left += w + GAP;
        }
        bottom -= CHIP_HEIGHT + GAP;
    }
    let height = if rows.is_empty() { 0.0 } else { size.y - bottom };
    (rects, height)
}

/// The pad shows to a touch player while the code panel is open and the run goes on.
fn pad_shown(run: &PuzzleRun, device: &LastDevice, pause: &Pause, countdown: bool) -> bool {
    run.panel_open && *device == LastDevice::Touch && *pause == Pause::Running && !countdown && run.ended.is_none()
}

pub fn lay_out_pad(
    run: Res<PuzzleRun>,
    editor: Res<CodeEditor>,
    pad: Res<Pad>,
    device: Res<LastDevice>,
    pause: Res<State<Pause>>,
    countdown: Option<Res<Countdown>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    scale: Option<Res<UiScale>>,
    mut layout: ResMut<PadLayout>,
) {
    let wanted = if pad_shown(&run, &device, pause.get(), countdown.is_some()) {
        let stage = pad.chips(&pad_objects(&run), &editor);
        let mut keys = edit_chips();
        keys.extend(super::chips::world_chip(run.board.shown, run.board.worlds.len()));
        let ui_scale = scale.map_or(1.0, |s| s.0);
        let (rects, height) = lay_out(&stage, &keys, window_size(&windows), ui_scale);
        PadLayout { chips: rects.into_iter().zip(stage.into_iter().chain(keys)).collect(), height }
    } else {
        PadLayout::default()
    };
    if *layout != wanted {
        *layout = wanted;
    }
}

/// A finger landing on a chip presses it. During a program's run only RUN (skip to its end) and
/// CLOSE (stop it) act, as only Ctrl+Enter and Esc do on a keyboard.
pub(crate) fn tap_chips(
    fingers: Res<Fingers>,
    layout: Res<PadLayout>,
    mut pad: ResMut<Pad>,
    mut run: ResMut<PuzzleRun>,
    mut editor: ResMut<CodeEditor>,
    mut sfx: MessageWriter<Sfx>,
) {
    for finger in fingers.down.iter().filter(|f| f.began) {
        let Some((_, chip)) = layout.chips.iter().find(|(rect, _)| rect.contains(finger.start)) else { continue };
        if !run.panel_open {
            break;
        }
        let running = run.board.running();
        let outcome = if running {
            use super::chips::Tap;
            super::chips::Outcome { run: chip.tap == Tap::Run, close: chip.tap == Tap::Close, ..Default::default() }
        } else {
            pad.press(&chip.tap, &mut editor)
        };
        if outcome.edited {
            edited(&mut run);
        }
        if outcome.run {
            run_program(&mut run, &mut editor, &mut sfx);
        }
        if outcome.close {
            if running {
                run.board.stop();
            } else {
                run.panel_open = false;
            }
        }
        if outcome.world {
            let count = run.board.worlds.len();
            let next = (run.board.shown + 1) % count.max(1);
            run.board.show_world(next);
        }
        // One chip a frame: the next finger's chip may have moved with this one's stage.
        break;
    }
}

/// Draws the chips where [`lay_out_pad`] put them, rebuilt only when they change.
pub(crate) fn draw_pad(
    mut commands: Commands,
    layout: Res<PadLayout>,
    scale: Option<Res<UiScale>>,
    root: Query<Entity, With<PadRoot>>,
    mut shown: Local<PadLayout>,
) {
    if *shown == *layout && (layout.chips.is_empty() || !root.is_empty()) {
        return;
    }
    *shown = layout.clone();
    for entity in &root {
        commands.entity(entity).despawn();
    }
    if layout.chips.is_empty() {
        return;
    }
    // The layout is in window px; the UI's px are those over its scale.
    let scale = scale.map_or(1.0, |s| s.0).max(f32::EPSILON);
    let full = Node { position_type: PositionType::Absolute, width: percent(100), height: percent(100), ..default() };
    commands.spawn((full, PadRoot, GlobalZIndex(6), DespawnOnExit(Screen::Playing))).with_children(|pad| {
        for (rect, chip) in &layout.chips {
            let key = !matches!(chip.tap, super::chips::Tap::Write { .. } | super::chips::Tap::Go(_))
                && chip.tap != super::chips::Tap::CloseBlock
                && chip.tap != super::chips::Tap::Else;
            let colour = if key { palette::PANEL } else { palette::ACCENT.with_alpha(0.85) };
            pad.spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: px(rect.min.x / scale),
                    top: px(rect.min.y / scale),
                    width: px(rect.width() / scale),
                    height: px(rect.height() / scale),
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border: UiRect::all(px(2.0 / scale)),
                    border_radius: BorderRadius::all(px(10.0 / scale)),
                    ..default()
                },
                BackgroundColor(colour),
                BorderColor::all(palette::TEXT.with_alpha(0.5)),
                children![(
                    text(chip.label.clone(), TEXT_SIZE / scale, palette::TEXT),
                    crate::ui::text_size::FixedTextSize
                )],
            ));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modes::puzzle::chips::{Stage, Tap};
    use seedfeast_procgen::puzzle::ast::CommandKind;

    fn many_chips() -> Vec<Chip> {
        let names =
            ["block1", "block2", "door1", "gate1", "statue1", "lever1", "for", "if", "while", "else", "}", "n ="];
        names.iter().map(|n| Chip { label: n.to_string(), tap: Tap::Go(Stage::Line) }).collect()
    }

    #[test]
    fn chips_fit_the_window_beside_the_panel_and_never_overlap() {
        let object = PadObject { name: "statue1".into(), command: CommandKind::Move };
        let answers = ChipPad { stage: Stage::Call(object) }.chips(&[], &Default::default());
        for stage in [many_chips(), answers] {
            // A phone on its side (the UI's scale as `ui::fit` gives it), the smallest desktop, the default, 4K.
            for (size, scale) in [
                (Vec2::new(844.0, 390.0), 390.0 / 720.0),
                (Vec2::new(640.0, 360.0), 0.5),
                (Vec2::new(1280.0, 720.0), 1.0),
                (Vec2::new(3840.0, 2160.0), 3.0),
            ] {
                let keys = edit_chips();
                let (rects, height) = lay_out(&stage, &keys, size, scale);
                let window = Rect::from_corners(Vec2::ZERO, size);
                let panel_left = size.x - (PANEL_WIDTH + 32.0) * scale;
                // The smallest desktop window is no phone's: there the chips need only fit.
                assert!(size.y < 390.0 || height < size.y * 0.65, "{size}: the pad leaves the map room ({height})");
                for (i, rect) in rects.iter().enumerate() {
                    assert!(rect.width() >= 44.0 && rect.height() >= 44.0, "{size}: chip {i} {rect:?} too small");
                    assert_eq!(window.union(*rect), window, "{size}: chip {i} {rect:?} off the window");
                    assert!(rect.max.x <= panel_left, "{size}: chip {i} {rect:?} under the code panel");
                    for other in &rects[..i] {
                        assert!(other.intersect(*rect).is_empty(), "{size}: chip {i} {rect:?} on {other:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_editing_keys_sit_lowest_and_the_stage_above_them() {
        let (stage, keys) = (many_chips(), edit_chips());
        let (rects, height) = lay_out(&stage, &keys, Vec2::new(1280.0, 720.0), 1.0);
        let lowest_stage = rects[..stage.len()].iter().map(|r| r.max.y).fold(0.0, f32::max);
        let highest_key = rects[stage.len()..].iter().map(|r| r.min.y).fold(f32::MAX, f32::min);
        assert!(lowest_stage < highest_key, "keys below the stage's chips");
        assert_eq!(height, 720.0 - rects.iter().map(|r| r.min.y).fold(f32::MAX, f32::min) + GAP);
    }
}
