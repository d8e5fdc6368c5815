"""A test client that speaks Meja's WebSocket protocol like the browser does."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import jsonpatch
from websockets.sync.client import connect

from app.realtime.frames import server_frame

_ids = itertools.count(1)

#: One shared client: creating one per request (httpx.post) builds an SSL context each time.
http = httpx.Client(timeout=15)


class Viewer:
    """One WebSocket connection that keeps its document current from snapshots and patches."""

    def __init__(self, ws_url: str, game_id: str, *, credential: str | None = None,
                 watch: str | None = None, version: int | None = None) -> None:
        self.ws = connect(f"{ws_url}/ws/{game_id}", open_timeout=10, max_size=1 << 22)
        self.credential = credential
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.doc: dict[str, Any] | None = None
        self.version: int | None = None
        self.log: list[dict[str, Any]] = []
        hello: dict[str, Any] = {"type": "hello"}
        if credential:
            hello["credential"] = credential
        if watch:
            hello["watch"] = watch
        if version is not None:
            hello["version"] = version
        self.ws.send(json.dumps(hello))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame, applied to the document."""
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        server_frame.validate_json(text)  # every frame the server sends is in the protocol
        frame = json.loads(text)
        self.frames.append(frame)
        if frame["type"] == "snapshot":
            self.doc, self.version = frame["doc"], frame["version"]
            self.log = list(frame.get("log") or [])
        elif frame["type"] == "patch":
            assert frame["from"] == self.version, "version gap in patches"
            self.doc = jsonpatch.apply_patch(self.doc, frame["ops"]) if frame["ops"] else self.doc
            self.version = frame["version"]
            self.log.extend(frame.get("log") or [])
        elif frame["type"] == "uptodate":
            self.version = frame["version"]
        return frame

    def wait_for(self, pred: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Read frames until one satisfies ``pred`` (returns it)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no matching frame; last frames: {self.frames[-5:]}")
            frame = self.recv(timeout=left)
            if pred(frame):
                return frame

    def wait_version(self, version: int, timeout: float = 10.0) -> None:
        """Read until the document is at ``version`` or later."""
        while self.version is None or self.version < version:
            self.wait_for(lambda f: f["type"] in ("snapshot", "patch", "uptodate"), timeout)

    def act(self, action: dict[str, Any], version: int | None = None,
            client_id: str | None = None) -> str:
        """Send an action; returns its client id."""
        cid = client_id or f"t{next(_ids)}"
        v = self.version if version is None else version
        self.ws.send(json.dumps({"type": "action", "id": cid, "version": v, "action": action}))
        return cid

    def answer(self, cid: str, timeout: float = 10.0) -> dict[str, Any]:
        """The accepted/rejected answer to an action id (an acceptance may ride in the
        sender's patch frame; it is returned in the form of an ``accepted`` frame)."""
        for f in self.frames:
            if f["type"] == "patch" and f.get("accepted") == cid:
                return {"type": "accepted", "id": cid, "version": f["version"]}
        frame = self.wait_for(lambda f: (f.get("id") == cid and f["type"] in (
            "accepted", "rejected")) or (f["type"] == "patch" and f.get("accepted") == cid),
            timeout)
        if frame["type"] == "patch":
            return {"type": "accepted", "id": cid, "version": frame["version"]}
        return frame

    def close(self) -> None:
        self.ws.close()


def create(server: Any, game: str = "race", seats: int = 2, *, options: dict | None = None,
           host: str = "Host", spectators: bool = True, listed: bool = True) -> dict[str, Any]:
    """POST /api/lobbies and return the answer (asserting success)."""
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": game, "seats": seats, "options": options or {}, "host_name": host,
        "spectators": spectators, "listed": listed})
    assert r.status_code == 201, r.text
    return r.json()


def auth(credential: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {credential}"}


def invite_of(lobby: dict[str, Any]) -> str:
    """The invite id of a lobby's invite link."""
    return lobby["invite_url"].rsplit("/", 1)[1]


def join(server: Any, lobby: dict[str, Any], name: str) -> dict[str, Any]:
    r = http.post(f"{server.url}/api/invites/{invite_of(lobby)}/join", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()


def seated_lobby(server: Any, game: str = "race", seats: int = 2,
                 options: dict[str, Any] | None = None, bots: tuple[int, ...] = (),
                 names: tuple[str, ...] = ()) -> tuple[dict[str, Any], dict[int, str]]:
    """A lobby hosted by Ana with ``names`` joined and ``bots`` seated; the lobby and each
    human seat's credential."""
    lobby = create(server, game=game, seats=seats, options=options or {}, host="Ana")
    creds = {0: lobby["credential"]}
    for name in names:
        got = join(server, lobby, name)
        creds[got["seat"]] = got["credential"]
    for seat in bots:
        r = http.post(f"{server.url}/api/games/{lobby['game_id']}/seats/{seat}/bot",
                      headers=auth(lobby["credential"]))
        assert r.status_code == 200, r.text
    return lobby, creds


def race(*calls: Callable[[], httpx.Response]) -> list[httpx.Response]:
    """Send every request at the same moment (one thread each) and return the answers."""
    barrier = threading.Barrier(len(calls))

    def go(call: Callable[[], httpx.Response]) -> httpx.Response:
        barrier.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(go, calls))


def start(server: Any, lobby: dict[str, Any]) -> dict[str, Any]:
    r = http.post(f"{server.url}/api/games/{lobby['game_id']}/start",
                   headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    return r.json()


def watch_id(lobby: dict[str, Any]) -> str:
    return lobby["watch_url"].rsplit("/", 1)[1]


def open_table(server: Any, game: str,
               guests_on: Any = None) -> tuple[dict, Viewer, Viewer, Viewer]:
    """A started 2-player game: the host on ``server``, the guest and a spectator on
    ``guests_on`` (another process on the same database; default the same server), each
    holding its first snapshot."""
    guests_on = guests_on or server
    lobby = create(server, game=game, seats=2)
    friend = join(server, lobby, "Budi")
    start(server, lobby)
    host = Viewer(server.ws_url, lobby["game_id"], credential=lobby["credential"])
    guest = Viewer(guests_on.ws_url, lobby["game_id"], credential=friend["credential"])
    spec = Viewer(guests_on.ws_url, lobby["game_id"], watch=watch_id(lobby))
    for v in (host, guest, spec):
        v.wait_for(lambda f: f["type"] == "snapshot")
    return lobby, host, guest, spec


def hold(monkeypatch: Any, owner: Any, name: str, *, before: bool = False,
         first_only: bool = False) -> tuple[threading.Event, threading.Event]:
    """Hold every call of ``owner.name`` (a database call the service makes in a worker
    thread) until the test sets ``release``: after it returned (its result is what the
    database held at that moment), or with ``before`` before it starts; with
    ``first_only``, the first call only. ``reached`` is set once a call got there. Lets a
    test put another request inside that window."""
    reached, release = threading.Event(), threading.Event()
    original = getattr(owner, name)

    def held(*args: Any, **kwargs: Any) -> Any:
        if first_only and reached.is_set():
            return original(*args, **kwargs)
        if before:
            reached.set()
            assert release.wait(10)
            return original(*args, **kwargs)
        result = original(*args, **kwargs)
        reached.set()
        assert release.wait(10)
        return result

    monkeypatch.setattr(owner, name, held)
    return reached, release
