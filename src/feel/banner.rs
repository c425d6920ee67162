//! The banner that opens each stage of a run ("Wave 3", "Floor 2"), for modes whose runs climb
//! through stages (the word is the mode's, from its row's [`Feel`](crate::mode::Feel)). It pops
//! in, holds and fades; with reduced motion it only fades.

use bevy::prelude::*;

use super::Motion;
use crate::palette;
use crate::run::RunStage;
use crate::session::Session;
use crate::state::Screen;

#[derive(Component, Debug)]
pub struct Banner {
    age: f32,
    pub text: String,
}

const SECONDS: f32 = 1.6;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), |mut shown: ResMut<ShownStage>| shown.0 = None)
        .init_resource::<ShownStage>()
        .add_systems(Update, (announce_stage.run_if(in_state(Screen::Playing)), animate_banners));
}

/// The stage the last banner announced in this run.
#[derive(Resource, Default)]
pub(crate) struct ShownStage(Option<u32>);

fn announce_stage(
    mut commands: Commands,
    stage: Res<RunStage>,
    session: Res<Session>,
    mut shown: ResMut<ShownStage>,
    old: Query<Entity, With<Banner>>,
) {
    let Some(word) = session.mode.info().feel.stage else { return };
    // Stage 0 is "not started yet": the stage is mirrored from the first step after the countdown.
    if stage.0 == 0 || shown.0 == Some(stage.0) {
        return;
    }
    shown.0 = Some(stage.0);
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let text = format!("{word} {}", stage.0);
    commands.spawn((
        Banner { age: 0.0, text: text.clone() },
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            top: percent(30),
            justify_content: JustifyContent::Center,
            ..default()
        },
        GlobalZIndex(30),
        bevy::ui::FocusPolicy::Pass,
        DespawnOnExit(Screen::Playing),
        children![(
            Node { padding: UiRect::axes(px(28), px(10)), border_radius: BorderRadius::all(px(14)), ..default() },
            BackgroundColor(palette::PANEL),
            UiTransform::default(),
            children![(Text::new(text), TextFont::from_font_size(48.0), TextColor(palette::ACCENT))],
        )],
    ));
}

fn animate_banners(
    mut commands: Commands,
    time: Res<Time<Real>>,
    motion: Res<Motion>,
    mut banners: Query<(Entity, &mut Banner, &Children)>,
    mut panels: Query<(&mut UiTransform, &mut BackgroundColor, &Children)>,
    mut texts: Query<&mut TextColor>,
) {
    for (entity, mut banner, children) in &mut banners {
        banner.age += time.delta_secs();
        if banner.age >= SECONDS {
            commands.entity(entity).despawn();
            continue;
        }
        let t = banner.age;
        // In over a fifth of a second with a little overshoot; out over the last half second.
        let pop = if motion.reduced { 1.0 } else { ease_out_back((t / 0.2).min(1.0)) };
        let alpha = ((SECONDS - t) / 0.5).min(1.0);
        for child in children {
            let Ok((mut transform, mut back, texts_of)) = panels.get_mut(*child) else { continue };
            transform.scale = Vec2::splat(pop.max(0.01));
            back.0.set_alpha(0.94 * alpha);
            for text in texts_of {
                if let Ok(mut colour) = texts.get_mut(*text) {
                    colour.0.set_alpha(alpha);
                }
            }
        }
    }
}

/// 0 → 1, passing 1 a little before settling on it.
fn ease_out_back(x: f32) -> f32 {
    let (c1, c3) = (1.70158, 2.70158);
    1.0 + c3 * (x - 1.0).powi(3) + c1 * (x - 1.0).powi(2)
}
