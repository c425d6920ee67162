//! Particles: small squares thrown out from a point that fall, spin, shrink and fade. Bursts are
//! asked for with [`Burst`]; each lives under a second and every one is gone when the run ends.

use bevy::prelude::*;

use super::FxRng;
use crate::state::Screen;

/// One particle: its velocity (world units a second), the pull on it, and its life.
#[derive(Component, Debug)]
pub struct Particle {
    pub velocity: Vec2,
    pub gravity: f32,
    pub spin: f32,
    pub age: f32,
    pub life: f32,
    pub size: f32,
}

/// A burst to throw: where, how many, in which colours, how fast and how far they fall.
#[derive(Clone, Debug)]
pub struct Burst {
    pub at: Vec2,
    pub count: u32,
    pub colours: &'static [Color],
    pub speed: (f32, f32),
    /// Directions within this many radians of straight up (π: every direction).
    pub spread: f32,
    pub gravity: f32,
    pub size: f32,
    pub life: f32,
}

/// The most particles alive at once: a storm of events can't slow a frame down.
pub(crate) const MAX_PARTICLES: usize = 400;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, age_particles.run_if(any_with_component::<Particle>));
}

/// Throws `burst` (fewer when the screen is already full of them). `scale` is the camera's zoom,
/// so a burst looks the same size in a zoomed-out maze as in the Runner.
pub fn throw(commands: &mut Commands, rng: &mut FxRng, burst: &Burst, scale: f32, alive: usize) {
    let room = MAX_PARTICLES.saturating_sub(alive) as u32;
    for _ in 0..burst.count.min(room) {
        let angle = std::f32::consts::FRAC_PI_2 + rng.range(-burst.spread, burst.spread);
        let speed = rng.range(burst.speed.0, burst.speed.1) * scale;
        let colour = burst.colours[(rng.next_u64() % burst.colours.len().max(1) as u64) as usize];
        let size = burst.size * rng.range(0.6, 1.2) * scale;
        commands.spawn((
            Particle {
                velocity: Vec2::from_angle(angle) * speed,
                gravity: burst.gravity * scale,
                spin: rng.range(-8.0, 8.0),
                age: 0.0,
                life: burst.life * rng.range(0.7, 1.1),
                size,
            },
            Sprite::from_color(colour, Vec2::splat(1.0)),
            Transform::from_translation(burst.at.extend(60.0)).with_scale(Vec3::splat(size)),
            DespawnOnExit(Screen::Playing),
        ));
    }
}

fn age_particles(
    mut commands: Commands,
    time: Res<Time<Real>>,
    mut particles: Query<(Entity, &mut Particle, &mut Transform, &mut Sprite)>,
) {
    // Real time: particles finish their flight while the game pauses for a hit.
    let dt = time.delta_secs().min(0.1);
    for (entity, mut particle, mut transform, mut sprite) in &mut particles {
        particle.age += dt;
        if particle.age >= particle.life {
            commands.entity(entity).despawn();
            continue;
        }
        let gravity = particle.gravity;
        particle.velocity.y -= gravity * dt;
        transform.translation += (particle.velocity * dt).extend(0.0);
        transform.rotate_z(particle.spin * dt);
        let left = 1.0 - particle.age / particle.life;
        transform.scale = Vec3::splat(particle.size * (0.4 + 0.6 * left));
        sprite.color.set_alpha(left.min(1.0));
    }
}
