"""What a room sends its viewers: each kind of viewer's document, snapshots and patches.

:class:`Views` is the half of :class:`app.realtime.room.Room` that turns the game's state
into frames: one document per kind of viewer (a seat, or a spectator), built from only what
``engine.view`` lets that viewer see, plus each feature's part (``clock``, ``takeback``).
"""

from __future__ import annotations

from typing import Any

import orjson

from app.core import loglines
from app.realtime.diff import PartCache, patch_parts
from app.realtime.frames import encode
from app.realtime.outbox import Connection, Encoded
from app.realtime.port import Hooks
from engines.core.outcome import Outcome
from engines.core.protocol import Engine


class Turn:
    """What the engine says of one state (:meth:`Views.turn`); read it, never change it."""

    __slots__ = ("awaited", "outcome", "state", "to_act")

    def __init__(self, state: dict[str, Any], outcome: Outcome | None, to_act: list[int],
                 awaited: list[int]) -> None:
        self.state, self.outcome, self.to_act, self.awaited = state, outcome, to_act, awaited


#: The one empty list of a document's nothing-to-do (see :meth:`Views.build_doc`).
NOTHING: list[Any] = []


class Views:
    """Documents, snapshots and patches of a room (see the module docstring)."""

    game: dict[str, Any]
    engine: Engine
    state: dict[str, Any] | None
    version: int
    log_tail: list[dict[str, Any]]
    conns: set[Connection]
    docs: dict[int | None, dict[str, Any]]
    resent_at: int
    last: dict[str, Any] | None
    snaps: dict[int | None, tuple[int, dict[str, Any], str]]
    _turn: Turn | None

    @property
    def status(self) -> str:
        return self.game["status"]  # type: ignore[no-any-return]

    #: The features plugged into the room, by the hooks they implement.
    hooks: Hooks

    def turn(self, state: dict[str, Any]) -> Turn:
        """The engine's outcome, actors and awaited seats of ``state``, asked once per state:
        a move reads them for its checks, the new state's documents, its bots and the next
        move's checks (states are never changed once applied, so the state object names
        them; the memo holds it, so its identity cannot be reused)."""
        memo = self._turn
        if memo is not None and memo.state is state:
            return memo
        eng = self.engine
        memo = self._turn = Turn(state, eng.outcome(state), eng.to_act(state),
                                 eng.awaited(state))
        return memo

    def build_doc(self, seat: int | None,
                  shared: dict[str, Any] | None = None) -> dict[str, Any]:
        """This viewer's document: only what ``engine.view`` lets it see. ``shared``: the
        seat-independent part (:meth:`shared_doc`) when several viewers' documents of one
        version are built together."""
        if self.state is None:
            doc: dict[str, Any] = {"status": self.status, "view": None, "legal": [], "to_act": [],
                   "awaited": [], "outcome": None, "last": None}
            for feature in self.hooks.blank:
                doc.update(feature.blank())
            return doc
        common = shared if shared is not None else self.shared_doc()
        eng, st = self.engine, self.state
        # A seat outside ``to_act`` has nothing to do (the engine protocol's promise,
        # engines/core/protocol.py ``legal_actions``): only the seats that may act are asked.
        legal = (eng.legal_actions(st, seat)
                 if common["live"] and seat is not None and seat in common["to_act"] else None)
        doc = {
            "status": common["status"],
            "view": eng.view(st, seat),
            # Nothing to do is the one shared empty list, so that a viewer's patch skips an
            # unchanged "nothing" by identity (documents are only read, never changed).
            "legal": legal or NOTHING,
            "to_act": common["to_act"],
            "awaited": common["awaited"],
            "outcome": common["outcome"],
            "last": common["last"],
        }
        parts = common["parts"]
        for key, seat_part in self.hooks.seated:
            doc[key] = parts[key] if seat_part is None else seat_part(parts[key], seat)
        return doc

    def shared_doc(self) -> dict[str, Any]:
        """What every viewer's document of this version holds alike (computed once per
        version for a broadcast, not once per viewer); needs ``self.state``."""
        st = self.state
        assert st is not None
        turn = self.turn(st)
        outcome = turn.outcome
        live = outcome is None and self.status == "active"
        return {
            "status": self.status,
            "live": live,
            "to_act": turn.to_act if live else NOTHING,
            "awaited": turn.awaited if live else NOTHING,
            # An outcome imposed on the game (a clock's ``out_of_time = end``) wins.
            "outcome": self.game.get("outcome_override") or (
                outcome.as_dict() if outcome else None),
            "last": self.last,
            "parts": {key: shared(self)  # type: ignore[arg-type]
                      for key, shared in self.hooks.shared},
        }

    def visible_log(self, seat: int | None, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Log lines this viewer may read (public ones and its own private ones)."""
        return [loglines.for_viewer(line, line["seq"], line["seat"])
                for line in lines if loglines.readable(line, seat)]

    def _snapshot(self, seat: int | None) -> tuple[dict[str, Any], str]:
        """The current document and snapshot frame of one viewer kind (built once per
        version and kind)."""
        hit = self.snaps.get(seat)
        if hit is not None and hit[0] == self.version:
            return hit[1], hit[2]
        doc = self.build_doc(seat)
        text = encode({"type": "snapshot", "version": self.version, "doc": doc,
                       "log": self.visible_log(seat, self.log_tail)})
        self.snaps[seat] = (self.version, doc, text)
        return doc, text

    def snapshot_frame(self, seat: int | None) -> str:
        """A full snapshot for one connection; also primes the patch base for its viewer."""
        doc, text = self._snapshot(seat)
        self.docs[seat] = doc
        return text

    def send_snapshot(self, conn: Connection) -> None:
        """Queue a fresh snapshot for one connection."""
        conn.version = self.version
        conn.send(self.snapshot_frame(conn.seat))

    def invalidate(self) -> None:
        """The game changed outside the version (lobby, reload): rebuild documents."""
        self.snaps.clear()
        self.docs.clear()

    def resend(self) -> None:
        """Documents changed outside a version: every connection gets a fresh snapshot."""
        self.invalidate()
        self.resent_at = self.version
        for conn in list(self.conns):
            self.send_snapshot(conn)
        for feature in self.hooks.resent:
            feature.resent(self)  # type: ignore[arg-type]

    def broadcast(self, prev: int, lines: list[dict[str, Any]],
                  origin: Connection | None = None, ack: str | None = None) -> bool:
        """After the game moved from ``prev`` to ``self.version``: one patch per kind of
        viewer, queued for each of its connections (a snapshot for a connection that did not
        hold ``prev``).

        Work is shared wherever viewers see alike: a value every document holds (the
        seat-independent part, a view that hides nothing) is diffed and encoded once
        (:func:`app.realtime.diff.patch_parts`), the log lines once per set of readable
        lines, and viewers whose patch frames come out equal share one encoded frame
        (:class:`~app.realtime.outbox.Encoded`), whose WebSocket bytes are then built once.

        The connection that sent the action gets its answer inside its patch frame
        (``"accepted": id``): one frame less per move. Returns whether that happened.
        """
        for feature in self.hooks.versioned:
            feature.versioned(self)  # type: ignore[arg-type]
        acked = False
        base = self.docs
        frames: dict[int | None, Encoded] = {}
        new_docs: dict[int | None, dict[str, Any]] = {}
        shared: dict[str, Any] | None = None
        parts_cache: PartCache = {}
        same_frames: dict[tuple[bytes, ...], Encoded] = {}
        logs: dict[tuple[bool, ...] | None, bytes] = {}
        # Lines every viewer reads (most moves' only lines) are encoded once for all.
        private = any(line.get("to") is not None for line in lines)
        head = b'{"type":"patch","from":%d,"version":%d,"ops":[' % (prev, self.version)
        for conn in list(self.conns):
            if conn.closed:
                continue
            key = conn.seat
            if conn.version != prev or key not in base:
                doc, text = self._snapshot(key)
                new_docs[key] = doc
                conn.version = self.version
                conn.send(text)
                continue
            frame = frames.get(key)
            if frame is None:
                if shared is None and self.state is not None:
                    shared = self.shared_doc()
                new = self.build_doc(key, shared)
                new_docs[key] = new
                readable = (tuple([loglines.readable(line, key) for line in lines])
                            if private else None)
                log_json = logs.get(readable)
                if log_json is None:
                    log_json = logs[readable] = orjson.dumps(
                        [loglines.for_viewer(line, line["seq"], line["seat"])
                         for i, line in enumerate(lines) if readable is None or readable[i]])
                parts = patch_parts(base[key], new, parts_cache)
                parts.append(log_json)
                sig = tuple(parts)
                frame = same_frames.get(sig)
                if frame is None:
                    frame = same_frames[sig] = Encoded(
                        head + b",".join(parts[:-1]) + b'],"log":' + log_json + b"}")
                frames[key] = frame
            conn.version = self.version
            if conn is origin and ack is not None:
                acked = True
                conn.send(Encoded(frame.data[:-1] + b',"accepted":' + orjson.dumps(ack)
                                  + b"}"))
            else:
                conn.send(frame)
        self.docs = new_docs
        return acked

    def broadcast_text(self, text: str) -> None:
        """Queue one frame for every connection (presence, lobby changes)."""
        for conn in list(self.conns):
            conn.send(text)

    send_all = broadcast_text
