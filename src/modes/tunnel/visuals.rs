//! Flying tunnel on screen: walls, the flyer and a star field that never changes. Windowed only.

use bevy::prelude::*;
use seedfeast_procgen::tunnel::star_field;

use crate::data::GameData;
use crate::modes::tunnel::{Flyer, GateWalls, TunnelRun, WALL_THICKNESS};
use crate::palette;
use crate::state::Screen;
use crate::visuals::{CameraQuery, Shapes, shape};

/// Adds both tunnels' visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_stars.after(crate::run::RunStart::Mode).run_if(resource_exists::<TunnelRun>),
    )
    .add_systems(PostUpdate, follow_flyer.before(TransformSystems::Propagate))
    .add_observer(dress_gate)
    .add_observer(dress_flyer);
}

const NIGHT: Color = Color::srgb(0.16, 0.12, 0.24);
const WALL: Color = Color::srgb(0.55, 0.33, 0.2);
const WALL_EDGE: Color = Color::srgb(0.96, 0.55, 0.66);

fn follow_flyer(flyer: Query<&Transform, With<Flyer>>, mut camera: CameraQuery<Flyer>) {
    let (Ok(flyer), Ok((mut camera, mut projection))) = (flyer.single(), camera.single_mut()) else { return };
    camera.translation.x = flyer.translation.x + 380.0;
    camera.translation.y = 0.0;
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = 1.0;
    }
}

/// A night sky drawn from a fixed seed, so it is the same every frame and every level.
fn spawn_stars(mut commands: Commands, data: Res<GameData>, camera: Query<Entity, With<Camera2d>>) {
    let Ok(camera) = camera.single() else { return };
    let height = data.tunnel.screen_height;
    let sky = commands
        .spawn((
            Sprite::from_color(NIGHT, Vec2::new(4000.0, height)),
            Transform::from_xyz(0.0, 0.0, -200.0),
            DespawnOnExit(Screen::Playing),
        ))
        .id();
    commands.entity(camera).add_child(sky);
    for star in star_field(120, 1400.0, height) {
        let glow = Color::srgba(1.0, 0.95, 0.8, 0.4 + 0.6 * star.brightness);
        let id = commands
            .spawn((
                Sprite::from_color(glow, Vec2::splat(star.size)),
                Transform::from_xyz(star.x - 700.0, star.y - height / 2.0, -150.0),
                DespawnOnExit(Screen::Playing),
            ))
            .id();
        commands.entity(camera).add_child(id);
    }
}

fn dress_gate(add: On<Add, GateWalls>, mut commands: Commands, gates: Query<&GateWalls>, data: Res<GameData>) {
    let Ok(GateWalls(gate)) = gates.get(add.entity) else { return };
    let height = data.tunnel.screen_height;
    let half_gap = gate.gap_height / 2.0;
    // Entity origin is the gap's centre; walls reach to the screen's edges.
    let top = height - (gate.gap_center + half_gap);
    let bottom = gate.gap_center - half_gap;
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        for (length, sign) in [(top, 1.0), (bottom, -1.0)] {
            if length <= 0.0 {
                continue;
            }
            let centre = sign * (half_gap + length / 2.0);
            parent.spawn((
                Sprite::from_color(WALL, Vec2::new(WALL_THICKNESS, length)),
                Transform::from_xyz(0.0, centre, 0.0),
            ));
            parent.spawn((
                Sprite::from_color(WALL_EDGE, Vec2::new(WALL_THICKNESS + 8.0, 8.0)),
                Transform::from_xyz(0.0, sign * (half_gap + 4.0), 0.1),
            ));
        }
    });
}

fn dress_flyer(
    add: On<Add, Flyer>,
    mut commands: Commands,
    data: Res<GameData>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let radius = data.tunnel.flyer_height / 2.0;
    let body = materials.add(Color::srgb(0.98, 0.74, 0.22));
    let wing = materials.add(Color::srgb(1.0, 0.93, 0.7));
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        parent.spawn(shape(&shapes.circle, body, Vec3::ZERO, Vec2::splat(radius)));
        parent.spawn(shape(&shapes.circle, wing, Vec3::new(-6.0, 2.0, 0.1), Vec2::new(radius * 0.6, radius * 0.4)));
        parent.spawn(shape(&shapes.circle, white, Vec3::new(8.0, 6.0, 0.1), Vec2::splat(5.0)));
        parent.spawn(shape(&shapes.circle, pupil, Vec3::new(9.5, 6.0, 0.2), Vec2::splat(2.5)));
    });
}
