//! A mode's Bevy-free row: what a mode is without the engine — its key and name, the generator
//! (and variant) that makes its levels, whether its runs replay, and the longest run the game
//! lets it last. Each mode declares its rows in its own folder; the registry
//! ([`crate::modes::MODES`]) lists them, and the game's `MODES` row refers to one and adds only
//! the Bevy parts.

use crate::Seed;
use crate::generate::Request;
use crate::tuning::DataFile;

/// Fixed simulation steps a second: every mode's gameplay runs at this rate.
pub const STEPS_PER_SECOND: u32 = 60;

/// Ten minutes: far past what a good arcade run lasts (the bots' two-minute runs, players' bests
/// of a few minutes), and about three seconds to re-simulate on one core (`docs/replays.md`).
pub const ARCADE_RUN_SECONDS: u32 = 10 * 60;

/// Seeds one `seedfeast validate` sweeps at most: enough to check a change; `lab sweep` is the
/// tool for big runs.
pub const MAX_VALIDATE_SEEDS: u64 = 10_000;

/// How much one `seedfeast validate` of a generator may do: how many seeds, and how much work in
/// all (seeds × the depth of the generator's first sweep option: chunks, gates, floors or waves).
/// Each cap keeps the largest run it allows to a few seconds and ~40 MB in the debug build the
/// tests use (the game's `tests/game/cli_bounds.rs` runs every extreme); `lab sweep` runs bigger
/// sweeps, in parallel. The numbers come from runs of the debug build on a loaded 2-core machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValidateCap {
    pub seeds: u64,
    /// `u64::MAX` for a generator without a depth flag (its seeds are the cap).
    pub work: u64,
}

impl ValidateCap {
    /// No cap but the seeds'.
    pub(crate) const SEEDS_ONLY: ValidateCap = ValidateCap { seeds: MAX_VALIDATE_SEEDS, work: u64::MAX };
}

/// One mode, as procgen knows it.
#[derive(Debug)]
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
    /// The designer files its generator reads, besides the ones every mode shares
    /// ([`crate::generate::SHARED_DATA_FILES`]).
    pub data_files: &'static [DataFile],
    /// Its generator's byte in RNG stream ids ([`crate::rng::Subsystem`]): one per generator,
    /// never reused or renumbered.
    pub rng_stream: u8,
    /// The metric pair an expressive-range plot (`lab range`) shows by default: two of the names
    /// its levels' [`crate::generate::Level::metrics`] report.
    pub range_pair: (&'static str, &'static str),
    /// Which level of a seed `lab range` measures: one per seed, so a plot of N seeds holds N
    /// levels.
    pub range_level: fn(Seed) -> Request,
    /// How much one `seedfeast validate` of its generator may do.
    pub validate_cap: ValidateCap,
}

/// Rows are told apart by key (the registry's tests keep keys unique).
impl PartialEq for ModeSpec {
    fn eq(&self, other: &ModeSpec) -> bool {
        self.key == other.key
    }
}

impl Eq for ModeSpec {}

impl ModeSpec {
    /// [`ModeSpec::longest_run_seconds`] in fixed steps.
    pub const fn longest_run_steps(&self) -> Option<u32> {
        match self.longest_run_seconds {
            Some(seconds) => Some(seconds * STEPS_PER_SECOND),
            None => None,
        }
    }
}
