//! Game-logic time per frame per mode: one fixed 1/60 s step of the headless app (every gameplay,
//! run and UI-logic system, no drawing) with the mode's reference bot playing, beside the same
//! app on the title screen (the baseline: Bevy's own per-frame cost with the game's plugins idle).
//! The goal is at most 1 ms of logic a frame.

use bevy::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};
use seedfeast::bots::bot_app;
use seedfeast::data::GameData;
use seedfeast::modes::MODES;
use seedfeast::state::Screen;
use seedfeast_procgen::Seed;

/// Frames played before timing, so the run is under way (past the countdown, the world spawned).
const WARM_UP: u32 = 600;

fn frame_per_mode(c: &mut Criterion) {
    let mut group = c.benchmark_group("one frame");
    let mut idle = bot_app(MODES[0], Seed(7), GameData::built_in()).expect("the runner has a bot");
    idle.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    idle.update();
    group.bench_function("baseline: title screen", |b| b.iter(|| idle.update()));
    for &mode in MODES.iter().filter(|m| m.info().bot.is_some()) {
        let mut app = bot_app(mode, Seed(7), GameData::built_in()).expect("a mode with a bot");
        for _ in 0..WARM_UP {
            app.update();
        }
        group.bench_function(mode.key(), |b| {
            b.iter(|| {
                app.update();
                // A run that ends is started again, as the soak does, so every frame is play.
                if *app.world().resource::<State<Screen>>().get() == Screen::GameOver {
                    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Playing);
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, frame_per_mode);
criterion_main!(benches);
