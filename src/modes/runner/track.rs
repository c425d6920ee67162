//! Turns the generator's chunks into entities: ground slabs and platforms for rapier, hazards and
//! food as plain boxes checked with simple overlap maths. Nothing here draws; `visuals` dresses them.

use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use seedfeast_procgen::FoodTable;
use seedfeast_procgen::runner::PlacedChunk;

use crate::state::Screen;

/// How deep the ground slabs reach below the surface (y = 0).
pub(crate) const GROUND_DEPTH: f32 = 400.0;
pub use seedfeast_procgen::runner::library::PLATFORM_THICKNESS;
/// Hazards stand this tall on the ground.
pub(crate) const HAZARD_HEIGHT: f32 = 30.0;
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
pub(crate) struct Ledge {
    pub width: f32,
}

/// A hazard: touching its box ends the run.
#[derive(Component, Debug, Clone, Copy)]
pub struct Hazard {
    pub half_size: Vec2,
}

/// Ground ends closer than this count as touching: one stretch of ground.
const SEAM_TOLERANCE: f32 = 0.01;

/// The body of one stretch of unbroken ground, however many chunks it crosses (the chunks'
/// [`Ground`] pieces are only drawn). Two slabs meeting at a seam make a corner that a landing
/// runner can catch: rapier pushes it back and up off the next slab's edge (seed `20000-000GR`
/// lost most of its speed there and bounced over its take-off for the next gap).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct GroundSlab {
    /// From the entity's x rightwards.
    pub width: f32,
}

/// The slab at the track's right end, while the last chunk's ground reaches its right edge: the
/// next chunk's ground grows it instead of starting a slab of its own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpenGround {
    pub slab: Entity,
    pub from: f32,
    pub to: f32,
}

/// A slab's collider: `width` wide, its top-left corner at the entity, so growing it to the
/// right changes only its shape, never where it is.
fn slab_collider(width: f32) -> Collider {
    let box_shape = Collider::cuboid(width / 2.0, GROUND_DEPTH / 2.0);
    Collider::compound(vec![(Vec2::new(width / 2.0, -GROUND_DEPTH / 2.0), 0.0, box_shape)])
}

/// Spawns every entity of one placed chunk. Its ground grows `open`, the slab still open at the
/// end of the chunk before, where they touch; a slab that reaches this chunk's right edge is
/// left in `open` for the next chunk.
pub(crate) fn spawn_chunk(
    commands: &mut Commands,
    chunk: &PlacedChunk,
    food: &FoodTable,
    open: &mut Option<OpenGround>,
) {
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
        ));
        match open {
            Some(ground) if span.x <= ground.to + SEAM_TOLERANCE => {
                // Grown in place; it now goes when this chunk is dropped.
                ground.to = ground.to.max(span.end());
                let width = ground.to - ground.from;
                commands.entity(ground.slab).insert((GroundSlab { width }, slab_collider(width), piece()));
            }
            _ => {
                let slab = commands
                    .spawn((
                        GroundSlab { width: span.width },
                        piece(),
                        Transform::from_xyz(span.x, 0.0, 0.0),
                        RigidBody::Fixed,
                        slab_collider(span.width),
                        Friction::coefficient(0.0),
                    ))
                    .id();
                *open = Some(OpenGround { slab, from: span.x, to: span.end() });
            }
        }
    }
    // Ground that stops short of the chunk's edge can't join the next chunk's.
    open.take_if(|ground| ground.to < chunk.x + chunk.width - SEAM_TOLERANCE);
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
pub(crate) fn boxes_overlap(a: Vec2, a_half: Vec2, b: Vec2, b_half: Vec2) -> bool {
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
