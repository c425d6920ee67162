//! The cursor the salvage reader walks a damaged save with: RON's blanks and comments, field
//! names, one value at a time (through RON's own parser, so a value reads exactly as the
//! whole-file reader reads it), and the recovery that finds where reading can go on after damage.
//!
//! Positions are byte offsets. Every place the cursor stops at is an ASCII byte or the end, so
//! slicing there is always on a character boundary (UTF-8 never uses ASCII bytes inside a
//! character).

use serde::Deserialize;
use serde::de::{DeserializeOwned, IgnoredAny};

/// The longest reason kept from RON's error text (the value itself is never echoed whole).
const REASON_MAX_CHARS: usize = 120;

/// What a container's entries look like at the start of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// `"key": value`.
    Map,
    /// `name: value`, `name` one of these.
    Fields(&'static [&'static str]),
}

/// A container being read.
#[derive(Debug)]
struct Level {
    closer: u8,
    kind: Kind,
    /// Where its first entry stood: `Some(indentation)` when it began a line. After damage, a
    /// later line at that indentation that starts like an entry is where reading goes on (the
    /// save is written one entry per line), even when a bracket was left open.
    entry_indent: Option<Option<usize>>,
}

pub(super) struct Cursor<'a> {
    pub text: &'a str,
    pub pos: usize,
    levels: Vec<Level>,
    /// After a recovery: the depth of the container that reads on. Deeper ones return first.
    resume: Option<usize>,
    /// Whether the last recovery ran into the end of the text (the file was cut short there).
    pub hit_end: bool,
    /// `(pos, line)` of the last [`Cursor::line_at`], to count lines forward from it.
    last_line: (usize, usize),
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str) -> Cursor<'a> {
        Cursor { text, pos: 0, levels: Vec::new(), resume: None, hit_end: false, last_line: (0, 1) }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    pub fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    pub fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.pos += 1;
        }
        found
    }

    /// The 1-based line `pos` is on. Counted forward from the last answer, so a walk that asks
    /// in order costs one pass over the text, not one per question.
    pub fn line_at(&mut self, pos: usize) -> usize {
        let (from, line) = if pos >= self.last_line.0 { self.last_line } else { (0, 1) };
        let line = line + self.bytes()[from..pos].iter().filter(|&&b| b == b'\n').count();
        self.last_line = (pos, line);
        line
    }

    /// Skips RON's blanks: white space, `// …` and `/* … */` comments.
    pub fn skip_blank(&mut self) {
        self.pos = skip_blank(self.text, self.pos);
    }

    /// A field name (`best`), if one starts here.
    pub fn ident(&mut self) -> Option<&'a str> {
        let end = ident_end(self.bytes(), self.pos)?;
        let name = &self.text[self.pos..end];
        self.pos = end;
        Some(name)
    }

    /// One whole RON value starting here (after blanks), as text; the cursor moves past it. An
    /// error is RON's, clipped; the cursor stays where it was.
    pub fn value(&mut self) -> Result<&'a str, String> {
        let start = self.pos;
        let rest = &self.text[start..];
        let mut de = ron::Deserializer::from_str(rest).map_err(|e| clipped(&crate::format::ron_words(&e.code)))?;
        IgnoredAny::deserialize(&mut de).map_err(|e| clipped(&crate::format::ron_words(&e)))?;
        let end = start + (rest.len() - de.remainder().len());
        let value = self.text[start..end].trim_end();
        if self.runs_into_entries(start, start + value.len()) {
            return Err("a closing bracket is missing: it runs into the entries after it".into());
        }
        self.pos = end;
        Ok(value)
    }

    /// The value starting here, if it is a `T` (and doesn't run into the entries after it, as
    /// [`Cursor::value`] checks); the cursor moves past it. Reading a `T` at once saves reading
    /// every good entry twice; `None` leaves the cursor where it was.
    pub fn typed<T: DeserializeOwned>(&mut self) -> Option<T> {
        let start = self.pos;
        let rest = &self.text[start..];
        let mut de = ron::Deserializer::from_str(rest).ok()?;
        let value = T::deserialize(&mut de).ok()?;
        let end = start + (rest.len() - de.remainder().len());
        if self.runs_into_entries(start, end) {
            return None;
        }
        self.pos = end;
        Some(value)
    }

    /// Whether the text from `start` to `end` runs over a line that starts like an entry of a
    /// container being read: it has swallowed that entry (`(value: 0.3, at: 17,` then the next
    /// setting), so a bracket is missing.
    fn runs_into_entries(&self, start: usize, end: usize) -> bool {
        self.text[start..end].match_indices('\n').any(|(n, _)| self.entry_line(start + n + 1).is_some())
    }

    /// Starts reading a container whose opening bracket was just eaten; returns its depth.
    pub fn enter(&mut self, closer: u8, kind: Kind) -> usize {
        self.levels.push(Level { closer, kind, entry_indent: None });
        self.levels.len() - 1
    }

    /// Stops reading the innermost container.
    pub fn leave(&mut self) {
        self.levels.pop();
    }

    /// Notes that an entry of the container at `depth` starts at the cursor (only the first
    /// one's place is kept).
    pub fn entry_starts(&mut self, depth: usize) {
        if self.levels[depth].entry_indent.is_some() {
            return;
        }
        let line_start = self.text[..self.pos].rfind('\n').map_or(0, |n| n + 1);
        let indent = self.text[line_start..self.pos].bytes().all(|b| b == b' ' || b == b'\t');
        self.levels[depth].entry_indent = Some(indent.then_some(self.pos - line_start));
    }

    /// Whether the container at `depth` must return because a recovery landed in an outer one.
    /// When it landed in this one, the mark is cleared and reading goes on here.
    pub fn unwinding(&mut self, depth: usize) -> bool {
        match self.resume {
            Some(resume) if resume < depth => true,
            Some(_) => {
                self.resume = None;
                false
            }
            None => false,
        }
    }

    /// After damage in an entry that starts at `from`: finds where reading can go on, and which
    /// container goes on there. In order of what comes first:
    /// - a comma outside any bracket the entry opened: the next entry of the same container;
    /// - a closing bracket of an open container (brackets the entry left open are skipped);
    /// - a line that starts like an entry of an open container, at the indentation its entries
    ///   had;
    /// - the end of the text: every container returns ([`Cursor::hit_end`]).
    ///
    /// A string is taken to end at the end of its line here: the save never writes a raw line
    /// break inside one, so a quote left open costs one line, not the rest of the file.
    pub fn recover(&mut self, from: usize) {
        let bytes = self.bytes();
        let mut open: Vec<u8> = Vec::new();
        let mut i = from;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => {
                    if let Some(depth) = self.entry_line(i + 1) {
                        return self.go_on(i + 1, depth);
                    }
                    i += 1;
                }
                b'"' => i = string_end(bytes, i),
                b'/' if matches!(bytes.get(i + 1), Some(b'/' | b'*')) => i = comment_end(bytes, i),
                b'r' if raw_string_start(bytes, i) => i = raw_string_end(bytes, i),
                open_byte @ (b'(' | b'[' | b'{') => {
                    open.push(closer_of(open_byte));
                    i += 1;
                }
                close @ (b')' | b']' | b'}') => {
                    if let Some(at) = open.iter().rposition(|&c| c == close) {
                        open.truncate(at);
                    } else if let Some(depth) = self.levels.iter().rposition(|l| l.closer == close)
                        && self.closes(depth, i)
                    {
                        return self.go_on(i, depth);
                    }
                    // A closer nothing opened is stray: skipped.
                    i += 1;
                }
                b',' if open.is_empty() => return self.go_on(i + 1, self.levels.len().saturating_sub(1)),
                _ => i += 1,
            }
        }
        self.hit_end = true;
        self.go_on(bytes.len(), 0);
    }

    /// Whether the closing bracket at `i` ends the container at `depth`. Its own container's
    /// always does. An outer one's does only where the inner container isn't written a line per
    /// entry, or where the bracket begins its line as the save writes closing brackets: inside a
    /// line-per-entry container, `(score: 1, better: Higher)),` has a stray `)`, which must not
    /// end the whole save.
    fn closes(&self, depth: usize, i: usize) -> bool {
        let innermost = self.levels.len() - 1;
        let line_start = self.text[..i].rfind('\n').map_or(0, |n| n + 1);
        let first_on_line = self.text[line_start..i].bytes().all(|b| b == b' ' || b == b'\t');
        depth == innermost || first_on_line || !matches!(self.levels[innermost].entry_indent, Some(Some(_)))
    }

    fn go_on(&mut self, pos: usize, depth: usize) {
        self.pos = pos;
        self.resume = Some(depth);
    }

    /// The depth of the innermost open container whose entries the line starting at `start`
    /// looks like one of, at their indentation.
    fn entry_line(&self, start: usize) -> Option<usize> {
        let bytes = self.bytes();
        let first = start + bytes[start..].iter().take_while(|&&b| b == b' ' || b == b'\t').count();
        let indent = first - start;
        self.levels.iter().rposition(|level| {
            level.entry_indent == Some(Some(indent))
                && match level.kind {
                    Kind::Map => map_entry_start(bytes, first),
                    Kind::Fields(names) => field_start(self.text, first, names),
                }
        })
    }
}

/// The closing bracket of an opening one.
fn closer_of(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    }
}

pub(super) fn skip_blank(text: &str, mut pos: usize) -> usize {
    let bytes = text.as_bytes();
    loop {
        let rest = &text[pos..];
        let blank = rest.len() - rest.trim_start_matches(ron_blank).len();
        pos += blank;
        match (bytes.get(pos), bytes.get(pos + 1)) {
            (Some(b'/'), Some(b'/' | b'*')) => pos = comment_end(bytes, pos),
            _ => return pos,
        }
    }
}

/// RON's white space (`ron::parse::is_whitespace_char`).
fn ron_blank(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\x0B' | '\x0C' | '\u{85}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}'
    )
}

/// Past a comment starting at `i` (`//` to the line's end, `/* … */` to its close or the end).
fn comment_end(bytes: &[u8], i: usize) -> usize {
    if bytes[i + 1] == b'/' {
        return bytes[i..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |n| i + n);
    }
    bytes[i + 2..].windows(2).position(|w| w == b"*/").map_or(bytes.len(), |n| i + 2 + n + 2)
}

/// Past a string starting at the quote at `i`: after its closing quote, or at its line's end.
fn string_end(bytes: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'"' => return j + 1,
            b'\n' => return j,
            _ => j += 1,
        }
    }
    bytes.len()
}

/// `r"`, `r#"`, … not inside a name.
fn raw_string_start(bytes: &[u8], i: usize) -> bool {
    let inside_name = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
    !inside_name && bytes.get(i + 1 + hashes) == Some(&b'"')
}

/// Past a raw string starting at `i`: after its closing quote and hashes, or at its line's end.
fn raw_string_end(bytes: &[u8], i: usize) -> usize {
    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
    let mut j = i + 2 + hashes;
    while j < bytes.len() {
        match bytes[j] {
            b'\n' => return j,
            b'"' if bytes[j + 1..].iter().take(hashes).filter(|&&b| b == b'#').count() == hashes => {
                return j + 1 + hashes;
            }
            _ => j += 1,
        }
    }
    bytes.len()
}

/// The end of a name starting at `i`: `[A-Za-z_][A-Za-z0-9_]*`.
fn ident_end(bytes: &[u8], i: usize) -> Option<usize> {
    let first = *bytes.get(i)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    Some(i + bytes[i..].iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count())
}

/// `"…"` then `:` on one line.
fn map_entry_start(bytes: &[u8], i: usize) -> bool {
    if bytes.get(i) != Some(&b'"') {
        return false;
    }
    let end = string_end(bytes, i);
    end > i + 1 && bytes[end - 1] == b'"' && next_is_colon(bytes, end)
}

/// One of `names`, then `:`.
fn field_start(text: &str, i: usize, names: &[&str]) -> bool {
    let bytes = text.as_bytes();
    ident_end(bytes, i).is_some_and(|end| names.contains(&&text[i..end]) && next_is_colon(bytes, end))
}

fn next_is_colon(bytes: &[u8], i: usize) -> bool {
    bytes[i..].iter().find(|&&b| b != b' ' && b != b'\t') == Some(&b':')
}

/// RON's error text, without this crate's type names (`in enum `Direction``: words for the
/// player, not the code), at most [`REASON_MAX_CHARS`] characters.
pub(super) fn clipped(text: &str) -> String {
    let mut text = text.to_string();
    for marker in [" in enum `", " for struct `", " in struct `", " in `"] {
        while let Some(at) = text.find(marker) {
            let Some(len) = text[at + marker.len()..].find('`') else { break };
            text.replace_range(at..at + marker.len() + len + 1, "");
        }
    }
    match text.char_indices().nth(REASON_MAX_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}
