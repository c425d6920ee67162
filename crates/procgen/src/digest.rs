//! The determinism digest: one hash of the levels a fixed list of seeds generates in every mode.
//! Native and browser builds print it; equal digests mean a code gives the same level everywhere.
//!
//! Levels are fed to 64-bit FNV-1a field by field, floats by their exact bits, so the digest
//! changes if any value changes in its last bit.

use crate::arena::{ArenaGenerator, ArenaTuning, ItemKind};
use crate::maze::{MazeTuning, generate_floor};
use crate::runner::{RunnerConfig, generate_track};
use crate::seed::fnv1a64;
use crate::tunnel::{TunnelTuning, generate_gates};
use crate::{FoodTable, IntensityCurve, Seed};

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

/// The Arena's digest: waves 1 to 6 of each digest seed, items and decoration. The noise tint is
/// cosmetic and left out (noise maths may differ in its last bits between platforms).
pub fn arena_digest(tuning: &ArenaTuning, curve: &IntensityCurve, food: &FoodTable) -> u64 {
    let mut feed = Feed(Vec::new());
    for seed in digest_seeds() {
        for wave in ArenaGenerator::new(tuning.clone(), curve.clone(), food.clone(), seed).take(6) {
            feed.f32(wave.clear_radius);
            for item in &wave.items {
                feed.f32(item.x);
                feed.f32(item.y);
                feed.u64(match item.kind {
                    ItemKind::Hazard => u64::MAX,
                    ItemKind::Food(kind) => kind as u64,
                });
            }
            for point in &wave.decor {
                feed.f32(point.x);
                feed.f32(point.y);
            }
        }
    }
    fnv1a64(&feed.0)
}

/// The Flying tunnel's digest: 80 gates of each digest seed, with and without the squeeze.
pub fn tunnel_digest(tuning: &TunnelTuning, curve: &IntensityCurve) -> u64 {
    let mut feed = Feed(Vec::new());
    for seed in digest_seeds() {
        for squeeze in [false, true] {
            for gate in generate_gates(tuning, curve, seed, 80, squeeze) {
                for value in [gate.x, gate.gap_center, gate.gap_height, gate.spacing, gate.intensity] {
                    feed.f32(value);
                }
            }
        }
    }
    fnv1a64(&feed.0)
}

/// The data every digest reads.
pub struct DigestData<'a> {
    pub runner: &'a RunnerConfig,
    pub maze: &'a MazeTuning,
    pub arena: &'a ArenaTuning,
    pub tunnel: &'a TunnelTuning,
}

/// Every mode's digest, as (mode, 16 hex digits).
pub fn all_digests(data: &DigestData) -> Vec<(&'static str, String)> {
    let curve = &data.runner.curve;
    vec![
        ("runner", format!("{:016x}", runner_digest(data.runner))),
        ("maze", format!("{:016x}", maze_digest(data.maze, curve))),
        ("arena", format!("{:016x}", arena_digest(data.arena, curve, &data.runner.food))),
        ("tunnel", format!("{:016x}", tunnel_digest(data.tunnel, curve))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_are_pinned_and_sensitive() {
        // Golden: a change here means shared codes give other levels (bump GENERATOR_VERSION).
        let (runner, maze, arena, tunnel) =
            (RunnerConfig::default(), MazeTuning::default(), ArenaTuning::default(), TunnelTuning::default());
        let digests = all_digests(&DigestData { runner: &runner, maze: &maze, arena: &arena, tunnel: &tunnel });
        let pinned = [
            ("runner", "c6907b41c74d962a"),
            ("maze", "6ba40d4e5fe4efb4"),
            ("arena", "4abf23c24ff0c1d7"),
            ("tunnel", "e9fb0c3edc5bf632"),
        ];
        assert_eq!(digests, pinned.map(|(m, d)| (m, d.to_string())));
        let mut nudged = RunnerConfig::default();
        nudged.tuning.jump_speed += 0.001;
        assert_ne!(runner_digest(&nudged), runner_digest(&RunnerConfig::default()));
    }
}
