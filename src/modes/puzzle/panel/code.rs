//! The code sheet's rows: line numbers, the program's text coloured by kind, the running line lit,
//! the cursor and the error's underline, redrawn only when what they show changes; and the
//! cursor's blink.

use super::*;
use crate::modes::puzzle::editor::Cursor;

/// What the code sheet shows, to redraw it only when that changes.
#[derive(Clone, PartialEq, Default)]
pub(super) struct Drawn {
    revision: u64,
    running_line: Option<u32>,
    error: Option<(u32, u32)>,
    editing: bool,
    step: u32,
}

/// The code rows: line numbers, coloured text, the running line lit, the cursor, the underline.
pub(super) fn show_code(
    mut commands: Commands,
    run: Res<PuzzleRun>,
    editor: Res<CodeEditor>,
    area: Query<Entity, With<CodeArea>>,
    mut drawn: Local<Option<Drawn>>,
    mut scroll: Local<(usize, usize)>,
) {
    let board = &run.board;
    let running_line = board.playback.as_ref().and_then(|p| p.line());
    let editing = run.panel_open && !board.running();
    let error = board.error.as_ref().map(|e| (e.pos.line, e.pos.col));
    let now = Drawn { revision: editor.revision(), running_line, error, editing, step: board.step };
    if drawn.as_ref() == Some(&now) {
        return;
    }
    *drawn = Some(now);
    let Ok(area) = area.single() else { return };
    let lines = editor.lines();
    let cursor = editor.cursor();
    // Keep the line that matters in view: the running one, else the cursor's.
    let focus = running_line.map_or(cursor.line, |l| (l as usize).saturating_sub(1));
    *scroll = keep_in_view(*scroll, focus, cursor.col, lines.len());
    let (top, left) = *scroll;
    let sheet =
        CodeView { running_line, editing, cursor, left, placeholder: editor.is_empty() && !board.running(), error };
    commands.entity(area).despawn_children().with_children(|area| {
        for (index, line) in lines.iter().enumerate().skip(top).take(VISIBLE_LINES) {
            code_row(area, &sheet, index, line);
        }
    });
}

/// What every row of one redraw of the code sheet shares.
struct CodeView {
    running_line: Option<u32>,
    editing: bool,
    cursor: Cursor,
    /// The first column shown (the sheet scrolls sideways to keep the cursor in view).
    left: usize,
    /// The program is empty and not running: the first row shows a hint.
    placeholder: bool,
    /// The error's line and column, from 1.
    error: Option<(u32, u32)>,
}

/// The scroll (top line, left column) moved just enough to show the focus line and the cursor.
fn keep_in_view((mut top, mut left): (usize, usize), focus: usize, col: usize, line_count: usize) -> (usize, usize) {
    if focus < top {
        top = focus;
    } else if focus >= top + VISIBLE_LINES {
        top = focus + 1 - VISIBLE_LINES;
    }
    top = top.min(line_count.saturating_sub(1));
    if col < left {
        left = col;
    } else if col + 2 > left + VISIBLE_COLS {
        left = col + 2 - VISIBLE_COLS;
    }
    (top, left)
}

/// One row of the sheet: its gutter, then its code with the underline and cursor over it.
fn code_row(area: &mut ChildSpawnerCommands<'_>, sheet: &CodeView, index: usize, line: &str) {
    let number = index + 1;
    let running = sheet.running_line == Some(number as u32);
    let background = if running {
        RUN_LINE
    } else if sheet.editing && index == sheet.cursor.line {
        CURSOR_LINE
    } else {
        Color::NONE
    };
    area.spawn((
        Node { height: px(LINE_H), width: percent(100), flex_direction: FlexDirection::Row, ..default() },
        BackgroundColor(background),
    ))
    .with_children(|row| {
        gutter(row, number, running);
        row.spawn(Node { flex_grow: 1.0, height: px(LINE_H), overflow: Overflow::clip(), ..default() })
            .with_children(|code| code_line(code, sheet, index, line));
    });
}

/// The running line's mark and number, in the gutter.
fn gutter(row: &mut ChildSpawnerCommands<'_>, number: usize, running: bool) {
    row.spawn((
        Node {
            width: px(GUTTER_W),
            justify_content: JustifyContent::FlexEnd,
            align_items: AlignItems::Center,
            padding: UiRect::right(px(10)),
            border: UiRect::left(px(if running { 4.0 } else { 0.0 })),
            ..default()
        },
        BorderColor::all(RUN_MARK),
        children![(label(number.to_string(), 14.0, if running { RUN_MARK } else { LINE_NO }), FixedTextSize)],
    ));
}

/// A row's code, scrolled sideways: its coloured text, the error's underline, the cursor.
fn code_line(code: &mut ChildSpawnerCommands<'_>, sheet: &CodeView, index: usize, line: &str) {
    let number = index + 1;
    let shift = -(sheet.left as f32) * CHAR_W;
    code.spawn((
        Text::new(""),
        TextFont::from_font_size(CODE_SIZE),
        TextColor(CODE_TEXT),
        FixedTextSize,
        TextLayout::no_wrap(),
        Node { position_type: PositionType::Absolute, left: px(shift), top: px(2), ..default() },
    ))
    .with_children(|text| code_spans(text, sheet.placeholder && index == 0, line));
    if let Some((_, col)) = sheet.error.filter(|&(at, _)| at as usize == number) {
        let col = (col.max(1) - 1) as usize;
        let span = underline_span(line, col);
        code.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(shift + col as f32 * CHAR_W),
                top: px(LINE_H - 4.0),
                width: px(span as f32 * CHAR_W),
                height: px(2.5),
                ..default()
            },
            BackgroundColor(ERROR),
        ));
    }
    if sheet.editing && index == sheet.cursor.line {
        code.spawn((
            CursorBar,
            Node {
                position_type: PositionType::Absolute,
                left: px(shift + sheet.cursor.col as f32 * CHAR_W - 1.0),
                top: px(3),
                width: px(2),
                height: px(LINE_H - 6.0),
                ..default()
            },
            BackgroundColor(CURSOR),
        ));
    }
}

/// A line's text as spans coloured by kind, after the empty program's hint when it has one.
fn code_spans(text: &mut ChildSpawnerCommands<'_>, hint: bool, line: &str) {
    if hint {
        text.spawn((
            TextSpan::new("// type your program here"),
            TextFont::from_font_size(CODE_SIZE),
            TextColor(colour(Kind::Comment)),
            FixedTextSize,
        ));
    }
    for (kind, run) in highlight(line) {
        text.spawn((
            TextSpan::new(drawable(&run)),
            TextFont::from_font_size(CODE_SIZE),
            TextColor(colour(kind)),
            FixedTextSize,
        ));
    }
}

/// The cursor blinks (solid for a moment after each change).
pub(super) fn blink_cursor(
    time: Res<Time<Real>>,
    editor: Res<CodeEditor>,
    mut since: Local<(u64, f32)>,
    mut bars: Query<&mut Visibility, With<CursorBar>>,
) {
    let now = time.elapsed_secs();
    if since.0 != editor.revision() {
        *since = (editor.revision(), now);
    }
    let on = (((now - since.1) * 1.8) as u32).is_multiple_of(2);
    for mut visibility in &mut bars {
        let want = if on { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != want {
            *visibility = want;
        }
    }
}
