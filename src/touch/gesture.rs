//! Fingers on the screen read as the game's actions: a tap, a swipe, a floating stick or an
//! on-screen button, decided by the running mode's [`Scheme`]. Pure (no Bevy systems), so every
//! rule is unit-tested with made-up fingers; `touch::fold_touches` feeds it Bevy's `Touches`.

use bevy::math::{IVec2, Rect, Vec2};

use crate::grid_move::Dir;

/// How far (logical px) a finger travels before it counts as a swipe: far enough that a tap's
/// wobble never turns, short enough that a quick flick does.
pub(crate) const SWIPE_MIN: f32 = 24.0;
/// The floating stick's radius (logical px): a push this far is full strength, and the stick's
/// base follows a finger that goes further, so turning back never needs a long way home.
pub(crate) const STICK_RADIUS: f32 = 56.0;
/// Fingers followed at once; more are ignored (no device reports more than ten).
pub(crate) const MAX_FINGERS: usize = 10;

/// What a touch on the playfield (not on a button) does in the running mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// A touch anywhere jumps (or flaps), as the jump key does.
    Tap,
    /// A swipe turns, queued as an arrow key's turn is.
    Swipe,
    /// A floating stick appears under the finger: eight directions, as the arrow keys give.
    /// `steers`: a direction newly pushed also counts as pressed (the grid modes queue a step on
    /// it, as they do on an arrow key's press); where nothing reads a press it stays off, so the
    /// replay holds only what the mode uses.
    Stick { steers: bool },
}

/// An on-screen button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonKind {
    Pause,
    /// The explore modes' use key.
    Use,
    /// The explore modes' second key (quick travel).
    Travel,
    /// Opens the Code puzzle's program (the menus' confirm).
    Code,
    /// One arm of the Maze's D-pad: turns that way, as an arrow key or a swipe does.
    Turn(Dir),
}

/// A button where it is on the screen (logical px, origin top left, as touches are).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Button {
    pub kind: ButtonKind,
    pub rect: Rect,
}

/// One finger as Bevy reports it this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finger {
    pub id: u64,
    /// Where it first touched.
    pub start: Vec2,
    /// Where it is now.
    pub at: Vec2,
    /// It touched down this frame.
    pub began: bool,
}

/// What the fingers did this frame, in the terms of the game's actions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Folded {
    pub jump: bool,
    pub steer: Option<Dir>,
    /// The stick's direction: each axis -1, 0 or 1 (y up), as the keys' is.
    pub axis: IVec2,
    pub pause: bool,
    pub act: bool,
    pub alt: bool,
    pub confirm: bool,
}

/// A finger being followed: what it was claimed by when it touched down.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Tracked {
    id: u64,
    role: Role,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Role {
    /// It landed on a button, which had its press; it does nothing more.
    Button,
    /// A jump tap: it had its jump.
    Tap,
    /// A swipe: `anchor` is where the next turn is measured from.
    Swipe { anchor: Vec2, last: Option<Dir> },
    /// The stick: `base` is its centre, `held` the direction it gave last frame; `steers` as
    /// the scheme's.
    Stick { base: Vec2, held: IVec2, steers: bool },
    /// A second finger while the stick is held: ignored, so a thumb resting doesn't fight it.
    Idle,
}

/// The fingers followed from frame to frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Gestures {
    tracked: Vec<Tracked>,
}

impl Gestures {
    /// Reads this frame's fingers (every finger now down; one lifted is simply absent).
    pub fn fold(&mut self, scheme: Scheme, buttons: &[Button], fingers: &[Finger]) -> Folded {
        self.tracked.retain(|t| fingers.iter().any(|f| f.id == t.id));
        let mut folded = Folded::default();
        for finger in fingers {
            if finger.began {
                self.tracked.retain(|t| t.id != finger.id);
                if self.tracked.len() < MAX_FINGERS {
                    let role = self.claim(scheme, buttons, finger, &mut folded);
                    self.tracked.push(Tracked { id: finger.id, role });
                }
            }
            if let Some(tracked) = self.tracked.iter_mut().find(|t| t.id == finger.id) {
                follow(&mut tracked.role, finger.at, &mut folded);
            }
        }
        folded
    }

    /// The stick's centre and the finger on it, while a stick is held (for drawing it).
    pub fn stick(&self, fingers: &[Finger]) -> Option<(Vec2, Vec2)> {
        self.tracked.iter().find_map(|t| match t.role {
            Role::Stick { base, .. } => fingers.iter().find(|f| f.id == t.id).map(|f| (base, f.at)),
            _ => None,
        })
    }

    /// What a finger that touched down now is for; a button's press (and a tap's jump) is had here.
    fn claim(&self, scheme: Scheme, buttons: &[Button], finger: &Finger, folded: &mut Folded) -> Role {
        if let Some(button) = buttons.iter().find(|b| b.rect.contains(finger.start)) {
            match button.kind {
                ButtonKind::Pause => folded.pause = true,
                ButtonKind::Use => folded.act = true,
                ButtonKind::Travel => folded.alt = true,
                ButtonKind::Code => folded.confirm = true,
                ButtonKind::Turn(dir) => folded.steer = Some(dir),
            }
            return Role::Button;
        }
        match scheme {
            Scheme::Tap => {
                folded.jump = true;
                Role::Tap
            }
            Scheme::Swipe => Role::Swipe { anchor: finger.start, last: None },
            Scheme::Stick { steers } => {
                if self.tracked.iter().any(|t| matches!(t.role, Role::Stick { .. })) {
                    Role::Idle
                } else {
                    Role::Stick { base: finger.start, held: IVec2::ZERO, steers }
                }
            }
        }
    }
}

/// Moves a followed finger on to `at`, adding what that does.
fn follow(role: &mut Role, at: Vec2, folded: &mut Folded) {
    match role {
        Role::Swipe { anchor, last } => {
            let travel = at - *anchor;
            if travel.length() >= SWIPE_MIN {
                let dir = direction_of(travel);
                // Dragging on in the way it already turned measures afresh from here; a bend
                // the other way is a new turn.
                if *last != Some(dir) {
                    folded.steer = Some(dir);
                    *last = Some(dir);
                }
                *anchor = at;
            }
        }
        Role::Stick { base, held, steers } => {
            let mut offset = at - *base;
            if offset.length() > STICK_RADIUS {
                // The base follows the finger, so the push stays at full strength.
                *base = at - offset.normalize() * STICK_RADIUS;
                offset = at - *base;
            }
            // Screen y grows downward; the game's up is +y.
            let axis = crate::input::snapped_axis(Vec2::new(offset.x, -offset.y) / STICK_RADIUS);
            if *steers {
                folded.steer = newly_pushed(*held, axis).or(folded.steer);
            }
            *held = axis;
            folded.axis = axis;
        }
        Role::Button | Role::Tap | Role::Idle => {}
    }
}

/// The direction a keyboard player would just have pressed to go from holding `before` to
/// holding `now`: the axis that changed to a push (across first, as arrows pressed together
/// are read in that order).
fn newly_pushed(before: IVec2, now: IVec2) -> Option<Dir> {
    if now.x != 0 && now.x != before.x {
        Some(if now.x > 0 { Dir::Right } else { Dir::Left })
    } else if now.y != 0 && now.y != before.y {
        Some(if now.y > 0 { Dir::Up } else { Dir::Down })
    } else {
        None
    }
}

/// A travel's main direction, in the game's terms (screen y grows downward).
fn direction_of(travel: Vec2) -> Dir {
    if travel.x.abs() > travel.y.abs() {
        if travel.x > 0.0 { Dir::Right } else { Dir::Left }
    } else if travel.y > 0.0 {
        Dir::Down
    } else {
        Dir::Up
    }
}

#[cfg(test)]
#[path = "gesture_tests.rs"]
mod tests;
