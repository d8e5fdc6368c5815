"""Players with accounts and real finished games, for the crews' tests.

An account is made and signed in through the accounts core's store (its sign-in routes
are the accounts work's own tests); the browser's side of it is the session cookie. Games
are real: a race is created, joined, started and played over the WebSocket to the result
the test asks for, and each player's seat is claimed into their account.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx

from app.store import accounts as accounts_db
from app.store.store import Store
from tests.app.client import Viewer, auth, http, invite_of
from tests.conftest import LiveServer

COOKIE = "meja_session"


@dataclass
class Player:
    """A person: a name, and when they have one, their account and signed-in client."""

    name: str
    account_id: str | None = None
    client: httpx.Client | None = None
    token: str | None = None
    email: str | None = None
    #: The seat credential this player's browser got at each game (game id -> credential).
    seats: dict[str, str] = field(default_factory=dict)

    def get(self, server: LiveServer, path: str) -> httpx.Response:
        c = self.client or http
        return c.get(f"{server.url}{path}")

    def send(self, server: LiveServer, method: str, path: str,
             body: Any = None) -> httpx.Response:
        c = self.client or http
        return c.request(method, f"{server.url}{path}", json=body)


def store_of(server: LiveServer) -> Store:
    return server.app.state.store  # type: ignore[no-any-return]


def with_account(server: LiveServer, name: str, email: str | None = None) -> Player:
    """A player with an account, signed in (a session cookie in their own client)."""
    engine = store_of(server).engine
    account = accounts_db.create_account(engine, name, email)
    _session, token = accounts_db.new_session(engine, account["id"], "test")
    client = httpx.Client(timeout=15, cookies={COOKIE: token})
    return Player(name, account["id"], client, token, email)


def guest(name: str) -> Player:
    return Player(name)


def play_race(server: LiveServer, players: list[Player], steps: list[int],
              goal: int = 6, claim: bool = True, spectators: bool = True,
              settings: dict | None = None) -> str:
    """A race of ``players`` (the first hosts) played with these advances, in turn, to its
    end; each account claims its seat. Returns the game id."""
    host = players[0]
    r = http.post(f"{server.url}/api/lobbies", json={
        "game": "race", "seats": len(players), "options": {"goal": goal},
        "host_name": host.name, "spectators": spectators, "settings": settings or {}})
    assert r.status_code == 201, r.text
    lobby = r.json()
    creds = [lobby["credential"]]
    for p in players[1:]:
        j = http.post(f"{server.url}/api/invites/{invite_of(lobby)}/join", json={"name": p.name})
        assert j.status_code == 200, j.text
        creds.append(j.json()["credential"])
    for p, cred in zip(players, creds, strict=True):
        p.seats[lobby["game_id"]] = cred
    if claim:
        engine = store_of(server).engine
        for p, cred in zip(players, creds, strict=True):
            if p.account_id:
                accounts_db.claim_seats(engine, p.account_id, [cred])
    s = http.post(f"{server.url}/api/games/{lobby['game_id']}/start",
                  headers=auth(lobby["credential"]))
    assert s.status_code == 200, s.text
    viewers = [Viewer(server.ws_url, lobby["game_id"], credential=c) for c in creds]
    try:
        for v in viewers:
            v.wait_for(lambda f: f["type"] == "snapshot")
        first = viewers[0].version or 0
        for i, n in enumerate(steps):
            v = viewers[i % len(players)]
            v.wait_version(first + i)
            answer = v.answer(v.act({"type": "advance", "n": n}))
            assert answer["type"] == "accepted", answer
    finally:
        for v in viewers:
            v.close()
    game = http.get(f"{server.url}/api/games/{lobby['game_id']}",
                    headers=auth(lobby["credential"])).json()
    assert game["status"] == "finished", game
    return str(lobby["game_id"])
