//! The gesture rules, one made-up finger at a time.

use super::*;

fn down(id: u64, at: Vec2) -> Finger {
    Finger { id, start: at, at, began: true }
}

fn moved(finger: Finger, at: Vec2) -> Finger {
    Finger { at, began: false, ..finger }
}

const PAUSE: Button =
    Button { kind: ButtonKind::Pause, rect: Rect { min: Vec2::new(0.0, 0.0), max: Vec2::new(50.0, 50.0) } };
const USE: Button =
    Button { kind: ButtonKind::Use, rect: Rect { min: Vec2::new(500.0, 300.0), max: Vec2::new(580.0, 380.0) } };

#[test]
fn a_tap_jumps_once_and_a_held_finger_does_not_jump_again() {
    let mut gestures = Gestures::default();
    let finger = down(1, Vec2::new(300.0, 200.0));
    assert!(gestures.fold(Scheme::Tap, &[PAUSE], &[finger]).jump);
    assert_eq!(gestures.fold(Scheme::Tap, &[PAUSE], &[moved(finger, Vec2::new(320.0, 200.0))]), Folded::default());
    assert_eq!(gestures.fold(Scheme::Tap, &[PAUSE], &[]), Folded::default(), "lifted");
    // Two fingers in one frame are two taps, but one jump is all a step can hold.
    let both = gestures.fold(Scheme::Tap, &[], &[down(2, Vec2::ONE), down(3, Vec2::ONE * 9.0)]);
    assert!(both.jump);
}

#[test]
fn a_button_takes_its_finger_whatever_the_scheme() {
    for scheme in [Scheme::Tap, Scheme::Swipe, Scheme::Stick { steers: true }] {
        let mut gestures = Gestures::default();
        let finger = down(7, Vec2::new(10.0, 10.0));
        let folded = gestures.fold(scheme, &[PAUSE, USE], &[finger]);
        assert_eq!(folded, Folded { pause: true, ..default() }, "{scheme:?}");
        // Dragging off the button afterwards neither swipes nor pushes a stick.
        let later = gestures.fold(scheme, &[PAUSE, USE], &[moved(finger, Vec2::new(200.0, 10.0))]);
        assert_eq!(later, Folded::default(), "{scheme:?}");
    }
    let mut gestures = Gestures::default();
    assert!(gestures.fold(Scheme::Stick { steers: true }, &[PAUSE, USE], &[down(1, Vec2::new(540.0, 340.0))]).act);
}

#[test]
fn a_swipe_turns_once_past_its_threshold_and_again_on_a_bend() {
    let mut gestures = Gestures::default();
    let finger = down(1, Vec2::new(100.0, 100.0));
    assert_eq!(gestures.fold(Scheme::Swipe, &[], &[finger]).steer, None, "a touch alone is no turn");
    let short = moved(finger, Vec2::new(100.0 + SWIPE_MIN - 1.0, 100.0));
    assert_eq!(gestures.fold(Scheme::Swipe, &[], &[short]).steer, None, "a wobble is no turn");
    let right = moved(finger, Vec2::new(100.0 + SWIPE_MIN + 1.0, 103.0));
    assert_eq!(gestures.fold(Scheme::Swipe, &[], &[right]).steer, Some(Dir::Right));
    let further = moved(finger, Vec2::new(200.0, 103.0));
    assert_eq!(gestures.fold(Scheme::Swipe, &[], &[further]).steer, None, "on the way it already turned");
    // Screen y grows downward: a finger moving up the glass turns up.
    let up = moved(finger, Vec2::new(200.0, 50.0));
    assert_eq!(gestures.fold(Scheme::Swipe, &[], &[up]).steer, Some(Dir::Up));
    // A flick made within one frame (touched and moved before the frame was read) turns at once.
    let flick = Finger { id: 2, start: Vec2::new(10.0, 10.0), at: Vec2::new(10.0, 60.0), began: true };
    assert_eq!(Gestures::default().fold(Scheme::Swipe, &[], &[flick]).steer, Some(Dir::Down));
}

#[test]
fn the_stick_gives_eight_directions_like_the_keys_and_its_base_follows() {
    let mut gestures = Gestures::default();
    let scheme = Scheme::Stick { steers: true };
    let finger = down(1, Vec2::new(200.0, 200.0));
    assert_eq!(gestures.fold(scheme, &[], &[finger]), Folded::default(), "resting under the thumb: no push");
    let dead = moved(finger, Vec2::new(205.0, 203.0));
    assert_eq!(gestures.fold(scheme, &[], &[dead]).axis, IVec2::ZERO, "inside the dead zone");
    let right = gestures.fold(scheme, &[], &[moved(finger, Vec2::new(240.0, 200.0))]);
    assert_eq!((right.axis, right.steer), (IVec2::new(1, 0), Some(Dir::Right)));
    // Up and right together (screen y down), the newly pushed axis is the one pressed.
    let diagonal = gestures.fold(scheme, &[], &[moved(finger, Vec2::new(240.0, 160.0))]);
    assert_eq!((diagonal.axis, diagonal.steer), (IVec2::new(1, 1), Some(Dir::Up)));
    let held = gestures.fold(scheme, &[], &[moved(finger, Vec2::new(241.0, 160.0))]);
    assert_eq!((held.axis, held.steer), (IVec2::new(1, 1), None), "held, not pressed again");
    // Far out to the right, then back a little: the base came along, so the push is still right.
    gestures.fold(scheme, &[], &[moved(finger, Vec2::new(600.0, 200.0))]);
    let back = gestures.fold(scheme, &[], &[moved(finger, Vec2::new(590.0, 200.0))]);
    assert_eq!(back.axis, IVec2::new(1, 0));
    let (base, at) = gestures.stick(&[moved(finger, Vec2::new(590.0, 200.0))]).expect("held");
    assert!((at - base).length() <= STICK_RADIUS + 1e-3);
    // A second finger while the stick is held is ignored; lifting both ends the push.
    let thumb = down(2, Vec2::new(100.0, 300.0));
    let two =
        gestures.fold(scheme, &[], &[moved(finger, Vec2::new(590.0, 200.0)), moved(thumb, Vec2::new(20.0, 300.0))]);
    assert_eq!(two.axis, IVec2::new(1, 0));
    assert_eq!(gestures.fold(scheme, &[], &[]), Folded::default());
}

#[test]
fn a_stick_that_does_not_steer_only_holds() {
    let mut gestures = Gestures::default();
    let scheme = Scheme::Stick { steers: false };
    let finger = down(1, Vec2::new(200.0, 200.0));
    gestures.fold(scheme, &[], &[finger]);
    let left = gestures.fold(scheme, &[], &[moved(finger, Vec2::new(100.0, 200.0))]);
    assert_eq!((left.axis, left.steer), (IVec2::new(-1, 0), None));
}

#[test]
fn fingers_past_ten_are_ignored_and_forgotten_ones_are_dropped() {
    let mut gestures = Gestures::default();
    let fingers: Vec<Finger> = (0..40).map(|i| down(i, Vec2::splat(i as f32 * 3.0))).collect();
    gestures.fold(Scheme::Swipe, &[], &fingers);
    assert_eq!(gestures.tracked.len(), MAX_FINGERS);
    gestures.fold(Scheme::Swipe, &[], &fingers[..2]);
    assert_eq!(gestures.tracked.len(), 2);
}

fn default() -> Folded {
    Folded::default()
}
