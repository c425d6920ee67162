//! The syntax tree of a puzzle program, the positions every node keeps for error messages and
//! the current-line highlight, and [`CodeError`], the one error type the language reports.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A place in the program text: line and column, both from 1; columns count characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl Pos {
    pub const fn new(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Something wrong with a program: where, and what was expected. Printed as `line:col: message`,
/// which the CLI writes to stderr and the game underlines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeError {
    pub pos: Pos,
    pub message: String,
}

impl CodeError {
    pub fn new(pos: Pos, message: impl Into<String>) -> CodeError {
        CodeError { pos, message: message.into() }
    }
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for CodeError {}

/// The four directions; `up` is towards row 0 (y grows downwards, as in every map here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Up,
    Right,
    Down,
    Left,
}

impl Dir {
    /// Clockwise from up: the order a `rotate("right")` walks.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// The step `(dx, dy)` one tile this way.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Right => (1, 0),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
        }
    }

    /// Quarter turns clockwise from up (0..4).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The direction `quarter_turns` clockwise from up (any integer, taken mod 4).
    pub(crate) const fn from_index(quarter_turns: i32) -> Dir {
        Dir::ALL[quarter_turns.rem_euclid(4) as usize]
    }

    /// This direction turned `quarter_turns` clockwise (negative: anticlockwise).
    pub const fn turned(self, quarter_turns: i32) -> Dir {
        Dir::from_index(self.index() as i32 + quarter_turns)
    }

    pub const fn opposite(self) -> Dir {
        self.turned(2)
    }

    /// Up and down are vertical; left and right horizontal.
    pub(crate) const fn is_vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Right => "right",
            Dir::Down => "down",
            Dir::Left => "left",
        }
    }

    pub fn parse(text: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == text)
    }
}

/// A quarter turn: `right` is clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Turn {
    Left,
    Right,
}

impl Turn {
    /// +1 for clockwise, −1 for anticlockwise.
    pub const fn sign(self) -> i32 {
        match self {
            Turn::Left => -1,
            Turn::Right => 1,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Turn::Left => "left",
            Turn::Right => "right",
        }
    }
}

/// One command applied to an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Command {
    Move(Dir),
    Rotate(Turn),
    Open,
    Stop,
}

impl Command {
    pub const fn kind(self) -> CommandKind {
        match self {
            Command::Move(_) => CommandKind::Move,
            Command::Rotate(_) => CommandKind::Rotate,
            Command::Open => CommandKind::Open,
            Command::Stop => CommandKind::Stop,
        }
    }

    /// The call as it is written: `move("up")`, `open()`.
    pub fn source(self) -> String {
        match self {
            Command::Move(d) => format!("move(\"{}\")", d.name()),
            Command::Rotate(t) => format!("rotate(\"{}\")", t.name()),
            Command::Open => "open()".into(),
            Command::Stop => "stop()".into(),
        }
    }
}

/// The four command types; an object takes exactly one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CommandKind {
    Move,
    Rotate,
    Open,
    Stop,
}

impl CommandKind {
    pub const fn name(self) -> &'static str {
        match self {
            CommandKind::Move => "move",
            CommandKind::Rotate => "rotate",
            CommandKind::Open => "open",
            CommandKind::Stop => "stop",
        }
    }

    /// How the call looks, for messages: `move(…)`, `open()`.
    pub const fn shown(self) -> &'static str {
        match self {
            CommandKind::Move => "move(…)",
            CommandKind::Rotate => "rotate(…)",
            CommandKind::Open => "open()",
            CommandKind::Stop => "stop()",
        }
    }
}

/// Where an object is relative to its starting tile (the `position` attribute).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RelPos {
    Start,
    Up,
    Right,
    Down,
    Left,
}

impl RelPos {
    pub const ALL: [RelPos; 5] = [RelPos::Start, RelPos::Up, RelPos::Right, RelPos::Down, RelPos::Left];

    /// From an offset to the starting tile: `start` at no offset, else the direction of the
    /// larger of |dx| and |dy|; a tie (|dx| = |dy|) counts as left or right.
    pub const fn from_offset(dx: i32, dy: i32) -> RelPos {
        if dx == 0 && dy == 0 {
            RelPos::Start
        } else if dx.unsigned_abs() >= dy.unsigned_abs() {
            if dx < 0 { RelPos::Left } else { RelPos::Right }
        } else if dy < 0 {
            RelPos::Up
        } else {
            RelPos::Down
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            RelPos::Start => "start",
            RelPos::Up => "up",
            RelPos::Right => "right",
            RelPos::Down => "down",
            RelPos::Left => "left",
        }
    }

    pub fn parse(text: &str) -> Option<RelPos> {
        RelPos::ALL.into_iter().find(|p| p.name() == text)
    }
}

/// The attribute a condition reads and the value it compares with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Attr {
    IsMoving(bool),
    Position(RelPos),
}

/// `NAME.attr == value` (or `!=` when `equal` is false).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cond {
    pub object: String,
    pub attr: Attr,
    pub equal: bool,
    pub pos: Pos,
}

/// A loop bound: a number or a variable read each time round.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    Int(i64),
    Var(String, Pos),
}

/// One statement, with the position of its first token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stmt {
    /// `object.command;` — `pos` is the object's name, `command_pos` the command's.
    Call { object: String, command: Command, pos: Pos, command_pos: Pos },
    /// `name = value;`
    Assign { name: String, value: i64, pos: Pos },
    /// `for (var = start; var < bound; var++) { body }`
    For { var: String, start: i64, bound: Bound, body: Vec<Stmt>, pos: Pos },
    /// `if (cond) { then } else { otherwise }`
    If { cond: Cond, then: Vec<Stmt>, otherwise: Option<Vec<Stmt>>, pos: Pos },
    /// `while (cond) { body }`
    While { cond: Cond, body: Vec<Stmt>, pos: Pos },
}

impl Stmt {
    pub fn pos(&self) -> Pos {
        match self {
            Stmt::Call { pos, .. }
            | Stmt::Assign { pos, .. }
            | Stmt::For { pos, .. }
            | Stmt::If { pos, .. }
            | Stmt::While { pos, .. } => *pos,
        }
    }
}

/// A parsed program: its statements in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Program {
    pub stmts: Vec<Stmt>,
}

impl Program {
    /// Every statement, depth first in source order (a loop before its body).
    pub fn walk(&self) -> Vec<&Stmt> {
        let mut out = Vec::new();
        walk_into(&self.stmts, &mut out);
        out
    }

    /// How many commands and constructs the program has: the `n` of the paper's shorter codes.
    pub fn size(&self) -> usize {
        self.walk().len()
    }

    /// Every `object.command` call, in source order.
    pub fn calls(&self) -> Vec<(&str, Command, Pos)> {
        self.walk()
            .into_iter()
            .filter_map(|s| match s {
                Stmt::Call { object, command, command_pos, .. } => Some((object.as_str(), *command, *command_pos)),
                _ => None,
            })
            .collect()
    }

    /// Every condition, in source order.
    pub fn conds(&self) -> Vec<&Cond> {
        self.walk()
            .into_iter()
            .filter_map(|s| match s {
                Stmt::If { cond, .. } | Stmt::While { cond, .. } => Some(cond),
                _ => None,
            })
            .collect()
    }

    /// Object names in order of first mention (calls and conditions).
    pub fn object_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for s in self.walk() {
            let name = match s {
                Stmt::Call { object, .. } => object,
                Stmt::If { cond, .. } | Stmt::While { cond, .. } => &cond.object,
                _ => continue,
            };
            if !names.iter().any(|n| n == name) {
                names.push(name.clone());
            }
        }
        names
    }

    /// The program written back as source, one statement a line, four spaces an indent. Parsing
    /// the result gives the same tree (positions aside).
    pub fn to_source(&self) -> String {
        let mut out = String::new();
        write_block(&self.stmts, 0, &mut out);
        out
    }
}

fn walk_into<'a>(stmts: &'a [Stmt], out: &mut Vec<&'a Stmt>) {
    for s in stmts {
        out.push(s);
        match s {
            Stmt::For { body, .. } | Stmt::While { body, .. } => walk_into(body, out),
            Stmt::If { then, otherwise, .. } => {
                walk_into(then, out);
                if let Some(o) = otherwise {
                    walk_into(o, out);
                }
            }
            Stmt::Call { .. } | Stmt::Assign { .. } => {}
        }
    }
}

fn cond_source(c: &Cond) -> String {
    let op = if c.equal { "==" } else { "!=" };
    match c.attr {
        Attr::IsMoving(v) => format!("{}.isMoving {op} {v}", c.object),
        Attr::Position(p) => format!("{}.position {op} \"{}\"", c.object, p.name()),
    }
}

fn write_block(stmts: &[Stmt], depth: usize, out: &mut String) {
    let pad = "    ".repeat(depth);
    for s in stmts {
        match s {
            Stmt::Call { object, command, .. } => out.push_str(&format!("{pad}{object}.{};\n", command.source())),
            Stmt::Assign { name, value, .. } => out.push_str(&format!("{pad}{name} = {value};\n")),
            Stmt::For { var, start, bound, body, .. } => {
                let bound = match bound {
                    Bound::Int(n) => n.to_string(),
                    Bound::Var(v, _) => v.clone(),
                };
                out.push_str(&format!("{pad}for ({var} = {start}; {var} < {bound}; {var}++) {{\n"));
                write_block(body, depth + 1, out);
                out.push_str(&format!("{pad}}}\n"));
            }
            Stmt::If { cond, then, otherwise, .. } => {
                out.push_str(&format!("{pad}if ({}) {{\n", cond_source(cond)));
                write_block(then, depth + 1, out);
                match otherwise {
                    Some(o) => {
                        out.push_str(&format!("{pad}}} else {{\n"));
                        write_block(o, depth + 1, out);
                        out.push_str(&format!("{pad}}}\n"));
                    }
                    None => out.push_str(&format!("{pad}}}\n")),
                }
            }
            Stmt::While { cond, body, .. } => {
                out.push_str(&format!("{pad}while ({}) {{\n", cond_source(cond)));
                write_block(body, depth + 1, out);
                out.push_str(&format!("{pad}}}\n"));
            }
        }
    }
}
