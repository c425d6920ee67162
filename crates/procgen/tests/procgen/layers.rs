//! procgen's layers, read from its source (as the game's `tests/game/layers.rs` reads the game's):
//! shared leaves, then the modes, then the registry on top; no two modules import each other;
//! and no file of procgen, the lab, the fuzz targets or the game (`src/`) names a mode outside
//! that mode's own folders and the registries (the list of file → mode names, made from the registry's keys, is
//! empty but for the allowlist below).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use seedfeast_procgen::generator::GENERATORS;
use seedfeast_procgen::modes::MODES;

/// The registry and what sits on it: they name every mode by design (one line per mode each).
const REGISTRY: [&str; 5] = [
    // The crate root declares each mode's module.
    "lib",
    // The generators, one line each.
    "generator",
    // The modes' rows, one line each.
    "modes",
    // Every mode's part of the data, one field each.
    "dataset",
    // The shipped data files' text, which procgen's own tests read (the game finds the files
    // through `data_files()`).
    "assets",
];

/// Modules above the registry: they may read it, and nothing below may read them.
const ABOVE: [&str; 2] = ["digest", "replay"];

/// Files outside a mode's folder and the registry that name modes, which ones, and why that is
/// right: input data, or a tool only that mode has.
const ALLOWED: &[(&str, &[&str], &str)] = &[
    (
        "procgen/src/generate/request.rs",
        &["dungeon"],
        "`Opt::Dungeon` (`--dungeon`): a Request is still the union of every generator's options, \
         which the command line's flags mirror, until each generator's options are held in a map",
    ),
    (
        "src/cli/mod.rs",
        &["puzzle"],
        "`seedfeast puzzle`, the tools only the Code puzzle has (its language's evaluation, a program \
         run on a level file)",
    ),
    ("src/cli/level.rs", &["dungeon"], "`--dungeon` of `gen` and `explain`, as request.rs's `Opt::Dungeon`"),
    ("src/cli/puzzle.rs", &["puzzle"], "`seedfeast puzzle`: the tools only the Code puzzle has"),
    ("lab/src/range.rs", &["puzzle"], "`lab range --program`: the Code puzzle's range for one program"),
    ("fuzz/src/lib.rs", &["puzzle"], "the fuzz target of the Code puzzle's language is named after it"),
    ("fuzz/src/puzzle.rs", &["puzzle"], "the fuzz target of the Code puzzle's language"),
    ("fuzz/src/seed_paste.rs", &["maze"], "input data: a link as people paste it, `?mode=maze&seed=…`"),
    (
        "fuzz/src/save/structured.rs",
        &["arena", "dungeon", "food-tunnel", "maze", "puzzle", "runner", "tunnel"],
        "input data: the pool of save-key texts the fuzzer mixes, with the near-key `food_tunnel`",
    ),
];

fn crate_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name).join("src")
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

/// The top-level module a file belongs to: `runner` for `runner/level.rs`, `modes` for
/// `modes.rs`, `lib` for `lib.rs`.
fn module_of(relative: &Path) -> String {
    let first = relative.iter().next().map(|p| p.to_string_lossy().into_owned()).unwrap_or_default();
    first.strip_suffix(".rs").unwrap_or(&first).to_string()
}

/// One piece of code: an identifier or a string literal's text.
#[derive(Debug, PartialEq)]
enum Token {
    Ident(String),
    Str(String),
}

/// The identifiers and string literals of Rust source, without its comments. A small lexer:
/// enough to tell `"https://…"` from a comment and `'a'` from a lifetime.
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (at(i + 1) == '"' || (at(i + 1) == '#' && (at(i + 2) == '"' || at(i + 2) == '#'))) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1;
            let start = j;
            let closing: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            while j < chars.len() && !chars[j..].iter().collect::<String>().starts_with(&closing) {
                j += 1;
            }
            out.push(Token::Str(chars[start..j.min(chars.len())].iter().collect()));
            i = j + closing.len();
        } else if c == '"' {
            let mut j = i + 1;
            let mut text = String::new();
            while j < chars.len() && chars[j] != '"' {
                if chars[j] == '\\' {
                    j += 1;
                }
                text.push(at(j));
                j += 1;
            }
            out.push(Token::Str(text));
            i = j + 1;
        } else if c == '\'' {
            // A char literal ('a', '\n', '\''), or a lifetime ('static), whose quote is skipped.
            if at(i + 1) == '\\' {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else {
            i += 1;
        }
    }
    out
}

/// The file without its `#[cfg(test)]` items: a test may use any mode as its example.
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

/// The lower-case words of an identifier (`FOOD_TUNNEL`, `RunnerChunks`, `maze_digest`) or of
/// a string's text (`"food-tunnel"`).
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in text.chars() {
        if !c.is_alphanumeric() {
            words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    words.extend((!word.is_empty()).then_some(word));
    words
}

/// Whether `words` holds the words of `key` (`food-tunnel`: `food` then `tunnel`) in a row.
fn names(words: &[String], key: &str) -> bool {
    let key: Vec<&str> = key.split('-').collect();
    words.windows(key.len()).any(|w| w.iter().zip(&key).all(|(a, b)| a == b))
}

/// The mode keys a source text names in its code (identifiers and strings, not comments or tests).
fn mode_names(text: &str) -> BTreeSet<&'static str> {
    let mut found = BTreeSet::new();
    for token in tokens(&without_tests(text)) {
        let (Token::Ident(text) | Token::Str(text)) = token;
        let words = words(&text);
        found.extend(MODES.iter().map(|m| m.key).filter(|key| names(&words, key)));
    }
    found
}

/// The keys of the modes a procgen module makes, if it is a mode's folder (the folder of a
/// generator: `tunnel` makes `tunnel` and `food-tunnel`).
fn own_keys(module: &str) -> Option<BTreeSet<&'static str>> {
    GENERATORS
        .iter()
        .any(|g| g.key() == module)
        .then(|| MODES.iter().filter(|m| m.generator == module).map(|m| m.key).collect())
}

/// `crate::X` module → the modules it imports, for procgen (tests and comments left out).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = crate_dir("procgen");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let module = module_of(file.strip_prefix(&src).unwrap());
        let text = without_tests(&std::fs::read_to_string(&file).unwrap());
        let entry = edges.entry(module.clone()).or_default();
        // `crate::a::…` or `crate::{a, b::c}`: the first name after each `crate::` and after each
        // comma of a group that follows one (comments dropped, as `module-cycles.py` drops them).
        let text_no_comments: String =
            text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
        for (at, _) in text_no_comments.match_indices("crate::") {
            let rest = &text_no_comments[at + "crate::".len()..];
            let heads: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => {
                    let mut depth = 0;
                    let mut parts = Vec::new();
                    let mut start = 0;
                    for (i, c) in group.char_indices() {
                        match c {
                            '{' => depth += 1,
                            '}' if depth == 0 => {
                                parts.push(&group[start..i]);
                                break;
                            }
                            '}' => depth -= 1,
                            ',' if depth == 0 => {
                                parts.push(&group[start..i]);
                                start = i + 1;
                            }
                            _ => {}
                        }
                    }
                    parts
                }
                None => vec![rest],
            };
            for head in heads {
                let name: String = head.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                // Items re-exported at the crate root (`crate::Seed`) live in a leaf.
                if !name.is_empty() && name.starts_with(|c: char| c.is_lowercase()) && name != module {
                    entry.insert(name);
                }
            }
        }
    }
    edges
}

#[test]
fn leaves_name_no_mode_modes_name_no_other_and_only_the_registry_reads_the_modes() {
    let edges = graph();
    assert!(edges.contains_key("runner") && edges.contains_key("generate"), "{:?}", edges.keys());
    let upper = |m: &str| REGISTRY.contains(&m) || ABOVE.contains(&m);
    let mut wrong = Vec::new();
    for (module, imported) in &edges {
        for target in imported {
            let allowed = if ABOVE.contains(&module.as_str()) {
                true
            } else if REGISTRY.contains(&module.as_str()) {
                // The registry reads leaves and modes, never what sits on it.
                !ABOVE.contains(&target.as_str())
            } else {
                // A leaf, and a mode, read leaves only.
                own_keys(target).is_none() && !upper(target)
            };
            if !allowed {
                wrong.push(format!("{module} imports {target}"));
            }
        }
    }
    assert!(wrong.is_empty(), "layers broken: {wrong:#?}");
}

#[test]
fn no_two_modules_import_each_other() {
    let edges = graph();
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

/// Every file of procgen, the lab, the fuzz targets and the game (`src/`) outside a mode's folder
/// and the registries, with each mode it names.
fn stray_mode_names() -> Vec<(String, &'static str)> {
    let mut stray = Vec::new();
    for krate in ["procgen", "lab", "fuzz", "game"] {
        let src =
            if krate == "game" { Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src") } else { crate_dir(krate) };
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        files.sort();
        for file in files {
            let relative = file.strip_prefix(&src).unwrap();
            let module = module_of(relative);
            if krate == "game" {
                // The game's registry is its table of modes; a mode's folder is `modes/<generator>/`.
                let mut parts = relative.iter().map(|p| p.to_string_lossy());
                let (first, second) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
                let is_test = file.file_name().is_some_and(|n| n == "tests.rs");
                if is_test || first == "modes" && (second == "mod.rs" || GENERATORS.iter().any(|g| g.key() == second)) {
                    continue;
                }
                for key in mode_names(&std::fs::read_to_string(&file).unwrap()) {
                    stray.push((format!("src/{}", relative.display()), key));
                }
                continue;
            }
            // The registry names every mode; a mode's folder is the mode's own (that it imports
            // no other mode is the layers test's business: `puzzle` and `maze` are words of the
            // dungeon's rooms and the puzzle's paths too); a `tests.rs` is a test module.
            let is_mode = krate == "procgen" && own_keys(&module).is_some();
            let is_registry = krate == "procgen" && REGISTRY.contains(&module.as_str());
            if is_mode || is_registry || file.file_name().is_some_and(|n| n == "tests.rs") {
                continue;
            }
            let shown = format!("{krate}/src/{}", relative.display());
            for key in mode_names(&std::fs::read_to_string(&file).unwrap()) {
                stray.push((shown.clone(), key));
            }
        }
    }
    stray
}

#[test]
fn no_file_outside_a_modes_folder_and_the_registry_names_a_mode() {
    let stray: Vec<(String, &str)> = stray_mode_names()
        .into_iter()
        .filter(|(file, key)| !ALLOWED.iter().any(|(f, keys, _)| f == file && keys.contains(key)))
        .collect();
    assert!(stray.is_empty(), "files that name a mode outside its folder and the registry: {stray:#?}");
    // Every allowance is still needed.
    let all = stray_mode_names();
    for (file, keys, _) in ALLOWED {
        for key in *keys {
            assert!(
                all.iter().any(|(f, k)| f == file && k == key),
                "{file} no longer names {key}: drop it from ALLOWED"
            );
        }
    }
}

#[test]
fn the_checks_see_what_they_look_for() {
    assert_eq!(module_of(Path::new("runner/level.rs")), "runner");
    assert_eq!(module_of(Path::new("modes.rs")), "modes");
    assert_eq!(words("FOOD_TUNNEL RunnerChunks maze_digest"), ["food", "tunnel", "runner", "chunks", "maze", "digest"]);
    let found = mode_names(
        "// the runner's jump\nuse crate::maze::X;\nlet url = \"https://x/?mode=food-tunnel\"; fn f<'a>(c: char) -> bool { c == '\"' }\nlet s = \"arena\";\n#[cfg(test)]\nmod tests { use crate::puzzle; }",
    );
    assert_eq!(found, ["arena", "food-tunnel", "maze", "tunnel"].into_iter().collect());
    assert_eq!(own_keys("tunnel"), Some(["food-tunnel", "tunnel"].into_iter().collect()));
    assert_eq!(own_keys("physics"), None);
    assert!(!names(&words("tunnels"), "tunnel") && names(&words("TunnelGen"), "tunnel"));
}

/// No source file holds more than 500 lines, its `#[cfg(test)]` items and `tests.rs` files left
/// out (issue #27: one concern a file; bevy_new_2d's largest is 177).
#[test]
fn no_source_file_is_over_500_lines() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../src"), &mut files);
    for krate in ["procgen", "save", "music", "lab", "fuzz", "board", "peer-bench", "web-floor"] {
        rust_files(&crate_dir(krate), &mut files);
    }
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/fuzz_targets"), &mut files);
    assert!(files.len() > 300, "the walk should see every crate's sources: {}", files.len());
    let long: Vec<String> = files
        .iter()
        .filter(|file| file.file_name().is_none_or(|n| n != "tests.rs"))
        .filter_map(|file| {
            let lines = without_tests(&std::fs::read_to_string(file).unwrap()).lines().count();
            (lines > 500).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over 500 lines: {long:#?}");
}
