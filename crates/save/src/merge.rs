//! The merge rules: how two copies of the save (two windows, or this window's memory and the file
//! another window just wrote) combine without losing anything either one knew.
//!
//! | field | rule |
//! | --- | --- |
//! | `best`, `daily_best` | union of keys; per key the better best by its direction ([`Best::merged`]) |
//! | each setting | the later change wins (`at`); equal stamps: the larger value (`f32::total_cmp` for the volume, variant order for the jump key and text size, `false` before `true`, text (the board's address, the player's name) by its bytes, the key and button sets compared as sorted lists, the colours by variant order); the chosen keys are one setting, and the chosen buttons another, so two windows' sets never mix |
//! | `favourites` | per mode and code, the later star or un-star wins (`at`); equal stamps: starred wins |
//! | `history` | per mode, union by code keeping each code's newest play (`played_at`, then origin); then the newest [`HISTORY_PER_MODE`] by (`played_at`, origin, code) |
//! | `boards`: a server's secret | union of servers; per server the secret made first (`made_at`), equal stamps: the smaller string; a server with no secret (`""`) takes the other's, so two windows that each made one agree on one |
//! | `boards`: a waiting run | per server, union of codes; per code an answered run (`sent_at: Some`) beats an unsent one; two answered: the later `sent_at`; two unsent: the earlier `queued_at`; then the earlier `queued_at` and the smaller name |
//!
//! Every rule picks the maximum of a total order (or takes a union of such picks), so
//! [`merge`] is commutative, associative and idempotent: the property tests in this crate check
//! it on random states. The history's cap keeps that: a seed dropped from one merged copy has 20
//! newer seeds there, which stay at least as new whatever is merged later, so it would be dropped
//! from the full merge too. Tombstones of answered runs are not capped here (a dropped one would
//! let an older copy's unsent run back in, which breaks associativity): a save caps them
//! ([`crate::TOMBSTONES_PER_SERVER`]).

use std::cmp::{Ordering, Reverse};
use std::collections::BTreeMap;

use crate::settings::Stamped;
use crate::{Best, Board, Favourite, HISTORY_PER_MODE, JumpKey, SaveData, SeedPlay, Settings, Waiting};

/// `a` and `b` combined field by field by the rules above.
pub fn merge(a: &SaveData, b: &SaveData) -> SaveData {
    SaveData {
        best: merge_bests(&a.best, &b.best),
        daily_best: merge_bests(&a.daily_best, &b.daily_best),
        settings: merge_settings(&a.settings, &b.settings),
        history: merge_history(&a.history, &b.history),
        favourites: merge_nested(&a.favourites, &b.favourites, later_favourite),
        boards: union_with(&a.boards, &b.boards, merge_board),
    }
}

/// One server's part from two copies: the first-made secret, and each code's winning entry.
pub(crate) fn merge_board(a: &Board, b: &Board) -> Board {
    // The least of (no secret, made_at, secret): a total order, so every window picks the same.
    fn rank(x: &Board) -> (bool, u64, &str) {
        (x.secret.is_empty(), x.made_at, &x.secret)
    }
    let first = if rank(a) <= rank(b) { a } else { b };
    Board {
        secret: first.secret.clone(),
        made_at: first.made_at,
        waiting: union_with(&a.waiting, &b.waiting, winning_entry),
    }
}

/// A tombstone over an unsent run; the later answer; else the earlier queued, the smaller name.
pub(crate) fn winning_entry(a: &Waiting, b: &Waiting) -> Waiting {
    // The greatest of this key, which holds every field: a total order on entries.
    fn rank(w: &Waiting) -> (Option<u64>, Reverse<u64>, Reverse<&str>) {
        (w.sent_at, Reverse(w.queued_at), Reverse(&w.name))
    }
    if rank(a) >= rank(b) { a.clone() } else { b.clone() }
}

fn merge_bests(a: &BTreeMap<String, Best>, b: &BTreeMap<String, Best>) -> BTreeMap<String, Best> {
    union_with(a, b, |x, y| x.merged(*y))
}

/// The keys of both maps; a key in both gets `pick(a's, b's)`.
fn union_with<V: Clone>(
    a: &BTreeMap<String, V>,
    b: &BTreeMap<String, V>,
    pick: impl Fn(&V, &V) -> V,
) -> BTreeMap<String, V> {
    let mut out = a.clone();
    for (key, theirs) in b {
        let value = match a.get(key) {
            Some(ours) => pick(ours, theirs),
            None => theirs.clone(),
        };
        out.insert(key.clone(), value);
    }
    out
}

fn merge_nested<V: Clone>(
    a: &BTreeMap<String, BTreeMap<String, V>>,
    b: &BTreeMap<String, BTreeMap<String, V>>,
    pick: impl Fn(&V, &V) -> V + Copy,
) -> BTreeMap<String, BTreeMap<String, V>> {
    union_with(a, b, |x, y| union_with(x, y, pick))
}

fn merge_settings(a: &Settings, b: &Settings) -> Settings {
    Settings {
        volume: later(&a.volume, &b.volume, |x, y| x.total_cmp(y)),
        jump_key: later(&a.jump_key, &b.jump_key, JumpKey::cmp),
        keys: later(&a.keys, &b.keys, Ord::cmp),
        fullscreen: later(&a.fullscreen, &b.fullscreen, Ord::cmp),
        muted: later(&a.muted, &b.muted, Ord::cmp),
        text_size: later(&a.text_size, &b.text_size, Ord::cmp),
        board: later(&a.board, &b.board, Ord::cmp),
        player_name: later(&a.player_name, &b.player_name, Ord::cmp),
        music_volume: later(&a.music_volume, &b.music_volume, |x, y| x.total_cmp(y)),
        reduced_motion: later(&a.reduced_motion, &b.reduced_motion, Ord::cmp),
        buttons: later(&a.buttons, &b.buttons, Ord::cmp),
        colours: later(&a.colours, &b.colours, Ord::cmp),
    }
}

/// The later change; on equal stamps, the larger value by `tie` (any fixed order will do: it
/// only has to give both windows the same answer).
fn later<T: Clone>(a: &Stamped<T>, b: &Stamped<T>, tie: impl Fn(&T, &T) -> Ordering) -> Stamped<T> {
    match a.at.cmp(&b.at).then_with(|| tie(&a.value, &b.value)) {
        Ordering::Less => b.clone(),
        Ordering::Equal | Ordering::Greater => a.clone(),
    }
}

fn merge_history(
    a: &BTreeMap<String, BTreeMap<String, SeedPlay>>,
    b: &BTreeMap<String, BTreeMap<String, SeedPlay>>,
) -> BTreeMap<String, BTreeMap<String, SeedPlay>> {
    let mut merged = merge_nested(a, b, |x, y| x.max(y).clone());
    merged.values_mut().for_each(cap_history);
    merged
}

/// Keeps the newest [`HISTORY_PER_MODE`] seeds of one mode, by (`played_at`, origin, code).
pub(crate) fn cap_history(seeds: &mut BTreeMap<String, SeedPlay>) {
    if seeds.len() <= HISTORY_PER_MODE {
        return;
    }
    let mut ranked: Vec<(&SeedPlay, &String)> = seeds.iter().map(|(code, play)| (play, code)).collect();
    ranked.sort_by(|x, y| y.cmp(x));
    let keep: Vec<String> = ranked.into_iter().take(HISTORY_PER_MODE).map(|(_, code)| code.clone()).collect();
    seeds.retain(|code, _| keep.contains(code));
}

/// The later star or un-star; on equal stamps, the star.
pub(crate) fn later_favourite(a: &Favourite, b: &Favourite) -> Favourite {
    if (a.at, a.starred) >= (b.at, b.starred) { *a } else { *b }
}

#[cfg(test)]
mod properties;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Direction;

    #[test]
    fn a_volume_change_in_one_window_keeps_the_others_new_best() {
        // The bug of issue #11: each window wrote its whole copy, last writer won.
        let start = SaveData::default();
        let mut first = start.clone();
        first.record("runner/124MP-ANQ6N", 900, Direction::Higher);
        let mut second = start.clone();
        second.settings_mut().set_volume(0.2, 50);
        let on_disk = merge(&first, &second);
        assert_eq!(on_disk.best("runner/124MP-ANQ6N").map(|b| b.score), Some(900));
        assert_eq!(on_disk.settings().volume(), 0.2);
    }

    #[test]
    fn settings_take_the_later_change_and_ties_agree() {
        let mut a = Settings::default();
        let mut b = Settings::default();
        a.set_volume(0.1, 10);
        b.set_volume(0.9, 20);
        b.set_jump_key(JumpKey::Z, 5);
        a.set_jump_key(JumpKey::X, 6);
        let m = merge_settings(&a, &b);
        assert_eq!((m.volume(), m.jump_key()), (0.9, JumpKey::X));
        b.set_volume(0.3, 10);
        let mut c = Settings::default();
        c.set_volume(0.1, 10);
        let mut d = Settings::default();
        d.set_volume(0.3, 10);
        assert_eq!(merge_settings(&c, &d), merge_settings(&d, &c));
        assert_eq!(merge_settings(&c, &d).volume(), 0.3);
    }

    #[test]
    fn an_unstar_beats_an_older_star() {
        let mut a = SaveData::default();
        a.set_favourite("maze", "A", true, 10);
        let mut b = a.clone();
        b.set_favourite("maze", "A", false, 20);
        assert!(!merge(&a, &b).is_favourite("maze", "A"));
        assert!(!merge(&b, &a).is_favourite("maze", "A"));
        // Same stamp: the star is kept, whichever copy comes first.
        let mut c = SaveData::default();
        c.set_favourite("maze", "A", false, 10);
        assert!(merge(&a, &c).is_favourite("maze", "A") && merge(&c, &a).is_favourite("maze", "A"));
    }

    #[test]
    fn history_unions_by_code_and_keeps_the_newest_twenty() {
        let mut a = SaveData::default();
        let mut b = SaveData::default();
        for n in 0..15u64 {
            a.played("maze", &format!("A{n:02}"), None, 100 + 2 * n);
            b.played("maze", &format!("B{n:02}"), None, 101 + 2 * n);
        }
        b.played("maze", "A00", Some("soup"), 1_000);
        let merged = merge(&a, &b);
        let history = merged.history("maze");
        assert_eq!(history.len(), HISTORY_PER_MODE);
        assert_eq!(history[0], ("A00", &SeedPlay { played_at: 1_000, origin: Some("soup".into()) }));
        // The oldest fell off: A01..A04 and B00..B04 (played at 100..=109) minus A00, replayed.
        assert!(history.iter().all(|(_, play)| play.played_at >= 109));
    }
}
