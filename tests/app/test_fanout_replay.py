"""Two server processes on one PostgreSQL: a move committed by one is replayed by the other
from its notification (no database read), and a replay whose result differs from the
committed one is never served: the process reads the database instead."""

from __future__ import annotations

import pytest

import app.realtime.pgfanout
from tests.app.client import Viewer, open_table
from tests.conftest import LiveServer

MOVES = 40


def _play(host: Viewer, guest: Viewer, spec: Viewer) -> None:
    """MOVES moves, alternating between the host (first process) and the guest (second)."""
    players = (host, guest)
    for v in range(MOVES):
        mover, other = players[v % 2], players[(v + 1) % 2]
        assert mover.answer(mover.act({"type": "advance", "n": 1 + v % 6}))["type"] == \
            "accepted"
        other.wait_version(v + 1)
    spec.wait_version(MOVES)


def _same_everywhere(first: LiveServer, second: LiveServer, game_id: str,
                     host: Viewer, guest: Viewer, spec: Viewer) -> None:
    stored = first.app.state.store.game(game_id)
    for server in (first, second):
        room = server.app.state.hub.rooms[game_id]
        assert (room.version, room.state) == (stored["version"], stored["state"])
    assert host.doc["view"] == guest.doc["view"] == spec.doc["view"]
    assert host.log == guest.log


def test_moves_of_the_other_process_are_replayed_not_read(pg_url: str) -> None:
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, guest, spec = open_table(first, "race", guests_on=second)
        _play(host, guest, spec)
        _same_everywhere(first, second, lobby["game_id"], host, guest, spec)
        # Each process committed half of the moves and replayed (almost all of) the others'.
        for server in (first, second):
            assert server.app.state.hub.fanout.replayed >= MOVES // 2 - 2
    finally:
        first.stop()
        second.stop()


def test_a_replay_that_disagrees_reads_the_database(pg_url: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # The receiving side's fingerprint never matches the committed one (as if an engine
    # behaved differently in another process): every step must come from the database.
    monkeypatch.setattr(app.realtime.pgfanout, "step_digest", lambda state, lines: "different")
    first, second = LiveServer(pg_url).start(), LiveServer(pg_url).start()
    try:
        lobby, host, guest, spec = open_table(first, "race", guests_on=second)
        _play(host, guest, spec)
        _same_everywhere(first, second, lobby["game_id"], host, guest, spec)
        assert first.app.state.hub.fanout.replayed == second.app.state.hub.fanout.replayed == 0
    finally:
        first.stop()
        second.stop()
