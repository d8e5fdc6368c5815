// What is drawn over Indonesia's pieces: the targets of the decision at hand (a ring, and an
// invisible hit circle at least 44 CSS px on a touch screen, 28 with a mouse, whatever the
// zoom; role="button", a label in words, Enter/Space), the sale's routes, what a hovered log
// line names (highlight), each player's last move in their colour and letter, and the card a
// long press or a tap on a piece opens.

import { boxOf, countOutside, nextInDirection } from "./fit.js";
import { lastMoves, refPlaces } from "./model.js";
import { morph } from "../../morph.js";
import { keyboardPlay, watchModality } from "../../roving.js";

const coarse = () => Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches);
/** The smallest target in CSS px: a finger on a touch screen, a mouse pointer otherwise. */
export const minTarget = () => (coarse() ? 44 : 28);

/** The marks of one map (from makeMap); words names things; onKey(key) acts on a target. */
export function makeMarks(ctx, map, words, mapWrap, onKey) {
  watchModality();
  const { svg, h } = ctx;
  const t = (key, params) => ctx.t(key, params);
  const colour = (seat) => ctx.playerColor(seat);
  let refs = null;
  let lastFocus = null;
  let framed = [];     // what frame() shows: the targets and a sale's route ends
  let shown = [];      // the decision's targets: {key, x, y, cap} in board units
  let roving = null;   // the key of the target that holds the board's one tab stop
  let lit = new Set(); // the areas' and seas' elements lit as the decision's places

  // one pixel more than the minimum, so rounding never leaves a target a hair short; never
  // past half the way to the next target (data-cap), so no hit circle covers another's centre
  const wanted = () => (minTarget() + 2) / 2 / (map.panState.pixelScale() || 1);
  const hitR = (ring, cap) => Math.max(ring, Math.min(wanted(), cap));
  function resizeHits() {
    for (const c of map.targetLayer.querySelectorAll("[data-hit]")) c.setAttribute("r", hitR(Number(c.dataset.min), Number(c.dataset.cap)));
  }
  let counting = 0;
  map.panState.onChange = () => {
    resizeHits();
    // counted once a frame, not on every pointer move of a drag
    cancelAnimationFrame(counting);
    counting = requestAnimationFrame(countOffscreen);
  };

  // keyboard play: the board is one tab stop (the roving target), arrow keys move between
  // targets by where they lie on the map, Enter or Space chooses
  map.targetLayer.addEventListener("keydown", (ev) => {
    const tgt = ev.target.closest?.("[data-target]");
    if (!tgt) return;
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      onKey(tgt.dataset.target);
      return;
    }
    if (!ev.key.startsWith("Arrow")) return;
    ev.preventDefault();
    const next = nextInDirection(shown, shown.find((p) => p.key === tgt.dataset.target), ev.key);
    if (next) focusTarget(next.key);
  });
  map.targetLayer.addEventListener("focusin", (ev) => {
    const tgt = ev.target.closest?.("[data-target]");
    if (!tgt) return;
    rove(tgt.dataset.target);
    // bring a target the keyboard focused into view; a tap focuses what it touched, which is
    // in view already, and panning then (between the tap's pointerup and its click) would
    // move the ring from under the finger so the click missed it
    if (tgt.dataset.x && keyboardPlay()) map.panState.show(Number(tgt.dataset.x), Number(tgt.dataset.y));
  });

  /** Give the board's tab stop to the target key (the map itself when there is none). */
  function rove(key) {
    const all = [...map.targetLayer.querySelectorAll("[data-target]")];
    const keep = all.find((g) => g.dataset.target === key) || all[0];
    roving = keep ? keep.dataset.target : roving;
    for (const g of all) g.setAttribute("tabindex", g === keep ? "0" : "-1");
    if (keep) map.root.removeAttribute("tabindex");
    else if (map.root.getAttribute("tabindex") !== "0") map.root.setAttribute("tabindex", "0");
  }
  /** Focus the target key (it becomes the board's tab stop). */
  function focusTarget(key) {
    const g = map.targetLayer.querySelector(`[data-target="${key}"]`);
    if (g) g.focus();
  }

  // a click in the gap between targets goes to the nearest one within a finger's reach; on a
  // touch screen, a tap on a target smaller than a finger (others crowd it: the view fits
  // them all) zooms in until that one and its neighbours are finger-sized, and the next tap
  // chooses
  map.near.pick = (cx, cy, hit) => {
    const reach = minTarget() / 2 + 1;
    const scale = map.panState.pixelScale();
    const at = (p) => map.panState.toScreen(p.x, p.y);
    const dist = (p) => Math.hypot(at(p)[0] - cx, at(p)[1] - cy);
    const best = hit ? shown.find((p) => p.key === hit.dataset.target)
      : shown.filter((p) => dist(p) <= reach).sort((a, b) => dist(a) - dist(b))[0];
    if (!best) return null;
    const crowd = shown.filter((p) => Math.hypot(p.x - best.x, p.y - best.y) <= 2 * best.cap + 1);
    const cap = Math.min(...crowd.map((p) => p.cap));
    // (only if that zooms in: at the deepest zoom a tap chooses whatever the size)
    if (coarse() && best.cap * scale < minTarget() / 2 && scale < (reach / cap) * 0.98) {
      // centred on the crowd, zoomed as far as its closest pair needs (not less: every tap
      // gets somewhere); what falls outside is counted off-screen
      const box = boxOf(crowd);
      const mid = { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 };
      map.panState.fit({ x0: mid.x, y0: mid.y, x1: mid.x, y1: mid.y }, safeRect(), 0, reach / cap);
      if (map.panState.pixelScale() > scale * 1.02) {
        resizeHits();
        return "zoomed";
      }
    }
    return map.targetLayer.querySelector(`[data-target="${best.key}"]`);
  };

  /** A target: ring (or the deed's frame), hit circle, a label in words. */
  function target(p) {
    const g = svg("g", { class: "ind-target", "data-target": p.key, role: "button", tabindex: "-1", "aria-label": p.label, "data-x": p.x, "data-y": p.y });
    g.append(svg("circle", { cx: p.x, cy: p.y, r: hitR(p.ring, p.cap), "data-hit": "1", "data-min": p.ring, "data-cap": p.cap, class: "ind-hit" }));
    g.append(p.shape(p.ring));
    g.append(svg("title", null, p.label));
    map.targetLayer.append(g);
  }

  /** The rings of the decision at hand; returns where they sit ({x, y, cap}) to frame them. */
  function drawTargets(doc, sel, targets) {
    map.targetLayer.replaceChildren();
    const list = [];
    const now = new Set();
    for (const [key, what] of targets) {
      if (key.startsWith("deed:")) {
        const d = key.slice(5);
        const piece = map.pieceLayer.querySelector(`[data-deed="${d}"]`);
        if (!piece) continue;
        const x = Number(piece.dataset.x);
        const y = Number(piece.dataset.y);
        list.push({ key, x, y, ring: 12, label: t("indonesia.board.aria.deed", { deed: words.deed(d), id: d }),
          shape: () => svg("rect", { x: x - 12, y: y - 10, width: 24, height: 20, rx: 4, class: `ind-ring${sel.deed === d ? " on" : ""}` }) });
        continue;
      }
      const isArea = key.startsWith("a");
      const id = key.slice(1);
      const [x, y0] = isArea ? map.areaCentre(id) : map.seaCentre(id);
      const y = isArea ? y0 : y0 - 4;
      const place = isArea ? words.area(id) : words.sea(id);
      list.push({ key, x, y, ring: isArea ? 14 : 20, label: t(`indonesia.board.aria.${ariaKind(what)}`, { place }),
        shape: (r) => svg("circle", { cx: x, cy: y, r, class: "ind-ring" }) });
      const el = isArea ? map.areaEls[id] : map.seaEls[id];
      if (el) now.add(el);
    }
    // Only the places whose light changed are written: a write to each of the map's 137
    // places at every move restyled and repainted the whole map (issue 42).
    for (const el of lit) {
      if (now.has(el)) continue;
      el.hl.setAttribute("visibility", "hidden");
      (el.poly || el.path).classList.remove("legal");
    }
    for (const el of now) {
      if (lit.has(el)) continue;
      el.hl.setAttribute("visibility", "visible");
      (el.poly || el.path).classList.add("legal");
    }
    lit = now;
    // half the way to the nearest other target: rings and hit circles stay apart
    for (const p of list) {
      let near = Infinity;
      for (const q of list) if (q !== p) near = Math.min(near, Math.hypot(p.x - q.x, p.y - q.y));
      p.cap = Number.isFinite(near) ? near / 2 : 200;
      p.ring = Math.min(p.ring, Math.max(6, p.cap - 1));
      target(p);
    }
    shown = list.map((p) => ({ key: p.key, x: p.x, y: p.y, cap: p.cap }));
    rove(roving);
    return list.map((p) => ({ x: p.x, y: p.y, cap: p.cap }));
  }

  /** Which words a ring's label uses: what choosing it does. */
  function ariaKind(what) {
    const type = what.send?.type;
    if (type === "place_city") return "city";
    if (type === "acquire") return "acquire";
    if (type === "remove_good") return "remove";
    if (type === "expand") return "expand";
    if (type === "place_ship") return "ship";
    if (type === "grow") return "grow";
    return "choose";
  }

  function drawRoutes(cos, routes, opacity) {
    routes.forEach((r, i) => {
      const pts = [map.areaCentre(r.from), ...r.seas.map((s) => map.seaCentre(s)), map.areaCentre(r.city)];
      const off = (i % 4) * 3 - 4;
      const d = "M" + pts.map(([x, y]) => `${x + off},${y + off}`).join("L");
      const owner = cos[r.ship]?.owner;
      map.routeLayer.append(svg("path", { d, fill: "none", stroke: "#111", "stroke-width": 4.5, opacity: opacity * 0.5, "stroke-linejoin": "round" }));
      map.routeLayer.append(svg("path", { d, fill: "none", stroke: owner === undefined ? "#c92a2a" : colour(owner), "stroke-width": 2.5, opacity, "stroke-linejoin": "round", "marker-end": "url(#ind-arrow)", "data-route": i }));
    });
  }

  /** The outline of a place (area, sea) in a layer, with a data attribute naming it. */
  function outline(layer, place, attrs) {
    if (place.area !== undefined) {
      const el = map.areaEls[String(place.area)];
      if (el) layer.append(svg("polygon", { points: el.points, ...attrs }));
    } else if (place.sea !== undefined) {
      const el = map.seaEls[String(place.sea)];
      if (el) layer.append(svg("path", { d: el.d, ...attrs }));
    } else if (place.deed !== undefined) {
      const piece = map.pieceLayer.querySelector(`[data-deed="${place.deed}"]`);
      if (piece) layer.append(svg("rect", { x: Number(piece.dataset.x) - 14, y: Number(piece.dataset.y) - 12, width: 28, height: 24, rx: 5, ...attrs }));
    }
  }
  const pointOf = (place) => (place.area !== undefined ? map.areaCentre(place.area) : place.sea !== undefined ? map.seaCentre(place.sea) : null);

  /** What a hovered log line names (null: nothing), kept across redraws. */
  function drawRefs(doc) {
    map.refLayer.replaceChildren();
    if (!refs || !doc) return;
    for (const place of refPlaces(refs, doc.view, map.provinceAreas)) {
      const key = place.area !== undefined ? `a${place.area}` : place.sea !== undefined ? `s${place.sea}` : `d${place.deed}`;
      outline(map.refLayer, place, { class: "ind-refhl", "data-hl": key });
    }
  }

  /** Each player's last move, in their colour and letter, until they move again. */
  function drawLastMoves(doc) {
    // Drawn off the page; only what changed is written to it (static/morph.js, issue 42).
    const layer = svg("g", { class: "ind-marks" });
    const lines = typeof ctx.lines === "function" ? ctx.lines() : [];
    for (const { seat, places } of lastMoves(lines, doc)) {
      const letter = words.seatLetter(seat);
      places.forEach((place, i) => {
        outline(layer, place, { class: "ind-lastmove", stroke: colour(seat), "data-last": seat });
        const p = pointOf(place);
        if (!p || i > 2) return;
        const [x, y] = [p[0] + 15, p[1] - 15];
        const tip = t("indonesia.tip.last_move", { player: ctx.playerName(seat) });
        layer.append(svg("g", { class: "ind-lastbadge", "data-last-badge": seat, "data-tip": tip }, [
          svg("circle", { cx: x, cy: y, r: 8, fill: "#fff", stroke: colour(seat), "stroke-width": 2.5 }),
          svg("text", { x, y: y + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#111" }, letter),
          svg("title", null, tip),
        ]));
      });
    }
    morph(map.markLayer, layer);
  }

  /**
   * Where on the screen a target can be seen and tapped: the map's box, less the zoom
   * buttons' strip, the part scrolled out of the window, and whatever the page keeps over it
   * (a sticky header, the fixed confirm bar). The map's whole box if that leaves too little.
   */
  function safeRect() {
    const wrap = mapWrap.getBoundingClientRect();
    const zoom = mapWrap.querySelector(".ind-zoom")?.getBoundingClientRect();
    const whole = { left: wrap.left, top: wrap.top, right: zoom && zoom.width ? Math.min(wrap.right, zoom.left - 2) : wrap.right, bottom: wrap.bottom };
    const safe = { ...whole, top: Math.max(whole.top, 0), bottom: Math.min(whole.bottom, globalThis.innerHeight || whole.bottom) };
    if (!mapWrap.classList.contains("ind-full")) {
      for (const r of coverings()) {
        if (r.right <= safe.left || r.left >= safe.right || r.bottom <= safe.top || r.top >= safe.bottom) continue;
        if ((r.top + r.bottom) / 2 < (safe.top + safe.bottom) / 2) safe.top = Math.max(safe.top, r.bottom);
        else safe.bottom = Math.min(safe.bottom, r.top);
      }
    }
    return safe.bottom - safe.top < (whole.bottom - whole.top) * 0.4 ? whole : safe;
  }
  /** The boxes of the page's fixed and sticky things outside the map (what may cover it). */
  function coverings() {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT, {
      acceptNode: (el) => (el === mapWrap ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let el = walk.nextNode(); el; el = walk.nextNode()) {
      const pos = getComputedStyle(el).position;
      if ((pos !== "fixed" && pos !== "sticky") || el.contains(mapWrap)) continue;
      const r = el.getBoundingClientRect();
      if (r.width && r.height) out.push(r);
    }
    return out;
  }

  /**
   * On the viewer's turn, show every target of the decision (once per decision): the view
   * fits their box, zoomed in no further than finger- (or mouse-) sized hit circles need.
   */
  function frame(pts, focusKey) {
    framed = pts;
    if (pts.length && focusKey !== lastFocus) {
      lastFocus = focusKey;
      fitTargets();
    }
    // At the next frame, with the move's layout: measuring the map now (safeRect) would lay
    // the page out in the middle of drawing the move, and the panels drawn after it again.
    cancelAnimationFrame(counting);
    counting = requestAnimationFrame(countOffscreen);
  }
  function fitTargets() {
    const box = boxOf(framed);
    if (!box) return;
    const pad = 20;  // the largest ring, in board units
    const cap = Math.min(...framed.map((p) => p.cap || 200));
    map.panState.fit({ x0: box.x0 - pad, y0: box.y0 - pad, x1: box.x1 + pad, y1: box.y1 + pad }, safeRect(), 8, (minTarget() + 2) / 2 / cap);
    resizeHits();
    countOffscreen();
  }

  // "N targets off-screen" and a button that frames them again (after the player panned)
  const away = h("div", { class: "ind-offscreen", "data-testid": "ind-offscreen", hidden: true });
  const awayText = h("span", { role: "status" });
  const awayButton = h("button", { type: "button", "data-testid": "ind-show-targets", onclick: () => fitTargets() });
  away.append(awayText, awayButton);
  mapWrap.append(away);
  function countOffscreen() {
    const n = framed.length ? countOutside(framed.map((p) => {
      const [x, y] = map.panState.toScreen(p.x, p.y);
      return { x, y };
    }), safeRect()) : 0;
    // Only what changed is written (a move mostly changes none of it).
    if (away.hidden !== (n === 0)) away.hidden = n === 0;
    const said = n ? String(t("indonesia.board.offscreen", { n })) : "";
    if (awayText.textContent !== said) awayText.textContent = said;
    const label = String(t("indonesia.board.show_targets"));
    if (awayButton.textContent !== label) awayButton.textContent = label;
  }

  // a card for the piece tapped or long-pressed (touch screens have no hover titles)
  const card = h("div", { class: "ind-tipcard", role: "status", "data-testid": "ind-tipcard", hidden: true });
  mapWrap.append(card);
  function showCard(text) {
    card.textContent = text;
    card.hidden = !text;
  }
  card.addEventListener("click", () => showCard(""));
  let press = null;
  map.root.addEventListener("pointerdown", (ev) => {
    const piece = ev.target.closest?.("[data-tip]");
    clearTimeout(press);
    if (!piece) { showCard(""); return; }
    press = setTimeout(() => { if (!map.panState.moved) showCard(piece.dataset.tip); }, 500);
  });
  const cancel = () => clearTimeout(press);
  map.root.addEventListener("pointerup", cancel);
  map.root.addEventListener("pointercancel", cancel);

  return {
    drawTargets, drawRoutes, drawRefs, drawLastMoves, frame, showCard,
    setRefs(next) { refs = next && next.length ? next : null; },
  };
}
