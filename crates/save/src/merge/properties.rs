//! The merge's algebra on random states: commutative, associative, idempotent, and it never
//! loses a best or a newer change.

use crate::test_support::{Rng, random_state};
use crate::{HISTORY_PER_MODE, SaveData};

const CASES: usize = 1_500;

fn states(seed: u64) -> impl Iterator<Item = (SaveData, SaveData, SaveData)> {
    let mut rng = Rng::new(seed);
    (0..CASES).map(move |_| (random_state(&mut rng), random_state(&mut rng), random_state(&mut rng)))
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
