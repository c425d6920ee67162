//! The Food Tunnel's treats in play: one between each two gates, laid with the gate after it
//! (procgen's [`treat_before`], from the seed), eaten when the flyer's body touches it in the
//! fixed step, each worth [`TREAT_POINTS`]. The Flying tunnel has none. Drawn by `visuals`.

use bevy::prelude::*;
use seedfeast_procgen::tunnel::Gate;
use seedfeast_procgen::tunnel::treats::{TREAT_POINTS, TREAT_RADIUS, Treat, treat_before};

use crate::data::GameData;
use crate::modes::tunnel::{Flyer, KEEP_BEHIND, TunnelRun, to_world};
use crate::sound::Sfx;
use crate::state::Screen;

/// A treat on screen, not eaten yet.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct TreatPiece(pub Treat);

/// Lays the treat before `gate` (after `before`) in a Food Tunnel run.
pub(crate) fn lay_treat(commands: &mut Commands, run: &mut TunnelRun, before: &Gate, gate: &Gate, height: f32) {
    if !run.squeeze {
        return;
    }
    let treat = treat_before(run.seed, before, gate);
    commands.spawn((
        TreatPiece(treat),
        DespawnOnExit(Screen::Playing),
        Transform::from_translation(to_world(treat.x, treat.y, height).extend(2.0)),
    ));
    run.treats.push_back(treat);
}

/// The score of a run's treats.
pub(crate) fn treat_points(eaten: u32) -> u32 {
    eaten.saturating_mul(TREAT_POINTS)
}

/// Eats every treat the flyer's body touches this step, and forgets those left behind.
pub(crate) fn eat_treats(
    mut commands: Commands,
    data: Res<GameData>,
    mut run: ResMut<TunnelRun>,
    flyer: Single<&Transform, With<Flyer>>,
    pieces: Query<(Entity, &TreatPiece)>,
    mut sfx: MessageWriter<Sfx>,
) {
    if run.ended.is_some() || run.treats.is_empty() {
        return;
    }
    let tuning = &data.tunnel;
    let at = Vec2::new(flyer.translation.x, flyer.translation.y + tuning.screen_height / 2.0);
    let reach = tuning.flyer_height / 2.0 + TREAT_RADIUS;
    let touched = |treat: &Treat| Vec2::new(treat.x, treat.y).distance_squared(at) <= reach * reach;
    let cutoff = at.x - KEEP_BEHIND;
    let mut eaten = Vec::new();
    run.treats.retain(|treat| {
        let eats = touched(treat);
        if eats {
            eaten.push(treat.gate);
        }
        !eats && treat.x >= cutoff
    });
    if eaten.is_empty() {
        return;
    }
    run.eaten += eaten.len() as u32;
    sfx.write(Sfx::Eat);
    for (entity, piece) in &pieces {
        if eaten.contains(&piece.0.gate) || piece.0.x < cutoff {
            commands.entity(entity).despawn();
        }
    }
}
