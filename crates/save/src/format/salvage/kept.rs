//! The salvage reader's part that keeps the value of a map entry holding no map of its own: a
//! best, a played seed or a favourite, each merged with any read before under the same key (a
//! board server is [`super::boards`]'s).

use super::values::{read, read_best};
use super::{Entries, Walk};
use crate::{Favourite, SeedPlay};

impl Walk<'_> {
    /// The value of the entry `key` (one that holds no map of its own), kept with what was read
    /// before. `None` when it isn't a value at all (dealt with here); `Some(Err)` when it was read
    /// but isn't usable.
    pub(super) fn entry_value(
        &mut self,
        start: usize,
        label: &str,
        key: String,
        entries: Entries,
        mode: Option<&str>,
    ) -> Option<Result<(), String>> {
        match (entries, mode) {
            (Entries::Bests { daily }, _) => self.best(start, label, key, daily),
            (Entries::Modes { favourites: false }, Some(mode)) => self.played_seed(start, label, key, mode),
            (Entries::Modes { favourites: true }, Some(mode)) => self.favourite(start, label, key, mode),
            (Entries::Boards, _) => self.board(start, label, key),
            (Entries::Modes { .. }, None) => unreachable!("modes are read as maps above"),
        }
    }

    /// A best (`daily` or not) at the cursor, merged with any read before under its key.
    fn best(&mut self, start: usize, label: &str, key: String, daily: bool) -> Option<Result<(), String>> {
        self.value_as(start, label, read_best).map(|best| {
            best.map(|best| {
                let map = if daily { &mut self.data.daily_best } else { &mut self.data.best };
                let kept = map.get(&key).map_or(best, |old| old.merged(best));
                map.insert(key, kept);
            })
        })
    }

    /// A played seed of `mode` at the cursor, merged with any read before under its code.
    fn played_seed(&mut self, start: usize, label: &str, key: String, mode: &str) -> Option<Result<(), String>> {
        self.value_as(start, label, read::<SeedPlay>).map(|play| match play {
            // The key was checked above: bad bytes here are in the origin.
            Ok(_) if self.holds_not_text(start) => Err("its origin holds bytes that aren't text".into()),
            Ok(play) => {
                let seeds = self.data.history.entry(mode.to_string()).or_default();
                let kept = seeds.get(&key).map_or(play.clone(), |old| old.clone().max(play));
                seeds.insert(key, kept);
                Ok(())
            }
            Err(reason) => Err(reason),
        })
    }

    /// A favourite of `mode` at the cursor, merged with any read before under its code.
    fn favourite(&mut self, start: usize, label: &str, key: String, mode: &str) -> Option<Result<(), String>> {
        self.value_as(start, label, read::<Favourite>).map(|favourite| {
            favourite.map(|favourite| {
                let seeds = self.data.favourites.entry(mode.to_string()).or_default();
                let kept = seeds.get(&key).map_or(favourite, |old| crate::merge::later_favourite(old, &favourite));
                seeds.insert(key, kept);
            })
        })
    }
}
