"""Bots that play like a person who knows the game, and never peek.

A bot decides from ``view(state, seat)`` and its own seeded generator only. It never sees the
state: whatever it needs that the seat cannot see (sign-stack order, other hands, draw piles,
secret money, city cards) it samples with its game bot's :meth:`GameBot.determinize`,
consistently with the view. So two states that look the same to a seat get the same decision
from the same seed, whatever their hidden parts (tests/engines/test_bots_fairness.py proves it
per game).

Levels
------
* ``easy``: the game's heuristic on one determinization, with noise: its easy level (a
  worse move sometimes; a title's ``bot/easy.py`` says which and how often).
* ``normal``: the heuristic on one determinization, no noise.
* ``hard``: information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
  Powley & Whitehouse 2012; OpenSpiel's ``ismcts.py`` is the model). Every iteration draws a
  fresh determinization, walks the shared tree of action sequences choosing by UCB among the
  actions legal in *that* determinization (availability counts), grows one node, plays the
  heuristic for a few moves (or, with ``SearchTuning.playout_to_turn``, on to the searching
  seat's next turn) and scores the end with :meth:`GameBot.search_value` for every seat.
  Each seat chooses by its own value, so opponents are modelled as trying to win too.

The search stops at the time budget or the iteration cap, whichever comes first; with a cap
and no time pressure it is deterministic (same view + same seed -> same decision), which is
what tests and recorded games rely on.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, get_args

from engines.bots.candidates import _candidates, action_key, candidate_actions
from engines.bots.memo import fresh_decision
from engines.bots.protocol import BotLevel, GameBot, SearchTuning, bot_of
from engines.bots.rollout import rollout_action
from engines.core.protocol import Engine
from engines.core.types import State

LEVELS: tuple[BotLevel, ...] = get_args(BotLevel)
#: The noise the easy bot asks a game's heuristic for (> 0: the easy level). Indonesia's
#: heuristic strays from its best move this often; Tuk-Tuk Taxi, Jakarta Traffic and Kaki
#: Lima set their easy level's mistakes in their own ``bot/easy.py`` (issue 40).
EASY_NOISE = 0.35
#: The defaults; each game tunes its own (``GameBot.search_tuning``).
DEFAULT_TUNING = SearchTuning()

__all__ = ["DEFAULT_TUNING", "EASY_NOISE", "LEVELS", "Node", "Search", "action_key",
           "candidate_actions", "decide", "values_of"]


def decide(engine: Engine, view: dict[str, Any], seat: int, level: BotLevel,
           rng: random.Random, budget_s: float = 0.8, *,
           iterations: int | None = None) -> dict[str, Any]:
    """The bot's action from the seat's view only.

    easy/normal run the game bot's :meth:`GameBot.heuristic_action` on one determinization;
    hard runs ISMCTS within ``budget_s`` seconds and at most ``iterations`` iterations
    (default: the game's ``search_tuning.iterations``). Pass ``budget_s=math.inf`` and a cap for a
    deterministic result.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    bot = bot_of(engine)
    fresh_decision()
    state = bot.determinize(view, seat, rng)
    if level != "hard":
        noise = EASY_NOISE if level == "easy" else 0.0
        return bot.heuristic_action(state, seat, rng, noise)
    restless = bot.restless_action(state, seat, rng)
    if restless is not None:
        return restless
    if bot.search_tuning.method == "rollouts":
        return rollout_action(bot, view, seat, rng, budget_s,
                              iterations or bot.search_tuning.rollouts, state)
    return Search(engine, view, seat, rng).run(
        budget_s, iterations or bot.search_tuning.iterations, first=state)


@dataclass
class Node:
    """One node of the shared tree: statistics per action edge, keyed by the action."""

    seat: int
    children: dict[bytes, Node] = field(default_factory=dict)
    actions: dict[bytes, dict[str, Any]] = field(default_factory=dict)
    visits: dict[bytes, int] = field(default_factory=dict)
    value: dict[bytes, float] = field(default_factory=dict)
    #: How often each edge was legal when this node was reached (ISMCTS availability).
    available: dict[bytes, int] = field(default_factory=dict)


class Search:
    """Single-observer ISMCTS for one decision of ``seat`` (see the module docstring)."""

    def __init__(self, engine: Engine, view: dict[str, Any], seat: int,
                 rng: random.Random) -> None:
        self.engine = engine
        self.bot = bot_of(engine)
        self.view = view
        self.seat = seat
        self.rng = rng
        self.root = Node(seat)
        self.players = 0
        self.tuning: SearchTuning = self.bot.search_tuning

    def run(self, budget_s: float, iterations: int, first: State | None = None) -> dict[str, Any]:
        """Search until the budget or the cap, then the most visited root action."""
        deadline = time.perf_counter() + budget_s
        state: State | None = first if first is not None else self.bot.determinize(
            self.view, self.seat, self.rng)
        assert state is not None
        self.players = _player_count(self.engine, state)
        tuning = self.tuning
        root_moves = _candidates(self.bot, state, self.seat, self.rng, tuning.max_candidates)
        if len(root_moves) == 1:
            return root_moves[0]
        done = 0
        while done < iterations:
            if done and time.perf_counter() >= deadline:
                break
            if state is None:
                state = self.bot.determinize(self.view, self.seat, self.rng)
            self.iterate(state)
            state = None
            done += 1
        root = self.root
        heuristic = action_key(root_moves[0])
        if done < tuning.min_visits * len(root_moves):
            # Too few iterations to tell the moves apart: a visit or two each is noise, and
            # the heuristic's move is the better bet.
            return root_moves[0]
        best = max(root.visits, key=lambda k: (root.visits[k], k == heuristic, root.value[k]))
        if best != heuristic and heuristic in root.visits and (
                _mean(root, best) - _mean(root, heuristic) < tuning.keep_margin):
            return root_moves[0]
        return root.actions[best]

    def iterate(self, state: State) -> None:
        """One determinization: select, expand one node, play out, back up."""
        engine = self.engine
        node = self.root
        path: list[tuple[Node, bytes]] = []
        expanded = False
        left = False
        while not expanded:
            actor = _actor(engine, state)
            if actor is None:
                break
            if self.tuning.playout_to_turn:
                left, back = self._turn(state, left)
                if back:
                    break   # the searching seat's next turn: judged here, like a playout
            if node.seat != actor:
                # Same action sequence, different mover in this determinization (the rules
                # can decide who moves from hidden cards): start a fresh subtree for it.
                node = Node(actor)
            moves = _candidates(self.bot, state, actor, self.rng,
                                self.tuning.max_candidates if node is self.root
                                else self.tuning.inner_candidates)
            keys = [action_key(a) for a in moves]
            for key, move in zip(keys, moves, strict=True):
                node.available[key] = node.available.get(key, 0) + 1
                node.actions.setdefault(key, move)
            fresh = [k for k in keys if k not in node.visits]
            if fresh:
                key = fresh[0] if not path else self.rng.choice(fresh)
                expanded = True
            else:
                key = max(keys, key=lambda k: self._ucb(node, k))
            path.append((node, key))
            state = _step(engine, state, actor, node.actions[key])
            if not expanded:
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(-1)
                node = child
        values = self.playout(state, left)
        for parent, key in path:
            parent.visits[key] = parent.visits.get(key, 0) + 1
            parent.value[key] = parent.value.get(key, 0.0) + values[parent.seat]

    def _ucb(self, node: Node, key: bytes) -> float:
        n = node.visits[key]
        return node.value[key] / n + self.tuning.exploration * math.sqrt(
            math.log(node.available[key]) / n)

    def playout(self, state: State, left: bool = False) -> list[float]:
        """Heuristic moves, then every seat's value of where they led: ``playout_depth``
        moves, or with ``playout_to_turn`` until the searching seat's next turn (at most
        ``playout_depth`` moves). ``left``: the tree path has left the searching seat's
        turn already."""
        engine = self.engine
        to_turn = self.tuning.playout_to_turn
        for _ in range(self.tuning.playout_depth):
            actor = _actor(engine, state)
            if actor is None:
                break
            if to_turn:
                left, back = self._turn(state, left)
                if back:
                    break
            state = _step(engine, state, actor,
                          self.bot.playout_action(state, actor, self.rng))
        return _values(self.bot, state, self.players, self.seat)

    def _turn(self, state: State, left: bool) -> tuple[bool, bool]:
        """``(left, back)``: whether the turn has left the searching seat since its
        decision, and whether it has come back to it (its next turn: stop there)."""
        if self.bot.turn_seat(state) != self.seat:
            return True, False
        return left, left


def _mean(node: Node, key: bytes) -> float:
    return node.value[key] / node.visits[key]


def values_of(engine: Engine, state: State, players: int, root: int) -> list[float]:
    """Each seat's value of ``state`` in [0, 1] in a search for ``root``'s decision: a share
    of the win once the game is over, else the game bot's :meth:`GameBot.search_value`."""
    return _values(bot_of(engine), state, players, root)


def _values(bot: GameBot, state: State, players: int, root: int) -> list[float]:
    outcome = bot.engine.outcome(state)
    if outcome is None:
        return [bot.search_value(state, s, root) for s in range(players)]
    winners = [s for s, r in enumerate(outcome.ranks) if r == 1]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def _player_count(engine: Engine, state: State) -> int:
    players = state.get("players", state.get("n"))
    if isinstance(players, list):
        return len(players)
    if isinstance(players, int):
        return players
    return engine.max_players


def _actor(engine: Engine, state: State) -> int | None:
    """Who moves next in a playout: the first awaited seat (simultaneous answers are
    taken one after another), ``None`` at the end."""
    if engine.outcome(state) is not None:
        return None
    awaited = engine.awaited(state) or engine.to_act(state)
    return awaited[0] if awaited else None


def _step(engine: Engine, state: State, seat: int, action: dict[str, Any]) -> State:
    return engine.apply(state, seat, engine.parse_action(action)).state
