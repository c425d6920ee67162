//! Screen shake: "trauma" that a hit adds and time takes away; the camera is moved by its square
//! (small knocks barely show, big ones do) along a smooth wobble. The offset is applied to the
//! camera's drawn position after transforms are propagated, so no mode's camera code ever sees it
//! and nothing accumulates from frame to frame. Reduced motion adds no trauma.

use bevy::prelude::*;

#[derive(Resource, Default, Debug)]
pub struct Shake {
    trauma: f32,
    time: f32,
}

/// The furthest a full shake moves the camera, in world units at the Runner's zoom.
const MAX_OFFSET: f32 = 16.0;
/// Trauma lost a second.
const RECOVERY: f32 = 1.8;

impl Shake {
    pub fn add(&mut self, amount: f32) {
        self.trauma = (self.trauma + amount).min(1.0);
    }

    pub fn trauma(&self) -> f32 {
        self.trauma
    }

    /// Where the camera is pushed now, at zoom `scale`.
    pub fn offset(&self, scale: f32) -> Vec2 {
        let amount = self.trauma * self.trauma * MAX_OFFSET * scale;
        let t = self.time;
        // Sums of sines at unrelated rates: smooth, never repeating within a shake.
        Vec2::new((t * 47.0).sin() + 0.5 * (t * 83.0).sin(), (t * 53.0).cos() + 0.5 * (t * 71.0).sin()) * amount / 1.5
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Shake>()
        .add_systems(Update, settle)
        .add_systems(PostUpdate, push_camera.after(TransformSystems::Propagate));
}

fn settle(time: Res<Time<Real>>, mut shake: ResMut<Shake>) {
    if shake.trauma > 0.0 {
        shake.time += time.delta_secs();
        shake.trauma = (shake.trauma - RECOVERY * time.delta_secs()).max(0.0);
    }
}

fn push_camera(
    shake: Res<Shake>,
    mut camera: Query<(&mut Transform, &mut GlobalTransform, &Projection), With<Camera2d>>,
) {
    if shake.trauma <= 0.0 {
        return;
    }
    for (mut transform, mut global, projection) in &mut camera {
        // Marked changed so that the next frame's propagation draws the camera from its own
        // place again, whether or not its mode moves it: the push never adds up.
        transform.set_changed();
        let scale = if let Projection::Orthographic(ortho) = projection { ortho.scale } else { 1.0 };
        let mut affine = global.affine();
        affine.translation += Vec3A::from(shake.offset(scale).extend(0.0));
        *global = GlobalTransform::from(affine);
    }
}
