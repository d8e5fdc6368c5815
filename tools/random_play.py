"""Play many whole games of one title with bots and check every one of them.

Usage::

    .venv/bin/python tools/random_play.py <game-id> --games 2000 [--bot engine|random|both]
        [--players 2,3] [--options '{"goal": 40}'] [--first-seed 1] [--max-actions N]
        [--check-every K] [--jobs J]
    .venv/bin/python tools/random_play.py <game-id> --bot levels [--levels easy,normal,hard]
        [--hard-iterations N] [--max-year Y] ...

Game ``i`` gets seed ``first-seed + i``; the games are spread over every player count and
every combination of the enumerable lobby options (as ``tools/record_games.py`` does), and
are played exactly as that tool plays them, so any seed reported here can be recorded as a
fixture with ``tools/record_games.py <game> --seeds S --players P --options O --bot B``.

Each game must end within ``--max-actions`` (otherwise its seed is reported), never raise,
play only actions that match a legal-action template (the engine bot; the random bot draws
from them), never mutate the state it was given, and replay from its JSON event log to the
same canonical state. ``--bot levels`` seats the platform's bots (``engines.bots``, deciding
from their seat's view): each seat's level is drawn from ``--levels`` by the game's seed, the
hard bot searches to ``--hard-iterations`` with no clock, so a reported seed plays the same
table again. ``--max-year`` fails a game whose state passes that year. Where a game has
invariants (its property tests in
``tests/engines/<game>/test_properties.py``, e.g. money conservation in Indonesia), they are
checked on every ``--check-every``-th state and on the last one.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engines import bots  # noqa: E402
from engines.bots import BotLevel  # noqa: E402
from engines.core.copying import canonical_json  # noqa: E402
from engines.core.line import replay  # noqa: E402
from engines.core.protocol import Engine  # noqa: E402
from engines.core.templates import template_matches  # noqa: E402
from engines.core.types import State  # noqa: E402
from engines.registry import all_engines, get_engine  # noqa: E402
from tools.record_games import (  # noqa: E402
    BOTS,
    DEFAULT_MAX_ACTIONS,
    Bot,
    Events,
    GameDidNotEnd,
    option_choices,
    play_game,
)

#: Checks one transition: (state before, seat, action, state after).
Check = Callable[[State | None, int | None, dict[str, Any] | None, State], None]


# -- game-specific invariants (from each game's property tests) ----------------------------
def _jakarta_traffic() -> Check:
    from tests.engines.jakarta_traffic.test_properties import check_state

    def check(prev: State | None, seat: int | None, action: Any, state: State) -> None:
        check_state(state)
        if state["phase"] == "over":
            assert max(len(s) for s in state["stars"]) >= 4, "the game ended too early"
    return check


def _tuk_tuk_taxi() -> Check:
    from tests.engines.tuk_tuk_taxi.test_properties import check as tuk_check

    def check(prev: State | None, seat: int | None, action: Any, state: State) -> None:
        tuk_check(state, [])
    return check


def _kaki_lima() -> Check:
    from engines.kaki_lima.board import GAP_CELLS, WALKABLE, kinds
    from engines.kaki_lima.data import HAND_LIMIT
    from tests.engines.kaki_lima.test_properties import check_views

    def check(prev: State | None, seat: int | None, action: Any, state: State) -> None:
        assert all(len(h) <= HAND_LIMIT for h in state["hands"]), "a hand is over the limit"
        grid = kinds(state)
        for p in state["pos"]:
            assert p is None or (p not in GAP_CELLS and grid[p] == WALKABLE), p
        check_views(state)
    return check


class _IndonesiaMoney:
    """Money conservation (and the board invariants) through the property tests' Watcher,
    which must see every transition: the bank's payouts are summed action by action."""

    def __init__(self, players: int, seed: int) -> None:
        from tests.engines.indonesia.test_properties import Watcher

        self.watcher = Watcher(seed=seed, players=players, every_step_views=False)

    def __call__(self, prev: State | None, seat: int | None, action: Any,
                 state: State) -> None:
        self.watcher.prev, self.watcher.prev_action = prev, action
        self.watcher.check(state)


def _race() -> Check:
    def check(prev: State | None, seat: int | None, action: Any, state: State) -> None:
        if prev is not None:
            assert all(b >= a for a, b in zip(prev["positions"], state["positions"],
                                              strict=True)), "a runner went back"
        winners = [s for s, p in enumerate(state["positions"]) if p >= state["goal"]]
        assert winners == ([] if state["winner"] is None else [state["winner"]]), winners
    return check


#: Per game: a factory of its invariant check, given the player count and seed. ``every_step``
#: checks must see every transition (they add up what changed).
INVARIANTS: dict[str, tuple[Callable[[int, int], Check], bool]] = {
    "jakarta-traffic": (lambda n, seed: _jakarta_traffic(), False),
    "tuk-tuk-taxi": (lambda n, seed: _tuk_tuk_taxi(), False),
    "kaki-lima": (lambda n, seed: _kaki_lima(), False),
    "indonesia": (_IndonesiaMoney, True),
    "race": (lambda n, seed: _race(), True),
}


# -- the platform's bots, one level per seat ------------------------------------------------
#: ``--bot`` value that seats the platform's bots of the ``--levels``.
LEVELS_BOT = "levels"


def seat_levels(levels: list[str], players: int, seed: int) -> list[str]:
    """Each seat's level for game ``seed``, drawn by the seed alone (so it can be replayed)."""
    rng = random.Random(f"levels-{seed}")
    return [rng.choice(levels) for _ in range(players)]


def level_bot(levels: list[str], iterations: int | None) -> Bot:
    """Seat ``s`` played by ``engines.bots.decide`` at ``levels[s]`` from its own view; the
    hard bot stops at ``iterations`` (no clock), so a game is the same on every machine."""
    def bot(engine: Engine, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        level = cast(BotLevel, levels[seat])  # checked against bots.LEVELS by main()
        return bots.decide(engine, engine.view(state, seat), seat, level, rng, math.inf,
                           iterations=iterations)
    return bot


# -- one game ------------------------------------------------------------------------------
@dataclass
class Result:
    """What one game did (``year``: the final state's year, for games that count years)."""

    bot: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: int = 0
    ended: bool = False
    error: str | None = None
    year: int | None = None
    levels: list[str] | None = None


@dataclass
class Seating:
    """How ``--bot levels`` seats its bots, and the year no game may pass."""

    levels: list[str] = field(default_factory=lambda: list(bots.LEVELS))
    hard_iterations: int | None = None
    max_year: int | None = None


def play_checked(engine: Engine, bot_name: str, players: int, options: dict[str, Any],
                 seed: int, max_actions: int, check_every: int,
                 seating: Seating | None = None) -> Result:
    """Play one game with every check; never raises (the failure is in the result)."""
    seating = seating or Seating()
    result = Result(bot_name, players, options, seed)
    factory, every_step = INVARIANTS.get(engine.id, (None, False))
    invariant = factory(players, seed) if factory is not None else None
    if bot_name == LEVELS_BOT:
        result.levels = seat_levels(seating.levels, players, seed)
        inner: Bot = level_bot(result.levels, seating.hard_iterations)
    else:
        inner = BOTS[bot_name]
    step = [0]
    before: dict[str, Any] = {}

    def bot(eng: Engine, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        raw = inner(eng, state, seat, rng)
        if step[0] % check_every == 0:
            templates = eng.legal_actions(state, seat)
            assert any(template_matches(t, raw) for t in templates), (
                f"action {json.dumps(raw)} matches no legal template")
            before["text"] = canonical_json(state)
        before["state"], before["seat"], before["action"] = state, seat, raw
        return raw

    def after(state: State, events: Events) -> None:
        checked = step[0] % check_every == 0
        step[0] += 1
        if checked:
            assert canonical_json(before["state"]) == before["text"], "apply mutated its input"
        if invariant is not None and (every_step or checked or engine.outcome(state)):
            invariant(before["state"], before["seat"], before["action"], state)
        year = state.get("year")
        if seating.max_year is not None and isinstance(year, int) and year > seating.max_year:
            raise AssertionError(f"the game is still going in year {year}")

    try:
        if invariant is not None:
            invariant(None, None, None, engine.setup(players, options, seed))
        final, events = play_game(engine, players, options, seed, bot, max_actions, after)
        result.actions, result.ended = len(events), True
        result.year = final.get("year") if isinstance(final.get("year"), int) else None
        if engine.to_act(final):
            raise AssertionError("the game is over but seats may still act")
        logged = json.loads(json.dumps(events))        # as the service stores the log
        again = replay(engine, players, options, seed, [(s, a) for s, a in logged])
        if canonical_json(again) != canonical_json(final):
            raise AssertionError("replaying the event log gives another state")
        if json.loads(canonical_json(final)) != final:
            raise AssertionError("the final state does not survive a JSON round trip")
    except GameDidNotEnd:
        result.actions = max_actions
        result.error = f"no end after {max_actions} actions"
    except Exception as exc:
        result.actions = step[0]
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        result.error = (f"{type(exc).__name__}: {str(exc)[:300]} "
                        f"(at action {step[0]}, {Path(tb.filename).name}:{tb.lineno})")
    return result


def _run(task: tuple[str, str, int, dict[str, Any], int, int, int, Seating]) -> Result:
    game, bot_name, players, options, seed, max_actions, check_every, seating = task
    engine = get_engine(game)
    assert engine is not None
    return play_checked(engine, bot_name, players, options, seed, max_actions, check_every,
                        seating)


# -- the report ------------------------------------------------------------------------------
@dataclass
class Row:
    games: int = 0
    ended: int = 0
    max_actions: int = 0
    total_actions: int = 0
    max_year: int = 0
    failures: list[Result] = field(default_factory=list)


def report(engine: Engine, results: list[Result]) -> bool:
    """Print counts per bot and player count; True when every game passed."""
    rows: dict[tuple[str, int], Row] = defaultdict(Row)
    for r in results:
        row = rows[(r.bot, r.players)]
        row.games += 1
        row.ended += r.ended
        row.total_actions += r.actions
        row.max_actions = max(row.max_actions, r.actions)
        row.max_year = max(row.max_year, r.year or 0)
        if r.error:
            row.failures.append(r)
    years = any(r.year is not None for r in results)
    print(f"{engine.id} (rules version {engine.rules_version}): {len(results)} games")
    print(f"{'bot':<7} {'players':>7} {'games':>6} {'ended':>6} {'max actions':>11} "
          f"{'mean':>7} {'failures':>8}" + (f" {'max year':>8}" if years else ""))
    for (bot, players), row in sorted(rows.items()):
        mean = row.total_actions / row.games if row.games else 0
        print(f"{bot:<7} {players:>7} {row.games:>6} {row.ended:>6} {row.max_actions:>11} "
              f"{mean:>7.0f} {len(row.failures):>8}" + (f" {row.max_year:>8}" if years else ""))
    _report_levels(results)
    failed = [r for row in rows.values() for r in row.failures]
    for r in failed[:50]:
        seats = f" (seats {','.join(r.levels)})" if r.levels else ""
        print(f"FAILED {r.bot} bot{seats}, {r.players}p, options {json.dumps(r.options)}, "
              f"seed {r.seed}: {r.error}")
    if len(failed) > 50:
        print(f"... and {len(failed) - 50} more failures")
    if failed:
        by_error = defaultdict(list)
        for r in failed:
            by_error[r.error.split(" (at action")[0] if r.error else ""].append(r.seed)
        print("failures by kind:")
        for err, seeds in sorted(by_error.items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(seeds):>5} x {err[:160]}  seeds {seeds[:10]}")
    return not failed


def _report_levels(results: list[Result]) -> None:
    """For ``--bot levels``: games, failures and the longest game by the levels at the table
    (each distinct set of levels, so every level against every other shows)."""
    tables: dict[str, Row] = defaultdict(Row)
    for r in results:
        if r.levels:
            row = tables["+".join(sorted(set(r.levels), key=bots.LEVELS.index))]
            row.games += 1
            row.ended += r.ended
            row.max_year = max(row.max_year, r.year or 0)
            if r.error:
                row.failures.append(r)
    if tables:
        print(f"{'levels at the table':<20} {'games':>6} {'ended':>6} {'failures':>8} "
              f"{'max year':>8}")
        for name, row in sorted(tables.items()):
            print(f"{name:<20} {row.games:>6} {row.ended:>6} {len(row.failures):>8} "
                  f"{row.max_year:>8}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. jakarta-traffic")
    parser.add_argument("--games", type=int, default=2000, help="games per bot")
    parser.add_argument("--bot", choices=[*sorted(BOTS), "both", LEVELS_BOT], default="both",
                        help=f"both: engine and random; {LEVELS_BOT}: the platform's bots")
    parser.add_argument("--levels", default=",".join(bots.LEVELS),
                        help=f"with --bot {LEVELS_BOT}: the levels each seat is drawn from")
    parser.add_argument("--hard-iterations", type=int,
                        help="the hard bot's iteration cap (default: the game's own)")
    parser.add_argument("--max-year", type=int,
                        help="a game whose state passes this year is a failure")
    parser.add_argument("--players", help="comma-separated player counts (default: all)")
    parser.add_argument("--options", help="lobby options as JSON (default: every combination)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS,
                        help="a game not over after this many actions is a failure")
    parser.add_argument("--check-every", type=int, default=1,
                        help="check templates, mutation and invariants every K-th action")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    if engine is None:
        sys.exit(f"unknown game {args.game!r}; known: {', '.join(all_engines())}")
    players_list = ([int(p) for p in args.players.split(",")] if args.players
                    else list(range(engine.min_players, engine.max_players + 1)))
    combos = ([engine.validate_options(json.loads(args.options))] if args.options
              else option_choices(engine))
    plan = [(o, p) for o in combos for p in players_list]
    levels = [lv.strip() for lv in args.levels.split(",")]
    unknown = set(levels) - set(bots.LEVELS)
    if unknown:
        sys.exit(f"unknown bot levels {sorted(unknown)}; known: {', '.join(bots.LEVELS)}")
    seating = Seating(levels, args.hard_iterations, args.max_year)
    bot_names = sorted(BOTS) if args.bot == "both" else [args.bot]
    tasks = [(engine.id, b, plan[i % len(plan)][1], plan[i % len(plan)][0],
              args.first_seed + i, args.max_actions, args.check_every, seating)
             for b in bot_names for i in range(args.games)]
    started = time.monotonic()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(_run, tasks, chunksize=max(1, len(tasks) // (args.jobs * 8)))
    else:
        results = [_run(t) for t in tasks]
    ok = report(engine, results)
    print(f"took {time.monotonic() - started:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
