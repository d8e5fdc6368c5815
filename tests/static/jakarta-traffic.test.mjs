// Jakarta Traffic's board model against documents from real engine play: targets, clicks,
// the honk selection (pick, rotate or swap, turn, confirm, cancel) and the status bar.
import assert from "node:assert/strict";
import { test } from "node:test";

import { allows } from "../../static/templates.js";
import {
  bar, clickable, clickCell, honkAction, IDLE, keepSelection, lastTurns, offered, orderboardSlots, previewTile, PROMPT, refCell,
} from "../../static/games/jakarta-traffic/model.js";
import { makeGeometry } from "../../static/games/jakarta-traffic/geometry.js";
import { readFileSync } from "node:fs";
import { fixture } from "./fixtures.mjs";

const { docs, data } = fixture("jakarta-traffic");
const SIZE = data.size;

test("every drive, start, pick and place target sends an allowed action for its cell", () => {
  for (const kind of ["drive", "start", "pick_spot", "place_stack"]) {
    const doc = docs[kind];
    const offer = offered(doc.legal, SIZE);
    const cells = [...clickable(offer, IDLE)].filter(([, look]) => look === "act").map(([c]) => c);
    assert.ok(cells.length > 0, kind);
    for (const c of cells) {
      const { send } = clickCell(offer, IDLE, c, SIZE);
      assert.ok(allows(doc.legal, send), `${kind} ${JSON.stringify(send)}`);
    }
  }
});

test("honk: pick a tile, try each rotation, confirm sends it; cancel goes back", () => {
  const doc = docs.rotate;
  const offer = offered(doc.legal, SIZE);
  const honking = bar(doc.view, offer, IDLE, SIZE).buttons.find((b) => b.key === "honk").select;
  assert.deepEqual(honking, { mode: "honk", picked: null });
  const c = [...offer.rotate.keys()][0];
  assert.equal(clickable(offer, honking).get(c), "honk");
  const picked = clickCell(offer, honking, c, SIZE).select;
  assert.equal(picked.picked.kind, "rotate");
  const { buttons, prompt } = bar(doc.view, offer, picked, SIZE);
  assert.equal(prompt.key, "jakarta-traffic.board.prompt.honk_preview");
  const rotations = buttons.filter((b) => b.key.startsWith("rotate-"));
  assert.ok(rotations.length >= 1);
  for (const b of rotations) {
    const confirm = bar(doc.view, offer, b.select, SIZE).buttons.find((x) => x.key === "confirm-honk");
    assert.deepEqual(confirm.send, honkAction(b.select, SIZE));
    assert.ok(allows(doc.legal, confirm.send), JSON.stringify(confirm.send));
    const before = doc.view.tiles[c];
    assert.equal(previewTile(b.select, doc.view.tiles, null).rot, (before.rot + b.select.picked.turns) % 4);
  }
  assert.deepEqual(buttons.find((b) => b.key === "cancel-honk").select, IDLE);
});

test("honk by swapping: each turn of my tile is a swap the templates allow", () => {
  const doc = docs.swap;
  const offer = offered(doc.legal, SIZE);
  const c = [...offer.swap.keys()].find((k) => !offer.rotate.has(k)) ?? [...offer.swap.keys()][0];
  let sel = bar(doc.view, offer, { mode: "honk", picked: { cell: c, kind: "swap", rotation: 0 } }, SIZE)
    .buttons.find((b) => b.key === "swap").select;
  for (let turn = 0; turn < 4; turn += 1) {
    assert.equal(sel.picked.rotation, turn);
    assert.ok(allows(doc.legal, honkAction(sel, SIZE)), JSON.stringify(honkAction(sel, SIZE)));
    sel = bar(doc.view, offer, sel, SIZE).buttons.find((b) => b.key === "swap-turn").select;
  }
  assert.equal(sel.picked.rotation, 0, "four turns come round");
});

test("the selection is dropped when it is not the mover's honk phase", () => {
  const sel = { mode: "honk", picked: { cell: 3, kind: "swap", rotation: 1 } };
  assert.equal(keepSelection(sel, true, "honk"), sel);
  assert.equal(keepSelection(sel, false, "honk"), IDLE);
  assert.equal(keepSelection(sel, true, "drive"), IDLE);
});

test("arrival, arrange and detour buttons send what the templates allow", () => {
  for (const kind of ["accept", "deliver", "arrange", "detour"]) {
    const doc = docs[kind];
    const { buttons } = bar(doc.view, offered(doc.legal, SIZE), IDLE, SIZE);
    const sends = buttons.filter((b) => b.send).map((b) => b.send);
    assert.ok(sends.length > 0, kind);
    for (const a of sends) assert.ok(allows(doc.legal, a), `${kind} ${JSON.stringify(a)}`);
  }
  assert.equal(bar(docs["phase:drive"].view, offered(docs["phase:drive"].legal, SIZE), IDLE, SIZE).prompt.key,
    offered(docs["phase:drive"].legal, SIZE).drives.size ? PROMPT.drive.key : "jakarta-traffic.board.prompt.no_road");
});

test("the order board groups its rows by the engine's address slots", () => {
  const slots = orderboardSlots(docs.drive.view.board.slots, data.row_slot);
  assert.deepEqual(slots.map((s) => s.rows), [[0], [1], [2, 3, 4]]);
});

test("a route's line starts on the moped's tile and passes every hop", () => {
  const doc = docs.drive;
  const geo = makeGeometry(data);
  const [, route] = Object.entries(doc.view.routes)[0];
  const pts = geo.routePoints(doc.view.tiles, route);
  assert.ok(pts.length >= route.length);
  const [x, y] = geo.cellXY(route[0][0]);
  assert.ok(pts[0][0] >= x * 100 && pts[0][0] <= (x + 1) * 100 && pts[0][1] >= y * 100 && pts[0][1] <= (y + 1) * 100);
});

const EN = {
  ...JSON.parse(readFileSync(new URL("../../static/games/jakarta-traffic/i18n/en.json", import.meta.url), "utf8")),
  ...JSON.parse(readFileSync(new URL("../../engines/jakarta_traffic/i18n/en.json", import.meta.url), "utf8")),
};

test("every prompt and button the model words is a key of the catalogues, terms included", () => {
  for (const doc of Object.values(docs)) {
    if (!doc.view || doc.outcome) continue;
    const offer = offered(doc.legal, SIZE);
    const { prompt, buttons } = bar(doc.view, offer, IDLE, SIZE);
    for (const msg of [prompt, ...buttons.map((b) => b.label)].filter(Boolean)) {
      assert.ok(EN[msg.key], msg.key);
      for (const v of Object.values(msg.params)) if (v && v.term) assert.ok(EN[v.term], v.term);
    }
  }
});

test("a log line's {cell: 'x,y'} is the board's column x, row y", () => {
  assert.equal(refCell({ cell: "1,1" }, 5), 0);
  assert.equal(refCell({ cell: "3,2" }, 5), 7);
  assert.equal(refCell({ cell: "5,5" }, 5), 24);
  assert.equal(refCell({ cell: "6,1" }, 5), null);
  assert.equal(refCell({ area: 3 }, 5), null);
});

const line = (seq, seat, key, params = {}) => ({ seq, seat, key: `jakarta-traffic.log.${key}`, params: { seat: { seat }, ...params } });

test("each player's last turn stays until that player moves again", () => {
  const lines = [
    line(1, 1, "started", { cell: { cell: "5,5" } }),
    line(2, 0, "started", { cell: { cell: "1,1" } }),
    line(3, 0, "rotated", { cell: { cell: "2,2" }, turns: 1 }),
    line(4, 0, "drove", { cell: { cell: "3,1" } }),
    line(4, 0, "accepted", { cell: { cell: "3,1" } }),
    line(5, 0, "moved_stack", { cell: { cell: "4,4" } }),
    line(6, 1, "detour", { rolls: "2+3", cell: { cell: "2,3" } }),
  ];
  let turns = lastTurns(lines, 5);
  assert.deepEqual(turns.get(0), { seat: 0, from: 0, to: 2, honk: { cell: 6, kind: "rotate" }, stack: 18, rolls: null });
  assert.deepEqual(turns.get(1), { seat: 1, from: 24, to: 11, honk: null, stack: null, rolls: "2+3" });
  // Seat 0 moves again: its old honk and trail give way to the new turn; seat 1's stays.
  turns = lastTurns([...lines, line(7, 0, "swapped", { cell: { cell: "5,1" } }), line(8, 0, "drove", { cell: { cell: "1,5" } })], 5);
  assert.deepEqual(turns.get(0), { seat: 0, from: 2, to: 20, honk: { cell: 4, kind: "swap" }, stack: null, rolls: null });
  assert.equal(turns.get(1).to, 11);
  // Lines of other games and old lines without keys are ignored.
  assert.equal(lastTurns([{ seq: 1, seat: 0, text: "{seat0} drove" }, { seq: 2, seat: 1, key: "kaki-lima.log.x", params: {} }], 5).size, 0);
});

// A stand-in for ctx.h/ctx.t: elements as plain objects, words as "key|params" so the test
// sees which message each string comes from.
const fakeCtx = () => {
  const el = (tag, attrs, children) => ({ tag, attrs: attrs || {}, children: [children].flat(Infinity).filter((c) => c !== null && c !== undefined) });
  return { h: el, svg: el, t: (key, params) => `${key}|${JSON.stringify(params || {})}`, data };
};
const texts = (node) => (typeof node === "string" ? [node] : node.children.flatMap(texts));

test("How to play is worded from help keys that every catalogue has", async () => {
  const { howToPlay } = await import("../../static/games/jakarta-traffic/help.js");
  const words = texts(howToPlay(fakeCtx()));
  assert.ok(words.length >= 20);
  for (const lang of ["en", "id", "ms"]) {
    const cat = JSON.parse(readFileSync(new URL(`../../static/games/jakarta-traffic/i18n/${lang}.json`, import.meta.url), "utf8"));
    for (const w of words) assert.ok(cat[w.split("|")[0]], `${lang} lacks ${w}`);
  }
});

test("a cell is named by its column and row as the board's edges number them", async () => {
  const { cellName, describe, tileTip } = await import("../../static/games/jakarta-traffic/words.js");
  assert.equal(cellName(fakeCtx(), 7), 'jakarta-traffic.board.cell|{"x":3,"y":2}');
  // the log's {"cell": "x,y"} references are worded the same way (the renderer's describe)
  assert.equal(describe(fakeCtx(), { cell: "3,2" }), cellName(fakeCtx(), 7));
  assert.equal(describe(fakeCtx(), { seat: 1 }), null);
  const tip = tileTip(fakeCtx(), { kind: "building", address: "Spa" }, 24);
  assert.match(tip, /^jakarta-traffic\.board\.tip\.tile\|/);
  assert.match(tip, /"x\\":5,\\"y\\":5/);
  assert.match(tip, /term\.address\.spa/);
});
