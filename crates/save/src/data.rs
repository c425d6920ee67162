//! [`SaveData`]: everything kept between runs, and the operations the game performs on it.
//!
//! The fields are private so that every change goes through a method that keeps the merge's
//! invariants (stamps only move forward, at most [`crate::HISTORY_PER_MODE`] seeds per mode).

use std::collections::BTreeMap;

use crate::seeds::clipped_origin;
use crate::{Best, Board, Direction, Favourite, SeedPlay, Settings};

/// Everything kept between runs: bests, daily bests, settings, seed history, favourites, and
/// what the score boards need (secrets and runs waiting to be sent: see [`crate::Board`]).
///
/// Two copies (two windows, or memory and disk) combine with [`SaveData::merge`]; see
/// [`crate::merge`] for each field's rule.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SaveData {
    /// Best per key: `"mode/CODE"` for a seed's score, `"mode/CODE/metric"` for another measure
    /// of it (the code puzzle's `".../statements"`, `".../time_ms"`).
    pub(crate) best: BTreeMap<String, Best>,
    /// Best daily-challenge result per `"mode/YYYY-MM-DD"` (and `".../metric"`).
    pub(crate) daily_best: BTreeMap<String, Best>,
    pub(crate) settings: Settings,
    /// Per mode (`"runner"`), per seed code: when it was last played.
    pub(crate) history: BTreeMap<String, BTreeMap<String, SeedPlay>>,
    /// Per mode, per seed code: starred or un-starred, and when.
    pub(crate) favourites: BTreeMap<String, BTreeMap<String, Favourite>>,
    /// Per board server (its address, as the game gives it): the player's secret there and the
    /// runs waiting to be sent (issue #31).
    pub(crate) boards: BTreeMap<String, Board>,
}

/// What [`SaveData::record`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The score is the key's first, or beats its best (a tie is not a new best).
    pub new_best: bool,
    /// The key's best now.
    pub best: Best,
}

/// The best key for a seed's main score: `"runner/124MP-ANQ6N"`.
pub fn score_key(mode: &str, code: &str) -> String {
    format!("{mode}/{code}")
}

/// The best key for another measure of a seed: `"puzzle/124MP-ANQ6N/time_ms"`.
pub fn metric_key(mode: &str, code: &str, metric: &str) -> String {
    format!("{mode}/{code}/{metric}")
}

fn record_into(map: &mut BTreeMap<String, Best>, key: &str, score: u64, better: Direction) -> Recorded {
    let new = Best::new(score, better);
    let old = map.get(key).copied();
    // The same rule as the merge, so that recording and merging never disagree.
    let best = old.map_or(new, |old| old.merged(new));
    map.insert(key.to_string(), best);
    Recorded { new_best: old != Some(best), best }
}

impl SaveData {
    /// Records a finished run's score for `key` (see [`score_key`], [`metric_key`]), ranked by
    /// `better`. Use one direction per key: if a key's kept best has the other direction, the
    /// merge's tie-break decides (see [`Best::merged`]).
    pub fn record(&mut self, key: &str, score: u64, better: Direction) -> Recorded {
        record_into(&mut self.best, key, score, better)
    }

    /// Records a daily-challenge result for `"mode/YYYY-MM-DD"` (or `".../metric"`).
    pub fn record_daily(&mut self, key: &str, score: u64, better: Direction) -> Recorded {
        record_into(&mut self.daily_best, key, score, better)
    }

    pub fn best(&self, key: &str) -> Option<Best> {
        self.best.get(key).copied()
    }

    pub fn daily_best(&self, key: &str) -> Option<Best> {
        self.daily_best.get(key).copied()
    }

    /// Every kept best, by key.
    pub fn bests(&self) -> &BTreeMap<String, Best> {
        &self.best
    }

    /// Every kept daily best, by key.
    pub fn daily_bests(&self) -> &BTreeMap<String, Best> {
        &self.daily_best
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The settings, to change through their stamped setters.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// Notes that `code` was played in `mode` at `now_ms`, made from `origin` text when the player
    /// typed text (kept from an earlier play when this one has none). Keeps the newest
    /// [`crate::HISTORY_PER_MODE`] seeds of the mode.
    pub fn played(&mut self, mode: &str, code: &str, origin: Option<&str>, now_ms: u64) {
        let seeds = self.history.entry(mode.to_string()).or_default();
        let old = seeds.get(code);
        let played_at = now_ms.max(old.map_or(0, |old| old.played_at.saturating_add(1)));
        let origin = origin.map(clipped_origin).or_else(|| old.and_then(|old| old.origin.clone()));
        seeds.insert(code.to_string(), SeedPlay { played_at, origin });
        crate::merge::cap_history(seeds);
    }

    /// The mode's recently played seeds, newest first.
    pub fn history(&self, mode: &str) -> Vec<(&str, &SeedPlay)> {
        let mut seeds: Vec<_> = self.history.get(mode).into_iter().flatten().map(|(c, p)| (c.as_str(), p)).collect();
        seeds.sort_by(|a, b| (b.1, b.0).cmp(&(a.1, a.0)));
        seeds
    }

    /// Every mode's history, by mode and code.
    pub fn histories(&self) -> &BTreeMap<String, BTreeMap<String, SeedPlay>> {
        &self.history
    }

    /// Stars (`starred`) or un-stars a seed.
    pub fn set_favourite(&mut self, mode: &str, code: &str, starred: bool, now_ms: u64) {
        let seeds = self.favourites.entry(mode.to_string()).or_default();
        let at = now_ms.max(seeds.get(code).map_or(0, |old| old.at.saturating_add(1)));
        seeds.insert(code.to_string(), Favourite { starred, at });
    }

    pub fn is_favourite(&self, mode: &str, code: &str) -> bool {
        self.favourites.get(mode).and_then(|seeds| seeds.get(code)).is_some_and(|f| f.starred)
    }

    /// The mode's starred seeds, most recently starred first.
    pub fn favourites(&self, mode: &str) -> Vec<&str> {
        let mut starred: Vec<_> = self.favourites.get(mode).into_iter().flatten().filter(|(_, f)| f.starred).collect();
        starred.sort_by(|a, b| (b.1.at, b.0).cmp(&(a.1.at, a.0)));
        starred.into_iter().map(|(code, _)| code.as_str()).collect()
    }

    /// Every star and un-star, by mode and code (un-stars are kept for the merge).
    pub fn all_favourites(&self) -> &BTreeMap<String, BTreeMap<String, Favourite>> {
        &self.favourites
    }

    /// This copy and `other` combined by the merge rules (commutative, associative, idempotent).
    pub fn merge(&self, other: &SaveData) -> SaveData {
        crate::merge::merge(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HISTORY_PER_MODE;

    #[test]
    fn records_keep_the_best_by_direction() {
        let mut data = SaveData::default();
        let key = score_key("runner", "124MP-ANQ6N");
        assert_eq!(key, "runner/124MP-ANQ6N");
        assert!(data.record(&key, 300, Direction::Higher).new_best);
        assert_eq!(
            data.record(&key, 200, Direction::Higher),
            Recorded { new_best: false, best: Best::new(300, Direction::Higher) }
        );
        assert!(!data.record(&key, 300, Direction::Higher).new_best, "a tie is no new best");
        let time = metric_key("puzzle", "124MP-ANQ6N", "time_ms");
        assert!(data.record(&time, 9_000, Direction::Lower).new_best);
        assert!(data.record(&time, 8_000, Direction::Lower).new_best);
        assert!(!data.record(&time, 8_500, Direction::Lower).new_best);
        assert_eq!(data.best(&time), Some(Best::new(8_000, Direction::Lower)));
        assert!(data.record_daily("maze/2026-11-29", 0, Direction::Higher).new_best);
        assert_eq!(data.daily_best("maze/2026-11-29").map(|b| b.score), Some(0));
        assert_eq!(data.bests().len(), 2);
    }

    #[test]
    fn history_keeps_the_newest_twenty_per_mode_newest_first() {
        let mut data = SaveData::default();
        for n in 0..25u64 {
            data.played("maze", &format!("CODE{n:02}"), None, 1_000 + n);
        }
        data.played("runner", "R", Some("pizza party"), 5);
        data.played("runner", "R", None, 2);
        let maze = data.history("maze");
        assert_eq!(maze.len(), HISTORY_PER_MODE);
        assert_eq!(maze[0].0, "CODE24");
        assert_eq!(maze[19].0, "CODE05");
        let runner = data.history("runner");
        assert_eq!(runner, [("R", &SeedPlay { played_at: 6, origin: Some("pizza party".into()) })]);
        assert!(data.history("arena").is_empty());
    }

    #[test]
    fn favourites_star_and_unstar() {
        let mut data = SaveData::default();
        data.set_favourite("maze", "A", true, 10);
        data.set_favourite("maze", "B", true, 20);
        assert_eq!(data.favourites("maze"), ["B", "A"]);
        data.set_favourite("maze", "B", false, 5);
        assert!(!data.is_favourite("maze", "B"));
        assert_eq!(data.all_favourites()["maze"]["B"], Favourite { starred: false, at: 21 });
        assert_eq!(data.favourites("maze"), ["A"]);
    }
}
