//! Seed codes in what people paste around them: a real code, wrapped as chats, labels, links and
//! phone keyboards wrap it, then perhaps one character changed. Byte-level mutation of text
//! rarely makes a code with a right check character; building one reaches the reader's paths.

use arbitrary::Unstructured;
use seedfeast_procgen::{Seed, SeedCode, SeedInput};

/// Promises checked: reading never panics; a wrapped code, unchanged, is read as that code;
/// a changed one is read as that code, refused, or read as something whose own code reads back.
pub fn seed_paste(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok((code, pasted, changed)) = pasted(&mut u) else { return };
    let read = SeedInput::parse(&pasted);
    if !changed {
        assert_eq!(read, Ok(SeedInput::Code(code)), "{pasted:?} is not read as {code}");
    }
    if let Ok(input) = read {
        let _ = input.reading();
        let again = input.seed().code();
        assert_eq!(SeedInput::parse(&again.to_string()).map(|i| i.seed()), Ok(input.seed()), "{pasted:?}");
    }
}

const WRAPS: &[(&str, &str)] = &[
    ("", ""),
    ("\"", "\""),
    ("'", "'"),
    ("`", "`"),
    ("```", "```"),
    ("\u{201C}", "\u{201D}"),
    ("#", ""),
    ("Seed: ", ""),
    ("SEED=", ""),
    ("seed = ", ""),
    ("seed code ", ""),
    ("https://x.example/play/", ""),
    ("https://x.example/play/", "/"),
    ("https://x.example/#seed=", ""),
    ("https://x.example/?mode=maze&seed=", "&level=2"),
    ("?seed=", ""),
    ("\u{200F}", ""),
    ("\u{202B}", "\u{202C}"),
    ("\u{FEFF}", "\u{200B}"),
    ("  ", "\n"),
];

fn pasted(u: &mut Unstructured) -> arbitrary::Result<(SeedCode, String, bool)> {
    let version = *u.choose(&[1u8, 2, 3])?;
    let seed = if u.ratio(1, 4)? { u.arbitrary()? } else { u.int_in_range(0..=(1u64 << 40) - 1)? };
    let code = SeedCode { seed: Seed(seed), version };
    let mut text = code.to_string();
    match u.int_in_range(0..=5u8)? {
        0 => text = text.replace('-', " "),
        1 => text = text.replace('-', ""),
        2 => text = text.to_lowercase(),
        // Full-width digits and letters, as a phone's keyboard may type them.
        3 => {
            text = text
                .chars()
                .map(|c| char::from_u32(c as u32 + 0xFEE0).filter(|_| c.is_ascii_alphanumeric()).unwrap_or(c))
                .collect()
        }
        _ => {}
    }
    for _ in 0..u.int_in_range(1..=3u8)? {
        let (before, after) = u.choose(WRAPS)?;
        // A link holds a code, not another link: no path or query around text that has its own
        // separators (a `#` inside a query ends it; a second link's slashes move its last part).
        let is_link = before.contains(['/', '?']);
        if is_link && text.contains(['/', '?', '#', '&']) {
            continue;
        }
        text = format!("{before}{text}{after}");
    }
    let changed = u.ratio(1, 3)?;
    if changed {
        let mut chars: Vec<char> = text.chars().collect();
        let at = u.choose_index(chars.len())?;
        match u.int_in_range(0..=2u8)? {
            0 => chars[at] = u.arbitrary()?,
            1 => {
                chars.remove(at);
            }
            _ => chars.insert(at, u.arbitrary()?),
        }
        text = chars.into_iter().collect();
    }
    Ok((code, text, changed))
}
