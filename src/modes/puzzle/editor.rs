//! The code panel's text editor as a pure model: lines of text, a cursor, and the edits a
//! keyboard makes (type, backspace, delete, arrows, home/end, newline with indentation, paste,
//! undo). No Bevy here: `keys` turns key events into [`Edit`]s and the panel draws the result, so
//! every behaviour below is a plain unit test.

/// The most characters a program may hold (a curriculum solution is a few hundred).
pub(crate) const MAX_CHARS: usize = 4_000;
/// The most lines a program may have.
pub(crate) const MAX_LINES: usize = 200;
/// Spaces a Tab inserts, and a `{` indents the next line by.
pub(crate) const INDENT: usize = 4;
/// Undo steps kept.
const MAX_UNDO: usize = 200;

/// One thing a key does to the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Typed text (a character, or several from an input method).
    Type(String),
    /// Pasted text: line breaks kept (CRLF and CR read as LF), tabs as spaces, other control
    /// characters dropped.
    Paste(String),
    /// Enter: a new line, indented like this one (one step more after a `{`).
    Newline,
    /// Tab: spaces to the next indent stop.
    Indent,
    Backspace,
    Delete,
    Left,
    Right,
    Up,
    Down,
    /// Home: the line's first non-blank character, or its very start if already there.
    Home,
    End,
    /// Ctrl+Home, Ctrl+End.
    DocStart,
    DocEnd,
    Undo,
    Redo,
}

/// Text and cursor at one moment, for undo.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    lines: Vec<String>,
    cursor: Cursor,
}

/// A place in the text: line and column from 0, the column counted in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cursor {
    pub line: usize,
    pub col: usize,
}

/// What the last edit was, so a run of typing undoes as one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    Other,
    Typing,
}

/// The program being written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    lines: Vec<String>,
    cursor: Cursor,
    /// The column up and down aim for (kept across short lines).
    goal_col: Option<usize>,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    last: Last,
    /// Counts changes of text or cursor: the panel redraws when it moves.
    revision: u64,
}

impl Default for Editor {
    fn default() -> Self {
        Editor::new("")
    }
}

fn chars(line: &str) -> usize {
    line.chars().count()
}

/// The byte offset of character `col` in `line` (its end if `col` is past it).
fn byte_at(line: &str, col: usize) -> usize {
    line.char_indices().nth(col).map_or(line.len(), |(i, _)| i)
}

fn leading_spaces(line: &str) -> usize {
    line.chars().take_while(|c| *c == ' ').count()
}

/// Text as the editor keeps it: LF line breaks, tabs as spaces, no other control characters.
pub fn clean(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            '\t' => out.push_str(&" ".repeat(INDENT)),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

impl Editor {
    /// An editor holding `text` (cleaned), the cursor at its end.
    pub fn new(text: &str) -> Editor {
        let text = clean(text);
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        lines.truncate(MAX_LINES);
        let line = lines.len() - 1;
        let cursor = Cursor { line, col: chars(&lines[line]) };
        Editor { lines, cursor, goal_col: None, undo: Vec::new(), redo: Vec::new(), last: Last::Other, revision: 0 }
    }

    /// The program: the lines joined with `\n`.
    pub fn text(&self) -> String {
        self.lines.join("\n")
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    pub fn cursor(&self) -> Cursor {
        self.cursor
    }

    pub(crate) fn revision(&self) -> u64 {
        self.revision
    }

    /// Characters in the program (line breaks count one each).
    pub fn len(&self) -> usize {
        self.lines.iter().map(|l| chars(l)).sum::<usize>() + self.lines.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.lines.len() == 1 && self.lines[0].is_empty()
    }

    /// Puts the cursor at a place (clamped to the text), e.g. an error's `line:col`.
    pub(crate) fn place_cursor(&mut self, line: usize, col: usize) {
        let line = line.min(self.lines.len() - 1);
        self.cursor = Cursor { line, col: col.min(chars(&self.lines[line])) };
        self.goal_col = None;
        self.revision += 1;
    }

    /// Replaces the whole text (an undoable step), the cursor at the end.
    pub fn set_text(&mut self, text: &str) {
        self.remember();
        let fresh = Editor::new(text);
        self.lines = fresh.lines;
        self.cursor = fresh.cursor;
        self.goal_col = None;
        self.last = Last::Other;
        self.revision += 1;
    }

    /// Applies one edit. Returns whether the text changed (not just the cursor).
    pub fn apply(&mut self, edit: Edit) -> bool {
        let before = (self.lines.clone(), self.cursor);
        let typing = matches!(&edit, Edit::Type(t) if !t.contains(char::is_whitespace));
        let vertical = matches!(edit, Edit::Up | Edit::Down);
        let up = matches!(edit, Edit::Up);
        let snapshot = Snapshot { lines: self.lines.clone(), cursor: self.cursor };
        match edit {
            Edit::Type(text) => self.insert(&clean(&text).replace('\n', " ")),
            Edit::Paste(text) => self.insert(&clean(&text)),
            Edit::Newline => self.newline(),
            Edit::Indent => {
                let spaces = INDENT - self.cursor.col % INDENT;
                self.insert(&" ".repeat(spaces));
            }
            Edit::Backspace => self.backspace(),
            Edit::Delete => self.delete(),
            Edit::Left => self.left(),
            Edit::Right => self.right(),
            Edit::Up | Edit::Down => self.vertical(up),
            Edit::Home => {
                let first = leading_spaces(&self.lines[self.cursor.line]);
                self.cursor.col = if self.cursor.col == first { 0 } else { first };
            }
            Edit::End => self.cursor.col = chars(&self.lines[self.cursor.line]),
            Edit::DocStart => self.cursor = Cursor::default(),
            Edit::DocEnd => {
                let line = self.lines.len() - 1;
                self.cursor = Cursor { line, col: chars(&self.lines[line]) };
            }
            Edit::Undo => return self.step_history(true),
            Edit::Redo => return self.step_history(false),
        }
        if !vertical {
            self.goal_col = None;
        }
        let changed = self.lines != before.0;
        if changed {
            // A run of typed characters undoes as one step.
            if !(typing && self.last == Last::Typing) {
                self.push_undo(snapshot);
            }
            self.redo.clear();
            self.last = if typing { Last::Typing } else { Last::Other };
        } else if self.cursor != before.1 {
            self.last = Last::Other;
        }
        if changed || self.cursor != before.1 {
            self.revision += 1;
        }
        changed
    }

    /// Applies several edits as one: they undo as one step (a chip of the touch pad writes a
    /// whole line, new lines and indentation included). Returns whether the text changed.
    pub fn group(&mut self, edits: impl FnOnce(&mut Editor)) -> bool {
        let snapshot = Snapshot { lines: self.lines.clone(), cursor: self.cursor };
        // The edits' own undo steps are dropped: the group is one.
        let undo = std::mem::take(&mut self.undo);
        let redo = std::mem::take(&mut self.redo);
        edits(self);
        self.undo = undo;
        let changed = self.lines != snapshot.lines;
        if changed {
            self.push_undo(snapshot);
        } else {
            self.redo = redo;
        }
        self.last = Last::Other;
        changed
    }

    fn remember(&mut self) {
        let snapshot = Snapshot { lines: self.lines.clone(), cursor: self.cursor };
        self.push_undo(snapshot);
        self.redo.clear();
    }

    fn push_undo(&mut self, snapshot: Snapshot) {
        if self.undo.len() == MAX_UNDO {
            self.undo.remove(0);
        }
        self.undo.push(snapshot);
    }

    fn step_history(&mut self, back: bool) -> bool {
        let (from, to) = if back { (&mut self.undo, &mut self.redo) } else { (&mut self.redo, &mut self.undo) };
        let Some(snapshot) = from.pop() else { return false };
        to.push(Snapshot { lines: std::mem::take(&mut self.lines), cursor: self.cursor });
        self.lines = snapshot.lines;
        self.cursor = snapshot.cursor;
        self.goal_col = None;
        self.last = Last::Other;
        self.revision += 1;
        true
    }

    /// Inserts clean text at the cursor, as much as the limits allow.
    fn insert(&mut self, text: &str) {
        let room = MAX_CHARS.saturating_sub(self.len());
        let mut lines_room = MAX_LINES - self.lines.len();
        let mut kept = String::new();
        for c in text.chars().take(room) {
            if c == '\n' {
                if lines_room == 0 {
                    break;
                }
                lines_room -= 1;
            }
            kept.push(c);
        }
        if kept.is_empty() {
            return;
        }
        let Cursor { line, col } = self.cursor;
        let current = &self.lines[line];
        let at = byte_at(current, col);
        let (head, tail) = (current[..at].to_string(), current[at..].to_string());
        let mut pieces: Vec<String> = kept.split('\n').map(str::to_string).collect();
        let last = pieces.len() - 1;
        let end_col = if last == 0 { col + chars(&pieces[0]) } else { chars(&pieces[last]) };
        pieces[0] = format!("{head}{}", pieces[0]);
        pieces[last].push_str(&tail);
        self.lines.splice(line..=line, pieces);
        self.cursor = Cursor { line: line + last, col: end_col };
    }

    fn newline(&mut self) {
        if self.lines.len() >= MAX_LINES || self.len() >= MAX_CHARS {
            return;
        }
        let current = &self.lines[self.cursor.line];
        let before = &current[..byte_at(current, self.cursor.col)];
        let mut indent = leading_spaces(current).min(self.cursor.col);
        if before.trim_end().ends_with('{') {
            indent += INDENT;
        }
        let after = &current[byte_at(current, self.cursor.col)..];
        // Enter just before a `}` puts it on its own line, one step out.
        let closing = after.trim_start().starts_with('}') && before.trim_end().ends_with('{');
        let mut text = format!("\n{}", " ".repeat(indent));
        if closing {
            text.push_str(&format!("\n{}", " ".repeat(indent.saturating_sub(INDENT))));
        }
        // Spaces after the cursor would push the rest of the line in.
        let skip = after.chars().take_while(|c| *c == ' ').count();
        for _ in 0..skip {
            self.delete();
        }
        self.insert(&text);
        if closing {
            self.cursor = Cursor { line: self.cursor.line - 1, col: indent };
        }
    }

    fn backspace(&mut self) {
        let Cursor { line, col } = self.cursor;
        if col > 0 {
            let current = &self.lines[line];
            // In the indentation, back to the previous indent stop.
            let blank_before = current.chars().take(col).all(|c| c == ' ');
            let remove = if blank_before { (col - 1) % INDENT + 1 } else { 1 };
            let (from, to) = (byte_at(current, col - remove), byte_at(current, col));
            self.lines[line].replace_range(from..to, "");
            self.cursor.col -= remove;
        } else if line > 0 {
            let rest = self.lines.remove(line);
            let above = &mut self.lines[line - 1];
            let col = chars(above);
            above.push_str(&rest);
            self.cursor = Cursor { line: line - 1, col };
        }
    }

    fn delete(&mut self) {
        let Cursor { line, col } = self.cursor;
        let current = &self.lines[line];
        if col < chars(current) {
            let (from, to) = (byte_at(current, col), byte_at(current, col + 1));
            self.lines[line].replace_range(from..to, "");
        } else if line + 1 < self.lines.len() {
            let next = self.lines.remove(line + 1);
            self.lines[line].push_str(&next);
        }
    }

    fn left(&mut self) {
        if self.cursor.col > 0 {
            self.cursor.col -= 1;
        } else if self.cursor.line > 0 {
            self.cursor.line -= 1;
            self.cursor.col = chars(&self.lines[self.cursor.line]);
        }
    }

    fn right(&mut self) {
        if self.cursor.col < chars(&self.lines[self.cursor.line]) {
            self.cursor.col += 1;
        } else if self.cursor.line + 1 < self.lines.len() {
            self.cursor = Cursor { line: self.cursor.line + 1, col: 0 };
        }
    }

    fn vertical(&mut self, up: bool) {
        let goal = *self.goal_col.get_or_insert(self.cursor.col);
        let line = self.cursor.line;
        let target = if up { line.checked_sub(1) } else { (line + 1 < self.lines.len()).then_some(line + 1) };
        match target {
            Some(target) => self.cursor = Cursor { line: target, col: goal.min(chars(&self.lines[target])) },
            // Up on the first line goes to its start, down on the last to its end.
            None if up => self.cursor.col = 0,
            None => self.cursor.col = chars(&self.lines[line]),
        }
    }

    /// Typing `}` on a blank indented line steps it out first, so blocks close where they
    /// opened. Called by the key handler before it types the `}`.
    pub(crate) fn dedent_for_closing(&mut self) {
        let line = &self.lines[self.cursor.line];
        let col = self.cursor.col;
        if col >= INDENT && line.chars().take(col).all(|c| c == ' ') && col == chars(line) {
            let snapshot = Snapshot { lines: self.lines.clone(), cursor: self.cursor };
            self.push_undo(snapshot);
            self.redo.clear();
            let keep = col - INDENT;
            self.lines[self.cursor.line] = " ".repeat(keep);
            self.cursor.col = keep;
            self.last = Last::Other;
            self.revision += 1;
        }
    }
}

/// The characters of `line` from `col` that an error underline covers: the word (or string,
/// or single symbol) starting there, at least one character.
pub(crate) fn underline_span(line: &str, col: usize) -> usize {
    let rest: Vec<char> = line.chars().skip(col).collect();
    let Some(&first) = rest.first() else { return 1 };
    let word = |c: &char| c.is_alphanumeric() || *c == '_';
    let n = if word(&first) {
        rest.iter().take_while(|c| word(c)).count()
    } else if first == '"' {
        rest.iter().skip(1).position(|c| *c == '"').map_or(rest.len(), |end| end + 2)
    } else {
        1
    };
    n.max(1)
}

#[cfg(test)]
mod tests;
