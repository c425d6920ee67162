//! What the Code puzzle tells a browser test (issue #30's phone test), as `web_probe` does for the
//! menus: the step, where the player is and which way its next tile lies (to the coding tile, or
//! to the exit once it is open), whether the code panel is open, the step's solution, and the
//! touch pad's chips with their places in CSS px, so the test can walk, write the program and run
//! it by taps as a finger would. The text is built on every platform (and unit-tested); only the
//! browser publishes it, and only when it changes.

use bevy::prelude::*;

use super::bot::next_step;
use super::chip_pad::PadLayout;
use super::{PuzzlePlayer, PuzzleRun, from_grid};

pub fn add(app: &mut App) {
    if cfg!(target_arch = "wasm32") {
        app.add_systems(PostUpdate, publish.run_if(resource_exists::<PuzzleRun>));
    }
}

/// The probe's text: `step S`, `at X Y`, `way DIR|none`, `panel open|closed`, `solution CODE`
/// (its lines joined by spaces), `world K/N` (the world on screen, of the level's; issue #32),
/// then a `chip LABEL|x|y|w|h` line per chip on the pad.
pub(crate) fn probe_text(run: &PuzzleRun, player: Option<&PuzzlePlayer>, pad: &PadLayout) -> String {
    let level = &run.board.level;
    let goal = if run.board.open { level.exit } else { level.coding_tile };
    let here = player.map(|p| from_grid(p.mover.cell));
    let way = here.and_then(|here| next_step(run, here, goal)).map_or("none".to_string(), |d| format!("{d:?}"));
    let (x, y) = here.unwrap_or((-1, -1));
    let mut text = format!(
        "step {}\nat {x} {y}\nway {}\npanel {}\nsolution {}",
        run.board.step,
        way.to_lowercase(),
        if run.panel_open { "open" } else { "closed" },
        level.solution.lines().map(str::trim).collect::<Vec<_>>().join(" ")
    );
    text.push_str(&format!("\nworld {}/{}", run.board.shown + 1, run.board.worlds.len()));
    for (rect, chip) in &pad.chips {
        let (x, y, w, h) = (rect.min.x, rect.min.y, rect.width(), rect.height());
        text.push_str(&format!("\nchip {}|{x:.0}|{y:.0}|{w:.0}|{h:.0}", chip.label));
    }
    text
}

fn publish(run: Res<PuzzleRun>, player: Query<&PuzzlePlayer>, pad: Res<PadLayout>, mut last: Local<String>) {
    let text = probe_text(&run, player.iter().next(), &pad);
    if *last != text {
        #[cfg(target_arch = "wasm32")]
        crate::web::publish("puzzle", &text);
        *last = text;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::GameData;
    use crate::grid_move::Mover;
    use crate::modes::puzzle::chips::{Chip, Tap};
    use crate::modes::puzzle::{build_board, to_grid};
    use seedfeast_procgen::Seed;

    #[test]
    fn the_probe_names_the_way_to_the_coding_tile_and_the_chips_places() {
        let data = GameData::built_in();
        let board = build_board(&data, Seed(11), 0).unwrap();
        let run = PuzzleRun {
            steps: 20,
            first_step: 0,
            started_from: None,
            score: 0,
            cleared: Vec::new(),
            level_clock: 0.0,
            clock: 0.0,
            panel_open: false,
            opened_on_arrival: false,
            collected: Vec::new(),
            exit_reached: false,
            ended: None,
            board,
        };
        let pad = PadLayout {
            chips: vec![(Rect::new(16.0, 300.0, 64.0, 348.0), Chip { label: "RUN".into(), tap: Tap::Run })],
            height: 64.0,
        };
        let text = probe_text(&run, None, &pad);
        assert!(text.starts_with("step 0\nat -1 -1\nway none\npanel closed\nsolution "), "{text}");
        assert!(text.ends_with("\nworld 1/1\nchip RUN|16|300|48|48"), "{text}");
        // From the entry, the first step of the way to the coding tile.
        let entry = run.board.level.entry;
        let player = PuzzlePlayer { mover: Mover::at(to_grid(entry), 1.0), queued: None, held_frames: 0 };
        let first = next_step(&run, entry, run.board.level.coding_tile).unwrap();
        let text = probe_text(&run, Some(&player), &PadLayout::default());
        let way = format!("at {} {}\nway {}\n", entry.0, entry.1, format!("{first:?}").to_lowercase());
        assert!(text.contains(&way), "{text}");
    }
}
