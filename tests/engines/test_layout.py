"""The engines' layout holds (engines/README.md): no import circle, the rules never import
their bot, the core knows no game, every game has the same files for the same roles, and
engines/base.py is gone (its jobs live in engines/core, one module each).

The import graph is grimp's (import-linter's library), built with the imports made only
for type checking and the ones inside functions: a circle hidden in either is a circle.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import grimp
import pytest

from tests.import_graph import circles, imports_of

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "engines"
#: The games that share the shape (the benchmark's ``race`` is a few lines and has no bot).
GAMES = ("indonesia", "jakarta_traffic", "kaki_lima", "tuk_tuk_taxi")
#: The same file for the same role in every game (engines/README.md has the table).
SHAPE = ("actions.py", "client_data.py", "engine.py", "flow.py", "rules.py", "scoring.py",
         "setup.py", "state.py", "steps.py", "view.py", "words.py",
         "bot/__init__.py", "bot/hooks.py", "bot/sampling.py")


@cache
def graph() -> grimp.ImportGraph:
    """engines/ as an import graph, type-checking and function-level imports included."""
    return grimp.build_graph("engines", exclude_type_checking_imports=False, cache_dir=None)


def is_bot(module: str, game: str) -> bool:
    return module == f"engines.{game}.bot" or module.startswith(f"engines.{game}.bot.")


def test_circles_finds_a_loop_and_only_a_loop() -> None:
    """The check below can fail: a two-module loop is a circle, a chain is not."""
    assert circles({"a": {"b"}, "b": {"a", "c"}, "c": set()}) == [["a", "b"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_circle_in_engines() -> None:
    found = circles(imports_of("engines"))
    assert found == [], "import circles in engines/: " + "; ".join(
        " <-> ".join(c) for c in found)


@pytest.mark.parametrize("game", GAMES)
def test_no_rules_module_imports_the_bot(game: str) -> None:
    """Only the bot package and the game's package face (which wires the bot into the
    engine) may import the bot; the rules never do."""
    g = graph()
    rules = [m for m in g.modules
             if m.startswith(f"engines.{game}.") and not is_bot(m, game)]
    offending = sorted(f"{m} -> {n}" for m in rules
                       for n in g.find_modules_directly_imported_by(m) if is_bot(n, game))
    assert offending == []


def test_the_core_knows_no_game_and_no_bot() -> None:
    g = graph()
    core = [m for m in g.modules if m == "engines.core" or m.startswith("engines.core.")]
    allowed = {"engines", "engines.messages"}
    offending = sorted(f"{m} -> {n}" for m in core for n in g.find_modules_directly_imported_by(m)
                       if not n.startswith("engines.core") and n not in allowed)
    assert offending == []


def test_the_bot_search_knows_no_game() -> None:
    g = graph()
    bots = [m for m in g.modules if m == "engines.bots" or m.startswith("engines.bots.")]
    offending = sorted(f"{m} -> {n}" for m in bots for n in g.find_modules_directly_imported_by(m)
                       if not n.startswith(("engines.bots", "engines.core")))
    assert offending == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_shared_shape(game: str) -> None:
    missing = [f for f in SHAPE if not (ENGINES / game / f).is_file()]
    assert missing == []


def test_the_old_base_module_stays_gone() -> None:
    """engines/base.py did ten jobs; engines/core has one module a job. Nothing brings the
    catch-all back, nor imports it anywhere in the project."""
    assert not (ENGINES / "base.py").exists()
    ours = [p for folder in ("engines", "app", "tests", "bench", "tools")
            for p in (ROOT / folder).rglob("*.py")]
    said = ("from engines" + ".base import", "from engines import " + "base",
            "import engines" + ".base")
    importing = sorted(str(p.relative_to(ROOT)) for p in ours
                       if any(s in p.read_text() for s in said))
    assert importing == []
