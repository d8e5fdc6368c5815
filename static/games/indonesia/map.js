// Indonesia's map: the stored drawing (layout.json: seas, areas, borders, connectors,
// labels) built once, then on each update the deeds, goods, cities and ships, the sale's
// routes and rings on the targets the model offers.

import { installPanZoom, zoomButtons } from "./panzoom.js";
import { companiesOf } from "./model.js";

/** A short letter for each good on the map (R rice, Sh shipping, ...). */
export const GOOD_LETTER = { rice: "R", spice: "S", rubber: "Rb", "siap faji": "SF", oil: "O", shipping: "Sh" };
const CITY_FILL = { 1: "#5cb85c", 2: "#f0c419", 3: "#d9534f" };

/**
 * The map for one page: layout is the stored drawing, onKey(key) a click on an area ("a12"),
 * a sea ("s120") or a target ("deed:a5"). The answer's draw(doc, sel, targets, sale, myTurn)
 * puts the pieces on it.
 */
export function makeMap(ctx, layout, mapWrap, legend, onKey) {
  const { h, svg } = ctx;
  const name = (seat) => ctx.playerName(seat);
  const colour = (seat) => ctx.playerColor(seat);
  const areaCentre = (a) => layout.areas[String(a)]?.centre || [0, 0];
  const seaCentre = (s) => layout.seas[String(s)]?.centre || [0, 0];
  const provinceOf = (a) => layout.areas[String(a)]?.province || `area ${a}`;

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
      onKey(key);
    });
    const panState = installPanZoom(root, view, w, hgt);
    mapWrap.replaceChildren(root, zoomButtons(h, panState, mapWrap));
    legend.replaceChildren(
      h("i", { class: "ind-water" }), "connected across water",
      h("i", { class: "ind-barrier" }), "no passage",
      h("i", { class: "ind-border" }), "province border",
      " · goods in owner colour: R rice, S spice, Rb rubber, SF siap faji, O oil · city: size, and what it still needs",
    );
    return { root, view, seaEls, areaEls, pieceLayer, routeLayer, targetLayer, panState };
  }

  function drawPieces(doc, sel, targets, sale, myTurn) {
    const v = doc.view;
    const cos = companiesOf(v);
    const layer = map.pieceLayer;
    layer.replaceChildren();
    map.routeLayer.replaceChildren();
    map.targetLayer.replaceChildren();
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
      const needText = needs.length ? `needs ${needs.map(([g2, n]) => `${n} ${g2}`).join(", ")} to grow` : (c.size >= ctx.data.max_city_size ? "largest size" : "will grow");
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
    const focusPts = [];
    if (sale) {
      drawRoutes(cos, sale.routes, 1);
      for (const r of sale.routes) focusPts.push(areaCentre(r.from), areaCentre(r.city));
    } else if (v.last_sale && v.last_sale.routes?.length && v.phase === "operate") {
      drawRoutes(cos, v.last_sale.routes, 0.35);
    }
    if (myTurn) {
      for (const key of targets.keys()) {
        if (!key.startsWith("deed:")) highlight(key);
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

  function drawRoutes(cos, routes, opacity) {
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

  const map = buildMap();
  return { draw: drawPieces, provinceOf };
}
