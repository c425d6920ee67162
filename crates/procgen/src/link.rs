//! Level links: the one parser for `?seed=CODE&mode=MODE&level=K&ghost=REPLAY`, whether it comes
//! from the browser's address bar or a whole link pasted into the seed box.
//!
//! Parsing is plain text work: which modes exist is the game's business, so `mode` comes back as
//! the text the link holds.

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

/// Reads a link or a bare query (`?seed=124MP-ANQ6N&mode=maze`). `None` when `text` holds no
/// query at all (plain words or a code); unknown keys are ignored, so links from newer builds
/// still open.
///
/// ```
/// use seedfeast_procgen::link::parse_link;
/// let link = parse_link("https://example.org/play/?seed=pizza+party&mode=maze#top").unwrap();
/// assert_eq!(link.seed.as_deref(), Some("pizza party"));
/// assert_eq!(link.mode.as_deref(), Some("maze"));
/// assert!(parse_link("pizza party").is_none());
/// ```
pub fn parse_link(text: &str) -> Option<LinkParts> {
    if text.len() > MAX_LINK {
        return None;
    }
    let query = query_of(text)?;
    let mut parts = LinkParts::default();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = || Some(percent_decode(value));
        match key {
            "seed" => parts.seed = value(),
            "mode" => parts.mode = value(),
            "level" => parts.level = value(),
            "ghost" => parts.ghost = value(),
            "digest" => parts.digest = true,
            "board" => parts.board = value(),
            _ => {}
        }
    }
    Some(parts)
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
