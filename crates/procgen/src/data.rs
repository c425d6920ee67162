//! Loading designer data (RON) with errors that name the file, the line and the field.

use std::fmt;

use serde::de::DeserializeOwned;

/// Why a data file was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum DataError {
    /// The text is not valid RON for the expected shape; `line`/`column` from 1.
    Syntax { file: String, line: usize, column: usize, message: String },
    /// The text parsed but a value is impossible; `message` names the field.
    Invalid { file: String, message: String },
}

impl DataError {
    pub fn invalid(file: &str, message: impl Into<String>) -> DataError {
        DataError::Invalid { file: file.to_string(), message: message.into() }
    }

    /// A refused value whose `message` starts with its field name (`"width: …"`): the file is
    /// named with the line that sets the field, when `text` has one.
    ///
    /// ```
    /// use seedfeast_procgen::DataError;
    /// let error = DataError::invalid_field("(\n  width: 0,\n)", "t.ron", "width: 0 must be above 0");
    /// assert_eq!(error.to_string(), "t.ron:2: width: 0 must be above 0");
    /// ```
    pub fn invalid_field(text: &str, file: &str, message: impl Into<String>) -> DataError {
        let message = message.into();
        let field = message.split(':').next().unwrap_or_default();
        let line = text
            .lines()
            .position(|l| l.trim_start().strip_prefix(field).is_some_and(|rest| rest.trim_start().starts_with(':')));
        match line {
            Some(line) => DataError::invalid(&format!("{file}:{}", line + 1), message),
            None => DataError::invalid(file, message),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Syntax { file, line, column, message } => write!(f, "{file}:{line}:{column}: {message}"),
            DataError::Invalid { file, message } => write!(f, "{file}: {message}"),
        }
    }
}

impl std::error::Error for DataError {}

/// Parses RON text, turning a syntax or shape error into a [`DataError::Syntax`] for `file`, in
/// words for whoever edits the file (issue #51, 9): no names of the game's own types, no advice
/// meant for programmers. A byte-order mark, which some editors put first, is read past; an
/// empty file says so.
pub(crate) fn parse_ron<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(DataError::invalid(file, "the file is empty: it should hold its settings, in ( … )"));
    }
    ron::from_str(text).map_err(|error: ron::error::SpannedError| DataError::Syntax {
        file: file.to_string(),
        line: error.span.start.line,
        column: error.span.start.col,
        message: ron_words(&error.code),
    })
}

/// What RON found wrong, as a designer would put it.
fn ron_words(error: &ron::Error) -> String {
    use ron::Error as E;
    match error {
        E::ExpectedStructLike | E::ExpectedNamedStructLike(_) => "expected `(` opening a group of settings".into(),
        E::ExpectedDifferentStructName { expected, found } => {
            format!("the name before `(` should be {expected} (or left out), not {found}")
        }
        E::NoSuchStructField { expected, found, .. } => {
            format!("no setting is called `{found}`; the settings here are {}", listed(expected))
        }
        E::MissingStructField { field, .. } => format!("the setting `{field}` is missing"),
        E::DuplicateStructField { field, .. } => format!("the setting `{field}` is given twice"),
        E::NoSuchEnumVariant { expected, found, .. } => {
            format!("`{found}` is not one of the choices here: {}", listed(expected))
        }
        E::ExceededRecursionLimit => "brackets are nested too deeply (no data file needs that many)".into(),
        E::Eof => "the file ends too soon: a closing bracket or a value is missing".into(),
        E::TrailingCharacters => "there is more after the file's last closing bracket".into(),
        E::Message(message) => without_type_names(message),
        other => other.to_string(),
    }
}

/// `a`, `b` and `c`, each in backticks.
fn listed(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    match quoted.as_slice() {
        [] => "none".into(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A message from a value's own check with `struct X` (the type it was read into) put in words.
fn without_type_names(message: &str) -> String {
    let mut text = message.to_string();
    while let Some(at) = text.find("struct ") {
        let name_len = text[at + 7..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '`'))
            .unwrap_or(text.len() - at - 7);
        text.replace_range(at..at + 7 + name_len, "a group of settings in ( … )");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct ArenaTuning {
        width: f32,
    }

    fn refused(text: &str) -> String {
        parse_ron::<ArenaTuning>(text, "arena.ron").unwrap_err().to_string()
    }

    /// Issue #51, 9: an empty file and one starting with a byte-order mark were both refused as
    /// "Expected opening `(` for struct `ArenaTuning`".
    #[test]
    fn an_empty_file_says_so_and_a_byte_order_mark_is_read_past() {
        assert_eq!(refused(""), "arena.ron: the file is empty: it should hold its settings, in ( … )");
        assert_eq!(refused(" \n\t"), refused(""));
        assert_eq!(parse_ron::<ArenaTuning>("\u{FEFF}(width: 2.0)", "arena.ron").map(|t| t.width), Ok(2.0));
    }

    #[test]
    fn messages_name_no_type_and_give_no_programmers_advice() {
        for (text, says) in [
            ("[1]", "expected `(` opening a group of settings"),
            ("(height: 1.0)", "no setting is called `height`; the settings here are `width`"),
            ("()", "the setting `width` is missing"),
            ("(width: 1.0, width: 2.0)", "the setting `width` is given twice"),
            ("(width: 1.0) x", "more after the file's last closing bracket"),
        ] {
            let message = refused(text);
            assert!(message.contains(says), "{text}: {message}");
            for internal in ["ArenaTuning", "ron::", "serde_stacker", "struct"] {
                assert!(!message.contains(internal), "{text}: {message}");
            }
        }
        let deep = format!("{}1{}", "[".repeat(300), "]".repeat(300));
        let message = parse_ron::<serde::de::IgnoredAny>(&deep, "a.ron").unwrap_err().to_string();
        assert!(message.contains("nested too deeply") && !message.contains("serde_stacker"), "{message}");
    }
}
