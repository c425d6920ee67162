//! `seedfeast replay`: record a bot's run as a replay code, or re-simulate one headlessly.

use super::*;

#[derive(Subcommand, Debug)]
pub enum ReplayAction {
    /// Plays a seed with the mode's reference bot (headless, at the fixed step) and prints the
    /// run's replay code.
    Record {
        /// The mode whose bot plays (one of `seedfeast modes`).
        #[arg(long, value_parser = mode_parser())]
        mode: Mode,
        /// A seed code, any text, or a level link (for this mode, from its start).
        #[arg(long, value_parser = parse_seed)]
        seed: SeedArg,
        /// The mode's reference bot plays (the only player the command has).
        #[arg(long, required = true)]
        bot: bool,
        /// Game seconds to record at most (the run may end sooner); at most the mode's longest
        /// run (10 minutes, the dungeon 20).
        #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=3600))]
        seconds: u32,
        /// Write the code to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Read the data files from this assets folder instead of the default (or $SEEDFEAST_ASSETS).
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Re-simulates a replay headlessly and prints
    /// `{"mode","seed","score","steps","final_state_hash"}`; exit 2 for a code that can't be
    /// read or played, 1 when the run doesn't end where the replay says it did.
    Verify {
        /// A file holding a replay code.
        #[arg(long, conflicts_with = "code", required_unless_present = "code")]
        file: Option<PathBuf>,
        /// A replay code (or a link holding one in `ghost=`).
        #[arg(long)]
        code: Option<String>,
        /// Also print, to standard error, where the player is every N steps (to the bit), to
        /// compare two platforms' runs.
        #[arg(long, default_value_t = 0)]
        trace: u32,
        /// Read the data files from this assets folder instead of the default (or $SEEDFEAST_ASSETS).
        #[arg(long)]
        assets: Option<PathBuf>,
    },
    /// Prints what a replay must match to play on this build:
    /// `{"generator_version","rules"}` (the rules hash, 8 hex digits). A board server asks it.
    Rules {
        /// Read the data files from this assets folder instead of the default (or $SEEDFEAST_ASSETS).
        #[arg(long)]
        assets: Option<PathBuf>,
    },
}

pub(super) fn replay(action: ReplayAction) -> Result<(), Stop> {
    use crate::replay::simulate::{record_bot, simulate_traced};
    use seedfeast_procgen::replay::Replay;
    match action {
        ReplayAction::Record { mode, seed, bot: _, seconds, out, assets } => {
            let steps = recording_steps(mode, seconds).map_err(Stop::Usage)?;
            seed.check_mode(mode.key()).map_err(Stop::Usage)?;
            if let Some(level) = seed.asks.level {
                return Err(Stop::Usage(format!(
                    "error: --seed: the link asks for level {level}; a recording starts a run at its first level"
                )));
            }
            // Checked before the run is played, so a bad --out never costs the recording.
            if let Some(path) = &out {
                seedfeast_lab::output::check(path)?;
            }
            let data = load_data(assets.as_deref())?;
            let session =
                crate::session::Session::from_input(mode, &seed).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            if let Some(note) = seed.doubt() {
                eprintln!("note: {}", seedfeast_procgen::shown::printable(&note));
            }
            let (replay, outcome) =
                record_bot(mode, session.seed, data, steps).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            let code = replay.encode();
            let fits = if Replay::fits_link(&code) { "fits a link" } else { "too long for a link: share it as a file" };
            eprintln!(
                "{} {}: {} steps, score {}, {} characters ({fits})",
                mode.key(),
                session.seed.code(),
                outcome.steps,
                outcome.score,
                code.len()
            );
            match out {
                Some(path) => seedfeast_lab::output::write_bytes(&path, format!("{code}\n").as_bytes()).or_else(|e| {
                    // The run is recorded: print it rather than lose it.
                    say(&format!("{code}\n"))?;
                    Err(Stop::Failed(format!("error: --out {e} (the code is printed above instead)")))
                }),
                None => say(&format!("{code}\n")),
            }
        }
        ReplayAction::Rules { assets } => {
            let data = load_data(assets.as_deref())?;
            let rules = crate::replay::rules_hash(&data);
            say(&format!(
                "{{\"generator_version\":{},\"rules\":\"{rules:08x}\"}}\n",
                seedfeast_procgen::GENERATOR_VERSION
            ))
        }
        ReplayAction::Verify { file, code, trace, assets } => {
            let text = match (file, code) {
                (Some(path), _) => read_replay_file(&path)?,
                (None, Some(code)) => code,
                (None, None) => return Err(Stop::Usage("error: give --file or --code".into())),
            };
            let text = crate::replay::code_in(&text).map_err(|e| Stop::Usage(format!("error: {e}")))?;
            let replay = Replay::decode(&text).map_err(|e| Stop::Usage(format!("error: bad replay code: {e}")))?;
            let data = load_data(assets.as_deref())?;
            let (outcome, lines) = simulate_traced(&replay, data, &modes::table(), trace)
                .map_err(|e| Stop::Usage(format!("error: {e}")))?;
            for line in lines {
                eprintln!("{line}");
            }
            say(&format!("{}\n", outcome.json()))?;
            if (outcome.score, outcome.state) != (replay.score, replay.state) {
                return Err(Stop::Failed(format!(
                    "error: the replay says it scored {} (state {:016x}) but plays out to {} (state {:016x}): it \
                     was changed, or recorded by a build whose game plays differently",
                    replay.score, replay.state, outcome.score, outcome.state
                )));
            }
            Ok(())
        }
    }
}

/// The steps `replay record --seconds` asks of `mode`, or why that is longer than its runs last.
pub(crate) fn recording_steps(mode: Mode, seconds: u32) -> Result<u32, String> {
    let steps = seconds.saturating_mul(seedfeast_procgen::modes::STEPS_PER_SECOND);
    match mode.longest_run_steps() {
        Some(most) if steps > most => Err(format!(
            "error: --seconds {seconds} is longer than {} {} run can last ({} seconds)",
            seedfeast_procgen::shown::a_or_an(mode.name()),
            mode.name(),
            most / seedfeast_procgen::modes::STEPS_PER_SECOND
        )),
        _ => Ok(steps),
    }
}

/// A replay file, read with a size cap (codes are at most 64 KiB of text).
pub(super) fn read_replay_file(path: &Path) -> Result<String, Stop> {
    let bad = |why: String| Stop::Usage(format!("error: --file {}: {why}", path.display()));
    let metadata = std::fs::metadata(path).map_err(|e| bad(e.to_string()))?;
    if !metadata.is_file() || metadata.len() > seedfeast_procgen::replay::MAX_CODE_CHARS as u64 + 1024 {
        return Err(bad("not a replay file (a replay code is at most 64 KiB of text)".into()));
    }
    std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))
}
