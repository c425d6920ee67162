//! The code panel on screen, down the right of the game: the step's card (title, learning goal,
//! hint, the level's objects and the player's bests here) and, on the coding tile, the editor: a
//! dark code sheet with line numbers, coloured code, a blinking cursor, the line a run is playing
//! lit up, an error underlined at its `line:col` with its message, and what the last run did.
//! Away from the tile a card says what to do next.

use bevy::prelude::*;
use seedfeast_procgen::puzzle::ast::CommandKind;

use crate::data::GameData;
use crate::input::LastDevice;
use crate::modes::puzzle::board::Note;
use crate::modes::puzzle::editor::underline_span;
use crate::modes::puzzle::syntax::{Kind, drawable, drawable_prose, goal_name, highlight};
use crate::modes::puzzle::{CodeEditor, PuzzleRun, clock_text, step_metric};
use crate::palette;
use crate::run::RunStart;
use crate::save::Save;
use crate::session::Session;
use crate::state::Screen;
// The editor's grid is measured in its characters' width: its text keeps its size.
use crate::ui::text_size::{FixedTextSize, TextScale};

mod code;
mod layout;

/// The panel's width, in UI pixels; the map frames itself in what is left.
pub(crate) const PANEL_WIDTH: f32 = 480.0;
/// Code text size, and the width of one character of the (monospaced) font at it.
const CODE_SIZE: f32 = 16.0;
const CHAR_W: f32 = CODE_SIZE * 0.6;
const LINE_H: f32 = 23.0;
const GUTTER_W: f32 = 40.0;
/// Lines the sheet shows (it scrolls to keep the cursor or the running line in view).
const VISIBLE_LINES: usize = 14;
/// Characters a line shows before it scrolls sideways.
const VISIBLE_COLS: usize = ((PANEL_WIDTH - 28.0 - GUTTER_W - 20.0) / CHAR_W) as usize;

const SHEET: Color = Color::srgb(0.15, 0.12, 0.11);
const SHEET_BAR: Color = Color::srgb(0.22, 0.18, 0.16);
const CODE_TEXT: Color = Color::srgb(0.94, 0.90, 0.83);
const LINE_NO: Color = Color::srgb(0.50, 0.44, 0.40);
const RUN_LINE: Color = Color::srgba(0.98, 0.62, 0.20, 0.30);
const RUN_MARK: Color = Color::srgb(1.0, 0.66, 0.24);
const CURSOR_LINE: Color = Color::srgba(1.0, 1.0, 1.0, 0.05);
const CURSOR: Color = Color::srgb(1.0, 0.84, 0.40);
const ERROR: Color = Color::srgb(1.0, 0.36, 0.32);
const GOOD: Color = Color::srgb(0.50, 0.90, 0.50);

fn colour(kind: Kind) -> Color {
    match kind {
        Kind::Keyword => Color::srgb(0.98, 0.50, 0.44),
        Kind::Object => Color::srgb(0.45, 0.82, 0.80),
        Kind::Member => Color::srgb(0.99, 0.80, 0.40),
        Kind::Str => Color::srgb(0.62, 0.86, 0.46),
        Kind::Number => Color::srgb(0.76, 0.64, 0.98),
        Kind::Comment => Color::srgb(0.56, 0.51, 0.46),
        Kind::Punct => Color::srgb(0.80, 0.74, 0.66),
        Kind::Plain => CODE_TEXT,
    }
}

pub fn add(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        layout::spawn_panel.after(RunStart::Mode).run_if(resource_exists::<PuzzleRun>),
    )
    .add_systems(
        Update,
        (show_step, show_mode, code::show_code, code::blink_cursor, show_status)
            .chain()
            .run_if(resource_exists::<PuzzleRun>),
    );
}

#[derive(Component)]
struct StepHeading;
#[derive(Component)]
struct StepTitle;
#[derive(Component)]
struct StepGoal;
#[derive(Component)]
struct StepHint;
#[derive(Component)]
struct StepObjects;
#[derive(Component)]
struct StepBest;
#[derive(Component)]
struct PromptCard;
#[derive(Component)]
struct PromptTitle;
#[derive(Component)]
struct PromptText;
#[derive(Component)]
struct Sheet;
#[derive(Component)]
struct SheetTitle;
#[derive(Component)]
struct CodeArea;
#[derive(Component)]
struct CursorBar;
#[derive(Component)]
struct ErrorBox;
#[derive(Component)]
struct ErrorText;
#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct KeysText;

fn label(content: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(content), TextFont::from_font_size(size), TextColor(color))
}

fn card(background: Color) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(14)),
            row_gap: px(6),
            border_radius: BorderRadius::all(px(14)),
            width: percent(100),
            ..default()
        },
        BackgroundColor(background),
    )
}

/// The step card: redrawn when the step changes (and the bests when they do).
fn show_step(
    mut commands: Commands,
    run: Res<PuzzleRun>,
    data: Res<GameData>,
    save: Res<Save>,
    session: Res<Session>,
    mut shown: Local<Option<(u32, usize)>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<StepHeading>>,
        Query<&mut Text, With<StepTitle>>,
        Query<&mut Text, With<StepGoal>>,
        Query<&mut Text, With<StepHint>>,
        Query<&mut Text, With<StepBest>>,
    )>,
    objects: Query<Entity, With<StepObjects>>,
) {
    let key = (run.board.step, run.cleared.len());
    if *shown == Some(key) {
        return;
    }
    *shown = Some(key);
    let step = data.puzzle.curriculum.step(run.board.step);
    let goal = goal_name(step.goal).to_uppercase();
    for mut text in &mut texts.p0() {
        text.0 = format!("STEP {} OF {}  -  {goal}", run.board.step + 1, run.steps);
    }
    for mut text in &mut texts.p1() {
        text.0 = drawable_prose(&step.title);
    }
    for mut text in &mut texts.p2() {
        text.0 = capitalised(step.goal.describe());
    }
    for mut text in &mut texts.p3() {
        text.0 = drawable_prose(&step.hint);
    }
    let code = session.seed.code().to_string();
    for mut text in &mut texts.p4() {
        text.0 = best_text(&run, &save, &code);
    }
    for list in &objects {
        commands.entity(list).despawn_children().with_children(|list| {
            for object in &run.board.level.objects {
                object_chip(list, &object.name, object.command);
            }
        });
    }
}

/// The text with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
    format!("{first}{}", chars.as_str())
}

/// The player's bests on this step (statements and time, against par), or just the par.
fn best_text(run: &PuzzleRun, save: &Save, code: &str) -> String {
    let best = |what: &str| save.best(&seedfeast_save::metric_key("puzzle", code, &step_metric(run.board.step, what)));
    match (best("statements"), best("time_ms")) {
        (Some(s), Some(t)) => format!(
            "Your best here: {} statement{}, {}   (par {})",
            s.score,
            if s.score == 1 { "" } else { "s" },
            clock_text(t.score as f32 / 1000.0),
            run.board.par
        ),
        _ => format!("Par: {} statement{}", run.board.par, if run.board.par == 1 { "" } else { "s" }),
    }
}

/// One of the level's objects as a chip: its name and the call it takes, coloured as code.
fn object_chip(list: &mut ChildSpawnerCommands<'_>, name: &str, command: CommandKind) {
    let call = match command {
        CommandKind::Move => "move(\"up|down|left|right\")",
        CommandKind::Rotate => "rotate(\"left|right\")",
        CommandKind::Open => "open()",
        CommandKind::Stop => "stop()",
    };
    list.spawn((
        Node { padding: UiRect::axes(px(8), px(3)), border_radius: BorderRadius::all(px(6)), ..default() },
        BackgroundColor(SHEET),
    ))
    .with_children(|chip| {
        chip.spawn((Text::new(""), TextFont::from_font_size(14.0), TextColor(colour(Kind::Object)))).with_children(
            |text| {
                text.spawn((TextSpan::new(name), TextFont::from_font_size(14.0), TextColor(colour(Kind::Object))));
                text.spawn((TextSpan::new("."), TextFont::from_font_size(14.0), TextColor(colour(Kind::Punct))));
                text.spawn((TextSpan::new(call), TextFont::from_font_size(14.0), TextColor(colour(Kind::Member))));
            },
        );
    });
}

/// The editor while the panel is open, the prompt card while it is shut.
fn show_mode(
    run: Res<PuzzleRun>,
    mut sheet: Query<&mut Node, (With<Sheet>, Without<PromptCard>)>,
    mut prompt: Query<&mut Node, (With<PromptCard>, Without<Sheet>)>,
    mut titles: ParamSet<(
        Query<&mut Text, With<PromptTitle>>,
        Query<&mut Text, With<PromptText>>,
        Query<&mut Text, With<SheetTitle>>,
    )>,
) {
    let open = run.panel_open;
    let set = |node: &mut Node, shown: bool| {
        let want = if shown { Display::Flex } else { Display::None };
        if node.display != want {
            node.display = want;
        }
    };
    for mut node in &mut sheet {
        set(&mut node, open);
    }
    for mut node in &mut prompt {
        set(&mut node, !open);
    }
    let (title, text) = if run.board.open {
        ("The exit is open!", "Walk out of it to the next step.".to_string())
    } else {
        ("Find the coding tile", "Walk onto the glowing >_ tile to write the program that opens the way.".to_string())
    };
    for mut t in &mut titles.p0() {
        if t.0 != title {
            t.0 = title.into();
        }
    }
    for mut t in &mut titles.p1() {
        if t.0 != text {
            t.0.clone_from(&text);
        }
    }
    let sheet_title = format!("step{}.code", run.board.step + 1);
    for mut t in &mut titles.p2() {
        if t.0 != sheet_title {
            t.0.clone_from(&sheet_title);
        }
    }
}

/// The error box, the status line (what the run is doing or did) and the keys.
fn show_status(
    run: Res<PuzzleRun>,
    device: Res<LastDevice>,
    mut error_box: Query<&mut Node, With<ErrorBox>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<ErrorText>>,
        Query<(&mut Text, &mut TextColor), With<StatusText>>,
        Query<&mut Text, With<KeysText>>,
    )>,
) {
    let board = &run.board;
    let touch = *device == LastDevice::Touch;
    let error = board
        .error
        .as_ref()
        .map(|e| format!("Line {}, column {}: {}", e.pos.line, e.pos.col, drawable_prose(&e.message)));
    for mut node in &mut error_box {
        let want = if error.is_some() { Display::Flex } else { Display::None };
        if node.display != want {
            node.display = want;
        }
    }
    if let Some(error) = &error {
        for mut text in &mut texts.p0() {
            if text.0 != *error {
                text.0.clone_from(error);
            }
        }
    }
    let (status, colour) = status_line(&run, touch);
    for (mut text, mut color) in &mut texts.p1() {
        if text.0 != status {
            text.0.clone_from(&status);
        }
        if color.0 != colour {
            color.0 = colour;
        }
    }
    let keys = keys_text(touch, board.running());
    for mut text in &mut texts.p2() {
        if text.0 != keys {
            text.0 = keys.into();
        }
    }
}

/// The status line, and its colour: ready, running (in which world, on which line), or how the
/// last run ended.
fn status_line(run: &PuzzleRun, touch: bool) -> (String, Color) {
    let board = &run.board;
    // With several worlds, which one a run plays in or failed in (issue #32).
    let several = board.worlds.len() > 1;
    let failed_in = match board.failed_world {
        Some(k) if several => format!(" in world {}", k + 1),
        _ => String::new(),
    };
    match &board.note {
        // A touch player has the chip pad, not the keys.
        Note::Ready if touch => ("RUN runs your program.".to_string(), CODE_TEXT),
        Note::Ready => ("Ctrl+Enter runs your program.".to_string(), CODE_TEXT),
        Note::Running => running_status(run, several),
        Note::Solved if several => ("Every world solved: the way is open! Walk out.".to_string(), GOOD),
        Note::Solved => ("The way is open! Walk out of the exit.".to_string(), GOOD),
        Note::Wrong => (format!("Not yet{failed_in}: the exit is still shut. The level goes back as it was."), ERROR),
        Note::Refused(e) => (format!("Fix line {} first: nothing ran.", e.pos.line), ERROR),
        Note::Failed(_) => (format!("The run stopped{failed_in}. The level goes back as it was."), ERROR),
        Note::Stopped => ("Stopped. The level is back as it was.".to_string(), CODE_TEXT),
    }
}

/// The status while a run plays: its world, line and step, or the world it just solved.
fn running_status(run: &PuzzleRun, several: bool) -> (String, Color) {
    match &run.board.playback {
        Some(p) if p.finished.is_none() && several => (
            format!(
                "World {}: line {} ...   step {} of {}",
                p.world + 1,
                p.line().unwrap_or(1),
                p.steps_done,
                p.total_steps
            ),
            RUN_MARK,
        ),
        Some(p) if p.finished.is_none() => (
            format!("Running line {} ...   step {} of {}", p.line().unwrap_or(1), p.steps_done, p.total_steps),
            RUN_MARK,
        ),
        Some(p) if several => (format!("World {} solved: on to world {} ...", p.world + 1, p.world + 2), GOOD),
        _ => ("Running ...".to_string(), RUN_MARK),
    }
}

/// The keys the foot shows: touch or keyboard, while a run plays or not.
fn keys_text(touch: bool, running: bool) -> &'static str {
    if touch && running {
        "RUN: skip to the end   CLOSE: stop"
    } else if touch {
        "Tap an object, then what it does"
    } else if running {
        "Ctrl+Enter skip to the end   Esc stop"
    } else {
        "Ctrl+Enter run   Esc close   Ctrl+V paste   Ctrl+Z undo"
    }
}
