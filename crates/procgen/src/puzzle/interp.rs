//! The interpreter: checks a program against a level's objects, then runs it one statement at a
//! time on an explicit stack (no recursion, so the game can animate each step, and deep input
//! can't exhaust the native stack), with a step cap that stops endless loops with a clear error.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::puzzle::ast::{Attr, Bound, CodeError, Command, Cond, Pos, Program, RelPos, Stmt};
pub use crate::puzzle::check::check;
use crate::puzzle::world::{ObjectSpec, ObjectState, World};

/// The most steps a run takes (every command, assignment, loop test and `if` test is a step):
/// thousands more than any level needs, few enough that a stuck loop stops in well under a
/// millisecond.
pub const MAX_STEPS: usize = 5000;

/// What the interpreter needs from a world: the real [`World`], or the generator's map-free
/// model where every move succeeds.
pub trait Env {
    /// How many objects there are (numbered from 0).
    fn count(&self) -> usize;
    /// The object's index, by name.
    fn find(&self, name: &str) -> Option<usize>;
    fn spec(&self, object: usize) -> &ObjectSpec;
    fn state(&self, object: usize) -> ObjectState;
    /// Applies one command; returns whether anything changed.
    fn apply(&mut self, object: usize, command: Command) -> bool;
}

impl Env for World {
    fn count(&self) -> usize {
        self.objects.len()
    }

    fn find(&self, name: &str) -> Option<usize> {
        World::find(self, name)
    }

    fn spec(&self, object: usize) -> &ObjectSpec {
        &self.objects[object]
    }

    fn state(&self, object: usize) -> ObjectState {
        self.states[object]
    }

    fn apply(&mut self, object: usize, command: Command) -> bool {
        World::apply(self, object, command)
    }
}

/// One step of a run, for the game's animation and the trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceEvent {
    /// Where the statement starts (the game highlights `pos.line`).
    pub pos: Pos,
    pub event: Event,
}

/// What a step did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Event {
    /// A command ran on an object (`changed` is false when a move was blocked, a door was
    /// already open …).
    Command { object: String, index: usize, command: Command, before: ObjectState, after: ObjectState, changed: bool },
    /// A variable got a value.
    Assign { name: String, value: i64 },
    /// A `for` tested its variable against the bound.
    For { var: String, value: i64, bound: i64, continues: bool },
    /// A `while` tested its condition.
    While { continues: bool },
    /// An `if` tested its condition (`true`: the first block runs).
    If { taken: bool },
}

/// What [`Machine::step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Ran(TraceEvent),
    /// The program finished.
    Done,
    /// The run stopped with an error (the step cap, a variable with no value).
    Failed(CodeError),
}

/// A statement with its blocks replaced by block numbers: the machine's own copy of the
/// program, so it needs no borrow and a game can keep it in a resource.
#[derive(Clone, Debug)]
enum Node {
    Call { object: String, command: Command, pos: Pos },
    Assign { name: String, value: i64, pos: Pos },
    For { var: String, start: i64, bound: Bound, body: usize, pos: Pos },
    If { cond: Cond, then: usize, otherwise: usize, pos: Pos },
    While { cond: Cond, body: usize, pos: Pos },
}

/// The program flattened: `blocks[b]` lists node numbers; block 0 is the program itself.
#[derive(Clone, Debug, Default)]
struct Code {
    nodes: Vec<Node>,
    blocks: Vec<Vec<usize>>,
}

impl Code {
    fn compile(program: &Program) -> Code {
        let mut code = Code::default();
        code.block(&program.stmts);
        code
    }

    /// Adds a block and (depth first, bounded by the parser's nesting cap) the blocks inside it.
    fn block(&mut self, stmts: &[Stmt]) -> usize {
        let id = self.blocks.len();
        self.blocks.push(Vec::new());
        for s in stmts {
            let node = match s {
                Stmt::Call { object, command, pos, .. } => {
                    Node::Call { object: object.clone(), command: *command, pos: *pos }
                }
                Stmt::Assign { name, value, pos } => Node::Assign { name: name.clone(), value: *value, pos: *pos },
                Stmt::For { var, start, bound, body, pos } => {
                    let body = self.block(body);
                    Node::For { var: var.clone(), start: *start, bound: bound.clone(), body, pos: *pos }
                }
                Stmt::If { cond, then, otherwise, pos } => {
                    let then = self.block(then);
                    let otherwise = self.block(otherwise.as_deref().unwrap_or(&[]));
                    Node::If { cond: cond.clone(), then, otherwise, pos: *pos }
                }
                Stmt::While { cond, body, pos } => {
                    let body = self.block(body);
                    Node::While { cond: cond.clone(), body, pos: *pos }
                }
            };
            self.nodes.push(node);
            let n = self.nodes.len() - 1;
            self.blocks[id].push(n);
        }
        id
    }
}

#[derive(Clone, Debug)]
enum Frame {
    Block {
        block: usize,
        next: usize,
    },
    For {
        node: usize,
        rounds: usize,
    },
    /// `last`: every object's state and every variable at the last test that went round.
    While {
        node: usize,
        last: Option<Box<Snapshot>>,
    },
}

/// What a `while` test can depend on: if it is the same at two tests that both go round, the
/// loop runs the same round forever (conditions read only object states, and the body's
/// effects depend only on them and the variables).
type Snapshot = (Vec<ObjectState>, BTreeMap<String, i64>);

/// A program running on an environment, one step at a time. It owns a copy of the program, so
/// a game can keep it between frames and call [`Machine::step`] at its own pace.
///
/// ```
/// use seedfeast_procgen::puzzle::{parse, interp::{Machine, Step}, world::*};
/// use seedfeast_procgen::puzzle::ast::{CommandKind, Dir};
/// let mut world = World::empty(3, 3);
/// let start = ObjectState { pos: (1, 1), facing: Dir::Up, moving: true, open: false };
/// world.add_object(ObjectSpec { name: "gate1".into(), kind: Kind::Gate, command: CommandKind::Stop, element: None, start, home: start.pos });
/// let program = parse("while (gate1.isMoving == true) { gate1.stop(); }").unwrap();
/// let mut machine = Machine::new(&program, world).unwrap();
/// let mut steps = 0;
/// while let Step::Ran(_) = machine.step() { steps += 1; }
/// assert_eq!(steps, 3); // test, stop, test
/// assert!(!machine.env().states[0].moving);
/// ```
#[derive(Clone, Debug)]
pub struct Machine<E: Env> {
    code: Code,
    env: E,
    stack: Vec<Frame>,
    vars: BTreeMap<String, i64>,
    steps: usize,
    /// The value a variable has before any assignment (`None`: reading it is an error).
    unset: Option<i64>,
    finished: Option<Step>,
}

impl<E: Env> Machine<E> {
    /// Checks `program` against the environment's objects and gets ready to run it.
    pub fn new(program: &Program, env: E) -> Result<Machine<E>, CodeError> {
        check(program, &env)?;
        Ok(Machine::unchecked(program, env))
    }

    /// Runs without [`check`]: for callers that already checked the program.
    pub fn unchecked(program: &Program, env: E) -> Machine<E> {
        Machine {
            code: Code::compile(program),
            env,
            stack: vec![Frame::Block { block: 0, next: 0 }],
            vars: BTreeMap::new(),
            steps: 0,
            unset: None,
            finished: None,
        }
    }

    /// Variables read before any assignment hold `value` instead of stopping the run (the
    /// paper's shorter codes: a removed assignment leaves the default 1).
    pub(crate) fn with_unset_default(mut self, value: i64) -> Self {
        self.unset = Some(value);
        self
    }

    pub fn env(&self) -> &E {
        &self.env
    }

    pub fn env_mut(&mut self) -> &mut E {
        &mut self.env
    }

    pub fn into_env(self) -> E {
        self.env
    }

    /// Back to the first statement with no variables (the caller resets the environment).
    pub fn restart(&mut self) {
        self.stack = vec![Frame::Block { block: 0, next: 0 }];
        self.vars.clear();
        self.steps = 0;
        self.finished = None;
    }

    /// Steps taken so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// Whether the run has finished (done or failed).
    pub fn is_finished(&self) -> bool {
        self.finished.is_some()
    }

    /// The variables and their values now.
    pub fn vars(&self) -> &BTreeMap<String, i64> {
        &self.vars
    }

    /// Runs one statement (a command, an assignment, a loop or `if` test).
    pub fn step(&mut self) -> Step {
        if let Some(done) = &self.finished {
            return done.clone();
        }
        let outcome = self.advance();
        if !matches!(outcome, Step::Ran(_)) {
            self.finished = Some(outcome.clone());
        }
        outcome
    }

    /// Runs to the end; returns the events and the error that stopped it, if any.
    pub fn run(&mut self) -> (Vec<TraceEvent>, Option<CodeError>) {
        let mut trace = Vec::new();
        // Bounded: each Ran counts a step and the cap fails the run past MAX_STEPS.
        loop {
            match self.step() {
                Step::Ran(e) => trace.push(e),
                Step::Done => return (trace, None),
                Step::Failed(error) => return (trace, Some(error)),
            }
        }
    }

    fn event(&mut self, pos: Pos, event: Event) -> Step {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Step::Failed(self.too_long(pos));
        }
        Step::Ran(TraceEvent { pos, event })
    }

    /// The step-cap error, pointing at the innermost loop still running.
    fn too_long(&self, pos: Pos) -> CodeError {
        for frame in self.stack.iter().rev() {
            match frame {
                Frame::While { node, .. } => {
                    return CodeError::new(
                        self.pos_of(*node),
                        format!(
                            "this while loop is still running after {MAX_STEPS} steps: its condition never became false"
                        ),
                    );
                }
                Frame::For { node, .. } => {
                    return CodeError::new(
                        self.pos_of(*node),
                        format!("this for loop is still running after {MAX_STEPS} steps: stopping the program"),
                    );
                }
                Frame::Block { .. } => {}
            }
        }
        CodeError::new(pos, format!("the program ran {MAX_STEPS} steps without finishing"))
    }

    /// At a `while` test that goes round: whether nothing changed since the last one (a loop
    /// that can never end, caught at once rather than at the step cap), remembering this one.
    fn repeats(&mut self) -> bool {
        let now: Snapshot = ((0..self.env.count()).map(|i| self.env.state(i)).collect(), self.vars.clone());
        let Some(Frame::While { last, .. }) = self.stack.last_mut() else { return false };
        let same = last.as_deref() == Some(&now);
        *last = Some(Box::new(now));
        same
    }

    fn pos_of(&self, node: usize) -> Pos {
        match &self.code.nodes[node] {
            Node::Call { pos, .. }
            | Node::Assign { pos, .. }
            | Node::For { pos, .. }
            | Node::If { pos, .. }
            | Node::While { pos, .. } => *pos,
        }
    }

    fn cond(&self, cond: &Cond) -> bool {
        let Some(i) = self.env.find(&cond.object) else { return false };
        let (spec, state) = (self.env.spec(i), self.env.state(i));
        let holds = match cond.attr {
            Attr::IsMoving(v) => state.moving == v,
            Attr::Position(p) => spec.position(&state) == p,
        };
        holds == cond.equal
    }

    fn value(&self, bound: &Bound) -> Result<i64, CodeError> {
        match bound {
            Bound::Int(n) => Ok(*n),
            Bound::Var(name, pos) => match self.vars.get(name).copied().or(self.unset) {
                Some(v) => Ok(v),
                None => Err(CodeError::new(
                    *pos,
                    format!("the variable '{name}' has no value yet: give it one first, like {name} = 3;"),
                )),
            },
        }
    }

    fn advance(&mut self) -> Step {
        // Each pass either returns a step or pops a finished frame, so the loop ends after at
        // most (frames + 1) passes.
        loop {
            let Some(frame) = self.stack.last_mut() else { return Step::Done };
            match frame {
                Frame::Block { block, next } => {
                    let Some(&node) = self.code.blocks[*block].get(*next) else {
                        self.stack.pop();
                        continue;
                    };
                    *next += 1;
                    return self.start(node);
                }
                Frame::For { node, rounds } => {
                    let node = *node;
                    let first = *rounds == 0;
                    *rounds += 1;
                    let Node::For { var, bound, body, pos, .. } = self.code.nodes[node].clone() else {
                        self.stack.pop();
                        continue;
                    };
                    if !first {
                        // Capped so a silly bound can't overflow: the step cap ends it anyway.
                        let v = self.vars.entry(var.clone()).or_insert(0);
                        *v = (*v + 1).min(i64::MAX / 2);
                    }
                    let limit = match self.value(&bound) {
                        Ok(v) => v,
                        Err(e) => return Step::Failed(e),
                    };
                    let value = self.vars.get(&var).copied().unwrap_or(0);
                    let continues = value < limit;
                    if continues {
                        self.stack.push(Frame::Block { block: body, next: 0 });
                    } else {
                        self.stack.pop();
                    }
                    return self.event(pos, Event::For { var, value, bound: limit, continues });
                }
                Frame::While { node, .. } => {
                    let node = *node;
                    let Node::While { cond, body, pos } = &self.code.nodes[node] else {
                        self.stack.pop();
                        continue;
                    };
                    let (body, pos) = (*body, *pos);
                    let continues = self.cond(cond);
                    if continues && self.repeats() {
                        return Step::Failed(CodeError::new(
                            pos,
                            "this while loop goes round without changing anything: its condition never becomes false",
                        ));
                    }
                    if continues {
                        self.stack.push(Frame::Block { block: body, next: 0 });
                    } else {
                        self.stack.pop();
                    }
                    return self.event(pos, Event::While { continues });
                }
            }
        }
    }

    fn start(&mut self, node: usize) -> Step {
        match self.code.nodes[node].clone() {
            Node::Call { object, command, pos } => {
                let Some(i) = self.env.find(&object) else {
                    return Step::Failed(CodeError::new(pos, format!("unknown object '{object}'")));
                };
                let before = self.env.state(i);
                let changed = self.env.apply(i, command);
                let after = self.env.state(i);
                self.event(pos, Event::Command { object, index: i, command, before, after, changed })
            }
            Node::Assign { name, value, pos } => {
                self.vars.insert(name.clone(), value);
                self.event(pos, Event::Assign { name, value })
            }
            Node::For { var, start, pos, .. } => {
                self.vars.insert(var.clone(), start);
                self.stack.push(Frame::For { node, rounds: 0 });
                // The first test happens on the next step, so `i = 0` and `i < n` show apart.
                self.event(pos, Event::Assign { name: var, value: start })
            }
            Node::If { cond, then, otherwise, pos } => {
                let taken = self.cond(&cond);
                self.stack.push(Frame::Block { block: if taken { then } else { otherwise }, next: 0 });
                self.event(pos, Event::If { taken })
            }
            Node::While { .. } => {
                self.stack.push(Frame::While { node, last: None });
                self.advance()
            }
        }
    }
}

/// The `position` an object reports, for callers holding only an environment.
pub fn position_of(env: &dyn Env, object: usize) -> RelPos {
    env.spec(object).position(&env.state(object))
}
