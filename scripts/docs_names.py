"""Names the code knows, checked where docs/ARCHITECTURE.md cites them (imported by
scripts/check-docs.py).

The architecture page is a map of the code: a file moved or a function renamed leaves it pointing
at nothing. In its inline code (`…`), outside code fences, every

- relative path (`rng.rs`, `puzzle/chip_pad.rs`, `seed/`) must be a file or folder of the tree,
  from its root or as the tail of a path under src/, crates/, tests/, fuzz/ or benches/ (paths
  from the tree's top folders, `src/…`, are check-docs.py's own check);
- name (`GameData`, `data_files()`, `data_set!`, `Generate<D>`) must occur in the code: the
  .rs files and Cargo.toml manifests there, comments left out;
- path of names (`Gameplay::Place`, `replay::ghost::add_visuals`, and any such path inside a
  longer snippet) must have each step inside the one before it: `Type::Item` inside the body of
  an `enum`, `struct`, `trait` or `impl` of `Type` in the code, and `module::item` inside that
  module's files (`module.rs`, `module/…`). A type or module the code doesn't declare (Bevy's,
  rapier's) only needs its names to occur.

Write a placeholder in angle brackets (`Mode(&<mode>::MODE)`), which is never checked.

And the page must name every module src/lib.rs declares (`run`, `src/run.rs` or `run::…`) and
every crate under crates/ (`crates/save`), so a new one can't go unmapped.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

NAMED_PAGES = ("docs/ARCHITECTURE.md",)
CODE_ROOTS = ("src", "crates", "tests", "fuzz", "benches")
SKIPPED_DIRS = {"target", ".git", "node_modules", "corpus"}
SPAN = re.compile(r"(`+)(.+?)\1")
WORD = re.compile(r"[A-Za-z_]\w*")
# A span that is a path of the tree: words, dots and dashes between slashes, a folder or a file.
REL_PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)*/?")
# A span that is one name: a path of identifiers, maybe generic, called or a macro.
WHOLE_NAME = re.compile(r"(?P<name>[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)(?:::)?(?:<[^`]*>)?!?(?:\(.*\))?")
# A path of names anywhere in a span (after removing <placeholders> and generics).
NAME_PATH = re.compile(r"(?<![\w:])[A-Za-z_]\w*(?:::[A-Za-z_]\w*)+(?![\w:])")
BRACE = re.compile(r"[{}]")
PLACEHOLDER = re.compile(r"<[^<>]*>")
# What the reader skips in a Rust file: raw strings, chars, strings, block and line comments.
LEXEMES = re.compile(r'r(#*)".*?"\1|b?\'(?:\\.|[^\'\\\n])\'|"(?:\\.|[^"\\])*"|/\*.*?\*/|//[^\n]*', re.S)
PATH_PREFIXES = {"crate", "self", "super"}
# Paths from these folders are check-docs.py's (TREE_PATH there).
TREE_TOPS = ("scripts/", "crates/", "src/", "tests/", "docs/", "assets/", "benches/", "fuzz/", "web/", ".github/", ".ci/")


@dataclass
class Code:
    """The workspace's Rust as the check reads it."""

    files: list[str] = field(default_factory=list)  # paths relative to the root, with "/"
    text: dict[str, str] = field(default_factory=dict)  # comments removed, strings kept
    bare: dict[str, str] = field(default_factory=dict)  # comments and strings blanked, for braces
    words: set[str] = field(default_factory=set)
    tails: set[str] = field(default_factory=set)  # every tail of every file and folder path

    def module_files(self, module: str) -> list[str]:
        """The .rs files of every module so named: `module.rs` and everything under `module/`."""
        return [f for f in self.text if f.endswith(".rs") and (Path(f).stem == module or module in f.split("/")[:-1])]

    def bodies(self, name: str) -> list[str] | None:
        """The bodies of `name`'s enum, struct, trait and impl blocks; None when the code declares no
        such type (or declares it as an alias, whose items can't be told)."""
        word = re.escape(name)
        head = re.compile(r"\b(?:(?:enum|struct|trait|union)\s+%s\b|impl\b[^{;]*?\b%s\b)[^{;]*\{" % (word, word))
        found = []
        for file, bare in self.bare.items():
            if name not in bare:
                continue
            if re.search(r"\btype\s+%s\b" % word, bare):
                return None
            for match in head.finditer(bare):
                depth = 1
                for brace in BRACE.finditer(bare, match.end()):
                    depth += 1 if brace.group(0) == "{" else -1
                    if not depth:
                        found.append(self.text[file][match.end() : brace.start()])
                        break
        return found or None


def blank(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def read_code(root: Path) -> Code:
    code = Code()
    for top in CODE_ROOTS:
        for folder, dirs, names in os.walk(root / top):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
            parts = Path(folder).relative_to(root).parts
            code.tails.update("/".join(parts[i:]) + "/" for i in range(len(parts)))
            for name in names:
                whole = (*parts, name)
                code.tails.update("/".join(whole[i:]) for i in range(len(whole)))
                if name.endswith(".rs") or name == "Cargo.toml":
                    code.files.append("/".join(whole))
    if (root / "Cargo.toml").is_file():
        code.files.append("Cargo.toml")
    for file in code.files:
        raw = (root / file).read_text(encoding="utf-8", errors="replace")
        if file.endswith(".toml"):
            code.text[file] = re.sub(r"#[^\n]*", "", raw)
            code.bare[file] = ""
        else:
            # Comments blanked (same length, so `bare` lines up with `text`); strings kept in `text`,
            # where a name may be a key, and blanked in `bare`, where braces are counted.
            code.text[file] = LEXEMES.sub(lambda m: m.group(0) if m.group(0)[0] in "rb'\"" else blank(m.group(0)), raw)
            code.bare[file] = LEXEMES.sub(lambda m: blank(m.group(0)), raw)
        code.words.update(WORD.findall(code.text[file]))
    return code


# ----------------------------------------------------------------------------------------------
# The check


def path_problem(code: Code, root: Path, path: str) -> str | None:
    if (root / path).exists() or path in code.tails:
        return None
    return f"`{path}` is no file or folder of the tree (from its root, or the end of a path under {', '.join(CODE_ROOTS)})"


def name_path_problem(code: Code, name: str) -> str | None:
    """Why a path of names (`Type::Item`, `module::item`) is not in the code, or None."""
    steps = name.split("::")
    while steps and (steps[0] in PATH_PREFIXES or steps[0].startswith("seedfeast_")):
        steps = steps[1:]
    missing = [step for step in steps if step not in code.words and not (step.islower() and code.module_files(step))]
    if missing:
        return f"`{name}`: {', '.join(f'`{m}`' for m in missing)} occurs nowhere in the code"
    for outer, inner in zip(steps, steps[1:]):
        inside = re.compile(r"\b%s\b" % re.escape(inner))
        if outer[0].isupper():
            bodies = code.bodies(outer)
            if bodies is not None and not any(inside.search(body) for body in bodies):
                return f"`{name}`: `{inner}` is in no enum, struct, trait or impl of `{outer}`"
        else:
            files = code.module_files(outer)
            if files and not any(inside.search(code.text[file]) for file in files):
                return f"`{name}`: `{inner}` is in no file of the module `{outer}` ({outer}.rs, {outer}/)"
    return None


def span_problems(code: Code, root: Path, span: str) -> list[str]:
    """What in one inline-code span is not in the tree or the code."""
    span = span.strip()
    if span.startswith(TREE_TOPS):
        return []  # check-docs.py checks paths from the tree's top folders
    if REL_PATH.fullmatch(span) and span[0].isalnum() and re.search(r"/$|\.[a-z]+$", span):
        problem = path_problem(code, root, span)
        return [problem] if problem else []
    unplaced = PLACEHOLDER.sub("", PLACEHOLDER.sub("", span))
    problems = []
    whole = WHOLE_NAME.fullmatch(span)
    if whole and "::" not in whole.group("name") and whole.group("name") not in code.words:
        problems.append(f"`{whole.group('name')}` occurs nowhere in the code")
    for name in NAME_PATH.findall(unplaced):
        problem = name_path_problem(code, name)
        if problem:
            problems.append(problem)
    return problems


def unnamed_parts(root: Path, spans: set[str]) -> list[str]:
    """The game's top-level modules and the workspace's crates that no span names."""
    lib = root / "src" / "lib.rs"
    modules = re.findall(r"^\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s+(\w+)\s*;", lib.read_text(encoding="utf-8"), re.M) if lib.is_file() else []
    crates = sorted(p.parent.name for p in (root / "crates").glob("*/Cargo.toml"))
    missing = [
        f"the module `{m}` (src/lib.rs)"
        for m in modules
        if not any(span == m or span.startswith((f"src/{m}.rs", f"src/{m}/", f"{m}::")) for span in spans)
    ]
    return missing + [f"the crate `crates/{c}`" for c in crates if not any(span.rstrip("/") == f"crates/{c}" for span in spans)]


def check_names(root: Path, docs: dict) -> list[str]:
    """Every path and name docs/ARCHITECTURE.md cites in inline code is in the tree and the code,
    and it names every module of the game and every crate."""
    pages = [docs[Path(page)] for page in NAMED_PAGES if Path(page) in docs]
    if not pages:
        return []
    code = read_code(root)
    errors = []
    for doc in pages:
        spans = set()
        for line, text in doc.paragraphs:
            for span in SPAN.finditer(text):
                spans.add(span.group(2).strip())
                errors += [f"{doc.path}:{line}: {problem}" for problem in span_problems(code, root, span.group(2))]
        errors += [f"{doc.path} never names {part}: say in a line what it is for" for part in unnamed_parts(root, spans)]
    return errors


# ----------------------------------------------------------------------------------------------
# The self-test's part (check-docs.py --self-test): a tree whose page cites only what its code has

GOOD_RUST = """//! The run.

/// The fixed step's sets. (A comment naming dress_everything is not code.)
pub enum Gameplay {
    Input,
    Place,
}

impl Gameplay {
    pub fn first() -> Gameplay {
        Gameplay::Input
    }
}

pub fn start_run() {
    let _ = "{"; // a brace in a string doesn't end the body above
}
"""

GOOD_ARCH = """# Architecture

`start_run` (in `run.rs`, `src/run.rs`, as `run::start_run()`) starts a run; each step runs
`Gameplay::Input`, then `Gameplay::Place`; `Gameplay::first()` is `crate::run::Gameplay::Input`,
and `<mode>::MODE` is a placeholder. The lab is `crates/lab`.
"""


def prepare_name_tree(root: Path) -> None:
    (root / "src").mkdir(parents=True, exist_ok=True)
    (root / "src" / "run.rs").write_text(GOOD_RUST)
    (root / "src" / "other.rs").write_text("pub fn elsewhere() {}\n")
    (root / "docs" / "ARCHITECTURE.md").write_text(GOOD_ARCH)


# (what is broken, the page's change, what the error must say[, other files' texts])
NAME_BREAKS = [
    ("a module the page never names", lambda a: a, "never names the module `hidden`", {"src/lib.rs": "pub mod hidden;\npub mod run;\n"}),
    ("a crate the page never names", lambda a: a, "never names the crate `crates/extra`", {"crates/extra/Cargo.toml": "[package]\n"}),
    ("a function the code doesn't have", lambda a: a.replace("`start_run`", "`begin_run`"), "`begin_run` occurs nowhere"),
    ("a name only a comment has", lambda a: a + "\n`dress_everything` dresses it.\n", "`dress_everything` occurs nowhere"),
    ("a variant outside its enum", lambda a: a.replace("`Gameplay::Place`", "`Gameplay::start_run`"), "is in no enum, struct, trait or impl of `Gameplay`"),
    ("an item outside its module", lambda a: a.replace("run::start_run()", "run::elsewhere()"), "`elsewhere` is in no file of the module `run`"),
    ("a relative path that is gone", lambda a: a.replace("`run.rs`", "`runs.rs`"), "`runs.rs` is no file or folder"),
]
