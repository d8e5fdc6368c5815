"""The JSON Patch every viewer receives must turn its old document into the new one."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonpatch
import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from app.realtime.diff import PartCache, make_patch, patch_parts

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b/~", ""]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["a", "b", "c/d", "~e", ""]), inner, max_size=4),
    max_leaves=12,
)


def canonical(v: Any) -> str:
    return json.dumps(v, sort_keys=True)


@settings(max_examples=400, deadline=None)
@given(json_values, json_values)
def test_patch_turns_the_old_document_into_the_new(old: Any, new: Any) -> None:
    ops = make_patch(old, new)
    got = jsonpatch.apply_patch(copy.deepcopy(old), ops) if ops else old
    assert canonical(got) == canonical(new)


def test_equal_documents_need_no_patch_and_a_bool_is_not_a_number() -> None:
    doc = {"view": {"taxis": [{"cell": "0,0", "busy": False}]}, "legal": []}
    assert make_patch(doc, copy.deepcopy(doc)) == []
    changed = {"view": {"taxis": [{"cell": "0,0", "busy": 0}]}, "legal": []}
    assert make_patch(doc, changed) == [{"op": "replace", "path": "/view/taxis/0/busy",
                                         "value": 0}]


def test_a_move_patches_only_what_changed() -> None:
    rng = random.Random(3)
    old = {"positions": [rng.randint(0, 9) for _ in range(4)], "current": 0, "log": ["x"]}
    new = {**old, "positions": [*old["positions"][:3], 99], "log": ["x", "y"]}
    assert make_patch(old, new) == [
        {"op": "replace", "path": "/positions/3", "value": 99},
        {"op": "add", "path": "/log/-", "value": "y"},
    ]


json_docs = st.dictionaries(st.sampled_from(["view", "legal", "a/b", "~"]), json_values,
                            max_size=4)


@settings(max_examples=300, deadline=None)
@given(json_docs, json_docs, json_docs)
def test_patch_parts_shared_between_viewers_turn_each_document_into_its_new_one(
        old: dict[str, Any], new: dict[str, Any], other: dict[str, Any]) -> None:
    cache: PartCache = {}
    # A second viewer holds the same old values and gets some of the same new ones (the
    # very objects, as a broadcast's documents share them) and some of its own.
    mixed = {k: (new[k] if k in new and i % 2 else v) for i, (k, v) in enumerate(other.items())}
    for before, after in ((old, new), (old, mixed)):
        ops = orjson.loads(b"[" + b",".join(patch_parts(before, after, cache)) + b"]")
        got = jsonpatch.apply_patch(copy.deepcopy(before), ops) if ops else before
        assert canonical(got) == canonical(after)


def test_a_short_lists_part_follows_its_json_not_its_objects() -> None:
    # The same step again, with other objects of the same JSON: the same part.
    first = patch_parts({"to_act": [0]}, {"to_act": [1]}, {})
    again = patch_parts({"to_act": [0]}, {"to_act": [1]}, {})
    assert first == again == [b'{"op":"replace","path":"/to_act/0","value":1}']
    # 1 == True in Python, not in JSON: the client's 1 becomes true (even right after an
    # unchanged [1], whose part is empty).
    assert patch_parts({"to_act": [1]}, {"to_act": [1]}, {}) == []
    as_bool = patch_parts({"to_act": [1]}, {"to_act": [True]}, {})
    assert orjson.loads(b"[" + b",".join(as_bool) + b"]") == [
        {"op": "replace", "path": "/to_act/0", "value": True}]
    # Equal lists that are other objects: nothing to send; a key of its own: its own path.
    assert patch_parts({"to_act": [2]}, {"to_act": [2]}, {}) == []
    assert patch_parts({"awaited": [0]}, {"awaited": [1]}, {}) == [
        b'{"op":"replace","path":"/awaited/0","value":1}']
