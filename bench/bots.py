"""Bot strength and speed: issue 14's pairings, per game and player count.

For each game that implements the bot hooks (``determinize``) and each supported player
count, it plays ``--games`` games per pairing with the seats rotated:

* hard vs random, hard vs easy, normal vs random: one seat plays the first level, the
  others the second (``random`` is the engine's test bot, ``bot_of(engine).test_action``: in some
  games it leans towards its own goals so that test games end, which makes it a stronger
  opponent than its name says; ``uniform`` is a uniformly random legal move, the base
  ``GameBot.test_action``, and the pairings ``hard-uniform`` and ``normal-uniform`` play it);
  the win share of the first level's seat (a shared first place counts as a share, so
  in multi-player games this is its share against the others combined), with a 95%
  Wilson interval;
* Tuk-Tuk Taxi also plays normal and hard against the greedy shortest-route player and
  reports passengers delivered per turn of each (the bot must match the greedy player).

Decision times (p50/p95) are measured per level from the seat's view to the action.
Every bot decides through ``engines.bots.decide`` from ``view(state, seat)`` only; the
random seat is ``bot_of(engine).test_action``.

Usage::

    python -m bench.bots --ladder --games 400 --jobs 2    # issue 40's ladder (bench/ladder.py)
    python -m bench.bots --games 200 --jobs 2             # the issue's full run
    python -m bench.bots --games 40 --budget inf --iterations 150 --games-filter tuk-tuk-taxi

``--budget inf --iterations K`` makes every decision deterministic and independent of the
machine's load (strength at K iterations); decision times are then only meaningful on an idle
machine with the production budget. ``--out FILE`` appends one JSON line per pairing,
``--deals FILE`` one per game (for ``bench/paired.py``).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import IO, Any

import orjson

from engines import bots
from engines.bots import bot_of
from engines.core.outcome import Outcome
from engines.core.protocol import Engine
from engines.core.templates import random_action
from engines.core.types import State
from engines.registry import all_engines

Policy = Callable[[Engine, State, int, random.Random], dict[str, Any]]
#: A game not over after this many actions counts as a draw (a stuck game shows up here).
MAX_ACTIONS = 5000


@dataclass
class Timings:
    """Decision times per level, in seconds."""

    by_level: dict[str, list[float]] = field(default_factory=dict)

    def add(self, level: str, seconds: float) -> None:
        """Record one decision."""
        self.by_level.setdefault(level, []).append(seconds)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def level_policy(level: str, budget: float, iterations: int | None,
                 timings: Timings) -> Policy:
    """A bot of ``level`` deciding from the seat's view (and timed)."""
    def play(engine: Engine, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        view = engine.view(state, seat)
        start = time.perf_counter()
        action = bots.decide(engine, view, seat, level, rng,  # type: ignore[arg-type]
                             budget, iterations=iterations)
        timings.add(level, time.perf_counter() - start)
        return action
    return play


def random_policy(engine: Engine, state: State, seat: int,
                  rng: random.Random) -> dict[str, Any]:
    """The engine's random test bot (the baseline)."""
    return bot_of(engine).test_action(state, seat, rng)


def uniform_policy(engine: Engine, state: State, seat: int,
                   rng: random.Random) -> dict[str, Any]:
    """A uniformly random legal action (the base protocol's bot, whatever the game's own)."""
    return random_action(engine.legal_actions(state, seat), rng)


def greedy_policy(engine: Engine, state: State, seat: int,
                  rng: random.Random) -> dict[str, Any]:
    """Tuk-Tuk Taxi's greedy shortest-route player."""
    from engines.tuk_tuk_taxi.bot.easy import greedy_action

    return greedy_action(state, seat, rng)


@dataclass
class Result:
    """One pairing's tally."""

    share: float = 0.0
    games: int = 0
    unfinished: int = 0
    delivered: list[int] = field(default_factory=lambda: [0, 0])
    turns: list[int] = field(default_factory=lambda: [0, 0])


def seat_rngs(seed: int, hero: int, players: int) -> list[random.Random]:
    """One generator per seat for the deal ``seed`` with the first level at ``hero``: what
    one seat's policy draws (a search draws a varying amount) never changes what the others
    do, so the other seats of two pairings on one deal play alike for as long as their
    positions do."""
    return [random.Random((seed * 7919 + hero) * 8 + seat) for seat in range(players)]


def play_out(engine: Engine, state: State, policies: list[Policy],
             rngs: list[random.Random], moves: list[int] | None = None) -> State:
    """``state`` played on by ``policies`` until the game ends or ``MAX_ACTIONS`` actions;
    ``moves`` (if given) counts the turns each seat begins (Tuk-Tuk: the sign; Jakarta:
    the honk)."""
    for _ in range(MAX_ACTIONS):
        if engine.outcome(state) is not None:
            break
        seat = (engine.awaited(state) or engine.to_act(state))[0]
        if (moves is not None and state.get("current") == seat
                and state.get("phase") in ("sign", "honk", "start")):
            moves[seat] += 1
        raw = policies[seat](engine, state, seat, rngs[seat])
        state = engine.apply(state, seat, engine.parse_action(raw)).state
    return state


def hero_share(outcome: Outcome, hero: int) -> float:
    """``hero``'s share of the win: a shared first place counts as a share."""
    winners = [s for s, r in enumerate(outcome.ranks) if r == 1]
    return 1.0 / len(winners) if hero in winners else 0.0


def play_game(engine: Engine, players: int, seed: int, policies: list[Policy],
              hero: int, result: Result) -> None:
    """One game; ``hero`` is the seat of the first level. Adds its share to ``result``."""
    moves = [0] * players
    state = play_out(engine, engine.setup(players, {}, seed), policies,
                     seat_rngs(seed, hero, players), moves)
    outcome = engine.outcome(state)
    result.games += 1
    if outcome is None:
        result.unfinished += 1
        return
    result.share += hero_share(outcome, hero)
    if engine.id == "tuk-tuk-taxi":
        result.delivered[0] += state["delivered"][hero]
        result.turns[0] += moves[hero]
        for s in range(players):
            if s != hero:
                result.delivered[1] += state["delivered"][s]
                result.turns[1] += moves[s]


def policy(name: str, budget: float, iterations: int | None, timings: Timings) -> Policy:
    """The policy a pairing names: a bot level, ``random``, ``uniform`` or ``greedy``."""
    if name == "random":
        return random_policy
    if name == "greedy":
        return greedy_policy
    if name == "uniform":
        return uniform_policy
    return level_policy(name, budget, iterations if name == "hard" else None, timings)


@dataclass(frozen=True)
class Task:
    """One game of one pairing (picklable: a worker process plays it)."""

    game: str
    players: int
    first: str
    second: str
    index: int
    budget: float
    iterations: int | None


def play_task(task: Task) -> tuple[Result, dict[str, list[float]]]:
    """Play one game of a pairing; its tally and the decision times."""
    engine = all_engines()[task.game]
    timings = Timings()
    first = policy(task.first, task.budget, task.iterations, timings)
    second = policy(task.second, task.budget, task.iterations, timings)
    hero = task.index % task.players
    policies = [first if s == hero else second for s in range(task.players)]
    result = Result()
    play_game(engine, task.players, 10_000 + task.index, policies, hero, result)
    return result, timings.by_level


def run_pairing(tasks: list[Task], pool: Any, timings: Timings,
                deals: IO[bytes] | None = None) -> Result:
    """Every game of one pairing (the first policy's seat rotating through every seat);
    with ``deals`` (a binary file), one JSON line per game, so two runs on the same deals
    can be compared deal by deal (``bench/paired.py``)."""
    total = Result()
    mapper = pool.imap if pool is not None else map
    for task, (result, times) in zip(tasks, mapper(play_task, tasks), strict=True):
        if deals is not None:
            deals.write(orjson.dumps({
                "game": task.game, "players": task.players,
                "pairing": f"{task.first} vs {task.second}", "deal": task.index,
                "share": result.share, "unfinished": result.unfinished}) + b"\n")
        total.share += result.share
        total.games += result.games
        total.unfinished += result.unfinished
        for i in range(2):
            total.delivered[i] += result.delivered[i]
            total.turns[i] += result.turns[i]
        for level, values in times.items():
            timings.by_level.setdefault(level, []).extend(values)
    return total


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> int:
    """Run the pairings and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--budget", type=float, default=0.8,
                        help="hard bot's seconds (inf: the iteration cap alone decides)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="hard bot's iteration cap (default: engines.bots')")
    parser.add_argument("--games-filter", default="",
                        help="comma-separated game ids (default: every game with bots)")
    parser.add_argument("--players", default="", help="comma-separated player counts")
    parser.add_argument("--pairings", default="",
                        help="comma-separated pairings, e.g. hard-random,normal-greedy "
                             "(default: all)")
    parser.add_argument("--first-game", type=int, default=0,
                        help="number of the first deal (games N, N+1, ...): a second run "
                             "with --first-game 200 adds 200 new deals to the first run's")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes playing games side by side")
    parser.add_argument("--out", default="", help="append one JSON line per pairing here "
                        "(--ladder: per game)")
    parser.add_argument("--deals", default="",
                        help="append one JSON line per game here (bench/paired.py compares "
                             "two such files deal by deal)")
    parser.add_argument("--ladder", action="store_true",
                        help="every level against every level and the uniformly random "
                             "player, with ratings (bench/ladder.py)")
    parser.add_argument("--titles", default="",
                        help="--ladder: comma-separated game ids (default: every game with "
                             "bots)")
    parser.add_argument("--levels", default="",
                        help="--ladder: comma-separated levels among uniform,easy,beginner,"
                             "normal,hard (default: all but beginner, the bench's model of a "
                             "new player: one of normal's three best moves at random)")
    parser.add_argument("--cpu-budget", action="store_true",
                        help="--ladder: count hard's budget in CPU seconds of the deciding "
                             "process (an idle core's worth) instead of wall seconds")
    parser.add_argument("--tally", default="",
                        help="--ladder: re-tally these comma-separated --out files instead "
                             "of playing")
    args = parser.parse_args(argv)
    if args.ladder:
        from bench import ladder

        return ladder.run(args)
    deals = open(args.deals, "ab") if args.deals else None
    wanted = {g for g in args.games_filter.split(",") if g}
    counts = {int(p) for p in args.players.split(",") if p}
    timings = Timings()
    pairings = [("hard", "random"), ("hard", "easy"), ("normal", "random"),
                ("normal", "easy"), ("hard", "uniform"), ("normal", "uniform")]
    print(f"games per pairing {args.games}, hard budget {args.budget}s, "
          f"iteration cap {args.iterations or 'per game'}, jobs {args.jobs}")
    pool = multiprocessing.get_context("spawn").Pool(args.jobs) if args.jobs > 1 else None
    chosen = {p for p in args.pairings.split(",") if p}
    if not chosen:
        chosen = {"hard-random", "hard-easy", "normal-random", "normal-greedy", "hard-greedy"}
    for engine in all_engines().values():
        if not engine.listed or not bots.has_bots(engine) or (wanted and engine.id not in wanted):
            continue
        extra = [("normal", "greedy"), ("hard", "greedy")] if engine.id == "tuk-tuk-taxi" else []
        for players in range(engine.min_players, engine.max_players + 1):
            if counts and players not in counts:
                continue
            for first, second in pairings + extra:
                if f"{first}-{second}" not in chosen:
                    continue
                name = f"{first} vs {second}"
                start = time.perf_counter()
                tasks = [Task(engine.id, players, first, second, g, args.budget,
                              args.iterations)
                         for g in range(args.first_game, args.first_game + args.games)]
                res = run_pairing(tasks, pool, timings, deals)
                lo, hi = wilson(res.share, res.games)
                line = (f"{engine.id:16} {players}p {name:17} win share "
                        f"{res.share / max(res.games, 1):6.1%} [{lo:.1%}, {hi:.1%}] "
                        f"n={res.games}")
                if res.unfinished:
                    line += f" unfinished={res.unfinished}"
                if res.turns[0]:
                    mine = res.delivered[0] / res.turns[0]
                    theirs = res.delivered[1] / max(res.turns[1], 1)
                    line += f" delivered/turn {mine:.3f} vs {theirs:.3f}"
                line += f" ({time.perf_counter() - start:.0f}s)"
                print(line, flush=True)
                if args.out:
                    with open(args.out, "ab") as out:
                        out.write(orjson.dumps({
                            "game": engine.id, "players": players, "pairing": name,
                            "budget": args.budget if math.isfinite(args.budget) else "inf",
                            "iterations": args.iterations,
                            "first_game": args.first_game,
                            "low": lo, "high": hi, **asdict(res)}) + b"\n")
    if pool is not None:
        pool.close()
    if deals is not None:
        deals.close()
    for level, values in sorted(timings.by_level.items()):
        print(f"decision time {level:6} n={len(values):6} "
              f"p50 {statistics.median(values) * 1000:7.1f} ms "
              f"p95 {percentile(values, 0.95) * 1000:7.1f} ms "
              f"max {max(values) * 1000:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
