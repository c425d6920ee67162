//! Flying tunnel: flap through gate after gate. The Food Tunnel variant squeezes every gap a
//! little more, down to a hard floor. The flyer is a rapier body under the tunnel's own gravity;
//! gates are checked with simple overlap maths.

pub mod edges;
pub mod pilot;
pub mod treats;
pub mod visuals;

use seedfeast_procgen::generator::Opt;
use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_rapier2d::prelude::*;
use seedfeast_music::{Scale, Style, Wave};
use seedfeast_procgen::modes;
use seedfeast_procgen::tunnel::flight::{Crossing, crossing};
use seedfeast_procgen::tunnel::level::SQUEEZE;
use seedfeast_procgen::tunnel::{Gate, TunnelGenerator};

use crate::data::GameData;
use crate::intensity::Intensity;
use crate::mode::{Controls, Feel, ModeInfo, Orientation, Physics};
use crate::physics::{Reach, launch};
use crate::replay::StepInput;
use crate::run::{Gameplay, LevelBuilding, Progress, Rules, RunEnd, RunPlugin, RunStart};
use crate::session::Session;
use crate::sound::Sfx;
use crate::state::Screen;

/// The Flying tunnel's row in the table of modes.
pub const MODE: ModeInfo = ModeInfo {
    spec: &modes::TUNNEL,
    blurb: "Flap through gate after gate",
    controls: Controls::Flap,
    physics: Physics::Gravity(|data| data.tunnel.gravity),
    plugin: |app| {
        // One plugin runs both tunnels; only the first row adds it.
        app.add_plugins(TunnelPlugin);
    },
    visuals: visuals::add,
    bot: Some(pilot::BOT),
    levels: None,
    orientation: Orientation::Landscape,
    feel: Feel {
        music: Style {
            tempo_bpm: 110,
            root: 57,
            scale: Scale::Minor,
            progression: [0, 5, 2, 6],
            lead: Wave::Triangle,
            bass: Wave::Sine,
            busyness: 0.3,
            drums: true,
        },
        stage: None,
    },
};

/// The Food Tunnel's row: the tunnel generator's squeeze variant, played by the same rules.
pub(crate) const FOOD_TUNNEL: ModeInfo = ModeInfo {
    spec: &modes::FOOD_TUNNEL,
    blurb: "The tunnel, squeezing tighter as it speeds up",
    plugin: |_| {},
    visuals: |_| {},
    orientation: Orientation::Landscape,
    feel: Feel {
        music: Style {
            tempo_bpm: 118,
            root: 65,
            scale: Scale::MajorPentatonic,
            progression: [0, 3, 4, 0],
            lead: Wave::Pluck,
            bass: Wave::Sine,
            busyness: 0.4,
            drums: true,
        },
        stage: None,
    },
    ..MODE
};

/// Gate walls are drawn this thick. A gate is the line at its centre: the flyer passes when its
/// centre crosses that line inside the gap's window (procgen's `flight::crossing`), the rule the
/// generator's reachability promise is about.
pub(crate) const WALL_THICKNESS: f32 = 12.0;
/// Gates are spawned this far ahead of the flyer and dropped this far behind.
const VIEW_AHEAD: f32 = 1_600.0;
pub(crate) const KEEP_BEHIND: f32 = 600.0;

/// Tunnel coordinates (y up from the bottom of the screen) to world coordinates (centred).
pub fn to_world(x: f32, y: f32, screen_height: f32) -> Vec2 {
    Vec2::new(x, y - screen_height / 2.0)
}

#[derive(Component, Debug)]
pub struct Flyer {
    /// Fixed steps until the next flap is allowed (whole steps, as the physics model counts them).
    pub cooldown: u32,
}

/// One gate on the screen.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct GateWalls(pub Gate);

#[derive(Resource, Debug)]
pub struct TunnelRun {
    pub generator: TunnelGenerator,
    pub squeeze: bool,
    /// Gates alive, oldest first.
    pub live: VecDeque<Gate>,
    pub spawned_until: f32,
    pub passed: u32,
    /// The flyer hovers at the start until the first flap, so nobody falls while getting ready.
    pub started: bool,
    pub ended: Option<String>,
    /// Where the flyer's centre was after the last step (tunnel coordinates), to see which gate
    /// lines it crossed since.
    pub last: Option<(f32, f32)>,
    /// The seed the run's treats are laid from.
    pub seed: seedfeast_procgen::Seed,
    /// The Food Tunnel's treats laid and not eaten yet, oldest first (none in the Flying tunnel).
    pub treats: VecDeque<seedfeast_procgen::tunnel::treats::Treat>,
    /// Treats eaten.
    pub eaten: u32,
}

impl TunnelRun {
    /// Ten a gate, and the treats eaten.
    fn points(&self) -> u32 {
        self.passed.saturating_mul(10).saturating_add(treats::treat_points(self.eaten))
    }
}

impl Rules for TunnelRun {
    fn status(&self) -> String {
        if self.started && self.squeeze {
            format!("Score {}   Gates {}   Treats {}", self.points(), self.passed, self.eaten)
        } else if self.started {
            format!("Score {}   Gates {}", self.points(), self.passed)
        } else {
            "Flap to take off".to_string()
        }
    }

    /// The curve at the gate the flyer meets next (what that gate was made for).
    fn intensity(&self, data: &GameData) -> f32 {
        data.tunnel.intensity_at(data.curve(), self.passed)
    }

    fn outcome(&self) -> Option<RunEnd> {
        self.ended.as_ref().map(|cause| {
            let gates = crate::words::counted(self.passed, "gate", "gates");
            let summary = if self.squeeze {
                format!("Food Tunnel: {gates} flown, {} eaten", crate::words::counted(self.eaten, "treat", "treats"))
            } else {
                format!("{gates} flown")
            };
            RunEnd { score: self.points(), cause: cause.clone(), summary }
        })
    }

    fn progress(&self) -> Progress {
        Progress { amount: self.passed as f32, unit: "gates" }
    }

    fn score(&self) -> u32 {
        self.points()
    }

    /// The gates laid so far, up to the first `EXPLAINED_GATES` (a longer tunnel's picture is
    /// too thin to read on a screen).
    fn level_options(&self) -> Vec<(Opt, u32)> {
        let made = self.live.back().map_or(1, |gate| gate.index + 1);
        vec![(Opt::Gates, made.clamp(1, EXPLAINED_GATES))]
    }
}

/// The most gates *How was this made?* shows being laid.
pub(crate) const EXPLAINED_GATES: u32 = 16;

pub(crate) struct TunnelPlugin;

/// Both tunnels: the plain one and the Food Tunnel.
fn playing_tunnel(session: Res<Session>) -> bool {
    [MODE.spec.key, FOOD_TUNNEL.spec.key].contains(&session.mode.key())
}

impl Plugin for TunnelPlugin {
    fn build(&self, app: &mut App) {
        let running = resource_exists::<TunnelRun>;
        app.add_plugins(RunPlugin::<TunnelRun>::default())
            .add_systems(OnEnter(Screen::Playing), start_tunnel.in_set(RunStart::Mode).run_if(playing_tunnel))
            .add_systems(FixedUpdate, spawn_gates.in_set(Gameplay::Prepare).run_if(running))
            .add_systems(FixedUpdate, fly.in_set(Gameplay::Control).run_if(running))
            .add_systems(
                FixedUpdate,
                (pass_gates, treats::eat_treats, drop_gates).chain().in_set(Gameplay::React).run_if(running),
            );
    }
}

/// Whether the session plays the Food Tunnel (the squeeze variant).
pub(crate) fn squeezed(session: &Session) -> bool {
    session.mode.variant() == Some(SQUEEZE)
}

fn start_tunnel(mut commands: Commands, session: Res<Session>, data: Res<GameData>, reach: Res<Reach>) {
    let squeeze = squeezed(&session);
    let mut generator =
        TunnelGenerator::new(data.tunnel.clone(), data.curve().clone(), reach.flyer, session.seed, squeeze);
    let first = generator.next_gate();
    let tuning = &data.tunnel;
    commands.spawn((
        Flyer { cooldown: 0 },
        crate::replay::Avatar,
        DespawnOnExit(Screen::Playing),
        // Gate 0 is centred on the screen and the flyer starts level with it.
        Transform::from_translation(to_world(0.0, first.gap_center, tuning.screen_height).extend(3.0)),
        RigidBody::Dynamic,
        Collider::ball(tuning.flyer_height / 2.0),
        Velocity::zero(),
        // No gravity until the first flap: the flyer hovers while the player gets ready.
        GravityScale(0.0),
        LockedAxes::ROTATION_LOCKED,
    ));
    spawn_gate(&mut commands, &first, tuning.screen_height);
    commands.insert_resource(TunnelRun {
        spawned_until: first.x,
        live: VecDeque::from([first]),
        generator,
        squeeze,
        passed: 0,
        started: false,
        ended: None,
        last: None,
        seed: session.seed,
        treats: VecDeque::new(),
        eaten: 0,
    });
}

fn spawn_gate(commands: &mut Commands, gate: &Gate, screen_height: f32) {
    commands.spawn((
        GateWalls(*gate),
        DespawnOnExit(Screen::Playing),
        Transform::from_translation(to_world(gate.x, gate.gap_center, screen_height).extend(1.0)),
    ));
}

fn spawn_gates(
    mut commands: Commands,
    mut run: ResMut<TunnelRun>,
    data: Res<GameData>,
    flyer: Single<&Transform, With<Flyer>>,
    mut building: ResMut<LevelBuilding>,
) {
    for _ in 0..16 {
        if run.spawned_until > flyer.translation.x + VIEW_AHEAD {
            break;
        }
        building.0 = true;
        let gate = run.generator.next_gate();
        spawn_gate(&mut commands, &gate, data.tunnel.screen_height);
        if let Some(before) = run.live.back().copied() {
            treats::lay_treat(&mut commands, &mut run, &before, &gate, data.tunnel.screen_height);
        }
        run.spawned_until = gate.x;
        run.live.push_back(gate);
    }
}

/// The gate the flyer meets next.
pub fn next_gate(run: &TunnelRun, x: f32) -> Option<&Gate> {
    run.live.iter().find(|g| g.x >= x)
}

/// Horizontal speed from the run's intensity (the next gate's, as the generator's reach model
/// assumes); flaps at most once every `flap_every_steps` fixed steps; falls no faster than
/// `max_fall_speed` — exactly the steps [`seedfeast_procgen::physics::FlyerReach`] models.
fn fly(
    data: Res<GameData>,
    reach: Res<Reach>,
    intensity: Res<Intensity>,
    mut run: ResMut<TunnelRun>,
    input: Res<StepInput>,
    flyer: Single<(&mut Flyer, &mut Velocity, &mut GravityScale)>,
    mut sfx: MessageWriter<Sfx>,
) {
    let tuning = &data.tunnel;
    let (mut flyer, mut velocity, mut gravity) = flyer.into_inner();
    if !run.started {
        if !input.jump {
            velocity.linear = Vec2::ZERO;
            return;
        }
        run.started = true;
        gravity.0 = 1.0;
    }
    velocity.linear.x = tuning.speed_at(intensity.0);
    flyer.cooldown = flyer.cooldown.saturating_sub(1);
    if input.jump && flyer.cooldown == 0 {
        launch(&mut velocity, reach.flyer.flap_speed);
        flyer.cooldown = reach.flyer.flap_every_steps;
        sfx.write(Sfx::Flap);
    }
    velocity.linear.y = velocity.linear.y.max(-reach.flyer.max_fall_speed);
}

/// Scores a gate when the flyer's centre crosses its line inside the window; ends the run when
/// it crosses outside (a wall) or leaves the screen.
fn pass_gates(
    data: Res<GameData>,
    mut run: ResMut<TunnelRun>,
    flyer: Single<&Transform, With<Flyer>>,
    mut sfx: MessageWriter<Sfx>,
) {
    let tuning = &data.tunnel;
    let now = (flyer.translation.x, flyer.translation.y + tuning.screen_height / 2.0);
    let before = run.last.replace(now).unwrap_or(now);
    let radius = tuning.flyer_height / 2.0;
    // The drawn ceiling and floor (`edges`) are these lines.
    if now.1 - radius < 0.0 || now.1 + radius > tuning.screen_height {
        let cause = if now.1 - radius < 0.0 { "Splat! You hit the floor." } else { "Bonk! You hit the ceiling." };
        run.ended.get_or_insert_with(|| cause.into());
        return;
    }
    let mut passed = run.passed;
    for gate in &run.live {
        match crossing(gate, tuning.flyer_height, before, now) {
            Crossing::Short => {}
            Crossing::Through => passed = passed.max(gate.index + 1),
            Crossing::Hit => {
                if run.ended.is_none() {
                    sfx.write(Sfx::Hit);
                }
                run.ended.get_or_insert_with(|| "Bonk! You hit a wall.".into());
                return;
            }
        }
    }
    if passed > run.passed {
        sfx.write(Sfx::Gate);
    }
    run.passed = passed;
}

fn drop_gates(
    mut commands: Commands,
    mut run: ResMut<TunnelRun>,
    flyer: Single<&Transform, With<Flyer>>,
    gates: Query<(Entity, &GateWalls)>,
) {
    let cutoff = flyer.translation.x - KEEP_BEHIND;
    while run.live.front().is_some_and(|g| g.x < cutoff) {
        run.live.pop_front();
    }
    for (entity, gate) in &gates {
        if gate.0.x < cutoff {
            commands.entity(entity).despawn();
        }
    }
}
