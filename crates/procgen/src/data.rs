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

/// Parses RON text, turning a syntax or shape error into a [`DataError::Syntax`] for `file`.
pub(crate) fn parse_ron<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    ron::from_str(text).map_err(|error: ron::error::SpannedError| DataError::Syntax {
        file: file.to_string(),
        line: error.span.start.line,
        column: error.span.start.col,
        message: error.code.to_string(),
    })
}
