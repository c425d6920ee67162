//! `SEEDFEAST_FRAME_REPORT=N seedfeast play …`: measures the frame time of the real window (issue
//! #34's before/after). After the first second and outside the countdown it times N frames (the
//! wall time between frames, as the player sees it), prints their median, 95th percentile and
//! worst to stderr as one line and quits. With `SEEDFEAST_BOT=1` the mode's bot plays meanwhile;
//! without `play`, the title screen is timed: the floor of drawing a frame at all.

use bevy::prelude::*;

use crate::run::Countdown;

#[derive(Resource, Debug)]
struct FrameReport {
    wanted: usize,
    /// Frames left before timing starts: the window's first frames are slow set-up.
    warm_up: u32,
    times_ms: Vec<f32>,
}

/// Adds the report when the variable asks for it (a whole number of frames, at least 10).
pub(crate) fn add_if_asked(app: &mut App) {
    let Some(asked) = std::env::var_os("SEEDFEAST_FRAME_REPORT") else { return };
    let wanted = match asked.to_str().map(str::trim).map(str::parse::<usize>) {
        Some(Ok(wanted)) => wanted,
        _ => {
            eprintln!("frame report: SEEDFEAST_FRAME_REPORT={asked:?} is not a whole number of frames; no report");
            return;
        }
    };
    let bounded = wanted.clamp(10, 100_000);
    if bounded != wanted {
        eprintln!("frame report: {wanted} frames is outside 10..=100000; timing {bounded}");
    }
    app.insert_resource(FrameReport { wanted: bounded, warm_up: 60, times_ms: Vec::new() })
        .add_systems(Last, time_frames);
}

fn time_frames(
    time: Res<Time<Real>>,
    countdown: Option<Res<Countdown>>,
    mut report: ResMut<FrameReport>,
    mut exit: MessageWriter<AppExit>,
) {
    if report.warm_up > 0 {
        report.warm_up -= 1;
        return;
    }
    if countdown.is_some() {
        return;
    }
    report.times_ms.push(time.delta_secs() * 1000.0);
    if report.times_ms.len() < report.wanted {
        return;
    }
    let mut sorted = report.times_ms.clone();
    sorted.sort_by(f32::total_cmp);
    let at = |q: f32| sorted[((sorted.len() - 1) as f32 * q).round() as usize];
    eprintln!(
        "frame report: {} frames, median {:.2} ms, p95 {:.2} ms, worst {:.2} ms",
        sorted.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
    exit.write(AppExit::Success);
}
