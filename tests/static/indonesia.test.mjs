// Indonesia's board model against documents from real engine play: map targets, deed and
// company selection, what survives an update, the bare pass, and the sale's arithmetic.
import assert from "node:assert/strict";
import { test } from "node:test";

import { allows } from "../../static/templates.js";
import {
  alternatives, clampToRange, companiesOf, keepSelection, mapTargets, mergeRoutes, onlyPass, pendingSale, saleAction, saleSummary,
} from "../../static/games/indonesia/model.js";
import { fixture } from "./fixtures.mjs";

const { docs, data } = fixture("indonesia");

test("the engine's data carries prices, the ship fee and which regions are seas", () => {
  assert.equal(data.prices.oil, 40);
  assert.equal(data.ship_fee, 5);
  assert.equal(data.seas.length, 21);
  for (const [sea, next] of Object.entries(data.sea_seas)) {
    for (const t of next) assert.ok(data.sea_seas[String(t)].includes(Number(sea)), "sea adjacency is symmetric");
  }
});

test("placing a city: every ring is an allowed place_city, from the card in use", () => {
  const doc = docs.place_city;
  const { sel, targets } = mapTargets(doc, {}, data);
  assert.equal(sel.kind, "cities");
  assert.ok(targets.size > 0);
  for (const [key, t] of targets) {
    assert.ok(key.startsWith("a"));
    assert.equal(t.send.card, sel.card);
    assert.ok(allows(doc.legal, t.send));
  }
});

test("acquiring: a deed click selects it, then its area or sea sends the acquisition", () => {
  const doc = docs.acquire;
  const first = mapTargets(doc, {}, data).targets;
  const deeds = [...first].filter(([k]) => k.startsWith("deed:"));
  assert.ok(deeds.length > 0);
  assert.ok([...first.keys()].every((k) => k.startsWith("deed:")), "no map ring before a deed is chosen");
  for (const [key, t] of deeds) {
    const deed = key.slice(5);
    assert.deepEqual(t.select, { kind: "acquire", deed });
    const places = [...mapTargets(doc, t.select, data).targets].filter(([k]) => !k.startsWith("deed:"));
    assert.ok(places.length > 0, deed);
    const prefix = data.deeds[deed].type === data.shipping ? "s" : "a";
    for (const [k, p] of places) {
      assert.ok(k.startsWith(prefix), `${deed} ${k}`);
      assert.ok(allows(doc.legal, p.send));
    }
  }
});

test("ships and expansion rings send allowed actions", () => {
  for (const kind of ["place_ship", "expand", "remove_good"]) {
    const doc = docs[kind];
    const { targets } = mapTargets(doc, {}, data);
    assert.ok(targets.size > 0, kind);
    for (const t of targets.values()) assert.ok(allows(doc.legal, t.send), kind);
  }
});

test("a selection survives an update only while still legal in the same step", () => {
  const doc = docs.acquire;
  const deed = doc.legal.find((t) => t.type === "acquire").deed;
  assert.deepEqual(keepSelection({ kind: "acquire", deed }, doc), { kind: "acquire", deed });
  assert.deepEqual(keepSelection({ kind: "acquire", deed: "zz" }, doc), {});
  assert.deepEqual(keepSelection({ kind: "operate", company: "x", routes: [] }, doc), {});
});

test("the board passes by itself only when a bare pass is all there is", () => {
  const doc = docs.pass;
  const seat = doc.seat;
  const bare = { ...doc, legal: [{ type: "pass" }], to_act: [seat] };
  assert.ok(onlyPass(bare, seat));
  assert.ok(!onlyPass(bare, null), "a spectator never passes");
  assert.ok(!onlyPass({ ...bare, legal: [{ type: "pass" }, { type: "bid", amount: { $range: [0, 5] } }] }, seat));
  assert.ok(!onlyPass({ ...bare, to_act: [] }, seat));
});

test("a sale: the engine's routing is proposed, summed at the good's price and fee", () => {
  const doc = docs.sell;
  const t = doc.legal.find((x) => x.type === "sell");
  const sale = pendingSale(doc, { kind: "operate", company: t.company }, true);
  assert.deepEqual(sale.routes, t.routes);
  assert.ok(allows(doc.legal, saleAction(sale)));
  assert.equal(pendingSale(doc, { kind: "operate", company: t.company }, false), null);
  const cos = companiesOf(doc.view);
  const s = saleSummary(data, cos, t.company, t.routes);
  const sold = t.routes.reduce((n, r) => n + r.count, 0);
  assert.equal(s.sold, sold);
  assert.equal(s.income, sold * data.prices[cos[t.company].type]);
  const fees = Object.values(s.fees).reduce((a, b) => a + b, 0);
  assert.equal(fees, t.routes.reduce((n, r) => n + data.ship_fee * r.seas.length * r.count, 0));
  for (const alt of alternatives(data, doc.view, t.company, t.routes, (a) => `area ${a}`)) {
    assert.equal(alt.routes.reduce((n, r) => n + r.count, 0), sold, "another routing sells as many goods");
  }
});

test("routes along one path merge; numbers clamp to their range and step", () => {
  const r = { from: 1, ship: "s", seas: [120], city: 2, count: 1 };
  assert.deepEqual(mergeRoutes([r, { ...r }]), [{ ...r, count: 2 }]);
  assert.equal(clampToRange(17, 10, 30, 5), 15);
  assert.equal(clampToRange(99, 10, 30, 5), 30);
  assert.equal(clampToRange(Number.NaN, 10, 30, 5), 10);
});
