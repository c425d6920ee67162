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
- any of these files gives an example.org address;
- docs/ARCHITECTURE.md cites in code a path, type, function or `Type::Variant` that the code
  doesn't have (scripts/docs_names.py);
- a figure the code knows is stated wrong, the README or a docs page is too long, or a page is
  not in the index (scripts/docs_facts.py says which);
- Cargo.toml sets `homepage` and the README's "Play in your browser" link is not it (or
  `repository` is on GitHub and `homepage` on github.io is not its Pages address);
- with --cli BINARY: a `seedfeast …` example names a command the binary doesn't have, or a
  --flag that command's --help doesn't list (scripts/docs_cli.py; the examples are never run,
  only `--help` is), or the run limits and modes differ from `seedfeast modes --format json`.

Usage:
  scripts/check-docs.py [--root DIR] [--cli PATH_TO_SEEDFEAST]
  scripts/check-docs.py --self-test     # each kind of break fails (scripts/docs_selftest.py)
Exit status: 0 when every check passes, 1 when one fails, 2 for a usage mistake.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import stat
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from docs_cli import CODE_SPAN, check_cli, find_examples  # the `seedfeast …` examples (scripts/docs_cli.py)
from docs_facts import run_fact_checks  # the figures the code knows (scripts/docs_facts.py)
from docs_names import check_names  # the names docs/ARCHITECTURE.md cites (scripts/docs_names.py)

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
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
SHELL_FENCES = {"sh", "bash", "shell", "console", "zsh"}


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
    """No example addresses (README and docs/ sizes are docs_facts.py's)."""
    errors = []
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


def run_checks(root: Path, cli: Path | None) -> tuple[list[str], int]:
    docs = {relative: read_doc(root, relative) for relative in markdown_files(root)}
    errors = check_links(root, docs) + check_paths(root, docs) + check_limits(root, docs) + check_homepage(root, docs)
    errors += run_fact_checks(root, docs, cli) + check_names(root, docs)
    examples = 0
    if cli is not None:
        errors += check_cli(root, docs, cli)
        examples = len(find_examples(root, docs)[0])
    return errors, examples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent, help="the repository")
    parser.add_argument("--cli", type=Path, metavar="SEEDFEAST", help="check every example against this binary's --help")
    parser.add_argument("--self-test", action="store_true", help="check that the checks catch what they should")
    args = parser.parse_args()
    if args.self_test:
        from docs_selftest import self_test  # noqa: PLC0415 (only the self-test needs it)

        return self_test(run_checks, README_COMMANDS)
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
