//! Backdrops at a depth: a [`Parallax`] layer is a child of the camera that slides back against
//! the camera's movement by a fraction of it (near layers more, far ones less) and wraps around
//! every `span`, so a few shapes make an endless landscape. Reduced motion holds every layer still.

use bevy::prelude::*;

use super::Motion;

#[derive(Component, Debug, Clone, Copy)]
pub struct Parallax {
    /// 0: fixed to the screen, 1: moves with the world.
    pub depth: f32,
    /// The layer repeats every this many world units.
    pub span: f32,
    /// Where the piece sits when the camera is at 0.
    pub base_x: f32,
}

/// The systems that place the camera each frame (each mode's follow or framing system). Layers
/// are placed after them, so they never lag a frame behind.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct CameraMoves;

pub fn plugin(app: &mut App) {
    app.configure_sets(PostUpdate, CameraMoves.before(TransformSystems::Propagate))
        .add_systems(PostUpdate, slide_layers.after(CameraMoves).before(TransformSystems::Propagate));
}

/// Where a piece sits against the camera when the camera is at `camera_x`: back by `depth` of the
/// camera's travel, wrapped to within half a span either side of its place.
pub(crate) fn layer_x(layer: &Parallax, camera_x: f32, reduced: bool) -> f32 {
    if reduced {
        return layer.base_x;
    }
    let travelled = (camera_x * layer.depth).rem_euclid(layer.span);
    let x = layer.base_x - travelled;
    // Pieces that slid off the left come back on the right.
    if x < -layer.span / 2.0 { x + layer.span } else { x }
}

fn slide_layers(
    motion: Res<Motion>,
    camera: Query<(&Transform, &Children), With<Camera2d>>,
    mut layers: Query<(&Parallax, &mut Transform), Without<Camera2d>>,
) {
    let Ok((camera, children)) = camera.single() else { return };
    for child in children {
        if let Ok((layer, mut transform)) = layers.get_mut(*child) {
            // Written only when it moves: a layer standing still is left out of propagation.
            let x = layer_x(layer, camera.translation.x, motion.reduced);
            if transform.translation.x != x {
                transform.translation.x = x;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_slides_back_by_its_depth_wraps_within_a_span_and_holds_still_with_reduced_motion() {
        let layer = Parallax { depth: 0.25, span: 1000.0, base_x: 100.0 };
        assert_eq!(layer_x(&layer, 0.0, false), 100.0);
        assert_eq!(layer_x(&layer, 200.0, false), 50.0, "a quarter of the camera's travel, backwards");
        for camera in [0.0, 1234.5, 99_999.0, -5_000.0] {
            let x = layer_x(&layer, camera, false);
            assert!((-500.0..500.0).contains(&x), "{camera}: {x} left the span");
            assert_eq!(layer_x(&layer, camera, true), 100.0, "reduced motion: where it was put");
        }
    }
}
