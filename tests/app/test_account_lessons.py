"""Lesson progress kept in the account (issue 41), over HTTP on both databases: two signed-in
browsers of one account see each other's finished lessons, the merge rules (done is the
union, "Continue" the most recent start unless finished since), validation against the
site's lessons, 401 for a guest, and deletion of the account removing the progress."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import httpx
from sqlalchemy import func, select

from app.store import accounts as accounts_db
from app.store.tables import account_lessons
from tests.app.crews_support import COOKIE, Player, store_of, with_account
from tests.conftest import LiveServer

FIRST = "kaki-lima/first-game"
CLEARING = "kaki-lima/clearing"
TUKTUK = "tuk-tuk-taxi/first-game"


def at(minutes_ago: int) -> str:
    return (dt.datetime.now(dt.UTC) - dt.timedelta(minutes=minutes_ago)).isoformat()


def second_browser(server: LiveServer, player: Player) -> httpx.Client:
    """Another device signed in to the same account (a session of its own)."""
    assert player.account_id is not None
    _, token = accounts_db.new_session(store_of(server).engine, player.account_id, "phone")
    return httpx.Client(base_url=server.url, timeout=15, cookies={COOKIE: token})


def sync(client: httpx.Client, server: LiveServer, body: dict) -> dict:
    r = client.post(f"{server.url}/api/account/lessons", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def done_of(answer: dict) -> set[str]:
    return {d["lesson"] for d in answer["done"]}


def test_a_lesson_finished_on_one_device_is_done_on_the_other(live_server: LiveServer) -> None:
    ayu = with_account(live_server, "Ayu")
    assert ayu.client is not None
    phone = second_browser(live_server, ayu)
    assert phone.get("/api/account/lessons").json() == {"done": [], "current": None}

    sync(ayu.client, live_server, {"done": [{"lesson": FIRST, "at": at(30)}],
                                   "current": {"lesson": CLEARING, "game_id": "tbl1",
                                               "at": at(10)}})
    # The phone brings a lesson of its own: the answer is the union of both.
    answer = sync(phone, live_server, {"done": [{"lesson": TUKTUK, "at": at(5)}]})
    assert done_of(answer) == {FIRST, TUKTUK}
    assert answer["current"]["lesson"] == CLEARING
    assert answer["current"]["game_id"] == "tbl1"
    r = ayu.client.get(f"{live_server.url}/api/account/lessons")
    assert r.headers["cache-control"] == "no-store"
    assert done_of(r.json()) == {FIRST, TUKTUK}


def test_continue_is_the_most_recent_start_unless_finished_since(
        live_server: LiveServer) -> None:
    ayu = with_account(live_server, "Ayu")
    assert ayu.client is not None
    phone = second_browser(live_server, ayu)
    sync(ayu.client, live_server,
         {"current": {"lesson": CLEARING, "game_id": "newer", "at": at(5)}})
    # An older start from the phone does not take "Continue" away from the newer one.
    answer = sync(phone, live_server,
                  {"current": {"lesson": TUKTUK, "game_id": "older", "at": at(60)}})
    assert answer["current"]["game_id"] == "newer"
    # Finishing the lesson under way (after its start) ends "Continue" on every device.
    answer = sync(phone, live_server, {"done": [{"lesson": CLEARING, "at": at(1)}]})
    assert answer["current"] is None
    assert done_of(answer) == {CLEARING}
    # Starting it again later makes it "Continue" again, still done.
    answer = sync(ayu.client, live_server,
                  {"current": {"lesson": CLEARING, "game_id": "again", "at": at(0)}})
    assert answer["current"]["game_id"] == "again"
    assert done_of(answer) == {CLEARING}
    # A done time is never moved back by an older report of the same lesson.
    answer = sync(phone, live_server, {"done": [{"lesson": CLEARING, "at": at(90)}]})
    assert answer["current"]["game_id"] == "again"


def test_unknown_lessons_are_not_kept_and_bad_bodies_are_refused(
        live_server: LiveServer) -> None:
    ayu = with_account(live_server, "Ayu")
    assert ayu.client is not None
    answer = sync(ayu.client, live_server, {
        "done": [{"lesson": "kaki-lima/no-such-lesson", "at": at(1)},
                 {"lesson": "chess/first-game", "at": at(1)},
                 {"lesson": FIRST, "at": "1970-01-01T00:00:00Z"}],
        "current": {"lesson": "kaki-lima/retired", "game_id": "x", "at": at(0)}})
    assert done_of(answer) == {FIRST}  # an old browser's tick without a time still counts
    assert answer["current"] is None
    # A clock set ahead does not pin "Continue" in the future.
    ahead = (dt.datetime.now(dt.UTC) + dt.timedelta(days=400)).isoformat()
    answer = sync(ayu.client, live_server,
                  {"current": {"lesson": TUKTUK, "game_id": "g", "at": ahead}})
    assert dt.datetime.fromisoformat(answer["current"]["at"]) <= dt.datetime.now(dt.UTC)
    url = f"{live_server.url}/api/account/lessons"
    for body in ({"done": [{"lesson": "../etc/passwd", "at": at(0)}]},
                 {"done": [{"lesson": FIRST, "at": "2026-01-01T00:00:00"}]},  # no zone
                 {"done": [{"lesson": FIRST, "at": at(0)}] * 201},
                 {"current": {"lesson": FIRST, "game_id": "<b>", "at": at(0)}},
                 {"done": [], "extra": 1}):
        r = ayu.client.post(url, json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.json()["detail"], r.text
    with store_of(live_server).engine.connect() as conn:
        rows = conn.execute(select(func.count()).select_from(account_lessons).where(
            account_lessons.c.account_id == ayu.account_id)).scalar_one()
    assert rows == 2  # FIRST and TUKTUK: nothing else was stored


def test_a_guest_is_told_to_sign_in(live_server: LiveServer) -> None:
    for method, body in (("GET", None), ("POST", {"done": []})):
        r = httpx.request(method, f"{live_server.url}/api/account/lessons", json=body,
                          timeout=15)
        assert r.status_code == 401, r.text
        assert r.json()["detail"] == "This needs an account; sign in first."


def test_deleting_the_account_deletes_its_lesson_progress(live_server: LiveServer) -> None:
    ayu = with_account(live_server, "Ayu")
    assert ayu.client is not None
    sync(ayu.client, live_server, {"done": [{"lesson": FIRST, "at": at(3)}],
                                   "current": {"lesson": TUKTUK, "game_id": "t",
                                               "at": at(1)}})
    engine = store_of(live_server).engine

    def rows() -> int:
        with engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(account_lessons).where(
                account_lessons.c.account_id == ayu.account_id)).scalar_one())

    assert rows() == 2
    assert ayu.client.delete(f"{live_server.url}/api/account").status_code == 204
    assert rows() == 0
    assert ayu.client.get(f"{live_server.url}/api/account/lessons").status_code == 401


def test_the_lesson_routes_are_rate_limited_like_the_account_routes(
        own_db_url: Callable[[], str]) -> None:
    server = LiveServer(own_db_url(), rate_accounts=2).start()
    try:
        ayu = with_account(server, "Ayu")
        assert ayu.client is not None
        url = f"{server.url}/api/account/lessons"
        assert ayu.client.get(url).status_code == 200
        assert ayu.client.post(url, json={}).status_code == 200
        for method in ("GET", "POST"):  # the same budget as /api/account and the others
            r = ayu.client.request(method, url, json={})
            assert r.status_code == 429, r.text
            assert int(r.headers["Retry-After"]) >= 1
    finally:
        server.stop()
