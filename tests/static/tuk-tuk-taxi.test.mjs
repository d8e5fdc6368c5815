// Tuk-Tuk Taxi's board model against documents from real engine play: what the board
// offers, what each click sends, and the pending direction / route choice.
import assert from "node:assert/strict";
import { test } from "node:test";

import { allows } from "../../static/templates.js";
import {
  buttons, chooseDirection, chooseRoute, clickTarget, keepPending, offered, pendingMoves, prompt, PROMPT, syncKey,
} from "../../static/games/tuk-tuk-taxi/model.js";
import { fixture } from "./fixtures.mjs";

const { docs, data } = fixture("tuk-tuk-taxi");

test("the engine's data gives the renderer its board and compass", () => {
  assert.equal(data.board.size, 13);
  assert.deepEqual(data.board.street_lines, [0, 4, 8, 12]);
  assert.equal(data.right_of.N, "E");
  assert.equal(data.left_of.N, "W");
  assert.deepEqual(data.directions.N, [-1, 0]);
  assert.equal(data.tiles.speed_limit.name, "Speed limit 40");
});

test("a plain sign goes down with one click on an offered cell", () => {
  const doc = docs.place_plain;
  const offer = offered(doc.legal);
  assert.ok(offer.place.size > 0);
  for (const cell of offer.place.keys()) {
    const answer = clickTarget(offer, "place", cell);
    assert.deepEqual(answer, { send: { type: "place", cell } });
    assert.ok(allows(doc.legal, answer.send));
  }
  assert.equal(prompt(offer, null, true), PROMPT.place);
  assert.equal(prompt(offer, null, false), "", "no prompt for the player who waits");
});

test("a turn or one-way sign waits for its direction, then sends it", () => {
  const doc = docs.place_dir;
  const offer = offered(doc.legal);
  const [cell, dirs] = [...offer.place].find(([, d]) => d.length);
  const answer = clickTarget(offer, "place", cell);
  assert.deepEqual(answer, { pending: { kind: "dir", cell, dirs } });
  assert.equal(prompt(offer, answer.pending, true), PROMPT.place_dir);
  for (const dir of dirs) {
    const action = chooseDirection(answer.pending, dir);
    assert.deepEqual(action, { type: "place", cell, direction: dir });
    assert.ok(allows(doc.legal, action), JSON.stringify(action));
  }
  assert.equal(keepPending(answer.pending, offer), answer.pending);
  assert.equal(keepPending(answer.pending, offered([{ type: "roll" }])), null, "gone once not offered");
});

test("two routes to one end: the click asks which, each route button sends its index", () => {
  const doc = docs.move_routes;
  const offer = offered(doc.legal);
  const [cell, routes] = [...offer.moves].find(([, r]) => r && r.length > 1);
  const answer = clickTarget(offer, "move", cell);
  assert.equal(answer.pending.kind, "route");
  assert.deepEqual(pendingMoves(answer.pending, doc.view.moves).map((m) => m.to), routes.map(() => cell));
  for (const route of routes) assert.ok(allows(doc.legal, chooseRoute(answer.pending, route)));
  assert.equal(prompt(offer, answer.pending, true), PROMPT.route);
});

test("an end only one route reaches is one click", () => {
  const doc = docs.move;
  const offer = offered(doc.legal);
  const single = [...offer.moves].filter(([, r]) => !r || r.length <= 1);
  assert.ok(single.length > 0);
  for (const [cell] of single) {
    const { send } = clickTarget(offer, "move", cell);
    assert.deepEqual(send, { type: "move", to: cell });
    assert.ok(allows(doc.legal, send));
  }
});

test("go-to, remove-sign and the buttons send what the templates allow", () => {
  for (const [kind, field] of [["go_to", "goTo"], ["remove_sign", "remove"]]) {
    const doc = docs[kind];
    const offer = offered(doc.legal);
    assert.ok(offer[field].length > 0, kind);
    for (const cell of offer[field]) assert.ok(allows(doc.legal, clickTarget(offer, kind, cell).send));
  }
  const remove = offered(docs.remove_sign.legal);
  assert.equal(prompt(remove, null, true), PROMPT.remove_sign);
  assert.deepEqual(buttons(remove).map((b) => b.key), ["discard"]);
  assert.deepEqual(buttons(offered(docs.roll.legal)).map((b) => b.action), [{ type: "roll" }]);
  const parked = offered(docs.stay.legal);
  assert.deepEqual(buttons(parked).map((b) => b.key), ["roll_again", "stay"]);
  assert.equal(prompt(parked, null, true), PROMPT.no_parking);
  for (const b of [...buttons(parked), ...buttons(remove)]) {
    assert.ok(allows([...docs.stay.legal, ...docs.remove_sign.legal], b.action));
  }
});

test("the sync key names phase, turn, stack, taxis, die and moves", () => {
  const v = docs.move.view;
  assert.equal(syncKey(v), [v.phase, v.current, v.stack_count, v.taxis.join(";"), v.die.value, v.moves.length].join("|"));
});
