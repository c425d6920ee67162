//! The wave's moving threats in play (issue #45): spawned from the wave procgen made, moved once
//! a fixed step (a pan by its path at the wave's step, a pursuer a step towards the player), and
//! touching one costs a life as a hot pan does. Their places are hashed with the run's state, so
//! a replay re-plays them to the bit.

use bevy::prelude::*;
use seedfeast_procgen::arena::{ArenaWave, Motion, Point, pursue};

use super::{ArenaPlayer, ArenaRun, GRACE, WavePiece, to_world};
use crate::data::GameData;
use crate::replay::HashedPlace;
use crate::sound::Sfx;
use crate::state::Screen;

/// A threat of the current wave: its motion (from the level) and where it is, arena coordinates.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct ArenaThreat {
    /// Its place in the wave's list of threats.
    pub index: u32,
    pub motion: Motion,
    pub radius: f32,
    pub at: Vec2,
}

/// Where a threat moving by `motion` and now at `at` is after `step` (the wave's step it moves
/// to), for a player at `player`: the one rule the game, and a bot looking ahead, move it by.
pub fn step_motion(motion: &Motion, at: Vec2, step: u32, player: Vec2) -> Vec2 {
    match *motion {
        Motion::Pursuer { speed, delay, .. } => to_vec(pursue(to_point(at), to_point(player), speed, step, delay)),
        ref path => to_vec(path.at(step)),
    }
}

fn to_vec(p: Point) -> Vec2 {
    Vec2::new(p.x, p.y)
}

fn to_point(v: Vec2) -> Point {
    Point { x: v.x, y: v.y }
}

/// Spawns a wave's threats at their places at the wave's step 0.
pub(crate) fn spawn_threats(commands: &mut Commands, wave: &ArenaWave) {
    for (index, threat) in wave.threats.iter().enumerate() {
        let at = to_vec(threat.motion.at(0));
        commands.spawn((
            ArenaThreat { index: index as u32, motion: threat.motion.clone(), radius: threat.radius, at },
            HashedPlace { order: index as u32, at },
            WavePiece,
            DespawnOnExit(Screen::Playing),
            Transform::from_translation(to_world(wave, at.x, at.y).extend(1.5)),
        ));
    }
}

/// One step of every threat: the wave's clock moves on, each threat to its next place.
pub(crate) fn move_threats(
    mut run: ResMut<ArenaRun>,
    player: Single<&ArenaPlayer>,
    mut threats: Query<(&mut ArenaThreat, &mut HashedPlace)>,
) {
    run.wave_steps = run.wave_steps.saturating_add(1);
    let step = run.wave_steps;
    for (mut threat, mut place) in &mut threats {
        threat.at = step_motion(&threat.motion, threat.at, step, player.at);
        place.at = threat.at;
    }
}

/// What a hit by each kind says when it ends the run.
fn cause(motion: &Motion) -> &'static str {
    match motion {
        Motion::Slide { .. } => "Burnt by a sliding pan!",
        Motion::Patrol { .. } => "Burnt by a patrolling pan!",
        Motion::Bounce { .. } => "Burnt by a bouncing pan!",
        Motion::Pursuer { .. } => "Stung by a wasp!",
    }
}

/// A touch costs a life and starts the grace, as a hot pan does (after the pans' own check, so a
/// step never costs two lives).
pub(crate) fn touch_threats(
    data: Res<GameData>,
    mut run: ResMut<ArenaRun>,
    player: Single<&ArenaPlayer>,
    threats: Query<&ArenaThreat>,
    mut sfx: MessageWriter<Sfx>,
) {
    if run.grace > 0.0 || run.ended.is_some() {
        return;
    }
    // In the wave's order, so the cause named is the same on every re-play.
    let mut touching: Vec<&ArenaThreat> = threats
        .iter()
        .filter(|t| {
            let reach = data.arena.player_radius + t.radius;
            // Squared: no square root decides a touch.
            player.at.distance_squared(t.at) < reach * reach
        })
        .collect();
    touching.sort_by_key(|t| t.index);
    let Some(threat) = touching.first() else { return };
    run.lives = run.lives.saturating_sub(1);
    run.grace = GRACE;
    sfx.write(Sfx::Hit);
    if run.lives == 0 {
        run.ended = Some(cause(&threat.motion).into());
    }
}

/// The drawn places follow the logical ones, once a step after the hash.
pub(crate) fn place_threats(run: Res<ArenaRun>, mut threats: Query<(&ArenaThreat, &mut Transform)>) {
    for (threat, mut transform) in &mut threats {
        transform.translation = to_world(&run.wave, threat.at.x, threat.at.y).extend(transform.translation.z);
    }
}
