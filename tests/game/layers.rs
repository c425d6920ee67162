//! The game's layers, read from its source: the core never names a mode, a mode never names
//! another, only the app's assembly and command line read the table of modes, and no two modules
//! import each other (directly or round a longer loop).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module a file belongs to: `ui` for `src/ui/menu.rs`, `modes/maze` for
/// `src/modes/maze/spawn.rs`, `modes` for `src/modes/mod.rs`.
fn module_of(relative: &Path) -> String {
    let parts: Vec<String> = relative.with_extension("").iter().map(|p| p.to_string_lossy().into_owned()).collect();
    match parts.as_slice() {
        [modes, mode, ..] if modes == "modes" && mode != "mod" => format!("modes/{mode}"),
        [first, ..] => first.clone(),
        [] => String::new(),
    }
}

/// The file without its `#[cfg(test)]` items: a test module's imports are not the module's.
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let (brace, semi) = (after.find('{'), after.find(';'));
        let end = match (brace, semi) {
            (Some(b), Some(s)) if s < b => s + 1,
            (Some(b), _) => {
                let mut depth = 0;
                let mut end = after.len();
                for (i, c) in after[b..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = b + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (None, Some(s)) => s + 1,
            (None, None) => after.len(),
        };
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Every module a file names with a `crate::` path (including grouped `use crate::{a, b}`).
fn imports(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut add = |path: &str| {
        let mut segments = path.split("::").map(str::trim);
        let Some(first) = segments.next().filter(|s| !s.is_empty()) else { return };
        let first: String = first.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if first == "modes" {
            let second: String =
                segments.next().unwrap_or("").chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let is_mode = !second.is_empty() && second.chars().next().is_some_and(|c| c.is_lowercase());
            found.insert(if is_mode && second != "by_key" && second != "table" {
                format!("modes/{second}")
            } else {
                "modes".into()
            });
        } else if !first.is_empty() {
            found.insert(first);
        }
    };
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                add(part);
            }
        } else {
            add(rest);
        }
    }
    found
}

fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

/// Module → the modules it imports.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = module_of(file.strip_prefix(&src).unwrap());
        let text = without_tests(&std::fs::read_to_string(&file).unwrap());
        let entry = edges.entry(module.clone()).or_default();
        entry.extend(imports(&text).into_iter().filter(|m| *m != module));
    }
    edges
}

/// Modules allowed to name the table of modes or a mode: the app's assembly and its shells.
const SHELL: [&str; 3] = ["lib", "main", "cli"];

#[test]
fn the_core_never_names_a_mode_and_modes_never_name_each_other() {
    let edges = graph();
    assert!(edges.contains_key("modes/runner") && edges.contains_key("run"), "{:?}", edges.keys());
    for (module, imported) in &edges {
        let is_mode = module.starts_with("modes/");
        for target in imported {
            let names_modes = target == "modes" || target.starts_with("modes/");
            if !names_modes {
                continue;
            }
            let allowed = SHELL.contains(&module.as_str())
                || module == "modes"
                // A mode names itself through `crate::modes::<itself>` paths.
                || (is_mode && target == module);
            assert!(allowed, "{module} imports {target}: only the app's shell names modes, and a mode only itself");
        }
    }
}

#[test]
fn no_two_modules_import_each_other() {
    let edges = graph();
    // Depth-first search for a back edge, reporting the loop it closes.
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|p| p == next).unwrap();
                    let mut cycle = path[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, edges, state, path) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0
            && let Some(cycle) = visit(node, &edges, &mut state, &mut Vec::new())
        {
            panic!("import cycle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_checks_see_what_they_look_for() {
    assert_eq!(module_of(Path::new("ui/menu.rs")), "ui");
    assert_eq!(module_of(Path::new("modes/maze/spawn.rs")), "modes/maze");
    assert_eq!(module_of(Path::new("modes/mod.rs")), "modes");
    let found = imports("use crate::{data::GameData, modes::runner::MODE};\nlet x = crate::modes::MODES;");
    assert_eq!(found, ["data", "modes", "modes/runner"].map(String::from).into_iter().collect());
    assert_eq!(without_tests("a\n#[cfg(test)]\nmod tests { use crate::modes::x; }\nb"), "a\n\nb");
}
