//! The step-through's screen: the heading and the command, the picture in its frame, the step and
//! caption lines, the scrub bar and the row of controls, over everything else.

use bevy::prelude::*;
use bevy::ui::{FocusPolicy, RelativeCursorPosition};

use super::Control;
use crate::palette;
use crate::ui::widgets::{button_face, text};

/// The border around the picture, in UI pixels.
pub(super) const FRAME_BORDER: f32 = 3.0;

#[derive(Component)]
pub(super) struct Root;

#[derive(Component)]
pub(super) struct FrameImage;
#[derive(Component)]
pub(super) struct StepLine;
#[derive(Component)]
pub(super) struct CaptionLine;
#[derive(Component)]
pub(super) struct Scrubber;
#[derive(Component)]
pub(super) struct ScrubFill;
#[derive(Component)]
pub(super) struct ControlLabel;

/// The step-through's screen, over everything.
pub(super) fn view(command: String) -> impl Bundle {
    let control = |label: &'static str, control: Control| {
        (
            Button,
            control,
            button_face(Vec2::new(96.0, 48.0)),
            children![(text(label, 20.0, palette::TEXT), ControlLabel)],
        )
    };
    (
        Root,
        Node {
            width: percent(100),
            height: percent(100),
            position_type: PositionType::Absolute,
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(8),
            padding: UiRect::all(px(12)),
            ..default()
        },
        BackgroundColor(palette::PANEL.with_alpha(1.0)),
        GlobalZIndex(40),
        FocusPolicy::Block,
        children![
            text("How this level was made", 30.0, palette::ACCENT),
            text(command, 16.0, palette::TEXT_DIM),
            (
                FrameImage,
                ImageNode::default(),
                Node { border: UiRect::all(px(FRAME_BORDER)), ..default() },
                BorderColor::all(palette::PREVIEW_FRAME),
            ),
            (StepLine, text("", 18.0, palette::TEXT_DIM)),
            (CaptionLine, text("", 22.0, palette::TEXT), Node { max_width: percent(92), ..default() }),
            (
                Scrubber,
                Button,
                RelativeCursorPosition::default(),
                Node {
                    width: percent(80),
                    height: px(22),
                    border_radius: BorderRadius::all(px(11)),
                    overflow: Overflow::clip(),
                    ..default()
                },
                BackgroundColor(palette::BUTTON),
                children![(
                    ScrubFill,
                    Node { width: percent(0), height: percent(100), ..default() },
                    BackgroundColor(palette::BUTTON_SELECTED),
                )],
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::Center,
                    column_gap: px(8),
                    row_gap: px(8),
                    ..default()
                },
                children![
                    control("Start", Control::First),
                    control("Back", Control::Back),
                    control("Pause", Control::PlayPause),
                    control("Step", Control::Step),
                    control("End", Control::Last),
                    control("Speed 2", Control::Speed),
                    control("Close", Control::Close),
                ],
            ),
        ],
    )
}
