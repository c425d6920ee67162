//! Generators narrate their decisions: a trace sink each generator takes, the one that drops
//! everything ([`NoTrace`]) and the one that keeps everything in order ([`Recorder`]).
//!
//! A generator calls [`Trace::note`] with a closure that builds the event, so the event is only
//! built when someone listens: with [`NoTrace`] the call is an empty `#[inline(always)]` function
//! of a zero-sized type, and the compiler removes it together with the closure. Loops that exist
//! only to narrate (one event per star, per hazard …) are wrapped in `if T::ON`, a constant, so
//! they vanish too. Each mode keeps its own event type beside its generator (`runner::explain`,
//! `maze::explain`); a trace of them rebuilds the level on its own (each mode's `rebuild`), so an
//! explanation cannot drift from what was generated.

use std::fmt;

/// Where a generator's events go. Generic over the event type, so each mode narrates in its own
/// words and a sink for one mode can't be handed to another.
pub trait Trace<E> {
    /// False for a sink that drops everything: generators skip loops that only narrate.
    const ON: bool;

    /// Reports one decision; `event` is called at most once, right away, and only when listened to.
    fn note(&mut self, event: impl FnOnce() -> E);
}

/// The sink that drops every event: what every untraced `generate` passes. Zero-sized, and its
/// `note` compiles to nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoTrace;

impl<E> Trace<E> for NoTrace {
    const ON: bool = false;

    #[inline(always)]
    fn note(&mut self, _event: impl FnOnce() -> E) {}
}

/// The sink that keeps every event, in the order the generator made its decisions.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorder<E> {
    events: Vec<E>,
}

impl<E> Recorder<E> {
    pub fn new() -> Recorder<E> {
        Recorder { events: Vec::new() }
    }

    /// The events so far, first decision first.
    pub fn events(&self) -> &[E] {
        &self.events
    }

    pub fn into_events(self) -> Vec<E> {
        self.events
    }
}

impl<E> Default for Recorder<E> {
    fn default() -> Self {
        Recorder::new()
    }
}

impl<E> Trace<E> for Recorder<E> {
    const ON: bool = true;

    fn note(&mut self, event: impl FnOnce() -> E) {
        self.events.push(event());
    }
}

/// The sink that keeps events up to a weight of `limit` ([`Step::weight`]: an event and each thing
/// it lists) and counts the rest without building them, so a narration's memory is bounded
/// whatever level and data are asked for (the command line's `explain`).
#[derive(Clone, Debug, PartialEq)]
pub struct Limited<E> {
    events: Vec<E>,
    /// The most weight kept; past it, events are counted, not built.
    limit: usize,
    used: usize,
    left_out: u64,
}

impl<E> Limited<E> {
    pub fn new(limit: usize) -> Limited<E> {
        Limited { events: Vec::new(), limit, used: 0, left_out: 0 }
    }

    /// The events kept, and how many more there were.
    pub fn into_parts(self) -> (Vec<E>, u64) {
        (self.events, self.left_out)
    }
}

impl<E: Step> Trace<E> for Limited<E> {
    const ON: bool = true;

    /// Keeps events while their weight (an event and each thing it lists, [`Step::weight`]) is
    /// within the limit: a designer's library of 1,000 chunks makes each window list 1,000.
    fn note(&mut self, event: impl FnOnce() -> E) {
        if self.used < self.limit {
            let event = event();
            self.used = self.used.saturating_add(event.weight());
            self.events.push(event);
        } else {
            self.left_out += 1;
        }
    }
}

/// What every mode's event says about itself: the rule it applied, by a stable name (the same
/// name the JSON form carries in its `rule` field), and a caption a player reads.
pub trait Step {
    /// The rule's stable name, kebab-case (`"window"`, `"forced-rest"`, `"carve"` …).
    fn rule(&self) -> &'static str;

    /// One line naming the rule and its numbers, e.g.
    /// `window: demand ≤ intensity 0.25 + 0.22 = 0.47: 7 of 12 chunks admitted`.
    fn caption(&self) -> String;

    /// Further lines, one per item the rule weighed (each candidate of a window …); none by default.
    fn details(&self) -> Vec<String> {
        Vec::new()
    }

    /// What the event holds, counted for [`Limited`]: 1, plus each item it lists where it lists
    /// a number of them that data or size can make large (a window's chunks, a carving's tiles).
    fn weight(&self) -> usize {
        1
    }
}

/// A cell as captions write it: `(3, 7)`.
pub fn at((x, y): (usize, usize)) -> String {
    format!("({x}, {y})")
}

/// Why a trace did not rebuild a level: the event (its place in the trace) and what was wrong
/// with it. A trace the generator recorded always rebuilds; this is for traces altered or cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The event's index in the trace; the trace's length when it ended too soon.
    pub event: usize,
    pub reason: String,
}

impl ReplayError {
    pub fn new(event: usize, reason: impl Into<String>) -> ReplayError {
        ReplayError { event, reason: reason.into() }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.event, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// Checks that a number a trace recorded is the number its rule gives from the trace's other
/// numbers, to the bit: a caption that shows one number while the level holds another fails here.
pub(crate) fn same_number(event: usize, what: &str, recorded: f32, rebuilt: f32) -> Result<(), ReplayError> {
    if recorded.to_bits() == rebuilt.to_bits() {
        Ok(())
    } else {
        Err(ReplayError::new(event, format!("{what} is recorded as {recorded} but its rule gives {rebuilt}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrate<T: Trace<u32>>(trace: &mut T, built: &mut u32) -> u32 {
        trace.note(|| {
            *built += 1;
            7
        });
        if T::ON {
            for i in 0..3 {
                trace.note(|| i);
            }
        }
        1
    }

    #[test]
    fn nothing_is_built_when_no_one_listens_and_everything_in_order_when_recorded() {
        let mut built = 0;
        assert_eq!(narrate(&mut NoTrace, &mut built), 1);
        assert_eq!(built, 0);
        assert_eq!(std::mem::size_of::<NoTrace>(), 0);
        let mut recorder = Recorder::new();
        narrate(&mut recorder, &mut built);
        assert_eq!(built, 1);
        assert_eq!(recorder.events(), [7, 0, 1, 2]);
        assert_eq!(recorder.into_events().len(), 4);
    }

    #[test]
    fn numbers_must_agree_to_the_bit() {
        assert!(same_number(3, "width", 0.1 + 0.2, 0.1 + 0.2).is_ok());
        let error = same_number(3, "width", 1.0, 1.0 + f32::EPSILON).unwrap_err();
        assert_eq!(error.event, 3);
        assert!(error.to_string().starts_with("event 3: width is recorded as 1"), "{error}");
    }
}
