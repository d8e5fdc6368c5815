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
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, Literal, Union, get_args, get_origin, get_type_hints

import orjson
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError, model_validator

from engines import messages

State = dict[str, Any]
Seat = int | None
#: How strong a bot plays (see :mod:`engines.bots`).
BotLevel = Literal["easy", "normal", "hard"]


@dataclass(frozen=True)
class SearchTuning:
    """How the hard bot's search (:class:`engines.bots.Search`) plays one game.

    Each game sets its own (``Engine.search_tuning``): a game with long, luck-heavy turns
    wants fewer candidates and a larger margin than one whose moves are exact.
    """

    #: Playout moves before :meth:`Engine.evaluate` judges the position (with
    #: ``playout_to_turn``: the most a playout may make).
    playout_depth: int = 6
    #: Play each playout on to the searching seat's next turn (every other seat has had
    #: its turn since the decision, :meth:`Engine.turn_seat`), at most ``playout_depth``
    #: moves, instead of exactly ``playout_depth`` moves: every root move is then judged at
    #: the same point of the round, where a fixed length reaches more or fewer of the
    #: others' moves depending on how long the searched move's own turn was.
    playout_to_turn: bool = False
    #: Concrete candidate actions the root considers (templates can stand for thousands).
    max_candidates: int = 12
    #: Below the root fewer (each costs a heuristic call and a tree edge).
    inner_candidates: int = 8
    #: Iterations per root candidate below which the search trusts the heuristic's move.
    min_visits: int = 3
    #: UCB exploration constant (values are in [0, 1]).
    exploration: float = 0.7
    #: How much better (mean value in [0, 1]) another root move must score than the
    #: heuristic's before the search overrules it: noisy samples must not talk it out of
    #: a good move, so hard plays at least as well as normal.
    keep_margin: float = 0.0
    #: The hard bot's default iteration cap (the time budget usually ends it first).
    iterations: int = 4000
Template = dict[str, Any]

MASK64 = (1 << 64) - 1


class RuleError(Exception):
    """A well-formed action the rules do not allow now.

    Raised with a message key of the engines' catalogues and its parameters
    (``RuleError("tuk-tuk-taxi.err.no_route", to="4,8")``, see :mod:`engines.messages`):
    ``key``/``params`` travel to the browser, which words them in the viewer's language, and
    ``str(err)`` is the English sentence. A text that is not a key is kept as it is (older
    engines; the catalogue check flags them).
    """

    def __init__(self, message: str, /, **params: Any) -> None:
        self.key: str | None = message if messages.has(message) else None
        self.params: dict[str, Any] = params
        super().__init__(messages.render(message, params) if self.key else message)


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
    #: The message key and its parameters (:mod:`engines.messages`): what every engine writes.
    key: str | None = None
    params: dict[str, Any] | None = None
    #: A finished English line: only the lines of games stored before log lines had keys.
    text: str = ""
    to: list[int] | None = None
    data: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _worded(self) -> LogEntry:
        if not self.key and not self.text:
            raise ValueError("a log line needs a message key (or, for old games, a text)")
        return self

    @classmethod
    def say(cls, key: str, /, *, to: list[int] | None = None, data: dict[str, Any] | None = None,
            **params: Any) -> LogEntry:
        """A log line: ``LogEntry.say("kaki-lima.log.walked", seat=seat_ref(0), steps=3)``."""
        return cls(key=key, params=params or None, to=to, data=data)

    def english(self, names: dict[int, str] | None = None) -> str:
        """The line in English (for mails and records); ``{seatN}`` of old lines kept as is."""
        return messages.render(self.key, self.params, "en", names) if self.key else self.text


def seat_ref(seat: int) -> dict[str, int]:
    """A log or error parameter naming a player (the browser shows their name, escaped)."""
    return {"seat": seat}


def term(key: str, **params: Any) -> dict[str, Any]:
    """A parameter that is a game term (a sign, a card, a company) or a whole message of its
    own: worded by its own key (and parameters, if it has some)."""
    return {"term": key, "params": params} if params else {"term": key}


@dataclass
class ApplyResult:
    """What ``apply`` returns: the new state and the log entries the action produced."""

    state: State
    log: list[LogEntry] = field(default_factory=list)
    #: Whether the action revealed anything (a roll, a draw, a secret becoming known to
    #: someone who did not have it): no take-back ever reaches behind it. ``StepEngine``
    #: fills it from :meth:`Engine.revealed`; an engine not on steps sets it in ``apply``.
    revealed: bool = False


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
            raise ActionError("base.err.invalid", **_pydantic_problem(exc)) from None

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

    # -- bots ------------------------------------------------------------------------------
    def bot_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """A random legal action for a bot, built only on ``legal_actions``.

        Games may override this with a smarter test bot (some specs ask for one that always
        scores when it can, so property tests terminate), but the default must work.
        """
        templates = self.legal_actions(state, seat)
        if not templates:
            raise RuleError("base.err.nothing_to_do")
        return expand_template(rng.choice(templates), rng)

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
                return {k: _first_value(v) for k, v in template.items()}
        return None

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state consistent with everything ``seat`` sees in ``view``.

        Every hidden part (deck and sign-stack order, other hands, draw piles, secret money,
        city cards) is drawn at random from what that seat cannot rule out, so
        ``view(determinize(v, s, rng), s) == v``. Searching bots (:mod:`engines.bots`) plan
        on such states, never on the real one: that is what makes them fair.
        """
        raise NotImplementedError(f"{self.name} has no determinize yet")

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """The game's obvious good move for ``seat`` in a (determinized) state.

        ``noise`` in ``[0, 1]`` makes it pick worse moves sometimes (the easy bot plays
        with ``noise > 0``, the normal bot with 0). The default is the random bot.
        """
        return self.bot_action(state, seat, rng)

    def playout_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The move a search playout makes (default: the heuristic without noise). A game
        whose heuristic is costly may override it with a cheaper good-enough move."""
        return self.heuristic_action(state, seat, rng, 0.0)

    def restless_action(self, state: State, seat: int,
                        rng: random.Random) -> dict[str, Any] | None:
        """A move that breaks a loop in a game gone on far longer than any normal one (a
        table of bots must end), played by the hard bot instead of its search; ``None``
        (the default): search as usual. The heuristic draws the same moves itself."""
        return None

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat``, in ``[0, 1]`` (cuts search playouts short)."""
        return 0.5

    def search_value(self, state: State, seat: int, root: int) -> float:
        """``seat``'s value of ``state`` at a playout's end in a search for ``root``'s
        decision (``seat == root``: the searching seat's own). A game may judge the
        searching seat differently from the others (e.g. add what only its own next move
        will bring); the default is :meth:`evaluate` for every seat."""
        return self.evaluate(state, seat)

    def turn_seat(self, state: State) -> int | None:
        """The seat whose turn it is, ``None`` at the end; an answer out of turn (to a
        proposal, an invitation) does not change it. ``SearchTuning.playout_to_turn`` stops
        a playout when it comes back to the searching seat. Default: the first awaited
        seat (right for games without answers out of turn)."""
        seats = self.awaited(state) or self.to_act(state)
        return seats[0] if seats else None

    #: The hard bot's search settings for this game.
    search_tuning: ClassVar[SearchTuning] = SearchTuning()

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """At most ``limit`` concrete actions worth searching, the heuristic's choice
        first and the rest best first, or ``None`` for :func:`engines.bots.candidate_actions`'
        generic choice (the heuristic's move plus a sample of the templates)."""
        return None

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


def field_values(val: Any) -> list[Any]:
    """Every concrete value a template field stands for (``$range``, ``$choice`` or a
    fixed value), in order."""
    if isinstance(val, dict) and "$range" in val:
        lo, hi, *rest = val["$range"]
        return list(range(lo, hi + 1, rest[0] if rest else 1))
    if isinstance(val, dict) and "$choice" in val:
        return list(val["$choice"])
    return [val]


def _first_value(val: Any) -> Any:
    """A template field's first concrete value."""
    if isinstance(val, dict) and "$range" in val:
        return val["$range"][0]  # without listing a range of money
    return field_values(val)[0]


#: pydantic's error types, grouped into the few problems a player is told about (each a
#: catalogue term ``base.problem.<name>``); anything else is "not allowed".
_PROBLEMS = {"missing": "missing", "extra_forbidden": "unknown", "literal_error": "choice",
             "enum": "choice", "union_tag_invalid": "choice", "union_tag_not_found": "missing",
             "int_type": "number", "int_parsing": "number", "int_from_float": "number",
             "float_type": "number", "bool_type": "yes_no", "string_type": "text",
             "list_type": "list", "tuple_type": "list", "dict_type": "object",
             "model_type": "object", "greater_than_equal": "range", "less_than_equal": "range",
             "greater_than": "range", "less_than": "range", "too_short": "length",
             "too_long": "length", "string_too_short": "length", "string_too_long": "length"}


#: A bound of a number field, as the problem it words (``base.problem.<name>``).
_BOUNDS = (("le", "at_most"), ("lt", "below"), ("ge", "at_least"), ("gt", "above"))


def _pydantic_problem(exc: ValidationError) -> dict[str, Any]:
    """The first problem of an invalid action, as parameters of ``base.err.invalid``."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()) if p != "__root__")
    ctx = err.get("ctx") or {}
    problem: dict[str, Any]
    if err["type"] == "value_error":
        # A game's own check on its action model: its words (a key, or a plain sentence).
        said = str(ctx.get("error", "")) or err["msg"]
        problem = term(said) if messages.has(said) else {"label": said}
    else:
        bound = next(((name, ctx[k]) for k, name in _BOUNDS if k in ctx), None)
        problem = (term("base.problem." + bound[0], limit=bound[1]) if bound else
                   term("base.problem." + _PROBLEMS.get(err["type"], "value")))
    return {"field": loc or "type", "problem": problem}


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


def canonical_json(value: Any) -> str:
    """Stable JSON text of a state (sorted keys): two states are equal iff these are."""
    import json

    return json.dumps(value, sort_keys=True, separators=(",", ":"))


# == ranks ====================================================================================

def competition_ranks(keys: Sequence[Any], *, higher_wins: bool = True) -> list[int]:
    """Competition ranks ("1, 1, 3") from one comparable key per seat.

    Put every tie-breaker in the key, best first, e.g. ``(total, passengers, energy)``;
    seats whose keys are equal after all of them share a rank. ``higher_wins=False`` for
    games where the smaller key wins (fewer turns, an earlier position in turn order).
    """
    if higher_wins:
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


# == the declared copy of a state ==============================================================

class Shared:
    """Marks a state key whose value is only ever replaced whole, never changed in place,
    so the copy before an action may share it: ``pending: Annotated[Pending | None, Shared]``.
    """


_Copier = Callable[[Any], Any]
_IMMUTABLE = (int, str, float, bool, type(None))


class _CopyCode:
    """Python source of a copy function per declared shape (compiled once, then as fast
    as a hand-written copy: no per-key dispatch at run time)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[type, str] = {}
        self.scope: dict[str, Any] = {"_clone": _clone, "_undeclared": _copy_undeclared}

    def expr(self, hint: Any, var: str, depth: int = 0) -> str | None:
        """An expression copying ``var`` of type ``hint``; ``None`` when it may be shared."""
        origin = get_origin(hint)
        if origin is typing.Annotated:
            base, *marks = get_args(hint)
            return None if Shared in marks else self.expr(base, var, depth)
        if hint in _IMMUTABLE or origin is Literal:
            return None
        if origin in (Union, types.UnionType):
            return self.union_expr(get_args(hint), var, depth)
        x = f"x{depth}"
        if origin is list:
            item = self.expr((get_args(hint) or (Any,))[0], x, depth + 1)
            return f"{var}[:]" if item is None else f"[{item} for {x} in {var}]"
        if origin is dict:
            item = self.expr((get_args(hint) or (str, Any))[1], x, depth + 1)
            return (f"{var}.copy()" if item is None
                    else f"{{k{depth}: {item} for k{depth}, {x} in {var}.items()}}")
        if typing.is_typeddict(hint):
            return f"{self.function(hint)}({var})"
        return f"_clone({var})"  # Any, tuples, anything undeclared: the generic deep copy

    def union_expr(self, args: tuple[Any, ...], var: str, depth: int) -> str | None:
        """``X | None`` copies as ``X`` when present; other unions of mutable types deep."""
        live = [a for a in args if a is not type(None)]
        if all(self.expr(a, var, depth) is None for a in live):
            return None
        inner = self.expr(live[0], var, depth) if len(live) == 1 else f"_clone({var})"
        return inner if len(live) == len(args) else f"(None if {var} is None else {inner})"

    def function(self, shape: type) -> str:
        """The name of the copy function of one ``TypedDict`` (written on first use)."""
        if shape in self.names:
            return self.names[shape]
        name = f"copy_{len(self.names)}_{shape.__name__}"
        self.names[shape] = name
        hints = get_type_hints(shape, include_extras=True)
        declared = f"declared_{name}"
        self.scope[declared] = frozenset(hints)
        body = ["    out = v.copy()"]
        for key, hint in hints.items():
            e = self.expr(hint, "x", 0)
            if e is not None:
                body.append(f"    if {key!r} in out:\n        x = out[{key!r}]\n"
                            f"        out[{key!r}] = {e}")
        # A value of a total shape has exactly its declared keys, so the length alone
        # tells (cheaply, on every copy) when there may be others to copy generically.
        check = (f"len(out) != {len(hints)}" if getattr(shape, "__total__", True)
                 else f"not {declared}.issuperset(out)")
        body.append(f"    if {check}:\n        _undeclared(out, {declared})")
        self.lines.append(f"def {name}(v):\n" + "\n".join(body) + "\n    return out\n")
        return name


def _copy_undeclared(out: dict[str, Any], declared: frozenset[str]) -> None:
    for key in out.keys() - declared:
        out[key] = _clone(out[key])


@cache
def declared_copier(state_type: type) -> _Copier:
    """A fast deep copy of a ``TypedDict``-shaped value, derived once from its declaration.

    Immutable values (ints, strings, ``Literal``s, ``Shared`` keys) are shared, flat lists
    and dicts are sliced, nested declared shapes are copied key by key; ``Any`` falls back
    to :func:`clone`. Keys present in the value but not declared are copied generically, so
    an incomplete declaration costs speed, never correctness. The copy is generated as
    Python source once per shape, so it runs as fast as a hand-written one.
    """
    code = _CopyCode()
    name = code.function(state_type)
    exec("\n".join(code.lines), code.scope)  # noqa: S102 - source built from type hints only
    copier: _Copier = code.scope[name]
    return copier


def undeclared_keys(state_type: type, value: Any, path: str = "") -> list[str]:
    """Paths of keys in ``value`` that its ``TypedDict`` does not declare (for tests)."""
    hints = get_type_hints(state_type, include_extras=True)
    found = [f"{path}{k}" for k in value if k not in hints]
    for key, hint in hints.items():
        if key in value:
            found += _undeclared_in(hint, value[key], f"{path}{key}.")
    return found


def _undeclared_in(hint: Any, value: Any, path: str) -> list[str]:
    origin = get_origin(hint)
    if origin is typing.Annotated:
        return _undeclared_in(get_args(hint)[0], value, path)
    if typing.is_typeddict(hint) and isinstance(value, dict):
        return undeclared_keys(hint, value, path)
    if origin in (Union, types.UnionType):
        shapes = [a for a in get_args(hint) if typing.is_typeddict(a)]
        if len(shapes) == 1 and isinstance(value, dict):
            return undeclared_keys(shapes[0], value, path)
        return []
    if origin is list and isinstance(value, list):
        return [p for x in value for p in _undeclared_in(get_args(hint)[0], x, path)]
    if origin is dict and isinstance(value, dict):
        return [p for x in value.values() for p in _undeclared_in(get_args(hint)[1], x, path)]
    return []


# == steps =====================================================================================

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
