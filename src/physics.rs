//! Physics on bevy_rapier2d: a fixed 60 Hz step, and gravity taken from the Runner tuning —
//! the same numbers the generator sizes gaps with, so reachability and play agree.

use bevy::ecs::message::MessageRegistry;
use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use seedfeast_procgen::runner::RunnerTuning;

use crate::data::GameData;
use crate::state::Screen;

/// Physics steps per second, for play and for tests alike.
pub const PHYSICS_HZ: f64 = 60.0;
/// World units per metre, rapier's length unit. Rapier scales its tolerances by it, including a
/// speed cap of 400 length units/s: at the default of 1 that cap silently halved every jump
/// (the headless jump test caught it).
pub const UNITS_PER_METRE: f32 = 100.0;

pub struct PhysicsPlugin;

impl Plugin for PhysicsPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(TimestepMode::Fixed { dt: 1.0 / PHYSICS_HZ as f32, substeps: 1 })
            .insert_resource(Time::<Fixed>::from_hz(PHYSICS_HZ))
            .add_plugins(RapierPhysicsPlugin::<NoUserData>::pixels_per_meter(UNITS_PER_METRE).in_fixed_schedule());
        // bevy_rapier2d 0.36 inserts its collision-message buffer without registering it, so it
        // would never be cleared; registering it makes Bevy swap and drop old messages.
        MessageRegistry::register_message::<CollisionEvent>(app.world_mut());
        app.add_systems(OnEnter(Screen::Playing), apply_gravity);
    }
}

/// Each mode's own gravity, from its tuning file: the same numbers its generator plans with.
fn apply_gravity(
    data: Option<Res<GameData>>,
    session: Res<crate::session::Session>,
    mut config: Query<&mut RapierConfiguration>,
) {
    let Some(data) = data else { return };
    let down = match session.mode {
        crate::session::Mode::Tunnel | crate::session::Mode::FoodTunnel => Vec2::new(0.0, -data.tunnel.gravity),
        _ => gravity(&data.runner.tuning),
    };
    for mut config in &mut config {
        config.gravity = down;
    }
}

/// The world's gravity vector for a tuning.
pub fn gravity(tuning: &RunnerTuning) -> Vec2 {
    Vec2::new(0.0, -tuning.gravity)
}

/// Starts a jump: the tuning's jump speed, straight up, whatever the body was doing vertically.
pub fn launch(velocity: &mut Velocity, tuning: &RunnerTuning) {
    velocity.linear.y = tuning.jump_speed;
}
