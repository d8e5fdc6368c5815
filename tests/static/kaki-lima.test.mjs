// Kaki Lima's board model against documents from real engine play: cells and buttons send
// what the templates allow, card selection finds the walk, the token move is two clicks; the
// words come from the real catalogues in all three languages; each player's last walk is
// derived from the log lines; log references name and highlight what the board shows.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { provide, t as translate } from "../../static/i18n.js";
import { howToPlay } from "../../static/games/kaki-lima/index.js";
import { makeWords } from "../../static/games/kaki-lima/words.js";
import {
  boardTargets, cellName, comboFor, controls, coordinate, IDLE, keepSelection, lastMoves, offered, promptText, proposal,
  refCells, statusText, toggleCard,
} from "../../static/games/kaki-lima/model.js";
import { allows } from "../../static/templates.js";
import { fixture } from "./fixtures.mjs";

const catalogue = (lang) => ({
  ...JSON.parse(readFileSync(new URL(`../../static/games/kaki-lima/i18n/${lang}.json`, import.meta.url), "utf8")),
  ...JSON.parse(readFileSync(new URL(`../../engines/kaki_lima/i18n/${lang}.json`, import.meta.url), "utf8")),
});
for (const lang of ["en", "id", "ms"]) provide(lang, catalogue(lang));

const { docs, data } = fixture("kaki-lima");
const who = (s) => `seat ${s}`;
const cellLabel = (c) => `cell ${c}`;
const t = (key, params) => translate(key, params, "en");
const say = { t, who, cell: cellLabel };

test("the engine's data names the grid, its piles and the boosters", () => {
  assert.equal(data.rows * data.cols, 50);
  assert.deepEqual(Object.values(data.gaps).sort(), ["discard", "draw", "jom", "pool"]);
  assert.deepEqual(data.lokasi["Chendul Stall"], ["trade", "draw"], "Lokasi actions travel as codes, worded by the board");
  assert.equal(data.boosters.length, 8);
  assert.deepEqual(data.ca_stars, [[4, 1], [7, 2], [10, 3]]);
});

test("every board target sends an action the templates allow", () => {
  for (const kind of ["place", "step", "clear"]) {
    const doc = docs[kind];
    const targets = boardTargets(offered(doc.legal), IDLE);
    assert.ok(targets.size > 0, kind);
    for (const t of targets.values()) assert.ok(allows(doc.legal, t.send), `${kind} ${JSON.stringify(t.send)}`);
  }
  assert.match(promptText(offered(docs.place.legal), IDLE, true, t), /place your pedestrian/);
});

test("selecting the cards of a walk highlights its ends; a click there walks", () => {
  const doc = docs.walk;
  const offer = offered(doc.legal);
  assert.equal(boardTargets(offer, IDLE).size, 0, "nothing to click before a card is chosen");
  const walk = offer.walks[0];
  let sel = IDLE;
  for (const card of walk.cards) sel = toggleCard(sel, card);
  assert.deepEqual(comboFor(offer, sel), walk);
  const ends = [...boardTargets(offer, sel).values()].filter((t) => t.send?.type === "walk");
  assert.equal(ends.length, walk.ends.length);
  for (const t of ends) assert.ok(allows(doc.legal, t.send));
  assert.match(promptText(offer, sel, true, t), /end your walk/);
  assert.deepEqual(toggleCard(sel, walk.cards[0]).selected, walk.cards.slice(1), "a second click unselects");
});

test("at most two cards stay selected, and cards that left the hand drop out", () => {
  let sel = IDLE;
  for (const id of ["L01", "L02", "L03"]) sel = toggleCard(sel, id);
  assert.deepEqual(sel.selected, ["L02", "L03"]);
  const kept = keepSelection(sel, offered([]), [{ id: "L03" }]);
  assert.deepEqual(kept.selected, ["L03"]);
});

test("moving a clearing token: the button, then the source, then the target", () => {
  const doc = docs.move_token;
  const offer = offered(doc.legal);
  const [card] = [...offer.move.keys()];
  const start = controls(doc.view, offer, { selected: [card], moving: null }, say).find((b) => b.testid === "kl-move");
  assert.deepEqual(start.select.moving, { card, source: null });
  const sources = [...boardTargets(offer, start.select).values()];
  assert.ok(sources.length > 0 && sources.every((t) => t.select));
  const picked = sources[0].select;
  const moves = [...boardTargets(offer, picked).values()].filter((t) => t.send?.type === "move_token");
  assert.ok(moves.length > 0);
  for (const t of moves) assert.ok(allows(doc.legal, t.send), JSON.stringify(t.send));
  assert.equal(keepSelection(picked, offered([]), null).moving, null, "gone once not offered");
});

test("every button that sends, sends an allowed action", () => {
  const kinds = ["no_walk", "invite", "skip_invite", "ask_pickup", "skip_ask", "answer_pickup", "join_walk",
    "decline_walk", "end_trade", "decline_trade", "end_jom", "answer_clearing"];
  for (const kind of kinds) {
    const doc = docs[kind];
    const buttons = controls(doc.view, offered(doc.legal), IDLE, say).filter((b) => b.send && !b.disabled);
    assert.ok(buttons.length > 0, kind);
    for (const b of buttons) assert.ok(allows(doc.legal, b.send), `${kind} ${JSON.stringify(b.send)}`);
  }
});

test("a trade offer needs the selected cards; accepting needs as many back", () => {
  const doc = docs.offer_trade;
  const offer = offered(doc.legal);
  const { cards, to } = offer.offers[0];
  let sel = IDLE;
  for (const c of cards) sel = toggleCard(sel, c);
  const b = controls(doc.view, offer, sel, say).find((x) => x.testid === `kl-offer-${to}`);
  assert.ok(allows(doc.legal, b.send));
  const answer = docs.accept_trade;
  const aoffer = offered(answer.legal);
  const none = controls(answer.view, aoffer, IDLE, say).find((x) => x.testid === "kl-accept-trade");
  assert.equal(none.disabled, true);
  let give = IDLE;
  for (const c of aoffer.acceptTrade[0]) give = toggleCard(give, c);
  const ok = controls(answer.view, aoffer, give, say).find((x) => x.testid === "kl-accept-trade");
  assert.ok(!ok.disabled && allows(answer.legal, ok.send));
  assert.match(statusText(answer.view, say), /answer .*trade offer/);
});

test("a clearing proposal that gives a card waits for that card to be selected", () => {
  const doc = docs.propose_clearing;
  const offer = offered(doc.legal);
  for (const option of offer.propose) {
    const target = option.targets[0];
    if (option.cards === null) {
      assert.ok(allows(doc.legal, proposal(option, target, IDLE)));
    } else {
      assert.equal(proposal(option, target, IDLE), null);
      assert.ok(allows(doc.legal, proposal(option, target, toggleCard(IDLE, option.cards[0]))));
    }
  }
});

test("the ruling-7 clearing stop says the walker may clear or finish", () => {
  const doc = docs.accept_trade;
  const view = { ...doc.view, answer: null, turn: { ...doc.view.turn, stage: "clearing" } };
  assert.match(statusText(view, say), /may clear a Blocked Path in line with the walk, or finish/);
});

test("the seat whose turn it is is told 'Your turn', the others read the walker's name", () => {
  const view = docs.walk.view;
  assert.match(statusText(view, say, view.current), /^Your turn: play a Langkah card/);
  assert.doesNotMatch(statusText(view, say, view.current), /seat/);
  const other = (view.current + 1) % view.players;
  assert.match(statusText(view, say, other), new RegExp(`^seat ${view.current}'s turn`));
  assert.match(statusText(view, say, null), new RegExp(`^seat ${view.current}'s turn`), "a spectator too");
  const trade = docs.accept_trade.view; // seat 0 answers seat 1's offer
  assert.match(statusText(trade, say, trade.answer.to), /^seat 1 offers you a trade \(1 card\): your answer/);
});

test("a player whose name is their pedestrian's is named once, never 'Lay Ting (Lay Ting)'", () => {
  const ctx = { t, data, playerName: (s) => ["Lay Ting", "Budi", "Aunty Toh"][s] };
  const words = makeWords(ctx, () => docs.walk);
  assert.equal(words.who(0), "Lay Ting");
  assert.equal(words.who(1), "Budi (Aunty Toh)");
});

test("cells are named as the margins label them; log references are described and located", () => {
  assert.equal(coordinate(0), "A1");
  assert.equal(coordinate(49), "E10");
  assert.equal(coordinate(23), "C4");
  const view = docs.walk.view;
  const lokasi = view.cells.findIndex((c) => data.lokasi[c]);
  const green = view.cells.indexOf("G");
  assert.equal(cellName(view.cells, data.lokasi, lokasi), view.cells[lokasi]);
  assert.equal(cellName(view.cells, data.lokasi, green), coordinate(green));
  const words = makeWords({ t, data, playerName: (s) => `P${s}` }, () => docs.walk);
  assert.equal(words.describe({ cell: green, label: "ignored" }), coordinate(green));
  assert.equal(words.describe({ langkah: 3, booster: "diagonal" }), "a 3-step Diagonal card");
  assert.equal(words.describe({ langkah: 1 }), "a 1-step card");
  assert.match(words.cellAria(green), new RegExp(`^Green card ${coordinate(green)}$`));
  assert.deepEqual([...refCells([{ cell: 7 }, { lokasi: view.cells[lokasi] }, { seat: 1 }, { langkah: 2 }], view.cells)], [7, lokasi]);
});

test("the same words in Bahasa Indonesia and Bahasa Melayu, with the game terms kept", () => {
  const view = docs.walk.view;
  for (const [lang, re] of [["id", /^Giliran Anda: mainkan kartu Langkah/], ["ms", /^Giliran anda: mainkan kad Langkah/]]) {
    const tl = (key, params) => translate(key, params, lang);
    assert.match(statusText(view, { t: tl, who, cell: cellLabel }, view.current), re);
  }
});

test("each player's last walk stays drawn until that player moves again", () => {
  const walked = (seq, seat, path) => ({ seq, seat, key: "kaki-lima.log.walks_to", params: {}, data: { seat, path } });
  const lines = [
    { seq: 1, seat: 0, key: "kaki-lima.log.starts", params: { cell: { cell: 9 } } },
    walked(3, 0, [9, 19, 29]),
    walked(5, 1, [40, 41]),
    // seat 1's companion answer ends seat 2's walk: the trail is seat 2's (data.seat)
    walked(8, 2, [0, 1, 2]),
  ];
  const moves = lastMoves(lines);
  assert.deepEqual([...moves.keys()].sort(), [0, 1, 2]);
  assert.deepEqual(moves.get(0).path, [9, 19, 29], "seat 0's walk is still shown after others moved");
  assert.equal(moves.get(2).cell, 2);
  const again = lastMoves([...lines, { seq: 9, seat: 0, key: "kaki-lima.log.no_walk", params: {} }]);
  assert.equal(again.has(0), false, "gone once that player moves again");
  assert.equal(again.has(1), true);
  const fallback = lastMoves([], { seat: 1, path: [3, 4] });
  assert.deepEqual(fallback.get(1).path, [3, 4], "without log lines the view's last walk is drawn");
});

test("every target a board offers has a label in words", () => {
  for (const kind of ["place", "step", "clear"]) {
    for (const target of boardTargets(offered(docs[kind].legal), IDLE).values()) {
      const label = t(target.key, { cell: "C4" });
      assert.ok(!label.startsWith("kaki-lima."), `${kind}: ${label}`);
      assert.match(label, /C4/);
    }
  }
});

test("How to play covers a turn and the scoring, in the viewer's language", async () => {
  const texts = [];
  const h = (tag, attrs, children) => {
    const kids = (Array.isArray(children) ? children : [children]).flat().filter((c) => c !== null && c !== undefined);
    for (const c of kids) if (typeof c === "string") texts.push(c);
    return { tag, kids };
  };
  await howToPlay({ h, t, data });
  const all = texts.join(" ");
  for (const word of ["Langkah", "Pi Mana?", "Jom!", "Lokasi", "CA stars", "Swap with Discard", "Ties"]) assert.ok(all.includes(word), word);
  assert.ok(!/kaki-lima\.(help|board)\./.test(all), "no key shows as text");
});
