//! The determinism digest: one hash of the levels a fixed list of seeds generates in every mode.
//! Native and browser builds print it; equal digests mean a code gives the same level everywhere.
//!
//! Levels are fed to 64-bit FNV-1a field by field, floats by their exact bits, so the digest
//! changes if any value changes in its last bit.

use crate::maze::{MazeTuning, generate_floor};
use crate::runner::{RunnerConfig, generate_track};
use crate::seed::fnv1a64;
use crate::{IntensityCurve, Seed};

/// The seeds every digest covers: small, large, text-derived and daily.
pub fn digest_seeds() -> Vec<Seed> {
    vec![Seed(0), Seed(1), Seed(42), Seed((1 << 40) - 1), Seed::from_text("pizza party"), Seed::daily(2026, 1, 1)]
}

/// Feeds values into FNV-1a.
struct Feed(Vec<u8>);

impl Feed {
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.0.extend_from_slice(&v.to_bits().to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }
}

/// The Runner's digest: 60 chunks of each digest seed, every field that reaches the screen.
pub fn runner_digest(config: &RunnerConfig) -> u64 {
    let mut feed = Feed(Vec::new());
    for seed in digest_seeds() {
        for chunk in generate_track(config, seed, 60) {
            feed.str(&chunk.id);
            for value in [chunk.x, chunk.intensity, chunk.speed, chunk.jump_range] {
                feed.f32(value);
            }
            for span in chunk.gaps.iter().chain(&chunk.ground).chain(&chunk.hazards) {
                feed.f32(span.x);
                feed.f32(span.width);
            }
            for food in &chunk.food {
                feed.f32(food.x);
                feed.f32(food.y);
                feed.u64(food.kind as u64);
            }
        }
    }
    fnv1a64(&feed.0)
}

/// The Maze's digest: floors 1 to 3 of each digest seed.
pub fn maze_digest(tuning: &MazeTuning, curve: &IntensityCurve) -> u64 {
    let mut feed = Feed(Vec::new());
    for seed in digest_seeds() {
        for floor in 1..=3 {
            let maze = generate_floor(tuning, curve, seed, floor);
            for row in maze.rows() {
                feed.str(&row);
            }
            let cells = std::iter::once(maze.start)
                .chain(maze.tokens)
                .chain(maze.stars)
                .chain(maze.hazards)
                .chain(maze.power_up);
            for (x, y) in cells {
                feed.u64(x as u64);
                feed.u64(y as u64);
            }
            feed.f32(maze.pursuer_speed);
        }
    }
    fnv1a64(&feed.0)
}

/// Every mode's digest, as (mode, 16 hex digits).
pub fn all_digests(runner: &RunnerConfig, maze: &MazeTuning) -> Vec<(&'static str, String)> {
    vec![
        ("runner", format!("{:016x}", runner_digest(runner))),
        ("maze", format!("{:016x}", maze_digest(maze, &runner.curve))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_pinned_and_sensitive() {
        // Golden: a change here means shared codes give other levels (bump GENERATOR_VERSION).
        let digests = all_digests(&RunnerConfig::default(), &MazeTuning::default());
        assert_eq!(digests, vec![("runner", "c6907b41c74d962a".to_string()), ("maze", "6ba40d4e5fe4efb4".to_string())]);
        let mut nudged = RunnerConfig::default();
        nudged.tuning.jump_speed += 0.001;
        assert_ne!(runner_digest(&nudged), runner_digest(&RunnerConfig::default()));
    }
}
