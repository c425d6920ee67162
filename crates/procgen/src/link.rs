//! Level links: the one parser for `?seed=CODE&mode=MODE&level=K&ghost=REPLAY`, whether it comes
//! from the browser's address bar or a whole link pasted into the seed box.
//!
//! Parsing is plain text work: which modes exist is the game's business, so `mode` comes back as
//! the text the link holds. A link is read as meant or refused: a key given twice or one no link
//! has is refused with the reason ([`read_link`]).

/// The parts of a link the game reads; each is the percent-decoded text, `None` when absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkParts {
    pub seed: Option<String>,
    pub mode: Option<String>,
    /// The curriculum step of a code-puzzle link, or the dungeon number.
    pub level: Option<String>,
    /// A replay code to race as a ghost.
    pub ghost: Option<String>,
    /// `?digest`: the page publishes the determinism digest.
    pub digest: bool,
    /// A score board's address to submit runs to (issue #31): a friend's link can name theirs.
    pub board: Option<String>,
}

/// The most text a link may hold; anything longer is not a link the game made (a replay code
/// for a long run is shared as a file instead).
pub const MAX_LINK: usize = 16 * 1024;

/// The query part of `text`, if it is a link or a query at all: everything after the first `?`,
/// or the whole text when it starts with `seed=` (a query pasted without its `?`).
fn query_of(text: &str) -> Option<&str> {
    let text = text.trim();
    if let Some((_, query)) = text.split_once('?') {
        return Some(query.split('#').next().unwrap_or(query));
    }
    text.starts_with("seed=").then_some(text)
}

/// The keys a link may hold: what the game makes and reads. `lockstep` is the page's test clock
/// (src/web_lockstep.rs, driven by scripts/browser/touch-keys.mjs): refusing it stopped the
/// touch = keys test from starting its runs.
pub const LINK_KEYS: [&str; 7] = ["seed", "mode", "level", "ghost", "digest", "board", "lockstep"];

/// Why a link is refused: it holds something no link the game makes holds, so reading it any
/// way at all would be a guess (issue #51: `?seed=A&seed=B` played B, `&zzz=1` was dropped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// A key given twice (`?seed=A&seed=B`).
    Repeated(String),
    /// A key no link has.
    Unknown(String),
    /// `level=` that is not a level number.
    BadLevel(String),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::shown::shown;
        match self {
            LinkError::Repeated(key) => {
                write!(f, "the link gives \"{}\" twice; a link gives each part once", shown(key))
            }
            LinkError::Unknown(key) => write!(
                f,
                "the link holds \"{}\", which no Seedfeast link has (a link holds {})",
                shown(key),
                LINK_KEYS.join(", ")
            ),
            LinkError::BadLevel(text) => {
                write!(f, "the link's level \"{}\" isn't a level number (0 to {})", shown(text), u32::MAX)
            }
        }
    }
}

impl std::error::Error for LinkError {}

/// Reads a link or a bare query (`?seed=124MP-ANQ6N&mode=maze`). `Ok(None)` when `text` holds
/// no query at all (plain words or a code); refused when a key is repeated or is none of
/// [`LINK_KEYS`] (a link is read as meant or not at all).
///
/// ```
/// use seedfeast_procgen::link::{LinkError, read_link};
/// let link = read_link("https://example.org/play/?seed=pizza+party&mode=maze#top").unwrap().unwrap();
/// assert_eq!(link.seed.as_deref(), Some("pizza party"));
/// assert_eq!(link.mode.as_deref(), Some("maze"));
/// assert_eq!(read_link("pizza party"), Ok(None));
/// assert_eq!(read_link("?seed=a&seed=b"), Err(LinkError::Repeated("seed".into())));
/// ```
pub fn read_link(text: &str) -> Result<Option<LinkParts>, LinkError> {
    if text.len() > MAX_LINK {
        return Ok(None);
    }
    let Some(query) = query_of(text) else { return Ok(None) };
    let mut parts = LinkParts::default();
    let mut seen: Vec<&str> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if !LINK_KEYS.contains(&key) {
            return Err(LinkError::Unknown(percent_decode(key)));
        }
        if seen.contains(&key) {
            return Err(LinkError::Repeated(key.to_string()));
        }
        seen.push(key);
        let value = Some(percent_decode(value));
        match key {
            "seed" => parts.seed = value,
            "mode" => parts.mode = value,
            "level" => parts.level = value,
            "ghost" => parts.ghost = value,
            "board" => parts.board = value,
            _ => parts.digest = true,
        }
    }
    Ok(Some(parts))
}

/// [`read_link`] without the reason: `None` for a link it refuses, as for text with no link. For
/// a reader of one part (a ghost, a board's address) beside the one that reads the link as a
/// whole and says why it refuses one.
///
/// ```
/// use seedfeast_procgen::link::parse_link;
/// assert_eq!(parse_link("?seed=x&ghost=AbC").unwrap().ghost.as_deref(), Some("AbC"));
/// assert!(parse_link("pizza party").is_none());
/// ```
pub fn parse_link(text: &str) -> Option<LinkParts> {
    read_link(text).ok().flatten()
}

impl LinkParts {
    /// The link's `level=K` as a number: `None` when absent or empty (the start), refused when
    /// it is not a number a level can have.
    pub fn level_number(&self) -> Result<Option<u32>, LinkError> {
        match self.level.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => text.parse::<u32>().map(Some).map_err(|_| LinkError::BadLevel(text.to_string())),
        }
    }
}

/// Decodes `+` and `%XX` escapes; malformed escapes are kept as typed, and bytes that don't make
/// UTF-8 become U+FFFD.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| text.get(i + 1..i + 3).and_then(|hex| u8::from_str_radix(hex, 16).ok()))
            .flatten();
        match (bytes[i], escaped) {
            (_, Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', None) => {
                out.push(b' ');
                i += 1;
            }
            (byte, None) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a value for a query: letters, digits and `-_.~` stay, a space becomes `+`, the rest
/// `%XX`.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(byte as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_key_from_links_and_bare_queries() {
        let parts = parse_link("?seed=124MP-ANQ6N&mode=puzzle&level=3&ghost=AbC_-9&digest").unwrap();
        assert_eq!(parts.seed.as_deref(), Some("124MP-ANQ6N"));
        assert_eq!(parts.mode.as_deref(), Some("puzzle"));
        assert_eq!(parts.level.as_deref(), Some("3"));
        assert_eq!(parts.ghost.as_deref(), Some("AbC_-9"));
        assert!(parts.digest);
        let board = parse_link("?seed=x&board=http%3A%2F%2F127.0.0.1%3A8080").unwrap();
        assert_eq!(board.board.as_deref(), Some("http://127.0.0.1:8080"));
        assert_eq!(parse_link("seed=x").unwrap().seed.as_deref(), Some("x"));
        assert_eq!(parse_link("http://127.0.0.1:8080/?").unwrap(), LinkParts::default());
        assert!(parse_link("http://127.0.0.1:8080/").is_none(), "an address without a query asks for nothing");
        assert!(parse_link("124MP-ANQ6N").is_none());
        assert!(parse_link(&"?seed=x".repeat(5000)).is_none(), "absurdly long text is not a link");
    }

    /// Issue #51, 7: a repeated key played the last one's seed, and unknown keys were dropped.
    #[test]
    fn repeated_and_unknown_keys_are_refused_and_a_level_must_be_a_number() {
        assert_eq!(read_link("?seed=A&seed=B"), Err(LinkError::Repeated("seed".into())));
        assert_eq!(read_link("?seed=A&mode=maze&mode=runner"), Err(LinkError::Repeated("mode".into())));
        assert_eq!(read_link("?seed=A&zzz=1"), Err(LinkError::Unknown("zzz".into())));
        assert_eq!(
            read_link("?seed=A&Seed=B"),
            Err(LinkError::Unknown("Seed".into())),
            "keys are as the game writes them"
        );
        let message = read_link("?seed=A&%E2%80%AEx=1").unwrap_err().to_string();
        assert!(message.contains("\\u{202e}x") && message.contains("seed, mode, level"), "{message}");
        let level = |text: &str| read_link(text).unwrap().unwrap().level_number();
        assert_eq!(level("?seed=A&level=5"), Ok(Some(5)));
        assert_eq!(level("?seed=A&level="), Ok(None));
        assert_eq!(level("?seed=A"), Ok(None));
        assert_eq!(level("?seed=A&level=99999999999"), Err(LinkError::BadLevel("99999999999".into())));
        assert_eq!(level("?seed=A&level=-1"), Err(LinkError::BadLevel("-1".into())));
        assert!(parse_link("?seed=A&seed=B").is_none(), "the lenient reader takes no guess either");
    }

    #[test]
    fn escapes_round_trip_and_bad_ones_are_kept() {
        for text in ["pizza party", "crème brûlée", "a&b=c?d#e", "100%", ""] {
            assert_eq!(percent_decode(&percent_encode(text)), text);
        }
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%4"), "%4");
        assert_eq!(percent_decode("%ff"), "\u{fffd}");
    }
}
