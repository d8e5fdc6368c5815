"""The shape of app/ that docs/architecture.md promises, kept by tests that fail when it
goes: no import circle (imports made only for type checking included), no module outside
the room reaching into a room's private parts or through it to the hub, no module over
400 lines. (The wings' directions are ``lint-imports``'s: .importlinter.)

Each check is a function tried here on a small made-up violation too, so a check that
could never fail would fail its own test."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.import_graph import circles, imports_of

APP = Path(__file__).resolve().parents[2] / "app"
#: The modules that are the room (a room may use its own private parts).
ROOM_MODULES = {"app/realtime/room.py", "app/realtime/views.py", "app/realtime/presence.py"}
MAX_LINES = 400


def app_imports() -> dict[str, set[str]]:
    """Every module of app/ and the app modules it imports, type-checking imports too."""
    return imports_of("app")


def room_intrusions(source: str) -> list[str]:
    """Where ``source`` reads or writes a room's private parts (``room._x``,
    ``self.room._x``) or goes through a room to its hub (``room.hub``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        holder = node.value
        name = (holder.id if isinstance(holder, ast.Name)
                else holder.attr if isinstance(holder, ast.Attribute) else "")
        if "room" in name.lower() and (node.attr.startswith("_") or node.attr == "hub"):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def app_files() -> dict[str, Path]:
    return {str(p.relative_to(APP.parent)): p for p in sorted(APP.rglob("*.py"))}


def test_the_circle_check_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_app_has_no_import_circle() -> None:
    graph = app_imports()
    assert "app.realtime.room" in graph  # the graph is app's
    assert circles(graph) == []


def test_the_room_check_finds_a_feature_reaching_into_a_room() -> None:
    bad = "def f(room):\n    room._remember(1, 'x', 2)\n    room.hub.store.engine\n"
    assert room_intrusions(bad) == ["line 2: room._remember", "line 3: room.hub"]
    assert room_intrusions("def f(room):\n    room.append(1)\n    self._x = 1\n") == []


def test_no_module_outside_the_room_touches_its_private_parts() -> None:
    found = {path: hits for path, file in app_files().items() if path not in ROOM_MODULES
             for hits in [room_intrusions(file.read_text())] if hits}
    assert found == {}


def test_no_app_module_is_longer_than_the_limit() -> None:
    lengths = {path: len(file.read_text().splitlines()) for path, file in app_files().items()}
    assert max(lengths.values()) > 100  # every module was read
    assert {path: n for path, n in lengths.items() if n > MAX_LINES} == {}
