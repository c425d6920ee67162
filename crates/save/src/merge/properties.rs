//! The merge's algebra on random states (board servers' secrets and waiting runs included):
//! commutative, associative, idempotent, and it never loses a best, a newer change, a secret, a
//! waiting run or an answer.

use std::collections::BTreeSet;

use crate::test_support::{Rng, random_state};
use crate::{HISTORY_PER_MODE, SaveData};

const CASES: usize = 1_500;

fn states(seed: u64) -> impl Iterator<Item = (SaveData, SaveData, SaveData)> {
    let mut rng = Rng::new(seed);
    (0..CASES).map(move |_| (random_state(&mut rng), random_state(&mut rng), random_state(&mut rng)))
}

#[test]
fn the_states_reach_the_boards_cases() {
    // The generator must make what the board rules are about, or the laws above test nothing.
    let (mut tombstone_vs_unsent, mut tied_secrets) = (0, 0);
    for (a, b, _) in states(5) {
        for (server, board) in a.boards() {
            let Some(theirs) = b.boards().get(server) else { continue };
            let both = !board.secret.is_empty() && !theirs.secret.is_empty();
            if both && board.made_at == theirs.made_at && board.secret != theirs.secret {
                tied_secrets += 1;
            }
            for (code, waiting) in &board.waiting {
                let other = theirs.waiting.get(code).map(|w| w.sent_at.is_some());
                if other.is_some_and(|sent| sent != waiting.sent_at.is_some()) {
                    tombstone_vs_unsent += 1;
                }
            }
        }
    }
    assert!(tombstone_vs_unsent > 100 && tied_secrets > 10, "{tombstone_vs_unsent} {tied_secrets}");
}

#[test]
fn merge_is_commutative() {
    for (a, b, _) in states(1) {
        assert_eq!(a.merge(&b), b.merge(&a), "\na = {a:?}\nb = {b:?}");
    }
}

#[test]
fn merge_is_associative() {
    for (a, b, c) in states(2) {
        assert_eq!(a.merge(&b).merge(&c), a.merge(&b.merge(&c)), "\na = {a:?}\nb = {b:?}\nc = {c:?}");
    }
}

#[test]
fn merge_is_idempotent_and_absorbs_what_it_already_has() {
    for (a, b, _) in states(3) {
        assert_eq!(a.merge(&a), a);
        let ab = a.merge(&b);
        assert_eq!(ab.merge(&a), ab);
        assert_eq!(ab.merge(&b), ab);
        // Fresh data adds nothing to states whose unchanged settings hold defaults.
        let mut plain = a.clone();
        plain.settings = SaveData::default().settings;
        assert_eq!(plain.merge(&SaveData::default()), plain);
    }
}

#[test]
fn merge_loses_no_best_and_no_newer_change() {
    for (a, b, _) in states(4) {
        let m = a.merge(&b);
        for (key, best) in a.bests().iter().chain(b.bests()) {
            let kept = m.best(key).expect("every key is kept");
            // Kept means: no worse by the kept best's direction (equal directions: the better).
            if kept.better == best.better {
                assert!(!kept.beaten_by(best.score), "{key}: {best:?} lost to {kept:?}");
            }
        }
        for (key, _) in a.daily_bests().iter().chain(b.daily_bests()) {
            assert!(m.daily_best(key).is_some());
        }
        let newest = a.settings.volume.at.max(b.settings.volume.at);
        assert_eq!(m.settings.volume.at, newest);
        assert_eq!(m.settings.board.at, a.settings.board.at.max(b.settings.board.at));
        assert_eq!(m.settings.player_name.at, a.settings.player_name.at.max(b.settings.player_name.at));
        assert_eq!(m.settings.music_volume.at, a.settings.music_volume.at.max(b.settings.music_volume.at));
        assert_eq!(m.settings.reduced_motion.at, a.settings.reduced_motion.at.max(b.settings.reduced_motion.at));
        assert_eq!(m.settings.buttons.at, a.settings.buttons.at.max(b.settings.buttons.at));
        assert_eq!(m.settings.colours.at, a.settings.colours.at.max(b.settings.colours.at));
        for (server, board) in a.boards().iter().chain(b.boards()) {
            let kept = &m.boards()[server];
            // The first-made secret; no secret only where neither side had one.
            if !board.secret.is_empty() {
                assert!(!kept.secret.is_empty(), "{server}: the secret was lost");
                assert!((kept.made_at, &kept.secret) <= (board.made_at, &board.secret), "{server}");
            }
            for (code, waiting) in &board.waiting {
                let won = kept.waiting.get(code).unwrap_or_else(|| panic!("{server}/{code} lost"));
                match waiting.sent_at {
                    // An answer is never undone, and the later answer is kept.
                    Some(at) => assert!(won.sent_at.is_some_and(|won| won >= at), "{server}/{code}: {won:?}"),
                    None if won.sent_at.is_none() => assert!(won.queued_at <= waiting.queued_at),
                    None => {}
                }
            }
        }
        assert_eq!(m.boards().len(), a.boards().keys().chain(b.boards().keys()).collect::<BTreeSet<_>>().len());
        for (mode, seeds) in a.all_favourites().iter().chain(b.all_favourites()) {
            for (code, favourite) in seeds {
                assert!(m.all_favourites()[mode][code].at >= favourite.at);
            }
        }
        for (mode, seeds) in m.histories() {
            assert!(seeds.len() <= HISTORY_PER_MODE, "{mode}");
            // Nothing newer than the oldest kept seed was dropped.
            let oldest = seeds.values().map(|p| p.played_at).min().unwrap_or(0);
            for side in [&a, &b] {
                for (code, play) in side.histories().get(mode).into_iter().flatten() {
                    if play.played_at > oldest {
                        assert!(seeds.contains_key(code), "{mode}/{code} dropped");
                    }
                }
            }
        }
    }
}
