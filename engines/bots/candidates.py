"""The concrete moves a search considers for a seat: the game's own ranked candidates, or
the heuristic's move and a sample of what the templates stand for."""

from __future__ import annotations

import random
from typing import Any

import orjson

from engines.bots.protocol import GameBot, SearchTuning, bot_of
from engines.core.protocol import Engine
from engines.core.templates import expand_template, field_values
from engines.core.types import State

DEFAULT_LIMIT = SearchTuning().max_candidates


def action_key(action: dict[str, Any]) -> bytes:
    """A stable key of a concrete action (tree edges are keyed by it)."""
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


def candidate_actions(engine: Engine, state: State, seat: int, rng: random.Random,
                      limit: int = DEFAULT_LIMIT) -> list[dict[str, Any]]:
    """Concrete actions worth searching for ``seat``: the game's own ranked candidates
    (:meth:`GameBot.bot_candidates`) when it has them; else the heuristic's choice first, then
    every action the templates stand for when there are few, else a sample of them."""
    return _candidates(bot_of(engine), state, seat, rng, limit)


def _candidates(bot: GameBot, state: State, seat: int, rng: random.Random,
                limit: int) -> list[dict[str, Any]]:
    engine = bot.engine
    ranked = bot.bot_candidates(state, seat, rng, limit)
    if ranked:
        return ranked[:limit]
    out: dict[bytes, dict[str, Any]] = {}
    best = bot.heuristic_action(state, seat, rng, 0.0)
    out[action_key(best)] = best
    templates = engine.legal_actions(state, seat)
    total = sum(_template_size(t) for t in templates)
    if total <= limit:
        for template in templates:
            for action in _expand_all(template):
                out.setdefault(action_key(action), action)
    else:
        # One sample per template first (each kind of move gets a voice), then at random.
        for template in templates[:limit]:
            action = expand_template(template, rng)
            out.setdefault(action_key(action), action)
        tries = 0
        while len(out) < limit and tries < limit * 3:
            tries += 1
            action = expand_template(rng.choice(templates), rng)
            out.setdefault(action_key(action), action)
    return list(out.values())


def _template_size(template: dict[str, Any]) -> int:
    size = 1
    for val in template.values():
        size *= max(1, len(field_values(val)))
    return size


def _expand_all(template: dict[str, Any]) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = [{}]
    for key, val in template.items():
        actions = [{**a, key: v} for a in actions for v in field_values(val)]
    return actions
