"""The bot side of a game: what a searching bot asks of it, handed the game's engine.

As boardgame.io hands its bots the game, a game's bot here is handed its engine
(``GameBot(engine)``) and asks it the rules (legal actions, apply, view); what only bots
need (sampling what a seat cannot see, the game's good move, how good a position is, which
moves to search) is the bot's own, in ``engines/<game>/bot/``. The engine never imports its
bot: the game's package wires one to the other (``engines/<game>/__init__.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from engines.core.protocol import Engine
from engines.core.templates import random_action
from engines.core.types import State

#: How strong a bot plays (see :mod:`engines.bots`).
BotLevel = Literal["easy", "normal", "hard"]


@dataclass(frozen=True)
class SearchTuning:
    """How the hard bot's search (:class:`engines.bots.search.Search`) plays one game.

    Each game sets its own (``GameBot.search_tuning``): a game with long, luck-heavy turns
    wants fewer candidates and a larger margin than one whose moves are exact.
    """

    #: Playout moves before :meth:`GameBot.evaluate` judges the position (with
    #: ``playout_to_turn``: the most a playout may make).
    playout_depth: int = 6
    #: Play each playout on to the searching seat's next turn (every other seat has had
    #: its turn since the decision, :meth:`GameBot.turn_seat`), at most ``playout_depth``
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
    #: How hard searches: ``"rollouts"`` (engines.bots.rollout: candidates played out to
    #: the end by the normal bot, issue 40) or ``"ismcts"`` (engines.bots.search.Search,
    #: heuristic playouts cut off by ``evaluate``).
    method: str = "rollouts"
    #: Rollouts: the most moves after the candidate (the game's end usually comes first).
    rollout_depth: int = 400
    #: Rollouts: who plays them: ``"normal"`` (the heuristic, no noise) or ``"playout"``
    #: (:meth:`GameBot.playout_action`, cheaper).
    rollout_policy: str = "normal"
    #: Rollouts with ``rollout_policy="playout"``: the first this many moves after the
    #: candidate are still the normal bot's (the next round or two, where the candidates'
    #: differences play out, at normal's strength), the rest the cheap playout move.
    rollout_normal_moves: int = 0
    #: Rollouts: candidates played from the first world on, and worlds per one more.
    widen_base: int = 2
    widen_every: int = 3
    #: Rollouts: worlds every candidate meets before the search may stop early.
    min_worlds: int = 4
    #: Rollouts: standard errors of the paired difference by which one candidate must lead
    #: every other for the search to stop early, and beat the normal bot's move to replace it.
    stop_z: float = 3.0
    switch_z: float = 0.5
    #: Rollouts: a finished rollout's value is its win share, blended with this weight
    #: with :meth:`GameBot.search_value` of the final position (the margin of the win).
    margin_weight: float = 0.5
    #: Rollouts: the cap (the time budget usually ends it first).
    rollouts: int = 600


class GameBot:
    """A game's bot, handed the game's engine. The defaults play at random (the test bot);
    a game's bot (``engines/<game>/bot/``) overrides what it knows better."""

    #: The hard bot's search settings for this game.
    search_tuning: ClassVar[SearchTuning] = SearchTuning()

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def test_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        """The test bot's move: random legal by default; some specs ask for one that always
        scores when it can, so property tests and bot tables terminate."""
        return random_action(self.engine.legal_actions(state, seat), rng)

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state consistent with everything ``seat`` sees in ``view``.

        Every hidden part (deck and sign-stack order, other hands, draw piles, secret money,
        city cards) is drawn at random from what that seat cannot rule out, so
        ``view(determinize(v, s, rng), s) == v``. Searching bots (:mod:`engines.bots`) plan
        on such states, never on the real one: that is what makes them fair.
        """
        raise NotImplementedError(f"{self.engine.name} has no determinize yet")

    def heuristic_action(self, state: State, seat: int, rng: random.Random,
                         noise: float) -> dict[str, Any]:
        """The game's obvious good move for ``seat`` in a (determinized) state.

        ``noise`` in ``[0, 1]`` makes it pick worse moves sometimes (the easy bot plays
        with ``noise > 0``, the normal bot with 0); a game may read ``noise > 0`` as "the
        easy level" and set how often it errs itself. The default is the test bot.
        """
        return self.test_action(state, seat, rng)

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
        seats = self.engine.awaited(state) or self.engine.to_act(state)
        return seats[0] if seats else None

    def explain(self, view: dict[str, Any], seat: int,
                action: dict[str, Any]) -> dict[str, Any]:
        """Why ``action`` is a good move for ``seat``, in one line: a catalogue message
        ``{"key", "params"}`` worded from ``view`` (the seat's own) and the action alone,
        never from hidden state, naming what the normal bot values in it (a beginner's hint,
        app/http/hints.py). The default is the generic line; a game's bot names its own
        reasons (``engines/<game>/bot/why.py``)."""
        return {"key": "base.why.generic", "params": {}}

    def bot_candidates(self, state: State, seat: int, rng: random.Random,
                       limit: int) -> list[dict[str, Any]] | None:
        """At most ``limit`` concrete actions worth searching, the heuristic's choice
        first and the rest best first, or ``None`` for
        :func:`engines.bots.search.candidate_actions`' generic choice (the heuristic's move
        plus a sample of the templates)."""
        return None


def has_bots(engine: Engine) -> bool:
    """True when the game wires a bot that plays from views (its bots never see the state)."""
    bot = engine.bot
    return isinstance(bot, GameBot) and type(bot).determinize is not GameBot.determinize


def bot_of(engine: Engine) -> GameBot:
    """The bot wired to ``engine``, else the random test bot handed it."""
    bot = engine.bot
    return bot if isinstance(bot, GameBot) else GameBot(engine)
