"""The one engine protocol every Meja game implements: only what the rules need.

An engine is a pure rules library: no I/O, no web framework, no database. Given the same
seed and the same actions it always produces the same states.

* ``apply`` never mutates the state it is given: it returns a new one
  (:func:`engines.core.copying.clone`).
* Actions arrive as JSON dicts and are parsed (:meth:`Engine.parse_action`) before any rule
  runs (:mod:`engines.core.errors`).
* ``legal_actions(state, seat)`` lists what that seat may do now as compact templates
  (:mod:`engines.core.templates`).

How a bot plays a game is not the engine's business: a game's bot (``engines/<game>/bot/``,
the protocol :class:`engines.bots.protocol.GameBot`) is handed the engine, and the game's
package wires the two together (``engines/<game>/__init__.py``). The engine only keeps the
slot it is wired into, :attr:`Engine.bot`, for the two calls the service makes of it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import orjson
from pydantic import BaseModel, TypeAdapter, ValidationError

from engines.core.errors import ActionError, action_problem
from engines.core.log import LogEntry
from engines.core.options import NoOptions
from engines.core.outcome import Outcome
from engines.core.templates import first_value
from engines.core.types import Seat, State, Template


@dataclass
class ApplyResult:
    """What ``apply`` returns: the new state and the log entries the action produced."""

    state: State
    log: list[LogEntry] = field(default_factory=list)
    #: Whether the action revealed anything (a roll, a draw, a secret becoming known to
    #: someone who did not have it): no take-back ever reaches behind it. ``StepEngine``
    #: fills it from :meth:`Engine.revealed`; an engine not on steps sets it in ``apply``.
    revealed: bool = False


class WiredBot(Protocol):
    """What the engine asks of the bot wired to it (:class:`engines.bots.protocol.GameBot`)."""

    def test_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The game's test bot: a legal move, chosen so that bot games end."""
        ...

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state consistent with what ``seat`` sees in ``view``."""
        ...


class Engine(ABC):
    """The protocol. Subclass it once per game and expose an instance as ``ENGINE`` in the
    game's package ``engines/<game>/__init__.py``; :mod:`engines.registry` finds it there.
    """

    #: Stable id used in URLs and the database, e.g. ``"tuk-tuk-taxi"``.
    id: ClassVar[str]
    #: Display name, e.g. ``"Tuk-Tuk Taxi"``.
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Bumped whenever a rules change could make an old event log replay differently.
    rules_version: ClassVar[str]
    #: Lobby options (pydantic model; defaults must give a playable game).
    options_model: ClassVar[type[BaseModel]] = NoOptions
    #: The discriminated union of this game's actions (``type`` is the discriminator).
    action_adapter: ClassVar[TypeAdapter[Any]]
    #: Listed on the home page (the benchmark game is not).
    listed: ClassVar[bool] = True
    #: Short description for the home page.
    blurb: ClassVar[str] = ""

    # -- set-up ----------------------------------------------------------------------------
    @abstractmethod
    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> State:
        """The initial state. All randomness comes from ``Rng.from_seed(seed)``."""

    # -- actions ---------------------------------------------------------------------------
    def parse_action(self, raw: Any) -> BaseModel:
        """Validate a client's action dict; raise :class:`ActionError` with a clear message.

        Validation is pydantic's *strict JSON* mode, for every game in this one place: an
        action arrives as JSON, so ``true`` or ``"3"`` where an int belongs (or ``1`` where a
        bool belongs, ``3.0`` for an int) is refused, never coerced, while ``Literal`` and
        enum fields still take their JSON strings and tuples their JSON arrays.
        """
        try:
            text = orjson.dumps(raw)
        except TypeError:
            raise ActionError("base.err.not_json") from None
        try:
            return self.action_adapter.validate_json(text, strict=True)
        except ValidationError as exc:
            raise ActionError("base.err.invalid", **action_problem(exc)) from None

    @abstractmethod
    def apply(self, state: State, seat: int, action: BaseModel) -> ApplyResult:
        """Apply a parsed action for ``seat``; raise :class:`RuleError` if not allowed.

        Must not mutate ``state``. Any randomness advances ``state["rng"]``.
        """

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Template]:
        """Templates of what ``seat`` may do now: empty for a seat not in ``to_act`` (the
        service asks only the seats in ``to_act``; tests/engines/test_legal_seats.py
        holds every game to it)."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats that may act now (several at once for simultaneous answers). Empty at end.

        Seats whose action the game awaits come first; seats that merely *may* act (e.g. an
        optional reaction out of turn) follow. Server bots act only when no human seat is
        listed before them.
        """

    def awaited(self, state: State) -> list[int]:
        """The seats the game is waiting for (the "your turn" of the UI): ``to_act`` less
        the seats that merely may act. Engines with optional actors override it."""
        return self.to_act(state)

    # -- information -----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, seat: Seat) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may see. Never the rng, decks' order, others'
        hands or secret money. Must be JSON-serializable and deterministic."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """``None`` while the game runs; the final scores and ranks once it has ended."""

    # -- take-backs ------------------------------------------------------------------------
    def secret_part(self, state: State) -> Any:
        """The hidden information of a state that leaves it only by being revealed (a face-down
        stack, a draw pile, the hands): any change of it is a reveal. Default: nothing."""
        return None

    def reveals(self, before: State, after: State, seat: int, action: Any) -> bool:
        """A reveal that neither the rng nor :meth:`secret_part` shows (e.g. a bid that tells
        everyone something about secret money). Default: none."""
        return False

    def revealed(self, before: State, after: State, seat: int, action: Any) -> bool:
        """Whether applying ``action`` made ``before`` into ``after`` revealing anything:
        the rng moved (a roll, a shuffle), the secret part changed, or :meth:`reveals`."""
        return (before.get("rng") != after.get("rng")
                or self.secret_part(before) != self.secret_part(after)
                or self.reveals(before, after, seat, action))

    def reveal_why(self, before: State, after: State, seat: int, action: Any) -> str:
        """What a revealing action revealed: a catalogue key whose words finish "You cannot
        take back a move after ..." (games name their own dice and cards)."""
        if before.get("rng") != after.get("rng"):
            return "base.reveal.rng"
        if self.secret_part(before) != self.secret_part(after):
            return "base.reveal.card"
        return "base.reveal.secret"

    def turn_of(self, state: State) -> Any:
        """What "the current turn" is for take-backs (any JSON-like value): an action taken
        in a state whose ``turn_of`` equals the present one belongs to the current turn.
        Default: the awaited seats; games with a turn counter name it."""
        return self.awaited(state)

    # -- out of time -----------------------------------------------------------------------
    #: Action types that give up this turn or answer "no" under the rules (a pass, a
    #: decline); what a seat out of time plays on a table whose policy is "skip".
    timeout_passes: ClassVar[tuple[str, ...]] = ()

    def timeout_action(self, state: State, seat: int) -> dict[str, Any] | None:
        """The pass a seat whose time ran out takes now, or ``None`` where the rules have
        none at this point (the service then lets a bot play the seat).

        Default: the first legal template whose type is in :attr:`timeout_passes`, any open
        field set to its first value (so it is the same on every server).
        """
        for template in self.legal_actions(state, seat):
            if template.get("type") in self.timeout_passes:
                return {k: first_value(v) for k, v in template.items()}
        return None

    # -- the bot's slot ----------------------------------------------------------------------
    #: The game's bot, handed this engine and wired in by the game's package
    #: (``engines/<game>/__init__.py``); ``None``: the random test bot only.
    bot: WiredBot | None = None

    # -- helpers ---------------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        """The registry entry the home page shows (id, name, players, options schema)."""
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "rules_version": self.rules_version,
            "options_schema": self.options_model.model_json_schema(),
            "listed": self.listed,
            "blurb": self.blurb,
        }

    def validate_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Parse lobby options through the options model (raises ``ValidationError``)."""
        return self.options_model.model_validate(options or {}).model_dump(mode="json")
