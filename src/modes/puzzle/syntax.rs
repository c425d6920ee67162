//! Colours for the code panel: one line of a program split into runs of one kind (keyword,
//! object name, command, string, number, comment, punctuation, plain), so the panel can draw
//! each in its colour. A forgiving scan of one line (it never fails: half-typed code is
//! coloured as far as it reads); the parser, not this, decides what a program means.

/// What a run of characters is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Keyword,
    /// A name before a `.`: `block1`.
    Object,
    /// A name after a `.`: `move`, `isMoving`.
    Member,
    Str,
    Number,
    Comment,
    Punct,
    Plain,
}

const KEYWORDS: [&str; 6] = ["for", "if", "else", "while", "true", "false"];

/// The runs of `line`, in order; their texts joined give the line back.
pub fn highlight(line: &str) -> Vec<(Kind, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out: Vec<(Kind, String)> = Vec::new();
    let mut push = |kind: Kind, text: String| match out.last_mut() {
        Some((last, run)) if *last == kind => run.push_str(&text),
        _ => out.push((kind, text)),
    };
    let mut i = 0;
    let mut after_dot = false;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            push(Kind::Comment, chars[i..].iter().collect());
            break;
        }
        if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += 1;
            }
            i = (i + 1).min(chars.len());
            push(Kind::Str, chars[start..i].iter().collect());
            after_dot = false;
            continue;
        }
        if c.is_ascii_digit() {
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            push(Kind::Number, chars[start..i].iter().collect());
            after_dot = false;
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let kind = if after_dot {
                Kind::Member
            } else if KEYWORDS.contains(&word.as_str()) {
                Kind::Keyword
            } else if chars.get(i) == Some(&'.') {
                Kind::Object
            } else {
                Kind::Plain
            };
            push(kind, word);
            after_dot = false;
            continue;
        }
        i += 1;
        let kind = if c.is_whitespace() { Kind::Plain } else { Kind::Punct };
        after_dot = c == '.';
        push(kind, c.to_string());
    }
    out
}

/// Text the game's font can draw ([`crate::font::has_glyph`]: ASCII, Latin-1, Latin Extended-A
/// and the common punctuation), anything else as `?`: one character for one, so columns still
/// line up.
pub fn drawable(text: &str) -> String {
    text.chars().map(|c| if c == '\n' || crate::font::has_glyph(c) { c } else { '?' }).collect()
}

/// Like [`drawable`], for prose (a step's title and hint, an error message).
pub(crate) fn drawable_prose(text: &str) -> String {
    drawable(text)
}

/// What a step teaches, by name ("while loops"): the words its description opens with, never
/// the enum's name (`WhileLoops`).
pub(crate) fn goal_name(goal: seedfeast_procgen::puzzle::curriculum::Goal) -> &'static str {
    let describe = goal.describe();
    describe.split_once(':').map_or(describe, |(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_heading_names_its_goal_in_words() {
        use seedfeast_procgen::puzzle::curriculum::Goal;
        let names =
            [Goal::Sequence, Goal::Repetition, Goal::Variables, Goal::Conditions, Goal::WhileLoops].map(goal_name);
        assert_eq!(names, ["sequence", "repetition", "variables", "conditions", "while loops"]);
    }

    fn kinds(line: &str) -> Vec<(Kind, &str)> {
        // Leaked for the comparison's convenience in tests only.
        highlight(line).into_iter().map(|(k, s)| (k, &*Box::leak(s.into_boxed_str()))).collect()
    }

    #[test]
    fn a_command_line_is_coloured_by_part() {
        use Kind::*;
        assert_eq!(
            kinds("block1.move(\"left\"); // go"),
            [
                (Object, "block1"),
                (Punct, "."),
                (Member, "move"),
                (Punct, "("),
                (Str, "\"left\""),
                (Punct, ");"),
                (Plain, " "),
                (Comment, "// go")
            ]
        );
        assert_eq!(
            kinds("for (i = 0; i < n; i++) {"),
            [
                (Keyword, "for"),
                (Plain, " "),
                (Punct, "("),
                (Plain, "i "),
                (Punct, "="),
                (Plain, " "),
                (Number, "0"),
                (Punct, ";"),
                (Plain, " i "),
                (Punct, "<"),
                (Plain, " n"),
                (Punct, ";"),
                (Plain, " i"),
                (Punct, "++)"),
                (Plain, " "),
                (Punct, "{")
            ]
        );
    }

    #[test]
    fn half_typed_code_still_colours_and_keeps_every_character() {
        for line in ["if (gate1.isMoving == tr", "x = \"unclosed", "", "   ", "é.ü(\"", "//"] {
            let joined: String = highlight(line).into_iter().map(|(_, s)| s).collect();
            assert_eq!(joined, line);
        }
        assert_eq!(highlight("gate1.isMoving == true")[2], (Kind::Member, "isMoving".to_string()));
        assert_eq!(highlight("gate1.isMoving == true").last().unwrap().0, Kind::Keyword);
    }

    #[test]
    fn only_drawable_characters_reach_the_font() {
        assert_eq!(drawable("café → ok"), "café ? ok");
        assert_eq!(drawable_prose("for (…) { … }"), "for (…) { … }");
        assert_eq!(drawable("\u{201C}up\u{201D} 🟩"), "\u{201C}up\u{201D} ?");
    }
}
