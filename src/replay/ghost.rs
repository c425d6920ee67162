//! Racing a friend's ghost: a replay code (from a link's `ghost=`, `play --ghost`, or pasted on
//! the seed screen) is played in a headless copy of the game, one step for each of the live
//! run's, and its player is drawn as a translucent figure beside yours. It lives in its own world,
//! so it eats nothing and nothing touches it. At the end the scores are compared.

use bevy::prelude::*;
use seedfeast_procgen::replay::Replay;

use super::simulate::run_app;
use super::{Avatar, Playback, check_replay};
use crate::data::GameData;
use crate::mode::Modes;
use crate::run::{Gameplay, RunStage, RunStart, end_countdown};
use crate::session::{LastRun, Session};
use crate::state::Screen;
use crate::toast::Toast;

/// The replay to race: every run of its mode and seed has the ghost until another is chosen.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct GhostReplay(pub Replay);

impl GhostReplay {
    /// Whether this ghost ran the level `session` plays.
    pub fn races(&self, session: &Session) -> bool {
        self.0.mode == session.mode.key() && self.0.seed == session.seed && session.level.is_none()
    }
}

/// A ghost from a replay code or a link holding one (`--ghost`, a pasted link), or why not.
pub fn read_ghost(text: &str) -> Result<GhostReplay, String> {
    let code = super::code_in(text)?;
    Replay::decode(&code).map(GhostReplay).map_err(|error| format!("bad replay code: {error}"))
}

/// The shortest replay code there is (an empty run of a four-letter mode); unbroken text in the
/// code's alphabet at least this long is a replay code, not words someone chose as a seed.
const SHORTEST_CODE: usize = 44;

/// The ghost in pasted text: a link with `ghost=`, or a bare replay code. `None` when the text is
/// neither (a seed code, words, a level link without a ghost), so it is read as a seed. A damaged
/// replay code is reported as one, never hashed as free text into some other level.
pub(crate) fn pasted_ghost(text: &str) -> Option<Result<GhostReplay, String>> {
    let text = text.trim();
    if let Some(link) = seedfeast_procgen::link::parse_link(text) {
        return link.ghost.map(|code| read_ghost(&code));
    }
    let looks_like_code =
        text.len() >= SHORTEST_CODE && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    match Replay::decode(text) {
        Ok(replay) => Some(Ok(GhostReplay(replay))),
        Err(error) if looks_like_code => Some(Err(format!("bad replay code: {error}"))),
        Err(_) => None,
    }
}

/// The ghost a page's link carries in `ghost=`, if any.
pub fn ghost_in_link(query: &str) -> Result<Option<GhostReplay>, String> {
    match seedfeast_procgen::link::parse_link(query).and_then(|link| link.ghost) {
        Some(code) => read_ghost(&code).map(Some),
        None => Ok(None),
    }
}

impl GhostReplay {
    /// The level the ghost ran, to play it: its mode looked up in `modes`, or why it can't be.
    pub fn session(&self, modes: &Modes) -> Result<Session, String> {
        let mode = modes.by_key(&self.0.mode).ok_or_else(|| {
            format!("the replay is of a mode called \"{}\", which this version doesn't have", self.0.mode)
        })?;
        Ok(Session { mode, seed: self.0.seed, origin: None, daily: None, level: None })
    }
}

/// Where the ghost is now, in the live world's coordinates; `None` while it isn't on the live
/// player's level (another floor, wave or dungeon) or once its run is over.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct GhostPosition(pub Option<Vec2>);

/// The ghost's own headless game, stepped beside the live run (not `Send`: it holds an App).
struct GhostWorld {
    app: App,
    steps: u32,
    done: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GhostPosition>()
        .add_systems(OnEnter(Screen::Playing), start_ghost.after(RunStart::Mode))
        .add_systems(FixedUpdate, step_ghost.in_set(Gameplay::Record))
        .add_systems(OnExit(Screen::Playing), end_ghost)
        .add_systems(OnEnter(Screen::GameOver), judge_race.before(crate::save::record_result));
}

fn start_ghost(world: &mut World) {
    world.resource_mut::<GhostPosition>().0 = None;
    let Some(ghost) = world.get_resource::<GhostReplay>().cloned() else { return };
    if !ghost.races(world.resource::<Session>()) {
        return;
    }
    let Some(data) = world.get_resource::<GameData>().cloned() else { return };
    let mode = match check_replay(&ghost.0, &data, world.resource::<Modes>()) {
        Ok(mode) => mode,
        Err(error) => {
            world.remove_resource::<GhostReplay>();
            world.resource_mut::<Toast>().show(format!("No ghost this time: {error}."));
            return;
        }
    };
    let steps = ghost.0.inputs.len() as u32;
    let mut app = run_app(mode, ghost.0.seed, data);
    app.insert_resource(Playback { inputs: ghost.0.inputs.clone() });
    app.finish();
    app.cleanup();
    end_countdown(&mut app);
    world.insert_non_send(GhostWorld { app, steps, done: false });
}

/// One ghost step for each live one; the ghost shows while it is on the live player's level.
fn step_ghost(world: &mut World) {
    if !world.contains_non_send::<GhostWorld>() {
        return;
    }
    let live_stage = world.resource::<RunStage>().0;
    let Some(mut ghost) = world.remove_non_send::<GhostWorld>() else { return };
    if !ghost.done {
        ghost.app.update();
        let over = ghost.app.world().resource::<crate::run::RunOver>().decided
            || ghost.app.world().resource::<super::RunSteps>().0 >= ghost.steps;
        ghost.done = over;
    }
    let ghost_world = ghost.app.world_mut();
    let stage = ghost_world.resource::<RunStage>().0;
    let at = ghost_world
        .query_filtered::<&Transform, With<Avatar>>()
        .iter(ghost_world)
        .next()
        .map(|t| t.translation.truncate());
    let shown = at.filter(|_| !ghost.done && stage == live_stage);
    world.resource_mut::<GhostPosition>().0 = shown;
    world.insert_non_send(ghost);
}

fn end_ghost(world: &mut World) {
    world.remove_non_send::<GhostWorld>();
    world.resource_mut::<GhostPosition>().0 = None;
}

/// The race's result on the game-over screen.
fn judge_race(ghost: Option<Res<GhostReplay>>, session: Res<Session>, mut last: ResMut<LastRun>) {
    last.ghost = ghost.filter(|ghost| ghost.races(&session)).map(|ghost| race_line(last.score, ghost.0.score));
}

/// Both scores and who won: "You beat the ghost by 120: 450 to its 330!"
pub(crate) fn race_line(yours: u32, ghost: u32) -> String {
    match yours.cmp(&ghost) {
        std::cmp::Ordering::Greater => format!("You beat the ghost by {}: {yours} to its {ghost}!", yours - ghost),
        std::cmp::Ordering::Less => format!("The ghost beat you by {}: {ghost} to your {yours}.", ghost - yours),
        std::cmp::Ordering::Equal => format!("A dead heat with the ghost: {ghost} each."),
    }
}

/// The ghost as the player sees it: a pale copy of the live player's figure (its own sprite and
/// its children's sprites and shapes), where the ghost is, with a "ghost" tag over it, so it is
/// told from the player by a word as well as by its paleness (issue #29: colour vision).
pub fn add_visuals(app: &mut App) {
    app.add_systems(Update, draw_ghost.run_if(in_state(Screen::Playing)));
}

#[derive(Component)]
struct GhostFigure;

/// How opaque the ghost is.
const GHOST_ALPHA: f32 = 0.4;

fn draw_ghost(
    mut commands: Commands,
    at: Res<GhostPosition>,
    live: Query<(&Transform, Option<&Sprite>, Option<&Children>), (With<Avatar>, Without<GhostFigure>)>,
    parts: Parts,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut figure: Query<(&mut Transform, &mut Visibility), (With<GhostFigure>, Without<Avatar>)>,
) {
    let Ok((live_transform, live_sprite, live_children)) = live.single() else { return };
    let Ok((mut transform, mut visibility)) = figure.single_mut() else {
        if at.0.is_some() {
            let mut ghost =
                commands.spawn((GhostFigure, Transform::default(), Visibility::Hidden, DespawnOnExit(Screen::Playing)));
            if let Some(sprite) = live_sprite {
                ghost.insert(pale_sprite(sprite));
            }
            let figure = ghost.id();
            let copied = copy_parts(&mut commands, figure, live_children, &parts, &mut materials);
            if live_sprite.is_none() && copied == 0 {
                commands
                    .entity(figure)
                    .insert(Sprite::from_color(Color::WHITE.with_alpha(GHOST_ALPHA), Vec2::splat(26.0)));
            }
            commands.entity(figure).with_children(|ghost| {
                ghost.spawn(tag());
            });
        }
        return;
    };
    match at.0 {
        Some(position) => {
            // Just behind the live player, the same size.
            *transform =
                Transform { translation: position.extend(live_transform.translation.z - 0.5), ..*live_transform };
            *visibility = Visibility::Visible;
        }
        None => *visibility = Visibility::Hidden,
    }
}

type Parts<'w, 's> = Query<
    'w,
    's,
    (
        &'static Transform,
        Option<&'static Sprite>,
        Option<&'static Mesh2d>,
        Option<&'static MeshMaterial2d<ColorMaterial>>,
        Option<&'static Children>,
    ),
    Without<GhostFigure>,
>;

/// Copies the player's drawn parts, pale, under the ghost's `parent`, however deep they nest (a
/// body drawn as a puppet under the physics body, issue #34). Returns how many were drawn.
fn copy_parts(
    commands: &mut Commands,
    parent: Entity,
    children: Option<&Children>,
    parts: &Parts,
    materials: &mut Assets<ColorMaterial>,
) -> usize {
    let mut copied = 0;
    for child in children.into_iter().flatten() {
        let Ok((local, sprite, mesh, material, grandchildren)) = parts.get(*child) else { continue };
        let part = if let Some(sprite) = sprite {
            copied += 1;
            commands.spawn((pale_sprite(sprite), *local)).id()
        } else if let (Some(mesh), Some(material)) = (mesh, material) {
            let color = materials.get(&material.0).map_or(Color::WHITE, |m| m.color);
            let pale = materials.add(color.with_alpha(GHOST_ALPHA));
            copied += 1;
            commands.spawn((mesh.clone(), MeshMaterial2d(pale), *local)).id()
        } else {
            commands.spawn((*local, Visibility::default())).id()
        };
        commands.entity(parent).add_child(part);
        copied += copy_parts(commands, part, grandchildren, parts, materials);
    }
    copied
}

/// The word over the ghost, on a pale card so it reads on the Runner's sky and the tunnels' night.
#[derive(Component)]
pub struct GhostTag;

/// The tag's place over the ghost's centre, and its depth: under the live player (the ghost is
/// half a unit behind it, the tag a fifth of a unit in front of the ghost), so it never hides the
/// player, a pot or a piece of food drawn over the ghost.
const TAG_AT: Vec3 = Vec3::new(0.0, 30.0, 0.2);

fn tag() -> impl Bundle {
    let card = Sprite::from_color(crate::palette::PANEL.with_alpha(0.6), Vec2::new(50.0, 18.0));
    let word = (
        Text2d::new("ghost"),
        TextFont::from_font_size(13.0),
        TextColor(crate::palette::TEXT),
        Transform::from_xyz(0.0, 0.0, 0.01),
    );
    (GhostTag, card, Transform::from_translation(TAG_AT), children![word])
}

fn pale_sprite(sprite: &Sprite) -> Sprite {
    let mut pale = sprite.clone();
    pale.color = pale.color.with_alpha(GHOST_ALPHA);
    pale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_race_line_gives_both_scores_and_the_margin() {
        assert_eq!(race_line(450, 330), "You beat the ghost by 120: 450 to its 330!");
        assert_eq!(race_line(330, 450), "The ghost beat you by 120: 450 to your 330.");
        assert_eq!(race_line(7, 7), "A dead heat with the ghost: 7 each.");
        assert_eq!(race_line(0, u32::MAX), format!("The ghost beat you by {0}: {0} to your 0.", u32::MAX));
    }

    #[test]
    fn pasted_text_is_a_ghost_only_when_it_holds_a_replay() {
        assert!(pasted_ghost("pizza party").is_none());
        assert!(pasted_ghost("124MP-ANQ6N").is_none());
        assert!(pasted_ghost("https://example.org/?seed=124MP-ANQ6N&mode=maze").is_none());
        // Long unbroken code-alphabet text is a damaged code, said to be one.
        let damaged = pasted_ghost(&"A".repeat(60)).unwrap().unwrap_err();
        assert!(damaged.starts_with("bad replay code"), "{damaged}");
        let in_link = pasted_ghost("https://example.org/?seed=x&mode=runner&ghost=AAAA").unwrap().unwrap_err();
        assert!(in_link.starts_with("bad replay code"), "{in_link}");
    }
}
