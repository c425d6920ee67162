//! Both tunnels on screen, each a place of its own: the Flying tunnel by night (stars, a moon,
//! purple hills at two depths) through breadstick gates; the Food Tunnel at sunset (the sun, green
//! hills) through stacks of pancakes. The flyer leans with its climb and puffs up on a flap. The
//! gates are drawn 7 units wider each side than they collide, never narrower. The camera frames
//! the flight band with its ceiling and floor (`edges`) below the HUD. Windowed only.

use bevy::prelude::*;
use seedfeast_procgen::tunnel::star_field;

use crate::data::GameData;
use crate::feel::parallax::{CameraMoves, Parallax};
use crate::feel::puppet::{Gait, Puppet};
use crate::modes::tunnel::edges::{edges_of, spawn_edges};
use crate::modes::tunnel::treats::TreatPiece;
use crate::modes::tunnel::{Flyer, GateWalls, TunnelRun, WALL_THICKNESS, squeezed};
use crate::palette::{self, Scheme};
use crate::state::Screen;
use crate::visuals::{CameraQuery, Shapes, shape};
use seedfeast_procgen::tunnel::treats::TREAT_RADIUS;

/// Adds both tunnels' visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Playing),
        spawn_backdrop.after(crate::run::RunStart::Mode).run_if(resource_exists::<TunnelRun>),
    )
    .add_systems(PostUpdate, follow_flyer.in_set(CameraMoves))
    .add_observer(dress_gate)
    .add_observer(dress_treat)
    .add_observer(dress_flyer);
}

/// Each treat look's body and its shine: an apple, a cherry, a doughnut, a slice of cake.
const TREAT_LOOKS: [(Color, Color); 4] = [
    (Color::srgb(0.86, 0.18, 0.16), Color::srgb(1.0, 0.62, 0.55)),
    (Color::srgb(0.62, 0.06, 0.18), Color::srgb(0.95, 0.45, 0.55)),
    (Color::srgb(0.96, 0.55, 0.70), Color::srgb(1.0, 0.90, 0.94)),
    (Color::srgb(0.98, 0.84, 0.40), Color::srgb(1.0, 0.97, 0.80)),
];

/// A treat: a round food with a shine and a dark rim, so it reads against sky and pancakes.
fn dress_treat(
    add: On<Add, TreatPiece>,
    mut commands: Commands,
    treats: Query<&TreatPiece>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(TreatPiece(treat)) = treats.get(add.entity) else { return };
    let (body, shine) = TREAT_LOOKS[usize::from(treat.look) % TREAT_LOOKS.len()];
    let r = TREAT_RADIUS;
    let rim = materials.add(Color::srgb(0.25, 0.12, 0.08));
    let (body, shine) = (materials.add(body), materials.add(shine));
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        parent.spawn(shape(&shapes.circle, rim, Vec3::ZERO, Vec2::splat(r + 2.0)));
        parent.spawn(shape(&shapes.circle, body, Vec3::new(0.0, 0.0, 0.05), Vec2::splat(r)));
        parent.spawn(shape(&shapes.circle, shine, Vec3::new(-r * 0.35, r * 0.35, 0.1), Vec2::splat(r * 0.3)));
    });
}

/// How each tunnel looks.
struct Look {
    sky: Color,
    far_hills: Color,
    near_hills: Color,
    /// The moon by night, the sun at sunset.
    light: Color,
    stars: bool,
}

const NIGHT: Look = Look {
    sky: Color::srgb(0.16, 0.12, 0.24),
    far_hills: Color::srgb(0.24, 0.17, 0.34),
    near_hills: Color::srgb(0.30, 0.21, 0.40),
    light: Color::srgb(1.0, 0.96, 0.82),
    stars: true,
};

const SUNSET: Look = Look {
    sky: Color::srgb(0.99, 0.76, 0.58),
    far_hills: Color::srgb(0.72, 0.72, 0.45),
    near_hills: Color::srgb(0.55, 0.64, 0.36),
    light: Color::srgb(1.0, 0.93, 0.70),
    stars: false,
};

const BREADSTICK: Color = Color::srgb(0.86, 0.62, 0.32);
const BREADSTICK_TIP: Color = Color::srgb(0.93, 0.74, 0.45);
const SESAME: Color = Color::srgb(1.0, 0.95, 0.8);
const SYRUP: Color = Color::srgb(0.62, 0.30, 0.08);
const BUTTER: Color = Color::srgb(1.0, 0.92, 0.55);

/// How much wider than it collides a gate is drawn, each side: chunky enough to read at speed,
/// and never narrower than it hits (a flyer may brush the drawn edge and live, never the reverse).
const DRAWN_MARGIN: f32 = 7.0;

/// World units of view above the flight band, where the HUD's cards sit (at 720 pixels of
/// window, about 104 of them: more than the cards' height at either text size), and below it.
/// The band (the tunnel's `screen_height`) with its drawn ceiling and floor lies wholly in view
/// and under no card: the edges that end a run are edges the player can see.
const ABOVE_BAND: f32 = 130.0;
const BELOW_BAND: f32 = 50.0;

/// The camera's zoom and height that frame the band with [`ABOVE_BAND`] and [`BELOW_BAND`]
/// around it (the camera sees `VIEW_HEIGHT` world units at zoom 1).
pub(crate) fn band_view(band: f32) -> (f32, f32) {
    let seen = band + ABOVE_BAND + BELOW_BAND;
    let scale = seen / crate::visuals::VIEW_HEIGHT;
    let y = band / 2.0 + ABOVE_BAND - seen / 2.0;
    (scale, y)
}

fn follow_flyer(flyer: Query<&Transform, With<Flyer>>, mut camera: CameraQuery<Flyer>, data: Res<GameData>) {
    let (Ok(flyer), Ok((mut camera, mut projection))) = (flyer.single(), camera.single_mut()) else { return };
    let (scale, y) = band_view(data.tunnel.screen_height);
    camera.translation.x = flyer.translation.x + 380.0;
    camera.translation.y = y;
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = scale;
    }
}

/// The sky, its light, stars by night and two rows of hills that scroll at their own depths.
fn spawn_backdrop(
    mut commands: Commands,
    data: Res<GameData>,
    run: Res<TunnelRun>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    camera: Query<Entity, With<Camera2d>>,
) {
    let Ok(camera) = camera.single() else { return };
    let look = if run.squeeze { SUNSET } else { NIGHT };
    let height = data.tunnel.screen_height;
    // The pieces hang from the camera, which sits `lift` above the band's middle.
    let lift = band_view(height).1;
    let mut pieces = vec![
        commands
            .spawn((
                Sprite::from_color(look.sky, Vec2::new(4000.0, height * 2.0)),
                Transform::from_xyz(0.0, -lift, -200.0),
            ))
            .id(),
    ];
    let light = materials.add(look.light);
    pieces.push(
        commands
            .spawn(shape(&shapes.circle, light, Vec3::new(420.0, height * 0.3 - lift, -190.0), Vec2::splat(46.0)))
            .id(),
    );
    if look.stars {
        for star in star_field(120, 1400.0, height) {
            let glow = Color::srgba(1.0, 0.95, 0.8, 0.4 + 0.6 * star.brightness);
            let base_x = star.x - 700.0;
            pieces.push(
                commands
                    .spawn((
                        Sprite::from_color(glow, Vec2::splat(star.size)),
                        Transform::from_xyz(base_x, star.y - height / 2.0 - lift, -150.0),
                        Parallax { depth: 0.03, span: 1400.0, base_x },
                    ))
                    .id(),
            );
        }
    }
    // (No clouds at sunset: drawn as meshes they showed in front of the gates' sprites.)
    for (colour, depth, z, top, radius) in
        [(look.far_hills, 0.15, -140.0, 0.22, 170.0), (look.near_hills, 0.35, -130.0, 0.13, 130.0)]
    {
        let hill = materials.add(colour);
        // Smallish domes close together: their area, not their number, is what a software
        // renderer pays for (hills twice this size cost the tunnels 7 ms a frame under llvmpipe).
        for i in 0..7 {
            let base_x = -1000.0 + 2000.0 / 7.0 * i as f32 + radius * 0.3;
            let y = -height / 2.0 + height * top - radius - lift;
            pieces.push(
                commands
                    .spawn((
                        shape(&shapes.circle, hill.clone(), Vec3::new(base_x, y, z), Vec2::splat(radius)),
                        Parallax { depth, span: 2000.0, base_x },
                    ))
                    .id(),
            );
        }
    }
    pieces.extend(spawn_edges(&mut commands, &edges_of(run.squeeze), height, lift));
    for piece in pieces {
        commands.entity(piece).insert(DespawnOnExit(Screen::Playing));
        commands.entity(camera).add_child(piece);
    }
}

fn dress_gate(
    add: On<Add, GateWalls>,
    mut commands: Commands,
    gates: Query<&GateWalls>,
    data: Res<GameData>,
    session: Res<crate::session::Session>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(GateWalls(gate)) = gates.get(add.entity) else { return };
    // From the session, not the run: the first gate is spawned before the run's resource is in.
    let pancakes = squeezed(&session);
    let height = data.tunnel.screen_height;
    let half_gap = gate.gap_height / 2.0;
    // Entity origin is the gap's centre; walls reach to the screen's edges.
    let top = height - (gate.gap_center + half_gap);
    let bottom = gate.gap_center - half_gap;
    let width = WALL_THICKNESS + 2.0 * DRAWN_MARGIN;
    let tip = materials.add(if pancakes { BUTTER } else { BREADSTICK_TIP });
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        for (length, sign) in [(top, 1.0), (bottom, -1.0)] {
            if length <= 0.0 {
                continue;
            }
            let centre = sign * (half_gap + length / 2.0);
            if pancakes {
                // A stack of pancakes from the screen's edge to the gap: one body with a browned
                // edge between each two (half the sprites of a sprite a pancake), butter and syrup
                // on the end.
                parent.spawn((
                    Sprite::from_color(scheme.pancake, Vec2::new(width + 6.0, length)),
                    Transform::from_xyz(0.0, centre, 0.0),
                ));
                let count = (length / 12.0).ceil() as usize;
                for k in 0..count {
                    let y = sign * (half_gap + 12.0 * k as f32 + 2.0);
                    let wobble = if k % 2 == 0 { 4.0 } else { 0.0 };
                    parent.spawn((
                        Sprite::from_color(scheme.pancake_edge, Vec2::new(width + 8.0 + wobble, 4.0)),
                        Transform::from_xyz(0.0, y, 0.05),
                    ));
                }
                parent.spawn((
                    Sprite::from_color(SYRUP, Vec2::new(width + 10.0, 4.0)),
                    Transform::from_xyz(0.0, sign * (half_gap + 1.0), 0.1),
                ));
                parent.spawn((
                    Sprite::from_color(SYRUP, Vec2::new(4.0, 10.0)),
                    Transform::from_xyz(5.0, sign * (half_gap + 1.0) - sign * 5.0, 0.1),
                ));
                parent.spawn((
                    Sprite::from_color(BUTTER, Vec2::new(10.0, 6.0)),
                    Transform::from_xyz(-2.0, sign * (half_gap + 14.0), 0.2),
                ));
            } else {
                // A breadstick with sesame seeds and a rounded, paler end at the gap.
                parent.spawn((
                    Sprite::from_color(BREADSTICK, Vec2::new(width, length)),
                    Transform::from_xyz(0.0, centre, 0.0),
                ));
                parent.spawn(shape(
                    &shapes.circle,
                    tip.clone(),
                    Vec3::new(0.0, sign * (half_gap + width / 2.0), 0.05),
                    Vec2::splat(width / 2.0 + 1.0),
                ));
                let seeds = (length / 26.0) as usize;
                for k in 0..seeds {
                    let x = if k % 2 == 0 { -3.0 } else { 3.0 };
                    let y = sign * (half_gap + 20.0 + 26.0 * k as f32);
                    parent.spawn((Sprite::from_color(SESAME, Vec2::new(3.0, 5.0)), Transform::from_xyz(x, y, 0.1)));
                }
            }
        }
    });
}

fn dress_flyer(
    add: On<Add, Flyer>,
    mut commands: Commands,
    data: Res<GameData>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let radius = data.tunnel.flyer_height / 2.0;
    let body = materials.add(scheme.flyer);
    let wing = materials.add(Color::srgb(1.0, 0.93, 0.7));
    let beak = materials.add(palette::ACCENT);
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        parent.spawn((Puppet::new(Gait::Flyer, radius), Transform::default(), Visibility::default())).with_children(
            |puppet| {
                puppet.spawn(shape(&shapes.circle, body, Vec3::ZERO, Vec2::splat(radius)));
                puppet.spawn(shape(&shapes.circle, beak, Vec3::new(radius + 1.0, -1.0, -0.05), Vec2::new(6.0, 3.5)));
                puppet.spawn(shape(
                    &shapes.circle,
                    wing,
                    Vec3::new(-6.0, 2.0, 0.1),
                    Vec2::new(radius * 0.6, radius * 0.4),
                ));
                puppet.spawn(shape(&shapes.circle, white, Vec3::new(8.0, 6.0, 0.1), Vec2::splat(5.0)));
                puppet.spawn(shape(&shapes.circle, pupil, Vec3::new(9.5, 6.0, 0.2), Vec2::splat(2.5)));
            },
        );
    });
}
