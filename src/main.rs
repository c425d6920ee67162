//! Seedfeast.
use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
fn main() {
    App::new()
        .add_plugins((DefaultPlugins, RapierPhysicsPlugin::<NoUserData>::default()))
        .run();
}
