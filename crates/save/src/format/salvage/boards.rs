//! The salvage reader's part for format 4's `boards` (issue #31): each board server read on its
//! own, so that a damaged server costs that server, never the others' secrets.

use serde::Deserialize;

use super::scan::clipped;
use super::{Walk, quoting};
use crate::Board;
use crate::boards::{MAX_BOARD_SERVERS, MAX_RUN_CODE_BYTES, WAITING_READ_MAX, add_read};

/// A server's secret alone: its waiting runs, a field not named here, are skipped unread.
#[derive(Deserialize)]
struct SecretOnly {
    #[serde(default)]
    secret: String,
    #[serde(default)]
    made_at: u64,
}

impl Walk<'_> {
    /// The value of the board server `key` at the cursor (`start`: where its entry starts).
    ///
    /// A server that reads whole is kept (within the read bounds: what they leave out is
    /// listed). One that doesn't but whose secret does (a waiting run of the wrong shape: the
    /// runs are one map on the server's line, and telling which run is bad isn't worth a reader
    /// of its own) keeps its secret, the player's identity there, and loses its waiting runs,
    /// listed as left out. Otherwise the server is left out whole, as is one holding bytes
    /// that aren't text anywhere (a secret with a stand-in for them would be another secret).
    /// `None` when the value isn't a value at all (that damage is dealt with here).
    pub(super) fn board(&mut self, start: usize, label: &str, key: String) -> Option<Result<(), String>> {
        let (board, lost_runs) = match self.cur.typed::<Board>() {
            Some(board) => (board, None),
            None => match self.cur.value() {
                Err(reason) => {
                    self.damaged(start, label.to_string(), reason);
                    return None;
                }
                Ok(text) => match ron::from_str::<Board>(text) {
                    Ok(board) => (board, None),
                    Err(error) => {
                        let reason = quoting(clipped(&crate::format::ron_words(&error.code)), text);
                        match ron::from_str::<SecretOnly>(text) {
                            Ok(only) => {
                                let board = Board { secret: only.secret, made_at: only.made_at, ..Board::default() };
                                (board, Some(reason))
                            }
                            Err(_) => return Some(Err(reason)),
                        }
                    }
                },
            },
        };
        if self.holds_not_text(start) {
            return Some(Err("it holds bytes that aren't text".into()));
        }
        if let Some(reason) = lost_runs {
            self.drop(start, format!("the waiting runs of {label}"), reason);
        }
        Some(self.keep_board(start, label, &key, board))
    }

    /// Adds a server that was read, within the read bounds; what they leave out is listed.
    fn keep_board(&mut self, start: usize, label: &str, key: &str, board: Board) -> Result<(), String> {
        match add_read(&mut self.data.boards, key, board) {
            Err(()) => Err(format!("a save keeps at most {MAX_BOARD_SERVERS} board servers; this one is past them")),
            Ok(0) => Ok(()),
            Ok(count) => {
                let why = format!(
                    "a server keeps at most {WAITING_READ_MAX} entries, each code at most {} KiB",
                    MAX_RUN_CODE_BYTES / 1024
                );
                self.drop(start, format!("{count} waiting runs of {label}"), why);
                Ok(())
            }
        }
    }
}
