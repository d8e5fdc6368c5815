"""The one engine protocol every Meja game implements.

An engine is a pure rules library: no I/O, no web framework, no database. Given the same
seed and the same actions it always produces the same states. The service stores each
game's state and its event history; replaying the history from the seed must reproduce the
stored state exactly (18xx.games' "the action log is the truth").

Conventions every engine follows
--------------------------------
* Seats are ints ``0 .. player_count-1``; a spectator is ``None``.
* A state is a plain JSON-serializable ``dict`` (str keys; int/float/str/bool/None/list/dict
  values, no tuples, no sets). The key ``"rng"`` holds the seeded generator's position
  (see :class:`Rng`); ``view`` must never expose it, nor any other hidden information.
* ``apply`` never mutates the state it is given: it returns a new one (use :func:`clone`).
* Actions arrive as JSON dicts and are parsed by the engine's pydantic discriminated union
  (field ``type``) *before* any rule runs; a malformed action is an :class:`ActionError`
  with the pydantic message, a well-formed but illegal one a :class:`RuleError` with a
  sentence a player understands.
* ``legal_actions(state, seat)`` lists what that seat may do now as compact *templates*
  (see :func:`expand_template`): a template is an action dict in which any field may be
  ``{"$range": [lo, hi]}`` (inclusive ints, optional third element: step) or
  ``{"$choice": [v1, v2, ...]}``. Choices that depend on each other are listed as separate
  templates (e.g. one template per cell, each with that cell's legal directions).
  Templates travel in each viewer's document, so the UI highlights them and bots play them.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

State = dict[str, Any]
Seat = int | None
Template = dict[str, Any]

MASK64 = (1 << 64) - 1


class RuleError(Exception):
    """A well-formed action the rules do not allow now. ``str(err)`` is shown to the player."""


class ActionError(RuleError):
    """An action that is not even well formed (wrong type, missing field, bad value)."""


class LogEntry(BaseModel):
    """One line of the game log.

    ``to`` is ``None`` for a public entry, or the seats that may read a private one (a card
    drawn into a hand, a secret payment). ``data`` is optional structured detail for the
    renderer (e.g. the cells a taxi passed through); it obeys the same visibility.
    In ``text``, ``{seat0}`` .. ``{seat5}`` stand for the players' display names: the client
    substitutes (escaped) names, so engines never see or store what players typed.
    """

    model_config = ConfigDict(extra="forbid")
    text: str
    to: list[int] | None = None
    data: dict[str, Any] | None = None


@dataclass
class ApplyResult:
    """What ``apply`` returns: the new state and the log entries the action produced."""

    state: State
    log: list[LogEntry] = field(default_factory=list)


@dataclass
class Outcome:
    """The result of a finished game.

    ``ranks[seat]`` is 1 for the winner(s); seats tied after every tie-breaker share a rank.
    ``scores[seat]`` is the game's own score; ``detail`` is an optional per-seat breakdown
    (e.g. ``{"stars": [...], "orders": [...]}``) for the game-over panel.
    """

    scores: list[float | int]
    ranks: list[int]
    detail: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """JSON form sent to clients."""
        return {"scores": list(self.scores), "ranks": list(self.ranks), "detail": self.detail}


class NoOptions(BaseModel):
    """Options model for a game without lobby options."""

    model_config = ConfigDict(extra="forbid")


class Rng:
    """A tiny seeded generator (SplitMix64) whose whole position is one int in the state.

    Python's ``random.Random`` keeps ~2.5 kB of state; this keeps 64 bits, so it can live in
    ``state["rng"]`` and be restored exactly on replay.

    Usage inside ``apply``::

        rng = Rng(state["rng"])
        roll = rng.randint(1, 6)
        state["rng"] = rng.position
    """

    __slots__ = ("position",)

    def __init__(self, position: int) -> None:
        self.position = position & MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator whose position is derived from a game's seed."""
        return cls((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK64)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.position = (self.position + 0x9E3779B97F4A7C15) & MASK64
        z = self.position
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform int in ``[lo, hi]`` inclusive, like ``random.randint``."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: list[Any]) -> Any:
        """One element of a non-empty list."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: list[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]


def clone(state: State) -> State:
    """A deep copy of a JSON-like state (faster than ``copy.deepcopy`` for plain data)."""
    return _clone(state)


def _clone(v: Any) -> Any:
    t = type(v)
    if t is dict:
        return {k: _clone(x) for k, x in v.items()}
    if t is list:
        return [_clone(x) for x in v]
    if t in (int, str, float, bool) or v is None:
        return v
    return copy.deepcopy(v)


def expand_template(template: Template, rng: random.Random | Rng) -> dict[str, Any]:
    """Turn one legal-action template into a concrete action by sampling each open field."""
    out: dict[str, Any] = {}
    for key, val in template.items():
        if isinstance(val, dict) and "$range" in val:
            lo, hi, *rest = val["$range"]
            step = rest[0] if rest else 1
            count = (hi - lo) // step + 1
            idx = rng.below(count) if isinstance(rng, Rng) else rng.randrange(count)
            out[key] = lo + idx * step
        elif isinstance(val, dict) and "$choice" in val:
            opts = val["$choice"]
            out[key] = opts[rng.below(len(opts))] if isinstance(rng, Rng) else rng.choice(opts)
        else:
            out[key] = val
    return out


def template_matches(template: Template, action: dict[str, Any]) -> bool:
    """True when a concrete action is one of the actions a template stands for."""
    if set(template) != set(action):
        return False
    for key, val in template.items():
        got = action[key]
        if isinstance(val, dict) and "$range" in val:
            lo, hi, *rest = val["$range"]
            step = rest[0] if rest else 1
            if not isinstance(got, int) or isinstance(got, bool):
                return False
            if not (lo <= got <= hi and (got - lo) % step == 0):
                return False
        elif isinstance(val, dict) and "$choice" in val:
            if got not in val["$choice"]:
                return False
        elif got != val:
            return False
    return True


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
        """Validate a client's action dict; raise :class:`ActionError` with a clear message."""
        try:
            return self.action_adapter.validate_python(raw)
        except ValidationError as exc:
            raise ActionError(_pydantic_message(exc)) from None

    @abstractmethod
    def apply(self, state: State, seat: int, action: BaseModel) -> ApplyResult:
        """Apply a parsed action for ``seat``; raise :class:`RuleError` if not allowed.

        Must not mutate ``state``. Any randomness advances ``state["rng"]``.
        """

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Template]:
        """Templates of what ``seat`` may do now (empty when it is not its turn)."""

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

    # -- bots ------------------------------------------------------------------------------
    def bot_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """A random legal action for a bot, built only on ``legal_actions``.

        Games may override this with a smarter test bot (some specs ask for one that always
        scores when it can, so property tests terminate), but the default must work.
        """
        templates = self.legal_actions(state, seat)
        if not templates:
            raise RuleError("There is nothing for this seat to do now.")
        return expand_template(rng.choice(templates), rng)

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


def _pydantic_message(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        loc = ".".join(str(p) for p in err.get("loc", ()) if p != "__root__")
        parts.append(f"{loc}: {err['msg']}" if loc else err["msg"])
    return "Invalid action: " + "; ".join(parts)


def replay(engine: Engine, player_count: int, options: dict[str, Any], seed: int,
           events: list[tuple[int, dict[str, Any]]]) -> State:
    """Rebuild a state from the seed and the (seat, action-dict) history."""
    state = engine.setup(player_count, options, seed)
    for seat, raw in events:
        state = engine.apply(state, seat, engine.parse_action(raw)).state
    return state


def canonical_json(value: Any) -> str:
    """Stable JSON text of a state (sorted keys): two states are equal iff these are."""
    import json

    return json.dumps(value, sort_keys=True, separators=(",", ":"))
