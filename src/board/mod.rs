//! Verified score boards from the game's side (issue #31), below the screens: which board is in
//! use (Settings', or a friend's link's `?board=`), each server's secret, *Submit to board*'s
//! request and answer ([`submit`]), and runs kept to send later when the board can't be reached
//! ([`outbox`]). What the player sees of it (the game-over card's line, the name prompt, the
//! seed screen's top three) is in `ui`. The server is its own crate (`crates/board`); the game
//! only speaks its JSON API ([`api`]) over a small client ([`http`]).
//!
//! Nothing is lost: a run is queued in the save (atomically, with the scores) **before** it is
//! sent, and only an answer that is final (ranked, or refused for good) takes it off the queue.
//! A crash, a closed tab or a dead network leaves it waiting; [`outbox`] sends waiting runs when
//! the game starts and after the board next answers. A board keeps the same replay bytes once, so
//! a run sent twice is ranked once.

pub mod address;
pub mod api;
pub mod http;
pub mod outbox;
pub mod pace;
pub mod submit;

use bevy::prelude::*;

use crate::save::Save;
#[cfg(target_arch = "wasm32")]
use crate::toast::Toast;
pub use address::BoardAddress;

/// The board a link named (`?board=…`), which this session uses before the one in Settings.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub(crate) struct LinkBoard(pub Option<BoardAddress>);

/// The board runs go to now: the link's, else the one in Settings, else none.
pub(crate) fn active_board(save: &Save, link: &LinkBoard) -> Option<BoardAddress> {
    link.0.clone().or_else(|| {
        let kept = save.settings().board();
        (!kept.is_empty()).then(|| BoardAddress::parse(kept).ok()).flatten()
    })
}

/// The per-server secret's length: the server takes 16 to 128 printable characters.
const SECRET_CHARS: usize = 32;

/// A new random secret for one board server, or `None` where the system has no randomness
/// (then nothing is sent: a guessable secret would let anyone post as this player).
pub(crate) fn fresh_secret() -> Option<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut bytes = [0u8; SECRET_CHARS];
    getrandom::fill(&mut bytes).ok()?;
    // 256 isn't a multiple of 62, so the first 8 characters are a little likelier: 32 of them
    // still hold over 189 bits, far beyond guessing.
    Some(bytes.iter().map(|b| ALPHABET[usize::from(b % 62)] as char).collect())
}

pub fn plugin(app: &mut App) {
    app.init_resource::<LinkBoard>().add_plugins((submit::plugin, outbox::plugin));
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Startup, read_link_board);
}

/// The page's `?board=` (a friend's board), told to the player when it doesn't read.
#[cfg(target_arch = "wasm32")]
fn read_link_board(mut link: ResMut<LinkBoard>, mut toast: ResMut<Toast>) {
    let query = crate::web::page_query();
    let Some(named) = seedfeast_procgen::link::parse_link(&query).and_then(|parts| parts.board) else { return };
    match BoardAddress::parse(&named) {
        Ok(board) => link.0 = Some(board),
        Err(error) => toast.show(format!("The link's board can't be used: {error}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_random_and_plain() {
        let a = fresh_secret().unwrap();
        let b = fresh_secret().unwrap();
        assert_eq!(a.len(), SECRET_CHARS);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }

    #[test]
    fn a_links_board_comes_before_the_settings_one() {
        let mut save = Save::default();
        assert_eq!(active_board(&save, &LinkBoard(None)), None);
        save.settings_mut().set_board("https://mine.example", 1);
        let mine = BoardAddress::parse("mine.example").unwrap();
        assert_eq!(active_board(&save, &LinkBoard(None)), Some(mine));
        let theirs = BoardAddress::parse("theirs.example").unwrap();
        assert_eq!(active_board(&save, &LinkBoard(Some(theirs.clone()))), Some(theirs));
    }
}
