"""Write a lesson: print the game a seed gives, as the service's bots would play it.

    .venv/bin/python tools/lesson_trace.py tuk-tuk-taxi --seed 120 --players 2 --actions 15
    .venv/bin/python tools/lesson_trace.py tuk-tuk-taxi --lesson first-game

Without ``--lesson`` the learner's seat (0) is played by the same bot, and every one of its
actions is printed as a step skeleton (the action, and the English log lines it wrote) to
copy into ``engines/<game>/lessons/<id>.json`` and give words. With ``--lesson`` the
script's own actions are played (``engines.lessons.play_through``) and each step is printed
with the lines it caused, so an author sees what the coach speaks about. docs/lessons.md
describes the format.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from app.core import loglines
from engines import bots
from engines.lessons import PLAYER_SEAT, PRELUDE, Lesson, lesson, play_through
from engines.registry import get_engine


def _lines(engine: Any, state: Any, seat: int, action: dict[str, Any]) -> list[str]:
    result = engine.apply(state, seat, engine.parse_action(action))
    return [loglines.english(loglines.stored(0, seat, e), {0: "You", 1: "Bot 2", 2: "Bot 3",
                                                          3: "Bot 4"}) for e in result.log]


def main(argv: list[str] | None = None) -> int:
    """Print a seed's game (or a lesson's) step by step."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--lesson")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--actions", type=int, default=12, help="the learner's actions to print")
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    if engine is None:
        print(f"no game {args.game}", file=sys.stderr)
        return 2
    if args.lesson:
        found = lesson(args.game, args.lesson)
        if found is None:
            print(f"no lesson {args.lesson}", file=sys.stderr)
            return 2
        les = found
    else:
        steps = [{"say": {"en": "-", "id": "-", "ms": "-"}, "action": {"type": "*"}}] * args.actions
        les = Lesson.model_validate({
            "id": "trace", "game": args.game, "kind": "guided", "minutes": 10, "seed": args.seed,
            "players": args.players, "title": steps[0]["say"], "summary": steps[0]["say"],
            "done": steps[0]["say"], "steps": steps})

    def decide(eng: Any, view: dict[str, Any], seat: int, level: str,
               rng: random.Random) -> dict[str, Any]:
        return bots.decide(eng, view, seat, level, rng)  # type: ignore[arg-type]

    state = engine.setup(les.players, engine.validate_options(les.options), les.seed)
    # Without a lesson the learner's steps are the bot's choice: fill them in as they come.
    for step in les.steps:
        if step.action == {"type": "*"}:
            step.action = None
    pending = [s for s in les.steps if s.action is None] if not args.lesson else []
    version = 0
    while True:
        if not args.lesson:
            if not pending or engine.outcome(state) is not None:
                break
            seat = engine.awaited(state)[0]
            action = decide(engine, engine.view(state, seat), seat, les.bot_level,
                            random.Random(f"{les.seed}:{version}:{seat}"))
            index = -1
            if seat == PLAYER_SEAT:
                pending.pop(0)
                index = len(les.steps) - len(pending) - 1
        else:
            break
        lines = _lines(engine, state, seat, action)
        state = engine.apply(state, seat, engine.parse_action(action)).state
        version += 1
        who = f"step {index}" if index >= 0 else f"bot {seat}"
        print(f"{who:8} v{version:<3} {json.dumps(action)}")
        for line in lines:
            print(f"{'':14}{line}")
    if args.lesson:
        before = engine.setup(les.players, engine.validate_options(les.options), les.seed)
        for index, seat, action, after in play_through(engine, les, decide):
            lines = _lines(engine, before, seat, action)
            before = after
            who = (f"step {index}" if index >= 0 else "prelude" if index == PRELUDE
                   else f"bot {seat}")
            print(f"{who:8} {json.dumps(action)}")
            if index >= 0:
                print(f"{'':10}coach: {les.steps[index].say.en[:110]}")
            for line in lines:
                print(f"{'':14}{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
