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

// ---- naming, last moves, highlights and the help (words.js, model.js, help.js) ----
import { readFileSync } from "node:fs";
import { lastMoves, lineRefs, refPlaces } from "../../static/games/indonesia/model.js";
import { areaLetters, makeWords, seatLetters } from "../../static/games/indonesia/words.js";
import { howToPlay } from "../../static/games/indonesia/index.js";

const layout = JSON.parse(readFileSync(new URL("../../static/games/indonesia/layout.json", import.meta.url), "utf8"));
// the board's words and the engine's terms (goods, tracks, seas), merged as /i18n/<lang>.json is
const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const catalogue = (lang) => ({ ...readJson(`../../engines/indonesia/i18n/${lang}.json`), ...readJson(`../../static/games/indonesia/i18n/${lang}.json`) });
// a ctx.t over the board's own catalogue: {name} filled in, plurals left as they are
const tOf = (cat) => (key, params = {}) => {
  assert.ok(key in cat, `missing key ${key}`);
  return cat[key].replace(/\{(\w+)\}/g, (m, n) => (n in params ? String(params[n]) : m));
};
const players = [{ seat: 0 }, { seat: 1 }, { seat: 2 }];

test("every area shows a letter unique in its province, so 'Aceh B' names one area, as the engine does", () => {
  const nums = areaLetters(layout);
  assert.equal(Object.keys(nums).length, Object.keys(layout.areas).length);
  const seen = new Set();
  for (const [aid, n] of Object.entries(nums)) {
    const name = `${layout.areas[aid].province} ${n}`;
    assert.ok(!seen.has(name), name);
    seen.add(name);
    assert.match(n, /^[A-I]$/);
    if (data.area_letters) assert.equal(n, data.area_letters[aid], "the engine's letter");
  }
});

test("describe names a log line's places as the board shows them, in each language", () => {
  const ctx = { t: tOf(catalogue("en")), data, players, playerName: (s) => ["Ana", "Budi", "Citra"][s] };
  const w = makeWords(ctx, layout);
  const aceh = Object.keys(layout.areas).map(Number).filter((a) => layout.areas[a].province === "Aceh").sort((a, b) => a - b);
  assert.equal(w.describe({ area: aceh[1] }), "Aceh B");
  assert.equal(w.describe({ city: aceh[0], label: "Aceh" }), "Aceh", "one city per province: the province names it");
  assert.equal(w.describe({ sea: 121 }), "Banda Sea");
  assert.equal(w.describe({ deed: "a1" }), `${data.deeds.a1.province} rice`);
  assert.equal(w.describe({ company: "C3" }), "C3");
  assert.equal(w.describe({ seat: 1 }), null, "a seat is the shell's, not a place");
  const id = makeWords({ ...ctx, t: tOf(catalogue("id")) }, layout);
  assert.equal(id.describe({ sea: 127 }), "Selat Malaka");
  assert.equal(id.describe({ deed: "a1" }), `beras ${data.deeds.a1.province}`, "the good first, in the page's language");
  assert.equal(makeWords({ ...ctx, t: tOf(catalogue("ms")) }, layout).good("rubber"), "getah");
  const ms = makeWords({ ...ctx, t: tOf(catalogue("ms")) }, layout);
  assert.equal(ms.describe({ sea: 127 }), "Selat Melaka");
  assert.equal(ms.good("shipping"), "perkapalan");
});

test("seat letters are initials, or seat numbers when two players share one", () => {
  assert.deepEqual(seatLetters(players, (s) => ["ana", "Budi", "Citra"][s]), { 0: "A", 1: "B", 2: "C" });
  assert.deepEqual(seatLetters(players, (s) => ["Ana", "Adi", "Citra"][s]), { 0: "1", 1: "2", 2: "3" });
});

test("each player's last move: the places of their latest move, until they move again", () => {
  const lines = [
    { seq: 1, seat: 0, key: "indonesia.log.city", params: { seat: { seat: 0 }, area: { area: 34 } } },
    { seq: 2, seat: 1, text: "{seat1} founds a city", data: { area: 50 } },
    { seq: 3, seat: 2, key: "indonesia.log.ship", params: { sea: { sea: 120 } } },
    { seq: 3, seat: 2, key: "indonesia.log.grows", params: { area: { area: 60 } } },
    { seq: 4, seat: 1, key: "indonesia.log.bid", params: { seat: { seat: 1 }, amount: 5 } },
    { seq: 5, seat: 0, key: "indonesia.log.sold", params: {}, data: { sale: { routes: [{ from: 34, city: 70, seas: [120], ship: "C2", count: 1 }] } } },
  ];
  const got = Object.fromEntries(lastMoves(lines, {}).map((m) => [m.seat, m.places]));
  assert.deepEqual(got[0], [{ area: 34 }, { area: 70 }], "a sale marks where it came from and the city");
  assert.equal(got[1], undefined, "a bid clears the mark of the seat's earlier city");
  assert.deepEqual(got[2], [{ sea: 120 }], "the first line of a move that names a place");
  assert.deepEqual(lastMoves([], { last: { seat: 1, data: { sea: 124 } } }), [{ seat: 1, places: [{ sea: 124 }] }]);
  const replayed = Object.fromEntries(lastMoves(lines, { version: 3 }).map((m) => [m.seat, m.places]));
  assert.deepEqual(replayed[0], [{ area: 34 }], "a replay of version 3 ignores the later sale");
  assert.deepEqual(replayed[1], [{ area: 50 }], "and the later bid: the older city is still the last move");
  assert.deepEqual(lineRefs(lines[0]), [{ area: 34 }]);
});

test("a highlighted reference finds its places: areas, seas, a company's goods and ships, a province", () => {
  const view = {
    deeds: [{ id: "a5" }],
    companies: [{ id: "C1", deeds: ["a1"], areas: [50, 51], ships: {} }, { id: "C2", deeds: ["a6"], areas: [], ships: { 124: 2 } }],
  };
  assert.deepEqual(refPlaces([{ area: 3 }, { city: 137 }, { sea: 120 }], view), [{ area: 3 }, { area: 137 }, { sea: 120 }]);
  assert.deepEqual(refPlaces([{ company: "C1" }], view), [{ area: 50 }, { area: 51 }]);
  assert.deepEqual(refPlaces([{ deed: "a6" }], view), [{ sea: 124 }], "a taken deed: its company");
  assert.deepEqual(refPlaces([{ deed: "a5" }], view), [{ deed: "a5" }], "a deed on the map");
  assert.deepEqual(refPlaces([{ province: "Bali" }], view, (p) => (p === "Bali" ? [49, 50] : [])), [{ area: 49 }, { area: 50 }]);
});

test("How to play: every word comes from the catalogue, in each language", async () => {
  for (const lang of ["en", "id", "ms"]) {
    const cat = catalogue(lang);
    const used = [];
    const t = (key, params) => { used.push(key); return tOf(cat)(key, params); };
    const h = (tag, attrs, children) => ({ tag, attrs, children: [].concat(children ?? []) });
    const node = await howToPlay({ t, h, data, lang: () => lang });
    const texts = [];
    const walk = (n) => (typeof n === "string" ? texts.push(n) : n && n.children.forEach(walk));
    walk(node);
    assert.ok(used.includes("indonesia.help.mergers") && used.includes("indonesia.help.scoring"), lang);
    assert.ok(used.filter((k) => k.startsWith("indonesia.help.phase.")).length === 7, "the seven phases");
    const known = new Set(used.map((k) => tOf(cat)(k, { fee: 5, rice: 20, spice: 25, rubber: 30, siap: 35, oil: 40 })));
    for (const s of texts) assert.ok(s === " " || known.has(s), `${lang}: "${s}" is not from the catalogue`);
    assert.match(texts.join(" "), /siap faji/, "game terms keep their names");
  }
});

test("How to play in a lobby (no game data yet) leaves the numbers out rather than guessing them", async () => {
  const cat = catalogue("en");
  const h = (tag, attrs, children) => ({ tag, attrs, children: [].concat(children ?? []) });
  const texts = [];
  const walk = (n) => (typeof n === "string" ? texts.push(n) : n && n.children.forEach(walk));
  walk(await howToPlay({ t: tOf(cat), h, data: {}, lang: () => "en" }));
  const all = texts.join(" ");
  assert.ok(!/\{\w+\}/.test(all), "no placeholder left");
  assert.match(all, /pays a fee for each sea/);
  assert.ok(!all.includes("Prices per good sold"));
});
