//! Bests kept under a seed code of an older generator version, carried to today's code when the
//! mode still makes the same level from it (a version-1 Runner code and today's code for the
//! same seed are the same level, so they share one best).

use seedfeast_procgen::{GENERATOR_VERSION, SeedCode};
use seedfeast_save::SaveData;

use crate::mode::Modes;

/// Records each old-code best under today's code too (never removing anything), for modes whose
/// levels are unchanged since that code's version.
pub(crate) fn carry_bests_to_current_codes(save: &mut SaveData, modes: &Modes) {
    let carried: Vec<(String, u64, seedfeast_save::Direction)> = save
        .bests()
        .iter()
        .filter_map(|(key, best)| {
            let mut parts = key.splitn(3, '/');
            let (mode, code, metric) = (parts.next()?, parts.next()?, parts.next());
            let code: SeedCode = code.parse().ok()?;
            let mode = modes.by_key(mode)?;
            if code.version >= GENERATOR_VERSION || code.check_since(mode.since_version()).is_err() {
                return None;
            }
            let current = code.seed.code().to_string();
            let key = match metric {
                Some(metric) => seedfeast_save::metric_key(mode.key(), &current, metric),
                None => seedfeast_save::score_key(mode.key(), &current),
            };
            Some((key, best.score, best.better))
        })
        .collect();
    for (key, score, better) in carried {
        save.record(&key, score, better);
    }
}
