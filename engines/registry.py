"""Finds every game package under ``engines/`` and the ``ENGINE`` it exposes.

Discovery (rather than a hand-kept list) lets each game live entirely in its own folder.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from functools import cache

import engines
from engines.core.protocol import Engine


@cache
def all_engines() -> dict[str, Engine]:
    """Every registered engine by id, in a stable order."""
    found: dict[str, Engine] = {}
    for mod in sorted(pkgutil.iter_modules(engines.__path__), key=lambda m: m.name):
        if not mod.ispkg:
            continue
        try:
            module = importlib.import_module(f"engines.{mod.name}")
        except Exception:
            # One broken game must not take the others (and the server) down with it;
            # tests/engines/test_registry.py fails loudly instead.
            logging.getLogger("meja.engines").exception("game package %s failed to load",
                                                        mod.name)
            continue
        engine = getattr(module, "ENGINE", None)
        if isinstance(engine, Engine):
            found[engine.id] = engine
    return found


def get_engine(game_id: str) -> Engine | None:
    """The engine for a game id, or ``None`` for an unknown id."""
    return all_engines().get(game_id)


def register(engine: Engine) -> None:
    """Add an engine that is not a package here (tests register a hidden-state engine)."""
    all_engines()[engine.id] = engine
