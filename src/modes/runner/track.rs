//! Turns the generator's chunks into entities: ground and platforms for rapier, hazards and food
//! as plain boxes checked with simple overlap maths. Nothing here draws; `visuals` dresses them.

use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use seedfeast_procgen::FoodTable;
use seedfeast_procgen::runner::PlacedChunk;

use crate::state::Screen;

/// How deep the ground slabs reach below the surface (y = 0).
pub const GROUND_DEPTH: f32 = 400.0;
pub use seedfeast_procgen::runner::library::PLATFORM_THICKNESS;
/// Hazards stand this tall on the ground.
pub const HAZARD_HEIGHT: f32 = 30.0;
pub use crate::food::{FOOD_RADIUS, FoodItem};

/// One chunk of track; every entity of the chunk also carries [`ChunkPiece`] with its index.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct TrackChunk {
    pub index: usize,
    pub id: String,
    pub x: f32,
    pub width: f32,
}

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkPiece {
    pub index: usize,
}

#[derive(Component, Debug, Clone, Copy)]
pub struct Ground {
    pub width: f32,
}

#[derive(Component, Debug, Clone, Copy)]
pub struct Ledge {
    pub width: f32,
}

/// A hazard: touching its box ends the run.
#[derive(Component, Debug, Clone, Copy)]
pub struct Hazard {
    pub half_size: Vec2,
}

/// Spawns every entity of one placed chunk.
pub fn spawn_chunk(commands: &mut Commands, chunk: &PlacedChunk, food: &FoodTable) {
    let piece = || (ChunkPiece { index: chunk.index }, DespawnOnExit(Screen::Playing));
    commands.spawn((
        TrackChunk { index: chunk.index, id: chunk.id.clone(), x: chunk.x, width: chunk.width },
        piece(),
        Transform::from_xyz(chunk.x, 0.0, 0.0),
    ));
    for span in chunk.ground.iter().filter(|s| s.width > 0.0) {
        commands.spawn((
            Ground { width: span.width },
            piece(),
            Transform::from_xyz(span.x + span.width / 2.0, -GROUND_DEPTH / 2.0, 0.0),
            RigidBody::Fixed,
            Collider::cuboid(span.width / 2.0, GROUND_DEPTH / 2.0),
            Friction::coefficient(0.0),
        ));
    }
    for platform in &chunk.platforms {
        commands.spawn((
            Ledge { width: platform.width },
            piece(),
            Transform::from_xyz(platform.x + platform.width / 2.0, platform.y - PLATFORM_THICKNESS / 2.0, 0.0),
            RigidBody::Fixed,
            Collider::cuboid(platform.width / 2.0, PLATFORM_THICKNESS / 2.0),
            Friction::coefficient(0.0),
            // Starts passable; the runner's systems make it solid once the feet are above it.
            CollisionGroups::new(Group::ALL, Group::NONE),
        ));
    }
    for hazard in &chunk.hazards {
        commands.spawn((
            Hazard { half_size: Vec2::new(hazard.width / 2.0, HAZARD_HEIGHT / 2.0) },
            piece(),
            Transform::from_xyz(hazard.x + hazard.width / 2.0, HAZARD_HEIGHT / 2.0, 1.0),
        ));
    }
    for item in &chunk.food {
        commands.spawn((
            FoodItem { kind: item.kind, points: food.points(item.kind) },
            piece(),
            Transform::from_xyz(item.x, item.y + FOOD_RADIUS, 2.0),
        ));
    }
}

/// Whether two axis-aligned boxes (centre, half size) overlap.
pub fn boxes_overlap(a: Vec2, a_half: Vec2, b: Vec2, b_half: Vec2) -> bool {
    (a.x - b.x).abs() < a_half.x + b_half.x && (a.y - b.y).abs() < a_half.y + b_half.y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_is_strict_at_the_edges() {
        let half = Vec2::splat(10.0);
        assert!(boxes_overlap(Vec2::ZERO, half, Vec2::new(19.9, 0.0), half));
        assert!(!boxes_overlap(Vec2::ZERO, half, Vec2::new(20.0, 0.0), half));
        assert!(!boxes_overlap(Vec2::ZERO, half, Vec2::new(0.0, -25.0), half));
    }
}
