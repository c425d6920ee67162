//! The on-screen touch controls (windowed game only): the pause button, the mode's action
//! buttons and the floating stick under the thumb. They appear only to a touch player (after a
//! first touch, or from the start on a phone: desktop players never see them), sit where
//! [`crate::touch::layout`] says the fingers hit, and fade while unused.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::input::{LastDevice, TypingFocus};
use crate::mode::Orientation;
use crate::palette;
use crate::session::Session;
use crate::state::{Pause, Screen};
use crate::touch::gesture::{ButtonKind, STICK_RADIUS};
use crate::touch::{Fingers, LastTouch, TouchGestures, layout, scheme, window_size};
use crate::ui::widgets::text;

/// Seconds without a touch before the controls fade back.
const FADE_AFTER: f32 = 3.0;
/// How opaque the controls are while in use, and once faded.
const SHOWN: f32 = 0.6;
const FADED: f32 = 0.22;
/// The buttons' labels' size (window px).
const LABEL_SIZE: f32 = 20.0;
/// The stick's knob radius (logical px).
const KNOB: f32 = 26.0;
/// The line asking to turn the phone: its text size, its card's padding across and down and its
/// corners' radius (window px, whatever the UI's scale), a slim strip along the top.
const TURN_TEXT: f32 = 16.0;
const TURN_PAD_X: f32 = 12.0;
const TURN_PAD_Y: f32 = 6.0;
const TURN_RADIUS: f32 = 10.0;
/// Where the strip's top is in a run (window px): under the on-screen pause button at the top
/// centre, with this gap, so the button, the HUD's corner cards and the play field's middle stay
/// in view. On the menus it is the window's top edge.
const TURN_GAP: f32 = 8.0;
const TURN_TOP_IN_RUN: f32 = layout::MARGIN + layout::PAUSE_SIDE + TURN_GAP;

#[derive(Component)]
struct TouchOverlay;
#[derive(Component)]
struct OnScreenButton(ButtonKind);
/// A button's label: its size is kept in window px, like the button's.
#[derive(Component)]
struct ControlLabel;
#[derive(Component)]
struct StickBase;
#[derive(Component)]
struct StickKnob;

/// The line asking a phone held the wrong way up to turn.
#[derive(Component)]
struct TurnPhone;
/// The full-width strip that holds the line's card, and the card.
#[derive(Component)]
struct TurnPhoneBar;
#[derive(Component)]
struct TurnPhoneCard;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_turn_phone)
        .add_systems(OnEnter(Screen::Playing), spawn_overlay)
        .add_systems(Update, (place_controls, fade_controls).run_if(in_state(Screen::Playing)))
        .add_systems(Update, (show_turn_phone, place_turn_phone));
}

/// The menus are laid out for a landscape window, and each mode says which way up suits it
/// (`ModeInfo::orientation`): on a touch screen held the other way the whole game still fits,
/// small, and a line says to turn it.
fn spawn_turn_phone(mut commands: Commands) {
    // A slim strip along the top, never over a card's buttons or the play field's middle (issue
    // #45: at 30% down it covered the game-over card's first button and the maze): the menus'
    // cards are centred, the game-over card docks along the bottom of an upright window, and the
    // bottom is the touch buttons'. Placed and sized in window px by `place_turn_phone`.
    let bar = Node {
        position_type: PositionType::Absolute,
        top: px(0),
        width: percent(100),
        justify_content: JustifyContent::Center,
        ..default()
    };
    commands.spawn((bar, TurnPhoneBar, GlobalZIndex(20), Visibility::Hidden)).with_children(|bar| {
        bar.spawn((
            TurnPhoneCard,
            Node {
                padding: UiRect::axes(px(TURN_PAD_X), px(TURN_PAD_Y)),
                border_radius: BorderRadius::all(px(TURN_RADIUS)),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            children![(
                text(turn_line(None, Orientation::Landscape), TURN_TEXT, palette::TEXT),
                TurnPhone,
                crate::ui::text_size::FixedTextSize,
            )],
        ));
    });
}

/// Keeps the strip its size in window px, as the touch controls are, whatever the UI's scale
/// (`ui::fit` grows a menu's UI on a touch screen): at the window's top edge over the menus, and
/// in a run (its pause too) just under the on-screen pause button.
fn place_turn_phone(
    scale: Res<UiScale>,
    screen: Res<State<Screen>>,
    mut bars: Query<&mut Node, (With<TurnPhoneBar>, Without<TurnPhoneCard>)>,
    mut cards: Query<&mut Node, (With<TurnPhoneCard>, Without<TurnPhoneBar>)>,
    mut fonts: Query<&mut TextFont, With<TurnPhone>>,
) {
    let scale = scale.0.max(f32::EPSILON);
    let top = if *screen.get() == Screen::Playing { px(TURN_TOP_IN_RUN / scale) } else { px(0) };
    for mut bar in &mut bars {
        if bar.top != top {
            bar.top = top;
        }
    }
    let padding = UiRect::axes(px(TURN_PAD_X / scale), px(TURN_PAD_Y / scale));
    let corners = BorderRadius::all(px(TURN_RADIUS / scale));
    for mut card in &mut cards {
        if card.padding != padding || card.border_radius != corners {
            card.padding = padding;
            card.border_radius = corners;
        }
    }
    let size = bevy::text::FontSize::Px(TURN_TEXT / scale);
    for mut font in &mut fonts {
        if font.font_size != size {
            font.font_size = size;
        }
    }
}

/// What the line says: the way to turn, and what is played that way.
pub(crate) fn turn_line(mode: Option<&str>, wanted: Orientation) -> String {
    let what = mode.unwrap_or("Seedfeast");
    match wanted {
        Orientation::Landscape => format!("Turn your phone sideways: {what} is played in landscape"),
        Orientation::Portrait => format!("Turn your phone upright: {what} is played in portrait"),
    }
}

fn show_turn_phone(
    device: Res<LastDevice>,
    screen: Res<State<Screen>>,
    session: Option<Res<Session>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut lines: Query<(&mut Text, &ChildOf), With<TurnPhone>>,
    cards: Query<&ChildOf>,
    mut bars: Query<&mut Visibility>,
) {
    // In a run, the mode's way up; on the menus, landscape, which they are laid out for.
    let running = session.filter(|_| *screen.get() == Screen::Playing).map(|session| session.mode);
    let (name, wanted) = match running {
        Some(mode) => (Some(mode.name()), mode.info().orientation),
        None => (None, Orientation::Landscape),
    };
    let upright = windows.single().is_ok_and(|window| window.height() > window.width());
    let wrong = match wanted {
        Orientation::Landscape => upright,
        Orientation::Portrait => !upright,
    };
    let shown = *device == LastDevice::Touch && wrong;
    for (mut text, card) in &mut lines {
        // Worded only while shown: nothing is built on the frames of a phone held the right way.
        if shown {
            let line = turn_line(name, wanted);
            if text.0 != line {
                text.0 = line;
            }
        }
        let Ok(bar) = cards.get(card.parent()).map(ChildOf::parent) else { continue };
        if let Ok(mut visibility) = bars.get_mut(bar) {
            visibility.set_if_neq(if shown { Visibility::Inherited } else { Visibility::Hidden });
        }
    }
}

fn circle(side: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        width: px(side),
        height: px(side),
        border: UiRect::all(px(3)),
        border_radius: BorderRadius::all(percent(50)),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    }
}

fn spawn_overlay(mut commands: Commands, session: Res<Session>) {
    let (_, kinds) = scheme(session.mode.info().controls);
    let root = Node { position_type: PositionType::Absolute, width: percent(100), height: percent(100), ..default() };
    // Above the HUD and the modes' panels, below the pause screen's (which hides it anyway).
    commands
        .spawn((root, TouchOverlay, GlobalZIndex(5), Visibility::Hidden, DespawnOnExit(Screen::Playing)))
        .with_children(|overlay| {
            for kind in std::iter::once(&ButtonKind::Pause).chain(kinds) {
                let side = layout::side(*kind);
                overlay.spawn((
                    OnScreenButton(*kind),
                    circle(side),
                    BackgroundColor(palette::PANEL),
                    BorderColor::all(palette::ACCENT),
                    children![(
                        text(layout::label(*kind), LABEL_SIZE, palette::TEXT),
                        ControlLabel,
                        crate::ui::text_size::FixedTextSize,
                    )],
                ));
            }
            let ring = STICK_RADIUS * 2.0;
            overlay.spawn((
                StickBase,
                circle(ring),
                BackgroundColor(palette::PANEL),
                BorderColor::all(palette::ACCENT),
            ));
            overlay.spawn((
                StickKnob,
                circle(KNOB * 2.0),
                BackgroundColor(palette::ACCENT),
                BorderColor::all(palette::TEXT),
            ));
        });
}

/// Puts each button where the gesture reader hits it, and the stick under the thumb holding it.
/// The layout is in window px; the UI's own px are those over [`UiScale`] (`ui::fit`), so the
/// controls keep their size in the hand whatever the menus' scale.
fn place_controls(
    windows: Query<&Window, With<PrimaryWindow>>,
    scale: Res<UiScale>,
    session: Res<Session>,
    fingers: Res<Fingers>,
    gestures: Res<TouchGestures>,
    mut buttons: Query<(&OnScreenButton, &mut Node), (Without<StickBase>, Without<StickKnob>)>,
    mut base: Query<(&mut Node, &mut Visibility), (With<StickBase>, Without<StickKnob>)>,
    mut knob: Query<(&mut Node, &mut Visibility), (With<StickKnob>, Without<StickBase>)>,
    mut labels: Query<&mut TextFont, With<ControlLabel>>,
) {
    let (_, kinds) = scheme(session.mode.info().controls);
    let placed = layout::buttons(kinds, window_size(&windows));
    let scale = scale.0.max(f32::EPSILON);
    for mut font in &mut labels {
        let wanted = bevy::text::FontSize::Px(LABEL_SIZE / scale);
        if font.font_size != wanted {
            font.font_size = wanted;
        }
    }
    for (button, mut node) in &mut buttons {
        if let Some(at) = placed.iter().find(|b| b.kind == button.0) {
            set_if_changed(&mut node, Rect::from_corners(at.rect.min / scale, at.rect.max / scale));
        }
    }
    let stick = gestures.0.stick(&fingers.down);
    if let Ok((mut node, mut visible)) = base.single_mut() {
        show_at(&mut node, &mut visible, stick.map(|(base, _)| base / scale), STICK_RADIUS / scale);
    }
    if let Ok((mut node, mut visible)) = knob.single_mut() {
        show_at(&mut node, &mut visible, stick.map(|(_, finger)| finger / scale), KNOB / scale);
    }
}

/// A circle of `radius` centred on `centre` (UI px), or hidden where there is none.
fn show_at(node: &mut Mut<Node>, visible: &mut Mut<Visibility>, centre: Option<Vec2>, radius: f32) {
    visible.set_if_neq(if centre.is_some() { Visibility::Inherited } else { Visibility::Hidden });
    if let Some(centre) = centre {
        set_if_changed(node, Rect::from_center_half_size(centre, Vec2::splat(radius)));
    }
}

/// Places a node on `rect` (UI px), touching it only when it moved or resized.
fn set_if_changed(node: &mut Mut<Node>, rect: Rect) {
    let (left, top, width, height) = (px(rect.min.x), px(rect.min.y), px(rect.width()), px(rect.height()));
    if node.left != left || node.top != top || node.width != width || node.height != height {
        node.left = left;
        node.top = top;
        node.width = width;
        node.height = height;
    }
}

/// Shown only to a touch player and only while the run is running; full while in use, faded after.
fn fade_controls(
    device: Res<LastDevice>,
    pause: Option<Res<State<Pause>>>,
    focus: Res<TypingFocus>,
    last: Res<LastTouch>,
    time: Res<Time<Real>>,
    mut overlay: Query<&mut Visibility, (With<TouchOverlay>, Without<OnScreenButton>)>,
    mut buttons: Query<(&OnScreenButton, &mut Visibility), Without<TouchOverlay>>,
    mut colours: Query<(&mut BackgroundColor, &mut BorderColor), Without<TouchOverlay>>,
    children: Query<&Children, With<TouchOverlay>>,
) {
    let running = pause.is_some_and(|pause| *pause.get() == Pause::Running);
    let shown = *device == LastDevice::Touch && running;
    for mut visibility in &mut overlay {
        visibility.set_if_neq(if shown { Visibility::Inherited } else { Visibility::Hidden });
    }
    // While a text field types (the puzzle's code panel, with its own chips), only pause acts:
    // the other buttons would be drawn and do nothing.
    for (button, mut visibility) in &mut buttons {
        let idle = focus.0 && button.0 != ButtonKind::Pause;
        visibility.set_if_neq(if idle { Visibility::Hidden } else { Visibility::Inherited });
    }
    let recent = last.0.is_some_and(|at| time.elapsed_secs() - at < FADE_AFTER);
    let alpha = if recent { SHOWN } else { FADED };
    for child in children.iter().flat_map(|c| c.iter()) {
        if let Ok((mut background, mut border)) = colours.get_mut(child)
            && (background.0.alpha() - alpha).abs() > 1e-3
        {
            background.0.set_alpha(alpha);
            let edge = border.top.with_alpha(alpha);
            *border = BorderColor::all(edge);
        }
    }
}
