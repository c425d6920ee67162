//! The panel's layout, spawned empty when play starts: the step card, the prompt card, the code
//! sheet (its title bar, the code rows' area, the error box and the status foot) and the toasts.

use super::*;

pub(super) fn spawn_panel(mut commands: Commands, scale: Option<Res<TextScale>>) {
    // Under the HUD's top-right card, which is taller at the large text size (its hint wraps).
    let top = if scale.is_some_and(|scale| scale.0 > 1.0) { 134.0 } else { 96.0 };
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                right: px(16),
                top: px(top),
                bottom: px(16),
                width: px(PANEL_WIDTH),
                flex_direction: FlexDirection::Column,
                row_gap: px(10),
                ..default()
            },
            DespawnOnExit(Screen::Playing),
        ))
        .with_children(|root| {
            root.spawn(card(palette::PANEL)).with_children(step_card);
            root.spawn((PromptCard, card(palette::PANEL))).with_children(prompt_card);
            code_sheet(root);
            // Toasts at the foot of the panel, not over the board.
            root.spawn(crate::toast::toast_slot(Node {
                margin: UiRect::top(auto()),
                justify_content: JustifyContent::Center,
                ..default()
            }));
        });
}

/// The step card's rows: heading, title, goal, hint, the worlds, the objects and the bests.
fn step_card(step: &mut ChildSpawnerCommands<'_>) {
    step.spawn((StepHeading, label("", 14.0, palette::ACCENT)));
    step.spawn((StepTitle, label("", 28.0, palette::TEXT)));
    step.spawn((StepGoal, label("", 16.0, palette::TEXT_DIM)));
    step.spawn((StepHint, label("", 17.0, palette::TEXT)));
    // A level's worlds, when it has several (filled by `world_strip`).
    step.spawn(crate::modes::puzzle::world_strip::slot());
    step.spawn((
        StepObjects,
        Node {
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(6),
            row_gap: px(6),
            ..default()
        },
    ));
    step.spawn((StepBest, label("", 14.0, palette::TEXT_DIM)));
}

/// The prompt card's rows: what to do next, and the keys that open the panel or end the run.
fn prompt_card(prompt: &mut ChildSpawnerCommands<'_>) {
    prompt.spawn((PromptTitle, label("", 22.0, palette::ACCENT)));
    prompt.spawn((PromptText, label("", 17.0, palette::TEXT)));
    prompt.spawn((
        label("Enter on the tile: code panel   Q: end the run", 14.0, palette::TEXT_DIM),
        crate::ui::hints::Hint::new(
            "Enter on the tile: code panel   Q: end the run",
            "(A) on the tile: code panel   Select: end the run",
        ),
    ));
}

/// The code sheet, hidden until the panel opens: title bar, code area, error box, status foot.
fn code_sheet(root: &mut ChildSpawnerCommands<'_>) {
    root.spawn((
        Sheet,
        Node {
            flex_direction: FlexDirection::Column,
            border_radius: BorderRadius::all(px(14)),
            width: percent(100),
            overflow: Overflow::clip(),
            display: Display::None,
            ..default()
        },
        BackgroundColor(SHEET),
    ))
    .with_children(|sheet| {
        sheet_bar(sheet);
        sheet.spawn((
            CodeArea,
            Node {
                flex_direction: FlexDirection::Column,
                padding: UiRect::axes(px(0), px(8)),
                min_height: px(LINE_H * 6.0 + 16.0),
                overflow: Overflow::clip(),
                ..default()
            },
        ));
        sheet
            .spawn((
                ErrorBox,
                Node { padding: UiRect::axes(px(12), px(8)), display: Display::None, ..default() },
                BackgroundColor(Color::srgba(0.75, 0.15, 0.12, 0.30)),
            ))
            .with_children(|error| {
                error.spawn((ErrorText, label("", 15.0, Color::srgb(1.0, 0.78, 0.74))));
            });
        sheet
            .spawn((
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    padding: UiRect::axes(px(12), px(9)),
                    ..default()
                },
                BackgroundColor(SHEET_BAR),
            ))
            .with_children(|foot| {
                foot.spawn((StatusText, label("", 16.0, CODE_TEXT)));
                foot.spawn((KeysText, label("", 13.0, LINE_NO)));
            });
    });
}

/// The sheet's title bar: three window dots and the sheet's file name.
fn sheet_bar(sheet: &mut ChildSpawnerCommands<'_>) {
    sheet
        .spawn((
            Node {
                flex_direction: FlexDirection::Row,
                align_items: AlignItems::Center,
                column_gap: px(6),
                padding: UiRect::axes(px(12), px(7)),
                ..default()
            },
            BackgroundColor(SHEET_BAR),
        ))
        .with_children(|bar| {
            for dot in [Color::srgb(0.93, 0.38, 0.33), Color::srgb(0.97, 0.75, 0.3), Color::srgb(0.45, 0.78, 0.4)] {
                bar.spawn((
                    Node { width: px(10), height: px(10), border_radius: BorderRadius::all(px(5)), ..default() },
                    BackgroundColor(dot),
                ));
            }
            bar.spawn((
                SheetTitle,
                label("", 15.0, Color::srgb(0.78, 0.72, 0.66)),
                Node { margin: UiRect::left(px(8)), ..default() },
            ));
        });
}
