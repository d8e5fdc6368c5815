"""A move drawn within a frame (issue 42): the board a page keeps up to date patch by patch
(static/morph.js writes only what changed into the nodes already on the page) is exactly the
board a fresh page draws from the final state, for every game, on a phone.

The moves are a real game's: bench/client.py's table (bots and random legal moves) is
recorded by a spectator's socket. One page gets those frames through its socket, one by one;
the other gets one snapshot of where they end (the document with every patch applied, every
line of the log) and draws it at once."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonpatch
import pytest

from bench.client import FAKE_SOCKET, play_table, without_inline_game
from tests.conftest import LiveServer
from tests.e2e.conftest import PHONE

GAMES = ("tuk-tuk-taxi", "jakarta-traffic", "kaki-lima", "indonesia")

#: Everything the renderer drew (the board's SVG and its panels) and the players' list (whose
#: rows are kept while they show the same) as markup, each element's
#: attributes in name order: their order in the source means nothing, and a kept node keeps
#: the order it was first given them in.
DRAWN = """
() => {
  const text = (node) => {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1) return "";
    const attrs = [...node.attributes].map((a) => `${a.name}="${a.value}"`).sort().join(" ");
    const inside = [...node.childNodes].map(text).join("");
    return `<${node.localName} ${attrs}>${inside}</${node.localName}>\n`;
  };
  return text(document.querySelector(".board-root")) + text(document.querySelector("ol.players"));
}
"""

#: The recorded patches, each handed to the page's socket at the start of its own frame.
DELIVER = """
async (frames) => {
  const ws = window.__sockets[window.__sockets.length - 1];
  for (const data of frames) {
    await new Promise((r) => requestAnimationFrame(r));
    ws.onmessage(new MessageEvent("message", { data }));
  }
  await new Promise((r) => requestAnimationFrame(r));
}
"""


def final_snapshot(frames: list[str]) -> str:
    """The snapshot a page opened after ``frames`` would get: their last document, all lines."""
    first = json.loads(frames[0])
    doc, version, log = first["doc"], first["version"], list(first.get("log") or [])
    for text in frames[1:]:
        frame = json.loads(text)
        doc = jsonpatch.apply_patch(doc, frame["ops"])
        version = frame["version"]
        log += frame.get("log") or []
    return json.dumps({**first, "doc": doc, "version": version, "log": log})


def watch(page: Any, server: LiveServer, url: str, snapshot: str) -> None:
    """Open the watch link with the page's socket answering its hello with ``snapshot``."""
    page.context.add_init_script(f"const SNAPSHOT = {json.dumps(snapshot)};\n{FAKE_SOCKET}")
    page.route(server.url + url, without_inline_game)
    page.goto(server.url + url)
    board_ready(page)


def board_ready(page: Any) -> None:
    page.wait_for_function("() => document.querySelectorAll('.board-root svg *').length > 20")


def first_difference(a: str, b: str) -> str:
    """Both drawings around the first character where they part."""
    at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
              min(len(a), len(b)))
    near = slice(max(0, at - 200), at + 200)
    return f"patched: ...{a[near]}...\nfresh:   ...{b[near]}..."


@pytest.mark.parametrize("game", GAMES)
def test_a_board_patched_move_by_move_equals_a_fresh_draw(
        e2e_server: LiveServer, new_page: Callable[..., Any], game: str, tmp_path: Path) -> None:
    table = play_table(e2e_server, game, 40)  # type: ignore[arg-type]
    assert len(table.frames) > 20, "the bots and the host made the moves"

    patched = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    watch(patched, e2e_server, table.watch_url, table.frames[0])
    at_start = patched.evaluate(DRAWN)
    patched.evaluate(DELIVER, table.frames[1:])
    # What follows the board's last frame (the players, the log's list, side cards: the
    # shell's besideBoard) is drawn in the task after it, as on the fresh page below.
    patched.wait_for_timeout(300)
    after = patched.evaluate(DRAWN)
    assert after != at_start, "the moves changed the board"

    fresh = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    watch(fresh, e2e_server, table.watch_url, final_snapshot(table.frames))
    fresh.wait_for_timeout(300)  # a window placed at the next frame, the log's scroll
    drawn = fresh.evaluate(DRAWN)
    assert drawn == after, first_difference(after, drawn)
    # The log too: line by line as it came, or drawn from the snapshot at once (its newest
    # lines first, the older ones in the tasks after: static/gamelog.js), the same lines in
    # the same order.
    lines = patched.locator("[data-testid=log] li").all_inner_texts()
    assert len(lines) > 20, "the moves were logged"
    fresh.wait_for_function("(n) => document.querySelectorAll('[data-testid=log] li').length >= n",
                            arg=len(lines))
    assert fresh.locator("[data-testid=log] li").all_inner_texts() == lines
    patched.locator(".board-wrap").screenshot(path=str(tmp_path / f"{game}-patched.png"))


#: How far the log list is from its end (0: its newest line is in view), and its lines.
LOG_PLACE = ("(el) => [el.scrollHeight - el.scrollTop - el.clientHeight, el.scrollTop, "
             "el.children.length]")


def test_the_log_follows_its_news_and_leaves_a_player_reading_back_alone(
        e2e_server: LiveServer, new_page: Callable[..., Any], tmp_path: Path) -> None:
    """The log keeps its newest line in view as moves come, without reading the layout at
    each move (static/gamelog.js knows where the player left it from the player's own
    scrolling): a frame without news leaves a player who scrolled back to read where they
    are; a new line brings the list to its end again."""
    table = play_table(e2e_server, "kaki-lima", 30)  # type: ignore[arg-type]
    frames = table.frames
    assert len(frames) > 20, "the bots and the host made the moves"
    half = len(frames) // 2
    quiet = json.dumps({**json.loads(frames[half]), "log": []})  # a move that says nothing
    page = new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)
    watch(page, e2e_server, table.watch_url, frames[0])
    log = page.get_by_test_id("log")
    place = f"({LOG_PLACE})(document.querySelector('.log-list'))"

    page.evaluate(DELIVER, frames[1:half])
    # Below the board on a phone the list is scrolled to its news when it comes near the
    # screen (not at each move: it is not even laid out while out of view).
    log.scroll_into_view_if_needed()
    page.wait_for_function(f"() => {place}[0] < 2")
    gap, top, lines = log.evaluate(LOG_PLACE)
    assert top > 0, "the log is longer than its box, so following it means scrolling"

    log.focus()
    page.keyboard.press("Home")  # the player goes back to the game's first lines
    page.wait_for_function(f"() => {place}[1] === 0")
    page.evaluate(DELIVER, [quiet])
    page.wait_for_timeout(300)
    assert log.evaluate(LOG_PLACE)[1] == 0, "the log stayed where the player was reading"
    log.screenshot(path=str(tmp_path / "log-read-back.png"))

    page.evaluate(DELIVER, frames[half + 1:])
    page.wait_for_function(f"() => {place}[0] < 2")  # the news is in view
    assert log.evaluate(LOG_PLACE)[2] > lines, "the moves brought new lines"
    page.screenshot(path=str(tmp_path / "log-following.png"))
