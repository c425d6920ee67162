//! What the player has chosen (mode and seed) and how the last run ended.

use bevy::prelude::*;
use seedfeast_procgen::{Seed, SeedInput};
use tracing::warn;

pub use crate::mode::Mode;

/// A run condition: the session plays `mode`.
pub fn playing(mode: &'static crate::mode::ModeInfo) -> impl FnMut(Res<Session>) -> bool + Clone {
    move |session: Res<Session>| session.mode.key() == mode.spec.key
}

/// The seed the next run plays, and the text it came from, if any.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Session {
    pub mode: Mode,
    pub seed: Seed,
    /// The free text or daily label the seed came from, shown beside the code.
    pub origin: Option<String>,
    /// The UTC date (YYYY-MM-DD) when this is the daily challenge.
    pub daily: Option<String>,
    /// Where in the seed's run to start, for modes whose run is a ladder of levels (a code
    /// puzzle's curriculum step, from 0; a Zone dungeon's number, dungeon K, as `gen dungeon
    /// --dungeon K` numbers them): a link's `level=K`. `None` is the start; a mode without levels
    /// ignores it. A run started part-way keeps its best apart ([`RunEntry`]).
    pub level: Option<u32>,
}

impl Session {
    /// The session for typed or linked input, or why it can't be played: a code from a version
    /// whose levels of this mode this build makes differently is refused, never played
    /// differently.
    pub fn from_input(mode: Mode, input: &SeedInput) -> Result<Session, String> {
        let origin = match input {
            SeedInput::Text(text) => Some(format!("from \"{text}\"")),
            SeedInput::Code(code) => {
                code.check_since(mode.since_version()).map_err(|error| format!("bad seed code: {error}"))?;
                None
            }
        };
        Ok(Session { mode, seed: input.seed(), origin, daily: None, level: None })
    }

    /// The session text typed or pasted into the game plays, the player having chosen `mode`,
    /// and how the text was read: a seed, or a link for `mode`. A link for another mode is
    /// refused naming it, and its level is used where the mode's run is a ladder of levels and
    /// refused where it is not (issue #51: a link for one mode played another's level unsaid).
    pub fn from_text(mode: Mode, text: &str) -> Result<(Session, SeedInput), String> {
        let (input, asks) = SeedInput::parse_asking(text).map_err(|error| error.to_string())?;
        if let Some(key) = asks.mode.as_deref().filter(|key| *key != mode.key()) {
            return Err(format!(
                "that link is for the game \"{}\", not {}: choose that game first",
                seedfeast_procgen::shown::shown(key),
                mode.name()
            ));
        }
        if let (Some(level), None) = (asks.level, mode.info().levels) {
            return Err(format!("that link asks for level {level}, but {} has no levels to start at", mode.name()));
        }
        let session = Session::from_input(mode, &input)?;
        Ok((Session { level: asks.level, ..session }, input))
    }

    pub fn random(mode: Mode) -> Session {
        Session { mode, seed: random_seed(), origin: None, daily: None, level: None }
    }
}

/// A fresh seed from the operating system (or the browser's crypto), trimmed to a short code.
pub(crate) fn random_seed() -> Seed {
    let mut bytes = [0u8; 8];
    // Without an entropy source the fallback is still a valid seed; it is only less random.
    if getrandom::fill(&mut bytes).is_err() {
        warn!("no OS randomness available; using a fixed seed");
    }
    Seed::from_random_bits(u64::from_le_bytes(bytes))
}

/// How the last run ended, for the game-over screen.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LastRun {
    pub score: u32,
    /// Why the run ended, as the game-over heading.
    pub cause: String,
    /// One line of the mode's own results ("412 m run, 30 food eaten").
    pub summary: String,
    /// The best score for this mode and seed, this run included.
    pub best: u32,
    pub new_best: bool,
    /// The seed's best before this run, if it had one (what a new best is said to beat).
    pub previous_best: Option<u32>,
    /// How the run did against the ghost it raced, if it raced one.
    pub ghost: Option<String>,
}

/// Today's UTC date as (year, month, day), for the daily seed.
pub(crate) fn utc_today() -> (i32, u32, u32) {
    let seconds = web_time_now_secs();
    civil_from_days((seconds / 86_400) as i64)
}

#[cfg(not(target_arch = "wasm32"))]
fn web_time_now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

#[cfg(target_arch = "wasm32")]
fn web_time_now_secs() -> u64 {
    (js_sys::Date::now() / 1000.0) as u64
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
pub(crate) fn civil_from_days(days: i64) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
    (year, month, day)
}

/// Where in the seed's ladder of levels this run started (a link's `level=K`: the dungeon number
/// or the puzzle's step), fixed when it starts, whatever level the run reaches. A run started
/// part-way competes only with runs started there, so its best is kept under its own key.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunEntry(pub Option<u32>);

impl RunEntry {
    /// The start of `session`'s run; level 0 is the seed's own start, and a mode without levels
    /// always starts there.
    pub fn of(session: &Session) -> RunEntry {
        RunEntry(session.level.filter(|&level| level > 0 && session.mode.info().levels.is_some()))
    }

    /// The best-score key of a run of `mode` on the seed `code` that started here:
    /// `dungeon/324MP-ANQ6H`, or `dungeon/324MP-ANQ6H@3` from level 3.
    pub(crate) fn score_key(self, mode: &str, code: &str) -> String {
        match self.0 {
            None => seedfeast_save::score_key(mode, code),
            Some(level) => seedfeast_save::score_key(mode, &format!("{code}@{level}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn text_seeds_remember_their_origin() {
        let runner = crate::modes::by_key("runner").unwrap();
        let session = Session::from_input(runner, &SeedInput::parse("pizza party").unwrap()).unwrap();
        assert_eq!(session.seed, Seed::from_text("pizza party"));
        assert_eq!(session.origin.as_deref(), Some("from \"pizza party\""));
    }

    /// Issue #51, 7: a link pasted into the seed box played its seed in whatever game was
    /// chosen, its mode and level dropped.
    #[test]
    fn a_pasted_link_plays_its_own_game_and_level_or_says_why_not() {
        let by_key = |key: &str| crate::modes::by_key(key).unwrap();
        let other = Session::from_text(by_key("runner"), "?seed=424MP-ANQ6Z&mode=maze&level=5").unwrap_err();
        assert!(other.contains("\"maze\"") && other.contains("Runner"), "{other}");
        let levelled = Session::from_text(by_key("maze"), "?seed=x&mode=maze&level=5").unwrap_err();
        assert!(levelled.contains("level 5") && levelled.contains("no levels"), "{levelled}");
        let (session, _) = Session::from_text(by_key("dungeon"), "https://x/?seed=x&mode=dungeon&level=3").unwrap();
        assert_eq!((session.seed, session.level), (Seed::from_text("x"), Some(3)));
        assert!(Session::from_text(by_key("maze"), "?seed=A&seed=B").unwrap_err().contains("twice"));
    }

    #[test]
    fn an_old_code_plays_only_the_modes_it_still_makes() {
        let old = SeedInput::parse("124MP-ANQ6N").unwrap();
        for key in ["runner", "tunnel"] {
            let mode = crate::modes::by_key(key).unwrap();
            assert_eq!(Session::from_input(mode, &old).map(|s| s.seed), Ok(Seed::from_text("pizza party")), "{key}");
        }
        for (key, since) in [("arena", 5), ("food-tunnel", 5), ("maze", 3)] {
            let error = Session::from_input(crate::modes::by_key(key).unwrap(), &old).unwrap_err();
            assert!(error.contains("version 1") && error.contains(&format!("since version {since}")), "{key}: {error}");
        }
        // A version-2 code still plays the dungeon, not the maze (braided in version 3).
        let two = SeedInput::parse("224MP-ANQ6K").unwrap();
        assert!(Session::from_input(crate::modes::by_key("dungeon").unwrap(), &two).is_ok());
        assert!(Session::from_input(crate::modes::by_key("maze").unwrap(), &two).is_err());
        // A version-4 code still plays the maze, not the arena (threats that move in version 5).
        let four = SeedInput::parse("424MP-ANQ6Z").unwrap();
        assert!(Session::from_input(crate::modes::by_key("maze").unwrap(), &four).is_ok());
        let error = Session::from_input(crate::modes::by_key("arena").unwrap(), &four).unwrap_err();
        assert!(error.contains("version 4") && error.contains("since version 5"), "{error}");
    }
}
