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

#[test]
fn the_order_is_tombstones_history_unstars_stars_daily_bests_then_waiting_runs() {
    let mut data = SaveData::default();
    data.queue_run("http://b", "UNSENT-NEW", "Ann", 3);
    data.queue_run("http://a", "UNSENT-OLD", "Ann", 2);
    data.queue_run("http://b", "ANSWERED", "Ann", 1);
    data.mark_sent("http://b", "ANSWERED", 90);
    data.mark_sent("http://a", "ANSWERED-FIRST", 80);
    data.played("maze", "OLD", None, 10);
    data.played("maze", "NEW", None, 20);
    data.played("maze", "STAR", None, 5);
    data.set_favourite("maze", "STAR", true, 30);
    data.set_favourite("maze", "GONE", false, 40);
    data.record_daily("maze/2026-01-02", 1, Direction::Higher);
    data.record_daily("maze/2026-01-01", 1, Direction::Higher);
    data.record("maze/SHORT", 1, Direction::Higher);
    data.record("maze/LONGER-KEY", 1, Direction::Higher);
    let order: Vec<String> = candidates(&data, &SaveData::default(), false)
        .into_iter()
        .map(|c| match c.entry {
            Entry::Tombstone { code, .. } => format!("answered {code}"),
            Entry::Unsent { code, .. } => format!("waiting {code}"),
            Entry::History { code, .. } => format!("history {code}"),
            Entry::Favourite { code, .. } => format!("favourite {code}"),
            Entry::Daily(key) | Entry::Best(key) => key,
        })
        .collect();
    assert_eq!(
        order,
        [
            "answered ANSWERED-FIRST",
            "answered ANSWERED",
            "history OLD",
            "history NEW",
            "history STAR",
            "favourite GONE",
            "favourite STAR",
            "maze/2026-01-01",
            "maze/2026-01-02",
            "maze/LONGER-KEY",
            "maze/SHORT",
            "waiting UNSENT-OLD",
            "waiting UNSENT-NEW"
        ]
    );
    // This save's news is left for the second pass.
    let mut stored = data.clone();
    stored.best.remove("maze/SHORT");
    stored.history.get_mut("maze").unwrap().remove("NEW");
    let first_pass = candidates(&data, &stored, true);
    assert_eq!(first_pass.len(), order.len() - 2);
}

#[test]
fn a_save_within_the_bound_is_left_whole() {
    let mut data = SaveData::default();
    next_run(&mut data);
    let (kept, text) = checked_text(data.clone(), &SaveData::default()).unwrap();
    assert_eq!((kept, text), (data.clone(), encode_save(&data).unwrap()));
}

/// Issue #31: at the bound, the board runs the servers answered go before any seed history, and
/// a run still waiting to be sent, like a best, is kept; so is every secret.
#[test]
fn a_full_save_drops_answered_runs_before_history_and_keeps_waiting_runs() {
    let mut stored = SaveData::default();
    for n in 0..crate::HISTORY_PER_MODE as u64 {
        stored.played("runner", &format!("SEED{n:02}"), None, 1_000 + n);
    }
    let code = |kind: &str, n: u64| format!("{kind}{n:02}-{}", "A".repeat(60 * 1024));
    for (server, odd) in [("http://a", 0), ("http://b", 1)] {
        stored.ensure_board_secret(server, || format!("secret of {server}"), 1);
        for n in 0..crate::MAX_WAITING as u64 {
            assert!(stored.queue_run(server, &code("WAIT", n), "Ann", 10 + n));
        }
        for n in 0..crate::TOMBSTONES_PER_SERVER as u64 {
            stored.mark_sent(server, &code("SENT", n), 100 + 2 * n + odd);
        }
    }
    // About 5.6 MiB of replay codes: 40 waiting (2.4 MiB) and 100 answered (the rest).
    assert!(encode_save(&stored).unwrap().len() > MAX_SAVE_BYTES);
    let mut data = stored.clone();
    next_run(&mut data);
    let (kept, text) = checked_text(stored.merge(&data), &stored).expect("the run is saved");
    assert!(text.len() <= TARGET_BYTES);
    assert_eq!(kept.best("runner/NEXT-RUN").map(|b| b.score), Some(4_242));
    assert_eq!(kept.histories(), data.histories(), "no history went: the answered runs were enough");
    assert_eq!(kept.waiting_runs(), data.waiting_runs(), "every waiting run is kept");
    for server in ["http://a", "http://b"] {
        assert_eq!(kept.board_secret(server), Some(format!("secret of {server}").as_str()));
    }
    // The oldest answers went first: every one kept is newer than every one gone.
    let answered = |d: &SaveData| -> Vec<u64> {
        d.boards().values().flat_map(|b| b.waiting.values().filter_map(|w| w.sent_at)).collect()
    };
    let kept_answers = answered(&kept);
    assert!(!kept_answers.is_empty() && kept_answers.len() < answered(&stored).len());
    let oldest_kept = kept_answers.iter().min().unwrap();
    assert!(answered(&stored).iter().filter(|at| *at >= oldest_kept).count() == kept_answers.len());
}
