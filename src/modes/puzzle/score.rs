//! A Code-puzzle step's score and its bests: the points for a cleared step (short code and a fast
//! clear earn bonuses), the clock's text, and the save's metrics for the fewest statements and the
//! fastest clear, per seed and per daily challenge.

use crate::save::Save;
use crate::session::Session;

use super::MODE;

/// Points for a cleared step before its bonuses.
pub const STEP_POINTS: u32 = 100;
/// Points for each revealed key or scroll picked up.
pub(crate) const REWARD_POINTS: u32 = 25;

/// A step cleared in this run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cleared {
    /// The curriculum step (a link's `level`).
    pub step: u32,
    /// Statements in the program that opened the way.
    pub statements: usize,
    /// From the level's start to walking out of its exit, in game time.
    pub time_ms: u64,
    pub points: u32,
}

/// A step's points: [`STEP_POINTS`], a bonus for a program no longer than the step's own
/// solution (`par`; more for a shorter one, less for each statement over), and a bonus for a
/// fast clear (a point a second under 90).
///
/// ```
/// use seedfeast::modes::puzzle::step_points;
/// assert_eq!(step_points(3, 3, 30.0), 100 + 50 + 60);
/// assert_eq!(step_points(3, 2, 30.0), 100 + 75 + 60);
/// assert_eq!(step_points(3, 5, 200.0), 100 + 20);
/// assert_eq!(step_points(3, 40, 200.0), 100);
/// ```
pub fn step_points(par: usize, statements: usize, seconds: f32) -> u32 {
    let statement_bonus = if statements <= par {
        50 + 25 * (par - statements) as u32
    } else {
        50u32.saturating_sub(15 * (statements - par).min(10) as u32)
    };
    let time_bonus = (90.0 - seconds).clamp(0.0, 90.0) as u32;
    STEP_POINTS + statement_bonus + time_bonus
}

/// The save-file metric for a step's best: `level3/statements`, `level3/time_ms` (the step as a
/// link's `level` names it).
pub fn step_metric(step: u32, what: &str) -> String {
    format!("level{step}/{what}")
}

/// Minutes and seconds: `1:05`.
pub(crate) fn clock_text(seconds: f32) -> String {
    let whole = seconds.max(0.0) as u32;
    format!("{}:{:02}", whole / 60, whole % 60)
}

/// Records a cleared step's bests (fewest statements, fastest clear), for the seed and for the
/// day on a daily challenge. Returns whether each is a new best.
pub(crate) fn record_step(save: &mut Save, session: &Session, cleared: &Cleared) -> (bool, bool) {
    use seedfeast_save::{Direction, metric_key};
    let code = session.seed.code().to_string();
    let statements = step_metric(cleared.step, "statements");
    let time = step_metric(cleared.step, "time_ms");
    let a = save.record(&metric_key(MODE.spec.key, &code, &statements), cleared.statements as u64, Direction::Lower);
    let b = save.record(&metric_key(MODE.spec.key, &code, &time), cleared.time_ms, Direction::Lower);
    if let Some(day) = &session.daily {
        save.record_daily(
            &format!("{}/{day}/{statements}", MODE.spec.key),
            cleared.statements as u64,
            Direction::Lower,
        );
        save.record_daily(&format!("{}/{day}/{time}", MODE.spec.key), cleared.time_ms, Direction::Lower);
    }
    (a.new_best, b.new_best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_reward_short_code_and_fast_clears() {
        assert!(step_points(4, 3, 20.0) > step_points(4, 4, 20.0));
        assert!(step_points(4, 4, 20.0) > step_points(4, 6, 20.0));
        assert!(step_points(4, 4, 20.0) > step_points(4, 4, 60.0));
        assert_eq!(step_points(1, 1, 1e9), STEP_POINTS + 50);
        assert_eq!(clock_text(65.4), "1:05");
        assert_eq!(step_metric(3, "time_ms"), "level3/time_ms");
    }
}
