"""Engine benchmark: random full games for every registered engine, one markdown table.

For each engine in ``engines.registry.all_engines()`` this plays seeded random games with the
engine's own ``bot_action`` for a time budget and reports what the server will pay per move:

* games/s and actions/s of the whole bot loop (bot_action + parse_action + apply + to_act +
  outcome), and the mean number of actions in a finished game;
* the slowest single server step, ``parse_action + apply + legal_actions`` of the seat that
  acts next, with the action type that caused it, and the mean and p99 of that step (wall
  clock: on a busy machine the maximum includes time the process was not scheduled);
* the largest state seen (canonical JSON bytes: what the service stores per game) and the
  worker process's peak RSS (each engine runs in its own subprocess, so the figure is that
  engine's alone, and a crash or a hang in one engine cannot take the others down).

A game that raises (or whose bot produces an action the engine rejects, or that reaches the
cap on actions) is reported with its seed and player count so it can be replayed; the other
games and engines go on.

Usage (from the repository root)::

    .venv/bin/python bench/engines.py                         # every engine, 5 s each
    .venv/bin/python bench/engines.py --seconds 2 --engine race --option race='{"goal":50}'
    .venv/bin/python bench/engines.py --games 50 --players 3

The script is run by path; its own folder is taken off ``sys.path`` so that ``engines`` means
the project's package, not this file.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import random
import resource
import subprocess
import sys
import time
import traceback
from dataclasses import asdict, dataclass, field
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Running ``python bench/engines.py`` puts bench/ first on sys.path, where this very file
# would shadow the ``engines`` package.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(__file__)]
sys.path.insert(0, ROOT)

DEFAULT_SECONDS = 5.0
DEFAULT_MAX_ACTIONS = 20_000
STATE_SIZE_EVERY = 25  # measure the state's JSON size every N actions (and at the end)
WORKER_SLACK_S = 60.0  # a worker gets its budget plus this much before it is killed
# The peer benchmark's race ends at 1,000,000 (never, on purpose); here games should finish.
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"race": {"goal": 300}}


@dataclass
class Failure:
    """One game that could not be played to its end."""

    kind: str  # "error" (an exception), "illegal" (bot action rejected), "unfinished" (cap)
    seed: int
    players: int
    step: int
    detail: str


@dataclass
class EngineReport:
    """Everything measured for one engine (JSON between worker and parent)."""

    engine: str
    games_started: int = 0
    games_finished: int = 0
    actions: int = 0
    finished_actions: int = 0
    elapsed_s: float = 0.0
    slowest_step_ms: float = 0.0
    slowest_step_type: str = ""
    slowest_step_seed: int | None = None
    step_p99_ms: float = 0.0
    step_mean_ms: float = 0.0
    max_state_bytes: int = 0
    rss_base_mb: float = 0.0
    rss_peak_mb: float = 0.0
    players: list[int] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    fatal: str = ""


def _rss_peak_mb() -> float:
    """Peak resident set size of this process (Linux reports ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _state_bytes(state: Any) -> int:
    return len(json.dumps(state, sort_keys=True, separators=(",", ":")))


def _player_counts(engine: Any, fixed: int | None) -> list[int]:
    if fixed is not None:
        return [fixed] if engine.min_players <= fixed <= engine.max_players else []
    return list(range(engine.min_players, engine.max_players + 1))


def resolve_engine(engine_id: str) -> Any:
    """The engine by id through the registry; if the registry itself fails (another game's
    package does not import yet), import just this game's package."""
    from engines.registry import get_engine

    try:
        engine = get_engine(engine_id)
    except Exception:  # noqa: BLE001 - fall back to this package alone
        engine = None
    if engine is None:
        module = importlib.import_module(f"engines.{engine_id.replace('-', '_')}")
        engine = getattr(module, "ENGINE", None)
    if engine is None:
        raise LookupError(f"no engine with id {engine_id!r}")
    return engine


def engine_ids() -> list[str]:
    """Every registered engine id; if the registry fails, every package name under engines/."""
    import engines
    from engines.registry import all_engines

    try:
        return list(all_engines())
    except Exception as exc:  # noqa: BLE001 - report the broken package, bench the others
        print(f"bench: the registry failed ({type(exc).__name__}: {exc}); "
              "benching each package on its own", file=sys.stderr)
        return sorted(m.name for m in pkgutil.iter_modules(engines.__path__) if m.ispkg)


def play_engine(engine_id: str, seconds: float, games: int | None, max_actions: int,
                players: int | None, options: dict[str, Any], seed0: int) -> EngineReport:
    """Play games of one engine until the time budget or the game count runs out."""
    from engines.bots import bot_of
    from engines.core.errors import RuleError

    report = EngineReport(engine=engine_id)
    try:
        engine = resolve_engine(engine_id)
    except Exception as exc:  # noqa: BLE001 - an engine that does not import is a report line
        report.fatal = f"cannot load: {type(exc).__name__}: {exc}"
        return report
    report.rss_base_mb = round(_rss_peak_mb(), 1)
    counts = _player_counts(engine, players)
    report.players = counts
    if not counts:
        report.fatal = f"{players} players is outside {engine.min_players}..{engine.max_players}"
        return report
    try:
        opts = engine.validate_options(options)
    except Exception as exc:  # noqa: BLE001 - a bad option is a report line, not a crash
        report.fatal = f"options rejected: {exc}"
        return report

    step_ns: list[int] = []
    clock = time.perf_counter_ns
    started = time.perf_counter()
    deadline = started + seconds
    game_no = 0
    while time.perf_counter() < deadline and (games is None or game_no < games):
        seed = seed0 + game_no
        n_players = counts[game_no % len(counts)]
        game_no += 1
        report.games_started += 1
        rng = random.Random(seed)
        step = 0
        raw: dict[str, Any] | None = None
        doing = "setup"
        try:
            state = engine.setup(n_players, opts, seed)
            report.max_state_bytes = max(report.max_state_bytes, _state_bytes(state))
            while (doing := "outcome") and engine.outcome(state) is None:
                if step >= max_actions:
                    report.failures.append(Failure(
                        "unfinished", seed, n_players, step,
                        f"no end after {max_actions} actions"))
                    break
                doing = "to_act"
                seats = engine.to_act(state)
                if not seats:
                    raise AssertionError("the game is not over but nobody may act")
                seat = rng.choice(seats)
                doing = "bot_action"
                raw = bot_of(engine).test_action(state, seat, rng)
                doing = f"apply of {raw!r} by seat {seat}"
                t0 = clock()
                try:
                    result = engine.apply(state, seat, engine.parse_action(raw))
                except RuleError as exc:
                    report.failures.append(Failure(
                        "illegal", seed, n_players, step,
                        f"bot action {raw!r} for seat {seat} rejected: {exc}"))
                    break
                state = result.state
                doing = "legal_actions after the action"
                nxt = engine.to_act(state)
                if nxt:
                    engine.legal_actions(state, nxt[0])
                took = clock() - t0
                step_ns.append(took)
                if took > report.slowest_step_ms * 1e6:
                    report.slowest_step_ms = took / 1e6
                    report.slowest_step_type = str(raw.get("type", "?"))
                    report.slowest_step_seed = seed
                step += 1
                report.actions += 1
                if step % STATE_SIZE_EVERY == 0:
                    report.max_state_bytes = max(report.max_state_bytes, _state_bytes(state))
            else:
                report.games_finished += 1
                report.finished_actions += step
            report.max_state_bytes = max(report.max_state_bytes, _state_bytes(state))
        except Exception as exc:  # noqa: BLE001 - one broken game must not stop the bench
            tb = traceback.extract_tb(exc.__traceback__)
            where = f"{os.path.relpath(tb[-1].filename, ROOT)}:{tb[-1].lineno}" if tb else "?"
            report.failures.append(Failure(
                "error", seed, n_players, step,
                f"{type(exc).__name__}: {exc} at {where}, in {doing}"))
    report.elapsed_s = time.perf_counter() - started
    if step_ns:
        step_ns.sort()
        idx = min(len(step_ns) - 1, max(0, -(-99 * len(step_ns) // 100) - 1))
        report.step_p99_ms = step_ns[idx] / 1e6
        report.step_mean_ms = sum(step_ns) / len(step_ns) / 1e6
    report.rss_peak_mb = round(_rss_peak_mb(), 1)
    return report


def run_worker(engine_id: str, args: argparse.Namespace) -> EngineReport:
    """Run one engine in a subprocess (isolated crash, hang and memory); parse its report."""
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", engine_id,
           "--seconds", str(args.seconds), "--max-actions", str(args.max_actions),
           "--seed", str(args.seed)]
    if args.games is not None:
        cmd += ["--games", str(args.games)]
    if args.players is not None:
        cmd += ["--players", str(args.players)]
    for opt in args.option:
        cmd += ["--option", opt]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT,
                              timeout=args.seconds + WORKER_SLACK_S)
    except subprocess.TimeoutExpired:
        return EngineReport(engine=engine_id, fatal=(
            f"worker still running {args.seconds + WORKER_SLACK_S:.0f} s after start "
            "(one game step hangs?); killed"))
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return EngineReport(engine=engine_id, fatal=f"worker exit {done.returncode}: {tail}")
    data = json.loads(lines[-1])
    data["failures"] = [Failure(**f) for f in data["failures"]]
    return EngineReport(**data)


def _fmt(x: float, digits: int = 1) -> str:
    return f"{x:,.{digits}f}"


def markdown(reports: list[EngineReport], args: argparse.Namespace) -> str:
    """The results table, then one line per failure kind and engine."""
    head = ("| engine | players | games (finished/started) | games/s | actions/s "
            "| mean actions/game | slowest apply+legal ms (action) | mean / p99 apply+legal ms "
            "| max state KB | peak RSS MB (base) | failures |")
    out = [
        f"Engine bench: {args.seconds:g} s per engine"
        + (f", at most {args.games} games" if args.games is not None else "")
        + f", cap {args.max_actions} actions per game, seeds from {args.seed}, "
        f"Python {sys.version.split()[0]}.",
        "",
        head,
        "|" + "---|" * head.count(" | ") + "---|",
    ]
    notes: list[str] = []
    for r in reports:
        if r.fatal:
            out.append(f"| {r.engine} | - | - | - | - | - | - | - | - | - | FATAL |")
            notes.append(f"* **{r.engine}**: {r.fatal}")
            continue
        el = r.elapsed_s or 1e-9
        mean = _fmt(r.finished_actions / r.games_finished) if r.games_finished else "-"
        kinds: dict[str, int] = {}
        for f in r.failures:
            kinds[f.kind] = kinds.get(f.kind, 0) + 1
        fails = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or "0"
        out.append(
            f"| {r.engine} | {','.join(map(str, r.players))} "
            f"| {r.games_finished}/{r.games_started} | {_fmt(r.games_finished / el, 2)} "
            f"| {_fmt(r.actions / el, 0)} | {mean} "
            f"| {_fmt(r.slowest_step_ms, 2)} ({r.slowest_step_type or '-'}) "
            f"| {_fmt(r.step_mean_ms, 3)} / {_fmt(r.step_p99_ms, 3)} "
            f"| {_fmt(r.max_state_bytes / 1024)} "
            f"| {_fmt(r.rss_peak_mb)} ({_fmt(r.rss_base_mb)}) | {fails} |")
        shown: set[str] = set()
        for f in r.failures:
            if f.kind in shown:
                continue
            shown.add(f.kind)
            label = {"unfinished": "did not finish", "illegal": "illegal bot action",
                     "error": "raised"}.get(f.kind, f.kind)
            notes.append(f"* **{r.engine}** {label} ({kinds[f.kind]}x); first: seed {f.seed}, "
                         f"{f.players} players, step {f.step}: {f.detail}")
    if notes:
        out += ["", *notes]
    return "\n".join(out)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                   help="time budget per engine (default %(default)s)")
    p.add_argument("--games", type=int, default=None,
                   help="stop an engine after this many games (default: only the time budget)")
    p.add_argument("--engine", action="append", default=[],
                   help="engine id to run (repeatable; default: every registered engine)")
    p.add_argument("--players", type=int, default=None,
                   help="player count (default: cycle min..max of each engine)")
    p.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS,
                   help="cap on actions per game; reaching it reports 'did not finish'")
    p.add_argument("--seed", type=int, default=1, help="first seed (games use seed, seed+1, ...)")
    p.add_argument("--option", action="append", default=[], metavar="ENGINE=JSON",
                   help="lobby options for one engine (default: the engine's defaults; race: "
                        "goal 300), e.g. race='{\"goal\": 50}'")
    p.add_argument("--json", metavar="FILE", help="also write the raw reports as JSON")
    p.add_argument("--worker", metavar="ENGINE", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def _options_for(engine_id: str, specs: list[str]) -> dict[str, Any]:
    for spec in specs:
        name, _, text = spec.partition("=")
        if name == engine_id:
            return json.loads(text)
    return DEFAULT_OPTIONS.get(engine_id, {})


def main(argv: list[str] | None = None) -> int:
    """Run the bench (or, with --worker, one engine) and print the table."""
    args = parse_args(argv)
    if args.worker:
        report = play_engine(args.worker, args.seconds, args.games, args.max_actions,
                             args.players, _options_for(args.worker, args.option), args.seed)
        print(json.dumps(asdict(report)))
        return 0
    ids = args.engine or engine_ids()
    reports = []
    for engine_id in ids:
        print(f"bench: {engine_id} ...", file=sys.stderr, flush=True)
        reports.append(run_worker(engine_id, args))
    print(markdown(reports, args))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump([asdict(r) for r in reports], fh, indent=1)
    return 1 if any(r.fatal or r.failures for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
