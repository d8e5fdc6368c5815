"""RFC 6902 JSON Patch between two viewer documents.

Hand-written rather than ``jsonpatch.make_patch`` because it runs for every viewer after every
move: documents are small dicts/lists, and a structural walk is several times faster. Lists
that changed length are patched at their tail (moves append to logs and hands), otherwise
element by element.
"""

from __future__ import annotations

from typing import Any

import orjson


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON. Python's ``==`` is settled in C but calls ``False == 0`` equal, so an
    equal container is confirmed by its serialized bytes (also C; a different key order
    only sends the walk on, it never hides a change)."""
    if a is b:
        return True
    ta = type(a)
    if ta is not type(b) or a != b:
        return False
    return ta not in (dict, list) or orjson.dumps(a) == orjson.dumps(b)


def _escape(key: str) -> str:
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


def make_patch(old: Any, new: Any) -> list[dict[str, Any]]:
    """Operations that turn ``old`` into ``new`` (``[]`` when they are equal)."""
    ops: list[dict[str, Any]] = []
    if not _same(old, new):
        _diff(old, new, "", ops)
    return ops


#: Patch parts already computed in one broadcast: per top-level key, the latest (old value,
#: new value, part). The values are kept so that they stay alive (an identity is never
#: reused while the cache holds it); one entry per key is enough, since a value shared by
#: several viewers' documents is the very same pair of objects for each of them.
PartCache = dict[str, tuple[Any, Any, bytes]]


def patch_parts(old: dict[str, Any], new: dict[str, Any], cache: PartCache) -> list[bytes]:
    """The patch from one viewer document to the next as encoded JSON, one part per
    top-level key that changed (each part is the ops of that key, comma-joined, without the
    list's brackets: ``b"[" + b",".join(parts) + b"]"`` is the patch).

    A broadcast diffs many viewers' documents of the same two versions, and most of their
    values are the very same objects (the seat-independent part of every document; a view
    that hides nothing): such a value is diffed and encoded once, for the first viewer, and
    ``cache`` hands the same part (the same ``bytes`` object) to every other one, so frames
    made of equal parts can be recognised and shared too."""
    parts: list[bytes] = []
    kept = 0  # keys of ``old`` that ``new`` still has
    for key, nval in new.items():
        try:
            oval = old[key]
        except KeyError:
            parts.append(orjson.dumps({"op": "add", "path": f"/{_escape(key)}",
                                       "value": nval}))
            continue
        kept += 1
        if oval is nval:
            continue
        hit = cache.get(key)
        if hit is None or hit[0] is not oval or hit[1] is not nval:
            hit = cache[key] = (oval, nval, _part(key, oval, nval))
        if hit[2]:
            parts.append(hit[2])
    if kept != len(old):
        for key in old:
            if key not in new:
                parts.append(orjson.dumps({"op": "remove", "path": f"/{_escape(key)}"}))
    return parts


#: Parts of short lists by their key and the JSON of both values (see :func:`_part`).
_SHORT: dict[tuple[str, bytes, bytes], bytes] = {}
_SHORT_MAX = 4096
#: Lists at most this long (and this many bytes encoded) are looked up in ``_SHORT``.
SHORT_ITEMS = 8
SHORT_BYTES = 256


def _part(key: str, oval: Any, nval: Any) -> bytes:
    """The encoded ops (without brackets) turning ``oval`` into ``nval`` at ``/key``.

    Short lists (``to_act``, ``awaited``, a seat's few legal actions) take the same few
    steps again and again ([0] -> [1] -> [2] ...), so their parts are remembered by the JSON
    of both values: a client holds only that JSON, so a part made for one pair of values
    turns any other pair with the same encodings into each other as well."""
    memo = None
    if (type(oval) is list and type(nval) is list and len(oval) <= SHORT_ITEMS
            and len(nval) <= SHORT_ITEMS):
        ob, nb = orjson.dumps(oval), orjson.dumps(nval)
        if len(ob) <= SHORT_BYTES and len(nb) <= SHORT_BYTES:
            memo = (key, ob, nb)
            part = _SHORT.get(memo)
            if part is not None:
                return part
    ops: list[dict[str, Any]] = []
    if not _same(oval, nval):
        _diff(oval, nval, f"/{_escape(key)}", ops)
    part = orjson.dumps(ops)[1:-1]
    if memo is not None:
        if len(_SHORT) >= _SHORT_MAX:
            _SHORT.clear()  # a bound, not an LRU: a miss only costs one diff
        _SHORT[memo] = part
    return part


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    """Append the ops for two values already known to differ.

    It runs for every viewer after every move, so the test of :func:`_same` and the
    replacement of a changed scalar are written out in the loops: most entries of a
    document are unchanged scalars or a changed one, and a call per entry was most of the
    walk's time."""
    to, tn = type(old), type(new)
    if to is dict and tn is dict:
        for key, oval in old.items():
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
                continue
            nval = new[key]
            if oval is nval:
                continue
            tv = type(oval)
            if tv is type(nval) and oval == nval and (
                    tv not in _CONTAINERS or orjson.dumps(oval) == orjson.dumps(nval)):
                continue  # unchanged subtrees are compared in C, not walked
            if tv in _CONTAINERS and tv is type(nval):
                _diff(oval, nval, f"{path}/{_escape(key)}", ops)
            else:
                ops.append({"op": "replace", "path": f"{path}/{_escape(key)}", "value": nval})
        for key, nval in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": nval})
        return
    if to is list and tn is list:
        lo, ln = len(old), len(new)
        common = min(lo, ln)
        # A list that changed completely is cheaper to send whole than element by element.
        if lo != ln and common and old[0] != new[0] and old[-1] != new[-1]:
            ops.append({"op": "replace", "path": path, "value": new})
            return
        for i in range(common):
            oval, nval = old[i], new[i]
            if oval is nval:
                continue
            tv = type(oval)
            if tv is type(nval) and oval == nval and (
                    tv not in _CONTAINERS or orjson.dumps(oval) == orjson.dumps(nval)):
                continue
            if tv in _CONTAINERS and tv is type(nval):
                _diff(oval, nval, f"{path}/{i}", ops)
            else:
                ops.append({"op": "replace", "path": f"{path}/{i}", "value": nval})
        for i in range(lo - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{i}"})
        for i in range(common, ln):
            ops.append({"op": "add", "path": f"{path}/-", "value": new[i]})
        return
    # Scalars, or a change of type (bool is an int subclass: 1 -> True is a change too).
    ops.append({"op": "replace", "path": path, "value": new})


_CONTAINERS = (dict, list)
