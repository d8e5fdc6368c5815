"""How often hard's move differs from normal's (issue 40 measured 2-8% before the rollouts).

Positions are every ``--every``-th decision of 2-player games between normal bots (deals
10000+); at each, normal and hard decide from the seat's view with the same seed, hard with
its production budget counted in CPU seconds (``--cpu-budget`` as in bench/ladder.py) or on
the wall clock. Prints per title: positions, how many had more than one candidate, how many
hard changed, and hard's CPU time per decision. Usage::

    nice -n 15 python -m bench.differ --titles tuk-tuk-taxi --positions 60 --cpu-budget
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from bench.bots import percentile
from engines import bots
from engines.bots import bot_of, rollout
from engines.registry import all_engines


def measure(game: str, positions: int, every: int, budget: float) -> str:
    """The report line of one title."""
    engine = all_engines()[game]
    found = differ = choice = 0
    cpu: list[float] = []
    deal = 0
    while found < positions:
        state = engine.setup(2, {}, 10_000 + deal)
        step = 0
        while engine.outcome(state) is None and found < positions and step < 2000:
            seat = (engine.awaited(state) or engine.to_act(state))[0]
            view = engine.view(state, seat)
            normal = bots.decide(engine, view, seat, "normal", random.Random(step))
            if step % every == every - 1:
                found += 1
                moves = bots.candidate_actions(engine, state, seat, random.Random(step),
                                               bot_of(engine).search_tuning.max_candidates)
                choice += len(moves) > 1
                start = time.process_time()
                hard = bots.decide(engine, view, seat, "hard", random.Random(step), budget)
                cpu.append(time.process_time() - start)
                differ += hard != normal
            state = engine.apply(state, seat, engine.parse_action(normal)).state
            step += 1
        deal += 1
    cpu.sort()
    return (f"{game:16} positions {found} with a choice {choice} hard differs {differ} "
            f"({differ / found:.0%}); hard cpu p50 {statistics.median(cpu) * 1000:.0f} ms "
            f"p95 {percentile(cpu, 0.95) * 1000:.0f} ms "
            f"max {cpu[-1] * 1000:.0f} ms")


def main(argv: list[str] | None = None) -> int:
    """Measure every title asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--titles", default="tuk-tuk-taxi,jakarta-traffic,kaki-lima,indonesia")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.8)
    parser.add_argument("--cpu-budget", action="store_true")
    args = parser.parse_args(argv)
    if args.cpu_budget:
        rollout.clock = time.process_time
    for game in args.titles.split(","):
        print(measure(game, args.positions, args.every, args.budget), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
