//! Seed history and favourites (issue #15): the seeds played lately in each mode, and the ones
//! the player starred.

use serde::{Deserialize, Serialize};

/// How many seeds the history keeps per mode (the newest by `played_at`).
pub const HISTORY_PER_MODE: usize = 20;

/// The longest origin text kept, in characters: enough for any phrase a player types as a seed;
/// longer text is cut (at a character boundary) when recorded.
pub const ORIGIN_MAX_CHARS: usize = 200;

/// One seed in a mode's history. Written as `(played_at: 1767225600000, origin: Some("pizza party"))`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SeedPlay {
    /// When it was last played (milliseconds since the Unix epoch, from the caller).
    pub played_at: u64,
    /// The text the seed was made from, when the player typed text rather than a code.
    #[serde(default)]
    pub origin: Option<String>,
}

/// A star on a seed, or its removal: kept (not deleted) when un-starred, so that merging with an
/// older copy that still has the star can tell the un-star is newer.
/// Written as `(starred: true, at: 1767225600000)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Favourite {
    pub starred: bool,
    /// When it was last starred or un-starred.
    pub at: u64,
}

/// `text` cut to [`ORIGIN_MAX_CHARS`] characters.
pub(crate) fn clipped_origin(text: &str) -> String {
    match text.char_indices().nth(ORIGIN_MAX_CHARS) {
        Some((end, _)) => text[..end].to_string(),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_cut_at_a_character_boundary() {
        assert_eq!(clipped_origin("pizza party"), "pizza party");
        let long = "é".repeat(ORIGIN_MAX_CHARS + 5);
        assert_eq!(clipped_origin(&long).chars().count(), ORIGIN_MAX_CHARS);
    }
}
