"""The game page on a cheap phone (issue 42): load times, bytes and patch-to-paint, per game.

It starts its own server (SQLite in a temporary folder, bots moving after a short delay),
and for every game (or ``--games``):

1. creates a table (the host and bots), starts it, lets a spectator's WebSocket record
   every frame while the bots play ``--moves`` moves (the host's seat goes to a bot too), so
   the board is a game in progress, and the recorded frames are a real game's patches;
2. (once, first: the home page in a context of its own, so the browser has started, as a
   phone's has when a link is tapped) opens the watch link in Chromium on a 390 x 844 phone
   (touch, 2x) with the DevTools
   protocol's throttling of Lighthouse's mobile profile (CPU 4x slower, 150 ms round trip,
   1.6 Mbit/s down, 750 kbit/s up): cold (a new browser profile) and warm (the same
   profile, a second visit). Per visit: bytes that came over the network (HTTP bodies and
   headers as sent, compressed, plus the WebSocket's payloads), requests that went to the
   network (answers from the browser's cache are counted apart), LCP (the browser's
   largest-contentful-paint, buffered), "board" (the first paint after the board's SVG has
   its pieces) and the longest main-thread task (longtask observer);
3. replays the recorded frames in a page whose WebSocket is routed to the bench: the
   snapshot first, then each patch handed to the page's socket exactly as a message from
   the server would be (the live client's own code applies and draws it), at the start
   of an animation frame, timed until that frame's style, layout and paint are done (a
   task posted from the frame runs after them). p50/p95/max of those times and the
   longest task during the replay, unthrottled and at 4x.

Each visit and each replay is made ``--runs`` times (3): one run of the same code varies by
15-25% here, so the table gives each time's median with its range, and the worst replay's
longest task beside the median replay's.

The figures go to stdout and into bench/README.md between the markers
``<!-- client-bench:begin -->`` and ``<!-- client-bench:end -->`` (``--no-readme``: not).
Times on a loaded machine are upper bounds: say how loaded it was when you quote them.

Usage::

    python -m bench.client                      # every game, 60 moves each
    python -m bench.client --games indonesia --moves 120 --no-readme
    python -m bench.client --replay-only --trace /tmp/traces   # only the replays (~20 s a game)

``--replay-only`` skips the visits (their columns read 0, the README is left alone);
``--trace`` writes a Chromium trace of each 4x replay (main-thread tasks, style, layout,
paint and V8's samples: open it in DevTools' Performance panel or Perfetto) to see where a
move's task goes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import jsonpatch
import uvicorn
from websockets.sync.client import connect

from app.config import ROOT, Settings
from app.http.firstpaint import FIRST_ID
from app.main import create_app
from app.realtime.wsproto import WS_MAX_SIZE, MejaWebSocketProtocol
from app.store.db import migrate
from engines.core.templates import random_action
from engines.registry import get_engine

GAMES = ("tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia")
CHROMIUM = "/usr/bin/chromium"
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
#: Lighthouse's mobile throttling, as the issue measured it.
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
           "uploadThroughput": 750_000 / 8}
SLOWDOWN = 4
README = ROOT / "bench" / "README.md"
BEGIN, END = "<!-- client-bench:begin -->", "<!-- client-bench:end -->"

#: Installed before any of the page's scripts: LCP and long tasks as the browser reports
#: them, the moment the board's SVG first has pieces and is painted, and every WebSocket
#: the page opens (so the replay can hand it messages).
OBSERVE = """
(() => {
  const perf = window.__perf = { lcp: 0, lcpWhat: "", tasks: [], board: 0, picture: 0 };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        perf.lcp = e.startTime;
        const el = e.element;
        const cls = el && typeof el.className === "string" ? el.className.split(" ")[0] : "";
        perf.lcpWhat = el ? el.tagName.toLowerCase() + (cls ? "." + cls : "") : e.url;
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) perf.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (err) { perf.error = String(err); }
  // Right after the next frame's paint: a user-blocking task runs before the tasks the page
  // queued for after its board (a setTimeout here ran after them, and counted them).
  const painted = (key) => {
    const stamp = () => { if (!perf[key]) perf[key] = performance.now(); };
    requestAnimationFrame(() => (globalThis.scheduler?.postTask
      ? scheduler.postTask(stamp, { priority: "user-blocking" }) : setTimeout(stamp)));
  };
  let pictured = false;
  const seen = () => {
    // The picture of the page as the last visit left it (static/picture.js): drawn at once,
    // but not the live board.
    if (!pictured && document.querySelector("#app > .picture")) {
      pictured = true;
      painted("picture");
    }
    // The board's own drawing (not an icon beside it, not the picture): an SVG with more
    // than a few shapes.
    const drawn = [...document.querySelectorAll(".board-root svg")]
      .some((svg) => !svg.closest(".picture") && svg.querySelectorAll("*").length > 20);
    if (!perf.board && drawn) {
      painted("board");
      return true;
    }
    return false;
  };
  new MutationObserver((_, obs) => { if (seen()) obs.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();
"""

#: The replay's page talks to no server: its WebSocket is this stand-in, which answers the
#: hello with the recorded snapshot (``SNAPSHOT`` is put in front of it as a JSON string).
FAKE_SOCKET = """
(() => {
  window.__sockets = [];
  class RecordedSocket extends EventTarget {
    constructor(url) {
      super();
      this.url = url;
      this.readyState = 0;
      window.__sockets.push(this);
      setTimeout(() => { this.readyState = 1; this.onopen?.(new Event("open")); });
    }
    send(text) {
      if (JSON.parse(text).type === "hello") {
        setTimeout(() => this.onmessage?.(new MessageEvent("message", { data: SNAPSHOT })));
      }
    }
    close() { this.readyState = 3; }
  }
  Object.assign(RecordedSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = RecordedSocket;
})();
"""

#: Replays recorded frames through the page's socket: each at the start of an animation
#: frame, timed until the task after that frame's rendering.
REPLAY = """
async (frames) => {
  const ws = window.__sockets[window.__sockets.length - 1];
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const times = [];
  const from = performance.now();
  for (const data of frames) {
    await frame();
    times.push(await new Promise((resolve) => {
      requestAnimationFrame(() => {
        const t0 = performance.now();
        performance.mark("bench-move"); // a trace's marker of each move's task
        ws.onmessage(new MessageEvent("message", { data }));
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve(performance.now() - t0);
        ch.port2.postMessage(0);
      });
    }));
  }
  await frame();
  await new Promise((r) => setTimeout(r, 100));
  const tasks = window.__perf.tasks.filter(([start]) => start >= from).map(([, d]) => d);
  return { times, longest: tasks.length ? Math.max(...tasks) : 0, tasks: tasks.length };
}
"""


class Server:
    """Meja on a free loopback port, in a thread, on its own SQLite file."""

    def __init__(self, bot_delay: float) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="meja-client-bench-",
                                            dir="/dev/shm" if os.access("/dev/shm", os.W_OK)
                                            else None))
        url = f"sqlite:///{self.folder / 'meja.db'}"
        migrate(url)
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(Settings(database_url=url, bot_delay=bot_delay, rate_lobbies=0,
                                  rate_joins=0, rate_claims=0, rate_records=0))
        self.server = uvicorn.Server(uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning",
            ws=MejaWebSocketProtocol, ws_max_size=WS_MAX_SIZE, lifespan="on",
            # As app/__main__.py serves it.
            ws_per_message_deflate=False, server_header=False))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Table:
    """One game in progress: its watch link and the frames a spectator received."""

    game: str
    watch_url: str
    frames: list[str] = field(default_factory=list)


def play_table(server: Server, game: str, moves: int) -> Table:
    """A table of ``game`` watched while ``moves`` moves are made: bots in every seat but
    the host's, whose moves are random legal ones sent from here. Then the host stops
    playing, so the table is still (no frames) while the page is measured."""
    http = httpx.Client(base_url=server.url, timeout=30)
    engine = get_engine(game)
    assert engine is not None, game
    seats = max(engine.min_players, min(3, engine.max_players))
    lobby = http.post("/api/lobbies", json={"game": game, "seats": seats, "options": {},
                                            "host_name": "Ana", "spectators": True,
                                            "listed": False}).json()
    auth = {"Authorization": f"Bearer {lobby['credential']}"}
    for seat in range(1, seats):
        http.post(f"/api/games/{lobby['game_id']}/seats/{seat}/bot", headers=auth,
                  json={"level": "easy"}).raise_for_status()
    table = Table(game, lobby["watch_url"])
    url = f"ws://127.0.0.1:{server.port}/ws/{lobby['game_id']}"
    watcher = connect(url, max_size=1 << 22)
    watcher.send(json.dumps({"type": "hello", "watch": lobby["watch_url"].rsplit("/", 1)[1]}))
    host = connect(url, max_size=1 << 22)
    host.send(json.dumps({"type": "hello", "credential": lobby["credential"]}))
    http.post(f"/api/games/{lobby['game_id']}/start", headers=auth).raise_for_status()
    rng = random.Random(7)
    doc: dict[str, Any] | None = None
    version = -1
    sent = -1  # the version the host's last action was sent at
    deadline = time.monotonic() + 120
    pre: dict[str, Any] | None = None  # the spectator's snapshot of the table before its start
    hello_at = time.monotonic()
    seen: list[str] = []  # the host's frame types, to say why a table recorded nothing
    while time.monotonic() < deadline and len(table.frames) <= moves:
        if not table.frames and time.monotonic() - hello_at > 5:
            # Five seconds into a started game and the spectator has recorded nothing: a
            # hello crossed the start in a way the branches below do not follow (seen on a
            # loaded machine). New hellos are answered with the running table's snapshot.
            watcher.close()
            watcher = connect(url, max_size=1 << 22)
            watcher.send(json.dumps({"type": "hello",
                                     "watch": lobby["watch_url"].rsplit("/", 1)[1]}))
            if doc is None or not doc.get("view"):
                host.close()
                host = connect(url, max_size=1 << 22)
                host.send(json.dumps({"type": "hello", "credential": lobby["credential"]}))
                doc, version, sent = None, -1, -1
            hello_at, pre = time.monotonic(), None
        with contextlib.suppress(TimeoutError):
            frame = json.loads(str(watcher.recv(timeout=0.02)))
            if frame["type"] == "snapshot" and frame["doc"].get("view") or \
                    table.frames and frame["type"] == "patch":
                table.frames.append(json.dumps(frame))
            elif frame["type"] == "snapshot":
                pre = frame
            elif frame["type"] == "patch" and pre is not None and frame["from"] == pre["version"]:
                # The hello was answered before the start: the first snapshot with a board is
                # that one with the start's patch applied (the page would draw the same).
                pre = {**pre, "doc": jsonpatch.apply_patch(pre["doc"], frame["ops"]),
                       "version": frame["version"],
                       "log": [*(pre.get("log") or []), *(frame.get("log") or [])]}
                if pre["doc"].get("view"):
                    table.frames.append(json.dumps(pre))
        with contextlib.suppress(TimeoutError):
            frame = json.loads(str(host.recv(timeout=0.02)))
            seen.append(frame["type"])
            if frame["type"] == "snapshot":
                doc, version = frame["doc"], frame["version"]
            elif frame["type"] == "patch" and doc is not None and frame["from"] == version:
                doc, version = jsonpatch.apply_patch(doc, frame["ops"]), frame["version"]
            elif frame["type"] == "rejected":
                sent = -1
        if doc is None or doc.get("outcome") or not doc.get("view"):
            if doc is not None and doc.get("outcome"):
                break
            continue
        if 0 in (doc.get("awaited") or doc.get("to_act") or []) and doc.get("legal") \
                and sent != version:
            action = random_action(doc["legal"], rng)
            host.send(json.dumps({"type": "action", "id": f"b{version}", "version": version,
                                  "action": action}))
            sent = version
    host.close()
    watcher.close()
    if not table.frames:
        raise RuntimeError(f"{game}: the spectator recorded nothing; the host's socket got "
                           f"{seen[:12]} ... {seen[-12:]} ({len(seen)}), its last document "
                           f"{json.dumps(doc)[:600]}")
    return table


def throttle(page: Any, cpu: float, network: bool) -> Any:
    """The DevTools session of ``page`` with the CPU slowed ``cpu`` times and, with
    ``network``, the phone network; it also counts the page's network traffic."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    if network:
        cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    return cdp


@dataclass
class Traffic:
    """What one visit asked of the network (counted from the DevTools protocol)."""

    bytes: int = 0
    requests: int = 0
    cached: int = 0
    urls: list[str] = field(default_factory=list)
    sizes: list[tuple[int, str]] = field(default_factory=list)  # (bytes, what) per answer

    def listen(self, cdp: Any) -> None:
        """Count the session's requests from now on."""
        sent: dict[str, str] = {}

        def will(e: dict[str, Any]) -> None:
            url = e["request"]["url"]
            if not url.startswith("data:"):
                sent[e["requestId"]] = url

        def served(e: dict[str, Any]) -> None:
            if e["requestId"] in sent:
                self.cached += 1
                sent.pop(e["requestId"])

        def done(e: dict[str, Any]) -> None:
            url = sent.pop(e["requestId"], None)
            if url is not None and e.get("encodedDataLength", 0) > 0:
                self.bytes += int(e["encodedDataLength"])
                self.requests += 1
                self.urls.append(url)
                self.sizes.append((int(e["encodedDataLength"]), url))
            elif url is not None:
                self.cached += 1

        def frame(e: dict[str, Any]) -> None:
            self.bytes += len(e["response"]["payloadData"].encode())
            self.sizes.append((len(e["response"]["payloadData"].encode()), "a WebSocket frame"))

        def opened(e: dict[str, Any]) -> None:
            self.requests += 1
            self.urls.append(e["url"])

        cdp.on("Network.requestWillBeSent", will)
        cdp.on("Network.requestServedFromCache", served)
        cdp.on("Network.loadingFinished", done)
        cdp.on("Network.webSocketFrameReceived", frame)
        cdp.on("Network.webSocketCreated", opened)


def board_drawn(cdp: Any, timeout: float = 120.0) -> None:
    """Wait until the page has painted its board, asking over the DevTools session only.
    (Playwright's wait_for_function first puts its own large script into the page: at 4x
    that was a 58 ms task on the main thread while the page was still drawing its board,
    which the visit's LCP and board times then counted as the page's.)"""
    deadline = time.monotonic() + timeout
    while True:
        got = cdp.send("Runtime.evaluate", {"expression": "window.__perf ? window.__perf.board : 0",
                                            "returnByValue": True})
        if (got.get("result") or {}).get("value"):
            return
        if time.monotonic() > deadline:
            raise TimeoutError("the board was never drawn")
        time.sleep(0.05)


def visit(context: Any, url: str) -> dict[str, Any]:
    """Open ``url`` in a new page of ``context`` on the throttled phone; its figures."""
    page = context.new_page()
    cdp = throttle(page, SLOWDOWN, network=True)
    traffic = Traffic()
    traffic.listen(cdp)
    page.goto(url, wait_until="load", timeout=120_000)
    board_drawn(cdp)
    page.wait_for_load_state("networkidle", timeout=120_000)
    page.wait_for_timeout(500)
    perf = page.evaluate("window.__perf")
    page.close()
    return {"bytes": traffic.bytes, "requests": traffic.requests, "cached": traffic.cached,
            "lcp": perf["lcp"], "lcp_what": perf["lcpWhat"], "board": perf["board"],
            "picture": perf["picture"],
            "longest": max((d for _, d in perf["tasks"]), default=0.0), "urls": traffic.urls,
            "largest": sorted(traffic.sizes, reverse=True)[:6]}


def without_inline_game(route: Any) -> None:
    """A Playwright route: the watch page as served, less the game inline in it
    (app/http/firstpaint.py). That is the table now; a replayed page starts from the
    recorded snapshot its stand-in socket sends."""
    html = route.fetch().text()
    route.fulfill(body=re.sub(f'<script type="application/json" id="{FIRST_ID}">.*?</script>',
                              "", html, flags=re.S), content_type="text/html")


def replay(browser: Any, server: Server, table: Table, cpu: float,
           trace: Path | None = None, keep_times: bool = False) -> dict[str, Any]:
    """Patch-to-paint over ``table``'s recorded frames at ``cpu`` times slower; with
    ``trace``, the replay's Chromium trace (timeline and JavaScript samples) is written there."""
    context = browser.new_context(**PHONE)
    context.add_init_script(OBSERVE)
    context.add_init_script(f"const SNAPSHOT = {json.dumps(table.frames[0])};\n{FAKE_SOCKET}")
    page = context.new_page()
    page.set_default_timeout(180_000)
    throttle(page, cpu, network=False)
    page.route(server.url + table.watch_url, without_inline_game)
    page.goto(server.url + table.watch_url, timeout=120_000)
    page.wait_for_function("() => window.__perf.board > 0", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=120_000)
    page.wait_for_timeout(300)
    say(f"  page ready, {len(table.frames) - 1} frames to replay")
    if trace is not None:
        browser.start_tracing(page=page, path=str(trace), categories=TRACE_CATEGORIES)
    got = page.evaluate(REPLAY, table.frames[1:])
    if trace is not None:
        browser.stop_tracing()
    context.close()
    times = sorted(got["times"])
    return {**spread_of(times), "longest": got["longest"],
            **({"times": times} if keep_times else {})}


def spread_of(times: list[float]) -> dict[str, Any]:
    """n, p50, p95 and max of sorted patch-to-paint ``times`` (all 0 when there are none)."""
    return {"n": len(times), "p50": statistics.median(times) if times else 0.0,
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
            "max": times[-1] if times else 0.0}


#: What a replay's trace records: the main thread's tasks, style, layout and paint, and
#: V8's samples (which functions a move's task spends its time in).
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
                    "v8.execute", "disabled-by-default-v8.cpu_profiler", "blink.user_timing"]


def say(text: str) -> None:
    """Progress, on stderr."""
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def combine_visits(visits: list[dict[str, Any]]) -> dict[str, Any]:
    """``runs`` visits of one kind as one: the median of each time, its range in ``spread``
    (bytes, requests and URLs are the first visit's: every run asks the same)."""
    out = dict(visits[0])
    out["spread"] = {}
    for key in ("lcp", "picture", "board", "longest"):
        values = [v[key] for v in visits]
        out[key] = statistics.median(values)
        out["spread"][key] = [min(values), max(values)]
    out["runs"] = len(visits)
    return out


def combine_replays(replays: list[dict[str, Any]]) -> dict[str, Any]:
    """``runs`` replays of one table as one: every move's time pooled for p50/p95/max, the
    longest task as the median replay's, with the worst replay's in ``longest_max``."""
    longest = [r["longest"] for r in replays]
    return {**spread_of(sorted(t for r in replays for t in r["times"])), "runs": len(replays),
            "longest": statistics.median(longest), "longest_max": max(longest),
            "longest_each": longest}


def measure(games: tuple[str, ...], moves: int, shots: Path | None, *,
            replay_only: bool = False, trace: Path | None = None,
            runs: int = 3) -> list[dict[str, Any]]:
    """Every figure of every game in ``games``; with ``replay_only`` only the replays' (the
    visits' columns are empty), with ``trace`` a trace of each 4x replay in that folder.
    Each visit (cold in a new profile, then warm) and each replay is made ``runs`` times:
    on this machine one run of the same code varies by 15-25%."""
    from playwright.sync_api import sync_playwright

    rows = []
    with Server(bot_delay=0.02) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-dev-shm-usage"])
        # The browser started and one page drawn in a context of its own (its own cache): a
        # phone's browser is running when a link is tapped, and the first game measured
        # would otherwise pay for the browser's start (and look a second slower).
        warmup = browser.new_context(**PHONE)
        warmup.new_page().goto(server.url + "/", wait_until="networkidle", timeout=120_000)
        warmup.close()
        for game in games:
            say(f"{game}: playing {moves} moves")
            table = play_table(server, game, moves)
            say(f"{game}: {len(table.frames)} frames recorded; cold and warm visits")
            time.sleep(0.5)
            if replay_only:
                cold, warm = unvisited(), unvisited()
            else:
                colds, warms = [], []
                for _ in range(runs):
                    context = browser.new_context(**PHONE)
                    context.add_init_script(OBSERVE)
                    colds.append(visit(context, server.url + table.watch_url))
                    warms.append(visit(context, server.url + table.watch_url))
                    context.close()
                cold, warm = combine_visits(colds), combine_visits(warms)
            if shots is not None:
                context = browser.new_context(**PHONE)
                context.add_init_script(OBSERVE)
                page = context.new_page()
                page.goto(server.url + table.watch_url)
                page.wait_for_function("() => window.__perf.board > 0")
                page.wait_for_timeout(500)
                page.screenshot(path=str(shots / f"client-{game}.png"), full_page=True)
                page.close()
                context.close()
            fasts, slows = [], []
            for run in range(runs):
                say(f"{game}: replay at 1x ({run + 1}/{runs})")
                fasts.append(replay(browser, server, table, 1, keep_times=True))
                say(f"{game}: replay at {SLOWDOWN}x ({run + 1}/{runs})")
                slows.append(replay(browser, server, table, SLOWDOWN, keep_times=True,
                                    trace=trace / f"replay4x-{game}-{run}.json" if trace else None))
            fast, slow = combine_replays(fasts), combine_replays(slows)
            row = {"game": game, "cold": cold, "warm": warm, "replay": fast,
                   "replay4x": slow}
            rows.append(row)
            print(json.dumps({**row, "cold": {k: v for k, v in cold.items() if k != "urls"},
                              "warm": {k: v for k, v in warm.items() if k != "urls"}}),
                  flush=True)
            say(f"{game}: the largest answers of the first visit: {cold['largest']}")
            if warm["urls"]:
                print(f"  {game} warm visit asked: {warm['urls']}", flush=True)
        browser.close()
    return rows


def unvisited() -> dict[str, Any]:
    """A visit's figures when the visits were skipped (``--replay-only``): all nought."""
    return {"bytes": 0, "requests": 0, "cached": 0, "lcp": 0.0, "lcp_what": "", "board": 0.0,
            "longest": 0.0, "urls": [], "largest": []}


def table_markdown(rows: list[dict[str, Any]], note: str) -> str:
    """The README's table of ``rows``."""
    ms = lambda v: f"{v / 1000:.2f} s" if v >= 1000 else f"{v:.0f} ms"  # noqa: E731
    lines = [note, "",
             "| game | first visit: KB / requests / LCP / board / longest task "
             "| second visit: KB / requests (+ from cache) / LCP / picture / board "
             "| patch-to-paint p50 / p95 / max (n), longest task: 1x | same at 4x |",
             "|---|---|---|---|---|"]
    def spread(visit: dict[str, Any], key: str) -> str:
        low, high = visit.get("spread", {}).get(key, (visit[key], visit[key]))
        return ms(visit[key]) if low == high else f"{ms(visit[key])} ({ms(low)}-{ms(high)})"

    for r in rows:
        c, w, f, s = r["cold"], r["warm"], r["replay"], r["replay4x"]
        top = s.get("longest_max", s["longest"])
        worst = f" (worst {ms(top)})" if top != s["longest"] else ""
        lines.append(
            f"| {r['game']} | {c['bytes'] / 1024:.0f} KB / {c['requests']} / {spread(c, 'lcp')} "
            f"/ {spread(c, 'board')} / {ms(c['longest'])} "
            f"| {w['bytes'] / 1024:.0f} KB / {w['requests']} (+{w['cached']}) / "
            f"{spread(w, 'lcp')} / {spread(w, 'picture') if w.get('picture') else '-'} / "
            f"{spread(w, 'board')} "
            f"| {f['p50']:.1f} / {f['p95']:.1f} / {f['max']:.1f} ms ({f['n']}), "
            f"{ms(f['longest'])} "
            f"| {s['p50']:.1f} / {s['p95']:.1f} / {s['max']:.1f} ms, {ms(s['longest'])}{worst} |")
    return "\n".join(lines)


def write_readme(text: str) -> None:
    """Replace the marked section of bench/README.md (appended the first time)."""
    readme = README.read_text()
    block = f"{BEGIN}\n{text}\n{END}"
    if BEGIN in readme and END in readme:
        head, rest = readme.split(BEGIN, 1)
        readme = head + block + rest.split(END, 1)[1]
    else:
        readme = readme.rstrip("\n") + "\n\n" + block + "\n"
    README.write_text(readme)


def main() -> None:
    """Run the benchmark (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--no-readme", action="store_true")
    parser.add_argument("--shots", type=Path, help="a folder for a screenshot per game")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--replay-only", action="store_true",
                        help="skip the cold and warm visits (their columns read 0); "
                             "implies --no-readme")
    parser.add_argument("--runs", type=int, default=3,
                        help="visits and replays per game; times are their medians "
                             "(ranges in brackets)")
    parser.add_argument("--trace", type=Path,
                        help="a folder for a Chromium trace of each game's 4x replay")
    args = parser.parse_args()
    for folder in (args.shots, args.trace):
        if folder:
            folder.mkdir(parents=True, exist_ok=True)
    rows = measure(tuple(args.games), args.moves, args.shots, replay_only=args.replay_only,
                   trace=args.trace, runs=args.runs)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    load = os.getloadavg()[0]
    note = (f"Commit {commit}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
            f"load average {load:.1f} on {os.cpu_count()} cores when it ended "
            f"(`python -m bench.client --moves {args.moves} --runs {args.runs}`: each time "
            f"the median of {args.runs} visits or replays, their range in brackets, the "
            "worst replay's longest task beside the median one's; other work on the machine "
            "makes every time an upper bound).")
    text = table_markdown(rows, note)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    if not args.no_readme and not args.replay_only:
        write_readme(text)


if __name__ == "__main__":
    main()
