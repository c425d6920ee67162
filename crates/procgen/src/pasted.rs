//! What people paste around a seed code: quotes and backticks from a chat, a `#` or a label
//! (`Seed: `, `SEED=`), a link of another shape (`…/play/CODE`, `…/#seed=CODE`), full-width
//! digits from a phone's keyboard, and the invisible direction marks a right-to-left chat adds.
//!
//! [`code_candidate`] peels those off and returns the text that might be a code; the seed reader
//! decodes it when it is shaped like one. Free text is never changed by this: a text seed is
//! hashed exactly as typed (see `Seed::from_text`), only a code is found inside its wrapping.

use unicode_normalization::UnicodeNormalization;

/// Invisible characters a copy can carry: direction marks and embeddings (a right-to-left chat
/// adds them), zero-width spaces and joiners, and the byte-order mark.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

/// Quotes and brackets that wrap a pasted code, in matching pairs or alone.
const WRAPPERS: &[char] = &[
    '"', '\'', '`', '\u{201C}', '\u{201D}', '\u{2018}', '\u{2019}', '\u{00AB}', '\u{00BB}', '(', ')', '[', ']', '<',
    '>',
];

/// Labels written before a code, compared without case: `Seed: 324MP-ANQ6H`, `SEED=…`, `code …`.
const LABELS: &[&str] = &["seed code", "seed", "code"];

/// The text with every wrapping a pasted code may carry peeled off, or `None` when nothing was
/// peeled (the text is read as it is). Bounded: each pass removes at least one character.
pub fn code_candidate(text: &str) -> Option<String> {
    // Compatibility forms (full-width digits and letters) become ASCII, for finding a code only.
    let mut candidate: String = text.chars().filter(|&c| !is_invisible(c)).collect::<String>().nfkc().collect();
    // Bounded: a pass that doesn't stop made the text shorter (a link's last part or fragment is
    // shorter than the link, and peeling only removes).
    loop {
        let before = candidate.clone();
        if let Some(inner) = code_in_link(candidate.trim()) {
            candidate = inner;
        }
        let trimmed = candidate.trim().trim_matches(WRAPPERS).trim();
        let trimmed = trimmed.strip_prefix('#').unwrap_or(trimmed);
        candidate = strip_label(trimmed).to_string();
        if candidate == before {
            break;
        }
    }
    (candidate != text.trim()).then_some(candidate)
}

/// `Seed: X`, `seed=X`, `SEED = X`, `seed code X` → `X` (only when something follows).
fn strip_label(text: &str) -> &str {
    for label in LABELS {
        let Some(head) = text.get(..label.len()) else { continue };
        if !head.eq_ignore_ascii_case(label) {
            continue;
        }
        let rest = &text[label.len()..];
        // A label ends at a separator: "seedy" is a word, not a label.
        let after = rest.trim_start_matches([' ', ':', '=', '\t']);
        if after.len() < rest.len() && !after.is_empty() {
            return after;
        }
    }
    text
}

/// The code in a link the game's own parser doesn't read: a fragment query (`…/#seed=CODE`) or
/// a path that ends in the code (`https://host/play/CODE`).
fn code_in_link(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) {
        return None;
    }
    if let Some((_, fragment)) = text.split_once('#') {
        let value = fragment.split('&').find_map(|pair| pair.strip_prefix("seed="));
        if let Some(value) = value {
            return Some(crate::link::percent_decode(value));
        }
    }
    // A link with a query is the game's own shape: `link::parse_link` reads it.
    if text.contains('?') {
        return None;
    }
    let path = text.split('#').next().unwrap_or(text);
    let last = path.trim_end_matches('/').rsplit('/').next()?;
    (!last.is_empty()).then(|| crate::link::percent_decode(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrappings_are_peeled_and_plain_text_is_left_alone() {
        for (pasted, inner) in [
            ("\"30400-0001S\"", "30400-0001S"),
            ("`30400-0001S`", "30400-0001S"),
            ("\u{201C}30400-0001S\u{201D}", "30400-0001S"),
            ("#30400-0001S", "30400-0001S"),
            ("Seed: 30400-0001S", "30400-0001S"),
            ("SEED=30400-0001S", "30400-0001S"),
            ("seed code 30400-0001S", "30400-0001S"),
            ("https://x/play/30400-0001S", "30400-0001S"),
            ("https://x/play/30400-0001S/", "30400-0001S"),
            ("https://x/#seed=30400-0001S", "30400-0001S"),
            ("\u{FF13}\u{FF10}\u{FF14}\u{FF10}\u{FF10}-0001S", "30400-0001S"),
            ("\u{200F}30400-0001S", "30400-0001S"),
            ("(\"`30400-0001S`\")", "30400-0001S"),
        ] {
            assert_eq!(code_candidate(pasted).as_deref(), Some(inner), "{pasted:?}");
        }
        for plain in ["pizza party", "30400-0001S", "seedy", "seed", "crème brûlée", "  lemon  "] {
            assert_eq!(code_candidate(plain), None, "{plain:?}");
        }
    }
}
