"""Take-backs and replay: the line of play of one game, and a state rebuilt from its history.

The service stores each game's state and its event history; replaying the history from the
seed must reproduce the stored state exactly (18xx.games' "the action log is the truth").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core.protocol import ApplyResult, Engine
from engines.core.types import State

#: The ``type`` of a take-back event in a game's history (never one of a game's actions):
#: ``{"type": "$takeback", "undo": [seq, ...]}`` restores the state before the first of the
#: named versions, which must be the latest actions still in play since the last reveal.
TAKEBACK = "$takeback"
#: A take-back reaches at most this many of the latest actions: a game that goes long
#: without a reveal (the benchmark's race, a table of open information) would otherwise hold
#: the state before every action it ever played. The bound is part of the line, so a
#: replay refuses exactly what the live game refused.
UNDOABLE_LIMIT = 200


@dataclass
class Undoable:
    """One action since the last reveal that a take-back could still undo."""

    seq: int
    seat: int
    before: State
    turn: Any  # ``engine.turn_of(before)``


class Line:
    """The line of play of one game: the state at ``version`` and the actions since the last
    reveal that are still in play (``undoable``, oldest first).

    The service keeps one per live game and replaying a history builds one: both go through
    :meth:`play` and :meth:`take_back`, so a history with take-backs in it replays exactly.
    """

    def __init__(self, engine: Engine, state: State, version: int = 0) -> None:
        self.engine = engine
        self.state = state
        self.version = version
        self.undoable: list[Undoable] = []
        #: What the latest reveal revealed (``Engine.reveal_why``), for refusals.
        self.last_reveal: str | None = None
        #: The current turn (``Engine.turn_of``) of the state it was read from.
        self._turn_now: tuple[State, Any] | None = None
        #: The latest actions in play that are one seat's own of the current turn, as
        #: (state, seat, count), for the state they were counted in (:meth:`own_turn`).
        self._own_run: tuple[State, int, int] | None = None

    def record(self, seat: int, before: State, action: Any, result: ApplyResult) -> None:
        """``action`` was applied at ``version + 1`` (by the caller, from ``before``)."""
        self.version += 1
        self._own_run = None
        if result.revealed:
            self.undoable.clear()
            self.last_reveal = self.engine.reveal_why(before, result.state, seat, action)
        else:
            self.undoable.append(Undoable(self.version, seat, before, self._turn_of(before)))
            if len(self.undoable) > UNDOABLE_LIMIT:
                del self.undoable[0]
        self.state = result.state

    def _turn_of(self, state: State) -> Any:
        """``engine.turn_of(state)``, looked up once per state: every seat's document asks
        it of the current state, and the next action records it (states are never changed
        once applied; the memo holds the state, so its identity cannot be reused)."""
        memo = self._turn_now
        if memo is not None and memo[0] is state:
            return memo[1]
        now = self.engine.turn_of(state)
        self._turn_now = (state, now)
        return now

    def play(self, seat: int, raw: dict[str, Any]) -> ApplyResult:
        """Parse and apply one action of the history (raises as ``apply`` does)."""
        before = self.state
        action = self.engine.parse_action(raw)
        result = self.engine.apply(before, seat, action)
        self.record(seat, before, action, result)
        return result

    def takeable(self, count: int) -> list[int] | None:
        """The versions the latest ``count`` actions in play were applied at, or ``None``
        when fewer than ``count`` are in play since the last reveal."""
        if count < 1 or count > len(self.undoable):
            return None
        return [u.seq for u in self.undoable[-count:]]

    def own_turn(self, seat: int) -> int:
        """How many of the latest actions in play are ``seat``'s own of the current turn."""
        run = self._own_run
        if run is None or run[0] is not self.state:
            run = self._own_run = (self.state, *self._latest_run())
        return run[2] if run[1] == seat else 0

    def _latest_run(self) -> tuple[int, int]:
        """The seat of the latest action in play and how many of the latest actions are its
        own of the current turn (only that seat can have any): counted once per state,
        since every seat's document asks (-1, 0 with nothing in play)."""
        if not self.undoable:
            return -1, 0
        now = self._turn_of(self.state)
        seat = self.undoable[-1].seat
        n = 0
        for u in reversed(self.undoable):
            if u.seat != seat or u.turn != now:
                break
            n += 1
        return seat, n

    def restored(self, undo: list[int]) -> State:
        """The state a take-back of the versions ``undo`` restores (ValueError when they
        are not the latest actions in play, e.g. behind a reveal)."""
        if not undo or self.takeable(len(undo)) != list(undo):
            raise ValueError(f"a take-back of {undo} does not undo the latest actions in play")
        return self.undoable[-len(undo)].before

    def take_back(self, undo: list[int]) -> State:
        """Apply a take-back event at ``version + 1``; returns the restored state."""
        state = self.restored(undo)
        del self.undoable[-len(undo):]
        self._own_run = None
        self.version += 1
        self.state = state
        return state

    def step(self, seat: int | None, raw: dict[str, Any]) -> State:
        """One event of a history: an action or a take-back."""
        if raw.get("type") == TAKEBACK:
            return self.take_back(list(raw.get("undo") or []))
        if seat is None:
            raise ValueError("an action event needs a seat")
        return self.play(seat, raw).state


def replay_line(engine: Engine, player_count: int, options: dict[str, Any], seed: int,
                events: list[tuple[int | None, dict[str, Any]]]) -> Line:
    """The line of play after a (seat, action-dict) history, take-back events included."""
    line = Line(engine, engine.setup(player_count, options, seed))
    for seat, raw in events:
        line.step(seat, raw)
    return line


def replay(engine: Engine, player_count: int, options: dict[str, Any], seed: int,
           events: list[tuple[int | None, dict[str, Any]]]) -> State:
    """Rebuild a state from the seed and the (seat, action-dict) history (take-back events
    restore earlier states, see :class:`Line`)."""
    return replay_line(engine, player_count, options, seed, events).state

