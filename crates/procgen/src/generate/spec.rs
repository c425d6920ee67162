//! A mode's Bevy-free row: what a mode is without the engine — its key and name, the generator
//! (and variant) that makes its levels, whether its runs replay, and the longest run the game
//! lets it last. Each mode declares its rows in its own folder; the registry
//! ([`crate::modes::MODES`]) lists them, and the game's `MODES` row refers to one and adds only
//! the Bevy parts.

/// Fixed simulation steps a second: every mode's gameplay runs at this rate.
pub const STEPS_PER_SECOND: u32 = 60;

/// Ten minutes: far past what a good arcade run lasts (the bots' two-minute runs, players' bests
/// of a few minutes), and about three seconds to re-simulate on one core (`docs/replays.md`).
pub const ARCADE_RUN_SECONDS: u32 = 10 * 60;

/// One mode, as procgen knows it.
#[derive(Debug, PartialEq, Eq)]
pub struct ModeSpec {
    /// The key in links, save keys, replay codes and the command line: `food-tunnel`.
    pub key: &'static str,
    /// Its name on screen: `Food Tunnel`.
    pub name: &'static str,
    /// The generator that makes its levels, and which variant of it.
    pub generator: &'static str,
    pub variant: Option<&'static str>,
    /// Whether its runs are recorded as step inputs that replay (the Code puzzle's run is a
    /// typed program instead).
    pub replays: bool,
    /// The longest a run may last, in seconds of play (the countdown not counted), for a mode
    /// whose runs replay: the game ends a run that reaches it ("Time's up!"), as arcade games end
    /// an idle or endless run, and a replay claiming more steps is refused before anything is
    /// simulated. This bounds what verifying any replay code can cost (see `docs/replays.md` for
    /// the measured cost a step). `None` for a mode whose runs don't replay: nothing to verify,
    /// and a player thinking over a puzzle is never hurried.
    pub longest_run_seconds: Option<u32>,
}

impl ModeSpec {
    /// [`ModeSpec::longest_run_seconds`] in fixed steps.
    pub const fn longest_run_steps(&self) -> Option<u32> {
        match self.longest_run_seconds {
            Some(seconds) => Some(seconds * STEPS_PER_SECOND),
            None => None,
        }
    }
}
