"""Kaki Lima's bot (the protocol :class:`engines.bots.protocol.GameBot`), handed the
engine: the test bot (testbot.py), the easy and normal bots' heuristic (heuristic.py), the
hard bot's walks and values (search.py), the cards a seat cannot see dealt at random
(sampling.py)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engines.bots.protocol import GameBot, SearchTuning
from engines.core.errors import RuleError
from engines.core.types import State
from engines.kaki_lima.bot import easy, heuristic, sampling, search, testbot, why


class KakiLimaBot(GameBot):
    """The bots of Kaki Lima."""

    #: The hard bot searches the walks only, with long cheap playouts (search.py).
    search_tuning: ClassVar[SearchTuning] = search.TUNING

    def _templates(self, state: State, seat: int) -> list[dict[str, Any]]:
        templates = self.engine.legal_actions(state, seat)
        if not templates:
            raise RuleError("kaki-lima.err.nothing_to_do")
        return templates

    def test_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """Random, but leaning towards its own tasks so games end (testbot.py)."""
        return testbot.bot_action(state, seat, rng, self._templates(state, seat))

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state behind ``view``: the cards ``seat`` cannot see dealt at random."""
        return sampling.determinize(view, seat, rng)

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """The normal bot's move: tasks, meetings, clearings, Jom! cards (heuristic.py);
        with ``noise`` > 0 the easy bot's, normal's with a beginner's mistakes (easy.py)."""
        if noise > 0:
            return easy.easy_action(state, seat, rng, self._templates(state, seat))
        return heuristic.heuristic_action(state, seat, rng, noise, self._templates(state, seat))

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's points lead (held tokens counted) squashed into [0, 1]."""
        return search.evaluate(state, seat)

    def search_value(self, state: State, seat: int, root: int) -> float:
        """The seat's lead, and for the searching seat also its turn ahead."""
        return search.evaluate(state, seat, root)

    def turn_seat(self, state: State) -> int | None:
        """The seat placing its pedestrian or whose turn it is (answers, offers and the
        final clearings do not change it)."""
        if state["phase"] == "over":
            return None
        return int(state["placing"] if state["phase"] == "place" else state["current"])

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """The heuristic's move, and at a walk the next best walks (search.py)."""
        templates = self.engine.legal_actions(state, seat)
        if not templates:
            return None
        return search.candidates(state, seat, rng, limit, templates)

    def playout_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The heuristic without its turn-ahead planning: cheap enough for playouts."""
        return search.playout_action(state, seat, rng, self._templates(state, seat))

    def explain(self, view: dict[str, Any], seat: int,
                action: dict[str, Any]) -> dict[str, Any]:
        """The move's main reason in the game's own words, from the view alone (why.py)."""
        return why.explain(view, seat, action)
