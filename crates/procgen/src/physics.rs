//! The physics model every generator plans with: how far the runner jumps and how far the flyer
//! climbs or drops. The numbers live in the tuning files (gravity, jump speed, flap speed …);
//! this module is the one place that turns them into reach. The game's physics plugin builds
//! these values from the same tuning and hands them to the generators, the CLI calls the same
//! functions, and headless rapier tests measure the real flight against them.
//!
//! Reach is defined once, for both bodies, as **centre travel without forgiveness**: the
//! horizontal (runner) or vertical (flyer) distance the body's centre covers between two points
//! at the same height, with no coyote time or jump buffer helping. For a gap this is edge to edge
//! as the collider meets it: a runner taking off with its leading edge at the near edge clears
//! any gap up to its reach (the collider's width is extra margin on top).

/// Fixed simulation steps per second: gameplay and rapier step at this rate everywhere.
pub const STEP_HZ: f64 = 60.0;

/// The physics engine's substeps per fixed step (rapier's `num_solver_iterations`): it moves a
/// body in this many small steps, so a falling body covers `v·dt − g·dt²·(n+1)/(2n)` in a step,
/// not `v·dt − g·dt²`. The game configures rapier with this same number.
pub const SOLVER_SUBSTEPS: u32 = 4;

/// Seconds per fixed step, as the game's physics uses it.
pub(crate) fn step_seconds() -> f32 {
    (1.0 / STEP_HZ) as f32
}

/// The runner's jump: a parabola under `gravity` launched at `jump_speed` straight up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JumpReach {
    pub gravity: f32,
    pub jump_speed: f32,
}

impl JumpReach {
    /// Horizontal distance covered by a jump at `speed`: speed × 2 × jump_speed / gravity (the
    /// seed document's formula; a headless rapier test measures the real jump within 3% of it).
    ///
    /// ```
    /// use seedfeast_procgen::physics::JumpReach;
    /// let reach = JumpReach { gravity: 2000.0, jump_speed: 760.0 };
    /// assert_eq!(reach.range(300.0), 300.0 * 2.0 * 760.0 / 2000.0);
    /// ```
    pub fn range(&self, speed: f32) -> f32 {
        speed * 2.0 * self.jump_speed / self.gravity
    }

    /// Peak height of a jump: jump_speed² / (2 × gravity).
    pub fn height(&self) -> f32 {
        self.jump_speed * self.jump_speed / (2.0 * self.gravity)
    }
}

impl JumpReach {
    /// The reach of a jumper under `gravity` that leaves the ground at `jump_speed` (a mode
    /// builds it from its tuning: `JumpReach::of` beside the runner's tuning).
    pub fn new(gravity: f32, jump_speed: f32) -> JumpReach {
        JumpReach { gravity, jump_speed }
    }
}

/// The flyer's vertical motion, stepped exactly as the game and rapier step it: each fixed step
/// the game sets the upward speed to `flap_speed` on a flap (at most one every
/// `flap_every_steps`) and caps the fall at `max_fall_speed`; then rapier moves the body in
/// [`SOLVER_SUBSTEPS`] substeps, each applying gravity to the velocity and then moving the body
/// by it (semi-implicit Euler per substep). Serializes with its fields' names (a tunnel trace's
/// `rules` event carries it).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct FlyerReach {
    pub gravity: f32,
    pub flap_speed: f32,
    pub max_fall_speed: f32,
    /// Steps from one flap to the earliest next one.
    pub flap_every_steps: u32,
    /// Seconds per step.
    pub dt: f32,
    /// The physics engine's substeps per step.
    pub substeps: u32,
}

/// The most steps a flight is modelled for: ten minutes, far beyond any gate spacing.
const MAX_MODELLED_STEPS: u32 = 36_000;

impl FlyerReach {
    /// Whole steps available in `seconds` (rounded down: a fraction of a step moves nothing).
    pub fn steps_in(&self, seconds: f32) -> u32 {
        if !(seconds.is_finite() && seconds > 0.0) {
            return 0;
        }
        // A hair of slack so 0.2 s is 12 steps, not 11, when the division lands just below.
        ((seconds / self.dt) + 1e-4).floor().min(MAX_MODELLED_STEPS as f32) as u32
    }

    /// One step from vertical speed `v`, flapping or not: the speed after the step and the
    /// height gained.
    pub fn step(&self, v: f32, flap: bool) -> (f32, f32) {
        let before = if flap { self.flap_speed } else { v }.max(-self.max_fall_speed);
        let after = before - self.gravity * self.dt;
        let n = self.substeps.max(1) as f32;
        let gained = (before - self.gravity * self.dt * (n + 1.0) / (2.0 * n)) * self.dt;
        (after, gained)
    }

    /// The height gained in `steps` steps, leaving level with a flap ready and flapping as
    /// soon as allowed (the height one flap gives is concave in time, so shorter cycles gain more).
    ///
    /// ```
    /// use seedfeast_procgen::physics::FlyerReach;
    /// let flyer = FlyerReach { gravity: 1600.0, flap_speed: 480.0, max_fall_speed: 720.0, flap_every_steps: 12, dt: 1.0 / 60.0, substeps: 4 };
    /// // One flap cycle in twelve steps of four substeps: 63.33, not the continuous 64.
    /// assert!((flyer.climb(12) - 63.333).abs() < 1e-2);
    /// ```
    pub fn climb(&self, steps: u32) -> f32 {
        let (mut v, mut y) = (0.0f32, 0.0f32);
        for i in 0..steps.min(MAX_MODELLED_STEPS) {
            let (after, dy) = self.step(v, i % self.flap_every_steps.max(1) == 0);
            v = after;
            y += dy;
        }
        // Where the schedule is after exactly `steps`, not its highest point on the way: that
        // height is surely reachable at that moment, so the rule never promises more.
        y
    }

    /// The most height lost in `steps` steps, leaving level and never flapping.
    pub fn drop(&self, steps: u32) -> f32 {
        let (mut v, mut y) = (0.0f32, 0.0f32);
        for _ in 0..steps.min(MAX_MODELLED_STEPS) {
            let (after, dy) = self.step(v, false);
            v = after;
            y += dy;
        }
        -y
    }

    /// The most height gained over `seconds`.
    pub fn max_climb(&self, seconds: f32) -> f32 {
        self.climb(self.steps_in(seconds))
    }

    /// The most height lost over `seconds`.
    pub fn max_drop(&self, seconds: f32) -> f32 {
        self.drop(self.steps_in(seconds))
    }

    /// Height gained per flap when flapping as often as allowed (one full cycle from level).
    pub fn climb_per_flap(&self) -> f32 {
        let (mut v, mut y) = (0.0f32, 0.0f32);
        for i in 0..self.flap_every_steps.max(1) {
            let (after, dy) = self.step(v, i == 0);
            v = after;
            y += dy;
        }
        y
    }
}

/// The flyer's reach from its tuning's physics, at the game's step rate (a mode builds it from
/// its tuning: `FlyerReach::of` beside the tunnel's tuning).
pub fn flyer_reach(gravity: f32, flap_speed: f32, flap_interval: f32, max_fall_speed: f32) -> FlyerReach {
    let dt = step_seconds();
    // The game counts whole steps between flaps: the interval rounded to the nearest step.
    let flap_every_steps = ((flap_interval / dt).round() as u32).max(1);
    FlyerReach { gravity, flap_speed, max_fall_speed, flap_every_steps, dt, substeps: SOLVER_SUBSTEPS }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> FlyerReach {
        flyer_reach(1600.0, 480.0, 0.2, 720.0)
    }

    #[test]
    fn a_flap_every_twelve_steps_climbs_a_little_less_than_the_closed_form() {
        // Measured in rapier by the game's headless tests: 63.33 a flap, 12.28 a step at terminal speed.
        let flyer = shipped();
        assert_eq!(flyer.flap_every_steps, 12);
        let per_flap = flyer.climb_per_flap();
        assert!((per_flap - 63.333).abs() < 0.01, "{per_flap}");
        // The continuous model's 64 a flap overestimates what the fixed step does.
        assert!(per_flap < 480.0 * 0.2 - 1600.0 * 0.04 / 2.0);
        assert_eq!(flyer.steps_in(0.2), 12);
        assert_eq!(flyer.steps_in(-1.0), 0);
        assert_eq!(flyer.steps_in(f32::NAN), 0);
    }

    #[test]
    fn climbing_and_dropping_grow_with_time_and_falls_are_capped() {
        let flyer = shipped();
        let mut last = (0.0, 0.0);
        for steps in 1..400 {
            let (up, down) = (flyer.climb(steps), flyer.drop(steps));
            assert!(up >= last.0 && down >= last.1, "step {steps}");
            last = (up, down);
        }
        // Terminal speed: the cap, plus the part of a step's gravity the substeps apply.
        let terminal = (720.0 + 1600.0 / 60.0 * 5.0 / 8.0) / 60.0;
        assert!((flyer.drop(301) - flyer.drop(300) - terminal).abs() < 1e-2);
    }

    #[test]
    fn the_jump_formula_is_the_seed_documents() {
        let reach = JumpReach::new(2000.0, 760.0);
        assert_eq!(reach.range(280.0), 280.0 * 2.0 * 760.0 / 2000.0);
        assert_eq!(reach.height(), 760.0 * 760.0 / 4000.0);
    }
}
