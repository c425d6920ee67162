#!/usr/bin/env python3
"""Where the browser build's bytes go: the code section of a wasm module split by crate.

Reads the module cargo writes before wasm-bindgen strips its name section (for the bundle:
$CARGO_TARGET_DIR/wasm32-unknown-unknown/web-release/seedfeast.wasm, made by scripts/web.sh)
and prints each crate's share of the function bodies, biggest first. Names in <…> are trait
impls for that crate's types (mostly generic code instantiated for our systems). wasm-opt
shrinks the whole afterwards, so read the shares, not the bytes.

    scripts/wasm-size-by-crate.py [MODULE] [--top=N]
"""
import sys, re, collections
import os
args = [a for a in sys.argv[1:] if not a.startswith("--top")]
top = int(next((a.split("=")[1] for a in sys.argv[1:] if a.startswith("--top=")), 35))
module = args[0] if args else os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/seedfeast-target")), "wasm32-unknown-unknown/web-release/seedfeast.wasm")
if not os.path.isfile(module):
    sys.exit(f"{module}: no such module (scripts/web.sh makes it)")
data = open(module, "rb").read()
if data[:4] != b"\0asm":
    sys.exit(f"{module}: not a wasm module")
def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7f) << s; s += 7
        if x < 0x80: return r, i
i = 8; sections = []
while i < len(data):
    sid = data[i]; i += 1
    size, i = leb(data, i)
    sections.append((sid, i, size)); i += size
imports = 0; bodies = []; names = {}; data_size = 0
for sid, off, size in sections:
    if sid == 2:
        n, j = leb(data, off)
        for _ in range(n):
            l, j = leb(data, j); j += l
            l, j = leb(data, j); j += l
            kind = data[j]; j += 1
            if kind == 0: _, j = leb(data, j); imports += 1
            elif kind == 1: j += 1; fl, j = leb(data, j); _, j = leb(data, j); j = j if not fl & 1 else leb(data, j)[1]
            elif kind == 2: fl, j = leb(data, j); _, j = leb(data, j); j = j if not fl & 1 else leb(data, j)[1]
            elif kind == 3: j += 2
    elif sid == 10:
        n, j = leb(data, off)
        for _ in range(n):
            l, j = leb(data, j); bodies.append(l); j += l
    elif sid == 11:
        data_size += size
    elif sid == 0:
        l, j = leb(data, off); name = data[j:j+l].decode(); j += l
        if name == 'name':
            end = off + size
            while j < end:
                sub = data[j]; j += 1
                ssize, j = leb(data, j); send = j + ssize
                if sub == 1:
                    n, k = leb(data, j)
                    for _ in range(n):
                        idx, k = leb(data, k); l, k = leb(data, k); names[idx] = data[k:k+l].decode('utf-8', 'replace'); k += l
                j = send
def crate(n):
    m = re.match(r'_ZN(\d+)', n)
    if m:
        l = int(m.group(1)); c = n[len(m.group(0)):len(m.group(0))+l]
        if c.startswith('_$LT$'):
            m2 = re.search(r'\$LT\$(\w+?)\.\.', c) or re.search(r'\$LT\$([a-z_0-9]+)', c)
            return '<' + (m2.group(1) if m2 else c[:20]) + '>'
        return c
    return n.split('::')[0][:30]
by = collections.Counter(); total = 0
for k, sz in enumerate(bodies):
    n = names.get(imports + k, '?'); by[crate(n)] += sz; total += sz
if not names:
    sys.exit(f"{module}: no name section (use the module from before wasm-bindgen)")
print(f"code {total} bytes in {len(bodies)} functions; data segments {data_size} bytes")
for c, sz in by.most_common(top):
    print(f"{sz:>10} {sz*100/total:5.1f}%  {c}")
