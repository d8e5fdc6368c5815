// static/templates.js reads templates as engines/base.py does (expand_template,
// template_matches): these cases are the Python function's own behaviour.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  allows, choices, expand, fieldValues, findTemplate, fixedPart, matches, openFields,
} from "../../static/templates.js";

test("a range with a step matches only its own numbers", () => {
  const t = { type: "bid", amount: { $range: [10, 30, 5] } };
  assert.ok(matches(t, { type: "bid", amount: 15 }));
  assert.ok(!matches(t, { type: "bid", amount: 17 }));
  assert.ok(!matches(t, { type: "bid", amount: 35 }));
  assert.ok(!matches(t, { type: "bid", amount: 15.0 + 0.5 }));
  assert.ok(!matches(t, { type: "bid", amount: true }), "a bool is not an int, as in Python");
  assert.deepEqual(choices(t.amount), [10, 15, 20, 25, 30]);
});

test("a choice compares its options by value, objects included", () => {
  const t = { type: "pay", with: { $choice: [{ coin: 1 }, { coin: 5 }] } };
  assert.ok(matches(t, { type: "pay", with: { coin: 5 } }));
  assert.ok(!matches(t, { type: "pay", with: { coin: 2 } }));
});

test("the action must have exactly the template's fields", () => {
  const t = { type: "place", cell: { $choice: ["0,1", "0,2"] } };
  assert.ok(!matches(t, { type: "place" }));
  assert.ok(!matches(t, { type: "place", cell: "0,1", direction: "N" }));
  assert.ok(!matches(t, { type: "roll", cell: "0,1" }));
});

test("expand lists every concrete action, in field order", () => {
  const t = { type: "place", cell: { $choice: ["a", "b"] }, dir: { $choice: ["N", "S"] } };
  assert.deepEqual(expand(t), [
    { type: "place", cell: "a", dir: "N" }, { type: "place", cell: "a", dir: "S" },
    { type: "place", cell: "b", dir: "N" }, { type: "place", cell: "b", dir: "S" },
  ]);
  for (const a of expand(t)) assert.ok(matches(t, a));
  assert.equal(expand({ type: "n", x: { $range: [0, 999] }, y: { $range: [0, 999] } }, 50).length, 50);
});

test("fixed part, open fields and the values a field takes across templates", () => {
  const legal = [
    { type: "place", cell: { $choice: ["1,0", "2,0"] } },
    { type: "place", cell: "2,0", direction: { $choice: ["N"] } },
    { type: "roll" },
  ];
  assert.deepEqual(fixedPart(legal[1]), { type: "place", cell: "2,0" });
  assert.deepEqual(openFields(legal[1]).map(([k]) => k), ["direction"]);
  assert.deepEqual(fieldValues(legal, "place", "cell"), ["1,0", "2,0"]);
  assert.deepEqual(choices(undefined), []);
  assert.equal(findTemplate(legal, { type: "place", cell: "2,0", direction: "N" }), legal[1]);
  assert.ok(allows(legal, { type: "roll" }));
  assert.ok(!allows(legal, { type: "place", cell: "3,0" }));
});
