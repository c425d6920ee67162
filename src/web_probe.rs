//! What the page tells a browser test besides the screens (issue #30's phone test): pauses go into
//! the screen log, the menu buttons' places (and every text's, for the layout test) are published
//! so a test can tap them as a finger would, and a paused or finished run's inputs are summed up
//! so the test can see its taps, swipes and stick became the run's input. The texts are built on
//! every platform (and unit-tested); only the browser publishes them.

use bevy::prelude::*;
use bevy::ui::UiSystems;

use crate::replay::{LastReplay, Recording, StepInput};
use crate::state::{Pause, Screen};
use crate::ui::menu::MenuItem;
use crate::web::ScreenLog;

pub fn plugin(app: &mut App) {
    // Before the screen's line: a run's first `Running` comes ahead of its `Playing …`, so the
    // log's last line is the screen a link opened (the browser tests read it).
    app.add_systems(Update, log_pause.run_if(state_changed::<Pause>).before(crate::web::log_screen))
        .add_systems(OnEnter(Pause::Paused), sum_up_run_so_far)
        .add_systems(OnEnter(Screen::GameOver), sum_up_run);
    // The buttons' places are known once the UI is laid out (the browser game only: nothing
    // else reads them).
    if cfg!(target_arch = "wasm32") && app.is_plugin_added::<bevy::ui::UiPlugin>() {
        app.add_systems(PostUpdate, (publish_buttons, publish_window, publish_texts).after(UiSystems::Layout));
    }
}

/// The screen log's lines kept once pauses add to it.
const MAX_LOG_LINES: usize = 200;

fn log_pause(pause: Option<Res<State<Pause>>>, mut log: ResMut<ScreenLog>) {
    let Some(pause) = pause else { return };
    log.0.push(format!("{:?}", pause.get()));
    // Every pause adds a line: a long session keeps only the latest, so publishing stays cheap.
    if log.0.len() > MAX_LOG_LINES {
        let extra = log.0.len() - MAX_LOG_LINES;
        log.0.drain(..extra);
    }
    #[cfg(target_arch = "wasm32")]
    crate::web::publish("screens", &log.0.join("\n"));
}

/// A run's inputs summed up: `steps N jumps J turns T moving M uses U`.
pub(crate) fn run_summary(inputs: &[u16]) -> String {
    let (mut jumps, mut turns, mut moving, mut uses) = (0, 0, 0, 0);
    for input in inputs.iter().filter_map(|word| StepInput::unpack(*word).ok()) {
        jumps += usize::from(input.jump);
        turns += usize::from(input.steer.is_some());
        moving += usize::from(input.axis != IVec2::ZERO);
        uses += usize::from(input.act || input.alt);
    }
    format!("steps {} jumps {jumps} turns {turns} moving {moving} uses {uses}", inputs.len())
}

fn sum_up_run_so_far(recording: Res<Recording>) {
    let summary = run_summary(&recording.inputs);
    #[cfg(target_arch = "wasm32")]
    crate::web::publish("last-run", &summary);
    let _ = summary;
}

fn sum_up_run(replay: Option<Res<LastReplay>>) {
    let summary = replay.map(|replay| run_summary(&replay.0.inputs)).unwrap_or_else(|| "no replay".into());
    #[cfg(target_arch = "wasm32")]
    crate::web::publish("last-run", &summary);
    let _ = summary;
}

/// Every menu button on screen (and *How was this made?*'s controls) as `label|x|y|width|height`
/// in CSS px from the canvas's top left.
fn publish_buttons(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    items: Query<
        (&ComputedNode, &UiGlobalTransform, &InheritedVisibility, &Children),
        Or<(With<MenuItem>, With<crate::ui::how_made::Control>)>,
    >,
    texts: Query<&Text>,
    mut last: Local<String>,
) {
    // Layout is in physical px; CSS px are those over the window's scale factor (the page's
    // device pixel ratio), whatever the UI's own scale.
    let scale = windows.single().map_or(1.0, |window| 1.0 / window.scale_factor());
    let mut lines: Vec<String> = items
        .iter()
        .filter(|(node, _, visible, _)| visible.get() && !node.is_empty())
        .map(|(node, transform, _, children)| {
            let label = children.iter().find_map(|child| texts.get(child).ok()).map_or("", |text| text.0.as_str());
            let size = node.size() * scale;
            let min = transform.translation * scale - size / 2.0;
            format!("{label}|{:.0}|{:.0}|{:.0}|{:.0}", min.x, min.y, size.x, size.y)
        })
        .collect();
    lines.sort();
    let text = lines.join("\n");
    if *last != text {
        #[cfg(target_arch = "wasm32")]
        crate::web::publish("buttons", &text);
        *last = text;
    }
}

/// Every text on screen as `x|y|width|height|text` in CSS px, for the layout test
/// (`scripts/browser/layout.mjs`: no text outside the window, no two overlapping).
fn publish_texts(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    texts: Query<(&ComputedNode, &UiGlobalTransform, &InheritedVisibility, &Text)>,
    mut last: Local<String>,
) {
    let scale = windows.single().map_or(1.0, |window| 1.0 / window.scale_factor());
    let mut lines: Vec<String> = texts
        .iter()
        .filter(|(node, _, visible, text)| visible.get() && !node.is_empty() && !text.0.trim().is_empty())
        .map(|(node, transform, _, text)| {
            let size = node.size() * scale;
            let min = transform.translation * scale - size / 2.0;
            let line = text.0.replace('\n', " ");
            format!("{:.0}|{:.0}|{:.0}|{:.0}|{line}", min.x, min.y, size.x, size.y)
        })
        .collect();
    lines.sort();
    let text = lines.join("\n");
    if *last != text {
        #[cfg(target_arch = "wasm32")]
        crate::web::publish("texts", &text);
        *last = text;
    }
}

/// The window as the game sees it: `width height scale_factor ui_scale` (logical px).
fn publish_window(
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    ui: Res<UiScale>,
    mut last: Local<String>,
) {
    let Ok(window) = windows.single() else { return };
    let text = format!("{} {} {} {}", window.width(), window.height(), window.scale_factor(), ui.0);
    if *last != text {
        #[cfg(target_arch = "wasm32")]
        crate::web::publish("window", &text);
        *last = text;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid_move::Dir;

    #[test]
    fn a_run_summary_counts_what_each_step_held() {
        let jump = StepInput { jump: true, ..default() }.pack();
        let turn = StepInput { steer: Some(Dir::Left), ..default() }.pack();
        let walk = StepInput { axis: IVec2::new(1, -1), act: true, ..default() }.pack();
        assert_eq!(
            run_summary(&[StepInput::default().pack(), jump, turn, walk, jump]),
            "steps 5 jumps 2 turns 1 moving 1 uses 1"
        );
    }
}
