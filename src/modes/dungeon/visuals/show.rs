//! The dungeon's pieces kept in step with play, every frame after the fixed step: the camera on
//! the chef, bars and objects as their puzzles open, items as they are taken, crates gliding.

use super::*;

/// The camera keeps the chef in view, easing after it.
pub(super) fn follow_player(
    time: Res<Time>,
    run: Res<DungeonRun>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut last_dungeon: Local<u32>,
) {
    let Ok((mut transform, mut projection)) = camera.single_mut() else { return };
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = 1.1;
    }
    let (x, y) = run.walker.mover.position();
    let target = to_world(x, y);
    let snap = *last_dungeon != run.dungeon_number() || run.steps < 2;
    *last_dungeon = run.dungeon_number();
    let ease = if snap { 1.0 } else { 1.0 - (-time.delta_secs() * 7.0).exp() };
    let now = transform.translation.truncate();
    let moved = now + (target - now) * ease;
    transform.translation.x = moved.x;
    transform.translation.y = moved.y;
}

/// Bars and locked doors disappear once open.
pub(super) fn show_bars(run: Res<DungeonRun>, mut bars: Query<(&Bars, &mut Visibility)>) {
    for (bars, mut visibility) in &mut bars {
        let node = run.play.gate_of(bars.0).or_else(|| run.play.door_of(bars.0));
        let open = node.is_some_and(|n| run.play.open[n]);
        let want = if open { Visibility::Hidden } else { Visibility::Inherited };
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// Levers flip, plates light up and stations glow (in the scheme's `lit`), fed guards step aside
/// and smile.
pub(super) fn show_objects(
    run: Res<DungeonRun>,
    mut handles: Query<(&LeverHandle, &mut Transform), (Without<GuardLook>, Without<GuardMouth>)>,
    mut plates: Query<(&PlateTop, &mut Sprite), (Without<GuardMouth>, Without<StationPot>)>,
    mut guards: Query<(&GuardLook, &mut Transform), (Without<LeverHandle>, Without<GuardMouth>)>,
    mut mouths: Query<(&GuardMouth, &mut Transform, &mut Sprite), (Without<LeverHandle>, Without<GuardLook>)>,
    pots: Query<(&StationPot, &MeshMaterial2d<ColorMaterial>)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    scheme: Res<Scheme>,
) {
    let play = &run.play;
    let d = &play.dungeon;
    for (handle, mut transform) in &mut handles {
        let ObjectKind::Lever { switch } = d.objects[handle.0].kind else { continue };
        let angle = if play.thrown[switch] { -0.6 } else { 0.6 };
        transform.rotation = Quat::from_rotation_z(angle);
    }
    for (plate, mut sprite) in &mut plates {
        let ObjectKind::Plate { switch } = d.objects[plate.0].kind else { continue };
        if play.thrown[switch] {
            sprite.color = scheme.lit;
        }
    }
    for (guard, mut transform) in &mut guards {
        let object = &d.objects[guard.0];
        if !play.fed[object.node] {
            continue;
        }
        // He walks off his item to a free tile beside it (or just off-centre if there is none).
        let cell = object.cell;
        let aside = crate::grid_move::Dir::ALL
            .into_iter()
            .filter_map(|dir| crate::grid_move::step(cell, dir))
            .find(|&c| play.open(c) && play.hazard_at(c).is_none() && play.item_lying(c).is_none());
        let to = match aside {
            Some((x, y)) => to_world(x as f32, y as f32),
            None => to_world(cell.0 as f32 + 0.35, cell.1 as f32),
        };
        let now = transform.translation.truncate();
        let moved = now + (to - now) * 0.08;
        transform.translation.x = moved.x;
        transform.translation.y = moved.y;
    }
    for (mouth, mut transform, mut sprite) in &mut mouths {
        if play.fed[d.objects[mouth.0].node] {
            sprite.color = palette::ACCENT;
            sprite.custom_size = Some(Vec2::new(12.0, 5.0));
            transform.translation.y = -9.0;
        }
    }
    for (pot, material) in &pots {
        if play.solved[d.objects[pot.0].node]
            && let Some(mut m) = materials.get_mut(&material.0)
        {
            m.color = scheme.lit;
        }
    }
}

/// Items show while they lie on the floor: a guard's once he has stepped off it.
pub(super) fn show_items(run: Res<DungeonRun>, mut items: Query<(&DungeonItem, &AtCell, &mut Visibility)>) {
    for (item, at, mut visibility) in &mut items {
        let lying = run.play.item_lying(at.0) == Some(item.0);
        let want = if lying { Visibility::Inherited } else { Visibility::Hidden };
        if *visibility != want {
            *visibility = want;
        }
    }
}

/// Crates slide to their tile instead of jumping.
/// Objects that slide to their tile (every object but a guard, who walks off on his own).
type Sliding = (With<DungeonObject>, Without<GuardLook>);

pub(super) fn glide_crates(time: Res<Time>, mut crates: Query<(&AtCell, &mut Transform), Sliding>) {
    let ease = 1.0 - (-time.delta_secs() * 18.0).exp();
    for (at, mut transform) in &mut crates {
        let to = to_world(at.0.0 as f32, at.0.1 as f32);
        let now = transform.translation.truncate();
        if now.distance_squared(to) > 0.01 {
            let moved = now + (to - now) * ease;
            transform.translation.x = moved.x;
            transform.translation.y = moved.y;
        }
    }
}
