//! Zone dungeon on screen: tiles tinted by their zone's theme, the puzzles' objects (levers that
//! flip, crates, plates that light up, stations, hungry guards who step aside, the feast table),
//! items, food, hazards and the chef, with a camera that follows. The HUD pieces (minimap,
//! inventory strip, banner, hints) are in [`super::hud`]. Only the windowed game adds this.

use bevy::prelude::*;
use seedfeast_procgen::dungeon::ObjectKind;

use crate::feel::decor::Decor;
use crate::palette::{self, Scheme};
use crate::visuals::{Shapes, dress_chef, shape};

use super::spawn::{
    AtCell, CELL, DungeonHazard, DungeonItem, DungeonObject, DungeonPiece, DungeonPlayer, DungeonTile, to_world,
};
use super::{DungeonRun, hud};

mod object_art;
mod show;
mod tile_art;
mod wear;

/// Adds the Zone dungeon's visuals (the table of modes calls it for the windowed game).
pub fn add(app: &mut App) {
    app.add_systems(
        Update,
        (dress_tiles, dress_objects, dress_items, dress_hazards, dress_player, add_backdrop)
            .run_if(resource_exists::<DungeonRun>),
    )
    .add_systems(
        PostUpdate,
        (show::follow_player, show::show_bars, show::show_objects, show::show_items, show::glide_crates)
            .run_if(resource_exists::<DungeonRun>)
            .before(TransformSystems::Propagate),
    );
    hud::add(app);
}

/// An RGB triple as a colour.
pub fn rgb((r, g, b): (u8, u8, u8)) -> Color {
    Color::srgb_u8(r, g, b)
}

/// `c` moved `t` of the way towards `to` (sRGB components).
pub fn shade(c: (u8, u8, u8), to: (f32, f32, f32), t: f32) -> Color {
    let mix = |a: u8, b: f32| (a as f32 / 255.0) * (1.0 - t) + b * t;
    Color::srgb(mix(c.0, to.0), mix(c.1, to.1), mix(c.2, to.2))
}

const WHITE: (f32, f32, f32) = (1.0, 1.0, 1.0);
const DARK: (f32, f32, f32) = (0.16, 0.10, 0.08);
const WOOD: Color = Color::srgb(0.55, 0.34, 0.18);
const WOOD_DARK: Color = Color::srgb(0.36, 0.21, 0.11);
const IRON: Color = Color::srgb(0.24, 0.22, 0.25);
/// Gold trim: a locked door's lock, a dish on the table, an item's sparkle. (A pressed plate or a
/// solved station lights up in the scheme's `lit`, gold in the standard scheme.)
const GOLD: Color = Color::srgb(0.98, 0.78, 0.22);
const BACKDROP: Color = Color::srgb(0.13, 0.09, 0.07);

/// The colours items are drawn in, chosen by their name so an item looks the same everywhere.
const ITEM_COLOURS: [Color; 8] = [
    Color::srgb(0.91, 0.33, 0.27),
    Color::srgb(0.98, 0.66, 0.15),
    Color::srgb(0.45, 0.75, 0.25),
    Color::srgb(0.25, 0.6, 0.9),
    Color::srgb(0.7, 0.4, 0.85),
    Color::srgb(0.95, 0.45, 0.65),
    Color::srgb(0.2, 0.7, 0.65),
    Color::srgb(0.85, 0.75, 0.3),
];

/// An item's colour (a fixed hash of its name: the same in the world and in the bag).
pub(crate) fn item_colour(name: &str) -> Color {
    let hash = name.bytes().fold(2166136261u32, |h, b| (h ^ b as u32).wrapping_mul(16777619));
    ITEM_COLOURS[(hash % ITEM_COLOURS.len() as u32) as usize]
}

/// Bars in a gate or a locked door's leaf, hidden once it opens.
#[derive(Component)]
struct Bars(crate::grid_move::Cell);

/// A lever's handle (object index): it flips when thrown.
#[derive(Component)]
struct LeverHandle(usize);

/// A plate's top (object index): it lights up under its crate.
#[derive(Component)]
struct PlateTop(usize);

/// A station's pot (object index): it glows once it has cooked.
#[derive(Component)]
struct StationPot(usize);

/// A guard (object index): steps aside once fed.
#[derive(Component)]
struct GuardLook(usize);

/// A guard's mouth: a frown until fed.
#[derive(Component)]
struct GuardMouth(usize);

fn zone_colour(run: &DungeonRun, zone: usize) -> (u8, u8, u8) {
    run.play.dungeon.zones.get(zone).map_or((200, 180, 150), |z| z.colour)
}

/// A dark ground under the dungeon, once per dungeon (when its player appears).
fn add_backdrop(mut commands: Commands, run: Res<DungeonRun>, players: Query<(), Added<DungeonPlayer>>) {
    if players.is_empty() {
        return;
    }
    let d = &run.play.dungeon;
    let (w, h) = (d.width as f32 * CELL, d.height as f32 * CELL);
    let centre = to_world((d.width as f32 - 1.0) / 2.0, (d.height as f32 - 1.0) / 2.0);
    commands.spawn((
        DungeonPiece,
        DespawnOnExit(crate::state::Screen::Playing),
        Sprite::from_color(BACKDROP, Vec2::new(w + 60.0 * CELL, h + 60.0 * CELL)),
        Transform::from_translation(centre.extend(-10.0)),
    ));
}

/// Dresses each new tile by its kind (see `tile_art`).
fn dress_tiles(
    mut commands: Commands,
    run: Res<DungeonRun>,
    session: Res<crate::session::Session>,
    tiles: Query<(Entity, &DungeonTile, &AtCell), Added<DungeonTile>>,
) {
    // The dungeon's own number: each dungeon of a seed wears its own way, and the same one the
    // same way however the run reached it (from the start or from a link's level).
    let decor = Decor::new(session.seed.0, run.dungeon_number());
    for (entity, tile, at) in &tiles {
        tile_art::dress_tile(&mut commands.entity(entity), &run, &decor, tile, at.0);
    }
}

/// Dresses each new puzzle object by its kind (see `object_art`).
fn dress_objects(
    mut commands: Commands,
    run: Res<DungeonRun>,
    objects: Query<(Entity, &DungeonObject, &AtCell), Added<DungeonObject>>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let d = &run.play.dungeon;
    for (entity, object, at) in &objects {
        let o = &d.objects[object.0];
        let zone = super::spawn::zone_at(&run.play, at.0);
        let c = zone_colour(&run, zone);
        object_art::dress_object(&mut commands.entity(entity), &o.kind, object.0, c, &shapes, &mut materials);
    }
}

fn dress_items(
    mut commands: Commands,
    run: Res<DungeonRun>,
    items: Query<(Entity, &DungeonItem), Added<DungeonItem>>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (entity, item) in &items {
        let name = &run.play.dungeon.items[item.0].name;
        let colour = item_colour(name);
        commands.entity(entity).insert(Visibility::default()).with_children(|p| {
            p.spawn(shape(&shapes.circle, materials.add(Color::WHITE), Vec3::ZERO, Vec2::splat(15.0)));
            p.spawn(shape(&shapes.circle, materials.add(colour), Vec3::new(0.0, 0.0, 0.1), Vec2::splat(11.0)));
            p.spawn(shape(
                &shapes.circle,
                materials.add(Color::srgba(1.0, 1.0, 1.0, 0.7)),
                Vec3::new(-4.0, 4.0, 0.2),
                Vec2::splat(3.5),
            ));
            // A sparkle above it.
            p.spawn((
                Sprite::from_color(GOLD, Vec2::splat(6.0)),
                Transform::from_xyz(12.0, 12.0, 0.3).with_rotation(Quat::from_rotation_z(0.785)),
            ));
        });
    }
}

fn dress_hazards(
    mut commands: Commands,
    hazards: Query<Entity, Added<DungeonHazard>>,
    shapes: Res<Shapes>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for entity in &hazards {
        let red = materials.add(Color::srgb(0.82, 0.16, 0.14));
        commands
            .entity(entity)
            .insert((Sprite::from_color(Color::srgb(0.35, 0.3, 0.3), Vec2::splat(CELL * 0.7)), Visibility::default()))
            .with_children(|p| {
                p.spawn((
                    Sprite::from_color(Color::srgb(0.62, 0.6, 0.58), Vec2::splat(CELL * 0.56)),
                    Transform::from_xyz(0.0, 0.0, 0.05),
                ));
                for (x, y) in [(-9.0, -9.0), (9.0, -9.0), (-9.0, 6.0), (9.0, 6.0), (0.0, -2.0)] {
                    p.spawn(shape(&shapes.triangle, red.clone(), Vec3::new(x, y, 0.1), Vec2::splat(10.0)));
                }
            });
    }
}

fn dress_player(
    mut commands: Commands,
    players: Query<Entity, Added<DungeonPlayer>>,
    shapes: Res<Shapes>,
    scheme: Res<Scheme>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for entity in &players {
        dress_chef(&mut commands, entity, Vec2::splat(CELL * 0.66), scheme.player, &shapes, &mut materials);
    }
}
