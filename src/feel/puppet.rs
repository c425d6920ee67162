//! Characters that move: a [`Puppet`] is the drawn body of a character, a child of the entity the
//! game moves. It watches how its parent moves from frame to frame and squashes, stretches, leans
//! and bobs to match, so the body's shape never touches the game's own transform (physics, grid
//! movement), only the picture.

use bevy::prelude::*;

/// How a character's body answers its movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gait {
    /// Side view with gravity (the chef who runs and jumps): stretches rising and falling, squashes on
    /// landing, bobs and leans while running.
    Jumper,
    /// Side view, flying (the tunnels): noses up when rising and down when falling, puffs up on
    /// each flap.
    Flyer,
    /// Top view (maze, arena): waddles while walking, breathes while standing.
    Walker,
    /// Top view, a thing with no legs (the maze's pots): hops as it goes, squashing a little each
    /// time it lands, and sits still while waiting.
    Hopper,
}

#[derive(Component, Debug)]
pub struct Puppet {
    pub gait: Gait,
    /// Half the body's height, so a squash keeps its feet on the ground.
    pub half_height: f32,
    last: Option<Vec2>,
    /// Last frame's movement as measured, and as smoothed.
    raw: Vec2,
    velocity: Vec2,
    squash: f32,
    phase: f32,
}

impl Puppet {
    pub fn new(gait: Gait, half_height: f32) -> Puppet {
        Puppet { gait, half_height, last: None, raw: Vec2::ZERO, velocity: Vec2::ZERO, squash: 0.0, phase: 0.0 }
    }

    /// How hard the body is squashed now (0 to 1), for tests.
    pub fn squash(&self) -> f32 {
        self.squash
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, move_puppets);
}

/// Faster than this (world units a second, in one frame) is a jump cut, not movement.
const TELEPORT: f32 = 3000.0;

fn move_puppets(
    time: Res<Time>,
    parents: Query<&GlobalTransform>,
    mut puppets: Query<(&ChildOf, &mut Puppet, &mut Transform)>,
) {
    let dt = time.delta_secs();
    if dt <= 0.0 {
        return; // paused or frozen for a hit: the body holds its pose
    }
    for (child_of, mut puppet, mut transform) in &mut puppets {
        let Ok(parent) = parents.get(child_of.parent()) else { continue };
        let at = parent.translation().truncate();
        let velocity = puppet.last.map_or(Vec2::ZERO, |last| (at - last) / dt);
        puppet.last = Some(at);
        if velocity.length() > TELEPORT {
            continue;
        }
        // Landings and flaps are told from the movement as measured; the shape follows it smoothed
        // a little, so frames that carry two fixed steps and frames that carry none even out.
        let before = puppet.raw;
        puppet.raw = velocity;
        puppet.velocity = puppet.velocity.lerp(velocity, 0.5);
        let v = puppet.velocity;
        puppet.squash = (puppet.squash - dt * 5.0).max(0.0);
        let (scale, offset, lean) = match puppet.gait {
            Gait::Jumper => {
                if before.y < -250.0 && velocity.y.abs() < 60.0 {
                    puppet.squash = 1.0; // landed
                }
                let stretch = (v.y.abs() / 1800.0).min(0.22);
                let squash = 0.28 * puppet.squash;
                let tall = (1.0 + stretch) * (1.0 - squash);
                let grounded = v.y.abs() < 40.0;
                let running = grounded && v.x.abs() > 40.0;
                if running {
                    puppet.phase += dt * v.x.abs() / 28.0;
                }
                let bob = if running { puppet.phase.sin().abs() * 4.0 } else { 0.0 };
                let lean = if running { -0.08 } else { (-v.y / 4000.0).clamp(-0.12, 0.12) };
                (Vec2::new(1.0 / tall.max(0.5), tall), -puppet.half_height * (1.0 - tall) + bob, lean)
            }
            Gait::Flyer => {
                if velocity.y - before.y > 250.0 {
                    puppet.squash = 1.0; // a flap
                }
                let puff = 1.0 + 0.18 * puppet.squash;
                (Vec2::new(puff, 1.0 / puff), 0.0, (v.y / 900.0).clamp(-0.7, 0.5))
            }
            Gait::Walker => {
                let speed = v.length();
                puppet.phase += dt * if speed > 15.0 { 14.0 } else { 3.0 };
                if speed > 15.0 {
                    let step = puppet.phase.sin();
                    (Vec2::new(1.0 + 0.05 * step.abs(), 1.0 - 0.05 * step.abs()), 0.0, 0.14 * step)
                } else {
                    let breath = 1.0 + 0.03 * puppet.phase.sin();
                    (Vec2::new(1.0, breath), 0.0, 0.0)
                }
            }
            Gait::Hopper => {
                if v.length() > 15.0 {
                    puppet.phase += dt * 11.0;
                    let height = puppet.phase.sin().abs();
                    let squash = 0.14 * (1.0 - height).powi(3);
                    (Vec2::new(1.0 + squash, 1.0 - squash), 5.0 * height, 0.0)
                } else {
                    (Vec2::ONE, 0.0, 0.0)
                }
            }
        };
        transform.scale = scale.extend(1.0);
        transform.translation.y = offset;
        transform.rotation = Quat::from_rotation_z(lean);
    }
}
