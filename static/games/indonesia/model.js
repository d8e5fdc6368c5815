// Indonesia's board model: what a click on the map means for the decision at hand, which
// selection (deed, city card, company, merger pair, re-routed sale) survives an update, when
// a seat passes by itself, and the sale being chosen (income, ship fees, other maximal
// routings). Prices, fees, deeds and the map's adjacency come from the engine's data
// (ctx.data). Pure: no DOM, so tests/static/indonesia.test.mjs runs it in Node.

import { choices, ofType } from "../../templates.js";

/** The companies of a view by id. */
export const companiesOf = (view) => Object.fromEntries((view.companies || []).map((c) => [c.id, c]));

/** True when this seat may act now. */
export const isMyTurn = (doc, seat) => seat !== null && (doc.to_act || []).includes(seat) && (doc.legal || []).length > 0;

/** Each value a template's open field allows, with the action it makes. */
export function targetsOf(template, field) {
  const out = new Map();
  for (const v of choices(template[field])) out.set(v, { ...template, [field]: v });
  return out;
}

/**
 * After an update to a new version: keep a selection only while it is still one of this
 * viewer's legal choices (a re-routed sale is dropped: its board has changed).
 */
export function keepSelection(sel, doc) {
  const legal = doc.legal || [];
  const still = (type, field, value) => legal.some((t) => t.type === type && t[field] === value);
  const keep = {};
  if (sel.kind === doc.view?.step?.kind) {
    if (sel.deed && still("acquire", "deed", sel.deed)) keep.deed = sel.deed;
    if (sel.card && still("place_city", "card", sel.card)) keep.card = sel.card;
    if (sel.company && still("sell", "company", sel.company)) keep.company = sel.company;
    if (sel.pair && legal.some((t) => t.type === "announce" && `${t.a}+${t.b}` === sel.pair)) keep.pair = sel.pair;
    if (Object.keys(keep).length) keep.kind = sel.kind;
  }
  return keep;
}

/** True when a bare pass is this seat's only choice: the board passes by itself. */
export function onlyPass(doc, seat) {
  const legal = doc.legal || [];
  if (seat === null || doc.outcome || !(doc.to_act || []).includes(seat)) return false;
  return legal.length === 1 && legal[0].type === "pass" && Object.keys(legal[0]).length === 1;
}

/**
 * The map's targets for the decision at hand: {sel, targets}, targets mapping a key ("a12"
 * an area, "s120" a sea, "deed:a5" a deed) to {send: action} or {select: next selection};
 * sel is the selection with the city card in use filled in.
 */
export function mapTargets(doc, sel, data) {
  const targets = new Map();
  const legal = doc.legal || [];
  const step = doc.view.step || {};
  const add = (template, field, prefix) => {
    for (const [id, action] of targetsOf(template, field)) targets.set(`${prefix}${id}`, { send: action });
  };
  let next = sel;
  if (step.kind === "cities") {
    const ts = ofType(legal, "place_city");
    const t = ts.find((x) => x.card === sel.card) || ts[0];
    if (t) {
      next = { ...sel, card: t.card, kind: step.kind };
      add(t, "area", "a");
    }
  } else if (step.kind === "acquire") {
    const ts = ofType(legal, "acquire");
    for (const t of ts) targets.set(`deed:${t.deed}`, { select: { kind: step.kind, deed: t.deed } });
    const t = ts.find((x) => x.deed === sel.deed);
    if (t) add(t, "area", data.deeds[t.deed]?.type === data.shipping ? "s" : "a");
  } else if (step.kind === "remove") {
    for (const t of ofType(legal, "remove_good")) add(t, "area", "a");
  } else if (step.kind === "expand") {
    for (const t of ofType(legal, "expand")) add(t, "area", "a");
  } else if (step.kind === "ships") {
    for (const t of ofType(legal, "place_ship")) add(t, "sea", "s");
  } else if (step.kind === "grow") {
    for (const t of ofType(legal, "grow")) add(t, "city", "a");
  }
  return { sel: next, targets };
}

/** The sale being chosen: {template, routes} (the engine's proposal, or the player's edit). */
export function pendingSale(doc, sel, myTurn) {
  if (!myTurn || doc.view.step?.kind !== "operate" || !sel.company) return null;
  const t = (doc.legal || []).find((x) => x.type === "sell" && x.company === sel.company);
  if (!t) return null;
  return { template: t, routes: sel.routes || t.routes };
}

/** The action "Confirm sale" sends. */
export const saleAction = (sale) => ({ type: "sell", company: sale.template.company, routes: sale.routes });

/** What a routing earns: goods sold, income at the good's price, ship fees by owner. */
export function saleSummary(data, cos, companyId, routes) {
  const co = cos[companyId];
  const sold = routes.reduce((n, r) => n + r.count, 0);
  const income = sold * (data.prices[co?.type] || 0);
  const fees = {};
  for (const r of routes) {
    const owner = cos[r.ship]?.owner;
    fees[owner] = (fees[owner] || 0) + data.ship_fee * r.seas.length * r.count;
  }
  return { co, sold, income, fees, goods: (co?.areas || []).length };
}

/** One route per distinct path, with the goods sent along it counted together. */
export function mergeRoutes(routes) {
  const byPath = new Map();
  for (const r of routes) {
    const key = `${r.from}|${r.ship}|${r.seas.join(",")}|${r.city}`;
    const seen = byPath.get(key);
    if (seen) seen.count += r.count;
    else byPath.set(key, { ...r, seas: [...r.seas] });
  }
  return [...byPath.values()];
}

function depth(prev, s) {
  let n = 0;
  for (let x = s; prev.get(x) !== null; x = prev.get(x)) n += 1;
  return n;
}

/**
 * Other maximal routings: move one good to another city or shipping line with room.
 * [{move, routes}], at most 12; move says what changes ({one, city, ship, seas, fromCity,
 * fromShip}: "one good" when the route carried several) for the board to word.
 */
export function alternatives(data, view, companyId, routes) {
  const cos = companiesOf(view);
  const co = cos[companyId];
  if (!co) return [];
  const seasOf = (a) => data.land_seas[String(a)] || [];
  const seaNeighbours = (s) => data.sea_seas[String(s)] || [];
  const hull = (seat) => view.players[seat]?.research?.hull || 1;
  // capacity used per (shipping company, sea) and per city for this company's good type
  const used = {};
  const cityUsed = {};
  for (const r of routes) {
    for (const s of r.seas) used[`${r.ship}:${s}`] = (used[`${r.ship}:${s}`] || 0) + r.count;
    cityUsed[r.city] = (cityUsed[r.city] || 0) + r.count;
  }
  const zoneOf = (a) => (co.zones || []).find((z) => z.includes(a)) || [a];
  const cityRoom = (c) => c.size - (c.delivered?.[co.type] || 0) - (cityUsed[c.area] || 0);
  const out = [];
  routes.forEach((r, i) => {
    const zone = zoneOf(r.from);
    // free this route's good, then search a different path for it
    const freeUsed = { ...used };
    for (const s of r.seas) freeUsed[`${r.ship}:${s}`] -= 1;
    for (const ship of Object.values(cos)) {
      if (ship.type !== data.shipping) continue;
      const cap = (s) => (ship.ships?.[String(s)] || 0) * hull(ship.owner) - (freeUsed[`${ship.id}:${s}`] || 0);
      const startSeas = new Set(zone.flatMap(seasOf).filter((s) => cap(s) > 0));
      // breadth-first over this company's seas with room
      const prev = new Map();
      const queue = [...startSeas];
      for (const s of queue) prev.set(s, null);
      while (queue.length) {
        const s = queue.shift();
        for (const t of seaNeighbours(s)) {
          if (!prev.has(t) && cap(t) > 0) { prev.set(t, s); queue.push(t); }
        }
      }
      for (const c of view.cities || []) {
        const room = cityRoom(c) + (c.area === r.city ? 1 : 0);
        if (room <= 0) continue;
        const ends = [...prev.keys()].filter((s) => seasOf(c.area).includes(s));
        if (!ends.length) continue;
        const path = [];
        for (let s = ends.sort((a, b) => depth(prev, a) - depth(prev, b))[0]; s !== null; s = prev.get(s)) path.unshift(s);
        if (ship.id === r.ship && c.area === r.city && path.join() === r.seas.join()) continue;
        const moved = { from: r.from, ship: ship.id, seas: path, city: c.area, count: 1 };
        const rest = routes.map((q, j) => (j === i ? { ...q, count: q.count - 1 } : q)).filter((q) => q.count > 0);
        out.push({
          move: { one: r.count > 1, city: c.area, ship: ship.id, seas: path.length, fromCity: r.city, fromShip: r.ship },
          routes: mergeRoutes([...rest, moved]),
        });
      }
    }
  });
  return out.slice(0, 12);
}

/** The board references a log line names, in its parameters (lists too). */
export function lineRefs(line) {
  const out = [];
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === "object" && !("seat" in v) && !("term" in v)) out.push(v);
  };
  for (const v of Object.values(line?.params || {})) walk(v);
  return out;
}

/** The places of a line: its board references, else what its data names (older lines). */
function linePlaces(line) {
  const refs = lineRefs(line).filter((r) => "area" in r || "city" in r || "sea" in r);
  const places = refs.map((r) => ("sea" in r ? { sea: Number(r.sea) } : { area: Number(r.area ?? r.city) }));
  const d = line?.data || {};
  if (!places.length) {
    if (typeof d.area === "number") places.push(d.area >= 115 && d.area <= 135 ? { sea: d.area } : { area: d.area });
    if (typeof d.sea === "number") places.push({ sea: d.sea });
    if (typeof d.city === "number") places.push({ area: d.city });
  }
  for (const r of d.sale?.routes || []) {
    if (!places.some((p) => p.area === r.from)) places.push({ area: r.from });
    if (!places.some((p) => p.area === r.city)) places.push({ area: r.city });
  }
  return places;
}

/**
 * Each player's last move on the map: [{seat, places}] from the log lines (oldest first):
 * the places named by the first line of that seat's latest move that names any. A move
 * that names none (a bid, a pass) clears the seat's mark. Without lines, doc.last is used.
 * Lines after the document's version are ignored (a replay shows an older board).
 */
export function lastMoves(lines, doc) {
  const latest = new Map(); // seat -> {seq, places}
  const upTo = typeof doc?.version === "number" ? doc.version : Infinity;
  for (const line of lines || []) {
    if (typeof line.seat !== "number" || (typeof line.seq === "number" && line.seq > upTo)) continue;
    const seen = latest.get(line.seat);
    if (!seen || line.seq !== seen.seq) latest.set(line.seat, { seq: line.seq, places: linePlaces(line) });
    else if (!seen.places.length) seen.places = linePlaces(line);
  }
  const last = doc?.last;
  if (!latest.size && last && typeof last.seat === "number") {
    latest.set(last.seat, { seq: null, places: linePlaces({ data: last.data }) });
  }
  return [...latest].filter(([, v]) => v.places.length).map(([seat, v]) => ({ seat, places: v.places }));
}

/**
 * The places on the map a list of board references names: areas and cities, seas, deeds
 * still on the map, a company's goods and ships (a taken deed: its company's), a province's
 * areas (provinceAreas(name) -> ids).
 */
export function refPlaces(refs, view, provinceAreas = () => []) {
  const out = [];
  const cos = Object.values(view?.companies || []);
  const company = (c) => {
    if (!c) return;
    for (const a of c.areas || []) out.push({ area: a });
    for (const s of Object.keys(c.ships || {})) out.push({ sea: Number(s) });
  };
  for (const r of refs || []) {
    if (!r || typeof r !== "object") continue;
    if ("area" in r) out.push({ area: Number(r.area) });
    else if ("city" in r && /^\d+$/.test(String(r.city))) out.push({ area: Number(r.city) });
    else if ("sea" in r) out.push({ sea: Number(r.sea) });
    else if ("deed" in r) {
      if ((view?.deeds || []).some((d) => d.id === r.deed)) out.push({ deed: r.deed });
      else company(cos.find((c) => (c.deeds || []).includes(r.deed)));
    } else if ("company" in r) company(cos.find((c) => c.id === r.company));
    else if ("province" in r) for (const a of provinceAreas(r.province)) out.push({ area: a });
  }
  return out;
}

/** Clamp a number to a $range [lo, hi] in steps (what the bid and raise inputs send). */
export function clampToRange(n, lo, hi, step) {
  const x = Math.max(lo, Math.min(hi, Number.isFinite(n) ? n : lo));
  return lo + Math.floor((x - lo) / step) * step;
}
