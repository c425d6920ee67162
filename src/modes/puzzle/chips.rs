//! Writing a program by taps (issue #30): a pad of chips that insert the language's statements,
//! names and numbers at the cursor, plus the editing keys a phone lacks. A pure model (no Bevy):
//! `chip_pad` draws the chips and hands their taps here, and every program below is a unit test.
//!
//! The pad is guided, because a phone's screen has room for a dozen chips, not for the whole
//! language: a statement starts with what it is (an object's name, `for`, `if`, `while`, a
//! variable), and the next chips offer only what may follow (the calls that object takes, the
//! conditions it can be asked). Each chip writes whole, well-formed text — the same characters a
//! keyboard would type, indented as the editor indents — so a program built by taps and one
//! typed are the same text, and each chip undoes as one step.

use seedfeast_procgen::puzzle::ast::{CommandKind, RelPos};

use super::editor::{Edit, Editor};

/// The most a loop's count or a variable's value offers (the curriculum's loops run 2 to 4 times).
pub(crate) const MAX_NUMBER: u32 = 9;
/// Names the pad gives variables, in order: the first not yet assigned is offered.
const VARIABLES: [&str; 4] = ["n", "m", "k", "t"];
/// Names the pad gives loop counters: the first not yet used by a loop is offered.
const COUNTERS: [&str; 4] = ["i", "j", "p", "q"];

/// An object of the level, as the pad offers it: its name and the one command it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PadObject {
    pub name: String,
    pub command: CommandKind,
}

/// Which of `if` and `while` a condition is being written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Test {
    If,
    While,
}

impl Test {
    fn keyword(self) -> &'static str {
        match self {
            Test::If => "if",
            Test::While => "while",
        }
    }
}

/// What a condition reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribute {
    IsMoving,
    Position,
}

impl Attribute {
    fn name(self) -> &'static str {
        match self {
            Attribute::IsMoving => "isMoving",
            Attribute::Position => "position",
        }
    }

    /// The values it is compared with, as written.
    fn values(self) -> Vec<String> {
        match self {
            Attribute::IsMoving => vec!["true".into(), "false".into()],
            Attribute::Position => RelPos::ALL.iter().map(|p| format!("\"{}\"", p.name())).collect(),
        }
    }
}

/// Where the pad is in writing a statement.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// A new statement: what kind.
    #[default]
    Line,
    /// An object was named: its calls.
    Call(PadObject),
    /// `for`: how many times.
    Loop,
    /// A variable was named: its value.
    Assign(String),
    /// `if` or `while`: which object it asks about.
    Subject(Test),
    /// …and what of it.
    Ask(Test, PadObject),
    /// …and what answer.
    Answer(Test, PadObject, Attribute),
}

/// What tapping a chip does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap {
    /// Shows the next chips of a statement.
    Go(Stage),
    /// Writes a whole line; `opens` when it ends in `{` (the cursor goes inside the block).
    Write { text: String, opens: bool },
    /// Closes the block the cursor is in: `}`.
    CloseBlock,
    /// `} else {`.
    Else,
    /// An editing key.
    Edit(Edit),
    /// Runs the program (during a run: skips to its end), as Ctrl+Enter does.
    Run,
    /// Closes the panel (during a run: stops it), as Esc does.
    Close,
    /// Shows the level's next world (a level whose program has conditions has several), as F6
    /// does.
    World,
}

/// One chip: what it says and what a tap on it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chip {
    pub label: String,
    pub tap: Tap,
}

fn chip(label: impl Into<String>, tap: Tap) -> Chip {
    Chip { label: label.into(), tap }
}

/// What a tap asks of the panel besides the text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The program's text changed.
    pub edited: bool,
    pub run: bool,
    pub close: bool,
    /// Show the next world.
    pub world: bool,
}

/// The pad: the stage of the statement being written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChipPad {
    pub stage: Stage,
}

impl ChipPad {
    /// The chips of the current stage, for a level with `objects` and the program in `editor`.
    pub fn chips(&self, objects: &[PadObject], editor: &Editor) -> Vec<Chip> {
        let mut chips = match &self.stage {
            Stage::Line => return line_chips(objects, editor),
            Stage::Call(object) => call_chips(object),
            Stage::Loop => loop_chips(editor),
            Stage::Assign(name) => assign_chips(name),
            Stage::Subject(test) => subject_chips(*test, objects),
            Stage::Ask(test, object) => ask_chips(*test, object),
            Stage::Answer(test, object, attribute) => answer_chips(*test, object, *attribute),
        };
        // Past a statement's first word, the pad can go back to it.
        chips.push(chip("BACK", Tap::Go(Stage::Line)));
        chips
    }

    /// Does what `tap` says to the program in `editor`, and moves the pad to its next stage.
    pub fn press(&mut self, tap: &Tap, editor: &mut Editor) -> Outcome {
        let mut outcome = Outcome::default();
        match tap {
            Tap::Go(stage) => {
                // A condition about the one thing an object can be asked skips the question.
                self.stage = match stage {
                    Stage::Ask(test, object) if attributes(object.command).len() == 1 => {
                        Stage::Answer(*test, object.clone(), attributes(object.command)[0])
                    }
                    other => other.clone(),
                };
                return outcome;
            }
            Tap::Write { text, opens } => outcome.edited = editor.group(|e| write_line(e, text, *opens)),
            Tap::CloseBlock => outcome.edited = editor.group(close_block),
            Tap::Else => {
                outcome.edited = editor.group(|e| {
                    let line = &e.lines()[e.cursor().line];
                    let after_closing = line.trim() == "}" && e.cursor().col == line.chars().count();
                    if !after_closing {
                        close_block(e);
                    }
                    e.apply(Edit::Type(" else {".into()));
                    e.apply(Edit::Newline);
                })
            }
            Tap::Edit(edit) => outcome.edited = editor.apply(edit.clone()),
            Tap::Run => outcome.run = true,
            Tap::Close => outcome.close = true,
            Tap::World => outcome.world = true,
        }
        self.stage = Stage::Line;
        outcome
    }
}

/// A new statement's chips: the objects, `for`, `if`, `while`, `else`, `}` and a free variable.
fn line_chips(objects: &[PadObject], editor: &Editor) -> Vec<Chip> {
    let mut chips: Vec<Chip> = objects.iter().map(|o| chip(o.name.clone(), Tap::Go(Stage::Call(o.clone())))).collect();
    chips.push(chip("for", Tap::Go(Stage::Loop)));
    chips.push(chip("if", Tap::Go(Stage::Subject(Test::If))));
    chips.push(chip("while", Tap::Go(Stage::Subject(Test::While))));
    chips.push(chip("else", Tap::Else));
    chips.push(chip("}", Tap::CloseBlock));
    let text = editor.text();
    let assigned = variables(&text);
    if let Some(free) = VARIABLES.iter().find(|v| !assigned.iter().any(|a| a == *v)) {
        chips.push(chip(format!("{free} ="), Tap::Go(Stage::Assign(free.to_string()))));
    }
    chips
}

/// The calls a named object takes, each written whole.
fn call_chips(object: &PadObject) -> Vec<Chip> {
    let calls: Vec<String> = match object.command {
        CommandKind::Move => ["up", "right", "down", "left"].iter().map(|d| format!("move(\"{d}\")")).collect(),
        CommandKind::Rotate => ["left", "right"].iter().map(|t| format!("rotate(\"{t}\")")).collect(),
        CommandKind::Open => vec!["open()".into()],
        CommandKind::Stop => vec!["stop()".into()],
    };
    calls
        .into_iter()
        .map(|call| {
            let text = format!("{}.{call};", object.name);
            chip(format!(".{call}"), Tap::Write { text, opens: false })
        })
        .collect()
}

/// A `for` loop's counts: the numbers, then the program's variables.
fn loop_chips(editor: &Editor) -> Vec<Chip> {
    let counter = loop_counter(&editor.text());
    let mut bounds: Vec<String> = (1..=MAX_NUMBER).map(|n| n.to_string()).collect();
    bounds.extend(variables(&editor.text()));
    bounds
        .into_iter()
        .map(|bound| {
            let text = format!("for ({counter} = 0; {counter} < {bound}; {counter}++) {{");
            chip(format!("{bound}×"), Tap::Write { text, opens: true })
        })
        .collect()
}

/// The values a variable can be given.
fn assign_chips(name: &str) -> Vec<Chip> {
    (0..=MAX_NUMBER)
        .map(|n| chip(format!("{name} = {n}"), Tap::Write { text: format!("{name} = {n};"), opens: false }))
        .collect()
}

/// The objects an `if` or `while` can ask about.
fn subject_chips(test: Test, objects: &[PadObject]) -> Vec<Chip> {
    objects
        .iter()
        .map(|o| chip(format!("{} ({}", test.keyword(), o.name), Tap::Go(Stage::Ask(test, o.clone()))))
        .collect()
}

/// What a condition can ask of the object.
fn ask_chips(test: Test, object: &PadObject) -> Vec<Chip> {
    attributes(object.command)
        .iter()
        .map(|a| chip(format!(".{}", a.name()), Tap::Go(Stage::Answer(test, object.clone(), *a))))
        .collect()
}

/// The condition's comparisons, each opening its block.
fn answer_chips(test: Test, object: &PadObject, attribute: Attribute) -> Vec<Chip> {
    let mut chips = Vec::new();
    for op in ["==", "!="] {
        for value in attribute.values() {
            let text = format!("{} ({}.{} {op} {value}) {{", test.keyword(), object.name, attribute.name());
            chips.push(chip(format!("{op} {value}"), Tap::Write { text, opens: true }));
        }
    }
    chips
}

/// The editing keys, always on the pad.
/// The chip that shows the next of a level's `worlds` (`shown` on screen now), when it has more
/// than one: `WORLD 1/2`.
pub(crate) fn world_chip(shown: usize, worlds: usize) -> Option<Chip> {
    (worlds > 1).then(|| chip(format!("WORLD {}/{worlds}", shown + 1), Tap::World))
}

pub(crate) fn edit_chips() -> Vec<Chip> {
    vec![
        chip("DEL", Tap::Edit(Edit::Backspace)),
        chip("ENTER", Tap::Edit(Edit::Newline)),
        chip("<", Tap::Edit(Edit::Left)),
        chip(">", Tap::Edit(Edit::Right)),
        chip("^", Tap::Edit(Edit::Up)),
        chip("v", Tap::Edit(Edit::Down)),
        chip("UNDO", Tap::Edit(Edit::Undo)),
        chip("RUN", Tap::Run),
        chip("CLOSE", Tap::Close),
    ]
}

/// What a condition may ask of an object that takes `command`: a gate is moving or not, a thing
/// that moves has a position; doors, levers and statues that turn are asked either.
fn attributes(command: CommandKind) -> &'static [Attribute] {
    match command {
        CommandKind::Stop => &[Attribute::IsMoving],
        CommandKind::Move => &[Attribute::Position],
        CommandKind::Open | CommandKind::Rotate => &[Attribute::IsMoving, Attribute::Position],
    }
}

/// The variables a program assigns (`name = …;` at a line's start), in order of first assignment.
pub fn variables(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for line in text.lines() {
        let Some((name, _)) = line.trim_start().split_once(" =") else { continue };
        let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if plain && !line.trim_start().starts_with("for") && !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    names
}

/// The first loop counter no `for` in the program uses yet.
fn loop_counter(text: &str) -> &'static str {
    COUNTERS.iter().find(|c| !text.contains(&format!("for ({c} ="))).unwrap_or(&COUNTERS[0])
}

/// Whether the cursor's line has anything but spaces before the cursor.
fn text_before_cursor(editor: &Editor) -> bool {
    let cursor = editor.cursor();
    editor.lines()[cursor.line].chars().take(cursor.col).any(|c| c != ' ')
}

/// Whether the cursor's line has anything but spaces after the cursor.
fn text_after_cursor(editor: &Editor) -> bool {
    let cursor = editor.cursor();
    editor.lines()[cursor.line].chars().skip(cursor.col).any(|c| c != ' ')
}

/// A statement on a line of its own: after the current line's text (a new line first) or on the
/// blank line the cursor is on; a block's opening line takes the cursor inside the block.
fn write_line(editor: &mut Editor, text: &str, opens: bool) {
    if text_before_cursor(editor) {
        editor.apply(Edit::End);
        editor.apply(Edit::Newline);
    }
    let before_more = text_after_cursor(editor);
    editor.apply(Edit::Type(text.into()));
    if opens || before_more {
        editor.apply(Edit::Newline);
    }
}

/// `}` on a line of its own, one step out, as typing it on a blank indented line puts it.
fn close_block(editor: &mut Editor) {
    if text_before_cursor(editor) {
        editor.apply(Edit::End);
        editor.apply(Edit::Newline);
    }
    editor.dedent_for_closing();
    editor.apply(Edit::Type("}".into()));
}

#[cfg(test)]
#[path = "chips_tests.rs"]
mod tests;
