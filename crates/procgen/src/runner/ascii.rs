//! Draws a track as text, for designers and tests: one character per 32 world units.
//!
//! ```text
//! #0 crumb-hop 0.15      |#1 ...
//!          a
//!   c          p
//! ==========   ======^===
//! ```
//! `=` ground, blank ground is a gap, `^` a hazard, `-` a platform, letters are food
//! (`a`pple, `c`herry, `d`onut, `p`izza, `K` cake), `|` a chunk boundary.

use crate::Seed;
use crate::runner::PlacedChunk;

const UNIT: f32 = 32.0;
const AIR_ROWS: usize = 5;
const CHUNKS_PER_BLOCK: usize = 4;

/// The whole track, four chunks to a block of lines.
pub fn draw_track(seed: Seed, track: &[PlacedChunk]) -> String {
    let mut out = format!("runner track, seed {}, {} chunks\n", seed.code(), track.len());
    for block in track.chunks(CHUNKS_PER_BLOCK) {
        out.push('\n');
        out.push_str(&draw_block(block));
    }
    out
}

fn column(x: f32, origin: f32) -> usize {
    ((x - origin) / UNIT).floor().max(0.0) as usize
}

fn draw_block(block: &[PlacedChunk]) -> String {
    let origin = block[0].x;
    let end = block.last().map_or(origin, |c| c.x + c.width);
    // At least one column: a chunk narrower than a character still gets drawn (and `width - 1`
    // below never underflows).
    let width = column(end, origin).max(1);
    let mut air = vec![vec![' '; width]; AIR_ROWS];
    let mut ground = vec![' '; width];
    let mut header = vec![' '; width];
    let row_of = |y: f32| AIR_ROWS - 1 - ((y / UNIT) as usize).min(AIR_ROWS - 1);
    for chunk in block {
        for span in &chunk.ground {
            let (from, to) = (column(span.x, origin), column(span.end(), origin).min(width));
            ground[from..to].fill('=');
        }
        for hazard in &chunk.hazards {
            let (from, to) = (column(hazard.x, origin), column(hazard.end(), origin).max(column(hazard.x, origin) + 1));
            ground[from..to.min(width)].fill('^');
        }
        for platform in &chunk.platforms {
            let (from, to) = (column(platform.x, origin), column(platform.x + platform.width, origin).min(width));
            air[row_of(platform.y)][from..to].fill('-');
        }
        for food in &chunk.food {
            let col = column(food.x, origin).min(width - 1);
            air[row_of(food.y)][col] = food.kind.letter();
        }
        let start = column(chunk.x, origin);
        let label = format!("|#{} {} {:.2}", chunk.index, chunk.id, chunk.demand);
        for (i, ch) in label.chars().enumerate().take(width - start) {
            header[start + i] = ch;
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(air.iter()).chain(std::iter::once(&ground)) {
        out.push_str(row.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::JumpReach;
    use crate::runner::{RunnerConfig, generate_track};

    #[test]
    fn draws_gaps_hazards_and_food_where_they_are() {
        let config = RunnerConfig::default();
        let track = generate_track(&config, JumpReach::of(&config.tuning), Seed(9), 8);
        let text = draw_track(Seed(9), &track);
        assert!(text.starts_with(&format!("runner track, seed {}, 8 chunks", Seed(9).code())));
        let lines: Vec<&str> = text.lines().collect();
        // Each block: blank, header, air rows, ground.
        let first_ground = lines[2 + AIR_ROWS + 1];
        let chunk = &track[0];
        for gap in &chunk.gaps {
            let mid = column(gap.x + gap.width / 2.0, 0.0);
            assert_eq!(first_ground.chars().nth(mid), Some(' '), "gap at {} in {first_ground}", gap.x);
        }
        let hazards = track[..4].iter().map(|c| c.hazards.len()).sum::<usize>();
        assert!(first_ground.matches('^').count() >= hazards);
        let food = track[..4].iter().map(|c| c.food.len()).sum::<usize>();
        let letters = lines[3..3 + AIR_ROWS].iter().flat_map(|l| l.chars()).filter(|c| "acdpK".contains(*c)).count();
        assert!(letters > 0 && letters <= food);
    }
}
