"""Figures the code knows, checked where the docs state them (imported by scripts/check-docs.py).

A figure written by hand drifts the day the code changes; these checks make a stale one fail CI,
saying where it is and what the code says instead:

- the browser bundle's size budget: any figure of a million or more in a sentence that says
  "budget" must be one of `budget_raw` and `budget_gzip` in scripts/bundle-size.sh;
- the layer tables (CONTRIBUTING.md, docs/ARCHITECTURE.md): a table row naming workspace crates
  by path (`crates/save`, `fuzz/`, `src/` for the game) must list, in its "depend" column,
  exactly the workspace crates those manifests depend on, and "no Bevy" only where none does;
- links to the forge's release pages while CHANGELOG.md has no tagged version: until then they
  lead to empty pages, so the README must say how to play instead (docs/releasing.md);
- the size of the docs: the README at most README_MAX_LINES lines and README_MAX_WORDS words, a
  docs/ page at most PAGE_MAX_WORDS, docs/ in all at most DOCS_MAX_WORDS;
- with the game binary (`seedfeast modes --format json`): the run limits (README.md and
  PLAYING.txt must say them as `run_limit_sentence` writes them, and any "at most N minutes"
  elsewhere must be one of them), the README's table of modes (every mode, in the game's order)
  and any list of the links' `mode` keys.
"""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from collections import Counter
from pathlib import Path

README_MAX_LINES = 100
README_MAX_WORDS = 800
PAGE_MAX_WORDS = 3_000
DOCS_MAX_WORDS = 25_000

# The workspace crates a layer table may name, by the part after "seedfeast-".
CRATE_WORDS = re.compile(r"\b(procgen|save|music|lab|fuzz|board)\b")
LAYER_PATH = re.compile(r"`((?:crates/[\w-]+|fuzz|src|\.)/?)`")
FIGURE = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])|(?<![\d.,])\d{7,}(?![\d,])")
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
AT_MOST_MINUTES = re.compile(r"\bat most (\w+) minutes?\b", re.I)
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30}
MODE_KEYS_LIST = re.compile(r"`mode` is ((?:`[\w-]+`(?:,\s*|\s+or\s+|,\s+or\s+)?)+)")


def words_in(text: str) -> int:
    return len(text.split())


def texts(root: Path, docs: dict) -> list[tuple[str, int, str]]:
    """(file, line, paragraph) for every markdown paragraph and every PLAYING.txt paragraph."""
    found = [(str(doc.path), line, text) for doc in docs.values() for line, text in doc.paragraphs]
    playing = root / "PLAYING.txt"
    if playing.is_file():
        start, lines = 1, []
        for number, line in enumerate(playing.read_text(encoding="utf-8").split("\n") + [""], 1):
            if line.strip():
                if not lines:
                    start = number
                lines.append(line.strip())
            elif lines:
                found.append(("PLAYING.txt", start, " ".join(lines)))
                lines = []
    return found


# ----------------------------------------------------------------------------------------------
# Sizes


def check_index(root: Path, docs: dict) -> list[str]:
    """Every docs/ page is linked from the index, docs/README.md."""
    index = docs.get(Path("docs/README.md"))
    if index is None:
        return []
    linked = {target.split("#")[0] for _, text in index.paragraphs for target in re.findall(r"\]\(([^)\s]+)\)", text)}
    return [
        f"{relative}: not in the index (docs/README.md): link it there"
        for relative in docs
        if relative.parts[0] == "docs" and relative.name != "README.md" and relative.relative_to("docs").as_posix() not in linked
    ]


def check_sizes(root: Path, docs: dict) -> list[str]:
    errors = []
    readme = root / "README.md"
    if readme.is_file():
        text = readme.read_text(encoding="utf-8")
        lines = len(text.rstrip("\n").split("\n"))
        if lines > README_MAX_LINES:
            errors.append(f"README.md has {lines} lines, more than {README_MAX_LINES}: it is for players; move depth to docs/")
        if words_in(text) > README_MAX_WORDS:
            errors.append(f"README.md has {words_in(text)} words, more than {README_MAX_WORDS}: a two-minute read")
    total = 0
    for relative in docs:
        if relative.parts[0] != "docs":
            continue
        count = words_in((root / relative).read_text(encoding="utf-8"))
        total += count
        if count > PAGE_MAX_WORDS:
            errors.append(f"{relative} has {count} words, more than {PAGE_MAX_WORDS}: split it or say it shorter")
    if total > DOCS_MAX_WORDS:
        errors.append(f"docs/ has {total} words in all, more than {DOCS_MAX_WORDS}: a reference, not a diary")
    return errors


# ----------------------------------------------------------------------------------------------
# Release links before the first release

RELEASE_LINK = re.compile(r"\]\(\s*<?((?:\.\./)+(?:releases(?:/latest)?|deployments/github-pages))\b")
TAGGED = re.compile(r"^## \[\d+\.\d+\.\d+[^\]]*\]", re.M)


def check_release_links(root: Path) -> list[str]:
    changelog, readme = root / "CHANGELOG.md", root / "README.md"
    if not changelog.is_file() or not readme.is_file() or TAGGED.search(changelog.read_text(encoding="utf-8")):
        return []
    return [
        f"README.md:{number}: {link} is empty until a version is tagged (CHANGELOG.md has none): say how to "
        "play instead, and switch the link on with the first release (docs/releasing.md)"
        for number, line in enumerate(readme.read_text(encoding="utf-8").split("\n"), 1)
        for link in RELEASE_LINK.findall(line)
    ]


# ----------------------------------------------------------------------------------------------
# The bundle budget


def bundle_budget(root: Path) -> dict[str, int] | None:
    script = root / "scripts" / "bundle-size.sh"
    if not script.is_file():
        return None
    found = dict(re.findall(r"^(budget_raw|budget_gzip)=(\d+)\s*$", script.read_text(encoding="utf-8"), re.M))
    return {name: int(value) for name, value in found.items()} if len(found) == 2 else None


def check_budget(root: Path, docs: dict) -> list[str]:
    budget = bundle_budget(root)
    if budget is None:
        return []
    allowed = set(budget.values())
    said = f"{budget['budget_raw']:,} raw, {budget['budget_gzip']:,} gzipped"
    errors = []
    for file, line, paragraph in texts(root, docs):
        for sentence in SENTENCE_END.split(paragraph):
            if "budget" not in sentence.lower():
                continue
            for figure in FIGURE.findall(sentence):
                value = int(figure.replace(",", ""))
                if value >= 1_000_000 and value not in allowed:
                    errors.append(
                        f"{file}:{line}: the budget figure {figure} is not scripts/bundle-size.sh's ({said}); "
                        "say measured sizes in a sentence of their own"
                    )
    return errors


# ----------------------------------------------------------------------------------------------
# Layer tables


def workspace_dependencies(root: Path, folder: str) -> tuple[str, set[str], bool] | None:
    """A manifest's own name and the workspace crates it depends on outside its tests (by the word
    after "seedfeast-"), and whether it depends on Bevy; None when there is no such manifest."""
    manifest = root / ("Cargo.toml" if folder.rstrip("/") in ("src", ".") else Path(folder) / "Cargo.toml")
    if not manifest.is_file():
        return None
    parsed = tomllib.loads(manifest.read_text(encoding="utf-8"))
    tables = [parsed.get("dependencies", {}), parsed.get("build-dependencies", {})]
    tables += [target.get("dependencies", {}) for target in parsed.get("target", {}).values()]
    names = {name for table in tables for name in table}
    ours = {name.removeprefix("seedfeast-") for name in names if name.startswith("seedfeast-")}
    own = parsed.get("package", {}).get("name", "").removeprefix("seedfeast-")
    return own, ours, any(name == "bevy" or name.startswith("bevy_") for name in names)


def table_rows(doc) -> list[tuple[int, list[str], list[str]]]:
    """(line, header cells, row cells) of every markdown table row outside code."""
    rows, header = [], None
    in_code = {number for number, _text, _info in doc.code_lines}
    for number, line in enumerate(doc.lines, 1):
        if number in in_code or not line.lstrip().startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
            rows.append((number, header, cells))
    return rows


def check_layers(root: Path, docs: dict) -> list[str]:
    errors = []
    for doc in docs.values():
        for line, header, cells in table_rows(doc):
            column = next((i for i, name in enumerate(header) if "depend" in name.lower()), None)
            folders = LAYER_PATH.findall(cells[0]) if cells else []
            if column is None or column >= len(cells) or not folders:
                continue
            found = [workspace_dependencies(root, folder) for folder in folders]
            if any(f is None for f in found):
                continue  # a path check elsewhere reports a folder that is not there
            own = {name for name, _, _ in found}
            real = set().union(*(deps for _, deps, _ in found)) - own
            bevy = any(uses for _, _, uses in found)
            cell = cells[column]
            said = set(CRATE_WORDS.findall(re.sub(r"\bno Bevy\b", "", cell)))
            where = f"{doc.path}:{line}"
            if said != real:
                errors.append(
                    f"{where}: the layer table says {', '.join(folders)} depend(s) on "
                    f"{', '.join(sorted(said)) or 'nothing'}; their Cargo.toml say {', '.join(sorted(real)) or 'nothing'}"
                )
            if "no bevy" in cell.lower() and bevy:
                errors.append(f"{where}: the layer table says {', '.join(folders)} use(s) no Bevy, but Cargo.toml names it")
    return errors


# ----------------------------------------------------------------------------------------------
# What the game binary knows: its modes and their run limits


def game_modes(binary: Path) -> list[dict]:
    run = subprocess.run(
        [str(binary), "modes", "--format", "json"], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    if run.returncode != 0:
        raise RuntimeError(f"`seedfeast modes --format json` exited {run.returncode}: {run.stderr.strip()[:300]}")
    modes = json.loads(run.stdout)
    if not modes or not all({"key", "name", "longest_run_seconds"} <= set(mode) for mode in modes):
        raise RuntimeError("`seedfeast modes --format json` gave no modes with key, name and longest_run_seconds")
    return modes


def run_limit_sentence(modes: list[dict]) -> str:
    """How the README and PLAYING.txt say the run limits: the commonest first, then the others."""
    limits = [mode["longest_run_seconds"] for mode in modes if mode["longest_run_seconds"] is not None]
    usual = Counter(limits).most_common(1)[0][0] if limits else None
    others = [
        f"{mode['name']}: " + ("no limit" if mode["longest_run_seconds"] is None else f"{mode['longest_run_seconds'] // 60}")
        for mode in modes
        if mode["longest_run_seconds"] != usual
    ]
    head = f"A run lasts at most {usual // 60} minutes" if usual else "A run has no time limit"
    return head + (f" ({'; '.join(others)})" if others else "")


def check_modes(root: Path, docs: dict, binary: Path) -> list[str]:
    try:
        modes = game_modes(binary)
    except (RuntimeError, ValueError, OSError, subprocess.TimeoutExpired) as error:
        return [f"--cli {binary}: {error}"]
    errors = []
    sentence = run_limit_sentence(modes)
    minutes = {mode["longest_run_seconds"] // 60 for mode in modes if mode["longest_run_seconds"]}
    for name in ("README.md", "PLAYING.txt"):
        file = root / name
        if file.is_file() and sentence not in " ".join(file.read_text(encoding="utf-8").split()):
            errors.append(f"{name} must say the run limits as the game has them: “{sentence}”")
    for file, line, paragraph in texts(root, docs):
        for said in AT_MOST_MINUTES.findall(paragraph):
            value = NUMBER_WORDS.get(said.lower(), int(said) if said.isdigit() else None)
            if value not in minutes:
                errors.append(
                    f"{file}:{line}: 'at most {said} minutes' is no mode's run limit (the game's: {sentence})"
                )
        for listed in MODE_KEYS_LIST.findall(paragraph):
            keys = re.findall(r"`([\w-]+)`", listed)
            if keys != [mode["key"] for mode in modes]:
                errors.append(
                    f"{file}:{line}: the `mode` keys listed ({', '.join(keys)}) are not the game's "
                    f"({', '.join(mode['key'] for mode in modes)})"
                )
    readme = docs.get(Path("README.md"))
    if readme is not None:
        names = [re.sub(r"[*_]", "", cells[0]) for _, header, cells in table_rows(readme) if header[0] == "Mode"]
        if names != [mode["name"] for mode in modes]:
            errors.append(
                f"README.md's table of modes lists {', '.join(names) or 'none'}; the game has "
                f"{', '.join(mode['name'] for mode in modes)}"
            )
    return errors


def run_fact_checks(root: Path, docs: dict, binary: Path | None) -> list[str]:
    errors = check_sizes(root, docs) + check_index(root, docs) + check_budget(root, docs) + check_layers(root, docs) + check_release_links(root)
    if binary is not None and binary.is_file():
        errors += check_modes(root, docs, binary)
    return errors


# ----------------------------------------------------------------------------------------------
# The self-test's part (check-docs.py --self-test): a tree where every fact holds, then breaks

FAKE_MODES = [
    {"key": "runner", "name": "Runner", "longest_run_seconds": 600},
    {"key": "maze", "name": "Maze chase", "longest_run_seconds": 600},
    {"key": "puzzle", "name": "Code puzzle", "longest_run_seconds": None},
]

GOOD_README_FACTS = """
## Modes

| Mode | What you do |
| --- | --- |
| **Runner** | run |
| **Maze chase** | chase |
| **Code puzzle** | code |

A run lasts at most 10 minutes (Code puzzle: no limit). In a link, `mode` is `runner`, `maze` or `puzzle`.
"""

GOOD_GUIDE_FACTS = """
The bundle's budget is 14,700,000 bytes (5,220,000 gzipped); it measured 14,100,000 bytes.

| Crate | What it is | Depends on |
| --- | --- | --- |
| `crates/lab` | the lab | procgen, save; no Bevy |
"""


def prepare_fact_tree(root: Path) -> None:
    """What the good tree's facts are checked against: a size guard and a crate's manifest."""
    (root / "scripts" / "bundle-size.sh").write_text("#!/bin/sh\nbudget_raw=14700000\nbudget_gzip=5220000\n")
    (root / "crates" / "lab").mkdir(parents=True, exist_ok=True)
    (root / "crates" / "lab" / "Cargo.toml").write_text(
        '[package]\nname = "seedfeast-lab"\n\n[dependencies]\nseedfeast-procgen = { path = "../procgen" }\n'
        'seedfeast-save = { path = "../save" }\nserde = "1"\n'
    )


# (what is broken, README change, guide change, what the error must say[, other files' texts])
FACT_BREAKS = [
    ("a release link before any release", lambda r: r, lambda g: g, "until a version is tagged", {"CHANGELOG.md": "# Log\n\n## [Unreleased]\n"}),
    ("a page left out of the index", lambda r: r, lambda g: g, "not in the index", {"docs/README.md": "# Docs\n\nNo pages.\n"}),
    ("a stale budget figure", lambda r: r, lambda g: g.replace("14,700,000", "13,340,000"), "is not scripts/bundle-size.sh's"),
    ("a stale run limit", lambda r: r.replace("at most 10 minutes", "at most 15 minutes"), lambda g: g, "must say the run limits"),
    ("a stale limit in prose", lambda r: r, lambda g: g + "\nA Runner run lasts at most five minutes.\n", "no mode's run limit"),
    ("a mode left out of the table", lambda r: r.replace("| **Maze chase** | chase |\n", ""), lambda g: g, "table of modes"),
    ("a stale mode key list", lambda r: r.replace("`maze` or", "`mazes` or"), lambda g: g, "keys listed"),
    ("a stale layer table", lambda r: r, lambda g: g.replace("procgen, save; no Bevy", "procgen; no Bevy"), "their Cargo.toml say"),
    ("a README past its words", lambda r: r + "\nword " * README_MAX_WORDS, lambda g: g, "words, more than"),
    ("a docs page past its words", lambda r: r, lambda g: g + "\nword " * PAGE_MAX_WORDS, "words, more than"),
]
