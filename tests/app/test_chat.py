"""Table chat and spectators' chat over the game WebSocket (issue 13)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from app.features import chat as chat_module
from app.features.chat import MAX_TEXT, Refusal, compose
from app.realtime.frames import ChatSend
from tests.app.client import (
    Viewer,
    auth,
    create,
    hold,
    http,
    join,
    open_table,
    start,
    watch_id,
)
from tests.conftest import LiveServer

MARKUP = '<img src=x onerror="alert(1)"> & <b>bold</b> <script>alert(2)</script>'


def say(v: Viewer, text: str, channel: str = "table", name: str | None = None,
        cid: str | None = None) -> None:
    frame: dict[str, Any] = {"type": "chat", "channel": channel, "text": text}
    if name is not None:
        frame["name"] = name
    if cid is not None:
        frame["id"] = cid
    v.ws.send(json.dumps(frame))


def chat_of(v: Viewer, timeout: float = 10.0) -> dict[str, Any]:
    """The next chat message this viewer receives."""
    frame = v.wait_for(lambda f: f["type"] == "chat" and not f["history"], timeout)
    assert len(frame["messages"]) == 1
    return frame["messages"][0]


def refusal_of(v: Viewer, cid: str) -> dict[str, Any]:
    return v.wait_for(lambda f: f["type"] == "rejected" and f["id"] == cid)


def drain(v: Viewer) -> list[dict[str, Any]]:
    """Every frame the server sent before answering a ping (nothing more is on its way)."""
    start_at = len(v.frames)
    v.ws.send('{"type":"ping"}')
    v.wait_for(lambda f: f["type"] == "pong")
    return v.frames[start_at:]


def chat_table(server: LiveServer, guests_on: LiveServer | None = None,
               ) -> tuple[dict, Viewer, Viewer, Viewer]:
    """``open_table`` once each viewer's chat history was read: a message said from now on
    reaches everyone live (one said during a viewer's read arrives once, maybe in its
    history frame, which is what the reconnect tests below check)."""
    lobby, host, guest, spec = open_table(server, "race", guests_on)
    for v in (host, guest, spec):
        drain(v)  # a connection's pong comes after its welcome
    return lobby, host, guest, spec


@pytest.fixture
def table(live_server: LiveServer) -> Iterator[tuple[dict, Viewer, Viewer, Viewer]]:
    lobby, host, guest, spec = chat_table(live_server)
    yield lobby, host, guest, spec
    for v in (host, guest, spec):
        v.close()


def test_markup_stays_text_for_players_and_in_the_history(
        live_server: LiveServer, table: tuple[dict, Viewer, Viewer, Viewer]) -> None:
    lobby, host, guest, spec = table
    say(host, MARKUP)
    for v in (host, guest):
        line = chat_of(v)
        # Verbatim: neither interpreted nor entity-escaped (the client renders it as text).
        assert line["text"] == MARKUP
        assert (line["seat"], line["name"], line["channel"]) == (0, "Host", "table")
    # The players' chat is theirs: the spectator receives nothing of it.
    assert not [f for f in drain(spec) if f["type"] == "chat"]
    r = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/history",
                 headers=auth(lobby["credential"]))
    assert r.headers["content-type"].startswith("application/json")
    assert [m["text"] for m in r.json()["chat"]] == [MARKUP]
    # The public history (a listed table) is what a spectator reads: no table chat.
    public = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/history").json()
    assert public["chat"] == []


def test_length_is_counted_in_characters_and_empty_is_refused(
        table: tuple[dict, Viewer, Viewer, Viewer]) -> None:
    _, host, guest, _ = table
    emoji = "\U0001F600" * MAX_TEXT  # 500 characters, 1000 UTF-16 units
    say(host, emoji)
    assert chat_of(guest)["text"] == emoji
    say(host, emoji + "!", cid="long")
    assert refusal_of(host, "long")["reason"] == (
        "Messages are at most 500 characters; this one has 501.")
    say(host, "  \t \n ", cid="blank")
    refused = refusal_of(host, "blank")
    assert refused["code"] == "invalid" and "empty message" in refused["reason"]
    say(host, " two\nlines\x00here\t")
    # Control characters become spaces and the ends are trimmed; nothing else changes.
    assert chat_of(guest)["text"] == "two lines here"
    say(host, "still here")
    assert chat_of(guest)["text"] == "still here"  # nothing of the refusals arrived


@pytest.mark.parametrize("length", [4000, 4001, 60_000])
def test_a_text_of_any_length_is_refused_under_its_id(
        table: tuple[dict, Viewer, Viewer, Viewer], length: int) -> None:
    """However long the text (within a frame's 64 KiB), the refusal names the message, so
    the page can put the text back, and says the real limit."""
    _, host, _, _ = table
    say(host, "x" * length, cid="essay")
    refused = refusal_of(host, "essay")
    assert refused["code"] == "invalid"
    assert refused["reason"] == f"Messages are at most 500 characters; this one has {length}."


def test_a_malformed_chat_frame_is_refused_under_its_id(
        table: tuple[dict, Viewer, Viewer, Viewer]) -> None:
    """A chat frame that fails its own checks (a channel that does not exist) is still
    answered under the id it carries, not with an anonymous error frame."""
    _, host, _, _ = table
    host.ws.send(json.dumps({"type": "chat", "id": "odd", "channel": "lobby", "text": "hi"}))
    refused = refusal_of(host, "odd")
    assert refused["code"] == "invalid" and "channel" in refused["reason"]


def test_rate_limit_answers_with_a_sentence(live_server: LiveServer) -> None:
    rt = live_server.app.state.hub.rt
    saved = rt.chat_per_second, rt.chat_burst
    rt.chat_per_second, rt.chat_burst = 0.01, 3
    try:
        _, host, guest, spec = chat_table(live_server)
        for i in range(4):
            say(host, f"message {i}", cid=f"m{i}")
        refused = refusal_of(host, "m3")
        assert refused["code"] == "rate_limited"
        assert "too quickly" in refused["reason"] and "wait" in refused["reason"]
        got = [chat_of(guest)["text"] for _ in range(3)]
        assert got == ["message 0", "message 1", "message 2"]
        assert not [f for f in drain(guest) if f["type"] == "chat"]
        # The limit is per connection: the other player still talks.
        say(guest, "my turn to talk")
        assert chat_of(host)["text"] == "my turn to talk"
        for v in (host, guest, spec):
            v.close()
    finally:
        rt.chat_per_second, rt.chat_burst = saved


def test_a_message_posted_while_a_reconnect_reads_the_history_arrives_once(
        live_server: LiveServer, table: tuple[dict, Viewer, Viewer, Viewer],
        monkeypatch: pytest.MonkeyPatch) -> None:
    lobby, host, guest, _ = table
    say(host, "before you left")
    assert chat_of(guest)["text"] == "before you left"
    reading, release = hold(monkeypatch, chat_module, "recent", before=True)
    again = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    again.wait_for(lambda f: f["type"] == "snapshot")
    assert reading.wait(10)
    # The host's new connection is in the room, its chat history still being read.
    say(guest, "while you were reading")
    assert chat_of(again)["text"] == "while you were reading"
    release.set()
    frames = [f for f in drain(again) if f["type"] == "chat"]
    # The history brings what came before, and not a second copy of the live message.
    assert [[m["text"] for m in f["messages"]] for f in frames] == [["before you left"]]
    again.close()


def test_a_message_saved_before_a_history_read_and_delivered_after_it_arrives_once(
        live_server: LiveServer, table: tuple[dict, Viewer, Viewer, Viewer],
        monkeypatch: pytest.MonkeyPatch) -> None:
    lobby, host, guest, _ = table
    # Held once committed (a history read from now on sees it), before its delivery.
    saved, release = hold(monkeypatch, chat_module, "save")
    say(guest, "just before you came back")
    assert saved.wait(10)
    again = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    backlog = again.wait_for(lambda f: f["type"] == "chat" and f["history"])
    assert [m["text"] for m in backlog["messages"]] == ["just before you came back"]
    release.set()
    assert chat_of(host)["text"] == "just before you came back"
    # The sender's handler delivers it live only now: the reconnected host has it already.
    assert not [f for f in drain(again) if f["type"] == "chat"]
    again.close()


def test_spectator_chat_reaches_only_players_who_opted_in(
        live_server: LiveServer, table: tuple[dict, Viewer, Viewer, Viewer]) -> None:
    lobby, host, guest, spec = table
    other_spec = Viewer(live_server.ws_url, lobby["game_id"], watch=watch_id(lobby))
    other_spec.wait_for(lambda f: f["type"] == "snapshot")
    drain(other_spec)  # its history read is over: what is said now reaches it live
    say(spec, "who wins? <i>", channel="spectators", name="<b>Citra</b>")
    line = chat_of(other_spec)
    # A typed name is kept as typed, markup included (the page shows it as text).
    assert (line["name"], line["seat"], line["channel"], line["text"]) == (
        "<b>Citra</b>", None, "spectators", "who wins? <i>")
    assert chat_of(spec)["text"] == "who wins? <i>"
    # The host opts in: the recent spectators' chat arrives, then every new message.
    host.ws.send(json.dumps({"type": "chat_follow", "spectators": True}))
    backlog = host.wait_for(lambda f: f["type"] == "chat" and f["history"])
    assert [m["text"] for m in backlog["messages"]] == ["who wins? <i>"]
    say(spec, "nice move", channel="spectators", name="Citra")
    assert chat_of(host)["text"] == "nice move"
    assert chat_of(other_spec)["text"] == "nice move"
    # The guest never opted in: nothing of the spectators' chat reached it.
    assert not [f for f in drain(guest) if f["type"] == "chat"]
    assert not [f for f in guest.frames if f["type"] == "chat"]
    # Opting out again stops it.
    host.ws.send(json.dumps({"type": "chat_follow", "spectators": False}))
    drain(host)
    say(spec, "hello?", channel="spectators")
    assert chat_of(other_spec)["name"] == "Spectator"
    assert not [f for f in drain(host) if f["type"] == "chat"]
    # Opting in again brings what was said meanwhile, not a second copy of the rest.
    host.ws.send(json.dumps({"type": "chat_follow", "spectators": True}))
    backlog = host.wait_for(lambda f: f["type"] == "chat" and f["history"])
    assert [m["text"] for m in backlog["messages"]] == ["hello?"]
    # The history API follows the same rule.
    url = f"{live_server.url}/api/games/{lobby['game_id']}/history"
    assert http.get(url, headers=auth(lobby["credential"])).json()["chat"] == []
    opted = http.get(url, headers=auth(lobby["credential"]),
                     params={"spectator_chat": "true"}).json()["chat"]
    assert [m["text"] for m in opted] == ["who wins? <i>", "nice move", "hello?"]
    other_spec.close()


def test_each_side_writes_only_its_own_chat(table: tuple[dict, Viewer, Viewer, Viewer]) -> None:
    _, host, guest, spec = table
    say(spec, "let me play", channel="table", cid="s")
    assert refusal_of(spec, "s")["code"] == "forbidden"
    say(host, "psst", channel="spectators", cid="h")
    assert refusal_of(host, "h")["code"] == "forbidden"
    say(spec, "hi", channel="spectators", name="x" * 41, cid="n")
    assert refusal_of(spec, "n")["reason"] == "Display names are at most 40 characters."
    assert not [f for f in drain(guest) if f["type"] == "chat"]


def test_chat_survives_a_restart(db_url: str) -> None:
    first = LiveServer(db_url).start()
    try:
        lobby = create(first, seats=2)
        friend = join(first, lobby, "Budi")
        start(first, lobby)
        host = Viewer(first.ws_url, lobby["game_id"], credential=lobby["credential"])
        spec = Viewer(first.ws_url, lobby["game_id"], watch=watch_id(lobby))
        say(host, "see you after the restart")
        chat_of(host)
        say(spec, "me too", channel="spectators", name="Dewi")
        chat_of(spec)
        host.close()
        spec.close()
    finally:
        first.stop()
    second = LiveServer(db_url).start()
    try:
        guest = Viewer(second.ws_url, lobby["game_id"], credential=friend["credential"])
        guest.wait_for(lambda f: f["type"] == "snapshot")
        backlog = guest.wait_for(lambda f: f["type"] == "chat")
        assert backlog["history"] is True
        assert [(m["name"], m["text"]) for m in backlog["messages"]] == [
            ("Host", "see you after the restart")]
        spec = Viewer(second.ws_url, lobby["game_id"], watch=watch_id(lobby))
        backlog = spec.wait_for(lambda f: f["type"] == "chat")
        assert [(m["name"], m["text"]) for m in backlog["messages"]] == [("Dewi", "me too")]
        guest.close()
        spec.close()
    finally:
        second.stop()


def test_a_bot_never_chats(live_server: LiveServer) -> None:
    lobby = create(live_server, seats=2)
    r = http.post(f"{live_server.url}/api/games/{lobby['game_id']}/seats/1/bot",
                  headers=auth(lobby["credential"]))
    assert r.status_code == 200, r.text
    start(live_server, lobby)
    host = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    room = live_server.app.state.hub.rooms[lobby["game_id"]]
    # Whatever reaches the chat on the bot's seat is refused (a bot has no credential, and a
    # seat handed to a bot keeps no connection's voice).
    with pytest.raises(Refusal) as refused:
        compose(room, 1, ChatSend(type="chat", text="beep"))
    assert refused.value.code == "forbidden" and "bots never chat" in refused.value.reason
    # The bots played; the host said something; the chat holds the host's words only.
    host.answer(host.act({"type": "advance", "n": 1}))
    host.wait_version(2)
    say(host, "your move, bot")
    assert chat_of(host)["seat"] == 0
    history = http.get(f"{live_server.url}/api/games/{lobby['game_id']}/history",
                       headers=auth(lobby["credential"])).json()
    assert [m["seat"] for m in history["chat"]] == [0]
    assert any(e["seat"] == 1 for e in history["events"])  # the bot did act
    host.close()


def test_a_player_who_joined_later_reads_the_table_chat(live_server: LiveServer) -> None:
    lobby = create(live_server, seats=2)
    friend = join(live_server, lobby, "Budi")
    host = Viewer(live_server.ws_url, lobby["game_id"], credential=lobby["credential"])
    host.wait_for(lambda f: f["type"] == "snapshot")
    say(host, "ready when you are")  # chatting in the lobby, before the start
    chat_of(host)
    start(live_server, lobby)
    guest = Viewer(live_server.ws_url, lobby["game_id"], credential=friend["credential"])
    backlog = guest.wait_for(lambda f: f["type"] == "chat")
    assert [m["text"] for m in backlog["messages"]] == ["ready when you are"]
    host.close()
    guest.close()


def test_chat_crosses_server_processes(pg_url: str) -> None:
    """Two processes on one PostgreSQL: a message said on one reaches the other's viewers,
    under the same reading rules."""
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, guest, spec = chat_table(first, guests_on=second)
        say(host, "hello from the first process")
        assert chat_of(guest)["text"] == "hello from the first process"
        guest.ws.send(json.dumps({"type": "chat_follow", "spectators": True}))
        drain(guest)
        say(spec, "and from the second", channel="spectators", name="Eka")
        assert chat_of(guest)["text"] == "and from the second"
        assert not [f for f in drain(host) if f["type"] == "chat"
                    and f["messages"][0]["channel"] == "spectators"]
        drain(spec)
        assert not [f for f in spec.frames if f["type"] == "chat"
                    and f["messages"][0]["channel"] == "table"]
        for v in (host, guest, spec):
            v.close()
    finally:
        first.stop()
        second.stop()
