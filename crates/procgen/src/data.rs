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
pub fn parse_ron<T: DeserializeOwned>(text: &str, file: &str) -> Result<T, DataError> {
    ron::from_str(text).map_err(|error: ron::error::SpannedError| DataError::Syntax {
        file: file.to_string(),
        line: error.span.start.line,
        column: error.span.start.col,
        message: error.code.to_string(),
    })
}
