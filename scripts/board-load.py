#!/usr/bin/env python3
"""Load and fault test of the board server over loopback (issue #31), standard library only.

Starts the release `seedfeast-board` on a fresh SQLite file (or --db postgres://…), fills one
board with 10,000 entries, then for --seconds runs board reads with wrk (Debian's package) while
a pool of clients submits distinct two-minute bot runs (recorded first with `seedfeast replay
record`); halfway through it SIGKILLs the server and restarts it, and at the end checks that every
run answered 201 is on its board. Prints reads/s, read latency p50/p99, runs verified a second,
and every status seen (only 201, and 429/503 by design, are allowed).

  scripts/board-load.py [--seconds 60] [--runs 64] [--db URL] [--workers 2]
Build first: cargo build --release -p seedfeast-board && cargo build --release --bin seedfeast
"""
import argparse
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/seedfeast-target"))
BOARD = os.path.join(TARGET, "release", "seedfeast-board")
GAME = os.path.join(TARGET, "release", "seedfeast")
SECRET = "load-test-secret-{:04d}-0123456789"


def start(db, workers, listen="127.0.0.1:0"):
    server = subprocess.Popen(
        [BOARD, "serve", "--db", db, "--listen", listen, "--workers", str(workers), "--game", GAME,
         "--queue", "64", "--steps-per-minute", "100000000", "--reads-per-minute", "100000000"],
        stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://\S+", line)
    if not match:
        sys.exit(f"board-load: the server printed {line!r}")
    return server, match.group(0)


def record(mode, seed, seconds):
    out = subprocess.run([GAME, "replay", "record", "--mode", mode, "--seed", seed, "--bot", "--seconds", str(seconds)],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def request(base, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=300) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def fill(db, base, rules, mode, seed, count):
    """A board of `count` entries, written straight into the database (they are data to read)."""
    board = f"{mode}/{seed}/{rules}"
    sql = (
        f"INSERT INTO boards (id, mode, seed, rules, created_at) VALUES ('{board}', '{mode}', '{seed}', "
        f"{int(rules, 16)}, 0) ON CONFLICT (id) DO NOTHING;\n"
        f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}) "
        f"INSERT INTO entries (board, player, name, score, steps, state, replay, at) "
        f"SELECT '{board}', 'load-' || i, 'Player ' || i, i * 7 % 100000, 7200, '0000000000000000', 'AQ', i FROM n;")
    if db.startswith("sqlite:"):
        connection = sqlite3.connect(db[len("sqlite:"):].split("?")[0])
        connection.executescript(sql)
        connection.commit()
        connection.close()
    else:
        subprocess.run(["psql", db, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--runs", type=int, default=64, help="distinct two-minute runs to submit")
    parser.add_argument("--db", default=None)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    for binary in (BOARD, GAME):
        if not os.path.exists(binary):
            sys.exit(f"board-load: no {binary}: build the release binaries first (see --help)")
    folder = tempfile.mkdtemp(prefix="seedfeast-load.")
    db = args.db or f"sqlite:{folder}/board.db"

    modes = ["arena", "tunnel", "food-tunnel"]
    print(f"recording {args.runs} two-minute bot runs …", flush=True)
    runs = [(modes[i % 3], record(modes[i % 3], f"load {i}", 120)) for i in range(args.runs)]

    server, base = start(db, args.workers)
    rules = json.loads(subprocess.run([GAME, "replay", "rules"], capture_output=True, text=True).stdout)["rules"]
    seed = subprocess.run([GAME, "seed", "load board"], capture_output=True, text=True).stdout.split()[0]
    fill(db, base, rules, "runner", seed, 10_000)
    status, top = request(base, f"/api/v1/boards/runner/{seed}?limit=3")
    assert status == 200 and top["entries"][0]["rank"] == 1, (status, top)

    wrk = subprocess.Popen(["wrk", "-t2", "-c32", f"-d{args.seconds}s", "--latency",
                            f"{base}/api/v1/boards/runner/{seed}?limit=10"], stdout=subprocess.PIPE, text=True)
    statuses, answered, latencies, lock = {}, [], [], threading.Lock()
    state = {"base": base, "server": server}
    queue = list(enumerate(runs))
    started = time.time()

    def client():
        while True:
            with lock:
                if not queue:
                    return
                index, (mode, code) = queue.pop(0)
            while True:
                t0 = time.time()
                try:
                    status, body = request(state["base"], "/api/v1/runs",
                                           {"replay": code, "name": f"Runner {index}", "secret": SECRET.format(index)})
                except (urllib.error.URLError, ConnectionError, OSError):
                    status, body = "no answer", {}
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1
                    if status == 201:
                        answered.append((mode, body["board"], index, body["score"], body["steps"]))
                        latencies.append(time.time() - t0)
                if status == 201 or (isinstance(status, int) and status not in (429, 503)):
                    break
                time.sleep(0.5)

    clients = [threading.Thread(target=client) for _ in range(4)]
    for thread in clients:
        thread.start()
    # Halfway: a crash, then a restart on the same database.
    time.sleep(args.seconds / 2)
    with lock:
        answered_before_kill = len(answered)
        state["server"].send_signal(signal.SIGKILL)
        state["server"].wait()
        # The same port, so wrk's connections find the new server as a load balancer's would.
        state["server"], state["base"] = start(db, args.workers, base[len("http://"):])
    for thread in clients:
        thread.join()
    verify_seconds = time.time() - started
    reads = wrk.communicate()[0]

    missing = []
    for mode, board, index, score, _ in answered:
        status, doc = request(state["base"], f"/api/v1/boards/{board}?limit=100")
        if not any(e["name"] == f"Runner {index}" and e["score"] == score for e in doc.get("entries", [])):
            missing.append((board, index))
    state["server"].send_signal(signal.SIGTERM)
    state["server"].wait()

    rate = re.search(r"Requests/sec:\s+([\d.]+)", reads)
    p50 = re.search(r"50%\s+(\S+)", reads)
    p99 = re.search(r"99%\s+(\S+)", reads)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: .*", reads)
    print(f"database: {db.split('?')[0]}; workers: {args.workers}; a 10,000-entry board")
    print(f"reads (wrk, 2 threads, 32 connections, {args.seconds} s, through a SIGKILL and restart): "
          f"{rate.group(1) if rate else '?'} /s, p50 {p50.group(1) if p50 else '?'}, p99 {p99.group(1) if p99 else '?'}"
          f"{'; ' + errors.group(0) if errors else ''}")
    steps = sum(a[4] for a in answered)
    print(f"submissions: {len(answered)} bot runs of up to two minutes ({steps:,} steps, "
          f"{sum(a[4] == 7200 for a in answered)} of them the full 7,200) verified in {verify_seconds:.1f} s: "
          f"{len(answered) / verify_seconds:.2f} runs/s, {steps / verify_seconds:,.0f} steps/s "
          f"({steps / verify_seconds / 7200:.2f} two-minute runs' worth a second); statuses {statuses}; "
          f"{answered_before_kill} answered before the kill")
    if latencies:
        latencies.sort()
        print(f"submission latency p50 {latencies[len(latencies) // 2]:.2f} s, max {latencies[-1]:.2f} s")
    bad = {s: n for s, n in statuses.items() if s not in (201, 429, 503, "no answer")}
    print(f"runs answered 201 and missing after the restart: {len(missing)}")
    if missing or bad:
        sys.exit(f"board-load: FAILED (missing {missing}, unexpected statuses {bad})")


if __name__ == "__main__":
    main()
