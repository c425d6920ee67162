//! Arena: a top-down floor filled wave by wave. Eat every piece of food, keep off the hot pans
//! (some slide, patrol or bounce) and away from the wasps that chase; each cleared wave scatters
//! the next, bigger one from the same seed.

pub mod bot;
pub mod bot_dodge;
pub mod threat_visuals;
pub mod threats;
pub mod visuals;

use bevy::prelude::*;
use seedfeast_music::{Scale, Style, Wave};
use seedfeast_procgen::arena::{ArenaGenerator, ArenaWave, ItemKind};
use seedfeast_procgen::generator::Opt;
use seedfeast_procgen::modes;

use crate::data::GameData;
use crate::mode::{Controls, Feel, ModeInfo, Orientation, Physics};
use crate::replay::StepInput;
use crate::run::{Gameplay, Progress, Rules, RunEnd, RunPlugin, RunStart};
use crate::session::Session;
use crate::session::playing;
use crate::sound::Sfx;
use crate::state::Screen;

/// The Arena's row in the table of modes.
pub const MODE: ModeInfo = ModeInfo {
    spec: &modes::ARENA,
    blurb: "Clear each wave of food, dodge the hot pans and the wasps",
    controls: Controls::Move,
    physics: Physics::None,
    plugin: |app| {
        app.add_plugins(ArenaPlugin);
    },
    visuals: visuals::add,
    bot: Some(bot::BOT),
    levels: None,
    orientation: Orientation::Landscape,
    feel: Feel {
        music: Style {
            tempo_bpm: 124,
            root: 55,
            scale: Scale::Mixolydian,
            progression: [0, 6, 3, 0],
            lead: Wave::Pluck,
            bass: Wave::Triangle,
            busyness: 0.45,
            drums: true,
        },
        stage: Some("Wave"),
    },
};

// The player's speed and collision circle are the tuning's (`player_speed`, `player_radius`):
// the threats' fairness is proved for that player.
pub const LIVES: u32 = 3;
/// After a burn the pans can't hurt for this long.
pub(crate) const GRACE: f32 = 1.5;

/// Arena coordinates (from the corner, y up) to world coordinates (centred on the arena).
pub fn to_world(wave: &ArenaWave, x: f32, y: f32) -> Vec2 {
    Vec2::new(x - wave.width / 2.0, y - wave.height / 2.0)
}

#[derive(Component, Debug)]
pub struct ArenaPlayer {
    /// Position in arena coordinates.
    pub at: Vec2,
}

/// An item of the current wave, at arena coordinates.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct ArenaPiece {
    pub at: Vec2,
    pub kind: ItemKind,
}

/// Every entity of the current wave, dropped when the next is scattered.
#[derive(Component)]
pub(crate) struct WavePiece;

#[derive(Resource, Debug)]
pub struct ArenaRun {
    pub generator: ArenaGenerator,
    pub wave: ArenaWave,
    pub food_left: usize,
    pub score: u32,
    pub lives: u32,
    pub grace: f32,
    pub ended: Option<String>,
    /// Fixed steps played in this wave: the clock its threats move by.
    pub wave_steps: u32,
}

impl Rules for ArenaRun {
    fn status(&self) -> String {
        let challenge = if self.wave.challenge { " (challenge!)" } else { "" };
        format!("Score {}   Wave {}{challenge}   Lives {}", self.score, self.wave.wave, self.lives)
    }

    /// The curve at the wave reached (what the wave was scattered for).
    fn intensity(&self, data: &GameData) -> f32 {
        data.arena.intensity_at(data.curve(), self.wave.wave)
    }

    fn outcome(&self) -> Option<RunEnd> {
        self.ended.as_ref().map(|cause| RunEnd {
            score: self.score,
            cause: cause.clone(),
            summary: format!("reached wave {}", self.wave.wave),
        })
    }

    fn progress(&self) -> Progress {
        Progress { amount: (self.wave.wave - 1) as f32, unit: "waves" }
    }

    fn score(&self) -> u32 {
        self.score
    }

    fn stage(&self) -> u32 {
        self.wave.wave
    }

    fn level_options(&self) -> Vec<(Opt, u32)> {
        vec![(Opt::Wave, self.wave.wave)]
    }
}

pub(crate) struct ArenaPlugin;

impl Plugin for ArenaPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RunPlugin::<ArenaRun>::default())
            .add_systems(OnEnter(Screen::Playing), start_arena.in_set(RunStart::Mode).run_if(playing(&MODE)))
            .add_systems(
                FixedUpdate,
                (move_player, threats::move_threats, touch_items, threats::touch_threats, next_wave)
                    .chain()
                    .in_set(Gameplay::React)
                    .run_if(resource_exists::<ArenaRun>),
            )
            .add_systems(
                FixedUpdate,
                (place_player, threats::place_threats).in_set(Gameplay::Place).run_if(resource_exists::<ArenaRun>),
            );
    }
}

/// A wave with no food can't be cleared: the run ends with why, instead of scattering wave after
/// wave every step (tunings the game loads can't make one).
fn empty_wave(wave: &ArenaWave) -> Option<String> {
    (food_count(wave) == 0)
        .then(|| "This wave came out with no food: the arena tuning leaves no room to place any.".to_string())
}

fn start_arena(mut commands: Commands, session: Res<Session>, data: Res<GameData>) {
    let mut generator =
        ArenaGenerator::new(data.arena.clone(), data.curve().clone(), data.food().clone(), session.seed);
    let wave = generator.next_wave();
    spawn_wave(&mut commands, &wave);
    commands.spawn((
        ArenaPlayer { at: Vec2::new(wave.player.0, wave.player.1) },
        crate::replay::Avatar,
        DespawnOnExit(Screen::Playing),
        Transform::from_translation(to_world(&wave, wave.player.0, wave.player.1).extend(3.0)),
    ));
    commands.insert_resource(ArenaRun {
        generator,
        food_left: food_count(&wave),
        ended: empty_wave(&wave),
        wave,
        score: 0,
        lives: LIVES,
        grace: GRACE,
        wave_steps: 0,
    });
}

fn food_count(wave: &ArenaWave) -> usize {
    wave.items.iter().filter(|i| matches!(i.kind, ItemKind::Food(_))).count()
}

/// Spawns a wave's items and its moving threats.
pub(crate) fn spawn_wave(commands: &mut Commands, wave: &ArenaWave) {
    threats::spawn_threats(commands, wave);
    for item in &wave.items {
        commands.spawn((
            ArenaPiece { at: Vec2::new(item.x, item.y), kind: item.kind },
            WavePiece,
            DespawnOnExit(Screen::Playing),
            Transform::from_translation(to_world(wave, item.x, item.y).extend(1.0)),
        ));
    }
}

fn move_player(
    time: Res<Time>,
    input: Res<StepInput>,
    data: Res<GameData>,
    run: Res<ArenaRun>,
    mut player: Single<&mut ArenaPlayer>,
) {
    let step = input.axis_vec() * data.arena.player_speed * time.delta_secs();
    let (w, h, r) = (run.wave.width, run.wave.height, data.arena.player_radius);
    player.at = (player.at + step).clamp(Vec2::splat(r), Vec2::new(w - r, h - r));
}

fn touch_items(
    mut commands: Commands,
    data: Res<GameData>,
    mut run: ResMut<ArenaRun>,
    time: Res<Time>,
    player: Single<&ArenaPlayer>,
    items: Query<(Entity, &ArenaPiece)>,
    mut sfx: MessageWriter<Sfx>,
) {
    run.grace = (run.grace - time.delta_secs()).max(0.0);
    let reach = data.arena.player_radius + data.arena.item_radius;
    for (entity, item) in &items {
        // Squared: no platform-dependent square root decides a touch.
        if player.at.distance_squared(item.at) >= reach * reach {
            continue;
        }
        match item.kind {
            ItemKind::Food(kind) => {
                commands.entity(entity).despawn();
                run.score = run.score.saturating_add(data.food().points(kind));
                run.food_left = run.food_left.saturating_sub(1);
                sfx.write(Sfx::Eat);
            }
            ItemKind::Hazard if run.grace <= 0.0 => {
                run.lives = run.lives.saturating_sub(1);
                run.grace = GRACE;
                sfx.write(Sfx::Hit);
                if run.lives == 0 {
                    run.ended = Some("Burnt on a hot pan!".into());
                }
            }
            ItemKind::Hazard => {}
        }
    }
}

fn next_wave(
    mut commands: Commands,
    mut run: ResMut<ArenaRun>,
    pieces: Query<Entity, With<WavePiece>>,
    mut sfx: MessageWriter<Sfx>,
) {
    if run.food_left > 0 || run.ended.is_some() {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    let bonus = run.wave.wave.saturating_mul(100);
    run.score = run.score.saturating_add(bonus);
    sfx.write(Sfx::Clear);
    let wave = run.generator.next_wave();
    spawn_wave(&mut commands, &wave);
    run.food_left = food_count(&wave);
    run.ended = empty_wave(&wave);
    run.wave = wave;
    run.grace = GRACE;
    run.wave_steps = 0;
}

fn place_player(run: Res<ArenaRun>, mut player: Query<(&ArenaPlayer, &mut Transform)>) {
    for (player, mut transform) in &mut player {
        transform.translation = to_world(&run.wave, player.at.x, player.at.y).extend(transform.translation.z);
    }
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;
    use seedfeast_procgen::Seed;
    use seedfeast_procgen::arena::ArenaTuning;

    use super::*;

    fn generator(tuning: ArenaTuning) -> ArenaGenerator {
        let data = GameData::built_in();
        ArenaGenerator::new(tuning, data.curve().clone(), data.food().clone(), Seed(7))
    }

    /// A tuning whose waves have no food: the clear zone covers the arena (the game's loader
    /// refuses it; the generator, given it anyway, places nothing).
    fn empty_waves() -> ArenaTuning {
        ArenaTuning { clear_radius: 100_000.0, challenge_clear_radius: 100_000.0, ..GameData::built_in().arena.clone() }
    }

    fn run_on(mut generator: ArenaGenerator) -> ArenaRun {
        let wave = generator.next_wave();
        ArenaRun {
            generator,
            food_left: food_count(&wave),
            ended: empty_wave(&wave),
            wave,
            score: 0,
            lives: LIVES,
            grace: GRACE,
            wave_steps: 0,
        }
    }

    /// Steps `next_wave` as the fixed loop would (64 a second) for `steps` steps.
    fn step(run: ArenaRun, steps: usize) -> ArenaRun {
        let mut world = World::new();
        world.init_resource::<Messages<Sfx>>();
        world.insert_resource(run);
        for _ in 0..steps {
            world.run_system_once(next_wave).expect("the system runs");
        }
        world.remove_resource::<ArenaRun>().expect("the run is there")
    }

    #[test]
    fn an_empty_wave_ends_the_run_instead_of_clearing_every_step() {
        let run = run_on(generator(empty_waves()));
        assert_eq!(food_count(&run.wave), 0, "nothing to eat");
        let end = run.outcome().expect("the run is over at once");
        assert!(end.cause.contains("no food"), "{}", end.cause);
        let run = step(run, 64 * 60); // a minute of steps
        assert_eq!((run.wave.wave, run.score), (1, 0), "no wave was cleared");
    }

    #[test]
    fn clearing_into_an_empty_wave_ends_there_and_scores_once() {
        // Wave 1 of the shipped tuning, just cleared; the generator's next waves come out empty.
        let shipped = run_on(generator(GameData::built_in().arena.clone()));
        assert!(shipped.ended.is_none() && shipped.food_left > 0);
        let mut run = run_on(generator(empty_waves()));
        (run.wave, run.food_left, run.ended) = (shipped.wave, 0, None);
        let run = step(run, 64 * 60);
        assert_eq!((run.wave.wave, run.score), (2, 100), "one clear, wave 1's bonus");
        assert!(run.ended.as_deref().is_some_and(|cause| cause.contains("no food")), "{:?}", run.ended);
    }

    #[test]
    fn the_score_saturates_instead_of_overflowing() {
        let mut run = run_on(generator(GameData::built_in().arena.clone()));
        // The bonus of a late wave (wave × 100) on a score near the top.
        (run.food_left, run.score, run.wave.wave) = (0, u32::MAX - 1, u32::MAX / 2);
        let run = step(run, 1);
        assert_eq!(run.score, u32::MAX);
        assert!(run.ended.is_none() && run.food_left > 0, "the next wave is played");
    }
}
