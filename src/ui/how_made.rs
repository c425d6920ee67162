//! *How was this made?* (issue #33): from the pause and game-over screens, the level the run is on
//! (from the seed screen, its preview's level) made again step by step from its generator's own narration: the level part-made, the step and
//! the caption of the decision just taken, and controls to play, pause, step, scrub and change the
//! speed. The frames are the generator's sketches (`Generate::sketch`), drawn from the events
//! alone, so the last one is the level that was played. Keys, pad and touch all drive it; while it
//! is open the screen under it takes no input.

use bevy::prelude::*;
use bevy::ui::{ComputedNode, RelativeCursorPosition, UiGlobalTransform};
use bevy::window::PrimaryWindow;
use seedfeast_procgen::generate::{Sketch, Sketches};
use seedfeast_procgen::generator::Request;

use crate::data::GameData;
use crate::input::{Actions, Dir, ReadActions};
use crate::run::LevelShown;
use crate::session::Session;
use crate::state::Screen;
use crate::toast::Toast;
use crate::touch::Fingers;
use crate::ui::menu::{MenuAction, MenuChosen, MenuSystems, Placed, tapped};
use crate::ui::preview::{picture_image, wanted_seed};
use crate::ui::scroll::is_drag;
use crate::ui::seed_entry::SeedEntry;

mod view;
use view::{CaptionLine, ControlLabel, FRAME_BORDER, FrameImage, Root, ScrubFill, Scrubber, StepLine, view};

/// Frames one showing holds: the story's events spread over them, the last the finished level.
pub const FRAMES: usize = 120;
/// The longest side of a picture the step-through shows: a texture larger than 2048 pixels a
/// side is more than WebGL2 promises (a designer's huge maze is told in the terminal instead).
pub const MAX_SIDE: u32 = 2048;
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
    /// Close was asked for: it closes at the start of the next frame, so a finger that pressed
    /// *Close* went down while the screen under it took no input, and its lift taps nothing there.
    closing: bool,
    /// A frame that could not be drawn (its error is in the caption line), not tried again.
    failed: Option<usize>,
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
        .add_systems(OnExit(Screen::GameOver), close)
        .add_systems(OnExit(Screen::SeedSelect), close);
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
    screen: Option<Res<State<Screen>>>,
    entry: Option<Res<SeedEntry>>,
    data: Option<Res<GameData>>,
    mut toast: ResMut<Toast>,
) {
    if chosen.0 != MenuAction::HowMade {
        return;
    }
    let Some(data) = data else { return };
    // The seed screen shows how its preview's level was made (the seed typed, or the session's).
    let request = match (screen.map(|s| *s.get()), entry) {
        (Some(Screen::SeedSelect), Some(entry)) => match wanted_seed(&entry, &session) {
            Ok(seed) => session.mode.generator().preview_request(seed, session.mode.variant()),
            Err(problem) => {
                toast.show(problem);
                return;
            }
        },
        _ => level_request(&session, &shown),
    };
    match session.mode.generator().sketch(&data, &request, FRAMES) {
        Ok(sketches) if sketches.size().0.max(sketches.size().1) > MAX_SIDE => {
            let (width, height) = sketches.size();
            toast.show(format!(
                "This level's picture is {width}x{height} pixels, too big to show here: `{}` prints its story",
                command_line(&session, &request)
            ));
        }
        Ok(sketches) => {
            let frames = sketches.frames();
            let command = command_line(&session, &request);
            commands.spawn(view(command.clone()));
            commands.insert_resource(HowMade {
                sketches,
                index: 0,
                frames,
                playing: true,
                speed: 1,
                clock: 0.0,
                shown: None,
                command,
                closing: false,
                failed: None,
            });
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
    if how.closing {
        *actions = Actions { move_axis: actions.move_axis, ..Actions::default() };
        close(commands.reborrow(), roots);
        return;
    }
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
        how.closing = true;
    }
}

/// The buttons, by mouse or finger. A finger's tap is taken as it lifts where it touched (as the
/// menus take theirs, `ui::menu`): on a slow phone a whole tap can fall between two frames, which
/// `Interaction` never sees; while a finger is down, `Interaction`'s presses are left alone.
fn press_controls(
    buttons: Query<(&Control, Ref<Interaction>, Placed)>,
    fingers: Option<Res<Fingers>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    how: Option<ResMut<HowMade>>,
) {
    let Some(mut how) = how else { return };
    let scale = windows.single().map_or(1.0, Window::scale_factor);
    let down = fingers.as_deref().map_or(&[][..], |f| f.down.as_slice());
    let taps: Vec<Vec2> = fingers
        .iter()
        .flat_map(|f| f.lifted_now())
        .filter(|f| !is_drag(f.start, f.at))
        .map(|f| f.start * scale)
        .collect();
    for (control, interaction, placed) in &buttons {
        let clicked = *interaction == Interaction::Pressed && interaction.is_changed() && down.is_empty();
        if (clicked || tapped(placed, &taps)) && apply(*control, &mut how) {
            how.closing = true;
            return;
        }
    }
}

/// Pressing or dragging along the bar (a mouse, or a finger that went down on it) goes to the
/// frame under the pointer.
fn scrub(
    bar: Query<(&Interaction, &RelativeCursorPosition, &ComputedNode, &UiGlobalTransform), With<Scrubber>>,
    fingers: Option<Res<Fingers>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    how: Option<ResMut<HowMade>>,
) {
    let Some(mut how) = how else { return };
    let scale = windows.single().map_or(1.0, Window::scale_factor);
    for (interaction, cursor, node, transform) in &bar {
        let area = Rect::from_center_size(transform.translation, node.size());
        let finger = fingers.as_deref().and_then(|f| f.down.iter().find(|f| area.contains(f.start * scale)));
        let share = match (finger, cursor.normalized) {
            (Some(finger), _) => (finger.at * scale - area.min).x / area.width().max(1.0),
            // `normalized` runs from −0.5 to 0.5 across the node.
            (None, Some(at)) if *interaction == Interaction::Pressed => at.x + 0.5,
            _ => continue,
        };
        let index = (share.clamp(0.0, 1.0) * how.frames.saturating_sub(1) as f32).round() as usize;
        if how.index != index {
            how.playing = false;
            how.go_to(index);
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
fn draw(
    how: Option<ResMut<HowMade>>,
    images: Option<ResMut<Assets<Image>>>,
    mut picture: Query<&mut ImageNode, With<FrameImage>>,
    mut lines: ParamSet<(Query<&mut Text, With<StepLine>>, Query<&mut Text, With<CaptionLine>>)>,
) {
    let Some(mut how) = how else { return };
    let index = how.index;
    if how.failed == Some(index) || how.shown.as_ref().is_some_and(|shown| Some(shown.step) == how.step_of(index)) {
        return;
    }
    let sketch = match how.sketches.frame(index) {
        Some(Ok(sketch)) => sketch,
        Some(Err(error)) => {
            // In the caption line: a toast would be under this screen.
            for mut line in &mut lines.p1() {
                line.0 = format!("This step can't be drawn: {error}");
            }
            how.playing = false;
            how.failed = Some(index);
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

/// The picture as large as fits (its aspect kept; its pixels whole where it is blown up three
/// times or more), the bar's fill and the play button's word.
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
    // Whole multiples of the picture's pixels only when that loses little (a third at most): held
    // upright, a phone's room was half filled by a maze at a whole ×4 of a ×4.7 fit.
    let fit = if fit >= 3.0 { fit.floor() } else { fit };
    // The frame's border is inside the node's size: the picture gets the rest, whole.
    // Written only when they change: a written `Node` lays the whole UI out again that frame.
    let (shown_width, shown_height) =
        (px((width as f32 * fit).round() + 2.0 * FRAME_BORDER), px((height as f32 * fit).round() + 2.0 * FRAME_BORDER));
    for mut node in &mut nodes.p0() {
        if (node.width, node.height) != (shown_width, shown_height) {
            (node.width, node.height) = (shown_width, shown_height);
        }
    }
    let share = if how.frames > 1 { how.index as f32 / (how.frames - 1) as f32 } else { 1.0 };
    for mut node in &mut nodes.p1() {
        if node.width != percent(share * 100.0) {
            node.width = percent(share * 100.0);
        }
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
