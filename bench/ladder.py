"""The bot ladder (issue 40): every level against every level and the uniformly random
player, on paired deals with the seats rotated, at 2 players and a larger count per game.

For each title and player count, each pairing "A vs B" plays ``--games`` games: game ``g``
deals deal ``g // players`` with A at seat ``g % players`` and B at every other seat, so
each deal is played once with A at every seat (at 2 players: both ways round). Every seat
has its own generator (``bench.bots.seat_rngs``), so the B seats of two pairings on one
deal play alike for as long as their positions do. It prints

* per pairing: A's win share (a shared first place counts as a share) with its 95% Wilson
  interval, A's fair share (1 / players) and the ratio of the two;
* a rating per level per title and count: openskill's Plackett-Luce model fed every game's
  ranks (``mu`` with ``mu +- 1.96 sigma``), and the Elo difference each pairing's share
  implies at 2 players;
* decision times p50 / p95 / max per level, wall clock (from the seat's view to the move:
  what a player waits, on a shared machine inflated by every other process) and the
  process's CPU time (what the decision costs);
* illegal actions: every action goes through the engine's ``parse_action`` and ``apply``,
  which refuse anything illegal; a refused one is counted (and replaced by a uniformly
  random legal move so the game goes on). The ladder must show 0.

Usage::

    python -m bench.bots --ladder --games 400 --jobs 2 --titles tuk-tuk-taxi
    python -m bench.bots --ladder --games 40 --levels easy,normal,uniform --players 2
    python -m bench.bots --ladder --cpu-budget --levels normal,hard --titles kaki-lima

``--cpu-budget`` counts hard's budget (``--budget``, default 0.8 s) in the deciding
process's CPU seconds: on a machine shared with other work the wall clock would cut the
search to whatever share of a core it gets; this measures the strength of the production
budget on an idle core (the wall times are printed too).

``--out FILE`` appends one JSON line per game (levels per seat, ranks, times, illegal
actions) as each game ends, so a run can be re-tallied with ``--tally``; run again with the
same ``--out``, it plays only the games that file does not hold yet (``--first-game``
starts the numbering elsewhere: other deals).
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import math
import multiprocessing
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from engines import bots
from engines.bots import rollout
from engines.bots.candidates import candidate_actions
from engines.bots.memo import fresh_decision
from engines.core.protocol import Engine
from engines.core.templates import random_action
from engines.registry import all_engines

#: The larger table of each title (its usual full table; ``--players`` overrides).
LARGER = {"tuk-tuk-taxi": 4, "jakarta-traffic": 4, "kaki-lima": 4, "indonesia": 3}
#: Every kind of player, weakest first (a pairing reports the later one's share).
LEVELS = ("uniform", "easy", "beginner", "normal", "hard")
#: The kinds played when ``--levels`` is not given (the beginner is asked for by name).
DEFAULT_LEVELS = ("uniform", "easy", "normal", "hard")
#: The beginner model picks at random among this many of normal's best moves.
BEGINNER_TOP = 3
#: A game not over after this many actions counts as unfinished. Bots that walk in circles
#: (a Kaki Lima pedestrian waiting at its meeting place while the other never comes) were
#: played to 5,000 actions, hard searching its turns all the way; of the 20,231 games in
#: bench/results on 2026-12-07, 2 finished after more than 2,000 actions (Kaki Lima; a
#: typical game is 77-420 actions).
MAX_ACTIONS = 2000


@dataclass(frozen=True)
class LadderGame:
    """One game of one pairing (picklable: a worker process plays it)."""

    game: str
    players: int
    first: str
    second: str
    index: int
    budget: float
    iterations: int | None
    #: Count hard's budget in the process's CPU seconds (an idle core's worth), not wall.
    cpu_budget: bool = False


def play_ladder_game(task: LadderGame) -> dict[str, Any]:
    """Play one game; its record: levels per seat, ranks, decision times, illegal actions."""
    from bench.bots import seat_rngs

    engine = all_engines()[task.game]
    rollout.clock = time.process_time if task.cpu_budget else time.perf_counter
    hero = task.index % task.players
    deal = task.index // task.players
    seed = 10_000 + deal
    levels = [task.first if s == hero else task.second for s in range(task.players)]
    rngs = seat_rngs(seed, hero, task.players)
    state = engine.setup(task.players, {}, seed)
    times: dict[str, list[float]] = defaultdict(list)
    cpu_times: dict[str, list[float]] = defaultdict(list)
    illegal = 0
    actions = 0
    while engine.outcome(state) is None and actions < MAX_ACTIONS:
        seat = (engine.awaited(state) or engine.to_act(state))[0]
        level = levels[seat]
        rng = rngs[seat]
        if level == "uniform":
            raw = random_action(engine.legal_actions(state, seat), rng)
        elif level == "beginner":
            start, cpu = time.perf_counter(), time.process_time()
            raw = beginner_action(engine, engine.view(state, seat), seat, rng)
            times[level].append(time.perf_counter() - start)
            cpu_times[level].append(time.process_time() - cpu)
        else:
            view = engine.view(state, seat)
            start, cpu = time.perf_counter(), time.process_time()
            raw = bots.decide(engine, view, seat, level, rng,  # type: ignore[arg-type]
                              task.budget, iterations=task.iterations if level == "hard"
                              else None)
            times[level].append(time.perf_counter() - start)
            cpu_times[level].append(time.process_time() - cpu)
        try:
            state = engine.apply(state, seat, engine.parse_action(raw)).state
        except Exception:  # noqa: BLE001 - the engine refused it: an illegal bot action
            illegal += 1
            raw = random_action(engine.legal_actions(state, seat), rng)
            state = engine.apply(state, seat, engine.parse_action(raw)).state
        actions += 1
    outcome = engine.outcome(state)
    return {"game": task.game, "players": task.players,
            "pairing": f"{task.first} vs {task.second}", "deal": deal, "hero": hero,
            "index": task.index, "levels": levels,
            "ranks": None if outcome is None else list(outcome.ranks),
            "budget": task.budget if math.isfinite(task.budget) else "inf",
            "iterations": task.iterations, "cpu_budget": task.cpu_budget,
            "illegal": illegal, "actions": actions,
            "times": dict(times), "cpu": dict(cpu_times)}


def beginner_action(engine: Engine, view: dict[str, Any], seat: int,
                    rng: random.Random) -> dict[str, Any]:
    """The issue's model of a new player (issue 40: "random among normal's top three"):
    from the seat's view only, one of the normal bot's ``BEGINNER_TOP`` best moves, each
    as likely. It knows the rules and sees the good moves, but cannot tell the best from
    the next ones (the game's own ranked candidates, ``GameBot.bot_candidates``, at the
    hard bot's root: normal's move first)."""
    bot = bots.bot_of(engine)
    fresh_decision()
    state = bot.determinize(view, seat, rng)
    top = candidate_actions(engine, state, seat, rng,
                            bot.search_tuning.max_candidates)[:BEGINNER_TOP]
    return rng.choice(top)


def hero_share(record: dict[str, Any]) -> float:
    """The first level's share of the win (a shared first place counts as a share)."""
    ranks = record["ranks"]
    if ranks is None:
        return 0.0
    winners = [s for s, r in enumerate(ranks) if r == 1]
    return 1.0 / len(winners) if record["hero"] in winners else 0.0


def elo_gap(share: float) -> float:
    """The Elo difference a 2-player win share implies (capped at +-800)."""
    share = min(max(share, 0.01), 0.99)
    return max(-800.0, min(800.0, 400 * math.log10(share / (1 - share))))


def tally(records: list[dict[str, Any]]) -> list[str]:
    """The ladder's report of ``records`` (see the module docstring)."""
    from openskill.models import PlackettLuce

    from bench.bots import percentile, wilson

    lines: list[str] = []
    by_table: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_table[(r["game"], r["players"])].append(r)
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    illegal = sum(r["illegal"] for r in records)
    for (game, players), rows in sorted(by_table.items()):
        lines.append(f"== {game} {players}p ({len(rows)} games)")
        by_pairing: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            by_pairing[r["pairing"]].append(r)
        for pairing, games in sorted(by_pairing.items()):
            n = len(games)
            wins = sum(hero_share(g) for g in games)
            lo, hi = wilson(wins, n)
            fair = 1 / players
            share = wins / n
            unfinished = sum(g["ranks"] is None for g in games)
            line = (f"  {pairing:18} win share {share:6.1%} [{lo:.1%}, {hi:.1%}] n={n} "
                    f"fair {fair:.0%} x{share / fair:.2f}")
            if players == 2:
                line += f" elo {elo_gap(share):+.0f}"
            if unfinished:
                line += f" unfinished={unfinished}"
            lines.append(line)
        model = PlackettLuce()
        ratings = {lvl: model.rating(name=lvl) for r in rows for lvl in r["levels"]}
        for r in sorted(rows, key=lambda r: (r["deal"], r["pairing"], r["hero"])):
            if r["ranks"] is None:
                continue
            # Each level's best rank at the table (the field of B seats counts as one team
            # member per seat would overweight it; its best seat stands for it).
            best: dict[str, int] = {}
            for lvl, rank in zip(r["levels"], r["ranks"], strict=True):
                best[lvl] = min(best.get(lvl, rank), rank)
            names = sorted(best)
            new = model.rate([[ratings[n]] for n in names], ranks=[best[n] for n in names])
            for name, team in zip(names, new, strict=True):
                ratings[name] = team[0]
        for lvl in sorted(ratings, key=lambda k: -ratings[k].mu):
            rating = ratings[lvl]
            lines.append(f"  rating {lvl:8} mu {rating.mu:6.2f} "
                         f"[{rating.mu - 1.96 * rating.sigma:6.2f}, "
                         f"{rating.mu + 1.96 * rating.sigma:6.2f}]")
        for r in rows:
            for lvl, values in r["times"].items():
                times[lvl].extend(values)
            for lvl, values in r.get("cpu", {}).items():
                cpu[lvl].extend(values)
    for label, found in (("wall", times), ("cpu", cpu)):
        for lvl, values in sorted(found.items()):
            lines.append(f"decision time ({label:4}) {lvl:6} n={len(values):7} "
                         f"p50 {statistics.median(values) * 1000:7.1f} ms "
                         f"p95 {percentile(values, 0.95) * 1000:7.1f} ms "
                         f"max {max(values) * 1000:7.1f} ms")
    lines.append(f"illegal bot actions: {illegal} "
                 f"(of {sum(r['actions'] for r in records)} actions)")
    return lines


def ladder_tasks(args: argparse.Namespace) -> list[LadderGame]:
    """Every game the arguments ask for, pairing by pairing."""
    wanted = {t for t in args.titles.split(",") if t}
    levels = [lvl for lvl in (args.levels.split(",") if args.levels else DEFAULT_LEVELS)
              if lvl]
    unknown = [lvl for lvl in levels if lvl not in LEVELS]
    if unknown:
        raise SystemExit(f"unknown --levels {','.join(unknown)}: choose among "
                         f"{','.join(LEVELS)}")
    counts = {int(p) for p in args.players.split(",") if p}
    tasks: list[LadderGame] = []
    for engine in all_engines().values():
        if not engine.listed or not bots.has_bots(engine) or (
                wanted and engine.id not in wanted):
            continue
        for players in sorted(counts or {2, LARGER.get(engine.id, engine.max_players)}):
            if not engine.min_players <= players <= engine.max_players:
                continue
            for first, second in itertools.permutations(levels, 2):
                if LEVELS.index(first) < LEVELS.index(second):
                    continue  # the stronger level is the first (its share is reported)
                tasks += [LadderGame(engine.id, players, first, second, g, args.budget,
                                     args.iterations, args.cpu_budget)
                          for g in range(args.first_game, args.first_game + args.games)]
    return tasks


def played(path: str) -> set[tuple[str, int, str, str, int]]:
    """The games an ``--out`` file already holds: (title, players, first, second, index)."""
    if not Path(path).exists():
        return set()
    done = set()
    with open(path, "rb") as f:
        for line in f:
            if line.strip():
                r = orjson.loads(line)
                first, second = r["pairing"].split(" vs ")
                done.add((r["game"], r["players"], first, second, r["index"]))
    return done


def run(args: argparse.Namespace) -> int:
    """Play the ladder the arguments ask for (or re-tally ``--tally`` files) and print it."""
    records: list[dict[str, Any]] = []
    if args.tally:
        for name in args.tally.split(","):
            opener = gzip.open if name.endswith(".gz") else open
            with opener(name, "rb") as f:
                records += [orjson.loads(line) for line in f if line.strip()]
    else:
        tasks = ladder_tasks(args)
        done = played(args.out) if args.out else set()
        tasks = [t for t in tasks if (t.game, t.players, t.first, t.second, t.index) not in done]
        print(f"ladder: {len(tasks)} games, hard budget {args.budget}s, "
              f"cap {args.iterations or 'per game'}, jobs {args.jobs}", flush=True)
        pool = (multiprocessing.get_context("spawn").Pool(args.jobs) if args.jobs > 1
                else None)
        # As each game ends, not in order: one game that runs to MAX_ACTIONS (a Kaki Lima
        # table of bots walking in circles, hard searching every turn of it) held every
        # later game's line back for half an hour. The report sorts them anyway.
        mapper = pool.imap_unordered if pool is not None else map
        out = open(args.out, "ab") if args.out else None
        try:
            for record in mapper(play_ladder_game, tasks):
                records.append(record)
                if out is not None:
                    out.write(orjson.dumps(record) + b"\n")
                    out.flush()
        finally:
            if out is not None:
                out.close()
            if pool is not None:
                pool.close()
    print("\n".join(tally(records)), flush=True)
    return 0

