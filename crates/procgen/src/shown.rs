//! Text from outside as a message shows it (issue #51): characters no one can see — controls
//! (NUL, escape), the byte-order mark, zero-width spaces and joiners, direction marks and
//! overrides that turn the rest of a terminal line around — written as `\u{…}` escapes, and a
//! long value cut to its start and its length, so a message says what it was given without
//! hiding part of it or filling the screen.

/// The most characters of one value a message quotes; the rest is counted, not shown.
pub const SHOWN_MAX: usize = 60;

/// Whether `c` is invisible or moves the text around it: shown as an escape.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// `text` with every hidden character escaped (`\0`, `\u{feff}`), line breaks and tabs kept.
///
/// ```
/// use seedfeast_procgen::shown::escaped;
/// assert_eq!(escaped("a\u{200B}b\0c\u{202E}"), "a\\u{200b}b\\0c\\u{202e}");
/// assert_eq!(escaped("crème brûlée\n"), "crème brûlée\n");
/// ```
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => out.push(c),
            '\0' => out.push_str("\\0"),
            c if is_hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// One value as a message quotes it: escaped, and past [`SHOWN_MAX`] characters cut to its
/// start and how many it had.
///
/// ```
/// use seedfeast_procgen::shown::shown;
/// assert_eq!(shown("pizza party"), "pizza party");
/// assert_eq!(shown(&"x".repeat(1000)), format!("{}… (1000 characters)", "x".repeat(30)));
/// assert_eq!(shown("\u{FEFF}seed"), "\\u{feff}seed");
/// ```
pub fn shown(value: &str) -> String {
    shown_at_most(value, SHOWN_MAX)
}

/// [`shown`] with room for `most` characters (a path may be long and still be what was typed).
pub fn shown_at_most(value: &str, most: usize) -> String {
    let count = value.chars().count();
    if count <= most {
        return escaped(value).replace(['\n', '\t'], " ");
    }
    let start: String = value.chars().take(most / 2).collect();
    format!("{}… ({count} characters)", escaped(&start).replace(['\n', '\t'], " "))
}

/// The longest unbroken run of characters a whole message keeps: a path or a list fits, a value
/// pasted in whole (a 100,000-character name) does not.
pub const RUN_MAX: usize = 240;

/// A whole message as it is printed: hidden characters escaped, and any unbroken run of
/// characters (between spaces) longer than [`RUN_MAX`] cut as [`shown`] cuts a value, whatever
/// part of the message it came from. The last guard before a terminal; each message still quotes
/// its values with [`shown`].
///
/// ```
/// use seedfeast_procgen::shown::printable;
/// let name = "n".repeat(100_000);
/// let message = printable(&format!("error: --x {name} is no metric\u{202E}"));
/// assert!(message.starts_with("error: --x nnn") && message.ends_with(") is no metric\\u{202e}"), "{message}");
/// assert!(message.len() < 200);
/// ```
pub fn printable(message: &str) -> String {
    let lines: Vec<String> = message
        .split('\n')
        .map(|line| {
            let words: Vec<String> = line
                .split(' ')
                .map(|word| if word.chars().count() > RUN_MAX { shown(word) } else { escaped(word) })
                .collect();
            words.join(" ")
        })
        .collect();
    lines.join("\n")
}

/// The article before `word` in a message: "an" before a vowel (an Arena run), else "a".
///
/// ```
/// use seedfeast_procgen::shown::a_or_an;
/// assert_eq!(format!("{} Arena run", a_or_an("Arena")), "an Arena run");
/// assert_eq!(format!("{} Maze chase run", a_or_an("Maze chase")), "a Maze chase run");
/// ```
pub fn a_or_an(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_invisible_character_is_escaped() {
        for (hidden, escape) in [
            ('\u{FEFF}', "\\u{feff}"),
            ('\u{200B}', "\\u{200b}"),
            ('\u{200D}', "\\u{200d}"),
            ('\u{202E}', "\\u{202e}"),
            ('\u{2066}', "\\u{2066}"),
            ('\u{1B}', "\\u{1b}"),
            ('\u{7F}', "\\u{7f}"),
            ('\u{85}', "\\u{85}"),
            ('\0', "\\0"),
        ] {
            assert_eq!(escaped(&format!("a{hidden}b")), format!("a{escape}b"), "{hidden:?}");
        }
        // What people can see is left alone: letters of any script, emoji, spaces.
        for visible in ["crème brûlée", "العربية", "日本語", "🍕 party", "tab\tand line\n"] {
            assert_eq!(escaped(visible), visible);
        }
    }

    #[test]
    fn a_long_value_is_cut_after_escaping_its_start() {
        let long = format!("\u{202E}{}", "y".repeat(100_000));
        let short = shown(&long);
        assert!(short.starts_with("\\u{202e}yyy") && short.ends_with("… (100001 characters)"), "{short}");
        assert!(short.chars().count() < 80);
        assert_eq!(shown("two\nlines"), "two lines", "a quoted value stays on its line");
    }
}
