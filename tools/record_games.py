"""Record whole games as fixtures, or re-record a game's fixtures after a rules change.

A fixture (``tests/fixtures/<game-id>/<name>.json``) is one whole game: players, options,
seed, rules version, the (seat, action) list, the sha256 of the final state's canonical JSON
and the outcome. ``tests/test_recorded_games.py`` replays every one of them, so any change
that alters a recorded game fails until the engine's ``rules_version`` is bumped and the
fixtures are re-recorded here (with a note of why).

Usage::

    .venv/bin/python tools/record_games.py <game-id> [--count N] [--players 2,3]
        [--seeds 5,9] [--options '{"simplified": true}'] [--note "..."] [--prefix name]
        [--bot engine|random] [--actions game.json] [--max-actions N] [--force]
    .venv/bin/python tools/record_games.py <game-id> --rerecord --note "why the rules changed"

Without ``--options`` the games are spread over every combination of the game's enumerable
lobby options (booleans and choices; other fields keep their defaults), and without
``--players`` over every player count. Game ``i`` gets seed ``seeds[i]`` (default
``1 .. count``). ``--bot random`` plays a uniformly random legal-action bot (the one
``tools/random_play.py --bot random`` uses, so a seed it reports can be recorded as is);
``--actions FILE`` records a hand-made game: a JSON list of ``[seat, action]`` pairs.
"""

from __future__ import annotations

import argparse
import enum
import hashlib
import itertools
import json
import random
import re
import sys
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engines.bots import bot_of

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engines.core.copying import canonical_json  # noqa: E402
from engines.core.protocol import Engine  # noqa: E402
from engines.core.templates import expand_template  # noqa: E402
from engines.core.types import State  # noqa: E402
from engines.registry import all_engines, get_engine  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
#: A game that has not ended after this many actions is an error, never a fixture.
DEFAULT_MAX_ACTIONS = 20_000

Events = list[tuple[int, dict[str, Any]]]
Bot = Callable[[Engine, State, int, random.Random], dict[str, Any]]


class GameDidNotEnd(Exception):
    """The cap on actions was reached."""


def engine_bot(engine: Engine, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """The engine's own bot."""
    return bot_of(engine).test_action(state, seat, rng)


def random_bot(engine: Engine, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """A uniformly random legal action: a random template, expanded at random."""
    templates = engine.legal_actions(state, seat)
    if not templates:
        raise RuntimeError(f"seat {seat} may act but has no legal-action template")
    return expand_template(rng.choice(templates), rng)


BOTS: dict[str, Bot] = {"engine": engine_bot, "random": random_bot}


def play_game(engine: Engine, players: int, options: dict[str, Any], seed: int,
              bot: Bot = engine_bot, max_actions: int = DEFAULT_MAX_ACTIONS,
              after: Callable[[State, Events], None] | None = None) -> tuple[State, Events]:
    """Play one whole game from ``seed``; return the final state and its (seat, action) list.

    One ``random.Random(seed)`` picks the acting seat among ``to_act`` and drives the bot,
    exactly as ``tests/engines/harness.py`` does. ``after`` (if given) sees every new state.
    Raises :class:`GameDidNotEnd` when ``max_actions`` actions do not finish the game.
    """
    state = engine.setup(players, options, seed)
    rng = random.Random(seed)
    events: Events = []
    while engine.outcome(state) is None:
        if len(events) >= max_actions:
            raise GameDidNotEnd(f"{engine.id} {players}p {json.dumps(options)} seed {seed}: "
                                f"no end after {max_actions} actions")
        seats = engine.to_act(state)
        if not seats:
            raise RuntimeError("the game is not over but nobody may act")
        seat = rng.choice(seats)
        raw = bot(engine, state, seat, rng)
        state = engine.apply(state, seat, engine.parse_action(raw)).state
        events.append((seat, raw))
        if after is not None:
            after(state, events)
    return state, events


def state_hash(state: State) -> str:
    """sha256 of the state's canonical JSON (what fixtures store)."""
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


def outcome_json(engine: Engine, state: State) -> dict[str, Any]:
    """The outcome as plain JSON (as a fixture stores it)."""
    outcome = engine.outcome(state)
    if outcome is None:
        raise RuntimeError("the game has not ended")
    result: dict[str, Any] = json.loads(json.dumps(outcome.as_dict()))
    return result


def fixture(engine: Engine, players: int, options: dict[str, Any], seed: int, note: str,
            events: Events, final: State) -> dict[str, Any]:
    """The fixture document of one finished game."""
    return {
        "game": engine.id,
        "rules_version": engine.rules_version,
        "players": players,
        "options": options,
        "seed": seed,
        "note": note,
        "actions": [[seat, raw] for seat, raw in events],
        "final_state_sha256": state_hash(final),
        "outcome": outcome_json(engine, final),
    }


def dump(doc: dict[str, Any]) -> str:
    """Fixture text: one key a line, one action a line, so a diff shows what changed."""
    lines = [f" {json.dumps(k)}: {json.dumps(v, sort_keys=True)}"
             for k, v in doc.items() if k != "actions"]
    actions = ",\n".join(f"  {json.dumps(a, sort_keys=True)}" for a in doc["actions"])
    lines.append(f' "actions": [\n{actions}\n ]')
    return "{\n" + ",\n".join(lines) + "\n}\n"


# -- options -----------------------------------------------------------------------------
def option_choices(engine: Engine) -> list[dict[str, Any]]:
    """Every combination of the enumerable lobby options (bools, Literals, enums)."""
    fields = engine.options_model.model_fields
    axes: list[list[tuple[str, Any]]] = []
    for name, info in fields.items():
        ann = info.annotation
        values: list[Any] = []
        if ann is bool:
            values = [False, True]
        elif typing.get_origin(ann) is typing.Literal:
            values = list(typing.get_args(ann))
        elif isinstance(ann, type) and issubclass(ann, enum.Enum):
            values = [m.value for m in ann]
        if values:
            axes.append([(name, v) for v in values])
    combos = [dict(c) for c in itertools.product(*axes)] if axes else [{}]
    return [engine.validate_options(c) for c in combos]


def short_options(engine: Engine, options: dict[str, Any]) -> str:
    """A short file-name part for the options that differ from the defaults ("std": none)."""
    default = engine.validate_options({})
    parts = []
    for key, value in options.items():
        if default.get(key) == value:
            continue
        if value is True:
            parts.append(key)
        elif value is False:
            parts.append(f"no{key}")
        elif isinstance(value, str):
            parts.append(value)
        else:
            parts.append(f"{key}{value}")
    text = "-".join(parts) or "std"
    return re.sub(r"[^A-Za-z0-9_-]+", "_", text).lower()


def file_name(engine: Engine, players: int, options: dict[str, Any], seed: int,
              prefix: str | None) -> str:
    """``[<prefix>-]<players>p-<short options>-s<seed>.json``."""
    base = f"{players}p-{short_options(engine, options)}-s{seed}.json"
    return f"{prefix}-{base}" if prefix else base


# -- replay ------------------------------------------------------------------------------
def replay_fixture(engine: Engine, doc: dict[str, Any]) -> State:
    """Replay a fixture's action list under the current rules (raises on an illegal step)."""
    state = engine.setup(doc["players"], doc["options"], doc["seed"])
    for i, (seat, raw) in enumerate(doc["actions"]):
        try:
            state = engine.apply(state, seat, engine.parse_action(raw)).state
        except Exception as exc:
            raise ReplayFailed(f"action {i} {json.dumps([seat, raw])}: "
                               f"{type(exc).__name__}: {exc}") from exc
    return state


class ReplayFailed(Exception):
    """A fixture's action list no longer replays."""


# -- commands ----------------------------------------------------------------------------
def record(args: argparse.Namespace, engine: Engine) -> int:
    players_list = ([int(p) for p in args.players.split(",")] if args.players
                    else list(range(engine.min_players, engine.max_players + 1)))
    for p in players_list:
        if not engine.min_players <= p <= engine.max_players:
            sys.exit(f"{engine.id} seats {engine.min_players} to {engine.max_players}, not {p}")
    combos = ([engine.validate_options(json.loads(args.options))] if args.options
              else option_choices(engine))
    seeds = [int(s) for s in args.seeds.split(",")] if args.seeds else None
    count = args.count or (len(seeds) if seeds else 1)
    if seeds and len(seeds) < count:
        sys.exit(f"--count {count} needs at least {count} --seeds (got {len(seeds)})")
    plan = list(itertools.product(combos, players_list))
    out_dir = FIXTURES / engine.id
    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    for i in range(count):
        options, players = plan[i % len(plan)]
        seed = seeds[i] if seeds else i + 1
        try:
            if args.actions:
                events = [(int(s), a) for s, a in json.loads(Path(args.actions).read_text())]
                final = replay_fixture(engine, {"players": players, "options": options,
                                                "seed": seed, "actions": events})
                if engine.outcome(final) is None:
                    raise GameDidNotEnd("the given actions do not finish the game")
            else:
                final, events = play_game(engine, players, options, seed, BOTS[args.bot],
                                          args.max_actions)
        except Exception as exc:
            failures += 1
            print(f"FAILED {players}p {json.dumps(options)} seed {seed}: "
                  f"{type(exc).__name__}: {exc}")
            continue
        note = args.note or (f"{args.bot} bot, {players} players, "
                             f"options {json.dumps(options, sort_keys=True)}, seed {seed}")
        doc = fixture(engine, players, options, seed, note, events, final)
        path = out_dir / file_name(engine, players, options, seed, args.prefix)
        text = dump(doc)
        if path.exists() and path.read_text() != text and not args.force:
            failures += 1
            print(f"EXISTS {path.relative_to(ROOT)} differs; not replaced (--force to replace, "
                  f"--rerecord after a rules change)")
            continue
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}: {len(events)} actions, "
              f"ranks {doc['outcome']['ranks']}")
    return 1 if failures else 0


def rerecord(args: argparse.Namespace, engine: Engine) -> int:
    """Rewrite every fixture of a game under the current rules; print which changed."""
    if not args.note:
        sys.exit("--rerecord needs --note saying why the recorded games changed")
    paths = sorted((FIXTURES / engine.id).glob("*.json"))
    if not paths:
        sys.exit(f"no fixtures in {(FIXTURES / engine.id).relative_to(ROOT)}")
    failures = 0
    for path in paths:
        doc = json.loads(path.read_text())
        name = path.relative_to(ROOT)
        how = "replayed"
        try:
            final = replay_fixture(engine, doc)
            if engine.outcome(final) is None:
                raise ReplayFailed("the action list no longer finishes the game")
            events = [(int(s), a) for s, a in doc["actions"]]
        except ReplayFailed as exc:
            how = f"re-played by the engine bot (old list: {exc})"
            try:
                final, events = play_game(engine, doc["players"], doc["options"], doc["seed"],
                                          engine_bot, args.max_actions)
            except Exception as exc2:
                failures += 1
                print(f"FAILED {name}: {type(exc2).__name__}: {exc2}")
                continue
        new = fixture(engine, doc["players"], doc["options"], doc["seed"], doc["note"],
                      events, final)
        changed = (new["actions"] != doc["actions"]
                   or new["final_state_sha256"] != doc["final_state_sha256"]
                   or new["outcome"] != doc["outcome"])
        if not changed:
            if doc.get("rules_version") != engine.rules_version:
                path.write_text(dump(new))
                print(f"same game {name} (now rules version {engine.rules_version})")
            else:
                print(f"unchanged {name}")
            continue
        if doc.get("rules_version") == engine.rules_version:
            failures += 1
            print(f"REFUSED {name}: the game changed but rules_version is still "
                  f"{engine.rules_version}; bump {type(engine).__name__}.rules_version first")
            continue
        new["note"] = (f"{doc['note']} | re-recorded for rules version "
                       f"{engine.rules_version} ({how}): {args.note}")
        path.write_text(dump(new))
        what = [k for k, a, b in (("actions", new["actions"], doc["actions"]),
                                  ("final state", new["final_state_sha256"],
                                   doc["final_state_sha256"]),
                                  ("outcome", new["outcome"], doc["outcome"])) if a != b]
        print(f"CHANGED {name}: {', '.join(what)} ({how})")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. jakarta-traffic")
    parser.add_argument("--count", type=int, help="how many games (default: one per seed)")
    parser.add_argument("--players", help="comma-separated player counts (default: all)")
    parser.add_argument("--seeds", help="comma-separated seeds (default: 1..count)")
    parser.add_argument("--options", help="lobby options as JSON (default: every combination)")
    parser.add_argument("--note", help="why these games are recorded (or re-recorded)")
    parser.add_argument("--prefix", help="file-name prefix, e.g. the bug a game exposed")
    parser.add_argument("--bot", choices=sorted(BOTS), default="engine")
    parser.add_argument("--actions", help="record this JSON [[seat, action], ...] list instead")
    parser.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS)
    parser.add_argument("--force", action="store_true", help="replace differing fixtures")
    parser.add_argument("--rerecord", action="store_true",
                        help="rewrite every fixture of the game under the current rules")
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    if engine is None:
        sys.exit(f"unknown game {args.game!r}; known: {', '.join(all_engines())}")
    return rerecord(args, engine) if args.rerecord else record(args, engine)


if __name__ == "__main__":
    sys.exit(main())
