//! What the game keeps for verified score boards (issue #31): per board server, the player's
//! secret for it and the runs waiting to be sent to it.
//!
//! The game makes the secret, sends the runs and checks names; this crate only keeps them, so
//! that neither is lost between sessions or windows: a lost secret is a lost identity on that
//! board, a lost waiting run a lost run. A run the server answered (accepted or refused: either
//! way final) keeps a tombstone (`sent_at`) so that a merge with an older copy, where it still
//! waits, doesn't send it again. The merge rules are in [`crate::merge`].
//!
//! Keys: every server is kept under its address's one normal form ([`board_address`]), from the
//! moment it is saved or read, so one board is one entry whatever spelling reached it (a file
//! with two spellings of one board reads as one, merged).
//!
//! Bounds: a server's key is cut to [`BOARD_ADDRESS_MAX_CHARS`] characters (as the board setting
//! is), a name to [`PLAYER_NAME_MAX_CHARS`]; at most [`MAX_WAITING`] unsent runs per server, each
//! code at most [`MAX_RUN_CODE_BYTES`]. A save keeps the newest [`TOMBSTONES_PER_SERVER`]
//! tombstones per server; reading keeps at most [`MAX_BOARD_SERVERS`] servers and
//! [`WAITING_READ_MAX`] entries per server, so a hand-edited file can't grow without end.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::SaveData;
use crate::settings::cut_chars;

mod address;
pub use address::board_address;

/// The longest board server address kept (the setting, and a server's key), in characters.
pub const BOARD_ADDRESS_MAX_CHARS: usize = 200;

/// The longest player name kept (the setting, and a waiting run's name), in characters.
pub const PLAYER_NAME_MAX_CHARS: usize = 20;

/// How many unsent runs one server may have waiting: [`SaveData::queue_run`] refuses more.
pub const MAX_WAITING: usize = 20;

/// The longest replay code kept for sending, in bytes (80 KiB).
pub const MAX_RUN_CODE_BYTES: usize = 80 * 1024;

/// How many answered runs' tombstones a save keeps per server: the newest.
pub const TOMBSTONES_PER_SERVER: usize = 50;

/// The most board servers kept: a file's servers after the first this many (by key) are left
/// out when read, and a save keeps the first this many.
pub const MAX_BOARD_SERVERS: usize = 64;

/// The most waiting entries (unsent runs and tombstones) read per server; more are left out,
/// tombstones first (unsent runs: the oldest queued are kept; tombstones: the newest).
pub const WAITING_READ_MAX: usize = 200;

/// One board server's part of the save, written on one line as `(secret: "…", made_at: 17…,
/// waiting: {"CODE": (name: "Ann", queued_at: 17…, sent_at: None)})`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The player's secret for this server, as the game made it; `""` when none was made yet (a
    /// run was queued or answered first).
    #[serde(default)]
    pub secret: String,
    /// When the secret was made (milliseconds since the Unix epoch, from the caller).
    #[serde(default)]
    pub made_at: u64,
    /// Per replay code: a run waiting to be sent, or the tombstone of one that was answered.
    #[serde(default)]
    pub waiting: BTreeMap<String, Waiting>,
}

/// A run queued for a board server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    /// The name it is sent under (the player's name when it was queued).
    #[serde(default)]
    pub name: String,
    /// When it was queued.
    pub queued_at: u64,
    /// `Some(when)` once the server answered it: final, never sent again.
    #[serde(default)]
    pub sent_at: Option<u64>,
}

/// `server` as a key: its one normal form ([`board_address`]: `HTTP://127.0.0.1:8080/` is
/// `http://127.0.0.1:8080`), so that every spelling of one board is one entry (issue #51); text
/// that isn't an address (a build that read addresses differently) cut to
/// [`BOARD_ADDRESS_MAX_CHARS`] characters, as the setting is.
pub(crate) fn server_key(server: &str) -> String {
    board_address(server).unwrap_or_else(|_| cut_chars(server, BOARD_ADDRESS_MAX_CHARS).to_string())
}

impl Board {
    fn unsent(&self) -> usize {
        self.waiting.values().filter(|w| w.sent_at.is_none()).count()
    }

    /// Keeps at most `keep` tombstones: the newest by (`sent_at`, code).
    pub(crate) fn cap_tombstones(&mut self, keep: usize) {
        let mut sent: Vec<(u64, &String)> =
            self.waiting.iter().filter_map(|(code, w)| w.sent_at.map(|at| (at, code))).collect();
        if sent.len() <= keep {
            return;
        }
        sent.sort_unstable_by(|x, y| y.cmp(x));
        let gone: Vec<String> = sent[keep..].iter().map(|(_, code)| (*code).clone()).collect();
        for code in gone {
            self.waiting.remove(&code);
        }
    }

    /// The bounds a read keeps: names cut, codes over [`MAX_RUN_CODE_BYTES`] left out, and at
    /// most [`WAITING_READ_MAX`] entries (unsent runs first, oldest queued first; then
    /// tombstones, newest first). Returns how many entries were left out.
    pub(crate) fn bound(&mut self) -> usize {
        let before = self.waiting.len();
        self.waiting.retain(|code, _| code.len() <= MAX_RUN_CODE_BYTES);
        for waiting in self.waiting.values_mut() {
            let cut = cut_chars(&waiting.name, PLAYER_NAME_MAX_CHARS);
            if cut.len() < waiting.name.len() {
                waiting.name = cut.to_string();
            }
        }
        if self.waiting.len() > WAITING_READ_MAX {
            // (sent, then oldest queued first / newest answer first, then code)
            let mut ranked: Vec<((bool, u64), &String)> = self
                .waiting
                .iter()
                .map(|(code, w)| (w.sent_at.map_or((false, w.queued_at), |at| (true, u64::MAX - at)), code))
                .collect();
            ranked.sort_unstable();
            let gone: Vec<String> = ranked[WAITING_READ_MAX..].iter().map(|(_, code)| (*code).clone()).collect();
            for code in gone {
                self.waiting.remove(&code);
            }
        }
        before - self.waiting.len()
    }
}

/// `data`'s boards as a save writes them: at most [`TOMBSTONES_PER_SERVER`] tombstones per
/// server, the read bounds, and the first [`MAX_BOARD_SERVERS`] servers. (Not in the merge: a
/// cap on tombstones there would break its associativity, as a dropped tombstone lets an older
/// copy's unsent run back in. At saving, only a tombstone older than 50 answers could let one
/// back in, from a copy that old.)
pub(crate) fn bounded_for_saving(data: &mut SaveData) {
    for board in data.boards.values_mut() {
        board.cap_tombstones(TOMBSTONES_PER_SERVER);
        board.bound();
    }
    while data.boards.len() > MAX_BOARD_SERVERS {
        data.boards.pop_last();
    }
}

/// Adds a server read from a file to `boards`: its key in the normal form [`server_key`] gives
/// (two spellings of one board are merged into one entry, by the merge's rules: the secret made
/// first, each run's answer kept), the server within the read bounds. `Err` when it would be one
/// server more than [`MAX_BOARD_SERVERS`] (left out); else how many entries were left out.
pub(crate) fn add_read(boards: &mut BTreeMap<String, Board>, key: &str, board: Board) -> Result<usize, ()> {
    let key = server_key(key);
    let mut board = match boards.get(&key) {
        Some(old) => crate::merge::merge_board(old, &board),
        None if boards.len() >= MAX_BOARD_SERVERS => return Err(()),
        None => board,
    };
    let left_out = board.bound();
    boards.insert(key, board);
    Ok(left_out)
}

impl SaveData {
    /// The player's secret for the board server `server`, if one was made.
    pub fn board_secret(&self, server: &str) -> Option<&str> {
        self.boards.get(&server_key(server)).map(|board| board.secret.as_str()).filter(|secret| !secret.is_empty())
    }

    /// The player's secret for `server`: the kept one, or else `fresh()`, kept from now on
    /// (stamped `now_ms`: when two windows each made one, the merge keeps the earlier, so they
    /// agree on one). Beyond [`MAX_BOARD_SERVERS`] servers, `fresh()` is returned unkept.
    pub fn ensure_board_secret(&mut self, server: &str, fresh: impl FnOnce() -> String, now_ms: u64) -> String {
        if let Some(secret) = self.board_secret(server) {
            return secret.to_string();
        }
        let key = server_key(server);
        if !self.boards.contains_key(&key) && self.boards.len() >= MAX_BOARD_SERVERS {
            return fresh();
        }
        let board = self.boards.entry(key).or_default();
        board.secret = fresh();
        board.made_at = now_ms;
        board.secret.clone()
    }

    /// Queues the run `code` for `server`, to be sent under `name` (cut to
    /// [`PLAYER_NAME_MAX_CHARS`]). `false`, and nothing kept, when the server already has
    /// [`MAX_WAITING`] unsent runs, the code is over [`MAX_RUN_CODE_BYTES`], or the server would
    /// be one more than [`MAX_BOARD_SERVERS`]. A code already queued (or answered) is left as it
    /// is: `true`.
    pub fn queue_run(&mut self, server: &str, code: &str, name: &str, now_ms: u64) -> bool {
        if code.len() > MAX_RUN_CODE_BYTES {
            return false;
        }
        let key = server_key(server);
        match self.boards.get(&key) {
            Some(board) if board.waiting.contains_key(code) => return true,
            Some(board) if board.unsent() >= MAX_WAITING => return false,
            None if self.boards.len() >= MAX_BOARD_SERVERS => return false,
            _ => {}
        }
        let name = cut_chars(name, PLAYER_NAME_MAX_CHARS).to_string();
        let waiting = Waiting { name, queued_at: now_ms, sent_at: None };
        self.boards.entry(key).or_default().waiting.insert(code.to_string(), waiting);
        true
    }

    /// Every unsent run, as (server, code, run): the oldest queued first (ties by server, then
    /// code).
    pub fn waiting_runs(&self) -> Vec<(String, String, Waiting)> {
        let mut runs: Vec<(String, String, Waiting)> = self
            .boards
            .iter()
            .flat_map(|(server, board)| {
                let unsent = board.waiting.iter().filter(|(_, w)| w.sent_at.is_none());
                unsent.map(move |(code, w)| (server.clone(), code.clone(), w.clone()))
            })
            .collect();
        runs.sort_by(|a, b| (a.2.queued_at, &a.0, &a.1).cmp(&(b.2.queued_at, &b.0, &b.1)));
        runs
    }

    /// Notes that `server` answered the run `code`: it is never sent again. A code that wasn't
    /// queued gets a tombstone too (harmless); one already answered keeps its first answer. The
    /// stamp is at least one past the server's newest tombstone (as a setting's is, see
    /// [`crate::Stamped::change`]), so the newest answer is never the one a cap drops.
    pub fn mark_sent(&mut self, server: &str, code: &str, now_ms: u64) {
        let key = server_key(server);
        let room = self.boards.contains_key(&key) || self.boards.len() < MAX_BOARD_SERVERS;
        if code.len() > MAX_RUN_CODE_BYTES || !room {
            return; // It can't have been queued.
        }
        let board = self.boards.entry(key).or_default();
        let newest = board.waiting.values().filter_map(|w| w.sent_at).max();
        let at = newest.map_or(now_ms, |newest| now_ms.max(newest.saturating_add(1)));
        let waiting = board.waiting.entry(code.to_string()).or_insert_with(|| Waiting {
            name: String::new(),
            queued_at: now_ms,
            sent_at: None,
        });
        if waiting.sent_at.is_none() {
            waiting.sent_at = Some(at);
        }
        board.cap_tombstones(TOMBSTONES_PER_SERVER);
    }

    /// Every board server's part of the save, by key.
    pub fn boards(&self) -> &BTreeMap<String, Board> {
        &self.boards
    }
}

#[cfg(test)]
mod spelling_tests;
#[cfg(test)]
mod tests;
