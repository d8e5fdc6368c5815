"""Browser tests: a live Meja server on PostgreSQL and Debian's headless Chromium.

Fixtures
--------
``e2e_server``  a running server (``.url``, ``.ws_url``; ``.app.state.store`` for checks).
``browser``     a Playwright Chromium (``/usr/bin/chromium``); missing browser = failure.
``new_page``    ``new_page()`` opens a page in a *fresh browser profile* (its own context, so
                its own localStorage), like a different friend's browser. Page errors
                (uncaught JS exceptions) fail the test at teardown.
Helpers
-------
``api_lobby(server, game, seats, options=None, bots=(), names=())`` creates a lobby over the
API, joins ``names`` into the next seats, fills ``bots`` seats with bots and returns
``{"lobby": ..., "seats": {seat: credential}}`` (seat 0 is the host).
``open_seat(page, server, game_id, seat, credential, game)`` puts the credential into that
page's localStorage exactly as the join page does and opens ``/game/<game_id>``.
``open_watch(page, server, lobby)`` opens the watch link.
``open_table(server, new_page, made, game)`` opens every seat of ``api_lobby``'s result in
its own profile plus a spectator's page; returns ``(pages_by_seat, watcher)``.
``start_lobby(server, lobby)`` starts it over the API.
``started_with_copy(server, game, engine, names)`` creates and starts a lobby and returns it
with the engine's own copy of the initial state and the stored seed, so a test can plan
clicks that the deal allows.
``hold_first_answer(page, url, method="GET")`` keeps the server's answer to the page's first
such request until the test delivers it (an answer overtaken by frames);
``until_held(page, held, what)`` waits until it holds one.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.app.client import seated_lobby, start
from tests.conftest import LiveServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def e2e_server(pg_url: str) -> Iterator[LiveServer]:
    server = LiveServer(pg_url, bot_delay=0.05).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: run `make test` (it installs Debian's chromium) "
                    "or apt-get install -y chromium")
    from playwright.sync_api import expect, sync_playwright

    # A 2-core CI machine runs two test workers, the browser, PostgreSQL and mypy at once: an
    # assertion waits as long as a page action does (15 s, not Playwright's 5 s) before it
    # fails. A passing assertion returns as soon as it holds, so this costs a green run nothing.
    expect.set_options(timeout=15_000)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 800, touch: bool = False,
             timeout: int = 15_000) -> Any:
        """A page in a fresh profile; ``touch``: a phone's (touch, coarse pointer, 2x)."""
        extra = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if touch else {}
        ctx = browser.new_context(viewport={"width": width, "height": height}, **extra)
        if not touch:
            ctx.grant_permissions(["clipboard-read", "clipboard-write"])
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(timeout)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"uncaught errors in the page: {errors}"


#: The phone every touch test uses (issue 15: a 390 x 844 touch viewport).
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(new_page: Callable[..., Any]) -> Any:
    """One page on a 390 x 844 touch phone (uncaught page errors fail the test)."""
    return new_page(PHONE["width"], PHONE["height"], touch=True, timeout=30_000)


def api_lobby(server: LiveServer, game: str, seats: int, options: dict | None = None,
              bots: tuple[int, ...] = (), names: tuple[str, ...] = ()) -> dict[str, Any]:
    lobby, creds = seated_lobby(server, game, seats, options, bots, names)
    return {"lobby": lobby, "seats": creds}


def start_lobby(server: LiveServer, lobby: dict[str, Any]) -> None:
    start(server, lobby)


def started_with_copy(server: LiveServer, game: str, engine: Any,
                      names: tuple[str, ...] = ("Budi",)) -> tuple[dict[str, Any], Any, int]:
    made = api_lobby(server, game, 1 + len(names), names=names)
    start(server, made["lobby"])
    seed = server.app.state.store.game(made["lobby"]["game_id"])["seed"]
    return made, engine.setup(1 + len(names), {}, seed), seed


def open_seat(page: Any, server: LiveServer, game_id: str, seat: int, credential: str,
              game: str) -> None:
    page.goto(f"{server.url}/")
    entry = {game_id: {"credential": credential, "seat": seat, "game": game, "name": f"P{seat}"}}
    page.evaluate(
        """(entry) => {
            const all = JSON.parse(localStorage.getItem('meja.seats') || '{}');
            Object.assign(all, entry);
            localStorage.setItem('meja.seats', JSON.stringify(all));
        }""",
        entry,
    )
    page.goto(f"{server.url}/game/{game_id}")


def open_host_seat(page: Any, server: LiveServer, made: dict[str, Any], game: str,
                   lang: str | None = None) -> None:
    """Open the host's seat (seat 0) of ``made`` (an api_lobby answer) in ``page``, in the
    page language ``lang`` when given (as a player who chose it earlier)."""
    if lang is not None:
        page.goto(f"{server.url}/")
        page.evaluate("(lang) => localStorage.setItem('meja.lang', lang)", lang)
    open_seat(page, server, made["lobby"]["game_id"], 0, made["seats"][0], game)


def hold_first_answer(page: Any, url: Any, method: str = "GET") -> list[tuple[Any, Any]]:
    """Let the server answer the page's first ``method`` request to ``url`` (a pattern), but
    keep the answer from the page: the list gets ``(route, response)``, and
    ``route.fulfill(response=response)`` delivers it when the test says. Later requests
    pass. For racing an answer against the frames that overtake it."""
    held: list[tuple[Any, Any]] = []

    def hold(route: Any) -> None:
        if route.request.method != method or held:
            route.continue_()
            return
        held.append((route, route.fetch()))

    page.route(url, hold)
    return held


def until_held(page: Any, held: list[tuple[Any, Any]], what: str) -> None:
    """Wait (up to 5 s) until ``hold_first_answer`` holds its answer: the page's route
    handler runs only while the test waits on the page."""
    for _ in range(100):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the page did not ask: {what}")


def open_watch(page: Any, server: LiveServer, lobby: dict[str, Any]) -> None:
    page.goto(server.url + lobby["watch_url"])


def open_table(server: LiveServer, new_page: Callable[..., Any], made: dict[str, Any],
               game: str) -> tuple[dict[int, Any], Any]:
    """One page per seat, each in its own browser profile, and a spectator's page."""
    lobby = made["lobby"]
    pages = {}
    for seat, credential in sorted(made["seats"].items()):
        pages[seat] = new_page()
        open_seat(pages[seat], server, lobby["game_id"], seat, credential, game)
    watcher = new_page()
    open_watch(watcher, server, lobby)
    return pages, watcher


__all__ = ["api_lobby", "hold_first_answer", "until_held", "open_seat", "open_table",
           "open_watch", "start_lobby", "started_with_copy", "json"]


def corrupt_first_action(page: Any, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Route the page's game socket so its first action frame reaches the server as
    ``change(action)`` (as a stale board would send it); everything else passes unchanged."""
    pending = {"next": True}

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def to_server(message: Any) -> None:
            frame = json.loads(message) if isinstance(message, str) else None
            if frame and frame.get("type") == "action" and pending["next"]:
                pending["next"] = False
                frame["action"] = change(frame["action"])
                message = json.dumps(frame)
            server.send(message)

        ws.on_message(to_server)
        server.on_message(lambda message: ws.send(message))

    page.route_web_socket(re.compile(r".*/ws.*"), route)

