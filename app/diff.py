"""RFC 6902 JSON Patch between two viewer documents.

Hand-written rather than ``jsonpatch.make_patch`` because it runs for every viewer after every
move: documents are small dicts/lists, and a structural walk is several times faster. Lists
that changed length are patched at their tail (moves append to logs and hands), otherwise
element by element.
"""

from __future__ import annotations

from typing import Any


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def make_patch(old: Any, new: Any) -> list[dict[str, Any]]:
    """Operations that turn ``old`` into ``new`` (``[]`` when they are equal)."""
    ops: list[dict[str, Any]] = []
    _diff(old, new, "", ops)
    return ops


def _diff(old: Any, new: Any, path: str, ops: list[dict[str, Any]]) -> None:
    if old is new:
        return
    to, tn = type(old), type(new)
    if to is dict and tn is dict:
        for key, oval in old.items():
            p = f"{path}/{_escape(key)}"
            if key in new:
                _diff(oval, new[key], p, ops)
            else:
                ops.append({"op": "remove", "path": p})
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
            _diff(old[i], new[i], f"{path}/{i}", ops)
        for i in range(lo - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{i}"})
        for i in range(common, ln):
            ops.append({"op": "add", "path": f"{path}/-", "value": new[i]})
        return
    if to is tn and old == new:
        return
    # bool is an int subclass: 1 == True must still be sent as a change of type.
    ops.append({"op": "replace", "path": path, "value": new})
