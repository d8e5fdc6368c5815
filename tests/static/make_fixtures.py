"""Write the documents the browser models' Node tests read (tests/static/fixtures/).

Each game's engine plays bot games from fixed seeds; the first document of each kind of
decision (named by ``kinds`` below) is kept, as the viewer whose turn it is sees it, next to
the game's ``client_data()``. Re-run after an engine's view or templates change:
``.venv/bin/python tests/static/make_fixtures.py [game-id ...]``.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engines.bots import bot_of
from engines.registry import get_engine

OUT = Path(__file__).parent / "fixtures"
Doc = dict[str, Any]


def _types(legal: list[dict[str, Any]]) -> set[str]:
    return {t["type"] for t in legal}


def tuk_tuk_kinds(view: Doc, legal: list[dict[str, Any]]) -> list[str]:
    """Tuk-Tuk Taxi: a sign with and without a direction, two routes to one end, ..."""
    kinds = sorted(_types(legal))
    for t in legal:
        if t["type"] == "place":
            kinds.append("place_dir" if "direction" in t else "place_plain")
        if t["type"] == "move" and "route" in t:
            kinds.append("move_routes")
    return kinds


def by_types(view: Doc, legal: list[dict[str, Any]]) -> list[str]:
    """One document per action type offered (and per phase, where the view has one)."""
    phase = view.get("phase")
    return sorted(_types(legal)) + ([f"phase:{phase}"] if isinstance(phase, str) else [])


GAMES: dict[str, tuple[Callable[[Doc, list[dict[str, Any]]], list[str]], list[int]]] = {
    "tuk-tuk-taxi": (tuk_tuk_kinds, [2, 3]),
    "jakarta-traffic": (by_types, [3]),
    "kaki-lima": (by_types, [3]),
    "indonesia": (by_types, [3]),
}


def document(engine: Any, state: Doc, seat: int, version: int) -> Doc:
    """What the server sends this seat (docs/client.md), minus ``last``."""
    return {"version": version, "view": engine.view(state, seat),
            "legal": engine.legal_actions(state, seat), "to_act": engine.to_act(state),
            "awaited": engine.awaited(state), "outcome": None, "last": None, "seat": seat}


def collect(game: str, seeds: range, max_actions: int = 3000) -> dict[str, Doc]:
    """The first document of every kind met while bots play ``seeds``."""
    engine = get_engine(game)
    assert engine is not None, game
    kinds, player_counts = GAMES[game]
    found: dict[str, Doc] = {}
    for seed in seeds:
        for players in player_counts:
            state = engine.setup(players, engine.validate_options({}), seed)
            rng = random.Random(seed)
            for version in range(max_actions):
                if engine.outcome(state) is not None:
                    break
                seat = engine.to_act(state)[0]
                legal = engine.legal_actions(state, seat)
                view = engine.view(state, seat)
                for kind in kinds(view, legal):
                    found.setdefault(kind, document(engine, state, seat, version))
                action = bot_of(engine).test_action(state, seat, rng)
                state = engine.apply(state, seat, engine.parse_action(action)).state
    return found


def main(games: list[str]) -> None:
    OUT.mkdir(exist_ok=True)
    for game in games or list(GAMES):
        engine = get_engine(game)
        package = type(engine).__module__.rpartition(".")[0]
        data = importlib.import_module(f"{package}.client_data").client_data()
        docs = collect(game, range(1, 4))
        out = {"game": game, "data": data, "docs": docs}
        (OUT / f"{game}.json").write_text(json.dumps(out, sort_keys=True) + "\n")
        print(game, sorted(docs))


if __name__ == "__main__":
    main(sys.argv[1:])
