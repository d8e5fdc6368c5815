// Indonesia board renderer (contract: docs/client.md; view and actions:
// docs/rules/indonesia-view.md). The archipelago is drawn from a stored layout
// (static/games/indonesia/layout.json, made offline by tools/indonesia_layout.py): the
// browser never computes geometry, it only draws polygons and places pieces on them.

const LAYOUT_URL = new URL("./layout.json", import.meta.url);

const PRICES = { rice: 20, spice: 25, rubber: 30, "siap faji": 35, oil: 40 };
const GOODS = Object.keys(PRICES);
const SHIP_FEE = 5;
const GOOD_LETTER = { rice: "R", spice: "S", rubber: "Rb", "siap faji": "SF", oil: "O", shipping: "Sh" };
const TRACKS = [
  ["slots", "Slots", "Slots"], ["mergers", "Mergers", "Merge"], ["hull", "Hull", "Hull"], ["expansion", "Expansion", "Expand"],
  ["bid", "Turn order bid", "Bid"],
];
const BID_MULTIPLIER = [0, 1, 5, 25, 100, 400];
const PHASES = {
  new_era: "1 · New era", bid: "2 · Bid for turn order", merger: "3 · Mergers", acquire: "4 · Acquisitions",
  research: "5 · Research", operate: "6 · Operations", growth: "7 · City growth", over: "Game over",
};
const CITY_FILL = { 1: "#5cb85c", 2: "#f0c419", 3: "#d9534f" };

const CSS = `
.ind { display: grid; gap: 10px; grid-template-columns: minmax(0, 1fr); font-size: 14px; }
.ind-side { display: grid; gap: 8px; align-items: start; grid-template-columns: repeat(auto-fill, minmax(290px, 1fr)); }
.ind-status { background: var(--surface, #fff); border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 8px 10px; }
.ind-status h3 { margin: 0 0 4px; font-size: 15px; }
.ind-prompt { margin: 2px 0 6px; }
.ind-controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.ind-controls button, .ind-side button.ind-pick { min-height: 32px; padding: 4px 10px; border-radius: 8px; border: 1px solid var(--line, #ccc);
  background: var(--surface-2, #f4eee6); cursor: pointer; font: inherit; }
.ind-controls button.primary { background: var(--accent, #c2551a); color: #fff; border-color: transparent; }
.ind-controls button.on, .ind-side button.on { outline: 3px solid var(--accent, #c2551a); }
.ind-controls input[type=number] { width: 90px; min-height: 30px; font: inherit; }
.ind-controls input[type=range] { width: 160px; }
.ind-mapwrap { position: relative; border-radius: 10px; overflow: hidden; border: 1px solid var(--line, #ddd);
  aspect-ratio: 1920 / 780; max-height: 80vh; background: #8fc1d6; touch-action: none; }
@media (max-width: 700px) { .ind-mapwrap { aspect-ratio: auto; height: 58vh; } }
.ind-mapwrap.ind-full { position: fixed; inset: 0; z-index: 1000; aspect-ratio: auto; height: auto; max-height: none; border-radius: 0; }
.ind-mapwrap svg { width: 100%; height: 100%; display: block; user-select: none; -webkit-user-select: none; }
.ind-zoom { position: absolute; right: 6px; top: 6px; display: flex; flex-direction: column; gap: 4px; }
.ind-zoom button { width: 34px; height: 34px; border-radius: 8px; border: 1px solid #999; background: #fff; font-size: 18px; cursor: pointer; }
.ind-legend { font-size: 11.5px; color: var(--muted, #777); margin-top: -4px; }
.ind-legend i { display: inline-block; width: 18px; height: 0; vertical-align: middle; margin: 0 3px 0 8px; }
.ind-card { background: var(--surface, #fff); border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 8px 10px; }
.ind-card h4 { margin: 0 0 6px; font-size: 14px; }
.ind-card table { border-collapse: collapse; width: 100%; font-size: 13px; }
.ind-card td, .ind-card th { padding: 2px 4px; text-align: left; border-bottom: 1px solid var(--line, #eee); }
.ind-player { border-left: 6px solid; padding-left: 8px; margin-bottom: 8px; }
.ind-player .name { font-weight: 600; }
.ind-muted { color: var(--muted, #888); }
.ind-tracks { display: grid; grid-template-columns: repeat(5, 1fr); gap: 2px; font-size: 11px; text-align: center; }
.ind-tracks span { background: var(--surface-2, #f4eee6); border-radius: 4px; padding: 1px 0; }
.ind-co { display: inline-flex; gap: 4px; align-items: center; margin: 2px 6px 2px 0; font-size: 12px; padding: 1px 5px;
  border-radius: 6px; border: 1px solid var(--line, #ddd); }
.ind-co.done { opacity: .55; }
.ind-chip { display: inline-block; min-width: 18px; padding: 0 3px; border-radius: 4px; color: #fff; font-size: 11px; text-align: center; }
svg .ind-area { stroke: #6b5a45; stroke-width: .7; }
svg .ind-area.legal, svg .ind-seacell.legal { cursor: pointer; }
svg .ind-hl { fill: #ffe066; fill-opacity: .55; stroke: #e8590c; stroke-width: 2.5; pointer-events: none; }
svg .ind-seahl { fill: #fff176; fill-opacity: .6; stroke: none; pointer-events: none; }
svg text { pointer-events: none; font-family: system-ui, sans-serif; }
svg .ind-target { cursor: pointer; }
svg .ind-lines, svg .ind-pieces > g, svg .ind-routes { pointer-events: none; }
svg .ind-pieces > g.ind-target { pointer-events: auto; }
svg .ind-ring { fill: rgba(255, 255, 255, 0.08); stroke: #e8590c; stroke-width: 2.5; stroke-dasharray: 5 3; }
`;

/** Ids of the areas and seas a template's open field allows, with the action for each. */
function targetsOf(template, field) {
  const out = new Map();
  const spec = template[field];
  const values = spec && typeof spec === "object" && spec.$choice ? spec.$choice : [spec];
  for (const v of values) out.set(v, { ...template, [field]: v });
  return out;
}

function sameTemplateList(legal, type) {
  return legal.filter((t) => t.type === type);
}

export function createRenderer(root, ctx) {
  const { h, svg } = ctx;
  root.dataset.handlesAll = "1";
  root.classList.add("ind-root");
  const style = h("style", null, CSS);
  const status = h("div", { class: "ind-status", "data-testid": "ind-status" });
  const mapWrap = h("div", { class: "ind-mapwrap", "data-testid": "ind-map" });
  const side = h("div", { class: "ind-side", "data-testid": "ind-panels" });
  const legend = h("div", { class: "ind-legend" });
  const main = h("div", { class: "ind" }, [status, mapWrap, legend, side]);
  root.append(style, main);

  let layout = null;
  let doc = null;
  let sel = {};           // the viewer's current selection (deed, card, company, pair, route edits)
  let selVersion = null;
  let autoPassed = null;  // version at which this seat passed by itself
  let sending = false;
  let map = null;         // SVG elements of the drawn map

  fetch(LAYOUT_URL)
    .then((r) => r.json())
    .then((l) => {
      layout = l;
      map = buildMap();
      if (doc) draw();
    })
    .catch((err) => {
      status.textContent = `The board drawing could not be loaded (${err.message}).`;
    });

  // -- the static map ------------------------------------------------------------------
  function buildMap() {
    const [x0, y0, w, hgt] = layout.viewBox;
    // "slice": on a narrow screen the map fills the box at a readable scale and pans sideways
    const root = svg("svg", { viewBox: `${x0} ${y0} ${w} ${hgt}`, preserveAspectRatio: "xMidYMid slice", role: "img", "aria-label": "Map of Indonesia" });
    const defs = svg("defs");
    const patterns = {
      rice: [svg("path", { d: "M0 6 L6 0", stroke: "#fff", "stroke-width": 1.4 })],
      spice: [svg("circle", { cx: 3, cy: 3, r: 1.3, fill: "#fff" })],
      rubber: [svg("path", { d: "M0 3 H6", stroke: "#fff", "stroke-width": 1.4 })],
      "siap faji": [svg("path", { d: "M0 0 L6 6 M6 0 L0 6", stroke: "#fff", "stroke-width": 1 })],
      oil: [svg("rect", { x: 1.5, y: 1.5, width: 3, height: 3, fill: "#222" })],
    };
    for (const [g, kids] of Object.entries(patterns)) {
      defs.append(svg("pattern", { id: `ind-pat-${g.replace(" ", "-")}`, width: 6, height: 6, patternUnits: "userSpaceOnUse" }, kids));
    }
    defs.append(svg("marker", { id: "ind-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      [svg("path", { d: "M0 0 L10 5 L0 10 z", fill: "#c92a2a" })]));
    root.append(defs);
    const view = svg("g", { class: "ind-view" });
    root.append(view);

    const seaLayer = svg("g");
    const seaEls = {};
    const seaIds = Object.keys(layout.seas).sort();
    seaIds.forEach((sid, i) => {
      const s = layout.seas[sid];
      const tint = `hsl(${196 + (i * 7) % 24}, ${38 + (i * 13) % 22}%, ${70 + (i * 5) % 12}%)`;
      const d = s.polys.map((p) => "M" + p.map((q) => q.join(",")).join("L") + "Z").join("");
      const path = svg("path", { d, fill: tint, stroke: tint, "stroke-width": 1, class: "ind-seacell", "data-sea": sid });
      path.append(svg("title", null, `${s.name} (sea ${sid})`));
      const hl = svg("path", { d, class: "ind-seahl", visibility: "hidden" });
      seaLayer.append(path, hl);
      seaEls[sid] = { path, hl };
    });
    view.append(seaLayer);
    view.append(svg("g", { class: "ind-lines" }, layout.sea_borders.map(([a, b, c, d]) =>
      svg("line", { x1: a, y1: b, x2: c, y2: d, stroke: "#fff", "stroke-width": 1.2, "stroke-dasharray": "4 4", opacity: 0.8 }))));
    const seaLabels = svg("g");
    for (const sid of seaIds) {
      const s = layout.seas[sid];
      seaLabels.append(svg("text", { x: s.centre[0], y: s.centre[1] - 14, "text-anchor": "middle", "font-size": 11, fill: "#0b4f6c", "font-style": "italic", opacity: 0.85 }, s.name.replace(/ \(.*\)/, "")));
    }
    view.append(seaLabels);

    const provinces = [...new Set(Object.values(layout.areas).map((a) => a.province))].sort();
    const landLayer = svg("g");
    const areaEls = {};
    for (const [aid, a] of Object.entries(layout.areas)) {
      const k = provinces.indexOf(a.province);
      const fill = `hsl(${38 + (k * 37) % 80}, ${40 + (k * 11) % 25}%, ${78 + (k * 7) % 10}%)`;
      const points = a.poly.map((q) => q.join(",")).join(" ");
      const poly = svg("polygon", { points, fill, class: "ind-area", "data-area": aid });
      poly.append(svg("title", null, `${a.province} (area ${aid})`));
      const hl = svg("polygon", { points, class: "ind-hl", visibility: "hidden" });
      landLayer.append(poly);
      areaEls[aid] = { poly, hl };
    }
    view.append(landLayer);
    view.append(svg("g", { class: "ind-lines" }, layout.province_borders.map(([a, b, c, d]) =>
      svg("line", { x1: a, y1: b, x2: c, y2: d, stroke: "#3b2f22", "stroke-width": 2.2, "stroke-linecap": "round" }))));
    // borders between regions that are not adjacent: "no passage"
    const bar = svg("g", { class: "ind-lines" });
    for (const b of layout.barriers) {
      for (const [a1, b1, c1, d1] of b.segments) {
        bar.append(svg("line", { x1: a1, y1: b1, x2: c1, y2: d1, stroke: "#7a1f1f", "stroke-width": 3.2, "stroke-linecap": "round" }));
        bar.append(svg("line", { x1: a1, y1: b1, x2: c1, y2: d1, stroke: "#fff", "stroke-width": 1, "stroke-dasharray": "2 3" }));
      }
    }
    view.append(bar);
    view.append(svg("g", { class: "ind-lines" }, layout.connectors.map((c) => svg("line", {
      x1: c.line[0][0], y1: c.line[0][1], x2: c.line[1][0], y2: c.line[1][1],
      stroke: "#4a2a7a", "stroke-width": 1.6, "stroke-dasharray": "5 3", opacity: 0.75, "stroke-linecap": "round",
    }))));
    const hlLayer = svg("g");
    for (const el of Object.values(areaEls)) hlLayer.append(el.hl);
    view.append(hlLayer);
    const provLabels = svg("g");
    for (const [name, p] of Object.entries(layout.provinces)) {
      provLabels.append(svg("text", { x: p.label[0], y: p.label[1] + 22, "text-anchor": "middle", "font-size": 12, "font-weight": 600,
        fill: "#3b2f22", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke", opacity: 0.85 }, name));
    }
    view.append(provLabels);
    const routeLayer = svg("g", { class: "ind-routes" });
    const pieceLayer = svg("g", { class: "ind-pieces" });
    const targetLayer = svg("g");
    view.append(pieceLayer, routeLayer, targetLayer);

    // clicks on regions (ignored after a drag)
    root.addEventListener("click", (ev) => {
      if (panState.moved) return;
      const t = ev.target.closest("[data-area],[data-sea],[data-target]");
      if (!t) return;
      const key = t.dataset.target || (t.dataset.area !== undefined ? `a${t.dataset.area}` : `s${t.dataset.sea}`);
      onTarget(key);
    });
    const panState = installPanZoom(root, view, w, hgt);
    clearChildren(mapWrap);
    mapWrap.append(root, zoomButtons(panState));
    legend.replaceChildren(
      h("i", { style: { borderTop: "2px dashed #4a2a7a" } }), "connected across water",
      h("i", { style: { borderTop: "3px solid #7a1f1f" } }), "no passage",
      h("i", { style: { borderTop: "2px solid #3b2f22" } }), "province border",
      " · goods in owner colour: R rice, S spice, Rb rubber, SF siap faji, O oil · city: size, and what it still needs",
    );
    return { root, view, seaEls, areaEls, pieceLayer, routeLayer, targetLayer, panState };
  }

  function clearChildren(el) {
    while (el.firstChild) el.removeChild(el.firstChild);
  }

  // -- pan and zoom (wheel, drag, pinch, buttons) ---------------------------------------
  function installPanZoom(svgRoot, view, w, hgt) {
    const st = { k: 1, x: 0, y: 0, moved: false, w, h: hgt };
    const apply = () => view.setAttribute("transform", `translate(${st.x} ${st.y}) scale(${st.k})`);
    // the part of the viewBox on screen (slice: the box is covered, the rest is cropped)
    const windowOf = () => {
      const r = svgRoot.getBoundingClientRect();
      const scale = Math.max(r.width / w, r.height / hgt) || 1;
      const vw = r.width / scale;
      const vh = r.height / scale;
      return { r, scale, x: (w - vw) / 2, y: (hgt - vh) / 2, vw, vh };
    };
    const toSvg = (cx, cy) => {
      const win = windowOf();
      return [win.x + (cx - win.r.left) / win.scale, win.y + (cy - win.r.top) / win.scale, win.scale];
    };
    function clamp() {
      const win = windowOf();
      st.x = Math.min(win.x, Math.max(win.x + win.vw - w * st.k, st.x));
      st.y = Math.min(win.y, Math.max(win.y + win.vh - hgt * st.k, st.y));
    }
    st.zoomAt = (factor, sx, sy) => {
      const k = Math.max(1, Math.min(8, st.k * factor));
      const f = k / st.k;
      st.x = sx - (sx - st.x) * f;
      st.y = sy - (sy - st.y) * f;
      st.k = k;
      clamp();
      apply();
    };
    st.centre = () => {
      const win = windowOf();
      return [win.x + win.vw / 2, win.y + win.vh / 2];
    };
    st.reset = () => { st.k = 1; st.x = 0; st.y = 0; clamp(); apply(); };
    // bring a board point to the middle of the box (only moves when the map is cropped)
    st.focus = (px, py) => {
      const win = windowOf();
      st.x = win.x + win.vw / 2 - px * st.k;
      st.y = win.y + win.vh / 2 - py * st.k;
      clamp();
      apply();
    };
    svgRoot.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const [sx, sy] = toSvg(ev.clientX, ev.clientY);
      st.zoomAt(ev.deltaY < 0 ? 1.2 : 1 / 1.2, sx, sy);
    }, { passive: false });
    const pointers = new Map();
    let start = null;
    svgRoot.addEventListener("pointerdown", (ev) => {
      pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
      st.moved = false;
      start = { x: st.x, y: st.y, k: st.k, pts: new Map(pointers) };
    });
    svgRoot.addEventListener("pointermove", (ev) => {
      if (!pointers.has(ev.pointerId) || !start) return;
      pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
      const scale = windowOf().scale;
      if (pointers.size === 1) {
        const [px, py] = start.pts.get(ev.pointerId) || [ev.clientX, ev.clientY];
        const dx = ev.clientX - px;
        const dy = ev.clientY - py;
        if (Math.abs(dx) + Math.abs(dy) > 6) st.moved = true;
        if (!st.moved) return;
        st.x = start.x + dx / scale;
        st.y = start.y + dy / scale;
        clamp();
        apply();
      } else if (pointers.size === 2 && start.pts.size === 2) {
        const [a0, b0] = [...start.pts.values()];
        const [a1, b1] = [...pointers.values()];
        const d0 = Math.hypot(a0[0] - b0[0], a0[1] - b0[1]) || 1;
        const d1 = Math.hypot(a1[0] - b1[0], a1[1] - b1[1]);
        st.moved = true;
        const [sx, sy] = toSvg((a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2);
        st.k = start.k; st.x = start.x; st.y = start.y;
        st.zoomAt(d1 / d0, sx, sy);
      }
    });
    const up = (ev) => {
      pointers.delete(ev.pointerId);
      start = pointers.size ? { x: st.x, y: st.y, k: st.k, pts: new Map(pointers) } : null;
      // a click fires after pointerup: keep "moved" for it, clear it on the next tick
      setTimeout(() => { if (!pointers.size) st.moved = false; }, 0);
    };
    svgRoot.addEventListener("pointerup", up);
    svgRoot.addEventListener("pointercancel", up);
    return st;
  }

  function zoomButtons(st) {
    const centre = () => st.centre();
    return h("div", { class: "ind-zoom" }, [
      h("button", { type: "button", title: "Zoom in", "aria-label": "Zoom in", onclick: () => st.zoomAt(1.5, ...centre()) }, "+"),
      h("button", { type: "button", title: "Zoom out", "aria-label": "Zoom out", onclick: () => st.zoomAt(1 / 1.5, ...centre()) }, "−"),
      h("button", { type: "button", title: "Whole map", "aria-label": "Whole map", onclick: () => st.reset() }, "⤢"),
      h("button", { type: "button", title: "Full screen map", "aria-label": "Full screen map", onclick: () => { mapWrap.classList.toggle("ind-full"); st.reset(); } }, "▢"),
    ]);
  }

  // -- helpers on the view ----------------------------------------------------------------
  const me = () => ctx.seat;
  const name = (seat) => ctx.playerName(seat);
  const colour = (seat) => ctx.playerColor(seat);
  const companies = () => Object.fromEntries((doc.view.companies || []).map((c) => [c.id, c]));
  const areaCentre = (a) => layout.areas[String(a)]?.centre || [0, 0];
  const seaCentre = (s) => layout.seas[String(s)]?.centre || [0, 0];
  const myTurn = () => me() !== null && (doc.to_act || []).includes(me()) && (doc.legal || []).length > 0;
  const money = (v) => (v === null || v === undefined ? "hidden" : `${v} Rp`);

  // -- targets: what a click on the map does now --------------------------------------------
  let targets = new Map(); // key ("a12", "s120", "deed:a5", ...) -> action or function

  function onTarget(key) {
    const t = targets.get(key);
    if (!t) return;
    if (typeof t === "function") t();
    else send(t);
  }

  function send(action) {
    if (sending) return;
    sending = true;
    Promise.resolve(ctx.send(action))
      .catch(() => {})
      .finally(() => {
        sending = false;
        sel = {};
        if (doc) draw();
      });
  }

  // -- update ------------------------------------------------------------------------------
  function update(next) {
    doc = next;
    if (selVersion !== doc.version) {
      // keep a selection only while it is still one of this viewer's legal choices
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
      sel = keep;  // a re-routed sale is dropped: the board it was computed on has changed
      selVersion = doc.version;
    }
    maybeAutoPass();
    if (layout) draw();
  }

  function maybeAutoPass() {
    const legal = doc.legal || [];
    if (me() === null || doc.outcome) return;
    if (!(doc.to_act || []).includes(me())) return;
    if (legal.length !== 1 || legal[0].type !== "pass" || Object.keys(legal[0]).length !== 1) return;
    if (autoPassed === doc.version) return;
    autoPassed = doc.version;
    Promise.resolve(ctx.send({ type: "pass" })).catch(() => {});
  }

  function draw() {
    targets = new Map();
    // for tests and tools: which document this board shows
    main.dataset.version = String(doc.version);
    main.dataset.phase = `${doc.view.phase}/${doc.view.step?.kind || ""}`;
    drawPieces();
    drawStatus();
    drawSide();
  }

  // -- pieces on the map ----------------------------------------------------------------------
  function drawPieces() {
    const v = doc.view;
    const layer = map.pieceLayer;
    clearChildren(layer);
    clearChildren(map.routeLayer);
    clearChildren(map.targetLayer);
    for (const el of Object.values(map.areaEls)) { el.hl.setAttribute("visibility", "hidden"); el.poly.classList.remove("legal"); }
    for (const el of Object.values(map.seaEls)) { el.hl.setAttribute("visibility", "hidden"); el.path.classList.remove("legal"); }

    // deeds waiting on their provinces
    const byProv = {};
    for (const d of v.deeds || []) (byProv[d.province] ||= []).push(d);
    for (const [prov, deeds] of Object.entries(byProv)) {
      const p = layout.provinces[prov];
      if (!p) continue;
      deeds.forEach((d, i) => {
        const x = p.label[0] - (deeds.length * 22) / 2 + i * 22 + 11;
        const y = p.label[1] + 36;
        const g = svg("g", { "data-target": `deed:${d.id}`, "data-deed": d.id, class: "ind-target" });
        const on = sel.deed === d.id;
        g.append(svg("rect", { x: x - 10, y: y - 8, width: 20, height: 16, rx: 3, fill: on ? "#ffe066" : "#fffbe6", stroke: "#5f4b1e", "stroke-width": on ? 2 : 1, "stroke-dasharray": "3 1.5" }));
        g.append(svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5f4b1e" }, GOOD_LETTER[d.type] || "?"));
        g.append(svg("title", null, `Deed ${d.id}: ${d.type} (${prov})${d.ships ? `, ships ${d.ships.join("/")}` : ""}`));
        layer.append(g);
      });
    }

    // goods: one marker per area, owner colour, pattern by type
    for (const co of v.companies || []) {
      if (co.type === "shipping") continue;
      for (const a of co.areas || []) {
        const [x, y] = areaCentre(a);
        const g = svg("g", { "data-good": a });
        g.append(svg("rect", { x: x - 10, y: y - 10, width: 20, height: 20, rx: 4, fill: colour(co.owner), stroke: "#222", "stroke-width": 1 }));
        g.append(svg("rect", { x: x - 10, y: y - 10, width: 20, height: 20, rx: 4, fill: `url(#ind-pat-${co.type.replace(" ", "-")})`, opacity: 0.55 }));
        g.append(svg("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: "#fff", stroke: "#000", "stroke-width": 1.6, "paint-order": "stroke" }, GOOD_LETTER[co.type]));
        g.append(svg("title", null, `${co.type} of company ${co.id} (${name(co.owner)})`));
        layer.append(g);
      }
    }

    // cities: size stone and what they still need to grow
    for (const c of v.cities || []) {
      const [x0, y0] = areaCentre(c.area);
      const x = x0;
      const y = y0;
      const g = svg("g", { "data-city": c.area });
      g.append(svg("circle", { cx: x, cy: y, r: 12, fill: CITY_FILL[c.size] || "#999", stroke: "#222", "stroke-width": 1.5 }));
      g.append(svg("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#111" }, String(c.size)));
      const needs = Object.entries(c.needs || {});
      needs.forEach(([good, n], i) => {
        const nx = x - (needs.length * 12) / 2 + i * 12 + 6;
        g.append(svg("rect", { x: nx - 5.5, y: y + 12, width: 11, height: 10, rx: 2, fill: "#fff", stroke: "#333", "stroke-width": 0.7 }));
        g.append(svg("text", { x: nx, y: y + 20, "text-anchor": "middle", "font-size": 7.5, "font-weight": 700, fill: "#333" }, `${GOOD_LETTER[good]}${n > 1 ? n : ""}`));
      });
      const needText = needs.length ? `needs ${needs.map(([g2, n]) => `${n} ${g2}`).join(", ")} to grow` : (c.size >= 3 ? "largest size" : "will grow");
      g.append(svg("title", null, `City size ${c.size} in ${c.province}; ${needText}`));
      layer.append(g);
    }

    // ships: by sea, one boat per company with its count
    const seaShips = {};
    for (const co of v.companies || []) {
      if (co.type !== "shipping") continue;
      for (const [sid, n] of Object.entries(co.ships || {})) (seaShips[sid] ||= []).push([co, n]);
    }
    for (const [sid, list] of Object.entries(seaShips)) {
      const [cx, cy] = seaCentre(sid);
      list.forEach(([co, n], i) => {
        const x = cx - (list.length * 32) / 2 + i * 32 + 16;
        const y = cy + 4;
        const g = svg("g", { "data-ship": `${co.id}:${sid}` });
        g.append(svg("path", { d: `M${x - 14} ${y - 2} L${x + 14} ${y - 2} L${x + 9} ${y + 7} L${x - 9} ${y + 7} Z`, fill: colour(co.owner), stroke: "#111", "stroke-width": 1 }));
        g.append(svg("path", { d: `M${x} ${y - 3} L${x} ${y - 18} L${x + 10} ${y - 4} Z`, fill: "#fff", stroke: "#111", "stroke-width": 0.8 }));
        g.append(svg("text", { x: x - 6, y: y - 6, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#111" }, n > 1 ? String(n) : ""));
        g.append(svg("text", { x, y: y + 17, "text-anchor": "middle", "font-size": 9, "font-weight": 600, fill: "#102a43" }, co.id));
        g.append(svg("title", null, `${n} ship${n > 1 ? "s" : ""} of ${co.id} (${name(co.owner)})`));
        layer.append(g);
      });
    }

    // a sale being chosen (or the last sale, faintly)
    const sale = pendingSale();
    const focusPts = [];
    if (sale) {
      drawRoutes(sale.routes, 1);
      for (const r of sale.routes) focusPts.push(areaCentre(r.from), areaCentre(r.city));
    } else if (v.last_sale && v.last_sale.routes?.length && v.phase === "operate") {
      drawRoutes(v.last_sale.routes, 0.35);
    }
    if (myTurn()) {
      markTargets();
      for (const key of targets.keys()) {
        if (key.startsWith("a")) focusPts.push(areaCentre(key.slice(1)));
        else if (key.startsWith("s")) focusPts.push(seaCentre(key.slice(1)));
      }
    }
    // on a cropped (phone) map, show where the decision is, once per decision
    const focusKey = `${doc.version}|${sel.company || ""}|${sel.deed || ""}|${sel.card || ""}`;
    if (focusPts.length && focusKey !== lastFocus) {
      lastFocus = focusKey;
      const xs = focusPts.map((p) => p[0]);
      const ys = focusPts.map((p) => p[1]);
      map.panState.focus((Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2);
    }
  }
  let lastFocus = null;

  function drawRoutes(routes, opacity) {
    const cos = companies();
    routes.forEach((r, i) => {
      const pts = [areaCentre(r.from), ...r.seas.map((s) => seaCentre(s)), areaCentre(r.city)];
      const off = (i % 4) * 3 - 4;
      const d = "M" + pts.map(([x, y]) => `${x + off},${y + off}`).join("L");
      const owner = cos[r.ship]?.owner;
      map.routeLayer.append(svg("path", { d, fill: "none", stroke: "#111", "stroke-width": 4.5, opacity: opacity * 0.5, "stroke-linejoin": "round" }));
      map.routeLayer.append(svg("path", { d, fill: "none", stroke: owner === undefined ? "#c92a2a" : colour(owner), "stroke-width": 2.5, opacity, "stroke-linejoin": "round", "marker-end": "url(#ind-arrow)", "data-route": i }));
    });
  }

  function highlight(key) {
    // a ring at the centre: a clear, finger-sized target even on a small area or a wide sea
    const [x, y] = key.startsWith("a") ? areaCentre(key.slice(1)) : seaCentre(key.slice(1));
    const ring = svg("circle", { cx: x, cy: key.startsWith("a") ? y : y - 4, r: key.startsWith("a") ? 14 : 20, class: "ind-ring ind-target", "data-target": key });
    ring.append(svg("title", null, key.startsWith("a") ? `${provinceOf(key.slice(1))} (area ${key.slice(1)})` : layout.seas[key.slice(1)]?.name || key));
    map.targetLayer.append(ring);
    if (key.startsWith("a")) {
      const el = map.areaEls[key.slice(1)];
      if (el) { el.hl.setAttribute("visibility", "visible"); el.poly.classList.add("legal"); }
    } else if (key.startsWith("s")) {
      const el = map.seaEls[key.slice(1)];
      if (el) { el.hl.setAttribute("visibility", "visible"); el.path.classList.add("legal"); }
    }
  }

  /** Put the legal map choices of the current decision on the map. */
  function markTargets() {
    const legal = doc.legal;
    const step = doc.view.step || {};
    const add = (template, field, prefix) => {
      for (const [id, action] of targetsOf(template, field)) {
        targets.set(`${prefix}${id}`, action);
        highlight(`${prefix}${id}`);
      }
    };
    if (step.kind === "cities") {
      const ts = sameTemplateList(legal, "place_city");
      const t = ts.find((x) => x.card === sel.card) || ts[0];
      if (t) { sel.card = t.card; sel.kind = step.kind; add(t, "area", "a"); }
    } else if (step.kind === "acquire") {
      for (const t of sameTemplateList(legal, "acquire")) {
        targets.set(`deed:${t.deed}`, () => { sel = { kind: step.kind, deed: t.deed }; draw(); });
      }
      const t = sameTemplateList(legal, "acquire").find((x) => x.deed === sel.deed);
      if (t) {
        const shipping = doc.view.deed_info?.[t.deed]?.type === "shipping";
        add(t, "area", shipping ? "s" : "a");
      }
    } else if (step.kind === "remove") {
      for (const t of sameTemplateList(legal, "remove_good")) add(t, "area", "a");
    } else if (step.kind === "expand") {
      for (const t of sameTemplateList(legal, "expand")) add(t, "area", "a");
    } else if (step.kind === "ships") {
      for (const t of sameTemplateList(legal, "place_ship")) add(t, "sea", "s");
    } else if (step.kind === "grow") {
      for (const t of sameTemplateList(legal, "grow")) add(t, "city", "a");
    }
  }

  // -- the sale being chosen -------------------------------------------------------------------
  function pendingSale() {
    if (!myTurn() || doc.view.step?.kind !== "operate" || !sel.company) return null;
    const t = doc.legal.find((x) => x.type === "sell" && x.company === sel.company);
    if (!t) return null;
    return { template: t, routes: sel.routes || t.routes };
  }

  function saleSummary(companyId, routes) {
    const cos = companies();
    const co = cos[companyId];
    const sold = routes.reduce((n, r) => n + r.count, 0);
    const income = sold * (PRICES[co?.type] || 0);
    const fees = {};
    for (const r of routes) {
      const owner = cos[r.ship]?.owner;
      fees[owner] = (fees[owner] || 0) + SHIP_FEE * r.seas.length * r.count;
    }
    return { co, sold, income, fees, goods: (co?.areas || []).length };
  }

  /** Other maximal routings: move one good to another city or shipping line with room. */
  function alternatives(companyId, routes) {
    const v = doc.view;
    const cos = companies();
    const co = cos[companyId];
    if (!co) return [];
    const hull = (seat) => v.players[seat]?.research?.hull || 1;
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
        if (ship.type !== "shipping") continue;
        const cap = (s) => (ship.ships?.[String(s)] || 0) * hull(ship.owner) - (freeUsed[`${ship.id}:${s}`] || 0);
        const startSeas = new Set(zone.flatMap((a) => layoutSeasOf(a)).filter((s) => cap(s) > 0));
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
        for (const c of v.cities || []) {
          const room = cityRoom(c) + (c.area === r.city ? 1 : 0);
          if (room <= 0) continue;
          const ends = [...prev.keys()].filter((s) => citySeas(c.area).includes(s));
          if (!ends.length) continue;
          const path = [];
          for (let s = ends.sort((a, b) => depth(prev, a) - depth(prev, b))[0]; s !== null; s = prev.get(s)) path.unshift(s);
          if (ship.id === r.ship && c.area === r.city && path.join() === r.seas.join()) continue;
          const moved = { from: r.from, ship: ship.id, seas: path, city: c.area, count: 1 };
          const rest = routes.map((q, j) => (j === i ? { ...q, count: q.count - 1 } : q)).filter((q) => q.count > 0);
          out.push({ label: `${r.count > 1 ? "one good" : "the good"} to ${c.province} via ${ship.id} (${path.length} sea${path.length > 1 ? "s" : ""}) instead of ${provinceOf(r.city)} via ${r.ship}`, routes: mergeRoutes([...rest, moved]) });
        }
      }
    });
    return out.slice(0, 12);
  }

  /** One route per distinct path, with the goods sent along it counted together. */
  function mergeRoutes(routes) {
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

  let seaAdj = null;
  let landSeas = null;
  function boardAdjacency() {
    if (seaAdj) return;
    // the layout file carries the map's adjacency (tools/indonesia_layout.py copies it)
    seaAdj = {};
    landSeas = {};
    for (const [k, list] of Object.entries(layout.adjacency || {})) {
      const id = Number(k);
      for (const other of list) {
        if (id >= 115 && id <= 135 && other >= 115 && other <= 135) (seaAdj[id] ||= []).push(other);
        if (!(id >= 115 && id <= 135) && other >= 115 && other <= 135) (landSeas[id] ||= []).push(other);
      }
    }
  }
  function seaNeighbours(s) { boardAdjacency(); return seaAdj[s] || []; }
  function layoutSeasOf(a) { boardAdjacency(); return landSeas[a] || []; }
  function citySeas(a) { return layoutSeasOf(a); }
  function provinceOf(a) { return layout.areas[String(a)]?.province || `area ${a}`; }

  // -- the status bar: phase, prompt and the controls of the current decision -----------------
  function drawStatus() {
    const v = doc.view;
    clearChildren(status);
    status.append(h("h3", null, `Era ${String(v.era).toUpperCase()} · Year ${v.year} · ${PHASES[v.phase] || v.phase}`));
    const step = v.step || {};
    const prompt = h("div", { class: "ind-prompt", "data-testid": "ind-prompt" });
    const controls = h("div", { class: "ind-controls" });
    status.append(prompt, controls);
    if (doc.outcome || v.phase === "over") {
      prompt.textContent = "The game is over. Final scores are below.";
      return;
    }
    if (step.kind === "auction") {
      const cos = companies();
      status.insertBefore(h("div", null, [
        `Merger auction: ${step.a} + ${step.b}${step.siap_faji ? " (becomes siap faji)" : ""}, ${step.units} units. `,
        `Highest bid ${step.high} by ${name(step.leader)}. Still bidding: ${(step.bidders || []).map(name).join(", ")}.`,
        cos[step.a] && cos[step.b] ? ` Owners: ${name(cos[step.a].owner)} and ${name(cos[step.b].owner)}.` : "",
      ]), prompt);
    }
    if (!myTurn()) {
      const who = (doc.to_act || []).map(name).join(", ");
      prompt.textContent = me() === null
        ? `Watching. ${who ? `Waiting for ${who}.` : ""}`
        : (who ? `Waiting for ${who}.` : "Waiting.");
      return;
    }
    const legal = doc.legal;
    const passT = legal.find((t) => t.type === "pass");
    const passBtn = (label) => passT && h("button", { type: "button", "data-testid": "ind-pass", onclick: () => send({ type: "pass" }) }, label || "Pass");
    const kind = step.kind;
    if (kind === "cities") {
      const ts = sameTemplateList(legal, "place_city");
      const card = sel.card || ts[0]?.card;
      prompt.textContent = `Place a city from card ${card} (${(v.city_cards?.[card] || []).join(", ")}): click a highlighted coastal area.`;
      if (ts.length > 1) {
        for (const t of ts) controls.append(h("button", { type: "button", class: t.card === card ? "on" : "", onclick: () => { sel = { kind, card: t.card }; draw(); } }, `Card ${t.card}`));
      }
    } else if (kind === "bid") {
      const t = legal.find((x) => x.type === "bid");
      const [lo, hi] = t.amount.$range;
      const mult = v.players[me()]?.multiplier || 1;
      prompt.textContent = `Bid for turn order (0 to ${hi}); your bid counts ×${mult}. The money goes to your bank.`;
      controls.append(...numberControl("bid", lo, hi, 1, (n) => `counts as ${n * mult}`, (n) => send({ type: "bid", amount: n }), "Bid"));
    } else if (kind === "announce") {
      const ts = sameTemplateList(legal, "announce");
      prompt.textContent = ts.length ? "Announce a merger (choose a pair and your opening bid) or pass." : "You may not announce a merger now.";
      const cos = companies();
      const pick = ts.find((t) => `${t.a}+${t.b}` === sel.pair);
      for (const t of ts) {
        const [min] = t.bid.$range;
        controls.append(h("button", { type: "button", "data-testid": `ind-pair-${t.a}-${t.b}`, class: pick === t ? "on" : "", onclick: () => { sel = { kind, pair: `${t.a}+${t.b}` }; draw(); } },
          `${t.a} (${cos[t.a]?.type}, ${name(cos[t.a]?.owner)}) + ${t.b} (${cos[t.b]?.type}, ${name(cos[t.b]?.owner)}) · min ${min}`));
      }
      if (pick) {
        const [lo, hi, stepN] = pick.bid.$range;
        controls.append(...numberControl("announce", lo, hi, stepN || 1, (n) => `minimum ${lo}, steps of ${stepN || 1}`, (n) => send({ type: "announce", a: pick.a, b: pick.b, bid: n }), "Announce"));
      }
      if (passT) controls.append(passBtn("Pass (no merger this round)"));
    } else if (kind === "auction") {
      const t = legal.find((x) => x.type === "raise");
      if (t) {
        const [lo, hi, stepN] = t.amount.$range;
        prompt.textContent = `Raise to at least ${lo} (steps of ${stepN || 1}, at most ${hi}), or pass for good.`;
        controls.append(...numberControl("raise", lo, hi, stepN || 1, () => `minimum ${lo}`, (n) => send({ type: "raise", amount: n }), "Raise"));
      } else {
        prompt.textContent = "You cannot raise this auction; pass.";
      }
      if (passT) controls.append(passBtn("Pass for good"));
    } else if (kind === "remove") {
      prompt.textContent = `Siap faji merger: remove ${step.left} more good${step.left > 1 ? "s" : ""} of ${step.company}: click a highlighted area.`;
    } else if (kind === "acquire") {
      const ts = sameTemplateList(legal, "acquire");
      prompt.textContent = sel.deed
        ? `Deed ${sel.deed}: click a highlighted ${v.deed_info?.[sel.deed]?.type === "shipping" ? "sea" : "area"} for its first ${v.deed_info?.[sel.deed]?.type === "shipping" ? "ship" : "good"}.`
        : (ts.length ? "Acquire a company: choose a deed (on the map or below), then where it starts. Passing ends your acquisitions this phase." : "No deed you can take: pass.");
      for (const t of ts) {
        const d = v.deed_info?.[t.deed] || {};
        controls.append(h("button", { type: "button", "data-testid": `ind-deed-${t.deed}`, class: sel.deed === t.deed ? "on" : "", onclick: () => { sel = { kind, deed: t.deed }; draw(); } },
          `${t.deed}: ${d.type} · ${d.province}`));
      }
      if (passT) controls.append(passBtn("Pass (no more acquisitions)"));
    } else if (kind === "research") {
      prompt.textContent = "Research: advance one track one step (Hull may be advanced for another player), or pass.";
      for (const t of sameTemplateList(legal, "research")) {
        if (t.player === me() && t.track?.$choice) {
          for (const track of t.track.$choice) {
            const lvl = v.players[me()].research[track];
            controls.append(h("button", { type: "button", "data-testid": `ind-research-${track}`, onclick: () => send({ type: "research", track, player: me() }) },
              `${TRACKS.find((x) => x[0] === track)?.[1] || track} ${lvl}→${lvl + 1}`));
          }
        } else if (t.track === "hull" && t.player?.$choice) {
          for (const p of t.player.$choice) {
            controls.append(h("button", { type: "button", "data-testid": `ind-hull-${p}`, onclick: () => send({ type: "research", track: "hull", player: p }) },
              `Hull for ${name(p)} ${v.players[p].research.hull}→${v.players[p].research.hull + 1}`));
          }
        } else if (t.player !== undefined && typeof t.track === "string") {
          controls.append(h("button", { type: "button", onclick: () => send({ type: "research", track: t.track, player: t.player }) }, `${t.track} for ${name(t.player)}`));
        }
      }
      if (passT) controls.append(passBtn());
    } else if (kind === "operate") {
      drawOperate(prompt, controls);
    } else if (kind === "expand") {
      const co = companies()[step.company];
      prompt.textContent = step.paid
        ? `${step.company} may expand (${PRICES[co?.type] || "?"} Rp per area, ${step.left} left): click a highlighted area, or stop.`
        : `${step.company} sold everything and expands for free: click a highlighted area (${step.left} left).`;
      if (passT) controls.append(passBtn("Stop expanding"));
    } else if (kind === "ships") {
      prompt.textContent = `${step.company}: place up to ${step.left} more ship${step.left > 1 ? "s" : ""}: click a highlighted sea, or stop.`;
      if (passT) controls.append(passBtn("Stop placing ships"));
    } else if (kind === "grow") {
      prompt.textContent = `City stones run short: choose ${step.left} cit${step.left > 1 ? "ies" : "y"} to grow to size ${step.size} (highlighted).`;
    } else {
      prompt.textContent = "Your turn.";
      for (const t of legal) controls.append(h("button", { type: "button", onclick: () => send(t) }, t.type));
    }
  }

  function drawOperate(prompt, controls) {
    const legal = doc.legal;
    const sells = sameTemplateList(legal, "sell");
    const sails = sameTemplateList(legal, "sail");
    const sale = pendingSale();
    const cos = companies();
    if (!sale) {
      prompt.textContent = "Operations: choose which of your companies operates next.";
      for (const t of sells) {
        const co = cos[t.company];
        controls.append(h("button", { type: "button", "data-testid": `ind-operate-${t.company}`, onclick: () => { sel = { kind: "operate", company: t.company }; draw(); } },
          `Operate ${t.company} (${co?.type}, ${co?.areas?.length || 0} goods)`));
      }
      for (const t of sails) {
        const co = cos[t.company];
        controls.append(h("button", { type: "button", "data-testid": `ind-operate-${t.company}`, onclick: () => send(t) },
          `Operate ${t.company} (shipping, ${co?.ship_count}/${co?.ship_limit ?? "?"} ships)`));
      }
      return;
    }
    const { sold, income, fees, goods } = saleSummary(sale.template.company, sale.routes);
    const feeText = Object.entries(fees).map(([s, f]) => `${f} to ${name(Number(s))}`).join(", ") || "no ship fees";
    prompt.textContent = `${sale.template.company} sells ${sold} of ${goods} goods: income ${income} Rp, ship fees ${feeText}. The routing is drawn on the map.`;
    const list = h("ol", { class: "ind-routes", style: { margin: "2px 0 4px 18px", padding: 0, fontSize: "12px" } });
    for (const r of sale.routes) {
      list.append(h("li", null, `${r.count} from ${provinceOf(r.from)} by ${r.ship} through ${r.seas.length} sea${r.seas.length > 1 ? "s" : ""} to the city in ${provinceOf(r.city)}`));
    }
    controls.append(list);
    controls.append(h("button", { type: "button", class: "primary", "data-testid": "ind-confirm-sale", onclick: () => send({ type: "sell", company: sale.template.company, routes: sale.routes }) }, "Confirm sale"));
    const alts = alternatives(sale.template.company, sale.routes);
    if (alts.length) {
      const select = h("select", { "aria-label": "Another maximal routing", style: { maxWidth: "100%" } }, [
        h("option", { value: "" }, "Choose another maximal routing…"),
        ...alts.map((a, i) => h("option", { value: String(i) }, a.label)),
      ]);
      select.addEventListener("change", () => {
        if (select.value === "") return;
        sel = { ...sel, routes: alts[Number(select.value)].routes };
        draw();
      });
      controls.append(select);
    }
    if (sel.routes) controls.append(h("button", { type: "button", onclick: () => { sel = { kind: "operate", company: sel.company }; draw(); } }, "Back to the proposal"));
    controls.append(h("button", { type: "button", onclick: () => { sel = {}; draw(); } }, "Choose another company"));
  }

  /** A number input and slider bound to [lo, hi] in steps, with a live note and a send button. */
  function numberControl(id, lo, hi, stepN, note, onSend, label) {
    const input = h("input", { type: "number", min: lo, max: hi, step: stepN, value: lo, "data-testid": `ind-${id}-input`, "aria-label": label });
    const slider = h("input", { type: "range", min: lo, max: hi, step: stepN, value: lo, "aria-label": `${label} slider` });
    const info = h("span", { class: "ind-muted", "data-testid": `ind-${id}-note` }, note(lo));
    const clampN = (n) => {
      const x = Math.max(lo, Math.min(hi, Number.isFinite(n) ? n : lo));
      return lo + Math.floor((x - lo) / stepN) * stepN;
    };
    const sync = (src) => {
      const n = clampN(Number(src.value));
      if (src !== input) input.value = n;
      if (src !== slider) slider.value = n;
      info.textContent = note(n);
    };
    input.addEventListener("input", () => sync(input));
    input.addEventListener("change", () => { input.value = clampN(Number(input.value)); sync(input); });
    slider.addEventListener("input", () => sync(slider));
    const btn = h("button", { type: "button", class: "primary", "data-testid": `ind-${id}-send`, onclick: () => onSend(clampN(Number(input.value))) }, label);
    return hi > lo ? [input, slider, info, btn] : [input, info, btn];
  }

  // -- panels --------------------------------------------------------------------------------
  function drawSide() {
    const v = doc.view;
    clearChildren(side);
    const cos = companies();

    if (v.final) {
      const t = h("table", { "data-testid": "ind-final" }, [
        h("tr", null, [h("th", null, "Player"), h("th", null, "Cash"), h("th", null, "Bank"), h("th", null, "Last operations doubled"), h("th", null, "Score")]),
        ...v.final.map((f) => h("tr", null, [h("td", null, name(f.seat)), h("td", null, String(f.cash)), h("td", null, String(f.bank)), h("td", null, `+${f.bonus}`), h("td", null, h("b", null, String(f.score)))])),
      ]);
      side.append(h("div", { class: "ind-card", style: { gridColumn: "1 / -1" } }, [h("h4", null, "Final scores"), t]));
    }

    // turn order with this year's bids
    const bids = Object.fromEntries((v.bids || []).map((b) => [b.seat, b]));
    side.append(h("div", { class: "ind-card", "data-testid": "ind-order" }, [
      h("h4", null, "Turn order"),
      h("ol", { style: { margin: 0, paddingLeft: "20px" } }, (v.order || []).map((s) => h("li", null, [
        h("span", { style: { color: colour(s), fontWeight: 600 } }, name(s)),
        bids[s] ? ` · bid ${bids[s].bid}${bids[s].counts !== bids[s].bid ? ` (counts ${bids[s].counts})` : ""}` : "",
      ]))),
    ]));

    // players
    const pc = h("div", { class: "ind-card", "data-testid": "ind-players" }, [h("h4", null, v.secret ? "Players (money is secret)" : "Players")]);
    for (const p of v.players || []) {
      const box = h("div", { class: "ind-player", style: { borderColor: colour(p.seat) }, "data-testid": `ind-player-${p.seat}` });
      box.append(h("div", null, [h("span", { class: "name" }, name(p.seat)), p.seat === me() ? " (you)" : ""]));
      box.append(h("div", { "data-testid": `ind-money-${p.seat}` }, p.cash === null
        ? h("span", { class: "ind-muted" }, "cash and bank hidden")
        : `cash ${money(p.cash)} · bank ${money(p.bank)}${p.earned ? ` · last operations ${p.earned}` : ""}`));
      box.append(h("div", { class: "ind-tracks", title: "Research tracks" },
        TRACKS.map(([k, label, short]) => h("span", { title: `${label} level ${p.research[k]}` }, `${short} ${p.research[k]}${k === "bid" ? ` ×${BID_MULTIPLIER[p.research[k]]}` : ""}`))));
      const coLine = h("div", null, `${p.companies.length} compan${p.companies.length === 1 ? "y" : "ies"}, ${p.free_slots} free slot${p.free_slots === 1 ? "" : "s"}: `);
      for (const cid of p.companies) {
        const co = cos[cid];
        if (!co) continue;
        const size = co.type === "shipping" ? `${co.ship_count}/${co.ship_limit ?? "?"} ships` : `${co.areas.length} goods`;
        coLine.append(h("span", { class: `ind-co${co.operated ? " done" : ""}`, title: `${co.operated ? "operated this year" : "not operated yet"}${co.merged ? "; merged this year" : ""}` }, [
          h("span", { class: "ind-chip", style: { background: colour(co.owner) } }, GOOD_LETTER[co.type]),
          `${cid} ${co.type} · ${size} · deeds ${co.deeds.join("+")}${co.operated ? " ✓" : ""}`,
        ]));
      }
      box.append(coLine);
      if (p.cards) box.append(h("div", null, `City cards: ${p.cards.map((c) => `${c} (${(v.city_cards?.[c] || []).join(", ")})`).join("; ") || "none"}`));
      else box.append(h("div", { class: "ind-muted" }, `${p.card_count} city card${p.card_count === 1 ? "" : "s"} in hand`));
      pc.append(box);
    }
    side.append(pc);

    // deeds available
    const deedCard = h("div", { class: "ind-card", "data-testid": "ind-deeds" }, [h("h4", null, `Deeds available (era ${v.era})`)]);
    if (!(v.deeds || []).length) deedCard.append(h("div", { class: "ind-muted" }, "none"));
    for (const d of v.deeds || []) {
      const clickable = targets.has(`deed:${d.id}`);
      deedCard.append(h(clickable ? "button" : "div", clickable ? { type: "button", class: `ind-pick${sel.deed === d.id ? " on" : ""}`, onclick: () => onTarget(`deed:${d.id}`) } : null,
        `${d.id}: ${d.type} in ${d.province}${d.ships ? ` (ships ${d.ships.join("/")})` : ""}`));
    }
    side.append(deedCard);

    // cities
    const cityCard = h("div", { class: "ind-card", "data-testid": "ind-cities" }, [h("h4", null, "Cities")]);
    if (!(v.cities || []).length) cityCard.append(h("div", { class: "ind-muted" }, "none yet"));
    for (const c of v.cities || []) {
      const needs = Object.entries(c.needs || {});
      cityCard.append(h("div", null, `${c.province} (area ${c.area}), size ${c.size}: ${c.size >= 3 ? "largest size" : needs.length ? `needs ${needs.map(([g, n]) => `${n} ${g}`).join(", ")}` : "will grow"}`));
    }
    side.append(cityCard);

    // goods supply and city stones
    side.append(h("div", { class: "ind-card", "data-testid": "ind-supply" }, [
      h("h4", null, "Supply"),
      h("table", null, [
        h("tr", null, [h("th", null, "Good"), h("th", null, "Price"), h("th", null, "On board"), h("th", null, "Left")]),
        ...GOODS.map((g) => h("tr", null, [h("td", null, g), h("td", null, String(PRICES[g])), h("td", null, String(v.goods_on_board?.[g] ?? 0)), h("td", null, String(v.goods_supply?.[g] ?? "?"))])),
      ]),
      h("div", null, `City stones left: size 1 × ${v.stones?.["1"] ?? "?"}, size 2 × ${v.stones?.["2"] ?? "?"}, size 3 × ${v.stones?.["3"] ?? "?"}`),
    ]));

    if (v.last_sale) {
      const s = v.last_sale;
      const feeText = Object.entries(s.fees || {}).map(([seat, f]) => `${f} to ${name(Number(seat))}`).join(", ") || "no fees";
      side.append(h("div", { class: "ind-card" }, [h("h4", null, "Last sale"),
        `${s.company} (${name(s.owner)}) sold ${s.sold} of ${s.goods} ${s.type} for ${s.income} Rp; ship fees ${feeText}.`]));
    }
  }

  return {
    update(next) {
      update(next);
    },
    destroy() {
      clearChildren(root);
    },
  };
}
