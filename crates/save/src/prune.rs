//! Keeping the save within [`MAX_SAVE_BYTES`] (issue #28): when a save would be larger, what
//! matters least is left out first, so that the next run is always recorded instead of every
//! save failing once the file is full.
//!
//! # The order
//! Each kind goes whole before the next is touched, oldest first within it:
//! 0. tombstones of board runs the server answered, oldest answer first: kept only so that a
//!    merge with an older copy doesn't send those runs again (issue #31);
//! 1. seed history of seeds that aren't starred, oldest play first: a convenience list, and the
//!    seeds are still in the bests;
//! 2. seed history of starred seeds, oldest play first (the star itself stays);
//! 3. un-star records, oldest first: kept only so that a merge knows the un-star is newer than an
//!    old copy's star;
//! 4. stars, oldest first;
//! 5. daily bests, oldest day first (by the key's `YYYY-MM-DD`): those days are over;
//! 6. seed bests, the longest entry first (the most bytes for one best lost, so an outsized key
//!    from a hand edit goes first), then by key;
//! 7. runs waiting to be sent to a board, oldest queued first: like a best, a run that can't be
//!    had again.
//!
//! The settings and the boards' secrets are never left out (a lost secret is a lost identity on
//! a board). Every best goes after every other entry but the waiting runs, so a real player,
//! whose save reaches the bound only through history, never loses one.
//!
//! What this save brings (entries new or changed against what was stored: the run being
//! recorded) is kept in a first pass; only if the save can't fit without it does a second pass
//! take it too, in the same order. Kinds 0 to 4 are brought to [`TARGET_BYTES`], some way below
//! the bound, so that pruning happens once in a long while, not at every save. Kinds 5 to 7,
//! what the player would miss, go only as far as the bound itself, as few as can (issue #51: a
//! save of nothing but bests lost 4,296 of them to reach the target), and every one that goes is
//! listed in a [`LeftOut`] for the game to tell the player.

use std::cmp::Reverse;

use serde::Serialize;

use crate::{MAX_SAVE_BYTES, SaveData, SaveError};

mod left_out;
pub use left_out::LeftOut;

/// What a pruned save is brought down to: 1/16 below the bound (256 KiB, room for thousands of
/// runs before the next pruning).
pub const TARGET_BYTES: usize = MAX_SAVE_BYTES - MAX_SAVE_BYTES / 16;

/// One entry that may be left out.
#[derive(Debug)]
enum Entry {
    Tombstone { server: String, code: String },
    Unsent { server: String, code: String },
    History { mode: String, code: String },
    Favourite { mode: String, code: String },
    Daily(String),
    Best(String),
}

/// An entry, where it comes in the order, and about how many bytes it takes in the file.
#[derive(Debug)]
struct Candidate {
    /// (kind 0 to 7 above, then oldest first / longest first)
    rank: (u8, u64, Reverse<usize>),
    /// Ties: the day of a daily best, else the key (`server/code` for a board's run).
    tie: String,
    bytes: usize,
    entry: Entry,
}

/// `data` as text within [`MAX_SAVE_BYTES`], pruned in the order above if it has to be, the
/// data that text holds, and what of it that matters was left out ([`LeftOut`]: bests, daily
/// bests, waiting runs, which the player must be told of). `stored` is what the file held before
/// this save: its entries are taken before this save's news. Fails only if not even the settings
/// alone fit, or encoding fails.
pub(crate) fn fitted(
    data: SaveData,
    stored: &SaveData,
    encode: impl Fn(&SaveData) -> Result<String, SaveError>,
) -> Result<(SaveData, String, LeftOut), SaveError> {
    let text = encode(&data)?;
    if text.len() <= MAX_SAVE_BYTES {
        return Ok((data, text, LeftOut::default()));
    }
    let before = data.clone();
    let (mut data, mut text) = (data, text);
    // First without this save's news: what matters least down to the target, what matters (from
    // the daily bests on) only down to the bound, so that as few of those go as can. Then, only
    // if that wasn't enough, with the news too, down to the bound.
    for keep_news in [true, false] {
        let candidates = candidates(&data, stored, keep_news);
        let matters = candidates.partition_point(|c| c.rank.0 < MATTERS);
        let (least, most) = candidates.split_at(matters);
        let least_goal = if keep_news { TARGET_BYTES } else { MAX_SAVE_BYTES };
        text = shed(&mut data, text, least, least_goal, &encode)?;
        text = shed(&mut data, text, most, MAX_SAVE_BYTES, &encode)?;
        if text.len() <= MAX_SAVE_BYTES {
            let left_out = LeftOut::between(&before, &data);
            return Ok((data, text, left_out));
        }
    }
    let size = text.len();
    Err(SaveError::TooLarge { bytes: size })
}

/// The first kind that matters to the player ([`LeftOut`]): daily bests, then seed bests, then
/// waiting runs. Those go only as far as the bound, never down to the target.
const MATTERS: u8 = 5;

/// Leaves out `candidates`, in order, until `text` is within `goal`; returns the text of what is
/// left. The estimates err a little either way; the text is measured again after each batch.
fn shed(
    data: &mut SaveData,
    mut text: String,
    candidates: &[Candidate],
    goal: usize,
    encode: &impl Fn(&SaveData) -> Result<String, SaveError>,
) -> Result<String, SaveError> {
    let mut next = 0;
    while text.len() > goal && next < candidates.len() {
        let excess = text.len() - goal;
        let mut freed = 0;
        while freed < excess && next < candidates.len() {
            remove(data, &candidates[next].entry);
            freed += candidates[next].bytes;
            next += 1;
        }
        text = encode(data)?;
    }
    Ok(text)
}

/// Every entry of `data` that may be left out, in the order above; without this save's news
/// when `keep_news`.
fn candidates(data: &SaveData, stored: &SaveData, keep_news: bool) -> Vec<Candidate> {
    let mut all = Vec::new();
    for (server, board) in &data.boards {
        for (code, waiting) in &board.waiting {
            if keep_news && stored.boards.get(server).and_then(|b| b.waiting.get(code)) != Some(waiting) {
                continue;
            }
            let (tie, bytes) = (format!("{server}/{code}"), size(code, waiting));
            let (server, code) = (server.clone(), code.clone());
            let (rank, entry) = match waiting.sent_at {
                Some(at) => ((0, at, Reverse(0)), Entry::Tombstone { server, code }),
                None => ((7, waiting.queued_at, Reverse(0)), Entry::Unsent { server, code }),
            };
            all.push(Candidate { rank, tie, bytes, entry });
        }
    }
    for (mode, seeds) in &data.history {
        for (code, play) in seeds {
            if keep_news && stored.history.get(mode).and_then(|s| s.get(code)) != Some(play) {
                continue;
            }
            let kind = if data.is_favourite(mode, code) { 2 } else { 1 };
            let entry = Entry::History { mode: mode.clone(), code: code.clone() };
            all.push(Candidate {
                rank: (kind, play.played_at, Reverse(0)),
                tie: format!("{mode}/{code}"),
                bytes: size(code, play),
                entry,
            });
        }
    }
    for (mode, seeds) in &data.favourites {
        for (code, favourite) in seeds {
            if keep_news && stored.favourites.get(mode).and_then(|s| s.get(code)) != Some(favourite) {
                continue;
            }
            let kind = if favourite.starred { 4 } else { 3 };
            let entry = Entry::Favourite { mode: mode.clone(), code: code.clone() };
            all.push(Candidate {
                rank: (kind, favourite.at, Reverse(0)),
                tie: format!("{mode}/{code}"),
                bytes: size(code, favourite),
                entry,
            });
        }
    }
    for (key, best) in &data.daily_best {
        if keep_news && stored.daily_best.get(key) != Some(best) {
            continue;
        }
        // "mode/2026-11-29/metric": the day is the second part.
        let day = key.split('/').nth(1).unwrap_or_default();
        let tie = format!("{day}/{key}");
        all.push(Candidate { rank: (5, 0, Reverse(0)), tie, bytes: size(key, best), entry: Entry::Daily(key.clone()) });
    }
    for (key, best) in &data.best {
        if keep_news && stored.best.get(key) != Some(best) {
            continue;
        }
        let bytes = size(key, best);
        all.push(Candidate { rank: (6, 0, Reverse(bytes)), tie: key.clone(), bytes, entry: Entry::Best(key.clone()) });
    }
    all.sort_by(|a, b| (a.rank, &a.tie).cmp(&(b.rank, &b.tie)));
    all
}

/// About the bytes one `key: value` takes in the file: the two compact, and the indentation,
/// colon and comma around them.
fn size(key: &str, value: &impl Serialize) -> usize {
    ron::to_string(key).map_or(key.len(), |k| k.len()) + ron::to_string(value).map_or(0, |v| v.len()) + 12
}

fn remove(data: &mut SaveData, entry: &Entry) {
    match entry {
        Entry::Tombstone { server, code } | Entry::Unsent { server, code } => {
            if let Some(board) = data.boards.get_mut(server) {
                board.waiting.remove(code);
                // The server stays while it holds a secret.
                if board.waiting.is_empty() && board.secret.is_empty() {
                    data.boards.remove(server);
                }
            }
        }
        Entry::History { mode, code } => {
            if let Some(seeds) = data.history.get_mut(mode) {
                seeds.remove(code);
                if seeds.is_empty() {
                    data.history.remove(mode);
                }
            }
        }
        Entry::Favourite { mode, code } => {
            if let Some(seeds) = data.favourites.get_mut(mode) {
                seeds.remove(code);
                if seeds.is_empty() {
                    data.favourites.remove(mode);
                }
            }
        }
        Entry::Daily(key) => {
            data.daily_best.remove(key);
        }
        Entry::Best(key) => {
            data.best.remove(key);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
