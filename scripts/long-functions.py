#!/usr/bin/env python3
"""Lists the workspace's Rust functions longer than a limit (the house rule is 80 lines).

A function's length is the lines from its `fn` line to its closing brace, both counted, as an
editor shows them. Braces inside strings, chars and comments are skipped, so a format string's
`{}` doesn't end a function early.

Usage: scripts/long-functions.py [--over N] [--max-count K] [--max-lines M] [PATH ...]
  --over N       list functions longer than N lines (default 80)
  --max-count K  exit 1 when more than K functions are longer than N
  --max-lines M  exit 1 when any function is longer than M
  PATH           folders or files to read (default: src crates tests)
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

FN = re.compile(r"^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([\w:]+\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+\"\w+\"\s+)?fn\s+(\w+)")


def code_only(text: str) -> str:
    """The text with strings, chars and comments blanked (newlines kept), so braces can be counted."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == "r" and re.match(r'r#*"', text[i:]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i : j + 1]))
            i = j + 1
        elif c == "'" and re.match(r"'(?:\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:]):
            m = re.match(r"'(?:\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'", text[i:])
            out.append(" " * len(m.group(0)))
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path: Path) -> list[tuple[str, int, int]]:
    """(name, first line, length) of every function with a body in the file."""
    lines = code_only(path.read_text(encoding="utf-8")).split("\n")
    found = []
    for start, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        depth, opened, nested = 0, False, 0
        for end in range(start, len(lines)):
            for ch in lines[end]:
                if ch in "([":
                    nested += 1
                elif ch in ")]":
                    nested -= 1
                if ch == ";" and not opened and depth == 0 and nested == 0:
                    break  # a declaration without a body (a trait's); `[T; N]` in a signature is not one
                if ch == "{":
                    depth += 1
                    opened = True
                elif ch == "}":
                    depth -= 1
            else:
                if opened and depth == 0:
                    found.append((m.group(1), start + 1, end - start + 1))
                    break
                continue
            break
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--over", type=int, default=80)
    parser.add_argument("--max-count", type=int)
    parser.add_argument("--max-lines", type=int)
    parser.add_argument("paths", nargs="*", default=["src", "crates", "tests"])
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    files = []
    for name in args.paths:
        path = (root / name) if not Path(name).is_absolute() else Path(name)
        files += [path] if path.is_file() else sorted(p for p in path.rglob("*.rs") if "target" not in p.parts)
    long = sorted(
        ((length, f"{file.relative_to(root)}:{line}", name) for file in files for name, line, length in functions(file)
         if length > args.over),
        reverse=True,
    )
    for length, where, name in long:
        print(f"{length:5} {where} {name}")
    print(f"long-functions: {len(long)} function(s) over {args.over} lines in {len(files)} files")
    failed = False
    if args.max_count is not None and len(long) > args.max_count:
        print(f"long-functions: more than {args.max_count}: split them into named steps", file=sys.stderr)
        failed = True
    if args.max_lines is not None and long and long[0][0] > args.max_lines:
        print(f"long-functions: {long[0][1]} {long[0][2]} has {long[0][0]} lines, over {args.max_lines}", file=sys.stderr)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
