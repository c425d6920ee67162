//! Why seed input was refused: [`SeedInputError`], worded for the player.

use std::fmt;

use super::{MAX_SEED_TEXT, SeedCodeError};

/// Why seed input was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedInputError {
    Empty,
    /// More than [`MAX_SEED_TEXT`] characters of text, or a link longer than any the game makes
    /// ([`crate::link::MAX_LINK`]); `chars` is how many there were.
    TooLong {
        chars: usize,
        link: bool,
    },
    /// A link was pasted, but it names no seed.
    LinkWithoutSeed,
    /// A link holds a key twice, a key no link has, or a level that is no number.
    Link(crate::link::LinkError),
    Code(SeedCodeError),
}

impl fmt::Display for SeedInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedInputError::Empty => write!(f, "type a seed code or any text"),
            SeedInputError::TooLong { chars, link: true } => write!(
                f,
                "that link is {chars} characters long; a Seedfeast link is at most {} (a long replay is shared as a file)",
                crate::link::MAX_LINK
            ),
            SeedInputError::TooLong { chars, link: false } => {
                write!(f, "a seed is at most {MAX_SEED_TEXT} characters of text; this is {chars}")
            }
            SeedInputError::LinkWithoutSeed => write!(f, "that link names no seed (it needs ?seed=CODE)"),
            SeedInputError::Link(error) => write!(f, "{error}"),
            SeedInputError::Code(error) => write!(f, "bad seed code: {error}"),
        }
    }
}

impl std::error::Error for SeedInputError {}
