"""Every action model is strict (issue 10): a wrong type is ``invalid``, never coerced.

Before, ``{"type": "bid", "amount": true}`` bid 1 and Kaki Lima took ``{"cell": "21"}``.
For every registered game, concrete actions are collected from random bot play and each
is broken one way at a time: an int replaced by ``true``/``false``/``"3"``/``3.0``/``null``,
a string by an int, a bool by ``1``/``0``/``"true"``, an extra field, a required field
missing. Each variant must be refused by ``parse_action`` with an ``ActionError`` (so it
never reaches ``apply``), unless the model's declared type admits the replacement.
"""

from __future__ import annotations

import random
import types
import typing
from collections.abc import Iterator
from typing import Any, Union, get_args, get_origin

import pytest
from pydantic import BaseModel

from engines.bots import bot_of
from engines.core.errors import ActionError
from engines.core.protocol import Engine
from engines.core.templates import expand_template
from engines.registry import all_engines

ENGINES = sorted(all_engines().values(), key=lambda e: e.id)
OPTIONS: dict[str, dict[str, Any]] = {"race": {"goal": 60}}
PER_TYPE = 3


def sample_actions(engine: Engine) -> list[dict[str, Any]]:
    """Up to ``PER_TYPE`` concrete, well-formed actions of every type met in bot play."""
    found: dict[str, list[dict[str, Any]]] = {}
    for seed in range(3):
        players = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
        state = engine.setup(players, engine.validate_options(OPTIONS.get(engine.id, {})),
                             seed)
        rng = random.Random(seed)
        for _ in range(300):
            seats = engine.to_act(state)
            if not seats or engine.outcome(state) is not None:
                break
            for seat in seats:
                for template in engine.legal_actions(state, seat)[:20]:
                    raw = expand_template(template, rng)
                    bucket = found.setdefault(raw["type"], [])
                    if len(bucket) < PER_TYPE and raw not in bucket:
                        bucket.append(raw)
            seat = rng.choice(seats)
            raw = bot_of(engine).test_action(state, seat, rng)
            state = engine.apply(state, seat, engine.parse_action(raw)).state
    return [a for bucket in found.values() for a in bucket]


def leaf_types(annotation: Any) -> set[type]:
    """The plain types a declared field admits (unions and ``Annotated`` unwrapped)."""
    origin = get_origin(annotation)
    if origin is typing.Annotated:
        return leaf_types(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        return set().union(*(leaf_types(a) for a in get_args(annotation)))
    if origin is typing.Literal:
        return {type(v) for v in get_args(annotation)}
    return {origin or annotation}


def field_type(model: type[BaseModel], path: tuple[Any, ...]) -> Any:
    """The declared type at ``path`` (dict keys by alias, list indexes) inside ``model``."""
    annotation: Any = model
    for step in path:
        while get_origin(annotation) in (typing.Annotated, Union, types.UnionType):
            args = [a for a in get_args(annotation) if a is not type(None)]
            annotation = args[0]
        if isinstance(step, int):
            annotation = get_args(annotation)[0]
            continue
        fields = {f.alias or name: f for name, f in annotation.model_fields.items()}
        annotation = fields[step].annotation
    return annotation


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``value`` with the leaf at ``path`` replaced by ``new``."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, list):
        return [replaced(v, rest, new) if i == head else v for i, v in enumerate(value)]
    return {k: replaced(v, rest, new) if k == head else v for k, v in value.items()}


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every scalar in an action with its path."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))
    else:
        yield path, value


def wrong_types(value: Any) -> list[Any]:
    """Replacements of a scalar that a strict int/str/bool field must refuse."""
    if isinstance(value, bool):
        return [1, 0, "true", None]
    if isinstance(value, int):
        return [True, False, str(value), float(value), None]
    if isinstance(value, str):
        return [3, None, True]
    return []


def variants(model: type[BaseModel], action: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(what was broken, the broken action) for one well-formed action."""
    for path, value in leaves(action):
        admitted = leaf_types(field_type(model, path)) if path != ("type",) else {str}
        for new in wrong_types(value):
            if type(new) not in admitted and not (new is None and type(None) in admitted):
                yield f"{'.'.join(map(str, path))} = {new!r}", replaced(action, path, new)
    yield "an extra field", {**action, "surplus": 1}
    for name, info in model.model_fields.items():
        key = info.alias or name
        if info.is_required() and key in action:
            yield f"{key} missing", {k: v for k, v in action.items() if k != key}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.id)
def test_malformed_variants_of_legal_actions_are_refused(engine: Engine) -> None:
    actions = sample_actions(engine)
    assert actions
    checked = 0
    for action in actions:
        model = type(engine.parse_action(action))
        for broken, raw in variants(model, action):
            with pytest.raises(ActionError):
                parsed = engine.parse_action(raw)
                pytest.fail(f"{engine.id}: {action} with {broken} was accepted as {parsed!r}")
            checked += 1
    assert checked >= len(actions)


@pytest.mark.parametrize("raw", [
    {"type": "advance", "n": True}, {"type": "advance", "n": "3"}, {"type": "advance", "n": 3.0},
    {"type": "advance", "n": None}, {"type": "advance"}, {"type": "advance", "n": 3, "m": 1},
    {"type": 3, "n": 3}, ["advance", 3], {"type": "advance", "n": 2 ** 70}, {3: "advance"},
])
def test_the_race_refuses_what_it_once_coerced(raw: Any) -> None:
    with pytest.raises(ActionError, match="Invalid action"):
        all_engines()["race"].parse_action(raw)


def test_literal_fields_still_take_their_json_strings() -> None:
    parsed = all_engines()["race"].parse_action({"type": "advance", "n": 3})
    assert (parsed.type, parsed.n) == ("advance", 3)  # type: ignore[attr-defined]
