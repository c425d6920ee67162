//! A puzzle object's look by its kind: levers, crates, pressure plates, cooking stations, hungry
//! guards and the feast table.

use super::*;

/// Dresses one freshly spawned object (by its index) by its kind, tinted by its zone's colour `c`.
pub(super) fn dress_object(
    e: &mut EntityCommands,
    kind: &ObjectKind,
    index: usize,
    c: (u8, u8, u8),
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    e.insert(Visibility::default());
    match kind {
        ObjectKind::Lever { .. } => dress_lever(e, index, shapes, materials),
        ObjectKind::Crate { .. } => dress_crate(e, c),
        ObjectKind::Plate { .. } => dress_plate(e, index, c),
        ObjectKind::Station { .. } => dress_station(e, index, shapes, materials),
        ObjectKind::Guard { .. } => dress_guard(e, index, c, shapes, materials),
        ObjectKind::Table => dress_table(e, c, shapes, materials),
    }
}

/// A lever: an iron base and a handle with a knob that flips when thrown.
fn dress_lever(e: &mut EntityCommands, index: usize, shapes: &Shapes, materials: &mut Assets<ColorMaterial>) {
    e.with_children(|p| {
        p.spawn((Sprite::from_color(IRON, Vec2::new(30.0, 14.0)), Transform::from_xyz(0.0, -12.0, 0.0)));
        p.spawn((
            LeverHandle(index),
            Transform::from_xyz(0.0, -10.0, 0.1),
            Visibility::default(),
            children![
                (Sprite::from_color(WOOD_DARK, Vec2::new(6.0, 28.0)), Transform::from_xyz(0.0, 14.0, 0.0)),
                shape(&shapes.circle, materials.add(palette::ACCENT), Vec3::new(0.0, 28.0, 0.1), Vec2::splat(7.0)),
            ],
        ));
    });
}

/// A crate: a wooden box in the zone's tint with two cross braces.
fn dress_crate(e: &mut EntityCommands, c: (u8, u8, u8)) {
    let body = shade(c, (0.5, 0.3, 0.15), 0.5);
    e.insert(Sprite::from_color(shade(c, DARK, 0.6), Vec2::splat(CELL * 0.86))).with_children(|p| {
        p.spawn((Sprite::from_color(body, Vec2::splat(CELL * 0.72)), Transform::from_xyz(0.0, 0.0, 0.05)));
        for angle in [0.785f32, -0.785] {
            p.spawn((
                Sprite::from_color(shade(c, DARK, 0.45), Vec2::new(CELL * 0.9, 5.0)),
                Transform::from_xyz(0.0, 0.0, 0.1).with_rotation(Quat::from_rotation_z(angle)),
            ));
        }
    });
}

/// A pressure plate: an iron rim round a top that lights up under its crate.
fn dress_plate(e: &mut EntityCommands, index: usize, c: (u8, u8, u8)) {
    e.insert(Sprite::from_color(IRON, Vec2::splat(CELL * 0.8))).with_child((
        PlateTop(index),
        Sprite::from_color(shade(c, DARK, 0.3), Vec2::splat(CELL * 0.62)),
        Transform::from_xyz(0.0, 0.0, 0.05),
    ));
}

/// A cooking station: a steel counter with a pot that glows once it has cooked.
fn dress_station(e: &mut EntityCommands, index: usize, shapes: &Shapes, materials: &mut Assets<ColorMaterial>) {
    e.insert(Sprite::from_color(Color::srgb(0.62, 0.6, 0.62), Vec2::new(CELL * 0.92, CELL * 0.8))).with_children(|p| {
        p.spawn((
            Sprite::from_color(Color::srgb(0.82, 0.8, 0.8), Vec2::new(CELL * 0.92, 8.0)),
            Transform::from_xyz(0.0, CELL * 0.36, 0.05),
        ));
        p.spawn((
            StationPot(index),
            shape(&shapes.circle, materials.add(IRON), Vec3::new(0.0, -2.0, 0.1), Vec2::splat(13.0)),
        ));
        p.spawn(shape(&shapes.circle, materials.add(palette::ACCENT), Vec3::new(0.0, -2.0, 0.2), Vec2::splat(7.0)));
    });
}

/// A hungry guard: a furry face with ears, a snout, eyes and a frowning mouth.
fn dress_guard(
    e: &mut EntityCommands,
    index: usize,
    c: (u8, u8, u8),
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    let fur = shade(c, DARK, 0.35);
    let white = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    e.insert(GuardLook(index)).with_children(|p| {
        for x in [-13.0, 13.0] {
            p.spawn(shape(&shapes.circle, materials.add(fur), Vec3::new(x, 14.0, 0.0), Vec2::splat(8.0)));
        }
        p.spawn(shape(&shapes.circle, materials.add(fur), Vec3::new(0.0, 0.0, 0.05), Vec2::splat(19.0)));
        p.spawn(shape(
            &shapes.circle,
            materials.add(shade(c, WHITE, 0.5)),
            Vec3::new(0.0, -6.0, 0.08),
            Vec2::new(11.0, 8.0),
        ));
        for x in [-7.0, 7.0] {
            p.spawn(shape(&shapes.circle, white.clone(), Vec3::new(x, 5.0, 0.1), Vec2::splat(5.0)));
            p.spawn(shape(&shapes.circle, pupil.clone(), Vec3::new(x, 4.0, 0.2), Vec2::splat(2.5)));
        }
        p.spawn((
            GuardMouth(index),
            Sprite::from_color(palette::PUPIL, Vec2::new(10.0, 3.0)),
            Transform::from_xyz(0.0, -8.0, 0.2),
        ));
    });
}

/// The feast table: a cloth with a red runner and three dishes, one in the zone's colour.
fn dress_table(e: &mut EntityCommands, c: (u8, u8, u8), shapes: &Shapes, materials: &mut Assets<ColorMaterial>) {
    e.insert(Sprite::from_color(WOOD_DARK, Vec2::new(CELL * 0.98, CELL * 0.84))).with_children(|p| {
        p.spawn((
            Sprite::from_color(Color::srgb(0.99, 0.97, 0.93), Vec2::new(CELL * 0.9, CELL * 0.7)),
            Transform::from_xyz(0.0, 2.0, 0.05),
        ));
        p.spawn((
            Sprite::from_color(palette::ACCENT, Vec2::new(CELL * 0.9, 5.0)),
            Transform::from_xyz(0.0, -CELL * 0.3, 0.08),
        ));
        let dishes = [(-11.0, 7.0, GOLD), (11.0, 7.0, palette::FROSTING), (0.0, -5.0, rgb(c))];
        for (x, y, colour) in dishes {
            p.spawn(shape(&shapes.circle, materials.add(Color::WHITE), Vec3::new(x, y, 0.1), Vec2::splat(8.0)));
            p.spawn(shape(&shapes.circle, materials.add(colour), Vec3::new(x, y, 0.2), Vec2::splat(5.0)));
        }
    });
}
