"""My games benchmark: how long a move takes to reach a My games page, and what the list
costs.

One live server (uvicorn in a thread, SQLite in /dev/shm) with ``--tables`` started race
tables of two seats. A feed (``/ws/mine/feed``) follows Budi's seat of every table; Ana
moves at one table after another (``--moves``), and the bench records the time from
sending her action to the feed's frame naming that table (p50/p99/max). Then it times
``POST /api/mine`` for all the tables' seats (the page's first list). Usage::

    .venv/bin/python bench/mygames.py                 # 50 tables, 100 moves
    .venv/bin/python bench/mygames.py --tables 100 --moves 200
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.sync.client import connect  # noqa: E402

from app.store.db import migrate  # noqa: E402
from tests.app.client import Viewer, http, join, start  # noqa: E402
from tests.conftest import LiveServer  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--moves", type=int, default=100)
    args = ap.parse_args()
    os.environ.setdefault("MEJA_BOT_DELAY", "0")
    tmp = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    url = f"sqlite:///{tmp}/bench.db"
    migrate(url)
    server = LiveServer(url, rate_mine=0).start()
    try:
        tables = []
        for _ in range(args.tables):
            lobby = http.post(f"{server.url}/api/lobbies", json={
                "game": "race", "seats": 2, "host_name": "Ana"}).json()
            budi = join(server, lobby, "Budi")
            start(server, lobby)
            tables.append((lobby["game_id"], lobby["credential"], budi["credential"]))
        seats = [{"game_id": g, "credential": b} for g, _, b in tables]
        feed = connect(f"{server.ws_url}/ws/mine/feed", open_timeout=10)
        feed.send(json.dumps({"type": "follow", "seats": seats}))
        json.loads(feed.recv(timeout=30))
        viewers = {}
        for g, a, b in tables:
            pair = (Viewer(server.ws_url, g, credential=a), Viewer(server.ws_url, g, credential=b))
            for v in pair:
                v.wait_for(lambda f: f["type"] == "snapshot")
            viewers[g] = pair

        def told(g: str) -> None:
            while True:
                frame = json.loads(feed.recv(timeout=10))
                if any(s["game_id"] == g for s in frame.get("games", [])):
                    return

        lags: list[float] = []
        for i in range(args.moves):
            g = tables[i % len(tables)][0]
            ana, budi = viewers[g]
            t0 = time.perf_counter()
            ana.answer(ana.act({"type": "advance", "n": 1}))
            told(g)
            lags.append(time.perf_counter() - t0)
            # Budi answers (unmeasured), so Ana may move here again next round.
            budi.wait_version(ana.version or 0)
            budi.answer(budi.act({"type": "advance", "n": 1}))
            ana.wait_version(budi.version or 0)
            told(g)
        t0 = time.perf_counter()
        r = http.post(f"{server.url}/api/mine", json={"seats": seats})
        listed = time.perf_counter() - t0
        assert r.status_code == 200, r.text
        print(f"tables {args.tables}, measured moves {len(lags)}")
        print(f"move -> My games frame: p50 {statistics.median(lags) * 1000:.0f} ms, "
              f"p99 {pct(lags, 99) * 1000:.0f} ms, max {max(lags) * 1000:.0f} ms")
        print(f"POST /api/mine with {len(seats)} seats: {listed * 1000:.0f} ms, "
              f"{len(r.content)} bytes")
        feed.close()
        for pair in viewers.values():
            for v in pair:
                v.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
