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
from typing import Any

import pytest

from engines.base import Engine, RuleError, StepEngine, expand_template
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
        action = engine.parse_action(engine.bot_action(state, seat, rng))
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
