//! Fades between screens: each screen, the run included, comes up out of a brief dusk instead of
//! cutting in. The veil lets every click and tap through.

use bevy::prelude::*;

use crate::palette;
use crate::state::Screen;

#[derive(Component, Debug)]
pub(crate) struct Veil {
    age: f32,
}

const SECONDS: f32 = 0.25;
const DEPTH: f32 = 0.7;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (veil_new_screens, lift_veils).chain());
}

fn veil_new_screens(
    mut commands: Commands,
    mut changes: MessageReader<StateTransitionEvent<Screen>>,
    veils: Query<Entity, With<Veil>>,
) {
    let changed = changes.read().any(|change| change.entered.is_some() && change.entered != change.exited);
    if !changed {
        return;
    }
    for veil in &veils {
        commands.entity(veil).despawn();
    }
    commands.spawn((
        Veil { age: 0.0 },
        Node { position_type: PositionType::Absolute, width: percent(100), height: percent(100), ..default() },
        BackgroundColor(palette::PREVIEW_BACK.with_alpha(DEPTH)),
        GlobalZIndex(60),
        bevy::ui::FocusPolicy::Pass,
    ));
}

fn lift_veils(
    mut commands: Commands,
    time: Res<Time<Real>>,
    mut veils: Query<(Entity, &mut Veil, &mut BackgroundColor)>,
) {
    for (entity, mut veil, mut colour) in &mut veils {
        veil.age += time.delta_secs().min(0.05);
        let left = 1.0 - veil.age / SECONDS;
        if left <= 0.0 {
            commands.entity(entity).despawn();
        } else {
            colour.0.set_alpha(DEPTH * left * left);
        }
    }
}
