#!/usr/bin/env python3
"""Draws the web app's icons (web/icons/icon-192.png, icon-512.png, maskable too): a pizza on
the page's cream, with no image library (zlib and struct only), so anyone can remake them.
Usage: scripts/make-icons.py"""
import math
import os
import struct
import zlib

CREAM = (254, 239, 217)
CRUST = (232, 160, 82)
CHEESE = (250, 206, 96)
SAUCE = (230, 84, 69)
OUT = os.path.join(os.path.dirname(__file__), "..", "web", "icons")


def pixel(x, y, size, scale):
    """The colour at (x, y) of an icon `size` wide; `scale` shrinks the pizza (maskable icons
    keep their picture inside the middle 80%)."""
    c = size / 2
    r = math.hypot(x - c, y - c) / (c * scale)
    if r > 0.92:
        return CREAM
    if r > 0.80:
        return CRUST
    # Six pepperoni on a ring, one in the middle.
    spots = [(0.0, 0.0)] + [(0.5 * math.cos(a), 0.5 * math.sin(a)) for a in (i * math.pi / 3 + 0.3 for i in range(6))]
    for sx, sy in spots:
        if math.hypot((x - c) / (c * scale) - sx, (y - c) / (c * scale) - sy) < 0.14:
            return SAUCE
    return CHEESE


def png(size, scale):
    rows = b"".join(b"\0" + bytes(v for x in range(size) for v in pixel(x + 0.5, y + 0.5, size, scale)) for y in range(size))
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


os.makedirs(OUT, exist_ok=True)
for size in (192, 512):
    for name, scale in (("icon", 1.0), ("maskable", 0.78)):
        with open(os.path.join(OUT, f"{name}-{size}.png"), "wb") as f:
            f.write(png(size, scale))
print("make-icons: web/icons/{icon,maskable}-{192,512}.png")
