//! One way to load every designer data file: the [`Tuning`] trait (where the file lives, its
//! built-in copy, its checks) and [`FieldError`], the typed "this field holds a value the game
//! can't use" that becomes `file:line: field: why` without any string parsing.

use std::fmt;
use std::path::Path;

use serde::de::DeserializeOwned;

use crate::data::{DataError, parse_ron};

/// A refused value: the field (`width`, `points[1]`, `entries[4]`) and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
    /// Text that marks the line to point at when the field's own name doesn't (a chunk's
    /// `"id"`, say); `None` points at the line that sets the field.
    pub marker: Option<String>,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> FieldError {
        FieldError { field: field.into(), message: message.into(), marker: None }
    }

    /// The same error, pointed at the first line that holds `marker`.
    pub fn marked(mut self, marker: impl Into<String>) -> FieldError {
        self.marker = Some(marker.into());
        self
    }

    /// The field's top-level name: `points` for `points[1]`, `player_size` for `player_size.0`.
    pub(crate) fn top_level(&self) -> &str {
        self.field.split(['[', '.', ' ']).next().unwrap_or_default()
    }

    /// The error as a [`DataError`] for `file`, with the line that sets the field (or holds the
    /// marker) when `text` has one.
    ///
    /// ```
    /// use seedfeast_procgen::tuning::FieldError;
    /// let text = "(\n  gravity: 0,\n  width: 0,\n)";
    /// let error = FieldError::new("width", "0 must be above 0").locate(text, "t.ron");
    /// assert_eq!(error.to_string(), "t.ron:3: width: 0 must be above 0");
    /// ```
    pub fn locate(self, text: &str, file: &str) -> DataError {
        let line = match &self.marker {
            Some(marker) => text.lines().position(|l| l.contains(marker.as_str())),
            None => {
                let field = self.top_level();
                text.lines().position(|l| {
                    l.trim_start().strip_prefix(field).is_some_and(|rest| rest.trim_start().starts_with(':'))
                })
            }
        };
        let message = self.to_string();
        match line {
            Some(line) => DataError::invalid(&format!("{file}:{}", line + 1), message),
            None => DataError::invalid(file, message),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for FieldError {}

/// A designer data file: RON that parses into `Self`, with checks that refuse values the game
/// can't play. Implementors give the path, the built-in text and [`Tuning::check`]; loading,
/// error locating and the built-in copy come from here.
pub trait Tuning: DeserializeOwned + Sized {
    /// Where the file lives, relative to `assets/`.
    const PATH: &'static str;
    /// The shipped file, compiled into the binary.
    const BUILT_IN: &'static str;

    /// Every value usable; the first that isn't, with its field.
    fn check(&self) -> Result<(), FieldError>;

    /// Parses and checks `text` read from `file`; a mistake names the file, line and field.
    fn from_ron(text: &str, file: &str) -> Result<Self, DataError> {
        let value: Self = parse_ron(text, file)?;
        value.check().map_err(|error| error.locate(text, file))?;
        Ok(value)
    }

    /// Reads and checks the file under an assets folder.
    fn load(assets_dir: &Path) -> Result<Self, DataError> {
        let path = assets_dir.join(Self::PATH);
        let shown = path.display().to_string();
        let text = read_data_file(&path).map_err(|reason| DataError::invalid(&shown, reason))?;
        Self::from_ron(&text, &shown)
    }

    /// The shipped data (tests prove it passes its checks).
    fn built_in() -> Self {
        Self::from_ron(Self::BUILT_IN, &format!("assets/{}", Self::PATH))
            .unwrap_or_else(|error| panic!("the shipped {} is checked by tests: {error}", Self::PATH))
    }
}

/// One designer data file as the registry lists it: where it lives, its shipped text, and how
/// to check a text of it. Each mode's row names its files ([`crate::modes::ModeSpec::data_files`]),
/// so the asset loader, the fuzz targets and the docs read one list.
#[derive(Clone, Copy, Debug)]
pub struct DataFile {
    /// Where it lives, relative to `assets/`.
    pub path: &'static str,
    /// The shipped file, compiled in.
    pub built_in: &'static str,
    /// Parses and checks `text` read from `file` (the name errors carry).
    pub check: fn(text: &str, file: &str) -> Result<(), DataError>,
}

impl DataFile {
    /// The file a [`Tuning`] type is read from.
    pub const fn of<T: Tuning>() -> DataFile {
        DataFile { path: T::PATH, built_in: T::BUILT_IN, check: check_as::<T> }
    }
}

fn check_as<T: Tuning>(text: &str, file: &str) -> Result<(), DataError> {
    T::from_ron(text, file).map(|_| ())
}

/// The largest data file read: far above any real tuning, far below anything that could
/// exhaust memory if a path pointed at something huge.
pub(crate) const MAX_DATA_FILE: u64 = 4 * 1024 * 1024;

/// Reads a data file as text, refusing anything that is not a regular file of sane size.
pub(crate) fn read_data_file(path: &Path) -> Result<String, String> {
    let metadata = std::fs::metadata(path).map_err(|error| format!("can't read: {error}"))?;
    if !metadata.is_file() {
        return Err("can't read: not a regular file".into());
    }
    if metadata.len() > MAX_DATA_FILE {
        return Err(format!(
            "can't read: {} bytes is more than the {MAX_DATA_FILE} a data file may hold",
            metadata.len()
        ));
    }
    let bytes = std::fs::read(path).map_err(|error| format!("can't read: {error}"))?;
    String::from_utf8(bytes).map_err(|_| "can't read: the file is not UTF-8 text".to_string())
}

/// `value` is finite and above 0.
pub(crate) fn positive(field: &str, value: f32) -> Result<(), FieldError> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        Err(FieldError::new(field, format!("{value} must be a number above 0")))
    }
}

/// `value` is finite and 0 or more.
pub(crate) fn non_negative(field: &str, value: f32) -> Result<(), FieldError> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(FieldError::new(field, format!("{value} must be a number, 0 or more")))
    }
}

/// `value` is finite and within `lo..=hi`.
pub fn within(field: &str, value: f32, lo: f32, hi: f32) -> Result<(), FieldError> {
    if value.is_finite() && (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(FieldError::new(field, format!("{value} must be a number in {lo}..={hi}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_refuse_nan_and_infinity() {
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert!(positive("x", bad).is_err());
            assert!(non_negative("x", bad).is_err());
            assert!(within("x", bad, 0.0, 1.0).is_err());
        }
        assert!(positive("x", 0.0).is_err() && positive("x", 1e-6).is_ok());
        assert!(non_negative("x", 0.0).is_ok() && non_negative("x", -1e-6).is_err());
        assert_eq!(within("x", 2.0, 0.0, 1.0).unwrap_err().to_string(), "x: 2 must be a number in 0..=1");
    }

    #[test]
    fn errors_point_at_the_field_or_the_marker() {
        let text = "(\n  chunks: [\n    (id: \"a\"),\n    (id: \"b\"),\n  ],\n)";
        let error = FieldError::new("chunks[1] \"b\"", "demand 2 is outside 0..1").marked("\"b\"");
        assert_eq!(error.locate(text, "c.ron").to_string(), "c.ron:4: chunks[1] \"b\": demand 2 is outside 0..1");
        let error = FieldError::new("points[3]", "bad");
        assert_eq!(error.top_level(), "points");
        assert_eq!(error.locate("(\n  points: [],\n)", "p.ron").to_string(), "p.ron:2: points[3]: bad");
        assert_eq!(FieldError::new("ghost", "x").locate("()", "p.ron").to_string(), "p.ron: ghost: x");
    }

    #[test]
    fn only_regular_files_of_sane_size_are_read() {
        let dir = std::env::temp_dir().join(format!("seedfeast-tuning-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read_data_file(&dir).unwrap_err().contains("not a regular file"));
        let big = dir.join("big.ron");
        std::fs::write(&big, vec![b' '; MAX_DATA_FILE as usize + 1]).unwrap();
        assert!(read_data_file(&big).unwrap_err().contains("more than"));
        std::fs::write(&big, [0xff, 0xfe]).unwrap();
        assert!(read_data_file(&big).unwrap_err().contains("UTF-8"));
        if std::path::Path::new("/dev/zero").exists() {
            assert!(read_data_file(std::path::Path::new("/dev/zero")).unwrap_err().contains("not a regular file"));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
