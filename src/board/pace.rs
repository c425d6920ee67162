//! How often the outbox may send (issue #51): a client once sent one waiting run 30 times a
//! second for as long as the game ran. Two guards, each enough alone: a back-off after every
//! failed try (a minute, doubling to a quarter of an hour; reset by the board's final answer),
//! and a cap of [`SENDS_PER_MINUTE`] sends in any minute, whatever the answers say. No Bevy: the
//! caller passes the time in seconds.

use std::collections::VecDeque;

/// The most runs the outbox sends in any 60 seconds.
pub const SENDS_PER_MINUTE: usize = 6;

/// The wait after the first failed try, in seconds; it doubles with each failure after it.
pub const FIRST_BACK_OFF: f64 = 60.0;

/// The longest wait between tries, in seconds.
pub const LONGEST_BACK_OFF: f64 = 15.0 * 60.0;

/// When the outbox may send next.
#[derive(Debug, Default)]
pub struct Pace {
    /// Failed tries since the last final answer.
    failures: u32,
    /// Not before this time (seconds).
    not_before: f64,
    /// When each send of the last minute went.
    sent: VecDeque<f64>,
}

impl Pace {
    /// Whether a run may be sent at `now`: past any back-off, and under the cap.
    pub fn ready(&mut self, now: f64) -> bool {
        while self.sent.front().is_some_and(|at| now - at >= 60.0) {
            self.sent.pop_front();
        }
        now >= self.not_before && self.sent.len() < SENDS_PER_MINUTE
    }

    /// A run was sent at `now`.
    pub fn sent(&mut self, now: f64) {
        self.sent.push_back(now);
    }

    /// The board gave a final answer (ranked or refused): the next run may go at once.
    pub fn answered(&mut self, now: f64) {
        self.failures = 0;
        self.not_before = now;
    }

    /// A try failed (no answer, the board busy, no randomness for a secret): wait, longer each
    /// time.
    pub fn failed(&mut self, now: f64) {
        self.failures = self.failures.saturating_add(1);
        self.not_before = now + self.back_off();
    }

    /// Nothing waits: look again in a minute.
    pub fn idle(&mut self, now: f64) {
        self.not_before = now + FIRST_BACK_OFF;
    }

    /// Look at once (the title screen, a board that just answered): lifts the wait, not the cap
    /// nor the count of failures.
    pub fn now(&mut self) {
        self.not_before = 0.0;
    }

    /// The wait after the failures so far.
    pub fn back_off(&self) -> f64 {
        let doublings = self.failures.saturating_sub(1).min(16);
        (FIRST_BACK_OFF * f64::from(1u32 << doublings)).min(LONGEST_BACK_OFF)
    }
}
