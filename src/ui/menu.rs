//! Menus driven by keyboard, gamepad or mouse: up/down move a cursor, confirm (or a click)
//! triggers the item's [`MenuAction`], handled in one place.

use bevy::prelude::*;

use crate::data::{DataProblem, GameData};
use crate::input::Actions;
use crate::palette;
use crate::session::{Mode, Session, utc_today};
use crate::state::{Pause, Screen};
use crate::toast::Toast;
use crate::ui::clipboard::{copy_code, copy_session_code, start_paste};
use crate::ui::share::share_run;
use seedfeast_procgen::Seed;

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuAction {
    /// Title → mode select.
    Start,
    ChooseMode(Mode),
    /// Start a run with the current session.
    Play,
    NewSeed,
    Daily,
    CopyCode,
    PasteCode,
    /// Seed screen, in the browser: type a seed in the page's text input (a phone's keyboard).
    TypeSeed,
    /// Seed screen → the seeds played in this mode.
    History,
    /// Your seeds: play the selected one.
    PlayHistory,
    /// Your seeds → the seed screen.
    BackToSeeds,
    /// Game over: copy a short text about the run for a friend.
    Share,
    /// Game over and pause: play the same seed again from its start (a new run).
    Retry,
    /// The pause's settings → the pause.
    BackToPause,
    /// Game over: a fresh random seed, straight into play.
    PlayNewSeed,
    Resume,
    ToTitle,
    Back,
    ReloadData,
    Quit,
    /// Title → settings.
    Settings,
    /// Settings: confirm turns the volume up a step (wrapping), left/right move it.
    Volume,
    /// Settings: the music's volume, as `Volume` the effects' (issue #34).
    MusicVolume,
    /// Settings: reduced motion on or off (no shake, flashes or parallax).
    ReducedMotion,
    /// Settings: confirm waits for the key to give this action (issue #29).
    Rebind(seedfeast_save::Action),
    /// Settings: every action back on its default key (or gamepad button, when a pad was used last).
    ResetKeys,
    /// Settings: the standard colours or the colour-safe ones (issue #29).
    Colours,
    /// Settings: fullscreen on or off (as F11 does).
    Fullscreen,
    /// Settings: sound on or off (as M does).
    Mute,
    /// Settings: normal or large text.
    TextSize,
    /// Settings: the score board's address, typed (issue #31).
    BoardAddress,
    /// Settings: the player's name on boards, typed.
    PlayerName,
    /// Game over: send the run to the board, which re-plays it and ranks it.
    SubmitToBoard,
    /// Pause, game over and the seed screen: the level made again step by step (`ui::how_made`,
    /// issue #33).
    HowMade,
}

#[derive(Component, Debug, Clone, Copy)]
pub struct MenuItem {
    pub order: usize,
}

/// Which item keyboard and gamepad act on.
#[derive(Resource, Default, Debug)]
pub struct MenuCursor(pub usize);

/// The item the next screen's cursor starts on, when the player is coming back to it from a
/// screen it opened (back from *Your seeds* to that button, back from the settings to
/// *Settings*); none for a screen newly opened, whose cursor starts on its first item.
#[derive(Resource, Default, Debug)]
pub struct MenuReturn(pub Option<usize>);

/// A screen's opening: its cursor on its first item, or on the one the player is coming back to.
pub(crate) fn reset_cursor(cursor: &mut MenuCursor, back_to: &mut MenuReturn) {
    cursor.0 = back_to.0.take().unwrap_or(0);
}

/// On a screen's root: a tap that lands on none of its items chooses this (the game-over card's
/// retry: tap anywhere off the buttons).
#[derive(Component, Debug, Clone, Copy)]
pub struct TapElsewhere(pub MenuAction);

/// Where each screen keeps the item a player comes back to.
pub(crate) mod return_to {
    /// The title's *Settings*.
    pub const TITLE_SETTINGS: usize = 1;
    /// The seed screen's *Your seeds*.
    pub const YOUR_SEEDS: usize = 5;
    /// The pause's *Settings*.
    pub const PAUSE_SETTINGS: usize = 2;
}

/// The menu's systems, for ordering other input handling before them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct MenuSystems;

/// Fired when a menu item is chosen.
#[derive(Event, Debug, Clone, Copy)]
pub struct MenuChosen(pub MenuAction);

pub(crate) struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<MenuCursor>()
            .init_resource::<MenuReturn>()
            .add_systems(Update, (follow_mouse, move_cursor, choose_item, paint_items).chain().in_set(MenuSystems))
            .add_observer(on_menu_chosen);
    }
}

fn move_cursor(actions: Res<Actions>, mut cursor: ResMut<MenuCursor>, items: Query<&MenuItem>) {
    let count = items.iter().map(|i| i.order + 1).max().unwrap_or(0);
    if count == 0 {
        return;
    }
    if actions.down {
        cursor.0 = (cursor.0 + 1) % count;
    }
    if actions.up {
        cursor.0 = (cursor.0 + count - 1) % count;
    }
    cursor.0 = cursor.0.min(count - 1);
}

/// The selection follows the mouse only when the mouse moves: a pointer resting where a new
/// screen puts a button must not steal the keyboard's selection.
fn follow_mouse(
    windows: Query<&Window>,
    mut last_position: Local<Option<Vec2>>,
    mut cursor: ResMut<MenuCursor>,
    items: Query<(&MenuItem, &Interaction)>,
) {
    let position = windows.iter().find_map(Window::cursor_position);
    let moved = position.is_some() && position != *last_position;
    *last_position = position;
    if !moved {
        return;
    }
    for (item, interaction) in &items {
        if *interaction != Interaction::None {
            cursor.0 = item.order;
        }
    }
}

/// A menu item's place on screen, once laid out (windowed game only).
pub(crate) type Placed<'a> = (Option<&'a ComputedNode>, Option<&'a UiGlobalTransform>, Option<&'a InheritedVisibility>);

/// The fingers that touched down while the screen now showing was already showing: only their
/// lifts are taps on it. A finger that went down on the screen before (a flap the instant before
/// a run ended, the pause button) lifts on this one and taps nothing.
#[derive(Default)]
pub(crate) struct TapFingers {
    screen: Option<(Screen, Option<Pause>)>,
    touched_here: Vec<u64>,
}

fn choose_item(
    mut commands: Commands,
    actions: Res<Actions>,
    cursor: Res<MenuCursor>,
    items: Query<(&MenuItem, &MenuAction, Ref<Interaction>, Placed)>,
    fingers: Option<Res<crate::touch::Fingers>>,
    drags: Option<Res<crate::ui::scroll::Drags>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    states: (Option<Res<State<Screen>>>, Option<Res<State<Pause>>>),
    elsewhere: (Query<&TapElsewhere>, Res<crate::input::TypingFocus>),
    mut here: Local<TapFingers>,
) {
    // Taps are hit-tested here, not left to `Interaction`: on a slow phone a whole tap can begin
    // and end within one frame, which `Interaction` never sees. A tap is taken as the finger lifts
    // where it touched, so a finger dragging a tall screen (`ui::scroll`) presses nothing; while
    // any finger is on the screen, `Interaction`'s presses (which follow the finger) are ignored.
    let scale = windows.single().map_or(1.0, Window::scale_factor);
    let fingers = fingers.as_deref();
    let screen = states.0.map(|s| (*s.get(), states.1.map(|p| *p.get())));
    if here.screen != screen {
        here.screen = screen;
        here.touched_here.clear();
    }
    let down = fingers.map_or(&[][..], |f| f.down.as_slice());
    here.touched_here.retain(|id| down.iter().any(|f| f.id == *id));
    for finger in down.iter().filter(|f| f.began) {
        here.touched_here.push(finger.id);
    }
    let dragged = |id: u64| drags.as_ref().is_some_and(|d| d.dragged(id));
    let taps: Vec<Vec2> = fingers
        .iter()
        .flat_map(|f| f.lifted_now())
        .filter(|f| here.touched_here.contains(&f.id))
        .filter(|f| !dragged(f.id) && !crate::ui::scroll::is_drag(f.start, f.at))
        .map(|f| f.start * scale)
        .collect();
    for (item, action, interaction, placed) in &items {
        let clicked_now = *interaction == Interaction::Pressed && interaction.is_changed() && down.is_empty();
        if (actions.confirm && item.order == cursor.0) || clicked_now || tapped(placed, &taps) {
            commands.trigger(MenuChosen(*action));
            return;
        }
    }
    // Not while a text prompt is open: a tap beside it is no wish to leave.
    let (elsewhere, typing) = elsewhere;
    if let Some(elsewhere) = elsewhere.iter().next().filter(|_| !taps.is_empty() && !typing.0) {
        commands.trigger(MenuChosen(elsewhere.0));
    }
}

/// Whether a tap (physical px) landed on a laid-out, visible item.
pub(crate) fn tapped((node, transform, visible): Placed, taps: &[Vec2]) -> bool {
    let (Some(node), Some(transform)) = (node, transform) else { return false };
    if visible.is_some_and(|v| !v.get()) || node.is_empty() {
        return false;
    }
    let area = Rect::from_center_size(transform.translation, node.size());
    taps.iter().any(|tap| area.contains(*tap))
}

fn paint_items(cursor: Res<MenuCursor>, mut items: Query<(&MenuItem, &mut BackgroundColor)>) {
    for (item, mut background) in &mut items {
        background.0 = if item.order == cursor.0 { palette::BUTTON_SELECTED } else { palette::BUTTON };
    }
}

fn on_menu_chosen(
    chosen: On<MenuChosen>,
    mut commands: Commands,
    mut session: ResMut<Session>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_pause: Option<ResMut<NextState<Pause>>>,
    mut toast: ResMut<Toast>,
    data: Option<Res<GameData>>,
    problem: Option<Res<DataProblem>>,
    mut exit: MessageWriter<AppExit>,
    mut entry: Option<ResMut<crate::ui::seed_entry::SeedEntry>>,
    screen: Option<Res<State<Screen>>>,
    mut back_to: ResMut<MenuReturn>,
) {
    // The cursor stays where it is: a screen that opens puts it on its first item itself (its
    // `OnEnter`), and an action that keeps the screen (*Copy code*, *Share*, *New random seed*,
    // a refused code) leaves the player where they were, so the next Enter does the same again
    // instead of whatever is first (on the game-over screen: starting a run).
    match chosen.0 {
        MenuAction::Start => next_screen.set(Screen::ModeSelect),
        MenuAction::ChooseMode(mode) => choose_mode(&mut session, &mut next_screen, mode),
        MenuAction::Play => play_chosen_seed(&mut session, &mut next_screen, &mut entry),
        MenuAction::Retry => {
            // From the pause too: the run left is a new one from its start (a new replay).
            set_pause(&mut next_pause, Pause::Running);
            next_screen.set(Screen::Playing);
        }
        // The pause's cursor comes back to *Settings* (`back_on_pause_settings`).
        MenuAction::BackToPause => set_pause(&mut next_pause, Pause::Paused),
        MenuAction::NewSeed => *session = Session::random(session.mode),
        MenuAction::PlayNewSeed => {
            *session = Session::random(session.mode);
            next_screen.set(Screen::Playing);
        }
        MenuAction::Daily => *session = daily_session(session.mode),
        MenuAction::CopyCode => copy_shown_code(&mut commands, entry.as_deref(), screen.as_deref(), session.mode),
        MenuAction::PasteCode => commands.run_system_cached(start_paste),
        MenuAction::History => next_screen.set(Screen::SeedHistory),
        MenuAction::PlayHistory => commands.run_system_cached(crate::ui::seed_history::play_selected),
        MenuAction::BackToSeeds => {
            back_to.0 = Some(return_to::YOUR_SEEDS);
            next_screen.set(Screen::SeedSelect);
        }
        MenuAction::Share => commands.run_system_cached(share_run),
        MenuAction::Resume => set_pause(&mut next_pause, Pause::Running),
        MenuAction::ToTitle => to_title(screen.as_deref(), &mut back_to, &mut next_screen),
        MenuAction::Back => next_screen.set(Screen::ModeSelect),
        MenuAction::ReloadData => reload_data(&mut commands, data, problem, &mut toast, &mut next_screen),
        MenuAction::Quit => {
            exit.write(AppExit::Success);
        }
        MenuAction::Settings => open_settings(&mut next_pause, screen.as_deref(), &mut next_screen),
        // Changed and saved by the settings screen's own observer (`ui::settings`).
        MenuAction::Volume
        | MenuAction::MusicVolume
        | MenuAction::ReducedMotion
        | MenuAction::Rebind(_)
        | MenuAction::ResetKeys
        | MenuAction::Fullscreen
        | MenuAction::Mute
        | MenuAction::TextSize
        | MenuAction::Colours
        | MenuAction::BoardAddress
        | MenuAction::PlayerName
        // Sent (or a name asked for first) by `ui::board_card`.
        | MenuAction::SubmitToBoard
        // Opened by `ui::how_made`.
        | MenuAction::HowMade
        // Asked for by `ui::seed_entry`.
        | MenuAction::TypeSeed => {}
    }
}

/// *Choose mode*: the mode's seed screen; a level is a place in one mode's run, so another mode
/// starts from its beginning.
fn choose_mode(session: &mut ResMut<Session>, next_screen: &mut ResMut<NextState<Screen>>, mode: Mode) {
    session.mode = mode;
    session.level = None;
    next_screen.set(Screen::SeedSelect);
}

/// *Play*: text typed on the seed screen is the seed its preview shows and Play plays; if it
/// plays no level, the reason shows instead and nothing starts.
fn play_chosen_seed(
    session: &mut ResMut<Session>,
    next_screen: &mut ResMut<NextState<Screen>>,
    entry: &mut Option<ResMut<crate::ui::seed_entry::SeedEntry>>,
) {
    if let Some(entry) = entry.as_mut().filter(|entry| !entry.text.trim().is_empty())
        && !entry.submit(session)
    {
        return;
    }
    next_screen.set(Screen::Playing);
}

/// Sets the pause's next state, where there is a pause.
fn set_pause(next_pause: &mut Option<ResMut<NextState<Pause>>>, pause: Pause) {
    if let Some(next) = next_pause.as_mut() {
        next.set(pause);
    }
}

/// Today's daily challenge (UTC) in `mode`.
fn daily_session(mode: Mode) -> Session {
    let (year, month, day) = utc_today();
    let date = format!("{year:04}-{month:02}-{day:02}");
    Session {
        mode,
        seed: Seed::daily(year, month, day),
        origin: Some(format!("daily challenge {date} (UTC)")),
        daily: Some(date),
        level: None,
    }
}

/// *Copy code*: on the seed screen, typed text that reads as a seed is the seed shown, so it is
/// the one copied; elsewhere the session's code.
fn copy_shown_code(
    commands: &mut Commands,
    entry: Option<&crate::ui::seed_entry::SeedEntry>,
    screen: Option<&State<Screen>>,
    mode: Mode,
) {
    match entry
        .filter(|_| screen.is_some_and(|screen| *screen.get() == Screen::SeedSelect))
        .and_then(|entry| entry.typed_session(mode))
    {
        Some(typed) => commands.run_system_cached_with(copy_session_code, typed),
        None => commands.run_system_cached(copy_code),
    }
}

/// *To title*: from the settings screen, the title's cursor comes back to its *Settings*.
fn to_title(
    screen: Option<&State<Screen>>,
    back_to: &mut ResMut<MenuReturn>,
    next_screen: &mut ResMut<NextState<Screen>>,
) {
    if screen.is_some_and(|screen| *screen.get() == Screen::Settings) {
        back_to.0 = Some(return_to::TITLE_SETTINGS);
    }
    next_screen.set(Screen::Title);
}

/// *Reload data*: the game's data read again from where it came from; back to the title once it
/// loads, else a toast says what is still broken.
fn reload_data(
    commands: &mut Commands,
    data: Option<Res<GameData>>,
    problem: Option<Res<DataProblem>>,
    toast: &mut ResMut<Toast>,
    next_screen: &mut ResMut<NextState<Screen>>,
) {
    let source = data.map(|d| d.source.clone()).or(problem.map(|p| p.source.clone()));
    let Some(source) = source else { return };
    match GameData::load(source) {
        Ok(data) => {
            commands.insert_resource(data);
            commands.remove_resource::<DataProblem>();
            toast.show("Data reloaded");
            next_screen.set(Screen::Title);
        }
        Err(error) => toast.show(format!("Still broken: {error}")),
    }
}

/// *Settings*: from the pause they open over the waiting run, else as their own screen.
fn open_settings(
    next_pause: &mut Option<ResMut<NextState<Pause>>>,
    screen: Option<&State<Screen>>,
    next_screen: &mut ResMut<NextState<Screen>>,
) {
    match next_pause.as_mut() {
        Some(next) if screen.is_some_and(|screen| *screen.get() == Screen::Playing) => {
            next.set(Pause::Settings);
        }
        _ => next_screen.set(Screen::Settings),
    }
}
