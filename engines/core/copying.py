"""Copies of a state: the generic deep copy of JSON-like data, the fast copy generated from a
state's declared ``TypedDict`` shape, and the canonical text two equal states share."""

from __future__ import annotations

import copy
import json
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from engines.core.types import State


def clone(state: State) -> State:
    """A deep copy of a JSON-like state (faster than ``copy.deepcopy`` for plain data)."""
    return _clone(state)


def _clone(v: Any) -> Any:
    t = type(v)
    if t is dict:
        return {k: _clone(x) for k, x in v.items()}
    if t is list:
        return [_clone(x) for x in v]
    if t in (int, str, float, bool) or v is None:
        return v
    return copy.deepcopy(v)


def canonical_json(value: Any) -> str:
    """Stable JSON text of a state (sorted keys): two states are equal iff these are."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


class Shared:
    """Marks a state key whose value is only ever replaced whole, never changed in place,
    so the copy before an action may share it: ``pending: Annotated[Pending | None, Shared]``.
    """


_Copier = Callable[[Any], Any]
_IMMUTABLE = (int, str, float, bool, type(None))


class _CopyCode:
    """Python source of a copy function per declared shape (compiled once, then as fast
    as a hand-written copy: no per-key dispatch at run time)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[type, str] = {}
        self.scope: dict[str, Any] = {"_clone": _clone, "_undeclared": _copy_undeclared}

    def expr(self, hint: Any, var: str, depth: int = 0) -> str | None:
        """An expression copying ``var`` of type ``hint``; ``None`` when it may be shared."""
        origin = get_origin(hint)
        if origin is typing.Annotated:
            base, *marks = get_args(hint)
            return None if Shared in marks else self.expr(base, var, depth)
        if hint in _IMMUTABLE or origin is Literal:
            return None
        if origin in (Union, types.UnionType):
            return self.union_expr(get_args(hint), var, depth)
        x = f"x{depth}"
        if origin is list:
            item = self.expr((get_args(hint) or (Any,))[0], x, depth + 1)
            return f"{var}[:]" if item is None else f"[{item} for {x} in {var}]"
        if origin is dict:
            item = self.expr((get_args(hint) or (str, Any))[1], x, depth + 1)
            return (f"{var}.copy()" if item is None
                    else f"{{k{depth}: {item} for k{depth}, {x} in {var}.items()}}")
        if typing.is_typeddict(hint):
            return f"{self.function(hint)}({var})"
        return f"_clone({var})"  # Any, tuples, anything undeclared: the generic deep copy

    def union_expr(self, args: tuple[Any, ...], var: str, depth: int) -> str | None:
        """``X | None`` copies as ``X`` when present; other unions of mutable types deep."""
        live = [a for a in args if a is not type(None)]
        if all(self.expr(a, var, depth) is None for a in live):
            return None
        inner = self.expr(live[0], var, depth) if len(live) == 1 else f"_clone({var})"
        return inner if len(live) == len(args) else f"(None if {var} is None else {inner})"

    def function(self, shape: type) -> str:
        """The name of the copy function of one ``TypedDict`` (written on first use)."""
        if shape in self.names:
            return self.names[shape]
        name = f"copy_{len(self.names)}_{shape.__name__}"
        self.names[shape] = name
        hints = get_type_hints(shape, include_extras=True)
        declared = f"declared_{name}"
        self.scope[declared] = frozenset(hints)
        body = ["    out = v.copy()"]
        for key, hint in hints.items():
            e = self.expr(hint, "x", 0)
            if e is not None:
                body.append(f"    if {key!r} in out:\n        x = out[{key!r}]\n"
                            f"        out[{key!r}] = {e}")
        # A value of a total shape has exactly its declared keys, so the length alone
        # tells (cheaply, on every copy) when there may be others to copy generically.
        check = (f"len(out) != {len(hints)}" if getattr(shape, "__total__", True)
                 else f"not {declared}.issuperset(out)")
        body.append(f"    if {check}:\n        _undeclared(out, {declared})")
        self.lines.append(f"def {name}(v):\n" + "\n".join(body) + "\n    return out\n")
        return name


def _copy_undeclared(out: dict[str, Any], declared: frozenset[str]) -> None:
    for key in out.keys() - declared:
        out[key] = _clone(out[key])


@cache
def declared_copier(state_type: type) -> _Copier:
    """A fast deep copy of a ``TypedDict``-shaped value, derived once from its declaration.

    Immutable values (ints, strings, ``Literal``s, ``Shared`` keys) are shared, flat lists
    and dicts are sliced, nested declared shapes are copied key by key; ``Any`` falls back
    to :func:`clone`. Keys present in the value but not declared are copied generically, so
    an incomplete declaration costs speed, never correctness. The copy is generated as
    Python source once per shape, so it runs as fast as a hand-written one.
    """
    code = _CopyCode()
    name = code.function(state_type)
    exec("\n".join(code.lines), code.scope)  # noqa: S102 - source built from type hints only
    copier: _Copier = code.scope[name]
    return copier


def undeclared_keys(state_type: type, value: Any, path: str = "") -> list[str]:
    """Paths of keys in ``value`` that its ``TypedDict`` does not declare (for tests)."""
    hints = get_type_hints(state_type, include_extras=True)
    found = [f"{path}{k}" for k in value if k not in hints]
    for key, hint in hints.items():
        if key in value:
            found += _undeclared_in(hint, value[key], f"{path}{key}.")
    return found


def _undeclared_in(hint: Any, value: Any, path: str) -> list[str]:
    origin = get_origin(hint)
    if origin is typing.Annotated:
        return _undeclared_in(get_args(hint)[0], value, path)
    if typing.is_typeddict(hint) and isinstance(value, dict):
        return undeclared_keys(hint, value, path)
    if origin in (Union, types.UnionType):
        shapes = [a for a in get_args(hint) if typing.is_typeddict(a)]
        if len(shapes) == 1 and isinstance(value, dict):
            return undeclared_keys(shapes[0], value, path)
        return []
    if origin is list and isinstance(value, list):
        return [p for x in value for p in _undeclared_in(get_args(hint)[0], x, path)]
    if origin is dict and isinstance(value, dict):
        return [p for x in value.values() for p in _undeclared_in(get_args(hint)[1], x, path)]
    return []

