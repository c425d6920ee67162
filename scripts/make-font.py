#!/usr/bin/env python3
"""Makes assets/fonts/FiraMono-Medium-latin.ttf, the font every text in the game is drawn with.

Fira Mono Medium 3.206 (SIL Open Font License 1.1, assets/fonts/OFL.txt), the face Bevy's
built-in font is a subset of, in two of the subsets Google Fonts serves it in: "latin" (ASCII,
Latin-1, the common punctuation: – — ‘ ’ “ ” … • €) and "latin-ext" (the rest of Europe's Latin
letters), merged into one TrueType file. Bevy's own built-in subset has ASCII only, so a pasted
"crème brûlée" showed boxes.

The two subsets are the WOFF files of the npm package @fontsource/fira-mono (5.3.0):

    npm pack @fontsource/fira-mono@5.3.0 && tar xzf fontsource-fira-mono-5.3.0.tgz
    pip install fonttools
    python3 scripts/make-font.py package/files

The game checks the result's coverage in a unit test (src/font.rs).
"""
import os
import sys

from fontTools.merge import Merger
from fontTools.ttLib import TTFont

files = sys.argv[1] if len(sys.argv) > 1 else "package/files"
out = os.path.join(os.path.dirname(__file__), "..", "assets", "fonts", "FiraMono-Medium-latin.ttf")
parts = []
for subset in ("latin", "latin-ext"):
    font = TTFont(os.path.join(files, f"fira-mono-{subset}-500-normal.woff"))
    font.flavor = None  # WOFF to plain TrueType
    path = f"/tmp/fira-mono-{subset}.ttf"
    font.save(path)
    parts.append(path)
Merger().merge(parts).save(out)
print(f"{out}: {os.path.getsize(out)} bytes")
