//! Jump timing that forgives the player: coyote time and jump buffering, as pure logic.

/// Decides, frame by frame, whether the runner jumps now.
#[derive(Clone, Debug)]
pub struct JumpControl {
    coyote_time: f32,
    buffer_time: f32,
    since_grounded: f32,
    since_pressed: f32,
    /// Set by a jump until the runner is on the ground again, so coyote time can't double-jump.
    jumped: bool,
}

impl JumpControl {
    pub fn new(coyote_time: f32, buffer_time: f32) -> JumpControl {
        JumpControl { coyote_time, buffer_time, since_grounded: 0.0, since_pressed: f32::INFINITY, jumped: false }
    }

    /// Advances by `dt` seconds. `grounded`: standing on something and not moving up (so the
    /// frame a jump starts doesn't count as landing); `pressed`: jump was pressed this frame.
    /// Returns true when the jump should start now.
    pub fn tick(&mut self, dt: f32, grounded: bool, pressed: bool) -> bool {
        if grounded {
            self.since_grounded = 0.0;
            self.jumped = false;
        } else {
            self.since_grounded += dt;
        }
        self.since_pressed = if pressed { 0.0 } else { self.since_pressed + dt };
        let can_jump = !self.jumped && self.since_grounded <= self.coyote_time;
        let wants_jump = self.since_pressed <= self.buffer_time;
        if can_jump && wants_jump {
            self.jumped = true;
            self.since_pressed = f32::INFINITY;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f32 = 1.0 / 60.0;

    #[test]
    fn jumps_when_pressed_on_the_ground() {
        let mut jump = JumpControl::new(0.1, 0.12);
        assert!(!jump.tick(DT, true, false));
        assert!(jump.tick(DT, true, true));
    }

    #[test]
    fn coyote_time_forgives_a_late_press_once() {
        let mut jump = JumpControl::new(0.1, 0.12);
        jump.tick(DT, true, false);
        for _ in 0..4 {
            assert!(!jump.tick(DT, false, false));
        }
        assert!(jump.tick(DT, false, true), "5 frames (83 ms) after the edge is within 100 ms");
        assert!(!jump.tick(DT, false, true), "no second jump in the air");
        let mut late = JumpControl::new(0.1, 0.12);
        late.tick(DT, true, false);
        for _ in 0..7 {
            late.tick(DT, false, false);
        }
        assert!(!late.tick(DT, false, true), "8 frames (133 ms) is too late");
    }

    #[test]
    fn a_buffered_press_fires_on_landing() {
        let mut jump = JumpControl::new(0.1, 0.12);
        jump.tick(DT, false, false);
        jump.since_grounded = 1.0;
        assert!(!jump.tick(DT, false, true));
        for _ in 0..4 {
            assert!(!jump.tick(DT, false, false));
        }
        assert!(jump.tick(DT, true, false), "pressed 83 ms before landing");
        let mut stale = JumpControl::new(0.1, 0.12);
        stale.since_grounded = 1.0;
        stale.tick(DT, false, true);
        for _ in 0..9 {
            stale.tick(DT, false, false);
        }
        assert!(!stale.tick(DT, true, false), "pressed 167 ms before landing is forgotten");
    }
}
