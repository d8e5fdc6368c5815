"""Steps: a game's flow as a table of :class:`Step` s, and the engine that dispatches on it."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engines.core.copying import clone, declared_copier
from engines.core.errors import RuleError
from engines.core.log import LogEntry
from engines.core.protocol import ApplyResult, Engine
from engines.core.types import State, Template

#: A move: mutates the fresh copy of the state for ``seat`` and returns the log lines. It
#: raises :class:`RuleError` for what the rules forbid (the copy is then thrown away).
Handler = Callable[[Any, int, Any], list[LogEntry]]
#: Who a step waits for (or who else may act), from the state.
Seats = Callable[[Any], Sequence[int]]
#: The templates a step offers one seat.
Legal = Callable[[Any, int], list[Template]]
#: A refusal: a catalogue key, or a callable of ``(state, seat, action_type)`` giving a key
#: or ``(key, params)``.
Message = str | Callable[[Any, int, str], "str | tuple[str, dict[str, Any]]"]


def no_seats(state: Any) -> Sequence[int]:
    """Nobody (the default for a step's optional actors)."""
    return ()


def no_templates(state: Any, seat: int) -> list[Template]:
    """No templates (the default for a step without out-of-turn actions)."""
    return []


@dataclass(frozen=True)
class Step:
    """One step of a game's flow: what it accepts, from whom, and what it offers.

    * ``actions``: action type -> handler, accepted from the seats in ``actors(state)``
      (the seats the game waits for: one for a turn, several for simultaneous answers).
    * ``legal(state, seat)``: the templates for an actor; every template's type must be
      one of ``actions`` (or ``out_of_turn``), and applying it must succeed.
    * ``hint``: the refusal when an actor sends a type this step does not accept.
    * ``out_of_turn``: action type -> handler accepted from *any* seat during this step
      (e.g. clearing a path with a token); the handler checks that this seat may.
      ``out_of_turn_legal(state, seat)`` lists their templates (for actors too), and
      ``optional(state)`` the seats that may send one now, listed in ``to_act`` after the
      awaited seats.
    * ``not_your_turn``: the refusal for any other seat.
    """

    name: str
    actions: Mapping[str, Handler]
    actors: Seats
    legal: Legal
    hint: Message = "base.err.cannot_now"
    not_your_turn: Message = "base.err.not_your_turn"
    out_of_turn: Mapping[str, Handler] = field(default_factory=dict)
    out_of_turn_legal: Legal = no_templates
    optional: Seats = no_seats

    def accepts(self, state: Any, seat: int) -> set[str]:
        """The action types this step takes from ``seat`` now."""
        kinds = set(self.out_of_turn)
        if seat in self.actors(state):
            kinds.update(self.actions)
        return kinds


def _refusal(message: Message, state: Any, seat: int, kind: str) -> RuleError:
    """The rule error of a step's refusal: a key, or ``(key, params)`` from a callable."""
    said = message if isinstance(message, str) else message(state, seat, kind)
    key, params = (said, {}) if isinstance(said, str) else said
    return RuleError(key, **params)


class StepEngine(Engine):
    """An engine whose flow is a table of :class:`Step` s (see docs/architecture.md,
    "Steps"). The base owns the dispatch and the guards; a game supplies its steps.

    A game implements ``current_step(state)`` (usually ``STEPS[state["phase"]]``; a step
    may stand for a sub-step of a turn) and may set:

    * ``state_type``: the ``TypedDict`` of its state (``state.py``); the copy before each
      action is derived from it (:func:`declared_copier`), else the generic :func:`clone`;
    * ``is_over(state)`` (default ``state["phase"] == "over"``) and ``over_message``;
    * ``after_action(state, seat, log)``: what follows every action (e.g. checking tasks).
    """

    state_type: ClassVar[type | None] = None
    over_message: ClassVar[str] = "base.err.over"

    @abstractmethod
    def current_step(self, state: State) -> Step:
        """The step the game is in (only called while the game is not over)."""

    def is_over(self, state: State) -> bool:
        """Whether the game has ended (no step then accepts anything)."""
        return bool(state.get("phase") == "over")

    def after_action(self, state: State, seat: int, log: list[LogEntry]) -> None:
        """Runs on the new state after every accepted action (default: nothing)."""

    def copy_state(self, state: State) -> State:
        """The one copy an action makes before its handler mutates it."""
        if self.state_type is None:
            return clone(state)
        copied: State = declared_copier(self.state_type)(state)
        return copied

    def handler_for(self, state: State, seat: int, kind: str) -> Handler:
        """The handler the current step has for ``kind`` from ``seat``, or the refusal."""
        if self.is_over(state):
            raise _refusal(self.over_message, state, seat, "")
        step = self.current_step(state)
        if seat in step.actors(state):
            handler = step.actions.get(kind) or step.out_of_turn.get(kind)
            if handler is None:
                raise _refusal(step.hint, state, seat, kind)
            return handler
        if kind in step.out_of_turn:
            return step.out_of_turn[kind]
        raise _refusal(step.not_your_turn, state, seat, kind)

    def apply(self, state: State, seat: int, action: Any) -> ApplyResult:
        """Guards, one copy, the step's handler, then :meth:`after_action`."""
        handler = self.handler_for(state, seat, action.type)
        new = self.copy_state(state)
        log = handler(new, seat, action)
        self.after_action(new, seat, log)
        return ApplyResult(new, log, self.revealed(state, new, seat, action))

    def legal_actions(self, state: State, seat: int) -> list[Template]:
        """The current step's templates for an actor, plus its out-of-turn ones."""
        if self.is_over(state):
            return []
        step = self.current_step(state)
        out = step.legal(state, seat) if seat in step.actors(state) else []
        if step.out_of_turn:
            out = out + step.out_of_turn_legal(state, seat)
        return out

    def awaited(self, state: State) -> list[int]:
        """The current step's actors."""
        if self.is_over(state):
            return []
        return list(self.current_step(state).actors(state))

    def to_act(self, state: State) -> list[int]:
        """The actors, then the seats that may act out of turn."""
        if self.is_over(state):
            return []
        step = self.current_step(state)
        seats = list(step.actors(state))
        return seats + [s for s in step.optional(state) if s not in seats]

    def accepted_types(self, state: State, seat: int) -> set[str]:
        """The action types the current step takes from ``seat`` (empty when over)."""
        return set() if self.is_over(state) else self.current_step(state).accepts(state, seat)
