//! The checker the interpreter runs first: a program may only name objects the level has, give
//! each the one type of command it takes, and read `isMoving` only on objects that stop().

use crate::puzzle::ast::{Attr, CodeError, CommandKind, Pos, Program, Stmt};
use crate::puzzle::interp::Env;

/// Refuses a program that names an object the level lacks, gives an object a command of a type
/// it doesn't take, or reads an attribute the object doesn't have.
///
/// ```
/// use seedfeast_procgen::puzzle::{parse, interp::check, world::*};
/// use seedfeast_procgen::puzzle::ast::{CommandKind, Dir};
/// let mut world = World::empty(3, 3);
/// let start = ObjectState { pos: (1, 1), facing: Dir::Up, moving: false, open: false };
/// world.add_object(ObjectSpec { name: "door1".into(), kind: Kind::Door, command: CommandKind::Open, element: None, start, home: start.pos });
/// let error = check(&parse("door1.move(\"up\");").unwrap(), &world).unwrap_err();
/// assert_eq!(error.to_string(), "1:7: door1 takes open(), not move(…)");
/// let error = check(&parse("dor1.open();").unwrap(), &world).unwrap_err();
/// assert_eq!(error.to_string(), "1:1: unknown object 'dor1': this level has door1");
/// ```
pub fn check(program: &Program, env: &dyn Env) -> Result<(), CodeError> {
    for stmt in program.walk() {
        match stmt {
            Stmt::Call { object, command, pos, command_pos } => {
                let spec = env.spec(lookup(env, object, *pos)?);
                if spec.command != command.kind() {
                    return Err(CodeError::new(
                        *command_pos,
                        format!("{object} takes {}, not {}", spec.command.shown(), command.kind().shown()),
                    ));
                }
            }
            Stmt::If { cond, .. } | Stmt::While { cond, .. } => {
                let spec = env.spec(lookup(env, &cond.object, cond.pos)?);
                if matches!(cond.attr, Attr::IsMoving(_)) && spec.command != CommandKind::Stop {
                    return Err(CodeError::new(
                        cond.pos,
                        format!("{} has no isMoving: only objects that stop() move on their own", cond.object),
                    ));
                }
            }
            Stmt::Assign { .. } | Stmt::For { .. } => {}
        }
    }
    Ok(())
}

fn lookup(env: &dyn Env, name: &str, pos: Pos) -> Result<usize, CodeError> {
    env.find(name).ok_or_else(|| {
        let names: Vec<&str> = (0..env.count()).map(|i| env.spec(i).name.as_str()).collect();
        let known = match names.as_slice() {
            [] => "this level has no objects".to_string(),
            [one] => format!("this level has {one}"),
            [rest @ .., last] => format!("this level has {} and {last}", rest.join(", ")),
        };
        CodeError::new(pos, format!("unknown object '{name}': {known}"))
    })
}
