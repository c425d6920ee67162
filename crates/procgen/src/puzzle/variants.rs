//! The paper's alternative codes, built from the input program:
//!
//! - **same length**: every combination of alternative commands, one choice per command in the
//!   program (4 directions for a `move`, 2 turns for a `rotate`; `open` and `stop` have none),
//!   the input itself excluded;
//! - **shorter**: every combination of at most n − 1 of the program's n commands and
//!   constructs. A removed loop runs its kept body once, a removed `if` runs its kept first
//!   branch (the `else` goes with it), a removed assignment leaves its variable at the default
//!   1 (the interpreter reads unassigned variables as 1 for these codes).
//!
//! Both are bounded: at most [`MAX_VARIANTS`] codes each (all of them for every curriculum
//! program; beyond that the first ones in a fixed order, so results stay reproducible).

#[cfg(test)]
use std::collections::BTreeSet;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, DefaultHasher};

use crate::puzzle::ast::{Command, Dir, Program, Stmt, Turn};
use crate::puzzle::solve::solves;
use crate::puzzle::summary::{end_states, object_specs};
use crate::puzzle::world::World;

/// The most codes of each family tried for one level.
pub const MAX_VARIANTS: usize = 4096;

/// The program with its calls rewritten in source order by `f(call number, command)`.
fn map_calls(program: &Program, f: &mut dyn FnMut(usize, Command) -> Command) -> Program {
    fn go(stmts: &[Stmt], n: &mut usize, f: &mut dyn FnMut(usize, Command) -> Command) -> Vec<Stmt> {
        stmts
            .iter()
            .map(|s| match s {
                Stmt::Call { object, command, pos, command_pos } => {
                    let c = f(*n, *command);
                    *n += 1;
                    Stmt::Call { object: object.clone(), command: c, pos: *pos, command_pos: *command_pos }
                }
                Stmt::Assign { .. } => s.clone(),
                Stmt::For { var, start, bound, body, pos } => {
                    Stmt::For { var: var.clone(), start: *start, bound: bound.clone(), body: go(body, n, f), pos: *pos }
                }
                Stmt::If { cond, then, otherwise, pos } => {
                    let then = go(then, n, f);
                    let otherwise = otherwise.as_ref().map(|o| go(o, n, f));
                    Stmt::If { cond: cond.clone(), then, otherwise, pos: *pos }
                }
                Stmt::While { cond, body, pos } => Stmt::While { cond: cond.clone(), body: go(body, n, f), pos: *pos },
            })
            .collect()
    }
    let mut n = 0;
    Program { stmts: go(&program.stmts, &mut n, f) }
}

/// The commands a call could be swapped for (itself included).
fn options(c: Command) -> Vec<Command> {
    match c {
        Command::Move(_) => Dir::ALL.into_iter().map(Command::Move).collect(),
        Command::Rotate(_) => [Turn::Left, Turn::Right].into_iter().map(Command::Rotate).collect(),
        Command::Open | Command::Stop => vec![c],
    }
}

/// The alternative codes of the same length, the input excluded (at most [`MAX_VARIANTS`]).
///
/// ```
/// use seedfeast_procgen::puzzle::{parse, variants::alternatives};
/// let p = parse("block1.move(\"left\"); statue1.rotate(\"right\"); door1.open();").unwrap();
/// assert_eq!(alternatives(&p).len(), 4 * 2 - 1);
/// ```
pub fn alternatives(program: &Program) -> Vec<Program> {
    let calls: Vec<Command> = program.calls().into_iter().map(|c| c.1).collect();
    let choices: Vec<Vec<Command>> = calls.iter().map(|&c| options(c)).collect();
    let mut out = Vec::new();
    // The all-original combination is skipped.
    combinations(&choices, |combo| {
        if combo != calls {
            out.push(map_calls(program, &mut |i, _| combo[i]));
        }
        out.len() < MAX_VARIANTS
    });
    out
}

/// Every way of taking one item of each list, in a fixed order (an odometer, the first list
/// turning fastest), until `visit` returns false. Nothing when a list is empty.
pub(crate) fn combinations<T: Copy>(lists: &[Vec<T>], mut visit: impl FnMut(&[T]) -> bool) {
    if lists.iter().any(Vec::is_empty) {
        return;
    }
    let mut digits = vec![0usize; lists.len()];
    let mut combo: Vec<T> = lists.iter().map(|l| l[0]).collect();
    loop {
        if !visit(&combo) {
            return;
        }
        // Bounded: each pass turns one digit on; the last combination returns.
        let mut k = 0;
        loop {
            if k == digits.len() {
                return;
            }
            digits[k] += 1;
            if digits[k] < lists[k].len() {
                combo[k] = lists[k][digits[k]];
                break;
            }
            digits[k] = 0;
            combo[k] = lists[k][0];
            k += 1;
        }
    }
}

/// The program keeping only the statements whose number (in [`Program::walk`] order) `keep`
/// accepts, removed constructs leaving their kept insides as described above.
pub fn prune(program: &Program, keep: &dyn Fn(usize) -> bool) -> Program {
    fn go(stmts: &[Stmt], n: &mut usize, keep: &dyn Fn(usize) -> bool) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in stmts {
            let id = *n;
            *n += 1;
            let kept = keep(id);
            match s {
                Stmt::Call { .. } | Stmt::Assign { .. } => {
                    if kept {
                        out.push(s.clone());
                    }
                }
                Stmt::For { var, start, bound, body, pos } => {
                    let body = go(body, n, keep);
                    if kept {
                        out.push(Stmt::For { var: var.clone(), start: *start, bound: bound.clone(), body, pos: *pos });
                    } else {
                        out.extend(body);
                    }
                }
                Stmt::While { cond, body, pos } => {
                    let body = go(body, n, keep);
                    if kept {
                        out.push(Stmt::While { cond: cond.clone(), body, pos: *pos });
                    } else {
                        out.extend(body);
                    }
                }
                Stmt::If { cond, then, otherwise, pos } => {
                    let then = go(then, n, keep);
                    let otherwise = otherwise.as_ref().map(|o| go(o, n, keep));
                    if kept {
                        out.push(Stmt::If { cond: cond.clone(), then, otherwise, pos: *pos });
                    } else {
                        out.extend(then);
                    }
                }
            }
        }
        out
    }
    let mut n = 0;
    Program { stmts: go(&program.stmts, &mut n, keep) }
}

/// The shorter codes: every proper subset of the program's statements, as pruned programs,
/// without repeats (at most [`MAX_VARIANTS`]: for a long program, subsets dropping the fewest
/// statements first).
///
/// ```
/// use seedfeast_procgen::puzzle::{parse, variants::shorter};
/// // A while loop, an if and two commands: 2^4 - 1 = 15 subsets, fewer distinct codes.
/// let p = parse("while (gate1.isMoving == true) { gate1.stop(); } if (gate2.isMoving == true) { gate2.stop(); }").unwrap();
/// let codes = shorter(&p);
/// assert!(codes.iter().any(|c| c.stmts.is_empty()));
/// assert!(codes.len() <= 15);
/// ```
pub fn shorter(program: &Program) -> Vec<Program> {
    let n = program.size();
    // Membership only (the output keeps its own fixed order). Fixed hash keys: no OS
    // randomness, the same on every platform, the browser included.
    let mut seen: HashSet<Program, BuildHasherDefault<DefaultHasher>> = HashSet::default();
    let mut out = Vec::new();
    let mut push = |p: Program, out: &mut Vec<Program>| {
        if !seen.contains(&p) {
            seen.insert(p.clone());
            out.push(p);
        }
    };
    if n <= 12 {
        // All 2^n − 1 proper subsets: a bit set means kept. Largest subsets first: they are
        // the likeliest to solve, and callers stop at the first that does.
        let full = (1u32 << n) - 1;
        for mask in (0..full).rev() {
            push(prune(program, &|i| mask & (1 << i) != 0), &mut out);
        }
        return out;
    }
    // Long programs: drop 1, then 2, then 3 statements … until the cap (on codes made, so
    // that many repeats can't make it slow either).
    let mut made = 0;
    for drop in 1..=n {
        let mut idx: Vec<usize> = (0..drop).collect();
        loop {
            push(prune(program, &|i| !idx.contains(&i)), &mut out);
            made += 1;
            if out.len() >= MAX_VARIANTS || made >= 4 * MAX_VARIANTS {
                return out;
            }
            // Next combination of `drop` indices out of n.
            let Some(k) = (0..drop).rev().find(|&k| idx[k] < n - drop + k) else { break };
            idx[k] += 1;
            for j in k + 1..drop {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }
    out
}

/// Whether some shorter code leaves every object exactly as the program does (on the map-free
/// model): such a code solves every level the program solves, so no level can avoid it (an
/// `if` whose condition always holds, a `while` that runs once). `--no-shorter` doesn't retry
/// for those.
/// `codes` are the program's [`shorter`] codes (made once by the caller).
pub(crate) fn shorter_unavoidable(program: &Program, codes: &[Program]) -> bool {
    let Ok(specs) = object_specs(program) else { return false };
    let Some(goal) = end_states(program, &specs, None) else { return false };
    codes.iter().any(|p| end_states(p, &specs, Some(1)).as_ref() == Some(&goal))
}

/// Whether some alternative code of the same length solves the world.
pub fn alternative_solves(world: &World, program: &Program) -> bool {
    alternatives(program).iter().any(|p| solves(world, p, None))
}

/// Whether some shorter code solves the world.
pub fn shorter_solves(world: &World, program: &Program) -> bool {
    any_solves(world, &shorter(program), Some(1))
}

/// Whether one of `codes` solves the world (unassigned variables read as `unset`).
pub(crate) fn any_solves(world: &World, codes: &[Program], unset: Option<i64>) -> bool {
    codes.iter().any(|p| solves(world, p, unset))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse;

    #[test]
    fn pruning_follows_the_paper() {
        let p = parse("n = 3; for (i = 0; i < n; i++) { block1.move(\"up\"); } if (gate1.isMoving == true) { gate1.stop(); } else { door1.open(); }").unwrap();
        // Statements: 0 n=3, 1 for, 2 move, 3 if, 4 stop, 5 open.
        let without_for = prune(&p, &|i| i != 1);
        assert_eq!(
            without_for.to_source(),
            "n = 3;\nblock1.move(\"up\");\nif (gate1.isMoving == true) {\n    gate1.stop();\n} else {\n    door1.open();\n}\n"
        );
        let without_if = prune(&p, &|i| i != 3);
        assert!(without_if.to_source().ends_with("gate1.stop();\n"), "{}", without_if.to_source());
        let without_assign = prune(&p, &|i| i != 0);
        assert!(without_assign.to_source().starts_with("for (i = 0; i < n; i++)"));
        assert_eq!(shorter(&p).len(), shorter(&p).iter().map(|c| c.to_source()).collect::<BTreeSet<_>>().len());
    }

    #[test]
    fn alternatives_cover_every_combination() {
        let p = parse("for (i = 0; i < 2; i++) { block1.move(\"up\"); } statue1.rotate(\"left\");").unwrap();
        let alts = alternatives(&p);
        assert_eq!(alts.len(), 7);
        assert!(alts.iter().all(|a| a.size() == p.size() && *a != p));
        let distinct: BTreeSet<String> = alts.iter().map(|a| a.to_source()).collect();
        assert_eq!(distinct.len(), 7);
    }

    #[test]
    fn long_programs_are_capped() {
        let code: String = (0..20).map(|i| format!("block1.move(\"{}\");", ["up", "left"][i % 2])).collect();
        let p = parse(&code).unwrap();
        assert!(shorter(&p).len() <= MAX_VARIANTS);
        assert_eq!(alternatives(&p).len(), MAX_VARIANTS);
    }
}
