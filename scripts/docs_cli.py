"""check-docs.py's command-line part: every `seedfeast …` example in the docs and PLAYING.txt must
name commands and flags the game binary's --help lists (the examples are never run)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

CODE_SPAN = re.compile(r"(`+)(.+?)\1")
SHELL_STOP = ("|", ">", "<", "&", ";", "2>")

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
