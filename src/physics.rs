//! Physics on bevy_rapier2d: a fixed 60 Hz step shared by gameplay and rapier, each mode's gravity
//! from its row of the table of modes, and the reach the generators plan with.
//!
//! The reach ([`Reach`]) is built here from the tuning's numbers by procgen's physics model —
//! the one place that turns gravity and jump or flap speeds into how far a body gets — and the
//! modes hand it to their generators, so the levels are sized to the physics that plays them.
//! Headless rapier tests measure the real flight against it.

use bevy::ecs::message::MessageRegistry;
use bevy::prelude::*;
use bevy_rapier2d::plugin::context::{
    RapierContextColliders, RapierContextJoints, RapierContextSimulation, RapierRigidBodySet,
};
use bevy_rapier2d::prelude::*;
use bevy_rapier2d::rapier::dynamics::IntegrationParameters;
use seedfeast_procgen::physics::{FlyerReach, JumpReach, SOLVER_SUBSTEPS, STEP_HZ};

use crate::data::GameData;
use crate::mode::Physics;
use crate::session::Session;
use crate::state::Screen;

/// Physics steps per second, for play and for tests alike.
pub(crate) const PHYSICS_HZ: f64 = STEP_HZ;
/// World units per metre, rapier's length unit. Rapier scales its tolerances by it, including a
/// speed cap of 400 length units/s: at the default of 1 that cap silently halved every jump
/// (the headless jump test caught it).
pub(crate) const UNITS_PER_METRE: f32 = 100.0;

/// How far bodies get under the current data's physics: what the generators size levels to.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Reach {
    /// The runner's jump.
    pub jump: JumpReach,
    /// The flyer's climb and fall, per fixed step.
    pub flyer: FlyerReach,
}

impl Reach {
    /// The reach of the data's tunings, by procgen's physics model.
    pub fn of(data: &GameData) -> Reach {
        Reach { jump: data.jump_reach(), flyer: data.flyer_reach() }
    }
}

pub(crate) struct PhysicsPlugin;

impl Plugin for PhysicsPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(TimestepMode::Fixed { dt: 1.0 / PHYSICS_HZ as f32, substeps: 1 })
            .insert_resource(Time::<Fixed>::from_hz(PHYSICS_HZ))
            .add_plugins(
                RapierPhysicsPlugin::<NoUserData>::default()
                    .with_custom_initialization(RapierContextInitialization::InitializeDefaultRapierContext {
                        // The substeps the physics model assumes (rapier's default today; set here
                        // so the model and the engine can't drift apart).
                        integration_parameters: IntegrationParameters {
                            length_unit: UNITS_PER_METRE,
                            num_solver_iterations: SOLVER_SUBSTEPS as usize,
                            ..default()
                        },
                        rapier_configuration: RapierConfiguration::new(UNITS_PER_METRE),
                    })
                    .in_fixed_schedule(),
            );
        // bevy_rapier2d 0.36 inserts its collision-message buffer without registering it, so it
        // would never be cleared; registering it makes Bevy swap and drop old messages.
        MessageRegistry::register_message::<CollisionEvent>(app.world_mut());
        // Before any mode's start system, so its generator gets this data's reach and its bodies
        // go into a fresh physics world.
        app.add_systems(
            OnEnter(Screen::Playing),
            (fresh_physics_world, publish_reach, apply_gravity).in_set(crate::run::RunStart::Physics),
        );
    }
}

/// Every run starts in a fresh physics world, as a re-play from nothing does (a replay code's, the
/// board server's). A world that has held another run hands its freed body and collider slots out
/// again in another order, and rapier's solver visits bodies in slot order: a run restarted where
/// another ended (a retry from the game-over card, the pause's *Restart*) played out a few bits
/// apart from its own replay, and its state hash did not verify (the retry tests caught it). The
/// last run's entities are gone by now (despawned as its screen was left), so no handle points
/// into the old sets; the integration parameters, set once at start-up, are kept.
fn fresh_physics_world(
    mut contexts: Query<(
        &mut RapierContextSimulation,
        &mut RapierContextColliders,
        &mut RapierContextJoints,
        &mut RapierRigidBodySet,
        &mut SimulationToRenderTime,
    )>,
) {
    for (mut simulation, mut colliders, mut joints, mut bodies, mut lag) in &mut contexts {
        let parameters = simulation.integration_parameters;
        *simulation = RapierContextSimulation::default();
        simulation.integration_parameters = parameters;
        *colliders = RapierContextColliders::default();
        *joints = RapierContextJoints::default();
        *bodies = RapierRigidBodySet::default();
        *lag = SimulationToRenderTime::default();
    }
}

/// The reach of the loaded data, for the run about to start (data may have been reloaded).
fn publish_reach(mut commands: Commands, data: Option<Res<GameData>>) {
    if let Some(data) = data {
        commands.insert_resource(Reach::of(&data));
    }
}

/// The mode's gravity, from its row of the table: the same numbers its generator plans with.
fn apply_gravity(data: Option<Res<GameData>>, session: Res<Session>, mut config: Query<&mut RapierConfiguration>) {
    let Some(data) = data else { return };
    let down = match session.mode.info().physics {
        Physics::None => Vec2::ZERO,
        Physics::Gravity(gravity) => Vec2::new(0.0, -gravity(&data)),
    };
    for mut config in &mut config {
        config.gravity = down;
    }
}

/// Starts a jump or flap: `speed` straight up, whatever the body was doing vertically.
pub fn launch(velocity: &mut Velocity, speed: f32) {
    velocity.linear.y = speed;
}
