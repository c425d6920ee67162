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
pub(crate) fn draw_track(seed: Seed, track: &[PlacedChunk]) -> String {
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

    /// A chunk `width` units wide at `x`, with ground, a hazard, a platform and an apple inside it.
    fn narrow_chunk(index: usize, x: f32, width: f32) -> PlacedChunk {
        use crate::food::FoodKind;
        use crate::runner::{Food, Platform, Span};
        PlacedChunk {
            index,
            id: "sliver".into(),
            demand: 0.5,
            intensity: 0.5,
            speed: 300.0,
            jump_range: 200.0,
            rest: false,
            forced_rest: false,
            x,
            width,
            gaps: Vec::new(),
            ground: vec![Span { x, width }],
            platforms: vec![Platform { x, y: 70.0, width }],
            hazards: vec![Span { x: x + width / 2.0, width: width / 4.0 }],
            food: vec![Food { x: x + width / 2.0, y: 40.0, kind: FoodKind::Apple }],
        }
    }

    #[test]
    fn chunks_narrower_than_a_character_are_drawn_in_one_column() {
        // Narrower than one 32-unit column, the block was 0 columns wide and placing the food
        // underflowed `width - 1`: a panic for `gen runner --format ascii`.
        for width in [0.0, 0.5, 10.0, 31.9] {
            let text = draw_track(Seed(1), &[narrow_chunk(0, 4_800.0, width)]);
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 2 + 1 + AIR_ROWS + 1, "{text}");
            assert!(lines[2].starts_with('|'), "the header marks the chunk: {text}");
            // The hazard is drawn over the ground, in the one column there is.
            assert_eq!(lines[2 + AIR_ROWS + 1], "^", "{text}");
            let letters: String = lines[3..3 + AIR_ROWS].concat();
            assert_eq!(letters.trim(), "a", "the apple is drawn: {text}");
        }
        // Four narrow chunks in one block (28 units in all), and a narrow block after wide ones.
        let block: Vec<PlacedChunk> = (0..4).map(|i| narrow_chunk(i, 7.0 * i as f32, 7.0)).collect();
        let text = draw_track(Seed(1), &block);
        assert_eq!(text.lines().nth(2 + AIR_ROWS + 1), Some("^"), "{text}");
        let config = crate::runner::RunnerConfig::default();
        let mut track = generate_track(&config, JumpReach::of(&config.tuning), Seed(9), 4);
        let end = track.last().map(|c| c.x + c.width).unwrap();
        track.push(narrow_chunk(4, end, 12.0));
        let text = draw_track(Seed(9), &track);
        assert!(text.starts_with(&format!("runner track, seed {}, 5 chunks", Seed(9).code())), "{text}");
        assert!(text.trim_end().ends_with('^'), "the last, narrow block is drawn: {text}");
    }
}
