//! Each piece of a Code-puzzle board dressed as it spawns: tiles by their ground (floor, wall,
//! water, the coding terminal, the exit), objects by their kind, rewards and the player.

use super::*;

pub(super) fn dress_tile(
    add: On<Add, Tile>,
    mut commands: Commands,
    tiles: Query<&Tile>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(tile) = tiles.get(add.entity) else { return };
    let (x, y) = tile.cell;
    let floor = if (x + y) % 2 == 0 { FLOOR_A } else { FLOOR_B };
    let mut entity = commands.entity(add.entity);
    entity.insert(Visibility::default());
    match tile.ground {
        Ground::Void => {}
        Ground::Wall | Ground::SecretDoor => {
            entity.with_children(|parent| wall_tile(parent, tile.face, tile.ground == Ground::SecretDoor));
        }
        Ground::Floor => {
            entity.with_children(|parent| floor_under(parent, floor));
        }
        Ground::Water => {
            entity.with_children(|parent| water_tile(parent, scheme.water));
        }
        Ground::Plate => {
            entity.with_children(|parent| plate_tile(parent, floor, scheme.plate_pressed));
        }
        Ground::FirePit => {
            entity.with_children(|parent| fire_pit_tile(parent, floor, &shapes, &mut materials));
        }
        Ground::Entry => {
            entity.with_children(|parent| entry_tile(parent, floor, &shapes, &mut materials));
        }
        Ground::Exit => {
            entity.with_children(|parent| exit_tile(parent, floor, &scheme, &shapes, &mut materials));
        }
        Ground::Coding => {
            entity.with_children(|parent| coding_tile(parent, floor, &shapes, &mut materials));
        }
    }
    // Gusts can blow over any tile a statue's breath crosses.
    if matches!(tile.ground, Ground::Floor | Ground::Water | Ground::Plate | Ground::Coding | Ground::Entry) {
        commands.entity(add.entity).with_children(gust_over);
    }
}

/// The floor under a tile's picture: grout and the checkered floor square.
fn floor_under(parent: &mut ChildSpawnerCommands<'_>, floor: Color) {
    let cell = Vec2::splat(CELL);
    let inner = Vec2::splat(CELL - 3.0);
    parent.spawn(sq(GROUT, cell, Vec3::ZERO));
    parent.spawn(sq(floor, inner, Vec3::new(0.0, 0.0, 0.05)));
}

/// A wall (its front when the tile below isn't wall), or a secret door shut or revealed.
fn wall_tile(parent: &mut ChildSpawnerCommands<'_>, face: bool, secret: bool) {
    parent.spawn(sq(WALL, Vec2::splat(CELL), Vec3::ZERO));
    if face {
        // The wall's front, facing the player below it.
        parent.spawn(sq(WALL_FACE, Vec2::new(CELL, 14.0), Vec3::new(0.0, -CELL / 2.0 + 7.0, 0.05)));
        parent.spawn(sq(WALL_TOP, Vec2::new(CELL, 3.0), Vec3::new(0.0, -CELL / 2.0 + 15.5, 0.06)));
    }
    if secret {
        secret_door(parent);
    }
}

/// A shut secret door is a wall with a faint crack; revealed, an arch.
fn secret_door(parent: &mut ChildSpawnerCommands<'_>) {
    parent.spawn((
        TileLook::SecretShut,
        sq(Color::srgb(0.38, 0.24, 0.15), Vec2::new(3.0, CELL * 0.6), Vec3::new(0.0, -3.0, 0.1)),
    ));
    parent.spawn((TileLook::SecretOpen, Visibility::Hidden, Transform::from_xyz(0.0, 0.0, 0.2))).with_children(
        |arch| {
            arch.spawn(sq(GOLD, Vec2::new(CELL * 0.74, CELL * 0.84), Vec3::ZERO));
            arch.spawn(sq(
                Color::srgb(0.22, 0.14, 0.10),
                Vec2::new(CELL * 0.6, CELL * 0.74),
                Vec3::new(0.0, -3.0, 0.05),
            ));
        },
    );
}

/// Water in the scheme's colour, with two glints.
fn water_tile(parent: &mut ChildSpawnerCommands<'_>, water: Color) {
    parent.spawn(sq(water, Vec2::splat(CELL), Vec3::ZERO));
    for (dx, dy) in [(-8.0, 8.0), (8.0, -6.0)] {
        parent.spawn(sq(WATER_LIGHT, Vec2::new(14.0, 3.0), Vec3::new(dx, dy, 0.05)));
    }
}

/// A pressure plate on the floor, with its pressed look hidden until something stands on it.
fn plate_tile(parent: &mut ChildSpawnerCommands<'_>, floor: Color, pressed: Color) {
    floor_under(parent, floor);
    parent.spawn(sq(METAL_DARK, Vec2::splat(CELL * 0.66), Vec3::new(0.0, 0.0, 0.1)));
    parent.spawn(sq(METAL, Vec2::splat(CELL * 0.54), Vec3::new(0.0, 1.5, 0.12)));
    parent.spawn((
        TileLook::PlatePressed,
        sq(pressed, Vec2::splat(CELL * 0.54), Vec3::new(0.0, 1.5, 0.13)),
        Visibility::Hidden,
    ));
}

/// A fire pit: a stone rim and coals, with its flame hidden until it is lit.
fn fire_pit_tile(
    parent: &mut ChildSpawnerCommands<'_>,
    floor: Color,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    let rim = materials.add(STONE);
    let coal = materials.add(Color::srgb(0.2, 0.15, 0.13));
    let flame = materials.add(FIRE);
    let core = materials.add(FLAME);
    floor_under(parent, floor);
    parent.spawn(shape(&shapes.circle, rim, Vec3::new(0.0, 0.0, 0.1), Vec2::splat(CELL * 0.4)));
    parent.spawn(shape(&shapes.circle, coal, Vec3::new(0.0, 0.0, 0.12), Vec2::splat(CELL * 0.3)));
    parent.spawn((TileLook::Flame, Visibility::Hidden, Transform::from_xyz(0.0, 0.0, 0.2))).with_children(|fire| {
        fire.spawn(shape(
            &shapes.triangle,
            flame.clone(),
            Vec3::new(0.0, -CELL * 0.18, 0.0),
            Vec2::new(CELL * 0.56, CELL * 0.62),
        ));
        fire.spawn(shape(
            &shapes.triangle,
            core,
            Vec3::new(0.0, -CELL * 0.14, 0.05),
            Vec2::new(CELL * 0.3, CELL * 0.38),
        ));
    });
}

/// The entry: a green mat with a dot in its middle.
fn entry_tile(
    parent: &mut ChildSpawnerCommands<'_>,
    floor: Color,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    let mat = materials.add(Color::srgb(0.55, 0.76, 0.45));
    floor_under(parent, floor);
    parent.spawn(sq(Color::srgb(0.42, 0.64, 0.34), Vec2::splat(CELL * 0.8), Vec3::new(0.0, 0.0, 0.1)));
    parent.spawn(sq(Color::srgb(0.55, 0.76, 0.45), Vec2::splat(CELL * 0.68), Vec3::new(0.0, 0.0, 0.11)));
    parent.spawn(shape(&shapes.circle, mat, Vec3::new(0.0, 0.0, 0.12), Vec2::splat(3.0)));
}

/// The exit: a locked door while shut, a green way-out arrow once open.
fn exit_tile(
    parent: &mut ChildSpawnerCommands<'_>,
    floor: Color,
    scheme: &Scheme,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    let green = materials.add(scheme.exit_open);
    let white = materials.add(Color::WHITE);
    floor_under(parent, floor);
    parent
        .spawn((TileLook::ExitShut, Transform::from_xyz(0.0, 0.0, 0.1), Visibility::default()))
        .with_children(|shut| exit_shut(shut, scheme.exit_shut));
    parent.spawn((TileLook::ExitOpen, Transform::from_xyz(0.0, 0.0, 0.1), Visibility::Hidden)).with_children(|open| {
        open.spawn(shape(&shapes.circle, green, Vec3::ZERO, Vec2::splat(CELL * 0.44)));
        open.spawn(shape(
            &shapes.triangle,
            white,
            Vec3::new(0.0, -CELL * 0.14, 0.05),
            Vec2::new(CELL * 0.36, CELL * 0.3),
        ));
    });
}

/// The shut exit's door: planks and a gold lock with its keyhole.
fn exit_shut(shut: &mut ChildSpawnerCommands<'_>, door: Color) {
    shut.spawn(sq(door, Vec2::splat(CELL * 0.86), Vec3::ZERO));
    for dx in [-CELL * 0.2, 0.0, CELL * 0.2] {
        shut.spawn(sq(Color::srgb(0.24, 0.14, 0.09), Vec2::new(3.0, CELL * 0.8), Vec3::new(dx, 0.0, 0.05)));
    }
    shut.spawn(sq(GOLD, Vec2::new(12.0, 10.0), Vec3::new(0.0, -2.0, 0.1)));
    shut.spawn(sq(GOLD, Vec2::new(7.0, 7.0), Vec3::new(0.0, 6.0, 0.09)));
    shut.spawn(sq(door, Vec2::new(3.5, 4.0), Vec3::new(0.0, 6.0, 0.1)));
}

/// The coding terminal: a glowing ring under a slate screen showing `>_`.
fn coding_tile(
    parent: &mut ChildSpawnerCommands<'_>,
    floor: Color,
    shapes: &Shapes,
    materials: &mut Assets<ColorMaterial>,
) {
    let glow = materials.add(Color::srgba(0.40, 0.93, 0.88, 0.55));
    floor_under(parent, floor);
    parent.spawn((TileLook::CodingGlow, shape(&shapes.ring, glow, Vec3::new(0.0, 0.0, 0.08), Vec2::splat(CELL * 0.6))));
    parent.spawn(sq(Color::srgb(0.30, 0.34, 0.42), Vec2::splat(CELL * 0.78), Vec3::new(0.0, 0.0, 0.1)));
    parent.spawn(sq(SLATE, Vec2::splat(CELL * 0.68), Vec3::new(0.0, 0.0, 0.11)));
    parent.spawn((
        Text2d::new(">_"),
        // A picture on the tile, not words: it keeps the tile's size.
        crate::ui::text_size::FixedTextSize,
        TextFont::from_font_size(20.0),
        TextColor(TERMINAL),
        Transform::from_xyz(0.0, 0.0, 0.12),
    ));
}

/// A gust over a tile, hidden until a statue's breath blows across it.
fn gust_over(parent: &mut ChildSpawnerCommands<'_>) {
    parent.spawn((TileLook::Gust, Transform::from_xyz(0.0, 0.0, 1.5), Visibility::Hidden)).with_children(|gust| {
        gust.spawn(sq(Color::srgba(0.85, 0.95, 1.0, 0.45), Vec2::splat(CELL), Vec3::ZERO));
        for (dx, dy, len) in [(-6.0, 10.0, 26.0), (6.0, 0.0, 30.0), (-2.0, -10.0, 22.0)] {
            gust.spawn(sq(Color::srgba(1.0, 1.0, 1.0, 0.9), Vec2::new(len, 3.0), Vec3::new(dx, dy, 0.05)));
        }
    });
}

pub(super) fn dress_object(
    add: On<Add, PuzzleObject>,
    mut commands: Commands,
    objects: Query<&PuzzleObject>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(object) = objects.get(add.entity) else { return };
    let mut entity = commands.entity(add.entity);
    entity.insert(Visibility::default());
    match (object.kind, object.plank) {
        (Kind::Block, true) => {
            entity.with_children(plank_block);
        }
        (Kind::Block, false) => {
            entity.with_children(|parent| crate_block(parent, &shapes, &mut materials));
        }
        (Kind::Statue, _) => {
            let fire = object.element != Some(Element::Wind);
            entity.with_children(|parent| statue(parent, fire, &shapes, &mut materials));
        }
        (Kind::Door, _) => {
            entity.with_children(door);
        }
        (Kind::Gate, _) => {
            entity.with_children(gate);
        }
        (Kind::Lever, _) => {
            entity.with_children(|parent| lever(parent, &shapes, &mut materials));
        }
    }
    name_tag(&mut commands, add.entity, object.name.clone());
}

/// A plank over water: a long board with three slats, turning as the block rotates.
fn plank_block(parent: &mut ChildSpawnerCommands<'_>) {
    let c = CELL;
    parent.spawn((Part::Turn, Transform::default(), Visibility::default())).with_children(|plank| {
        plank.spawn(sq(CRATE_DARK, Vec2::new(c * 0.56, c * 2.9), Vec3::ZERO));
        plank.spawn(sq(PLANK, Vec2::new(c * 0.46, c * 2.8), Vec3::new(0.0, 0.0, 0.05)));
        for dy in [-c, 0.0, c] {
            plank.spawn(sq(CRATE_DARK, Vec2::new(c * 0.46, 2.0), Vec3::new(0.0, dy + c * 0.45, 0.1)));
        }
    });
}

/// A crate with its shadow, two slats and a tomato on top.
fn crate_block(parent: &mut ChildSpawnerCommands<'_>, shapes: &Shapes, materials: &mut Assets<ColorMaterial>) {
    let c = CELL;
    let tomato = materials.add(Color::srgb(0.88, 0.22, 0.18));
    let leaf = materials.add(Color::srgb(0.3, 0.62, 0.25));
    parent.spawn(sq(Color::srgba(0.2, 0.1, 0.05, 0.25), Vec2::splat(c * 0.84), Vec3::new(3.0, -4.0, -0.1)));
    parent.spawn(sq(CRATE_DARK, Vec2::splat(c * 0.84), Vec3::ZERO));
    parent.spawn(sq(CRATE, Vec2::splat(c * 0.7), Vec3::new(0.0, 0.0, 0.05)));
    for dy in [-c * 0.18, c * 0.18] {
        parent.spawn(sq(CRATE_DARK, Vec2::new(c * 0.7, 3.0), Vec3::new(0.0, dy, 0.1)));
    }
    parent.spawn(shape(&shapes.circle, tomato, Vec3::new(0.0, 0.0, 0.2), Vec2::splat(c * 0.15)));
    parent.spawn(shape(&shapes.circle, leaf, Vec3::new(2.0, c * 0.13, 0.25), Vec2::new(4.0, 2.5)));
}

/// A stone statue whose head (fire or wind coloured) turns to face where it breathes.
fn statue(parent: &mut ChildSpawnerCommands<'_>, fire: bool, shapes: &Shapes, materials: &mut Assets<ColorMaterial>) {
    let c = CELL;
    let head = materials.add(if fire { FIRE } else { WIND });
    let stone = materials.add(STONE);
    let dark = materials.add(Color::srgb(0.45, 0.43, 0.42));
    let eye = materials.add(palette::EYE);
    let pupil = materials.add(palette::PUPIL);
    parent.spawn(shape(&shapes.circle, dark, Vec3::new(0.0, -2.0, 0.0), Vec2::splat(c * 0.44)));
    parent.spawn(shape(&shapes.circle, stone, Vec3::new(0.0, 0.0, 0.05), Vec2::splat(c * 0.4)));
    parent.spawn((Part::Turn, Transform::from_xyz(0.0, 0.0, 0.1), Visibility::default())).with_children(|turn| {
        // The mouth points along the facing (drawn facing up).
        turn.spawn(shape(&shapes.triangle, head.clone(), Vec3::new(0.0, c * 0.16, 0.0), Vec2::new(c * 0.42, c * 0.34)));
        turn.spawn(shape(&shapes.circle, head, Vec3::new(0.0, 0.0, 0.05), Vec2::splat(c * 0.27)));
        for x in [-5.0, 5.0] {
            turn.spawn(shape(&shapes.circle, eye.clone(), Vec3::new(x, 3.0, 0.1), Vec2::splat(4.0)));
            turn.spawn(shape(&shapes.circle, pupil.clone(), Vec3::new(x, 4.5, 0.15), Vec2::splat(2.0)));
        }
    });
}

/// A door between two posts: shut, a wooden door with a gold handle; open, a thin leaf aside.
fn door(parent: &mut ChildSpawnerCommands<'_>) {
    let c = CELL;
    for dx in [-c * 0.43, c * 0.43] {
        parent.spawn(sq(WALL, Vec2::new(c * 0.14, c), Vec3::new(dx, 0.0, 0.0)));
    }
    parent.spawn((Part::DoorShut, Transform::from_xyz(0.0, 0.0, 0.05), Visibility::default())).with_children(|door| {
        door.spawn(sq(CRATE_DARK, Vec2::new(c * 0.74, c * 0.94), Vec3::ZERO));
        door.spawn(sq(DOOR, Vec2::new(c * 0.64, c * 0.84), Vec3::new(0.0, 0.0, 0.05)));
        door.spawn(sq(CRATE_DARK, Vec2::new(c * 0.5, 3.0), Vec3::new(0.0, c * 0.18, 0.1)));
        door.spawn(sq(GOLD, Vec2::splat(6.0), Vec3::new(c * 0.22, -2.0, 0.1)));
    });
    parent.spawn((Part::DoorOpen, Transform::from_xyz(0.0, 0.0, 0.05), Visibility::Hidden)).with_children(|open| {
        open.spawn(sq(DOOR, Vec2::new(c * 0.12, c * 0.9), Vec3::new(-c * 0.3, 0.0, 0.0)));
    });
}

/// A gate in hazard stripes: its bars down, or pushed aside once it is stopped open.
fn gate(parent: &mut ChildSpawnerCommands<'_>) {
    let c = CELL;
    for (i, dx) in [-c * 0.36, -c * 0.12, c * 0.12, c * 0.36].into_iter().enumerate() {
        let stripe = if i % 2 == 0 { HAZARD } else { Color::srgb(0.15, 0.15, 0.17) };
        parent.spawn(sq(stripe, Vec2::new(c * 0.24, 6.0), Vec3::new(dx, -c * 0.44, 0.0)));
        parent.spawn(sq(stripe, Vec2::new(c * 0.24, 6.0), Vec3::new(dx, c * 0.44, 0.0)));
    }
    parent.spawn((Part::Bars, Transform::from_xyz(0.0, 0.0, 0.05), Visibility::default())).with_children(|bars| {
        for dx in [-c * 0.3, -c * 0.1, c * 0.1, c * 0.3] {
            bars.spawn(sq(GATE, Vec2::new(5.0, c * 0.82), Vec3::new(dx, 0.0, 0.0)));
        }
        bars.spawn(sq(GATE, Vec2::new(c * 0.8, 4.0), Vec3::new(0.0, 0.0, 0.02)));
    });
    parent.spawn((Part::BarsStopped, Transform::from_xyz(0.0, 0.0, 0.05), Visibility::Hidden)).with_children(|bars| {
        for dx in [-c * 0.42, -c * 0.36] {
            bars.spawn(sq(METAL_DARK, Vec2::new(4.0, c * 0.82), Vec3::new(dx, 0.0, 0.0)));
        }
    });
}

/// A lever on a metal plate, its stick and red knob turning as it is pulled.
fn lever(parent: &mut ChildSpawnerCommands<'_>, shapes: &Shapes, materials: &mut Assets<ColorMaterial>) {
    let c = CELL;
    let knob = materials.add(Color::srgb(0.85, 0.15, 0.15));
    parent.spawn(sq(METAL_DARK, Vec2::splat(c * 0.5), Vec3::ZERO));
    parent.spawn(sq(METAL, Vec2::splat(c * 0.4), Vec3::new(0.0, 0.0, 0.05)));
    parent.spawn((Part::Turn, Transform::from_xyz(0.0, 0.0, 0.1), Visibility::default())).with_children(|stick| {
        stick.spawn(sq(Color::srgb(0.25, 0.25, 0.28), Vec2::new(5.0, c * 0.38), Vec3::new(0.0, c * 0.19, 0.0)));
        stick.spawn(shape(&shapes.circle, knob, Vec3::new(0.0, c * 0.38, 0.05), Vec2::splat(6.0)));
    });
}

/// An object's name, as the code calls it, on a tag that follows the object.
fn name_tag(commands: &mut Commands, target: Entity, name: String) {
    commands.spawn((
        NameTag(target),
        PuzzlePiece,
        crate::modes::puzzle::spawn::WorldPiece,
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::axes(px(6), px(1)),
            border_radius: BorderRadius::all(px(5)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.16, 0.13, 0.12, 0.78)),
        Visibility::Hidden,
        children![(Text::new(name), TextFont::from_font_size(13.0), TextColor(Color::srgb(0.45, 0.82, 0.8)))],
    ));
}

pub(super) fn dress_reward(
    add: On<Add, RewardMark>,
    mut commands: Commands,
    rewards: Query<&RewardMark>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Ok(reward) = rewards.get(add.entity) else { return };
    let gold = materials.add(GOLD);
    let dark = materials.add(Color::srgb(0.6, 0.42, 0.08));
    commands.entity(add.entity).insert(Visibility::Hidden).with_children(|parent| match reward.kind {
        RewardKind::Key => {
            parent.spawn(shape(&shapes.ring, gold.clone(), Vec3::new(-8.0, 0.0, 0.0), Vec2::splat(8.0)));
            parent.spawn(shape(&shapes.circle, dark, Vec3::new(-8.0, 0.0, -0.05), Vec2::splat(8.5)));
            parent.spawn(sq(GOLD, Vec2::new(18.0, 4.0), Vec3::new(6.0, 0.0, 0.0)));
            parent.spawn(sq(GOLD, Vec2::new(3.0, 7.0), Vec3::new(10.0, -4.0, 0.0)));
            parent.spawn(sq(GOLD, Vec2::new(3.0, 5.0), Vec3::new(14.0, -3.0, 0.0)));
        }
        RewardKind::Scroll => {
            parent.spawn(sq(Color::srgb(0.98, 0.92, 0.74), Vec2::new(22.0, 26.0), Vec3::ZERO));
            for dy in [-13.0, 13.0] {
                parent.spawn(sq(Color::srgb(0.85, 0.72, 0.48), Vec2::new(28.0, 6.0), Vec3::new(0.0, dy, 0.05)));
            }
            for dy in [-5.0, 0.0, 5.0] {
                parent.spawn(sq(Color::srgb(0.6, 0.5, 0.4), Vec2::new(14.0, 1.5), Vec3::new(0.0, dy, 0.05)));
            }
        }
        // A secret door shows on its wall tile.
        RewardKind::Door => {}
    });
}

pub(super) fn dress_player(
    add: On<Add, PuzzlePlayer>,
    mut commands: Commands,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    dress_chef(&mut commands, add.entity, Vec2::splat(CELL * 0.62), scheme.player, &shapes, &mut materials);
}

/// An object's mark: a dashed square just inside its tile, under the object when it stands on it.
pub(super) fn dress_mark(add: On<Add, crate::modes::puzzle::spawn::HomeMark>, mut commands: Commands) {
    let ink = Color::srgba(0.25, 0.18, 0.14, 0.75);
    let half = CELL * 0.5 - 5.0;
    commands.entity(add.entity).insert(Visibility::default()).with_children(|parent| {
        // Three dashes a side, the corners included.
        for k in [-1.0, 0.0, 1.0] {
            let along = k * half * 0.8;
            for (at, size) in [
                (Vec3::new(along, half, 0.0), Vec2::new(8.0, 3.0)),
                (Vec3::new(along, -half, 0.0), Vec2::new(8.0, 3.0)),
                (Vec3::new(half, along, 0.0), Vec2::new(3.0, 8.0)),
                (Vec3::new(-half, along, 0.0), Vec2::new(3.0, 8.0)),
            ] {
                parent.spawn(sq(ink, size, at));
            }
        }
    });
}
