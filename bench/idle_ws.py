"""Memory per idle WebSocket connection on one server process.

    .venv/bin/python bench/idle_ws.py [--connections 5000] [--database-url URL] [--floor]

Starts ``python -m app`` on a fresh SQLite file (or the given database), creates one game
with spectators, opens N spectator connections that say hello and then stay idle, and
reports the server's resident memory before and after (VmRSS from /proc): the difference
over N is the cost of one idle connection (socket, protocol, handler task, writer task,
outgoing queue). ``--floor`` measures the same against ``bench/asgi_floor.py`` instead (the
server libraries alone, no Meja).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def _post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


async def _open_all(ws_url: str, watch: str, n: int) -> list:
    sem = asyncio.Semaphore(100)
    conns: list = []

    async def one() -> None:
        async with sem:
            ws = await connect(ws_url, open_timeout=120, ping_interval=None, max_queue=4)
            await ws.send(json.dumps({"type": "hello", "watch": watch}))
            frame = json.loads(await ws.recv())
            assert frame["type"] == "snapshot", frame
            conns.append(ws)
    await asyncio.gather(*(one() for _ in range(n)))
    return conns


def main() -> None:
    """Run the measurement and print it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--connections", type=int, default=5000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--floor", action="store_true",
                        help="measure bench/asgi_floor.py (uvicorn alone) instead of Meja")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="meja-idle-")
    db = args.database_url or f"sqlite:///{tmp}/meja.db"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": db, "MEJA_BOT_DELAY": "0", "LOG_LEVEL": "warning"}
    if args.floor:
        command = [sys.executable, str(ROOT / "bench" / "asgi_floor.py"), str(port)]
    else:
        subprocess.run([sys.executable, "-c", f"from app.store.db import migrate; migrate({db!r})"],
                       cwd=ROOT, env=env, check=True)
        command = [sys.executable, "-m", "app", "--port", str(port)]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/api/games", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        if args.floor:
            watch, ws_url = "floor", f"ws://127.0.0.1:{port}/ws/floor"
        else:
            lobby = _post(f"{base}/api/lobbies", {"game": "race", "seats": 2, "options": {},
                                                  "host_name": "Host", "spectators": True})
            watch = lobby["watch_url"].rsplit("/", 1)[1]
            ws_url = f"ws://127.0.0.1:{port}/ws/{lobby['game_id']}"

        async def run() -> None:
            warm = await _open_all(ws_url, watch, 50)  # imports, caches, first allocations
            await asyncio.sleep(1)
            before = _rss_kib(server.pid)
            t0 = time.perf_counter()
            conns = await _open_all(ws_url, watch, args.connections)
            took = time.perf_counter() - t0
            await asyncio.sleep(3)  # presence frames settle
            after = _rss_kib(server.pid)
            per = (after - before) * 1024 / args.connections
            print(f"{args.connections} idle connections opened in {took:.1f} s; server RSS "
                  f"{before / 1024:.1f} MiB -> {after / 1024:.1f} MiB: "
                  f"{per / 1024:.1f} KiB per connection")
            for ws in conns + warm:
                ws.transport.abort()
        asyncio.run(run())
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
