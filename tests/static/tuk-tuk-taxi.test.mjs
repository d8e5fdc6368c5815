// Tuk-Tuk Taxi's board model against documents from real engine play: what the board
// offers, what each click sends, and the pending direction / route choice.
import assert from "node:assert/strict";
import { test } from "node:test";

import { allows } from "../../static/templates.js";
import {
  buttons, chooseDirection, chooseRoute, clickTarget, keepPending, lastRoll, lastTurns, offered,
  pendingMoves, prompt, PROMPT, refCells, syncKey,
} from "../../static/games/tuk-tuk-taxi/model.js";
import { cellName, describe, edgeLabels } from "../../static/games/tuk-tuk-taxi/words.js";
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

test("cells are named as the board labels them: columns A-M, rows 1-13", () => {
  assert.equal(cellName("0,0"), "A1");
  assert.equal(cellName("4,8"), "I5");
  assert.equal(cellName("12,12"), "M13");
  const { columns, rows } = edgeLabels(data.board.size);
  assert.equal(columns.length, 13);
  assert.equal(rows.at(-1), "13");
  // every street cell's name is made of an edge label pair
  for (const key of data.board.passenger_spots) {
    const name = cellName(key);
    assert.ok(columns.includes(name[0]) && rows.includes(name.slice(1)), name);
  }
  assert.deepEqual(refCells([{ cell: "4,8" }, { seat: 1 }, { cell: "4,8" }, { area: 3 }, null]), ["4,8"]);
  // the log's references are worded with the same names (the renderer's describe)
  assert.equal(describe({ cell: "4,8" }), "I5");
  assert.equal(describe({ seat: 1 }), null);
});

// Lines as the engine writes them (engines/tuk_tuk_taxi/turn.py, moves.py).
const seat = (n) => ({ seat: n });
const drew = (seq, n) => ({ seq, seat: 1 - n, key: "tuk-tuk-taxi.log.drew", params: { seat: seat(n), sign: { term: "tuk-tuk-taxi.term.stop" } } });
const rolled = (seq, n, value, colour) => ({ seq, seat: n, key: "tuk-tuk-taxi.log.rolled", params: { seat: seat(n), colour, value }, data: { value, colour } });
const drove = (seq, n, path) => ({ seq, seat: n, key: "tuk-tuk-taxi.log.drove",
  params: { seat: seat(n), place: { cell: path.at(-1) }, steps: path.length - 1 }, data: { path } });
const placed = (seq, n, cell) => ({ seq, seat: n, key: "tuk-tuk-taxi.log.placed", params: { seat: seat(n), place: { cell } } });

test("each player's last move stays until that player moves again", () => {
  const lines = [
    drew(1, 0), placed(1, 0, "0,5"), rolled(2, 0, 3, "green"), drove(3, 0, ["0,0", "0,1", "0,2", "0,3"]),
    drew(3, 1), rolled(4, 1, 2, "red"), drove(5, 1, ["0,12", "1,12", "2,12"]),
    drew(5, 0), // seat 0's new turn has only drawn: its last move is still the drive above
  ];
  const turns = lastTurns(lines, 2);
  assert.deepEqual(turns[0].paths, [["0,0", "0,1", "0,2", "0,3"]]);
  assert.equal(turns[0].placed, "0,5");
  assert.deepEqual(lastRoll(turns[0]), { value: 3, colour: "green" });
  assert.deepEqual(turns[1].paths, [["0,12", "1,12", "2,12"]]);
  assert.deepEqual(lastRoll(turns[1]), { value: 2, colour: "red" });
  // seat 0 now rolls and drives: the new turn replaces the old one
  const later = lastTurns([...lines, rolled(6, 0, 4, "yellow"), drove(7, 0, ["0,3", "0,4"]),
    { seq: 7, seat: 0, key: "tuk-tuk-taxi.log.no_stopping", params: { seat: seat(0), steps: 5, place: { cell: "0,4" } } },
    drove(8, 0, ["0,4", "1,4", "2,4"])], 2);
  assert.deepEqual(later[0].paths, [["0,3", "0,4"], ["0,4", "1,4", "2,4"]]);
  assert.equal(later[0].placed, null);
  assert.deepEqual(lastRoll(later[0]), { value: 4, colour: "yellow" });
  assert.deepEqual(later[1], turns[1]);
  assert.deepEqual(lastTurns([], 3), [null, null, null]);
});

test("the board's words are keys every catalogue defines, the prompts and buttons too", async () => {
  const { readFileSync } = await import("node:fs");
  const cat = (lang) => JSON.parse(readFileSync(new URL(`../../static/games/tuk-tuk-taxi/i18n/${lang}.json`, import.meta.url), "utf8"));
  for (const lang of ["en", "id", "ms"]) {
    const c = cat(lang);
    for (const key of Object.values(PROMPT)) assert.ok(c[key], `${lang} ${key}`);
    for (const b of buttons(offered([{ type: "roll" }, { type: "roll_again" }, { type: "stay" }, { type: "discard" }]))) {
      assert.ok(c[b.label], `${lang} ${b.label}`);
    }
  }
  assert.notEqual(cat("id")[PROMPT.roll], cat("en")[PROMPT.roll]);
});

test("How to play: a turn, every sign and the end, worded from the catalogue in each language", async () => {
  const { readFileSync } = await import("node:fs");
  const { howToPlay } = await import("../../static/games/tuk-tuk-taxi/help.js");
  const h = (tag, attrs, children) => ({ tag, children: [].concat(children ?? []) });
  const text = (node) => (typeof node === "string" ? node : node.children.map(text).join(" "));
  for (const lang of ["en", "id", "ms"]) {
    const board = JSON.parse(readFileSync(new URL(`../../static/games/tuk-tuk-taxi/i18n/${lang}.json`, import.meta.url), "utf8"));
    const engine = JSON.parse(readFileSync(new URL(`../../engines/tuk_tuk_taxi/i18n/${lang}.json`, import.meta.url), "utf8"));
    const cat = { ...board, ...engine };
    const missing = [];
    const t = (key) => {
      if (!(key in cat)) missing.push(key);
      return cat[key] ?? key;
    };
    const words = text(howToPlay({ h, t }));
    assert.deepEqual(missing, [], lang);
    for (const kind of Object.keys(data.tiles)) assert.ok(words.includes(cat[`tuk-tuk-taxi.term.${kind}`]), `${lang} ${kind}`);
    assert.ok(words.includes(cat["tuk-tuk-taxi.help.end"]), lang);
  }
});
