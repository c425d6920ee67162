//! Step 1 of generation: from the solution's syntax tree to each object's commands, merged as
//! the paper's `(command, args, n)`, and its attributes as `(name, initial, desired)`.
//!
//! The program is run once on a map-free model where every move succeeds. That follows loops,
//! variables and conditions exactly (a `for` with `n = 3` gives three moves, an `if` on a
//! position takes the branch the moves lead to), and the generator then builds each object's
//! mini-map so that no move is ever blocked: the real run takes the same path.

use std::fmt;

use serde::Serialize;

use crate::puzzle::ast::{Attr, CodeError, Command, CommandKind, Dir, Pos, Program, Stmt};
use crate::puzzle::interp::{Env, Machine};
use crate::puzzle::world::{Cell, Kind, ObjectSpec, ObjectState};

/// The most objects a program may use: each gets a mini-map, and the merge tries every order.
pub(crate) const MAX_OBJECTS: usize = 8;
/// The most tiles an object may travel from its start in x or y: its mini-map must hold the
/// whole path.
pub(crate) const MAX_TRAVEL: i32 = 12;

/// Why a level could not be made from a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// The program does not parse, or fails when run (its `line:col` and message).
    Code(CodeError),
    /// The program parses but asks for something no level can hold.
    Unsupported(String),
    /// Every bounded attempt failed (should not happen; the tests sweep thousands of seeds).
    Failed(String),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Code(e) => write!(f, "{e}"),
            GenError::Unsupported(m) | GenError::Failed(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for GenError {}

impl From<CodeError> for GenError {
    fn from(e: CodeError) -> Self {
        GenError::Code(e)
    }
}

/// One merged command: `(command, args, n)` in the paper's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Merged {
    pub command: CommandKind,
    /// The argument (`"up"`, `"left"`), empty for `open`/`stop`.
    pub args: String,
    pub n: u32,
}

/// One attribute: `(name, initial, desired)`, the desired state being the one the solution ends
/// in (what the conditions test for).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttrSummary {
    pub name: &'static str,
    pub initial: String,
    pub desired: String,
}

/// What the solution does to one object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ObjectSummary {
    pub name: String,
    pub kind: Kind,
    pub command: CommandKind,
    /// The commands as the solution runs them, in order.
    pub commands: Vec<Command>,
    pub merged: Vec<Merged>,
    pub attributes: Vec<AttrSummary>,
    /// Moves: the tiles the object stands on, from its start (0, 0) to its end.
    pub trajectory: Vec<Cell>,
    /// Rotations: quarter turns clockwise in all (negative: anticlockwise).
    pub turns: i32,
    /// Its mark (what `position` is read from) relative to its start: (0, 0) but in a variant
    /// world that starts it off its mark.
    pub home: Cell,
    /// Gates: moving at the start (a variant world may start one still).
    pub start_moving: bool,
}

impl ObjectSummary {
    /// Where the object ends relative to where it starts.
    pub fn displacement(&self) -> Cell {
        self.trajectory.last().copied().unwrap_or((0, 0))
    }

    /// The net quarter turns, 0..4.
    pub(crate) fn net_turns(&self) -> i32 {
        self.turns.rem_euclid(4)
    }

    /// Whether the solution runs any command on it.
    pub fn is_used(&self) -> bool {
        !self.commands.is_empty()
    }
}

/// The map-free model: every object at (0, 0) facing up, every move succeeds.
struct Model {
    specs: Vec<ObjectSpec>,
    states: Vec<ObjectState>,
}

impl Env for Model {
    fn count(&self) -> usize {
        self.specs.len()
    }
    fn find(&self, name: &str) -> Option<usize> {
        self.specs.iter().position(|s| s.name == name)
    }
    fn spec(&self, object: usize) -> &ObjectSpec {
        &self.specs[object]
    }
    fn state(&self, object: usize) -> ObjectState {
        self.states[object]
    }
    fn apply(&mut self, i: usize, command: Command) -> bool {
        let before = self.states[i];
        let s = &mut self.states[i];
        match command {
            Command::Move(d) => {
                let (dx, dy) = d.delta();
                s.pos = (s.pos.0 + dx, s.pos.1 + dy);
            }
            Command::Rotate(t) => s.facing = s.facing.turned(t.sign()),
            Command::Open => s.open = true,
            Command::Stop => s.moving = false,
        }
        *s != before
    }
}

/// The objects a program names, each with its kind and the one command type it takes (from the
/// first call on it; a program using two types on one object is refused at the second). A name
/// met only in conditions takes its kind's first command type.
pub(crate) fn object_specs(program: &Program) -> Result<Vec<ObjectSpec>, GenError> {
    // (name, kind, the command type and where a call fixed it)
    type Found = (String, Kind, Option<(CommandKind, Pos)>);
    let mut found: Vec<Found> = Vec::new();
    for stmt in program.walk() {
        let (name, call, pos) = match stmt {
            Stmt::Call { object, command, pos, command_pos } => (object, Some((command.kind(), *command_pos)), *pos),
            Stmt::If { cond, .. } | Stmt::While { cond, .. } => (&cond.object, None, cond.pos),
            _ => continue,
        };
        let Some(kind) = Kind::of_name(name) else {
            return Err(CodeError::new(
                pos,
                format!("unknown object '{name}': an object is a kind and a number, like block1, statue1, door1, gate1 or lever1"),
            )
            .into());
        };
        if let Some((command, at)) = call
            && !kind.commands().contains(&command)
        {
            let takes: Vec<&str> = kind.commands().iter().map(|c| c.shown()).collect();
            return Err(CodeError::new(
                at,
                format!("a {} takes {}, not {}", kind.name(), takes.join(" or "), command.shown()),
            )
            .into());
        }
        match found.iter_mut().find(|f| &f.0 == name) {
            Some(entry) => match (entry.2, call) {
                (Some((fixed, _)), Some((command, at))) if fixed != command => {
                    return Err(CodeError::new(
                        at,
                        format!("{name} already takes {}: an object takes one type of command", fixed.shown()),
                    )
                    .into());
                }
                (None, Some(c)) => entry.2 = Some(c),
                _ => {}
            },
            None => {
                if found.len() == MAX_OBJECTS {
                    return Err(GenError::Unsupported(format!("{pos}: a level holds at most {MAX_OBJECTS} objects")));
                }
                found.push((name.clone(), kind, call));
            }
        }
    }
    Ok(found
        .into_iter()
        .map(|(name, kind, call)| ObjectSpec {
            name,
            kind,
            command: call.map_or(kind.commands()[0], |c| c.0),
            element: None,
            start: ObjectState { pos: (0, 0), facing: Dir::Up, moving: kind == Kind::Gate, open: false },
            home: (0, 0),
        })
        .collect())
}

/// How one object starts in a variant world (issue #32): off its mark by `offset` (what a
/// `position` condition reads) and, for a gate, moving or not (what `isMoving` reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Start {
    pub offset: Cell,
    pub moving: bool,
}

/// The specs with each object's start changed as `starts` says (by index; missing entries
/// keep the default: on its mark, gates moving).
pub fn started(specs: &[ObjectSpec], starts: &[Start]) -> Vec<ObjectSpec> {
    let mut out = specs.to_vec();
    for (spec, s) in out.iter_mut().zip(starts) {
        spec.start.pos = s.offset;
        spec.start.moving = spec.kind == Kind::Gate && s.moving;
    }
    out
}

/// Step 1: what the solution does to each object, in order of first mention.
///
/// ```
/// use seedfeast_procgen::puzzle::{parse, summary::summarize};
/// let program = parse("n = 2;\nfor (i = 0; i < n; i++) { block1.move(\"left\"); }\nstatue1.rotate(\"right\");").unwrap();
/// let objects = summarize(&program).unwrap();
/// assert_eq!(objects[0].merged[0].args, "left");
/// assert_eq!(objects[0].merged[0].n, 2);
/// assert_eq!(objects[0].displacement(), (-2, 0));
/// assert_eq!(objects[1].turns, 1);
/// ```
pub fn summarize(program: &Program) -> Result<Vec<ObjectSummary>, GenError> {
    summarize_from(program, &[])
}

/// [`summarize`] for a variant world whose objects start as `starts` says (see [`started`]).
pub(crate) fn summarize_from(program: &Program, starts: &[Start]) -> Result<Vec<ObjectSummary>, GenError> {
    let specs = started(&object_specs(program)?, starts);
    let states = specs.iter().map(|s| s.start).collect();
    let model = Model { specs: specs.clone(), states };
    let mut machine = Machine::new(program, model)?;
    let (trace, error) = machine.run();
    if let Some(e) = error {
        return Err(e.into());
    }
    let model = machine.into_env();
    let mut out: Vec<ObjectSummary> = specs.iter().map(ObjectSummary::unmoved).collect();
    for event in &trace {
        if let crate::puzzle::interp::Event::Command { index, command, after, .. } = &event.event {
            out[*index].record(*command, after);
        }
    }
    for (i, o) in out.iter_mut().enumerate() {
        o.merged = merged(&o.commands);
        o.attributes = attributes(program, &o.name, &specs[i], model.states[i]);
        o.check_travel()?;
    }
    Ok(out)
}

impl ObjectSummary {
    /// The summary of an object before the solution runs: no command yet, at its start.
    fn unmoved(s: &ObjectSpec) -> ObjectSummary {
        ObjectSummary {
            name: s.name.clone(),
            kind: s.kind,
            command: s.command,
            commands: Vec::new(),
            merged: Vec::new(),
            attributes: Vec::new(),
            trajectory: vec![(0, 0)],
            turns: 0,
            home: (-s.start.pos.0, -s.start.pos.1),
            start_moving: s.start.moving,
        }
    }

    /// One command the solution ran on the object, leaving it `after`.
    fn record(&mut self, command: Command, after: &ObjectState) {
        self.commands.push(command);
        match command {
            // The trajectory is from the start; the model's positions are from the mark.
            Command::Move(_) => self.trajectory.push((after.pos.0 + self.home.0, after.pos.1 + self.home.1)),
            Command::Rotate(t) => self.turns += t.sign(),
            Command::Open | Command::Stop => {}
        }
    }

    /// An error when the object travels more than [`MAX_TRAVEL`] tiles in x or y.
    fn check_travel(&self) -> Result<(), GenError> {
        let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
        for &(x, y) in &self.trajectory {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        if x1 - x0 > MAX_TRAVEL || y1 - y0 > MAX_TRAVEL {
            return Err(GenError::Unsupported(format!(
                "{} travels {}x{} tiles: at most {MAX_TRAVEL} tiles each way fit a level",
                self.name,
                x1 - x0,
                y1 - y0
            )));
        }
        Ok(())
    }
}

/// The commands merged as `(command, args, n)`, in order of first use.
fn merged(commands: &[Command]) -> Vec<Merged> {
    let mut out: Vec<Merged> = Vec::new();
    for c in commands {
        let args = match c {
            Command::Move(d) => d.name(),
            Command::Rotate(t) => t.name(),
            Command::Open | Command::Stop => "",
        };
        match out.iter_mut().find(|m| m.command == c.kind() && m.args == args) {
            Some(m) => m.n += 1,
            None => out.push(Merged { command: c.kind(), args: args.into(), n: 1 }),
        }
    }
    out
}

/// The attributes the program's conditions read on object `name`, each once: its name, its
/// value at the start and at the `end` state.
fn attributes(program: &Program, name: &str, spec: &ObjectSpec, end: ObjectState) -> Vec<AttrSummary> {
    let mut attrs: Vec<AttrSummary> = Vec::new();
    for cond in program.conds().into_iter().filter(|c| c.object == name) {
        let name = match cond.attr {
            Attr::IsMoving(_) => "isMoving",
            Attr::Position(_) => "position",
        };
        if attrs.iter().any(|a| a.name == name) {
            continue;
        }
        let (initial, desired) = match cond.attr {
            Attr::IsMoving(_) => (spec.start.moving.to_string(), end.moving.to_string()),
            Attr::Position(_) => {
                (spec.position(&spec.start).name().to_string(), spec.position(&end).name().to_string())
            }
        };
        attrs.push(AttrSummary { name, initial, desired });
    }
    attrs
}

/// Each object's state after running `program` on the map-free model, for the objects `specs`
/// lists (unassigned variables read as `unset` when given); `None` if the run fails.
pub(crate) fn end_states(program: &Program, specs: &[ObjectSpec], unset: Option<i64>) -> Option<Vec<ObjectState>> {
    let model = Model { specs: specs.to_vec(), states: specs.iter().map(|s| s.start).collect() };
    let mut machine = Machine::unchecked(program, model);
    if let Some(v) = unset {
        machine = machine.with_unset_default(v);
    }
    // Stepped without keeping a trace: the variant search runs this thousands of times a level,
    // and a loop that never ends would otherwise gather `MAX_STEPS` events each time.
    loop {
        match machine.step() {
            crate::puzzle::interp::Step::Ran(_) => {
                // An object pushed further than any level holds: the run can't be a level's
                // (and on the wall-less model a loop that pushes for ever would run to the cap).
                let far = |s: &ObjectState| s.pos.0.abs().max(s.pos.1.abs()) > 2 * MAX_TRAVEL;
                if machine.env().states.iter().any(far) {
                    return None;
                }
            }
            crate::puzzle::interp::Step::Done => return Some(machine.into_env().states),
            crate::puzzle::interp::Step::Failed(_) => return None,
        }
    }
}
