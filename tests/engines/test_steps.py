"""No game offers a template it then refuses (issue 11: "no step lists a template it rejects").

For every registered game, random bot play from several seeds; at sampled positions every
seat that may act gets several of its templates expanded (``expand_template``) and each
expansion is applied: a ``RuleError`` means the UI highlighted a move the rules refuse. For
games on the step table, every template's type must also be one the current step accepts
from that seat.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Annotated, Any, Literal, TypedDict

import pytest
from pydantic import BaseModel, TypeAdapter

from engines.bots import bot_of
from engines.core.copying import Shared, declared_copier, undeclared_keys
from engines.core.errors import RuleError
from engines.core.log import LogEntry
from engines.core.outcome import Outcome, competition_ranks
from engines.core.protocol import Engine
from engines.core.steps import Step, StepEngine
from engines.core.templates import expand_template
from engines.registry import all_engines

ENGINES = sorted(all_engines().values(), key=lambda e: e.id)
SEEDS = range(8)
#: Positions are taken every few actions, for this many actions of each game.
ACTIONS_PER_GAME = 3000
POSITION_EVERY = 5
TEMPLATES_PER_SEAT = 6
EXPANSIONS_PER_TEMPLATE = 2
#: The race's default goal is never reached on purpose (peer benchmark); end it sooner.
OPTIONS: dict[str, dict[str, Any]] = {"race": {"goal": 60}}


def player_count(engine: Engine, seed: int) -> int:
    """The seed's player count (cycling through the game's range)."""
    return engine.min_players + seed % (engine.max_players - engine.min_players + 1)


def positions(engine: Engine, seed: int) -> list[dict[str, Any]]:
    """States met along one random bot game."""
    players = player_count(engine, seed)
    options = engine.validate_options(OPTIONS.get(engine.id, {}))
    state = engine.setup(players, options, seed)
    rng = random.Random(seed)
    found = [state]
    for n in range(ACTIONS_PER_GAME):
        seats = engine.to_act(state)
        if not seats or engine.outcome(state) is not None:
            break
        seat = rng.choice(seats)
        action = engine.parse_action(bot_of(engine).test_action(state, seat, rng))
        state = engine.apply(state, seat, action).state
        if n % POSITION_EVERY == 0:
            found.append(state)
    return found


def offered(engine: Engine, state: dict[str, Any],
            rng: random.Random) -> Iterator[tuple[int, dict[str, Any]]]:
    """(seat, template) pairs to try: a sample of each acting seat's templates."""
    for seat in engine.to_act(state):
        templates = engine.legal_actions(state, seat)
        for template in rng.sample(templates, min(len(templates), TEMPLATES_PER_SEAT)):
            yield seat, template


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.id)
def test_every_offered_template_is_accepted(engine: Engine, seed: int) -> None:
    rng = random.Random(1000 + seed)
    tried = 0
    for state in positions(engine, seed):
        for seat, template in offered(engine, state, rng):
            for _ in range(EXPANSIONS_PER_TEMPLATE):
                raw = expand_template(template, rng)
                try:
                    engine.apply(state, seat, engine.parse_action(raw))
                except RuleError as err:
                    pytest.fail(f"{engine.id} seed {seed}: seat {seat} was offered {template}; "
                                f"{raw} was refused: {err}")
                tried += 1
    assert tried > 0


@pytest.mark.parametrize("engine", [e for e in ENGINES if isinstance(e, StepEngine)],
                         ids=lambda e: e.id)
def test_step_templates_are_types_the_step_accepts(engine: StepEngine) -> None:
    for seed in SEEDS:
        for state in positions(engine, seed):
            for seat in range(player_count(engine, seed)):
                kinds = engine.accepted_types(state, seat)
                for template in engine.legal_actions(state, seat):
                    assert template["type"] in kinds, (engine.current_step(state).name,
                                                       seat, template, kinds)


def test_out_of_turn_seats_are_refused_by_the_step() -> None:
    """The base engine's guard: a seat the step does not wait for is told in words."""
    race = all_engines()["race"]
    state = race.setup(3, {}, seed=1)
    with pytest.raises(RuleError, match="not your turn"):
        race.apply(state, 1, race.parse_action({"type": "advance", "n": 2}))


@pytest.mark.parametrize("engine", [e for e in ENGINES
                                    if isinstance(e, StepEngine) and e.state_type is not None],
                         ids=lambda e: e.id)
def test_state_py_declares_every_key_the_game_stores(engine: StepEngine) -> None:
    """The copy before an action is derived from ``state.py``: a key missing there would
    still be copied (generically), but the declaration would no longer say what a state is."""
    assert engine.state_type is not None
    for seed in SEEDS:
        for state in positions(engine, seed):
            assert undeclared_keys(engine.state_type, state) == []


def test_declared_copy_shares_only_what_is_marked_shared() -> None:
    """Copy-on-write: the copy is equal, its mutable parts are new objects (so a move may
    change them), and only values marked ``Shared`` (replaced whole by moves) are shared."""
    from engines.jakarta_traffic.state import JakartaState

    state = all_engines()["jakarta-traffic"].setup(3, {}, seed=4)
    state["pending"] = {"kind": "accept", "order": "nasi"}
    state["surplus"] = {"undeclared": [1]}
    copy = declared_copier(JakartaState)(state)
    assert copy == state
    for key in ("tiles", "hand", "stacks", "supply", "mopeds", "energy", "phone", "stars"):
        assert copy[key] is not state[key], key
    assert copy["phone"][0] is not state["phone"][0]
    assert copy["tiles"][0] is state["tiles"][0] and copy["board"] is state["board"]
    assert copy["pending"] is state["pending"]
    assert copy["surplus"] is not state["surplus"]
    assert copy["surplus"]["undeclared"] is not state["surplus"]["undeclared"]


# -- the step table's own contract, on a tiny game --------------------------------------------

class _Coin(TypedDict):
    side: str
    flips: list[int]


class _TinyState(TypedDict):
    phase: str
    answers: dict[str, bool]
    tokens: list[int]
    coin: _Coin | None
    note: Annotated[dict[str, int], Shared]
    extra: Any


class _Say(BaseModel):
    type: Literal["say", "shout", "clear"]
    yes: bool = True


def _answer(state: dict[str, Any], seat: int, action: _Say) -> list[LogEntry]:
    state["answers"][str(seat)] = action.yes
    if len(state["answers"]) == 2:
        state["phase"] = "over"
    return [LogEntry(text=f"{{seat{seat}}} answered.")]


def _clear(state: dict[str, Any], seat: int, action: _Say) -> list[LogEntry]:
    if state["tokens"][seat] < 1:
        raise RuleError("You hold no token.")
    state["tokens"][seat] -= 1
    return []


_ANSWER = Step(
    name="answer", actions={"say": _answer},
    actors=lambda s: [seat for seat in (0, 1) if str(seat) not in s["answers"]],
    legal=lambda s, seat: [{"type": "say", "yes": {"$choice": [True, False]}}],
    hint=lambda s, seat, kind: f"You cannot {kind} while answering.",
    out_of_turn={"clear": _clear},
    out_of_turn_legal=lambda s, seat: [{"type": "clear"}] if s["tokens"][seat] else [],
    optional=lambda s: [seat for seat in (0, 1, 2) if s["tokens"][seat]],
)


class _Tiny(StepEngine):
    id = "tiny"
    name = "Tiny"
    min_players = max_players = 3
    rules_version = "1"
    action_adapter = TypeAdapter(_Say)
    state_type = _TinyState

    def setup(self, player_count: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
        return {"phase": "answer", "answers": {}, "tokens": [0, 0, 1],
                "coin": {"side": "up", "flips": [1]}, "note": {"n": 1}, "extra": [[1]]}

    def current_step(self, state: dict[str, Any]) -> Step:
        return _ANSWER

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return state

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        return None


def test_simultaneous_actors_then_optional_ones_and_their_refusals() -> None:
    tiny = _Tiny()
    state = tiny.setup(3, {}, 0)
    assert tiny.to_act(state) == [0, 1, 2] and tiny.awaited(state) == [0, 1]
    assert tiny.legal_actions(state, 2) == [{"type": "clear"}]
    assert [t["type"] for t in tiny.legal_actions(state, 0)] == ["say"]
    with pytest.raises(RuleError, match="It is not your turn"):
        tiny.apply(state, 2, tiny.parse_action({"type": "say"}))
    with pytest.raises(RuleError, match="cannot shout while answering"):
        tiny.apply(state, 0, tiny.parse_action({"type": "shout"}))
    with pytest.raises(RuleError, match="no token"):  # out of turn: the handler decides
        tiny.apply(state, 1, tiny.parse_action({"type": "clear"}))
    cleared = tiny.apply(state, 2, tiny.parse_action({"type": "clear"})).state
    assert cleared["tokens"] == [0, 0, 0] and state["tokens"] == [0, 0, 1]
    after = tiny.apply(cleared, 1, tiny.parse_action({"type": "say", "yes": False})).state
    assert tiny.to_act(after) == [0] and state["answers"] == {}
    done = tiny.apply(after, 0, tiny.parse_action({"type": "say"})).state
    assert tiny.to_act(done) == [] and tiny.legal_actions(done, 0) == []
    with pytest.raises(RuleError, match="The game is over"):
        tiny.apply(done, 0, tiny.parse_action({"type": "say"}))


def test_declared_copy_of_unions_nested_shapes_and_any() -> None:
    state = _Tiny().setup(3, {}, 0)
    copy = declared_copier(_TinyState)(state)
    assert copy == state
    assert copy["coin"] is not state["coin"] and copy["coin"]["flips"] is not state["coin"]["flips"]
    assert copy["extra"][0] is not state["extra"][0]  # Any: deep
    assert copy["note"] is state["note"]  # Shared
    assert declared_copier(_TinyState)({**state, "coin": None})["coin"] is None


@pytest.mark.parametrize(("keys", "higher_wins", "ranks"), [
    ([(10, 2), (10, 3), (4, 9)], True, [2, 1, 3]),
    ([5, 5, 1, 7], True, [2, 2, 4, 1]),
    ([(3, 0), (1, 1), (1, 1)], False, [3, 1, 1]),
])
def test_competition_ranks_share_ties_after_every_tie_breaker(
        keys: list[Any], higher_wins: bool, ranks: list[int]) -> None:
    assert competition_ranks(keys, higher_wins=higher_wins) == ranks
