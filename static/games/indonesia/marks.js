// What is drawn over Indonesia's pieces: the targets of the decision at hand (a ring, and an
// invisible hit circle at least 44 CSS px on a touch screen, 28 with a mouse, whatever the
// zoom; role="button", a label in words, Enter/Space), the sale's routes, what a hovered log
// line names (highlight), each player's last move in their colour and letter, and the card a
// long press or a tap on a piece opens.

import { lastMoves, refPlaces } from "./model.js";

const coarse = () => Boolean(globalThis.matchMedia?.("(pointer: coarse)").matches);
/** The smallest target in CSS px: a finger on a touch screen, a mouse pointer otherwise. */
export const minTarget = () => (coarse() ? 44 : 28);

/** The marks of one map (from makeMap); words names things; onKey(key) acts on a target. */
export function makeMarks(ctx, map, words, mapWrap, onKey) {
  const { svg, h } = ctx;
  const t = (key, params) => ctx.t(key, params);
  const colour = (seat) => ctx.playerColor(seat);
  let refs = null;
  let lastFocus = null;

  // one pixel more than the minimum, so rounding never leaves a target a hair short; never
  // past half the way to the next target (data-cap), so no hit circle covers another's centre
  const wanted = () => (minTarget() + 2) / 2 / (map.panState.pixelScale() || 1);
  const hitR = (ring, cap) => Math.max(ring, Math.min(wanted(), cap));
  function resizeHits() {
    for (const c of map.targetLayer.querySelectorAll("[data-hit]")) c.setAttribute("r", hitR(Number(c.dataset.min), Number(c.dataset.cap)));
  }
  map.panState.onChange = resizeHits;

  map.targetLayer.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const tgt = ev.target.closest?.("[data-target]");
    if (!tgt) return;
    ev.preventDefault();
    onKey(tgt.dataset.target);
  });
  map.targetLayer.addEventListener("focusin", (ev) => {
    // keyboard play: bring the focused target into view
    const tgt = ev.target.closest?.("[data-target]");
    if (tgt && tgt.dataset.x) map.panState.show(Number(tgt.dataset.x), Number(tgt.dataset.y));
  });

  /** A target: ring (or the deed's frame), hit circle, a label in words. */
  function target(p) {
    const g = svg("g", { class: "ind-target", "data-target": p.key, role: "button", tabindex: "0", "aria-label": p.label, "data-x": p.x, "data-y": p.y });
    g.append(svg("circle", { cx: p.x, cy: p.y, r: hitR(p.ring, p.cap), "data-hit": "1", "data-min": p.ring, "data-cap": p.cap, class: "ind-hit" }));
    g.append(p.shape(p.ring));
    g.append(svg("title", null, p.label));
    map.targetLayer.append(g);
  }

  /** The rings of the decision at hand; returns where they sit ({x, y, cap}) to frame them. */
  function drawTargets(doc, sel, targets) {
    map.targetLayer.replaceChildren();
    for (const el of Object.values(map.areaEls)) { el.hl.setAttribute("visibility", "hidden"); el.poly.classList.remove("legal"); }
    for (const el of Object.values(map.seaEls)) { el.hl.setAttribute("visibility", "hidden"); el.path.classList.remove("legal"); }
    const list = [];
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
      if (el) { el.hl.setAttribute("visibility", "visible"); (el.poly || el.path).classList.add("legal"); }
    }
    // half the way to the nearest other target: rings and hit circles stay apart
    for (const p of list) {
      let near = Infinity;
      for (const q of list) if (q !== p) near = Math.min(near, Math.hypot(p.x - q.x, p.y - q.y));
      p.cap = Number.isFinite(near) ? near / 2 : 200;
      p.ring = Math.min(p.ring, Math.max(6, p.cap - 1));
      target(p);
    }
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
    map.markLayer.replaceChildren();
    const lines = typeof ctx.lines === "function" ? ctx.lines() : [];
    for (const { seat, places } of lastMoves(lines, doc)) {
      const letter = words.seatLetter(seat);
      places.forEach((place, i) => {
        outline(map.markLayer, place, { class: "ind-lastmove", stroke: colour(seat), "data-last": seat });
        const p = pointOf(place);
        if (!p || i > 2) return;
        const [x, y] = [p[0] + 15, p[1] - 15];
        const tip = t("indonesia.tip.last_move", { player: ctx.playerName(seat) });
        map.markLayer.append(svg("g", { class: "ind-lastbadge", "data-last-badge": seat, "data-tip": tip }, [
          svg("circle", { cx: x, cy: y, r: 8, fill: "#fff", stroke: colour(seat), "stroke-width": 2.5 }),
          svg("text", { x, y: y + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#111" }, letter),
          svg("title", null, tip),
        ]));
      });
    }
  }

  /**
   * Show the decision's targets (once per decision), zoomed in as far as the closest pair of
   * them needs for finger- (or mouse-) sized hit circles, centred on the target nearest the
   * middle of them all.
   */
  function frame(pts, focusKey) {
    if (!pts.length || focusKey === lastFocus) return;
    lastFocus = focusKey;
    const cx0 = pts.reduce((n, p) => n + p.x, 0) / pts.length;
    const cy0 = pts.reduce((n, p) => n + p.y, 0) / pts.length;
    const mid = pts.reduce((best, p) => (Math.hypot(p.x - cx0, p.y - cy0) < Math.hypot(best.x - cx0, best.y - cy0) ? p : best), pts[0]);
    const cap = Math.min(...pts.map((p) => p.cap || 200));
    map.panState.zoomFor((minTarget() + 2) / 2, cap);
    map.panState.focus(mid.x, mid.y);
    resizeHits();
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
