//! The dungeon's own HUD, under the shared one: a minimap of the rooms visited (tinted by zone,
//! the chef's dot on it), the bag's inventory strip, the banner when a zone opens, and the hint
//! about what a touched puzzle needs. Windowed game only; everything it shows is decided by the
//! rules in the fixed step.

use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use seedfeast_procgen::dungeon::{ObjectKind, Tile};

use crate::palette::{self, Scheme};
use crate::run::RunStart;
use crate::session::playing;
use crate::state::Screen;

use super::visuals::item_colour;
use super::{DungeonRun, MODE};

/// The minimap's longest side on screen, in UI pixels.
const MAP_SIDE: f32 = 210.0;

pub fn add(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_hud.after(RunStart::Mode).run_if(playing(&MODE))).add_systems(
        Update,
        (draw_minimap, move_dot, show_bag, show_banner, show_hint).run_if(resource_exists::<DungeonRun>),
    );
}

#[derive(Component)]
struct MapImage;
#[derive(Component)]
struct MapDot;
#[derive(Component)]
struct MapTitle;
#[derive(Component)]
struct Bag;
#[derive(Component)]
struct BannerBox;
#[derive(Component)]
struct BannerTitle;
#[derive(Component)]
struct BannerSubtitle;
#[derive(Component)]
struct HintBox;
#[derive(Component)]
struct HintText;

fn label(content: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Text::new(content), TextFont::from_font_size(size), TextColor(colour))
}

/// The dungeon's HUD, spawned on entering play: the minimap, the bag, the banner and the hint.
fn spawn_hud(mut commands: Commands, scheme: Res<Scheme>) {
    spawn_minimap(&mut commands, scheme.player);
    spawn_bag(&mut commands);
    spawn_banner(&mut commands);
    spawn_hint(&mut commands);
}

/// The minimap, bottom right: its title, the map's image and the chef's dot in `player`'s colour.
fn spawn_minimap(commands: &mut Commands, player: Color) {
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            right: px(18),
            bottom: px(18),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(4),
            padding: UiRect::all(px(10)),
            border_radius: BorderRadius::all(px(12)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.12, 0.08, 0.06, 0.94)),
        children![
            (MapTitle, label("Map", 16.0, Color::srgb(0.98, 0.9, 0.78))),
            (
                MapImage,
                ImageNode::default(),
                Node { width: px(MAP_SIDE), height: px(MAP_SIDE), ..default() },
                BackgroundColor(Color::srgb(0.2, 0.15, 0.12)),
                children![(
                    MapDot,
                    Node {
                        position_type: PositionType::Absolute,
                        width: px(9),
                        height: px(9),
                        border: UiRect::all(px(2)),
                        border_radius: BorderRadius::all(px(5)),
                        ..default()
                    },
                    BorderColor::all(Color::WHITE),
                    BackgroundColor(player),
                )],
            ),
        ],
    ));
}

/// The bag, bottom left: the keys' reminder over the inventory strip.
fn spawn_bag(commands: &mut Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            left: px(18),
            bottom: px(18),
            flex_direction: FlexDirection::Column,
            row_gap: px(6),
            padding: UiRect::axes(px(14), px(10)),
            border_radius: BorderRadius::all(px(12)),
            max_width: px(760),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        children![
            label("E: use   Q: quick travel to a zone you have seen", 15.0, palette::TEXT_DIM),
            (
                Bag,
                Node {
                    flex_direction: FlexDirection::Row,
                    flex_wrap: FlexWrap::Wrap,
                    column_gap: px(8),
                    row_gap: px(6),
                    ..default()
                },
            ),
        ],
    ));
}

/// The banner, across the top third: hidden until a zone opens.
fn spawn_banner(commands: &mut Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            top: px(118),
            justify_content: JustifyContent::Center,
            ..default()
        },
        children![(
            BannerBox,
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::axes(px(42), px(12)),
                border_radius: BorderRadius::all(px(16)),
                border: UiRect::all(px(4)),
                ..default()
            },
            BorderColor::all(Color::WHITE),
            BackgroundColor(palette::ACCENT),
            Visibility::Hidden,
            children![(BannerTitle, label("", 46.0, Color::WHITE)), (BannerSubtitle, label("", 22.0, Color::WHITE)),],
        )],
    ));
}

/// The hint, above the bag: hidden until a touched puzzle needs something.
fn spawn_hint(commands: &mut Commands) {
    commands.spawn((
        DespawnOnExit(Screen::Playing),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            bottom: px(118),
            justify_content: JustifyContent::Center,
            ..default()
        },
        children![(
            HintBox,
            Node { padding: UiRect::axes(px(18), px(9)), border_radius: BorderRadius::all(px(12)), ..default() },
            BackgroundColor(palette::PANEL),
            Visibility::Hidden,
            children![(HintText, label("", 22.0, palette::TEXT))],
        )],
    ));
}

/// What the minimap shows: redrawn only when one of these changes.
#[derive(Default, PartialEq, Clone)]
struct MapState {
    dungeon: u32,
    width: usize,
    visited: Vec<bool>,
    open: Vec<bool>,
    taken: usize,
}

/// Pixels per tile are 1 (scaled up on screen); each visited room's tiles in its zone's colour,
/// doorways, bridge doors (the scheme's `map_locked` shut, `map_open` open: red and green, or
/// vermillion and sky blue), and the feast table once seen.
fn draw_minimap(
    run: Res<DungeonRun>,
    scheme: Res<Scheme>,
    mut images: ResMut<Assets<Image>>,
    mut map: Query<(&mut ImageNode, &mut Node), With<MapImage>>,
    mut drawn: Local<MapState>,
) {
    let play = &run.play;
    let d = &play.dungeon;
    let state = MapState {
        dungeon: d.dungeon,
        width: d.width,
        visited: play.visited.clone(),
        open: play.open.clone(),
        taken: play.taken.iter().filter(|&&t| t).count(),
    };
    let Ok((mut node_image, mut node)) = map.single_mut() else { return };
    if *drawn == state && node_image.image != Handle::default() {
        return;
    }
    let size = Extent3d { width: d.width as u32, height: d.height as u32, depth_or_array_layers: 1 };
    let mut image = Image::new_fill(
        size,
        TextureDimension::D2,
        &[0, 0, 0, 0],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    );
    image.sampler = ImageSampler::nearest();
    let put = |image: &mut Image, (x, y): (usize, usize), rgba: [u8; 4]| {
        if let Ok(pixel) = image.pixel_bytes_mut(UVec3::new(x as u32, y as u32, 0)) {
            pixel.copy_from_slice(&rgba);
        }
    };
    for room in d.rooms.iter().filter(|r| play.visited[r.id]) {
        let (r, g, b) = d.zones[room.zone].colour;
        for &cell in &room.cells {
            let solid = matches!(d.tile(cell), Tile::Pillar | Tile::Gate);
            let rgba = if solid { [r / 2, g / 2, b / 2, 255] } else { [r, g, b, 255] };
            put(&mut image, cell, rgba);
        }
    }
    for door in &d.doors {
        if !(play.visited[door.a] || play.visited[door.b]) {
            continue;
        }
        let rgba = match door.locked_by {
            Some(n) if play.open[n] => scheme.map_open.to_srgba().to_u8_array(),
            Some(_) => scheme.map_locked.to_srgba().to_u8_array(),
            None => [255, 244, 220, 255],
        };
        put(&mut image, door.cell, rgba);
    }
    for object in &d.objects {
        let room = d.nodes[object.node].room;
        if play.visited[room] && matches!(object.kind, ObjectKind::Table) {
            put(&mut image, object.cell, [255, 210, 40, 255]);
        }
    }
    for item in &d.items {
        if play.item_lying(item.cell) == Some(item.id) && room_seen(&run, item.cell) {
            put(&mut image, item.cell, [255, 255, 255, 255]);
        }
    }
    let scale = MAP_SIDE / d.width.max(d.height) as f32;
    node.width = px(d.width as f32 * scale);
    node.height = px(d.height as f32 * scale);
    node_image.image = images.add(image);
    *drawn = state;
}

fn room_seen(run: &DungeonRun, cell: (usize, usize)) -> bool {
    run.play.room_of(cell).is_some_and(|r| run.play.visited[r])
}

fn move_dot(run: Res<DungeonRun>, mut dot: Query<&mut Node, With<MapDot>>) {
    let d = &run.play.dungeon;
    let (x, y) = run.walker.mover.position();
    for mut node in &mut dot {
        node.left = percent((x + 0.5) / d.width as f32 * 100.0 - 2.0);
        node.top = percent((y + 0.5) / d.height as f32 * 100.0 - 2.0);
    }
}

/// One chip per item in the bag: its colour and name.
fn show_bag(
    mut commands: Commands,
    run: Res<DungeonRun>,
    bag: Query<Entity, With<Bag>>,
    mut shown: Local<Option<(u32, Vec<usize>)>>,
) {
    let Ok(bag) = bag.single() else { return };
    let now = (run.dungeon_number(), run.play.held.clone());
    if shown.as_ref() == Some(&now) {
        return;
    }
    commands.entity(bag).despawn_children();
    commands.entity(bag).with_children(|strip| {
        if run.play.held.is_empty() {
            strip.spawn(label("Bag: empty", 18.0, palette::TEXT_DIM));
        } else {
            strip.spawn(label("Bag:", 18.0, palette::TEXT));
        }
        for &id in &run.play.held {
            let name = &run.play.dungeon.items[id].name;
            strip.spawn((
                Node {
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(6),
                    padding: UiRect::axes(px(8), px(3)),
                    border_radius: BorderRadius::all(px(10)),
                    ..default()
                },
                BackgroundColor(palette::BUTTON),
                children![
                    (
                        Node {
                            width: px(14),
                            height: px(14),
                            border: UiRect::all(px(2)),
                            border_radius: BorderRadius::all(px(7)),
                            ..default()
                        },
                        BorderColor::all(Color::WHITE),
                        BackgroundColor(item_colour(name)),
                    ),
                    label(name.clone(), 17.0, palette::TEXT),
                ],
            ));
        }
    });
    *shown = Some(now);
}

/// The banner that opens a dungeon waits out the countdown, whose card sits where it would.
fn show_banner(
    run: Res<DungeonRun>,
    countdown: Option<Res<crate::run::Countdown>>,
    mut boxes: Query<(&mut Visibility, &mut BackgroundColor), With<BannerBox>>,
    mut title: Query<&mut Text, (With<BannerTitle>, Without<BannerSubtitle>)>,
    mut subtitle: Query<&mut Text, (With<BannerSubtitle>, Without<BannerTitle>)>,
) {
    let Ok((mut visibility, mut background)) = boxes.single_mut() else { return };
    match run.banner.as_ref().filter(|b| b.steps_left > 0 && countdown.is_none()) {
        Some(banner) => {
            *visibility = Visibility::Inherited;
            let (r, g, b) = banner.colour;
            let fade = (banner.steps_left as f32 / 30.0).min(1.0);
            let deep = |c: u8| c as f32 / 255.0 * 0.62;
            background.0 = Color::srgba(deep(r), deep(g), deep(b), 0.92 * fade);
            for mut text in &mut title {
                if text.0 != banner.title {
                    text.0.clone_from(&banner.title);
                }
            }
            for mut text in &mut subtitle {
                if text.0 != banner.subtitle {
                    text.0.clone_from(&banner.subtitle);
                }
            }
        }
        None => *visibility = Visibility::Hidden,
    }
}

fn show_hint(
    run: Res<DungeonRun>,
    mut boxes: Query<&mut Visibility, With<HintBox>>,
    mut texts: Query<&mut Text, With<HintText>>,
) {
    let Ok(mut visibility) = boxes.single_mut() else { return };
    match run.hint.as_ref().filter(|h| h.steps_left > 0) {
        Some(hint) => {
            *visibility = Visibility::Inherited;
            for mut text in &mut texts {
                if text.0 != hint.text {
                    text.0.clone_from(&hint.text);
                }
            }
        }
        None => *visibility = Visibility::Hidden,
    }
}
