//! Pruning to the bound: the order, and that the run being saved is kept.

use super::*;
use crate::format::{checked_text, checked_text_noting};
use crate::{Direction, encode_save};

/// A save whose text is exactly [`MAX_SAVE_BYTES`]: `modes` modes of full seed history (with
/// long origins, some starred), `bests` bests, and one best whose key is cut to fill the rest.
pub(crate) fn at_the_bound(modes: usize, bests: usize, daily: bool) -> SaveData {
    let mut data = SaveData::default();
    let origin = "a long phrase typed as a seed ".repeat(6);
    let mut at = 1_000;
    for mode in 0..modes {
        for seed in 0..crate::HISTORY_PER_MODE {
            at += 1;
            data.played(&format!("mode{mode:04}"), &format!("SEED{seed:02}"), Some(&origin), at);
        }
        data.set_favourite(&format!("mode{mode:04}"), "SEED00", true, at);
        data.set_favourite(&format!("mode{mode:04}"), "SEED01", false, at);
    }
    for n in 0..bests {
        data.record(&format!("runner/BEST{n:06}"), n as u64, Direction::Higher);
        if daily {
            data.record_daily(&format!("runner/2026-01-{:02}/n{n}", n % 28 + 1), n as u64, Direction::Higher);
        }
    }
    let size = |data: &SaveData| encode_save(data).unwrap().len();
    let before = size(&data);
    assert!(before < MAX_SAVE_BYTES - 1_000, "{before}: too much to fill exactly");
    let mut probe = data.clone();
    probe.record("filler/", 1, Direction::Higher);
    let line = size(&probe) - before - "filler/".len();
    let key = format!("filler/{}", "x".repeat(MAX_SAVE_BYTES - before - line - "filler/".len()));
    data.record(&key, 1, Direction::Higher);
    assert_eq!(size(&data), MAX_SAVE_BYTES);
    data
}

/// The next run: a new best, and the seed in its mode's history.
pub(crate) fn next_run(data: &mut SaveData) {
    data.record("runner/NEXT-RUN", 4_242, Direction::Higher);
    data.played("runner", "NEXT-RUN", Some("the next run"), 9_000_000);
}

#[test]
fn a_save_at_its_bound_records_the_next_run_and_keeps_every_best() {
    let stored = at_the_bound(700, 2_000, true);
    let mut data = stored.clone();
    next_run(&mut data);
    let (kept, text) = checked_text(stored.merge(&data), &stored).expect("the run is saved");
    assert!(text.len() <= TARGET_BYTES, "{}", text.len());
    assert_eq!(kept.best("runner/NEXT-RUN").map(|b| b.score), Some(4_242));
    assert_eq!(kept.history("runner")[0].0, "NEXT-RUN");
    for (key, best) in stored.bests() {
        assert_eq!(kept.best(key), Some(*best), "{key}");
    }
    assert_eq!(kept.daily_bests(), stored.daily_bests());
    // History went oldest first, starred seeds' last: every seed newer than the oldest one kept
    // is kept, and every starred one.
    let plain = |mode: &str, code: &str| !stored.is_favourite(mode, code) && code != "NEXT-RUN";
    let oldest_kept = kept
        .histories()
        .iter()
        .flat_map(|(mode, seeds)| seeds.iter().filter(move |(code, _)| plain(mode, code)))
        .map(|(_, play)| play.played_at)
        .min()
        .unwrap();
    for (mode, seeds) in stored.histories() {
        for (code, play) in seeds {
            if play.played_at > oldest_kept || !plain(mode, code) {
                assert!(kept.histories().get(mode).is_some_and(|s| s.contains_key(code)), "{mode}/{code}");
            }
        }
    }
    // Stars and un-stars were not needed.
    assert_eq!(kept.all_favourites(), stored.all_favourites());
}

#[test]
fn a_save_of_nothing_but_bests_still_records_the_next_run() {
    // The pathological saves: full of bests, nothing else to give up. Daily bests go first,
    // oldest day first, and only as many as the bound needs, each one listed ...
    let stored = at_the_bound(0, 15_000, true);
    let mut data = stored.clone();
    next_run(&mut data);
    let (kept, text, left_out) = checked_text_noting(stored.merge(&data), &stored).expect("the run is saved");
    assert!(text.len() <= MAX_SAVE_BYTES);
    assert_eq!(kept.best("runner/NEXT-RUN").map(|b| b.score), Some(4_242));
    assert_eq!(kept.history("runner").len(), 1);
    assert_eq!(kept.bests().len(), stored.bests().len() + 1, "no seed best went");
    let day = |key: &str| key[7..17].to_string();
    let first_kept = kept.daily_bests().keys().map(|k| day(k)).min().unwrap();
    let gone: Vec<String> =
        stored.daily_bests().keys().filter(|k| !kept.daily_bests().contains_key(*k)).cloned().collect();
    for key in &gone {
        assert!(day(key) <= first_kept, "{key} went before an older day");
    }
    assert_eq!(left_out.daily_bests, gone, "every daily best that went is told");
    assert!((1..=4).contains(&gone.len()), "as few as the next run needs: {}", gone.len());
    // ... then seed bests, the longest first: the outsized one.
    let stored = at_the_bound(0, 30_000, false);
    let mut data = stored.clone();
    next_run(&mut data);
    let (kept, _, left_out) = checked_text_noting(stored.merge(&data), &stored).expect("the run is saved");
    assert_eq!(kept.best("runner/NEXT-RUN").map(|b| b.score), Some(4_242));
    assert!(!kept.bests().keys().any(|k| k.starts_with("filler/")));
    assert_eq!(kept.bests().len(), stored.bests().len());
    assert_eq!(left_out.bests.len(), 1, "the filler, told: {left_out:?}");
}

/// Issue #51: a save of nothing but bests, 40 bytes under the bound, lost 4,296 bests to one run
/// (pruned down to the target) without a word. Now as few go as the bound needs, and each is told.
#[test]
fn a_save_of_bests_just_under_the_bound_loses_as_few_as_it_must_and_tells_each() {
    let stored = bests_just_under_the_bound(40);
    let mut data = stored.clone();
    next_run(&mut data);
    let (kept, text, left_out) = checked_text_noting(stored.merge(&data), &stored).expect("the run is saved");
    assert!(text.len() <= MAX_SAVE_BYTES);
    assert_eq!(kept.best("runner/NEXT-RUN").map(|b| b.score), Some(4_242));
    let gone: Vec<String> = stored.bests().keys().filter(|k| kept.best(k).is_none()).cloned().collect();
    assert_eq!(left_out.bests, gone, "every best that went is told");
    assert!((1..=3).contains(&gone.len()), "{} bests went for one run", gone.len());
    let message = left_out.message().unwrap();
    assert!(message.contains(&format!("the best for {:?}", gone[0])) && message.contains("4 MiB"), "{message}");
}

/// A save of nothing but bests (the Runner's, with seed codes for keys) whose text is `under`
/// bytes short of [`MAX_SAVE_BYTES`]: some 70,600 of them.
pub(crate) fn bests_just_under_the_bound(under: usize) -> SaveData {
    // Every key and score has the same width, so every best takes the same bytes: count them
    // out, and make one key longer by the remainder.
    let key = |n: usize| format!("runner/{:05X}-{:05X}", n * 7_919 % 0xF_FFFF, n);
    let score = |n: usize| 1_000 + (n % 9_000) as u64;
    let size = |data: &SaveData| encode_save(data).unwrap().len();
    let mut one = SaveData::default();
    one.record(&key(0), score(0), Direction::Higher);
    let mut two = one.clone();
    two.record(&key(1), score(1), Direction::Higher);
    let line = size(&two) - size(&one);
    let empty = size(&one) - line;
    let room = MAX_SAVE_BYTES - under - empty;
    let (count, rest) = (room / line, room % line);
    let mut data = SaveData::default();
    for n in 0..count - 1 {
        data.record(&key(n), score(n), Direction::Higher);
    }
    data.record(&format!("{}{}", key(count - 1), "x".repeat(rest)), 1_000, Direction::Higher);
    assert_eq!(size(&data), MAX_SAVE_BYTES - under);
    data
}
