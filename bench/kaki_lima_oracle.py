"""How much better could Kaki Lima's normal bot walk? A one-step Monte Carlo oracle.

For each deal, normal plays one seat against the engine's test bot (as ``bench.bots``'s
``normal-random`` pairing: same seeds, same seat rotation). At the hero's first ``--turns``
walk decisions (or its last ones, ``--last``), each of its ``--candidates`` best walks by the
heuristic's own value is played to the end ``--select`` times, the same continuations for
every candidate; the one that won most is the oracle's pick. Where that pick is not the
heuristic's walk, both are played to the end again ``--recheck`` times with fresh
continuations: the pick's win share was chosen as a maximum of noisy estimates, and only a
fresh estimate says what switching to it would bring.

Each continuation starts from a state dealt again from the hero's view
(``engine.determinize``): what a fair player could know. ``--peek`` starts them from the
real state instead (the draw pile's order, the others' hands): the oracle then sees cards a
player cannot, and its picks measure that as well. The others play the real test bot in
every continuation, so the oracle knows its opponents' policy exactly; a bot cannot.

    python -m bench.kaki_lima_oracle --players 4 --deals 100 --jobs 2

Prints, over the decisions where the pick differs, the heuristic's and the pick's fresh win
shares and their difference with its standard error. Diagnosis only (minutes per 100 deals).

``--play`` asks what that look is worth over a whole game: the hero is a *rollout player*
that makes every walk decision of the deal by the oracle (its candidates each played to the
end ``--select`` times, the same continuations for each, fair unless ``--peek``; it leaves
normal's walk only for one that won ``--margin`` more), and plays normal's move otherwise.
Its win share against the test bot says what one step of search can add to normal: it
knows the opponents' policy exactly (``--model normal``: it assumes they play normal) and
spends three or four times hard's budget on a walk. Prints that share beside normal's on
the same deals (paired).

    python -m bench.kaki_lima_oracle --play --players 4 --deals 100 --jobs 2
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import multiprocessing
import random
import statistics
import sys
from typing import Any

from bench.bots import (
    MAX_ACTIONS,
    Policy,
    Result,
    Timings,
    hero_share,
    level_policy,
    play_game,
    play_out,
    random_policy,
    seat_rngs,
    wilson,
)
from engines.bots.protocol import bot_of
from engines.core.protocol import Engine
from engines.core.types import State
from engines.kaki_lima.bot.heuristic import ranked_walks
from engines.registry import all_engines

Action = dict[str, Any]


class Oracle:
    """One deal's game and the oracle's look at the hero's walk decisions."""

    def __init__(self, args: argparse.Namespace, deal: int) -> None:
        self.engine = all_engines()["kaki-lima"]
        self.args = args
        self.deal = deal
        self.players = args.players
        self.hero = deal % self.players
        normal = level_policy("normal", float("inf"), None, Timings())
        self.policies = [normal if s == self.hero else random_policy
                         for s in range(self.players)]
        # What the continuations assume the others play: the test bot itself, or (a model
        # that knows nothing of the bench) normal.
        other = normal if args.model == "normal" else random_policy
        self.model = [normal if s == self.hero else other for s in range(self.players)]

    def win_share(self, state: State, action: Action, runs: int, salt: int) -> float:
        """``action`` for the hero in ``state``, played to the end ``runs`` times."""
        engine = self.engine
        view = engine.view(state, self.hero)
        total = 0.0
        for m in range(runs):
            seed = ((self.deal * 1_000 + salt) * 1_000 + m) * 16
            start = state
            if not self.args.peek:
                start = bot_of(engine).determinize(view, self.hero, random.Random(seed + 15))
            rngs = [random.Random(seed + s) for s in range(self.players)]
            after = engine.apply(start, self.hero, engine.parse_action(action)).state
            outcome = engine.outcome(play_out(engine, after, self.model, rngs))
            total += hero_share(outcome, self.hero) if outcome is not None else 0.0
        return total / runs

    def decisions(self) -> list[tuple[int, State, Action, list[dict[str, Any]]]]:
        """The hero's walk decisions of the deal as ``bench.bots`` plays it."""
        engine = self.engine
        seed = 10_000 + self.deal
        rngs = seat_rngs(seed, self.hero, self.players)
        state = engine.setup(self.players, {}, seed)
        found: list[tuple[int, State, Action, list[dict[str, Any]]]] = []
        for _ in range(MAX_ACTIONS):
            if engine.outcome(state) is not None:
                break
            seat = (engine.awaited(state) or engine.to_act(state))[0]
            before = copy.deepcopy(state) if seat == self.hero else None
            raw = self.policies[seat](engine, state, seat, rngs[seat])
            if before is not None and raw["type"] in ("walk", "no_walk"):
                found.append((len(found), before, raw, engine.legal_actions(before, seat)))
            state = engine.apply(state, seat, engine.parse_action(raw)).state
        turns = self.args.turns
        return found[-turns:] if self.args.last else found[:turns]

    def candidates(self, state: State, chosen: Action, templates: list[dict[str, Any]],
                   seed: int) -> list[Action]:
        """The heuristic's ``--candidates`` best walks, ranked on a state dealt from the
        hero's view (its own walk values need nothing hidden), with ``chosen`` among them."""
        view = self.engine.view(state, self.hero)
        fair = bot_of(self.engine).determinize(view, self.hero, random.Random(seed))
        ranked = ranked_walks(fair, self.hero, templates, self.args.candidates)
        return ranked if chosen in ranked else [chosen, *ranked]

    def run(self) -> list[dict[str, Any]]:
        """One line per decision: the candidates' win shares and, where the pick differs,
        the fresh comparison."""
        out = []
        for k, state, chosen, templates in self.decisions():
            candidates = self.candidates(state, chosen, templates, self.deal)
            wins = [self.win_share(state, a, self.args.select, salt=k) for a in candidates]
            pick = candidates[max(range(len(candidates)), key=lambda i: wins[i])]
            row: dict[str, Any] = {"deal": self.deal, "decision": k,
                                   "candidates": len(candidates),
                                   "selection": {"chosen": wins[candidates.index(chosen)],
                                                 "pick": max(wins)}}
            if pick != chosen:
                row["fresh"] = {
                    "chosen": self.win_share(state, chosen, self.args.recheck, salt=500 + k),
                    "pick": self.win_share(state, pick, self.args.recheck, salt=500 + k)}
            out.append(row)
        return out

    def rollout_policy(self) -> Policy:
        """The hero's policy in ``--play``: the oracle's pick at every walk decision."""
        normal = self.policies[self.hero]
        count = [0]

        def play(engine: Engine, state: State, seat: int, rng: random.Random) -> Action:
            chosen = normal(engine, state, seat, rng)
            if chosen["type"] not in ("walk", "no_walk"):
                return chosen
            count[0] += 1
            candidates = self.candidates(state, chosen, engine.legal_actions(state, seat),
                                         self.deal * 997 + count[0])
            if len(candidates) == 1:
                return chosen
            wins = [self.win_share(state, a, self.args.select, salt=count[0])
                    for a in candidates]
            best = max(range(len(candidates)), key=lambda i: wins[i])
            if wins[best] - wins[candidates.index(chosen)] >= self.args.margin:
                return candidates[best]
            return chosen
        return play

    def play(self) -> dict[str, Any]:
        """The deal played by normal and by the rollout player, each against the test bot."""
        shares = {}
        for name, hero in (("normal", self.policies[self.hero]),
                           ("rollout", self.rollout_policy())):
            policies = [hero if s == self.hero else random_policy
                        for s in range(self.players)]
            result = Result()
            play_game(self.engine, self.players, 10_000 + self.deal, policies, self.hero,
                      result)
            shares[name] = result.share
        return {"deal": self.deal, "players": self.players, **shares}


def _job(item: tuple[argparse.Namespace, int]) -> list[dict[str, Any]]:
    args, deal = item
    if args.play:
        return [Oracle(args, deal).play()]
    return Oracle(args, deal).run()


def _play_summary(args: argparse.Namespace, rows: list[dict[str, Any]]) -> None:
    n = len(rows)
    normal = sum(r["normal"] for r in rows)
    rollout = sum(r["rollout"] for r in rows)
    gain = [r["rollout"] - r["normal"] for r in rows]
    error = statistics.stdev(gain) / math.sqrt(n) if n > 1 else float("nan")
    low, high = wilson(rollout, n)
    print(f"{args.players} players, deals {args.first_deal}-{args.first_deal + n - 1}, "
          f"{args.candidates} candidates x {args.select} "
          f"{'peeking' if args.peek else 'fair'} continuations (others: "
          f"{'normal' if args.model == 'normal' else 'the test bot'}), "
          f"margin {args.margin}")
    print(f"normal {100 * normal / n:.1f} %; rollout player {100 * rollout / n:.1f} % "
          f"[{100 * low:.1f}, {100 * high:.1f}]; paired gain {100 * statistics.mean(gain):+.1f} "
          f"+- {100 * error:.1f} points; deals better / worse "
          f"{sum(g > 0 for g in gain)} / {sum(g < 0 for g in gain)}")


def main(argv: list[str] | None = None) -> None:
    """Run the oracle over ``--deals`` deals and print the summary (and ``--out`` lines)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--turns", type=int, default=4, help="walk decisions per deal")
    parser.add_argument("--last", action="store_true", help="the last decisions, not the first")
    parser.add_argument("--candidates", type=int, default=6)
    parser.add_argument("--select", type=int, default=20, help="continuations to pick with")
    parser.add_argument("--recheck", type=int, default=40, help="fresh continuations")
    parser.add_argument("--peek", action="store_true",
                        help="continue from the real state (hidden cards seen)")
    parser.add_argument("--play", action="store_true",
                        help="play whole games with the oracle deciding every walk")
    parser.add_argument("--margin", type=float, default=0.05,
                        help="--play: leave normal's walk only for one that won this much more")
    parser.add_argument("--model", choices=("random", "normal"), default="random",
                        help="what the continuations' other seats play: the test bot, or normal")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="append one JSON line per decision (--play: per deal)")
    args = parser.parse_args(argv)
    items = [(args, d) for d in range(args.first_deal, args.first_deal + args.deals)]
    rows: list[dict[str, Any]] = []
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for found in pool.imap_unordered(_job, items):
                rows.extend(found)
    else:
        for item in items:
            rows.extend(_job(item))
    if args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    if args.play:
        _play_summary(args, rows)
        return
    differ = [r["fresh"] for r in rows if "fresh" in r]
    print(f"{args.players} players, {args.deals} deals, {len(rows)} decisions "
          f"({'last' if args.last else 'first'} {args.turns}), "
          f"{'peeking' if args.peek else 'fair (determinized)'} continuations")
    print(f"selection ({args.select} runs each): heuristic's walk "
          f"{statistics.mean(r['selection']['chosen'] for r in rows):.3f}, oracle's pick "
          f"{statistics.mean(r['selection']['pick'] for r in rows):.3f}")
    if len(differ) >= 2:
        gain = [d["pick"] - d["chosen"] for d in differ]
        error = statistics.stdev(gain) / math.sqrt(len(gain))
        print(f"pick differs in {len(differ)}: fresh ({args.recheck} runs each) heuristic "
              f"{statistics.mean(d['chosen'] for d in differ):.3f}, pick "
              f"{statistics.mean(d['pick'] for d in differ):.3f}, gain "
              f"{statistics.mean(gain):+.4f} +- {error:.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
