"""The hard bot: search that plays the game out (issue 40).

Determinized rollouts, the policy-improvement step of Tesauro & Galperin (1996) and of
"perfect-information Monte Carlo" card-game bots: for a few candidate moves (the game's own
ranked ``bot_candidates``, the normal bot's move first) it draws worlds consistent with the
seat's view (:meth:`GameBot.determinize`), plays each candidate in each world and then the
game out with the normal bot's move for every seat (``rollout_depth`` moves, usually to the
end; a cut-off rollout is judged by :meth:`GameBot.search_value`), and plays the candidate
that did best.

* **Common random numbers.** Every candidate meets the same worlds and the same playout
  generator, so two candidates' results differ only where their moves made them differ:
  the paired difference has a far smaller error than two separate samples.
* **Progressive widening.** It starts with ``widen_base`` candidates and lets in the next
  one every ``widen_every`` worlds, so the budget goes to the likeliest moves first.
* **Time where it matters.** A position with one candidate costs nothing; once every
  candidate has met ``min_worlds`` worlds it stops as soon as the outcome is clear: no
  candidate made any difference in any world, or one leads every other by ``stop_z``
  standard errors of the paired difference. Otherwise it runs to the budget or the cap.
* **Keep what is known good.** The normal bot's move is kept unless another beats it by
  ``switch_z`` standard errors (and ``keep_margin``): hard is normal plus what the rollouts
  show, never normal minus noise.

With a cap and ``budget_s=math.inf`` it is deterministic: same view, same seed, same move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from engines.bots.candidates import candidate_actions
from engines.bots.protocol import GameBot
from engines.core.types import State

#: The clock the budget is counted on: the wall clock (what a player waits). A benchmark on
#: a shared machine sets the process's CPU clock (``time.process_time``) to measure what
#: the budget buys on an idle core (bench/ladder.py ``--cpu-budget``).
clock: Callable[[], float] = time.perf_counter


def rollout_action(bot: GameBot, view: dict[str, Any], seat: int, rng: random.Random,
                   budget_s: float, cap: int, first: State) -> dict[str, Any]:
    """The hard bot's move for ``seat`` from its ``view`` (see the module docstring);
    ``cap`` bounds the rollouts, ``first`` is the decision's first determinization."""
    return Rollouts(bot, view, seat, rng).run(budget_s, cap, first)


class Rollouts:
    """One decision's rollouts: results per candidate, world by world."""

    def __init__(self, bot: GameBot, view: dict[str, Any], seat: int,
                 rng: random.Random) -> None:
        self.bot = bot
        self.engine = bot.engine
        self.view = view
        self.seat = seat
        self.rng = rng
        self.tuning = bot.search_tuning
        #: results[i][w]: candidate i's value in world w (None: not played there, or cut
        #: short by the clock).
        self.results: list[list[float | None]] = []
        self.rollouts = 0

    def run(self, budget_s: float, cap: int, first: State) -> dict[str, Any]:
        """Roll out until the outcome is clear, the budget or the cap; the chosen move."""
        deadline = clock() + budget_s
        tuning = self.tuning
        moves = candidate_actions(self.engine, first, self.seat, self.rng,
                                  tuning.max_candidates)
        if len(moves) <= 1:
            return moves[0]
        self.results = [[] for _ in moves]
        world: State | None = first
        worlds = 0
        while self.rollouts < cap:
            if worlds and clock() >= deadline:
                break
            if world is None:
                world = self.bot.determinize(self.view, self.seat, self.rng)
            active = min(len(moves), tuning.widen_base + worlds // max(1, tuning.widen_every))
            playout_seed = self.rng.getrandbits(48)
            for i in range(len(moves)):
                # A world once begun is played by every active candidate (their results
                # stay paired), unless the clock runs out.
                if i >= active or (i and clock() >= deadline):
                    self.results[i].append(None)
                    continue
                self.results[i].append(self.rollout(world, moves[i], playout_seed,
                                                    deadline))
                self.rollouts += 1
            world = None
            worlds += 1
            if self.settled(active):
                break
        return moves[self.choice()]

    def rollout(self, world: State, move: dict[str, Any], playout_seed: int,
                deadline: float = math.inf) -> float | None:
        """The searching seat's value after ``move`` in ``world`` and the normal bot's play
        for everyone to the end (or ``rollout_depth`` moves); ``None`` if the clock ran
        out on the way (a rollout of a whole game can take a good share of the budget)."""
        engine = self.engine
        bot = self.bot
        rng = random.Random(playout_seed)
        state = engine.apply(world, self.seat, engine.parse_action(move)).state
        for step in range(self.tuning.rollout_depth):
            if engine.outcome(state) is not None:
                break
            if step % 8 == 7 and clock() >= deadline:
                return None
            awaited = engine.awaited(state) or engine.to_act(state)
            if not awaited:
                break
            actor = awaited[0]
            if self.tuning.rollout_policy == "normal" or (
                    step < self.tuning.rollout_normal_moves):
                action = bot.heuristic_action(state, actor, rng, 0.0)
            else:
                action = bot.playout_action(state, actor, rng)
            state = engine.apply(state, actor, engine.parse_action(action)).state
        outcome = engine.outcome(state)
        if outcome is None:
            return bot.search_value(state, self.seat, self.seat)
        winners = [s for s, r in enumerate(outcome.ranks) if r == 1]
        share = 1.0 / len(winners) if self.seat in winners else 0.0
        # A win is a win, but by how much tells the candidates apart where few worlds
        # flip the winner: the game's own judge of the final position (its margin).
        weight = self.tuning.margin_weight
        return (1 - weight) * share + weight * bot.search_value(state, self.seat, self.seat)

    def paired(self, i: int, j: int) -> tuple[float, float, int]:
        """Mean and standard error of candidate ``i``'s value minus ``j``'s over the worlds
        both met, and how many those were."""
        diffs = [a - b for a, b in zip(self.results[i], self.results[j], strict=True)
                 if a is not None and b is not None]
        n = len(diffs)
        if n == 0:
            return 0.0, math.inf, 0
        mean = sum(diffs) / n
        if n == 1:
            return mean, math.inf, 1
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n), n

    def settled(self, active: int) -> bool:
        """Whether more worlds would not change the choice: every candidate let in so far
        (and no more to come) has met ``min_worlds`` worlds, and either none made any
        difference, or one leads every other clearly."""
        tuning = self.tuning
        if active < len(self.results):
            return False
        played = [[v for v in r if v is not None] for r in self.results]
        if min(len(p) for p in played) < tuning.min_worlds:
            return False
        if all(self.paired(i, 0)[0] == 0.0 and self.paired(i, 0)[1] == 0.0
               for i in range(1, len(played))):
            return True
        best = self.leader()
        for j in range(len(played)):
            if j == best:
                continue
            mean, se, _ = self.paired(best, j)
            if mean <= 0 or mean < tuning.stop_z * se:
                return False
        return True

    def leader(self) -> int:
        """The candidate with the best mean over the worlds it met (the normal bot's move
        first on a tie)."""
        means = []
        for r in self.results:
            played = [v for v in r if v is not None]
            means.append(sum(played) / len(played) if played else -math.inf)
        return max(range(len(means)), key=lambda i: (means[i], i == 0, -i))

    def choice(self) -> int:
        """The leader if it beats the normal bot's move clearly enough, else that move."""
        best = self.leader()
        if best == 0:
            return 0
        mean, se, n = self.paired(best, 0)
        if n < self.tuning.min_worlds or mean < self.tuning.keep_margin or (
                mean < self.tuning.switch_z * se):
            return 0
        return best
