//! Code puzzle: walk a small level to its coding tile, write the program that moves, turns,
//! opens or stops its objects, run it and watch the way open. Each level is a step of the
//! curriculum (sequence, loops, variables, conditions, while loops), generated backwards from the
//! step's solution; the seed picks each step's variation.
//!
//! The run: it starts at the session's level (a link's `level=K`, else the first step) and walks
//! the curriculum; walking out of an open exit clears the step (scored: fewer statements and a
//! faster clear score more, and each is kept as a best per step) and builds the next. The run
//! ends, scored, after the last step, or when the player ends it (Q, or the gamepad's Select,
//! away from the code panel). The session's level follows the step on screen, so a copied link
//! opens the level being played.

pub mod board;
pub mod bot;
pub mod chip_pad;
pub mod chips;
pub mod editor;
pub mod keys;
pub mod panel;
pub mod probe;
pub mod score;
pub mod spawn;
pub mod syntax;
pub mod visuals;
pub mod walk;
pub mod world_strip;

use bevy::prelude::*;
use seedfeast_music::{Scale, Style, Wave};
use seedfeast_procgen::modes;
use seedfeast_procgen::puzzle::GenOptions;
use seedfeast_procgen::puzzle::ast::Command;
use seedfeast_procgen::puzzle::world::RewardKind;

use crate::data::GameData;
use crate::grid_move::can_move;
use crate::input::{Actions, TypingFocus};
use crate::mode::{Controls, Feel, ModeInfo, Orientation, Physics};
use crate::run::{Countdown, Gameplay, Progress, Rules, RunEnd, RunPlugin, RunStart};
use crate::save::{Save, SaveStore};
use crate::session::{Session, playing};
use crate::sound::Sfx;
use crate::state::{Pause, Screen};
use crate::toast::Toast;
use crate::words::counted;
pub use board::{Board, BoardEvent, Note, Verdict};
pub use editor::{Edit, Editor};
pub use score::*;
pub use spawn::{CELL, PuzzleObject, PuzzlePiece, PuzzlePlayer, RewardMark, Tile, from_grid, to_grid, to_world};
use walk::held_dir;

/// The Code puzzle's row in the table of modes.
pub const MODE: ModeInfo = ModeInfo {
    spec: &modes::PUZZLE,
    blurb: "Walk to the coding tile and write the program that opens the way",
    controls: Controls::Code,
    physics: Physics::None,
    plugin: |app| {
        app.add_plugins(PuzzlePlugin);
    },
    visuals: visuals::add,
    bot: Some(bot::BOT),
    levels: Some(|data| 0..=(data.puzzle.curriculum.steps.len() as u32).saturating_sub(1)),
    orientation: Orientation::Landscape,
    feel: Feel {
        music: Style {
            tempo_bpm: 90,
            root: 65,
            scale: Scale::Major,
            progression: [0, 3, 1, 4],
            lead: Wave::Sine,
            bass: Wave::Triangle,
            busyness: 0.25,
            drums: false,
        },
        stage: None,
    },
};

/// The program being written, in the code panel.
#[derive(Resource, Default, Debug, Deref, DerefMut)]
pub struct CodeEditor(pub Editor);

/// The run in progress.
#[derive(Resource)]
pub struct PuzzleRun {
    pub board: Board,
    /// Steps in the curriculum.
    pub steps: u32,
    /// The step the run started at.
    pub first_step: u32,
    /// The session's level when the run started (given back when the curriculum is done, so a
    /// retry plays the same run).
    pub started_from: Option<u32>,
    pub score: u32,
    pub cleared: Vec<Cleared>,
    /// Seconds on this level, and in the whole run (game time: the pause stops both).
    pub level_clock: f32,
    pub clock: f32,
    /// The code panel is open (the keyboard types code).
    pub panel_open: bool,
    /// It opened on arrival at the tile, not at a press (see `keys::OPEN_GRACE_SECONDS`).
    pub opened_on_arrival: bool,
    /// Per reward of this level: picked up.
    pub collected: Vec<bool>,
    /// The player walked out of the open exit: the step is cleared at the next React.
    pub exit_reached: bool,
    pub ended: Option<String>,
}

impl PuzzleRun {
    /// Statements in all the programs that cleared a step.
    pub fn statements(&self) -> usize {
        self.cleared.iter().map(|c| c.statements).sum()
    }
}

impl Rules for PuzzleRun {
    fn status(&self) -> String {
        format!("Step {}/{}   Score {}   {}", self.board.step + 1, self.steps, self.score, clock_text(self.level_clock))
    }

    /// The curriculum is the difficulty curve: the share of it reached.
    fn intensity(&self, _data: &GameData) -> f32 {
        (self.board.step as f32 / self.steps.saturating_sub(1).max(1) as f32).clamp(0.0, 1.0)
    }

    fn progress(&self) -> Progress {
        Progress { amount: self.cleared.len() as f32, unit: "steps" }
    }

    fn score(&self) -> u32 {
        self.score
    }

    fn level_options(&self) -> Vec<(seedfeast_procgen::generator::Opt, u32)> {
        vec![(seedfeast_procgen::generator::Opt::Level, self.board.step)]
    }

    fn outcome(&self) -> Option<RunEnd> {
        self.ended.as_ref().map(|cause| RunEnd {
            score: self.score,
            cause: cause.clone(),
            summary: format!(
                "{} cleared, {} in all, {}",
                counted(self.cleared.len() as u64, "step", "steps"),
                counted(self.statements() as u64, "statement", "statements"),
                clock_text(self.clock)
            ),
        })
    }
}

pub(crate) struct PuzzlePlugin;

impl Plugin for PuzzlePlugin {
    fn build(&self, app: &mut App) {
        chip_pad::add(app);
        probe::add(app);
        app.add_plugins(RunPlugin::<PuzzleRun>::default())
            .init_resource::<keys::PendingCodePaste>()
            .add_systems(OnEnter(Screen::Playing), start_puzzle.in_set(RunStart::Mode).run_if(playing(&MODE)))
            .add_systems(OnExit(Screen::Playing), leave_puzzle)
            .add_systems(FixedUpdate, walk_player.in_set(Gameplay::Control).run_if(resource_exists::<PuzzleRun>))
            .add_systems(
                FixedUpdate,
                (play_code, clear_step, tick_clock)
                    .chain()
                    .in_set(Gameplay::React)
                    .run_if(resource_exists::<PuzzleRun>),
            )
            .add_systems(
                Update,
                (
                    queue_step,
                    keys::open_panel,
                    keys::type_code,
                    keys::finish_paste,
                    keys::look_at_worlds,
                    chip_pad::lay_out_pad,
                    chip_pad::tap_chips,
                    chip_pad::draw_pad,
                    end_run_key,
                    sync_focus,
                    spawn::redraw_world,
                    place_pieces,
                )
                    .chain()
                    .run_if(resource_exists::<PuzzleRun>),
            );
    }
}

/// The level of curriculum step `step` for the session's seed, as the generator makes it (the
/// data's grammar and curriculum), on a board.
pub(crate) fn build_board(data: &GameData, seed: seedfeast_procgen::Seed, step: u32) -> Result<Board, String> {
    let curriculum = &data.puzzle.curriculum;
    let code = &curriculum.step(step).code;
    let options = GenOptions { level: step, ..GenOptions::default() };
    let level = seedfeast_procgen::puzzle::generate_with(&data.puzzle.grammar, code, seed, &options)
        .map_err(|e| format!("step {step}'s level couldn't be made: {e}"))?;
    Board::new(step, level)
}

fn start_puzzle(mut commands: Commands, mut session: ResMut<Session>, data: Res<GameData>) {
    let steps = data.puzzle.curriculum.steps.len() as u32;
    let first_step = session.level.unwrap_or(0).min(steps.saturating_sub(1));
    let started_from = session.level;
    if session.level.is_some() {
        session.level = Some(first_step);
    }
    let (board, ended) = match build_board(&data, session.seed, first_step) {
        Ok(board) => (board, None),
        // The shipped curriculum always builds (procgen's sweeps check it); a designer's
        // broken edit ends the run with why instead of a blank screen.
        Err(why) => {
            let fallback = seedfeast_procgen::puzzle::curriculum::Curriculum::default();
            let level = fallback.level(0, session.seed).expect("the built-in curriculum builds");
            (Board::new(0, level).expect("a generated level is valid"), Some(why))
        }
    };
    spawn::spawn_level(&mut commands, &board);
    commands.insert_resource(PuzzleRun {
        collected: vec![false; board.level.rewards.len()],
        board,
        steps,
        first_step,
        started_from,
        score: 0,
        cleared: Vec::new(),
        level_clock: 0.0,
        clock: 0.0,
        panel_open: false,
        opened_on_arrival: false,
        exit_reached: false,
        ended,
    });
    commands.insert_resource(CodeEditor::default());
}

fn leave_puzzle(mut commands: Commands, mut focus: ResMut<TypingFocus>) {
    focus.0 = false;
    commands.remove_resource::<CodeEditor>();
}

/// A direction tapped this frame is kept for the walk's next tile centre (frames and fixed steps
/// don't line up: a tap must not fall between two steps).
/// Not during the countdown (the key that starts the run doesn't walk) or the pause (the menu's
/// arrows aren't steps).
fn queue_step(
    actions: Res<Actions>,
    countdown: Option<Res<Countdown>>,
    pause: Res<State<Pause>>,
    mut player: Query<&mut PuzzlePlayer>,
) {
    if countdown.is_some() || *pause.get() != Pause::Running {
        return;
    }
    for mut player in &mut player {
        player.held_frames = if actions.move_axis == Vec2::ZERO { 0 } else { player.held_frames.saturating_add(1) };
        if let Some(dir) = actions.steer {
            player.queued = Some(dir);
        }
    }
}

/// Walks the player tile by tile: a tap walks one tile, a held direction keeps walking. It stops
/// on the coding tile (the panel opens) and at the open exit, and stands still while the panel
/// is open.
fn walk_player(
    time: Res<Time>,
    actions: Res<Actions>,
    mut run: ResMut<PuzzleRun>,
    mut player: Single<&mut PuzzlePlayer>,
    mut sfx: MessageWriter<Sfx>,
) {
    let run = &mut *run;
    let board = &run.board;
    let walkable = board.walkable();
    let open = |(x, y): crate::grid_move::Cell| board.can_stand(&walkable, (x as i32, y as i32));
    // The player walks only while their own world is on screen.
    let frozen = run.panel_open || board.running() || run.exit_reached || run.ended.is_some() || board.shown != 0;
    let coding = to_grid(board.level.coding_tile);
    let exit = to_grid(board.level.exit);
    let solved = board.open;
    let mut queued = player.queued;
    let mut arrivals = Vec::new();
    let walking = player.mover.dir;
    // A direction held since an earlier frame keeps walking; one pressed this frame walks the
    // tile its press queued (`queue_step`), and no more.
    let held = if player.held_frames > 0 { held_dir(actions.move_axis, walking) } else { None };
    player.mover.advance(&open, time.delta_secs(), |cell, arrived| {
        if arrived.is_some() {
            arrivals.push(cell);
            // Stop on the coding tile (while there's code to write) and at the exit.
            if (cell == coding && !solved) || cell == exit {
                return None;
            }
        }
        if frozen {
            return None;
        }
        queued.take().or(held).filter(|d| can_move(&open, cell, *d))
    });
    // A tap taken at a centre is used up (one that found a wall too); one made mid-step waits
    // for the next centre; none is kept while the player can't walk.
    player.queued = if frozen { None } else { queued };
    for cell in arrivals {
        let at = from_grid(cell);
        if cell == coding && !run.board.open && !run.panel_open {
            run.panel_open = true;
            run.opened_on_arrival = true;
            sfx.write(Sfx::Click);
        }
        if cell == exit && run.board.open {
            run.exit_reached = true;
        }
        let view = run.board.world.view();
        for (i, reward) in run.board.world.rewards.iter().enumerate() {
            let pickup = matches!(reward.kind, RewardKind::Key | RewardKind::Scroll);
            if pickup && (reward.x, reward.y) == at && view.revealed[i] && !run.collected[i] {
                run.collected[i] = true;
                run.score = run.score.saturating_add(REWARD_POINTS);
                sfx.write(Sfx::Bonus);
            }
        }
    }
}

/// Plays the program's run, with a sound per command and one for how it ended; a solved run
/// closes the panel once its end has shown.
fn play_code(time: Res<Time>, mut run: ResMut<PuzzleRun>, mut sfx: MessageWriter<Sfx>) {
    if !run.board.running() {
        return;
    }
    let events = run.board.tick(time.delta_secs());
    let mut clicked = false;
    for event in events {
        match event {
            BoardEvent::Step(step) => {
                if let seedfeast_procgen::puzzle::interp::Event::Command { command, changed, .. } = step.event
                    && !clicked
                {
                    clicked = true;
                    sfx.write(match (command, changed) {
                        (_, false) => Sfx::Hit,
                        (Command::Open | Command::Stop, true) => Sfx::Gate,
                        _ => Sfx::Click,
                    });
                }
            }
            BoardEvent::Finished(Verdict::Solved) => {
                sfx.write(Sfx::PowerUp);
            }
            BoardEvent::Finished(_) => {
                sfx.write(Sfx::Hit);
            }
            BoardEvent::Concluded(Verdict::Solved) => run.panel_open = false,
            BoardEvent::Concluded(_) => {}
            BoardEvent::WorldPassed(_) => {
                sfx.write(Sfx::Bonus);
            }
            // `spawn::redraw_world` follows the board's view.
            BoardEvent::ShowWorld(_) => {}
        }
    }
}

/// Clears the step the player walked out of: scores it, keeps its bests, and builds the next
/// step (or ends the run after the last).
fn clear_step(
    mut commands: Commands,
    mut run: ResMut<PuzzleRun>,
    mut session: ResMut<Session>,
    data: Res<GameData>,
    mut save: ResMut<Save>,
    store: Res<SaveStore>,
    mut toast: ResMut<Toast>,
    mut editor: ResMut<CodeEditor>,
    pieces: Query<Entity, With<PuzzlePiece>>,
    mut sfx: MessageWriter<Sfx>,
) {
    if !run.exit_reached || run.ended.is_some() {
        return;
    }
    run.exit_reached = false;
    let step = run.board.step;
    let statements = run.board.solved_with.unwrap_or(0);
    let seconds = run.level_clock;
    let cleared = Cleared {
        step,
        statements,
        time_ms: (f64::from(seconds) * 1000.0).round() as u64,
        points: step_points(run.board.par, statements, seconds),
    };
    run.score = run.score.saturating_add(cleared.points);
    sfx.write(Sfx::Clear);
    let bests = record_step(&mut save, &session, &cleared);
    save.commit(&store, &mut toast);
    toast.show(format!(
        "Step {} cleared: {}{}, {}{}",
        step + 1,
        counted(statements as u64, "statement", "statements"),
        if bests.0 { " (best!)" } else { "" },
        clock_text(seconds),
        if bests.1 { " (best!)" } else { "" },
    ));
    run.cleared.push(cleared);
    let next = step + 1;
    if next >= run.steps {
        run.ended = Some("Curriculum complete!".into());
        session.level = run.started_from;
        return;
    }
    match build_board(&data, session.seed, next) {
        Ok(board) => {
            for entity in &pieces {
                commands.entity(entity).despawn();
            }
            spawn::spawn_level(&mut commands, &board);
            run.collected = vec![false; board.level.rewards.len()];
            run.board = board;
            run.level_clock = 0.0;
            run.panel_open = false;
            editor.0 = Editor::default();
            session.level = Some(next);
        }
        Err(why) => run.ended = Some(why),
    }
}

fn tick_clock(time: Res<Time>, mut run: ResMut<PuzzleRun>) {
    let dt = time.delta_secs();
    run.level_clock += dt;
    run.clock += dt;
}

/// Q (or the gamepad's Select), away from the code panel, ends the run here, scored.
fn end_run_key(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    pause: Res<State<Pause>>,
    countdown: Option<Res<Countdown>>,
    mut run: ResMut<PuzzleRun>,
) {
    let pressed = keys.just_pressed(KeyCode::KeyQ) || pads.iter().any(|p| p.just_pressed(GamepadButton::Select));
    if !pressed || run.panel_open || countdown.is_some() || *pause.get() != Pause::Running || run.ended.is_some() {
        return;
    }
    let cleared = run.cleared.len();
    run.ended = Some(if cleared == 0 {
        "You left before clearing a step".to_string()
    } else {
        format!("You stopped at step {}", run.board.step + 1)
    });
}

/// The code panel has the keyboard while it is open and the run is on (not paused, past the
/// countdown): the core's actions leave the keys to it.
fn sync_focus(
    run: Res<PuzzleRun>,
    pause: Res<State<Pause>>,
    countdown: Option<Res<Countdown>>,
    mut focus: ResMut<TypingFocus>,
) {
    let typing = run.panel_open && *pause.get() == Pause::Running && countdown.is_none() && run.ended.is_none();
    if focus.0 != typing {
        focus.0 = typing;
    }
}

/// Moves the player, the objects and the rewards to where the board has them (objects glide
/// through the statement playing now).
fn place_pieces(
    run: Res<PuzzleRun>,
    mut player: Query<(&PuzzlePlayer, &mut Transform), (Without<PuzzleObject>, Without<RewardMark>)>,
    mut objects: Query<(&PuzzleObject, &mut Transform), (Without<PuzzlePlayer>, Without<RewardMark>)>,
) {
    for (player, mut transform) in &mut player {
        let (x, y) = player.mover.position();
        transform.translation = to_world(x, y).extend(transform.translation.z);
    }
    let board = &run.board;
    let playing = board.playback.as_ref();
    for (object, mut transform) in &mut objects {
        let Some(now) = board.world.states.get(object.index) else { continue };
        let mut at = Vec2::new(now.pos.0 as f32, now.pos.1 as f32);
        if let Some(playback) = playing
            && let Some(before) = playback.before.states.get(object.index)
            && before.pos != now.pos
        {
            let t = walk::ease(playback.progress() / 0.8);
            let from = Vec2::new(before.pos.0 as f32, before.pos.1 as f32);
            at = from.lerp(at, t);
        }
        transform.translation = to_world(at.x, at.y).extend(transform.translation.z);
    }
}
