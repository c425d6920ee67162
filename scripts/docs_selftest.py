"""check-docs.py's self-test: a small tree that passes, then broken one way at a time, each break
checked to fail (`scripts/check-docs.py --self-test`)."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from docs_facts import FACT_BREAKS, FAKE_MODES, GOOD_GUIDE_FACTS, GOOD_README_FACTS, README_MAX_LINES, prepare_fact_tree
from docs_names import GOOD_ARCH, NAME_BREAKS, prepare_name_tree

FAKE_CLI = '''#!%s
# A stand-in for the game binary: clap-like --help texts for a few commands.
import sys
args = [a for a in sys.argv[1:] if a != "--help"]
if sys.argv[1:] == ["modes", "--format", "json"]:
    print(%r)
    sys.exit(0)
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


# (what is broken, README, guide, what the error must say): the links, paths and commands
BREAKS = [
    ("a link to a missing file", GOOD_README.replace("docs/guide.md#", "docs/gone.md#"), GOOD_GUIDE, "no such file"),
    ("a missing image", GOOD_README.replace("shot.png", "lost.png"), GOOD_GUIDE, "no such file"),
    ("a broken anchor", GOOD_README.replace("#two-words", "#three-words"), GOOD_GUIDE, "is not a heading"),
    ("a broken anchor in the same file", GOOD_README.replace("(#build)", "(#built)"), GOOD_GUIDE, "is not a heading"),
    ("a forge link climbing too little", GOOD_README, GOOD_GUIDE.replace("../../../releases", "../../releases"), "climbs 2 level(s)"),
    ("a link out of the tree", GOOD_README.replace("../../releases/latest", "../../secrets"), GOOD_GUIDE, "leads out"),
    ("a named path that is gone", GOOD_README.replace("`scripts/setup.sh`", "`scripts/gone.sh`"), GOOD_GUIDE, "does not exist"),
    ("an unknown flag", GOOD_README.replace("--chunks 3", "--chunkz 3"), GOOD_GUIDE, "has no --chunkz"),
    ("an unknown flag in prose", GOOD_README.replace("play --ghost CODE", "play --host CODE"), GOOD_GUIDE, "has no --host"),
    ("an unknown command", GOOD_README.replace("lab sweep", "lab swept"), GOOD_GUIDE, "has no command 'swept'"),
    ("an example address", GOOD_README + "\nhttps://example.org/game\n", GOOD_GUIDE, "example address"),
    ("a README past its limit", GOOD_README + "\n" * README_MAX_LINES, GOOD_GUIDE, "more than"),
    ("no play link", GOOD_README.replace("Play in your browser", "Play"), GOOD_GUIDE, "no 'Play in your browser'"),
]

Checks = Callable[[Path, Path | None], tuple[list[str], int]]


def build_tree(root: Path, readme_commands: tuple[str, ...]) -> Path:
    """The good tree's files besides the README and the guide; returns the stand-in binary."""
    (root / "docs" / "screens").mkdir(parents=True)
    (root / "scripts").mkdir()
    (root / "docs" / "screens" / "shot.png").write_bytes(b"png")
    for script in readme_commands:
        (root / script).write_text("#!/bin/sh\n")
        (root / script).chmod(0o755)
    binary = root / "seedfeast"
    binary.write_text(FAKE_CLI % (sys.executable, json.dumps(FAKE_MODES)))
    binary.chmod(0o755)
    prepare_fact_tree(root)
    prepare_name_tree(root)
    return binary


def write(root: Path, readme: str, guide: str = GOOD_GUIDE) -> None:
    (root / "README.md").write_text(readme + GOOD_README_FACTS)
    (root / "docs" / "guide.md").write_text(guide + GOOD_GUIDE_FACTS)


def expect(run_checks: Checks, root: Path, binary: Path | None, name: str, expected: str, failures: list[str]) -> None:
    """The tree as it stands must fail with an error containing `expected`."""
    errors, _ = run_checks(root, binary)
    if not any(expected in error for error in errors):
        failures.append(f"{name}: expected an error containing {expected!r}, got {errors}")
    else:
        print(f"check-docs self-test: {name} fails as it should: {next(e for e in errors if expected in e)}")


def try_breaks(run_checks: Checks, root: Path, binary: Path, failures: list[str]) -> None:
    """Each break of the links, the figures and the names, one at a time, on the good tree."""
    for name, change_readme, change_guide, expected, *others in FACT_BREAKS:
        write(root, GOOD_README, GOOD_GUIDE)
        for relative, text in (others[0] if others else {}).items():
            (root / relative).write_text(text)
        (root / "README.md").write_text(change_readme(GOOD_README + GOOD_README_FACTS))
        (root / "docs" / "guide.md").write_text(change_guide(GOOD_GUIDE + GOOD_GUIDE_FACTS))
        expect(run_checks, root, binary, name, expected, failures)
        for relative in others[0] if others else {}:
            (root / relative).unlink()
    for name, readme, guide, expected in BREAKS:
        write(root, readme, guide)
        expect(run_checks, root, binary, name, expected, failures)
    write(root, GOOD_README)
    for name, change_page, expected, *others in NAME_BREAKS:
        for relative, text in (others[0] if others else {}).items():
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text(text)
        (root / "docs" / "ARCHITECTURE.md").write_text(change_page(GOOD_ARCH))
        expect(run_checks, root, binary, name, expected, failures)
        for relative in others[0] if others else {}:
            (root / relative).unlink()
    (root / "docs" / "ARCHITECTURE.md").write_text(GOOD_ARCH)


def try_homepage(run_checks: Checks, root: Path, failures: list[str]) -> None:
    """The README's play link against Cargo.toml's homepage and repository."""
    write(root, GOOD_README)
    manifest = '[package]\nname = "game"\nrepository = "https://github.com/Someone/game"\nhomepage = "https://%s.github.io/game/"\n'
    (root / "Cargo.toml").write_text(manifest % "someone")
    expect(run_checks, root, None, "a homepage the play link doesn't use", "'Play in your browser' link is", failures)
    write(root, GOOD_README.replace("../../deployments/github-pages", "https://someone.github.io/game/"))
    errors, _ = run_checks(root, None)
    if errors:
        failures.append(f"a play link equal to the homepage failed: {errors}")
    (root / "Cargo.toml").write_text(manifest % "other")
    expect(run_checks, root, None, "a homepage off the repository", "is not the Pages address", failures)
    (root / "Cargo.toml").unlink()


def self_test(run_checks: Checks, readme_commands: tuple[str, ...]) -> int:
    """Builds a small tree that passes, then breaks it one way at a time: each break must fail."""
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        binary = build_tree(root, readme_commands)
        write(root, GOOD_README)
        errors, examples = run_checks(root, binary)
        if errors:
            failures.append(f"the good tree failed: {errors}")
        if examples != 5:
            failures.append(f"the good tree has 5 examples, found {examples}")
        try_breaks(run_checks, root, binary, failures)
        try_homepage(run_checks, root, failures)
        expect(run_checks, root, root / "no-such-binary", "a missing binary", "no executable there", failures)
    if failures:
        for failure in failures:
            print(f"check-docs self-test FAILED: {failure}", file=sys.stderr)
        return 1
    print("check-docs self-test: every break was caught, and the good tree passed")
    return 0
