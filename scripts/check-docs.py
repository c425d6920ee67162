#!/usr/bin/env python3
"""Checks that the docs stay true (Python 3.11, standard library only).

Reads README.md, CONTRIBUTING.md, CHANGELOG.md and docs/**/*.md (and PLAYING.txt for command
examples) and fails, saying where, when:

- a relative link or image points at a file that doesn't exist, or its #anchor is not a heading
  of the target file (GitHub's heading slugs); links to the forge's own pages (releases,
  deployments, issues) are allowed by FORGE_PAGES below, and only when they climb exactly to the
  repository's root;
- a repository path the docs name in code (`scripts/…`, `crates/…`, `src/…`, …) doesn't exist,
  or the README stops naming the two commands (scripts/setup.sh, scripts/test.sh), which must
  exist and be executable;
- the README grows past README_MAX_LINES, or any of these files gives an example.org address;
- Cargo.toml sets `homepage` and the README's "Play in your browser" link is not it (or
  `repository` is on GitHub and `homepage` on github.io is not its Pages address);
- with --cli BINARY: a `seedfeast …` example names a command the binary doesn't have, or a
  --flag that command's --help doesn't list. The examples are never run; only `--help` is.

Usage:
  scripts/check-docs.py [--root DIR] [--cli PATH_TO_SEEDFEAST]
  scripts/check-docs.py --self-test     # shows the checks fail on a broken link, anchor and flag
Exit status: 0 when every check passes, 1 when one fails, 2 for a usage mistake.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shlex
import stat
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

README_MAX_LINES = 150

# The commands the README must name, and which must exist and be executable.
README_COMMANDS = ("scripts/setup.sh", "scripts/test.sh")

# Links to the forge's own pages, which exist only where the repository is hosted, not in the
# tree: the releases page, the GitHub Pages deployment (where the release workflow publishes the
# web build) and the issue chooser. On the forge a file is shown at OWNER/REPO/blob/BRANCH/PATH,
# so such a link must climb exactly (folders of PATH + 2) levels to reach OWNER/REPO/; a link that
# climbs more or less is reported like any broken link.
FORGE_PAGES = re.compile(r"^(releases|releases/latest|deployments/github-pages|issues|issues/new/choose)$")

# Top-level folders whose paths, named in the docs' code, must exist.
TREE_ROOTS = ("scripts", "crates", "src", "tests", "docs", "assets", "benches", "fuzz", "web", ".github", ".ci")
TREE_PATH = re.compile(r"(?<![\w./~$-])((?:%s)/[\w./*-]*)" % "|".join(re.escape(r) for r in TREE_ROOTS))

# Addresses that are examples, never real ones.
EXAMPLE_ADDRESS = re.compile(r"\bexample\.(?:org|com|net)\b")

LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
HTML_REF = re.compile(r"<(?:img|a|source)\b[^>]*?\b(?:src|href|srcset)=\"([^\"]+)\"", re.I)
HTML_ANCHOR = re.compile(r"<a\b[^>]*\b(?:id|name)=\"([^\"]+)\"", re.I)
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
SHELL_FENCES = {"sh", "bash", "shell", "console", "zsh"}
SHELL_STOP = ("|", ">", "<", "&", ";", "2>")


@dataclass
class Doc:
    """One markdown file, split the way the checks need it."""

    path: Path  # relative to the root
    lines: list[str]
    # (line number, text) of each paragraph outside code fences, comments removed, lines joined.
    paragraphs: list[tuple[int, str]] = field(default_factory=list)
    # (line number, text, fence info) of each line inside a code fence.
    code_lines: list[tuple[int, str, str]] = field(default_factory=list)
    headings: list[str] = field(default_factory=list)
    anchors: set[str] = field(default_factory=set)


def slug_of(heading: str) -> str:
    """GitHub's anchor for a heading: the rendered text, lower-cased, without punctuation, spaces as
    hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("`", "").replace("*", "")
    text = "".join(ch for ch in text.lower() if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def read_doc(root: Path, relative: Path) -> Doc:
    text = (root / relative).read_text(encoding="utf-8")
    lines = text.split("\n")
    doc = Doc(relative, lines)
    fence: str | None = None
    info = ""
    in_comment = False
    paragraph: list[str] = []
    start = 0
    seen: dict[str, int] = {}

    def flush() -> None:
        nonlocal paragraph
        if paragraph:
            doc.paragraphs.append((start, " ".join(paragraph)))
        paragraph = []

    for number, line in enumerate(lines, 1):
        if fence is not None:
            if re.match(r"^\s{0,3}" + re.escape(fence[0]) + "{%d,}\\s*$" % len(fence), line):
                fence = None
            else:
                doc.code_lines.append((number, line, info))
            continue
        # HTML comments (possibly over several lines) are not rendered: nothing in them is checked.
        visible = ""
        rest = line
        while rest:
            if in_comment:
                end = rest.find("-->")
                if end < 0:
                    rest = ""
                else:
                    rest = rest[end + 3 :]
                    in_comment = False
            else:
                begin = rest.find("<!--")
                if begin < 0:
                    visible += rest
                    rest = ""
                else:
                    visible += rest[:begin]
                    rest = rest[begin + 4 :]
                    in_comment = True
        opened = FENCE.match(visible)
        if opened:
            flush()
            fence, info = opened.group(1), opened.group(2).lower()
            continue
        heading = HEADING.match(visible)
        if heading:
            flush()
            slug = slug_of(heading.group(2))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            doc.headings.append(heading.group(2))
            doc.anchors.add(slug if count == 0 else f"{slug}-{count}")
            doc.paragraphs.append((number, heading.group(2)))
            continue
        for anchor in HTML_ANCHOR.findall(visible):
            doc.anchors.add(anchor)
        if not visible.strip():
            flush()
            continue
        if not paragraph:
            start = number
        paragraph.append(visible.strip())
    flush()
    return doc


def markdown_files(root: Path) -> list[Path]:
    names = [Path(name) for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md") if (root / name).is_file()]
    docs = sorted(p.relative_to(root) for p in (root / "docs").rglob("*.md")) if (root / "docs").is_dir() else []
    return names + docs


# ----------------------------------------------------------------------------------------------
# Links and images


def check_link(root: Path, doc: Doc, docs: dict[Path, Doc], line: int, target: str) -> str | None:
    """Why a link's target does not resolve, or None."""
    where = f"{doc.path}:{line}"
    if not target or SCHEME.match(target) or target.startswith("//"):
        return None  # an address on the web: not checked here
    path_part, _, anchor = target.partition("#")
    path_part = path_part.split("?", 1)[0]
    if not path_part:
        if anchor and anchor not in doc.anchors:
            return f"{where}: #{anchor} is not a heading of {doc.path}"
        return None
    folder = doc.path.parent
    joined = os.path.normpath(os.path.join(str(folder), path_part))
    if joined == ".." or joined.startswith(".." + os.sep):
        # Outside the tree: only the forge's own pages, reached from the repository's root.
        climbs = 0
        rest = path_part
        while rest.startswith("../"):
            climbs += 1
            rest = rest[3:]
        rest = rest.rstrip("/")
        needed = len(folder.parts) + 2
        if not FORGE_PAGES.match(rest):
            return f"{where}: {target} leads out of the repository (only the forge's pages may: FORGE_PAGES)"
        if climbs != needed:
            return (
                f"{where}: {target} climbs {climbs} level(s); from {folder.as_posix() or 'the top'} the "
                f"forge's repository root is {needed} up ({'../' * needed}{rest})"
            )
        return None
    resolved = root / joined
    if not resolved.exists():
        return f"{where}: {target}: no such file ({joined})"
    if anchor:
        if resolved.suffix != ".md":
            return f"{where}: {target}: an anchor into a file that is not markdown"
        target_doc = docs.get(Path(joined)) or read_doc(root, Path(joined))
        if anchor not in target_doc.anchors:
            return f"{where}: {target}: #{anchor} is not a heading of {joined}"
    return None


def check_links(root: Path, docs: dict[Path, Doc]) -> list[str]:
    errors = []
    for doc in docs.values():
        for line, text in doc.paragraphs:
            prose = CODE_SPAN.sub("", text)
            targets = [m.group(2) for m in LINK.finditer(prose)]
            # An image inside a link's text: [![alt](picture)](target).
            for m in LINK.finditer(prose):
                targets += [inner.group(2) for inner in LINK.finditer(m.group(1))]
            targets += REFERENCE_DEF.findall(prose) + HTML_REF.findall(prose)
            for target in targets:
                problem = check_link(root, doc, docs, line, target)
                if problem:
                    errors.append(problem)
    return errors


# ----------------------------------------------------------------------------------------------
# Paths and commands the docs name


def path_exists(root: Path, path: str) -> bool:
    if any(ch in path for ch in "*?["):
        return bool(glob.glob(str(root / path), recursive=True))
    return (root / path).exists()


def named_paths(doc: Doc) -> list[tuple[int, str]]:
    """Repository paths in the doc's inline code, and the commands that start its shell lines."""
    found = []
    for line, text in doc.paragraphs:
        for span in CODE_SPAN.finditer(text):
            found += [(line, m.group(1)) for m in TREE_PATH.finditer(span.group(2))]
    for line, text, info in doc.code_lines:
        if info in SHELL_FENCES:
            words = text.split()
            while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
                words = words[1:]
            if words and TREE_PATH.fullmatch(words[0]):
                found.append((line, words[0]))
    cleaned = []
    for line, path in found:
        path = path.rstrip(".,:;")
        if path.endswith("/") and len(path) > 1:
            path = path.rstrip("/")
        cleaned.append((line, path))
    return cleaned


def check_paths(root: Path, docs: dict[Path, Doc]) -> list[str]:
    errors = []
    for doc in docs.values():
        for line, path in named_paths(doc):
            if not path_exists(root, path):
                errors.append(f"{doc.path}:{line}: `{path}` does not exist")
    readme = docs.get(Path("README.md"))
    if readme is None:
        return errors + ["README.md is missing"]
    text = "\n".join(readme.lines)
    for command in README_COMMANDS:
        if command not in text:
            errors.append(f"README.md does not name {command} (one of the two commands to build and test)")
        file = root / command
        if not file.is_file():
            errors.append(f"README.md names {command}, which does not exist")
        elif not file.stat().st_mode & stat.S_IXUSR:
            errors.append(f"{command} is not executable")
    return errors


def check_limits(root: Path, docs: dict[Path, Doc]) -> list[str]:
    errors = []
    readme = docs.get(Path("README.md"))
    if readme is not None:
        count = len(readme.lines) - (1 if readme.lines and readme.lines[-1] == "" else 0)
        if count > README_MAX_LINES:
            errors.append(
                f"README.md has {count} lines, more than {README_MAX_LINES}: it is for players; move depth to docs/"
            )
    files = [doc.path for doc in docs.values()] + ([Path("PLAYING.txt")] if (root / "PLAYING.txt").is_file() else [])
    for relative in files:
        for number, line in enumerate((root / relative).read_text(encoding="utf-8").split("\n"), 1):
            if EXAMPLE_ADDRESS.search(line):
                errors.append(f"{relative}:{number}: an example address ({EXAMPLE_ADDRESS.search(line).group(0)}), not a real one")
    return errors


def check_homepage(root: Path, docs: dict[Path, Doc]) -> list[str]:
    """The web build's address is set once, in Cargo.toml: the README's play link must be it."""
    cargo = root / "Cargo.toml"
    readme = docs.get(Path("README.md"))
    if readme is None:
        return []
    manifest = tomllib.loads(cargo.read_text(encoding="utf-8")) if cargo.is_file() else {}
    package = {**manifest.get("workspace", {}).get("package", {}), **manifest.get("package", {})}
    homepage = package.get("homepage")
    repository = package.get("repository")
    homepage = homepage if isinstance(homepage, str) else None
    repository = repository if isinstance(repository, str) else None
    errors = []
    play = [
        m.group(2)
        for _, text in readme.paragraphs
        for m in LINK.finditer(CODE_SPAN.sub("", text))
        if "play in your browser" in m.group(1).lower()
    ]
    if not play:
        errors.append("README.md has no 'Play in your browser' link")
    if homepage and play and play[0] != homepage:
        errors.append(f"README.md's 'Play in your browser' link is {play[0]}, but Cargo.toml's homepage is {homepage}")
    github = re.match(r"^https://github\.com/([^/]+)/([^/]+?)(?:\.git)?/?$", repository or "")
    if github and homepage and ".github.io" in homepage:
        pages = f"https://{github.group(1).lower()}.github.io/{github.group(2)}/"
        if homepage.rstrip("/").lower() != pages.rstrip("/").lower():
            errors.append(f"Cargo.toml's homepage {homepage} is not the Pages address of {repository} ({pages})")
    return errors


# ----------------------------------------------------------------------------------------------
# Command-line examples


@dataclass
class Example:
    where: str
    words: list[str]  # the arguments after `seedfeast`


def example_words(text: str) -> list[str] | None:
    """The arguments after `seedfeast` when `text` is a command running it, or None."""
    words = shlex.split(text, comments=True)
    while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
        words = words[1:]  # environment assignments
    if not words:
        return None
    first = words[0]
    if first.lstrip("$") == "" and len(words) > 1:
        words = words[1:]
        first = words[0]
    if re.fullmatch(r"(?:\./)?seedfeast(?:\.exe)?", first):
        args = words[1:]
    elif first == "scripts/play.sh" and len(words) > 1:
        args = words[1:]
    elif first == "cargo" and len(words) > 2 and words[1] == "run" and "--" in words:
        options = words[2 : words.index("--")]
        if any(o in ("-p", "--package", "--bin", "--example", "--manifest-path") for o in options):
            return None
        args = words[words.index("--") + 1 :]
    else:
        return None
    cut = []
    for word in args:
        if word.startswith(SHELL_STOP) or word in ("&&", "||"):
            break
        cut.append(word)
    return cut


def find_examples(root: Path, docs: dict[Path, Doc]) -> tuple[list[Example], list[str]]:
    examples: list[Example] = []
    errors: list[str] = []
    starts = re.compile(r"^\s*(?:\$\s+)?(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*(?:\./)?(?:seedfeast|cargo run|scripts/play\.sh)\b")

    def consider(where: str, text: str) -> None:
        if not starts.match(text):
            return
        try:
            words = example_words(text)
        except ValueError as error:
            errors.append(f"{where}: can't read the command `{text.strip()}`: {error}")
            return
        if words is not None:
            examples.append(Example(where, words))

    for doc in docs.values():
        for line, text, _info in doc.code_lines:
            consider(f"{doc.path}:{line}", text)
        for line, text in doc.paragraphs:
            for span in CODE_SPAN.finditer(text):
                consider(f"{doc.path}:{line}", span.group(2))
    playing = root / "PLAYING.txt"
    if playing.is_file():
        for number, line in enumerate(playing.read_text(encoding="utf-8").split("\n"), 1):
            stripped = line.strip()
            if stripped.startswith("./seedfeast"):
                consider(f"PLAYING.txt:{number}", re.split(r"\s{3,}", stripped)[0])
            for span in CODE_SPAN.finditer(line):
                consider(f"PLAYING.txt:{number}", span.group(2))
    return examples, errors


class Cli:
    """The binary's --help texts, asked for once per command."""

    def __init__(self, binary: Path):
        self.binary = binary
        self.helps: dict[tuple[str, ...], str] = {}

    def help(self, path: tuple[str, ...]) -> str:
        if path not in self.helps:
            run = subprocess.run(
                [str(self.binary), *path, "--help"], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
            )
            if run.returncode != 0:
                raise RuntimeError(
                    f"`seedfeast {' '.join(path + ('--help',))}` exited {run.returncode}: {run.stderr.strip()[:300]}"
                )
            self.helps[path] = run.stdout
        return self.helps[path]


def help_commands(text: str) -> list[str]:
    """The subcommands a clap --help lists under "Commands:" (two spaces in, then the name)."""
    names = []
    in_commands = False
    for line in text.split("\n"):
        if re.match(r"^(Sub)?[Cc]ommands:\s*$", line):
            in_commands = True
            continue
        if in_commands:
            if not line.strip() or not line.startswith(" "):
                in_commands = False
                continue
            m = re.match(r"^ {2}([A-Za-z0-9][\w-]*)(?:,\s*[\w-]+)*(?:\s{2,}|$)", line)
            if m:
                names.append(m.group(1))
    return [n for n in names if n != "help"]


def help_flags(text: str) -> tuple[set[str], set[str]]:
    """The flags a --help lists as options (lines starting with a flag, not mentions in prose), and
    those of them that take a value."""
    flags: set[str] = set()
    valued: set[str] = set()
    for line in text.split("\n"):
        m = re.match(r"^\s{2,}(-[a-zA-Z])(?:,\s+(--[a-zA-Z0-9][\w-]*))?(.*)$", line) or re.match(
            r"^\s{2,}()(--[a-zA-Z0-9][\w-]*)(.*)$", line
        )
        if not m:
            continue
        short, long, rest = m.group(1), m.group(2), m.group(3)
        takes_value = bool(re.match(r"^(?:[ =]<|\s\[<|=\[)", rest))
        for flag in (short, long):
            if flag:
                flags.add(flag)
                if takes_value:
                    valued.add(flag)
    return flags, valued


def check_example(cli: Cli, example: Example) -> list[str]:
    path: tuple[str, ...] = ()
    text = cli.help(path)
    commands = help_commands(text)
    flags, valued = help_flags(text)
    errors = []
    words = iter(example.words)
    shown = shlex.join(["seedfeast", *example.words])
    for word in words:
        if word == "--" or word in ("…", "...") or word.endswith("…"):
            break  # the rest is elided ("seedfeast gen …"): nothing more to check
        if word.startswith("-") and len(word) > 1:
            flag = word.split("=", 1)[0]
            if flag not in flags:
                command = " ".join(("seedfeast",) + path)
                errors.append(f"{example.where}: `{shown}`: `{command}` has no {flag} (see `{command} --help`)")
            elif flag in valued and "=" not in word:
                next(words, None)  # the flag's value
            continue
        if commands:
            if word in commands:
                path += (word,)
                text = cli.help(path)
                commands = help_commands(text)
                flags, valued = help_flags(text)
            else:
                command = " ".join(("seedfeast",) + path)
                errors.append(
                    f"{example.where}: `{shown}`: `{command}` has no command {word!r} (it has: {', '.join(commands)})"
                )
                break
        # Otherwise a positional argument (a mode, a seed, text): not checked.
    return errors


def check_cli(root: Path, docs: dict[Path, Doc], binary: Path) -> list[str]:
    if not binary.is_file() or not os.access(binary, os.X_OK):
        return [
            f"--cli {binary}: no executable there. `cargo test` (scripts/test.sh's tests step) builds the "
            "debug binary; or run `cargo build -p seedfeast` and pass $CARGO_TARGET_DIR/debug/seedfeast"
        ]
    examples, errors = find_examples(root, docs)
    if not examples:
        errors.append("no `seedfeast …` examples found in the docs: the search for them is broken")
    cli = Cli(binary)
    for example in examples:
        try:
            errors += check_example(cli, example)
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as error:
            errors.append(f"{example.where}: {error}")
    return errors


# ----------------------------------------------------------------------------------------------


def run_checks(root: Path, cli: Path | None) -> tuple[list[str], int]:
    docs = {relative: read_doc(root, relative) for relative in markdown_files(root)}
    errors = check_links(root, docs) + check_paths(root, docs) + check_limits(root, docs) + check_homepage(root, docs)
    examples = 0
    if cli is not None:
        errors += check_cli(root, docs, cli)
        examples = len(find_examples(root, docs)[0])
    return errors, examples


FAKE_CLI = '''#!%s
# A stand-in for the game binary: clap-like --help texts for a few commands.
import sys
args = [a for a in sys.argv[1:] if a != "--help"]
helps = {
    (): "Usage: seedfeast [COMMAND]\\n\\nCommands:\\n  play  Play\\n  gen   Generate\\n  lab   Lab\\n  help  Print help\\n\\nOptions:\\n  -h, --help     Print help\\n  -V, --version  Print version\\n",
    ("play",): "Usage: seedfeast play [OPTIONS]\\n\\nOptions:\\n      --seed <SEED>\\n      --mode <MODE>  [default: runner]\\n      --ghost <GHOST>\\n  -h, --help\\n",
    ("gen",): "Usage: seedfeast gen [OPTIONS] --seed <SEED> <MODE>\\n\\nArguments:\\n  <MODE>  A mode\\n\\nOptions:\\n      --seed <SEED>\\n      --chunks <CHUNKS>\\n      --format <FORMAT>\\n  -h, --help\\n",
    ("lab",): "Usage: seedfeast lab <COMMAND>\\n\\nCommands:\\n  sweep  Sweep\\n  help   Print help\\n\\nOptions:\\n  -h, --help\\n",
    ("lab", "sweep"): "Usage: seedfeast lab sweep [OPTIONS] --mode <MODE>\\n\\nOptions:\\n      --mode <MODE>\\n      --seeds <SEEDS>\\n  -h, --help\\n",
}
if tuple(args) not in helps:
    sys.stderr.write("error: unrecognized subcommand\\n")
    sys.exit(2)
print(helps[tuple(args)])
'''

GOOD_README = """# Game

![A picture](docs/screens/shot.png)

**[Play in your browser](../../deployments/github-pages)** · [Download](../../releases/latest)

<!-- A comment naming docs/not-there.gif is not checked. -->

## Build

```sh
scripts/setup.sh
scripts/test.sh
seedfeast gen runner --seed "pizza party" --chunks 3 --format ascii   # a comment --bogus
SEEDFEAST_BOT=1 seedfeast play --mode maze --seed 7
seedfeast lab sweep --mode all --seeds 10 > out.txt
```

See [the guide](docs/guide.md#two-words), [the top](#build), `scripts/setup.sh`,
`seedfeast play --ghost CODE` and `seedfeast …`.
"""

GOOD_GUIDE = """# Guide

## Two words

Back to the [README](../README.md#build), the [releases](../../../releases) and `docs/guide.md`.
"""


def self_test() -> int:
    """Builds a small tree that passes, then breaks it one way at a time: each break must fail."""
    failures = []
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        (root / "docs" / "screens").mkdir(parents=True)
        (root / "scripts").mkdir()
        (root / "docs" / "screens" / "shot.png").write_bytes(b"png")
        for script in README_COMMANDS:
            (root / script).write_text("#!/bin/sh\n")
            (root / script).chmod(0o755)
        binary = root / "seedfeast"
        binary.write_text(FAKE_CLI % sys.executable)
        binary.chmod(0o755)

        def write(readme: str, guide: str = GOOD_GUIDE) -> None:
            (root / "README.md").write_text(readme)
            (root / "docs" / "guide.md").write_text(guide)

        write(GOOD_README)
        errors, examples = run_checks(root, binary)
        if errors:
            failures.append(f"the good tree failed: {errors}")
        if examples != 5:
            failures.append(f"the good tree has 5 examples, found {examples}")

        breaks = [
            ("a link to a missing file", GOOD_README.replace("docs/guide.md#", "docs/gone.md#"), GOOD_GUIDE, "no such file"),
            ("a missing image", GOOD_README.replace("shot.png", "lost.png"), GOOD_GUIDE, "no such file"),
            ("a broken anchor", GOOD_README.replace("#two-words", "#three-words"), GOOD_GUIDE, "is not a heading"),
            ("a broken anchor in the same file", GOOD_README.replace("(#build)", "(#built)"), GOOD_GUIDE, "is not a heading"),
            (
                "a forge link climbing too little",
                GOOD_README,
                GOOD_GUIDE.replace("../../../releases", "../../releases"),
                "climbs 2 level(s)",
            ),
            ("a link out of the tree", GOOD_README.replace("../../releases/latest", "../../secrets"), GOOD_GUIDE, "leads out"),
            ("a named path that is gone", GOOD_README.replace("`scripts/setup.sh`", "`scripts/gone.sh`"), GOOD_GUIDE, "does not exist"),
            ("an unknown flag", GOOD_README.replace("--chunks 3", "--chunkz 3"), GOOD_GUIDE, "has no --chunkz"),
            ("an unknown flag in prose", GOOD_README.replace("play --ghost CODE", "play --host CODE"), GOOD_GUIDE, "has no --host"),
            ("an unknown command", GOOD_README.replace("lab sweep", "lab swept"), GOOD_GUIDE, "has no command 'swept'"),
            ("an example address", GOOD_README + "\nhttps://example.org/game\n", GOOD_GUIDE, "example address"),
            ("a README past its limit", GOOD_README + "\n" * README_MAX_LINES, GOOD_GUIDE, "more than"),
            ("no play link", GOOD_README.replace("Play in your browser", "Play"), GOOD_GUIDE, "no 'Play in your browser'"),
        ]
        for name, readme, guide, expected in breaks:
            write(readme, guide)
            errors, _ = run_checks(root, binary)
            if not any(expected in error for error in errors):
                failures.append(f"{name}: expected an error containing {expected!r}, got {errors}")
            else:
                print(f"check-docs self-test: {name} fails as it should: {next(e for e in errors if expected in e)}")

        write(GOOD_README)
        (root / "Cargo.toml").write_text(
            '[package]\nname = "game"\nrepository = "https://github.com/Someone/game"\nhomepage = "https://someone.github.io/game/"\n'
        )
        errors, _ = run_checks(root, None)
        if not any("'Play in your browser' link is" in e for e in errors):
            failures.append(f"a homepage the play link doesn't use: expected an error, got {errors}")
        write(GOOD_README.replace("../../deployments/github-pages", "https://someone.github.io/game/"))
        errors, _ = run_checks(root, None)
        if errors:
            failures.append(f"a play link equal to the homepage failed: {errors}")
        (root / "Cargo.toml").write_text(
            '[package]\nname = "game"\nrepository = "https://github.com/Someone/game"\nhomepage = "https://other.github.io/game/"\n'
        )
        errors, _ = run_checks(root, None)
        if not any("is not the Pages address" in e for e in errors):
            failures.append(f"a homepage off the repository: expected an error, got {errors}")
        (root / "Cargo.toml").unlink()

        errors, _ = run_checks(root, root / "no-such-binary")
        if not any("no executable there" in e for e in errors):
            failures.append(f"a missing binary: expected a clear error, got {errors}")

    if failures:
        for failure in failures:
            print(f"check-docs self-test FAILED: {failure}", file=sys.stderr)
        return 1
    print("check-docs self-test: every break was caught, and the good tree passed")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent, help="the repository")
    parser.add_argument("--cli", type=Path, metavar="SEEDFEAST", help="check every example against this binary's --help")
    parser.add_argument("--self-test", action="store_true", help="check that the checks catch what they should")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    errors, examples = run_checks(args.root.resolve(), args.cli)
    files = len(markdown_files(args.root.resolve()))
    if errors:
        for error in errors:
            print(f"check-docs: {error}", file=sys.stderr)
        print(f"check-docs: {len(errors)} problem(s) in {files} files", file=sys.stderr)
        return 1
    extra = f", {examples} command examples parse against {args.cli}" if args.cli else ""
    print(f"check-docs: {files} files: links, anchors, paths and commands are true{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
