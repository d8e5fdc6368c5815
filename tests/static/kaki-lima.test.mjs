// Kaki Lima's board model against documents from real engine play: cells and buttons send
// what the templates allow, card selection finds the walk, the token move is two clicks.
import assert from "node:assert/strict";
import { test } from "node:test";

import { allows } from "../../static/templates.js";
import {
  boardTargets, comboFor, controls, IDLE, keepSelection, offered, promptText, proposal, statusText, toggleCard,
} from "../../static/games/kaki-lima/model.js";
import { fixture } from "./fixtures.mjs";

const { docs, data } = fixture("kaki-lima");
const who = (s) => `seat ${s}`;
const cellLabel = (c) => `cell ${c}`;

test("the engine's data names the grid, its piles and the boosters", () => {
  assert.equal(data.rows * data.cols, 50);
  assert.deepEqual(Object.values(data.gaps).sort(), ["discard", "draw", "jom", "pool"]);
  assert.equal(data.booster_names.double, "Double");
  assert.deepEqual(data.ca_stars, [[4, 1], [7, 2], [10, 3]]);
});

test("every board target sends an action the templates allow", () => {
  for (const kind of ["place", "step", "clear"]) {
    const doc = docs[kind];
    const targets = boardTargets(offered(doc.legal), IDLE);
    assert.ok(targets.size > 0, kind);
    for (const t of targets.values()) assert.ok(allows(doc.legal, t.send), `${kind} ${JSON.stringify(t.send)}`);
  }
  assert.match(promptText(offered(docs.place.legal), IDLE, true), /place your pedestrian/);
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
  assert.match(promptText(offer, sel, true), /end your walk/);
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
  const start = controls(doc.view, offer, { selected: [card], moving: null }, who, cellLabel).find((b) => b.testid === "kl-move");
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
    const buttons = controls(doc.view, offered(doc.legal), IDLE, who, cellLabel).filter((b) => b.send && !b.disabled);
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
  const b = controls(doc.view, offer, sel, who, cellLabel).find((x) => x.testid === `kl-offer-${to}`);
  assert.ok(allows(doc.legal, b.send));
  const answer = docs.accept_trade;
  const aoffer = offered(answer.legal);
  const none = controls(answer.view, aoffer, IDLE, who, cellLabel).find((x) => x.testid === "kl-accept-trade");
  assert.equal(none.disabled, true);
  let give = IDLE;
  for (const c of aoffer.acceptTrade[0]) give = toggleCard(give, c);
  const ok = controls(answer.view, aoffer, give, who, cellLabel).find((x) => x.testid === "kl-accept-trade");
  assert.ok(!ok.disabled && allows(answer.legal, ok.send));
  assert.match(statusText(answer.view, who, cellLabel), /answer .*trade offer/);
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
  assert.match(statusText(view, who, cellLabel), /may clear a Blocked Path in line with the walk, or finish/);
});
