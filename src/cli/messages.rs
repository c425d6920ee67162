//! Messages the command line prints about what it was given: long values cut to a readable
//! size, so a pasted 120 KB value is never echoed whole to the terminal (issue #28, 6).

/// The most characters of one value a message quotes; the rest is counted, not shown.
const QUOTED_MAX: usize = 60;

/// `text` with every quoted value (`'…'`, as clap quotes what it refused) and every unbroken run
/// of characters longer than `QUOTED_MAX` cut to its start and how many characters it had.
pub fn shorten_long_values(text: &str) -> String {
    text.lines().map(shorten_line).collect::<Vec<_>>().join("\n") + if text.ends_with('\n') { "\n" } else { "" }
}

fn shorten_line(line: &str) -> String {
    // Quoted values first: clap writes `invalid value '…' for '--seed <SEED>': why`.
    let parts: Vec<&str> = line.split('\'').collect();
    let line: String = if parts.len() >= 3 {
        parts
            .iter()
            .enumerate()
            .map(|(i, part)| if i % 2 == 1 && i + 1 < parts.len() { cut(part) } else { part.to_string() })
            .collect::<Vec<_>>()
            .join("'")
    } else {
        line.to_string()
    };
    line.split(' ').map(cut).collect::<Vec<_>>().join(" ")
}

fn cut(value: &str) -> String {
    let count = value.chars().count();
    if count <= QUOTED_MAX {
        return value.to_string();
    }
    let start: String = value.chars().take(QUOTED_MAX / 2).collect();
    format!("{start}… ({count} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_refused_value_is_cut_and_the_reason_kept() {
        let value = "x".repeat(120_000);
        let clap = format!(
            "error: invalid value '{value}' for '--seed <SEED>': a seed is at most 200 characters of text; this is 120000\n\nFor more information, try '--help'.\n"
        );
        let short = shorten_long_values(&clap);
        assert!(short.len() < 300, "{short}");
        assert!(short.contains("(120000 characters)'") && short.contains("this is 120000"), "{short}");
        assert!(short.ends_with("try '--help'.\n"), "{short}");
        // Short values and ordinary messages are untouched.
        let plain = "error: invalid value 'tetris' for '--mode <MODE>'\n  [possible values: runner, maze]\n";
        assert_eq!(shorten_long_values(plain), plain);
        let unbroken = format!("error: bad seed code {}", "A".repeat(500));
        assert!(shorten_long_values(&unbroken).contains("(500 characters)"));
    }
}
