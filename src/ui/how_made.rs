//! *How was this made?* (issue #33): from the pause and game-over screens, the level the run is on
//! made again step by step from its generator's own narration: the level part-made, the step and
//! the caption of the decision just taken, and controls to play, pause, step, scrub and change the
//! speed. The frames are the generator's sketches (`Generate::sketch`), drawn from the events
//! alone, so the last one is the level that was played. Keys, pad and touch all drive it; while it
//! is open the screen under it takes no input.

use bevy::prelude::*;
use bevy::ui::{FocusPolicy, RelativeCursorPosition};
use seedfeast_procgen::generate::{Sketch, Sketches};
use seedfeast_procgen::generator::Request;

use crate::data::GameData;
use crate::input::{Actions, Dir, ReadActions};
use crate::palette;
use crate::run::LevelShown;
use crate::session::Session;
use crate::state::Screen;
use crate::toast::Toast;
use crate::ui::menu::{MenuAction, MenuChosen, MenuSystems};
use crate::ui::preview::picture_image;
use crate::ui::widgets::text;

/// Frames one showing holds: the story's events spread over them, the last the finished level.
pub const FRAMES: usize = 120;
/// The border around the picture, in UI pixels.
const FRAME_BORDER: f32 = 3.0;
/// Frames a second at each speed, slowest first.
pub const SPEEDS: [f32; 3] = [4.0, 12.0, 30.0];

/// The step-through while it is open.
#[derive(Resource)]
pub struct HowMade {
    sketches: Sketches,
    /// The frame shown (from 0) and how many there are.
    pub index: usize,
    pub frames: usize,
    pub playing: bool,
    /// Which of [`SPEEDS`].
    pub speed: usize,
    /// Frames owed to playing, fractional.
    clock: f32,
    /// The frame drawn for `index`: its picture, step and caption.
    pub shown: Option<Sketch>,
    /// The command that prints the same story (`seedfeast explain …`), shown under the heading.
    pub command: String,
}

impl HowMade {
    fn go_to(&mut self, index: usize) {
        self.index = index.min(self.frames.saturating_sub(1));
    }
}

/// A control of the step-through.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    First,
    Back,
    PlayPause,
    Step,
    Last,
    Speed,
    Close,
}

#[derive(Component)]
struct Root;

#[derive(Component)]
struct FrameImage;
#[derive(Component)]
struct StepLine;
#[derive(Component)]
struct CaptionLine;
#[derive(Component)]
struct Scrubber;
#[derive(Component)]
struct ScrubFill;
#[derive(Component)]
struct ControlLabel;

pub(crate) fn plugin(app: &mut App) {
    app.add_observer(open)
        // The screen under it takes no input while it is open (its buttons, taps and keys).
        .configure_sets(Update, MenuSystems.run_if(not(resource_exists::<HowMade>)))
        // Keys and the pad before anything else reads this frame's actions.
        .add_systems(
            PreUpdate,
            drive.after(ReadActions).after(crate::touch::fold_touches).run_if(resource_exists::<HowMade>),
        )
        .add_systems(
            Update,
            (press_controls, scrub, play, draw, lay_out).chain().before(MenuSystems).run_if(resource_exists::<HowMade>),
        )
        .add_systems(OnExit(Screen::Playing), close)
        .add_systems(OnExit(Screen::GameOver), close);
}

/// The request that makes the level on screen: the session's seed and mode with the options the
/// run said make its level (the generator's defaults for a run that said none).
pub fn level_request(session: &Session, shown: &LevelShown) -> Request {
    let options = shown.0.iter().map(|&(option, value)| (option, Some(value)));
    Request::new(session.seed, session.mode.variant()).with_each(options)
}

/// `seedfeast explain MODE --seed CODE --option value …`: the same story in a terminal.
fn command_line(session: &Session, request: &Request) -> String {
    seedfeast_procgen::generator::reproduce(session.mode.key(), request, None).replacen(
        "seedfeast gen ",
        "seedfeast explain ",
        1,
    )
}

fn open(
    chosen: On<MenuChosen>,
    mut commands: Commands,
    session: Res<Session>,
    shown: Res<LevelShown>,
    data: Option<Res<GameData>>,
    mut toast: ResMut<Toast>,
) {
    if chosen.0 != MenuAction::HowMade {
        return;
    }
    let Some(data) = data else { return };
    let request = level_request(&session, &shown);
    match session.mode.generator().sketch(&data, &request, FRAMES) {
        Ok(sketches) => {
            let frames = sketches.frames();
            commands.insert_resource(HowMade {
                sketches,
                index: 0,
                frames,
                playing: true,
                speed: 1,
                clock: 0.0,
                shown: None,
                command: command_line(&session, &request),
            });
            commands.spawn(view(command_line(&session, &request)));
        }
        Err(error) => toast.show(format!("Can't show how it was made: {error}")),
    }
}

fn close(mut commands: Commands, roots: Query<Entity, With<Root>>) {
    commands.remove_resource::<HowMade>();
    for root in &roots {
        commands.entity(root).despawn();
    }
}

/// The step-through's screen, over everything.
fn view(command: String) -> impl Bundle {
    let control = |label: &'static str, control: Control| {
        (
            Button,
            control,
            Node {
                min_width: px(96),
                min_height: px(48),
                padding: UiRect::horizontal(px(10)),
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                border_radius: BorderRadius::all(px(12)),
                ..default()
            },
            BackgroundColor(palette::BUTTON),
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

/// What a control does.
fn apply(control: Control, how: &mut HowMade) -> bool {
    match control {
        Control::First => {
            how.playing = false;
            how.go_to(0);
        }
        Control::Back => {
            how.playing = false;
            how.go_to(how.index.saturating_sub(1));
        }
        Control::Step => {
            how.playing = false;
            how.go_to(how.index + 1);
        }
        Control::Last => {
            how.playing = false;
            how.go_to(how.frames);
        }
        Control::PlayPause => {
            // Play from the start again once at the end.
            if !how.playing && how.index + 1 == how.frames {
                how.go_to(0);
            }
            how.playing = !how.playing;
            how.clock = 0.0;
        }
        Control::Speed => how.speed = (how.speed + 1) % SPEEDS.len(),
        Control::Close => return true,
    }
    false
}

/// Keys and the pad: left and right step, up and down go to the start and the end, confirm plays
/// or pauses, the second action changes the speed, back or pause closes. The actions are used up
/// here, so nothing under the step-through (the pause toggle, a menu) takes them too.
fn drive(
    mut commands: Commands,
    mut actions: ResMut<Actions>,
    mut how: ResMut<HowMade>,
    roots: Query<Entity, With<Root>>,
) {
    let control = match actions.steer {
        Some(Dir::Left) => Some(Control::Back),
        Some(Dir::Right) => Some(Control::Step),
        Some(Dir::Up) => Some(Control::First),
        Some(Dir::Down) => Some(Control::Last),
        None if actions.back || actions.pause => Some(Control::Close),
        None if actions.confirm || actions.act => Some(Control::PlayPause),
        None if actions.alt => Some(Control::Speed),
        None => None,
    };
    *actions = Actions { move_axis: actions.move_axis, ..Actions::default() };
    if let Some(control) = control
        && apply(control, &mut how)
    {
        close(commands.reborrow(), roots);
    }
}

/// The buttons, by mouse or finger.
fn press_controls(
    mut commands: Commands,
    buttons: Query<(&Control, &Interaction), Changed<Interaction>>,
    how: Option<ResMut<HowMade>>,
    roots: Query<Entity, With<Root>>,
) {
    let Some(mut how) = how else { return };
    for (control, interaction) in &buttons {
        if *interaction == Interaction::Pressed && apply(*control, &mut how) {
            close(commands.reborrow(), roots);
            return;
        }
    }
}

/// Pressing or dragging along the bar goes to the frame under the pointer.
fn scrub(bar: Query<(&Interaction, &RelativeCursorPosition), With<Scrubber>>, how: Option<ResMut<HowMade>>) {
    let Some(mut how) = how else { return };
    for (interaction, cursor) in &bar {
        if *interaction != Interaction::Pressed {
            continue;
        }
        if let Some(at) = cursor.normalized {
            // `normalized` runs from −0.5 to 0.5 across the node.
            let share = (at.x + 0.5).clamp(0.0, 1.0);
            let index = (share * how.frames.saturating_sub(1) as f32).round() as usize;
            if how.index != index {
                how.playing = false;
                how.go_to(index);
            }
        }
    }
}

/// Playing moves on at the speed chosen, and stops on the finished level.
fn play(time: Res<Time<Real>>, how: Option<ResMut<HowMade>>) {
    let Some(mut how) = how else { return };
    if !how.playing {
        return;
    }
    how.clock += time.delta_secs() * SPEEDS[how.speed];
    while how.clock >= 1.0 {
        how.clock -= 1.0;
        if how.index + 1 >= how.frames {
            how.playing = false;
            how.clock = 0.0;
            break;
        }
        how.index += 1;
    }
}

/// Draws the frame asked for when it changes: the picture, the step and the caption.
#[allow(clippy::type_complexity)]
fn draw(
    how: Option<ResMut<HowMade>>,
    images: Option<ResMut<Assets<Image>>>,
    mut picture: Query<&mut ImageNode, With<FrameImage>>,
    mut lines: ParamSet<(Query<&mut Text, With<StepLine>>, Query<&mut Text, With<CaptionLine>>)>,
    mut toast: ResMut<Toast>,
) {
    let Some(mut how) = how else { return };
    let index = how.index;
    if how.shown.as_ref().is_some_and(|shown| Some(shown.step) == how.step_of(index)) {
        return;
    }
    let sketch = match how.sketches.frame(index) {
        Some(Ok(sketch)) => sketch,
        Some(Err(error)) => {
            toast.show(format!("Can't draw this step: {error}"));
            how.playing = false;
            return;
        }
        None => return,
    };
    if let Some(mut images) = images {
        let handle = images.add(picture_image(&sketch.picture));
        for mut node in &mut picture {
            node.image = handle.clone();
        }
    }
    for mut line in &mut lines.p0() {
        line.0 = format!("Step {} of {} · {}", sketch.step, sketch.of, sketch.rule);
    }
    for mut line in &mut lines.p1() {
        line.0 = in_the_font(&sketch.caption);
    }
    how.shown = Some(sketch);
}

/// `caption` with the signs the game's font lacks written in ones it has (`→` as `->`, `≤` as
/// `<=`, `⌊x⌋` as `floor(x)`), and anything else it lacks as `?`: the captions are written for
/// the command line, whose terminal has every sign.
pub fn in_the_font(caption: &str) -> String {
    let mut out = String::with_capacity(caption.len());
    for c in caption.chars() {
        match c {
            '→' => out.push_str("->"),
            '←' => out.push_str("<-"),
            '≤' => out.push_str("<="),
            '≥' => out.push_str(">="),
            '−' => out.push('-'),
            '⌊' => out.push_str("floor("),
            '⌈' => out.push_str("ceil("),
            '⌋' | '⌉' => out.push(')'),
            c if crate::font::has_glyph(c) => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

impl HowMade {
    /// The event a frame shows, counted from 1.
    fn step_of(&self, index: usize) -> Option<usize> {
        self.sketches.step_at(index)
    }
}

/// The picture as large as fits (its aspect kept, its pixels whole where it is small), the bar's
/// fill and the play button's word.
#[allow(clippy::type_complexity)]
fn lay_out(
    how: Option<Res<HowMade>>,
    windows: Query<&Window>,
    scale: Option<Res<UiScale>>,
    mut nodes: ParamSet<(Query<&mut Node, With<FrameImage>>, Query<&mut Node, With<ScrubFill>>)>,
    mut labels: Query<(&ChildOf, &mut Text), With<ControlLabel>>,
    controls: Query<&Control>,
) {
    let Some(how) = how else { return };
    let (width, height) = how.sketches.size();
    let scale = scale.map_or(1.0, |scale| scale.0.max(0.01));
    let window = windows.iter().next().map_or(Vec2::new(1280.0, 720.0), |w| w.size()) / scale;
    // Room left by the heading, the lines and the controls (two rows of them on a narrow screen).
    let room = Vec2::new(window.x * 0.92, (window.y - if window.x < 760.0 { 330.0 } else { 270.0 }).max(60.0));
    let fit = (room / Vec2::new(width.max(1) as f32, height.max(1) as f32)).min_element();
    // Whole pixels when blown up, so a small maze stays crisp.
    let fit = if fit >= 1.0 { fit.floor() } else { fit };
    // The frame's border is inside the node's size: the picture gets the rest, whole.
    for mut node in &mut nodes.p0() {
        node.width = px((width as f32 * fit).round() + 2.0 * FRAME_BORDER);
        node.height = px((height as f32 * fit).round() + 2.0 * FRAME_BORDER);
    }
    let share = if how.frames > 1 { how.index as f32 / (how.frames - 1) as f32 } else { 1.0 };
    for mut node in &mut nodes.p1() {
        node.width = percent(share * 100.0);
    }
    for (parent, mut label) in &mut labels {
        let word = match controls.get(parent.parent()) {
            Ok(Control::PlayPause) if how.playing => "Pause".to_string(),
            Ok(Control::PlayPause) => "Play".to_string(),
            Ok(Control::Speed) => format!("Speed {}", how.speed + 1),
            _ => continue,
        };
        if label.0 != word {
            label.0 = word;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn captions_are_written_in_signs_the_font_has() {
        let caption = "⌊12 / 2⌋ = 6; 0.41 ≤ 0.25 + 0.22; (1, 7) → (3, 7); −0.5 × 2 ≥ ⌈x⌉ ✓";
        let shown = super::in_the_font(caption);
        assert_eq!(shown, "floor(12 / 2) = 6; 0.41 <= 0.25 + 0.22; (1, 7) -> (3, 7); -0.5 × 2 >= ceil(x) ?");
        assert!(shown.chars().all(crate::font::has_glyph));
    }
}
