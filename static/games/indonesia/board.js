// Indonesia's board, which is a map (makeMap): the stored drawing (layout.json: seas, areas,
// borders, connectors, labels, and the small letter of each area that the log's area names
// use) built once, then on each update the deeds, goods, cities and ships. Targets,
// highlights and the players' last moves are drawn by marks.js on the layers made here.
// Every word through ctx.t.

import { memo, morph } from "../../morph.js";
import { installPanZoom, zoomButtons } from "./panzoom.js";
import { companiesOf } from "./model.js";
import { areaLetters } from "./words.js";

const CITY_FILL = { 1: "#5cb85c", 2: "#f0c419", 3: "#d9534f" };
const star = (x, y) => "M" + Array.from({ length: 10 }, (_, i) => {
  const r = i % 2 ? 6 : 14;
  const a = (Math.PI / 5) * i - Math.PI / 2;
  return `${(x + r * Math.cos(a)).toFixed(1)} ${(y + r * Math.sin(a)).toFixed(1)}`;
}).join("L") + "z";
/**
 * The shape of each seat's goods marker, paired with the seat colour for colour-blind eyes;
 * the same order as the shell's seat marks (seatMark in static/dom.js).
 */
export const SEAT_SHAPES = [
  (x, y) => `M${x - 11} ${y}a11 11 0 1 0 22 0a11 11 0 1 0 -22 0z`,                        // disc
  (x, y) => `M${x - 10} ${y - 10}h20v20h-20z`,                                            // square
  (x, y) => `M${x} ${y - 13}L${x + 13} ${y + 10}L${x - 13} ${y + 10}z`,                   // triangle
  (x, y) => `M${x} ${y - 13}L${x + 13} ${y}L${x} ${y + 13}L${x - 13} ${y}z`,              // diamond
  star,                                                                                   // star
  (x, y) => `M${x - 6} ${y - 11}h12l6 11l-6 11h-12l-6 -11z`,                              // hexagon
];

/**
 * The map for one page: layout is the stored drawing, words the naming functions,
 * onKey(key) a click on an area ("a12"), a sea ("s120") or a target ("deed:a5"),
 * onPiece(el, ev) a tap on a piece that is no target (its card). Returns the layers and
 * drawPieces(doc, sel).
 */
export function makeMap(ctx, layout, words, mapWrap, legend, onKey, onPiece) {
  const { h, svg } = ctx;
  const t = (key, params) => ctx.t(key, params);
  const colour = (seat) => ctx.playerColor(seat);
  const name = (seat) => ctx.playerName(seat);
  const letters = areaLetters(layout, ctx.data?.area_letters);
  const [x0, y0, w, hgt] = layout.viewBox;
  const root = svg("svg", { viewBox: `${x0} ${y0} ${w} ${hgt}`, preserveAspectRatio: "xMidYMid meet", role: "group", class: "ind-svg" });
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
    // A sea is the rings that bound it (tools/indonesia_layout.py outline): an island's ring is a hole.
    const path = svg("path", { d, fill: tint, "fill-rule": "evenodd", stroke: tint, "stroke-width": 1, class: "ind-seacell", "data-sea": sid });
    const title = svg("title");
    path.append(title);
    const hl = svg("path", { d, class: "ind-seahl", "fill-rule": "evenodd", visibility: "hidden" });
    seaLayer.append(path, hl);
    seaEls[sid] = { path, hl, d, title };
  });
  view.append(seaLayer);
  view.append(svg("g", { class: "ind-lines" }, layout.sea_borders.map(([a, b, c, d]) =>
    svg("line", { x1: a, y1: b, x2: c, y2: d, stroke: "#fff", "stroke-width": 1.2, "stroke-dasharray": "4 4", "stroke-opacity": 0.8 }))));
  const seaLabels = svg("g", { class: "ind-lines", "aria-hidden": "true" });
  const seaTexts = {};
  for (const sid of seaIds) {
    const s = layout.seas[sid];
    seaTexts[sid] = svg("text", { x: s.centre[0], y: s.centre[1] - 14, "text-anchor": "middle", "font-size": 11, fill: "#0b4f6c", "font-style": "italic", "fill-opacity": 0.85 });
    seaLabels.append(seaTexts[sid]);
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
    const title = svg("title");
    poly.append(title);
    const hl = svg("polygon", { points, class: "ind-hl", visibility: "hidden" });
    landLayer.append(poly);
    areaEls[aid] = { poly, hl, points, title };
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
    stroke: "#4a2a7a", "stroke-width": 1.6, "stroke-dasharray": "5 3", "stroke-opacity": 0.75, "stroke-linecap": "round",
  }))));
  const hlLayer = svg("g");
  for (const el of Object.values(areaEls)) hlLayer.append(el.hl);
  view.append(hlLayer);
  // each area's letter (the "B" of "Aceh B", as the log names it); pieces may cover it
  view.append(svg("g", { class: "ind-lines ind-areanums", "aria-hidden": "true" }, Object.entries(layout.areas).map(([aid, a]) =>
    svg("text", { x: a.centre[0], y: a.centre[1] + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": 600, fill: "#5b4a36", "data-areanum": aid }, letters[aid]))));
  const provLabels = svg("g", { class: "ind-lines", "aria-hidden": "true" });
  for (const [pname, p] of Object.entries(layout.provinces)) {
    provLabels.append(svg("text", { x: p.label[0], y: p.label[1] + 22, "text-anchor": "middle", "font-size": 12, "font-weight": 600,
      fill: "#3b2f22", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke", opacity: 0.85 }, pname));
  }
  view.append(provLabels);
  const routeLayer = svg("g", { class: "ind-routes" });
  const pieceLayer = svg("g", { class: "ind-pieces" });
  const markLayer = svg("g", { class: "ind-marks" });   // the players' last moves
  const refLayer = svg("g", { class: "ind-refs" });     // what a log line names
  const targetLayer = svg("g", { class: "ind-targets" });
  view.append(pieceLayer, routeLayer, markLayer, refLayer, targetLayer);

  const panState = installPanZoom(root, view, w, hgt);
  // a click between targets chooses the nearest one within a finger's reach, a tap on targets
  // smaller than a finger zooms in on them first (marks.js)
  const near = { pick: null };
  // clicks on regions and pieces (ignored after a drag)
  root.addEventListener("click", (ev) => {
    if (panState.moved) return;
    const hit = ev.target.closest("[data-target]");
    const tgt = near.pick ? near.pick(ev.clientX, ev.clientY, hit) : hit;
    if (tgt === "zoomed") return;
    if (tgt) { onKey(tgt.dataset.target); return; }
    const piece = ev.target.closest("[data-tip]");
    if (piece) { onPiece(piece, ev); return; }
    const region = ev.target.closest("[data-area],[data-sea]");
    if (!region) return;
    onKey(region.dataset.area !== undefined ? `a${region.dataset.area}` : `s${region.dataset.sea}`);
  });
  const zoom = zoomButtons(h, panState, mapWrap, t);
  mapWrap.replaceChildren(root, zoom.el);

  let labelled = null; // the language the words below are in
  /** The words drawn once (titles, labels, legend): again after a language switch. */
  function label() {
    const lang = ctx.lang ? ctx.lang() : "";
    if (labelled === lang) return;
    labelled = lang;
    root.setAttribute("aria-label", t("indonesia.board.map_label"));
    for (const [sid, el] of Object.entries(seaEls)) {
      el.title.textContent = t("indonesia.tip.sea", { sea: words.sea(sid) });
      seaTexts[sid].textContent = words.sea(sid);
    }
    for (const [aid, el] of Object.entries(areaEls)) el.title.textContent = t("indonesia.tip.area", { area: words.area(aid) });
    zoom.label();
    const item = (cls, key, tip) => h("span", { class: "ind-legend-item", title: t(tip) }, [h("i", { class: cls, "aria-hidden": "true" }), t(key)]);
    legend.replaceChildren(
      item("ind-water", "indonesia.board.legend.water", "indonesia.tip.legend.water"),
      item("ind-barrier", "indonesia.board.legend.barrier", "indonesia.tip.legend.barrier"),
      item("ind-border", "indonesia.board.legend.border", "indonesia.tip.legend.border"),
      h("span", { class: "ind-legend-item" }, t("indonesia.board.legend.goods", {
        rice: words.goodLetter("rice"), spice: words.goodLetter("spice"), rubber: words.goodLetter("rubber"),
        siap: words.goodLetter("siap faji"), oil: words.goodLetter("oil"),
      })),
      h("span", { class: "ind-legend-item" }, t("indonesia.board.legend.numbers")),
    );
  }

  const areaCentre = (a) => layout.areas[String(a)]?.centre || [0, 0];
  const seaCentre = (s) => layout.seas[String(s)]?.centre || [0, 0];
  const shapeOf = (seat) => SEAT_SHAPES[Number(seat) % SEAT_SHAPES.length];

  // Each piece is drawn again only when what it shows changed (its words included): a move
  // that leaves a piece alone costs neither its drawing nor its words (static/morph.js memo).
  const pieceCaches = new Map();
  const piece = (key, inputs, build) => {
    let cache = pieceCaches.get(key);
    if (!cache) pieceCaches.set(key, (cache = {}));
    return memo(cache, `${ctx.lang ? ctx.lang() : ""}|${JSON.stringify(inputs)}`, build);
  };

  function drawPieces(doc, sel) {
    const v = doc.view;
    // The pieces are drawn afresh off the page, and only what changed is written to it
    // (static/morph.js, issue 42): a move touches the few pieces it moved.
    const pieces = svg("g", { class: "ind-pieces" });
    routeLayer.replaceChildren();
    label();
    const cos = companiesOf(v);

    // deeds waiting on their provinces (a target of its own when it may be taken: marks.js)
    const byProv = {};
    for (const d of v.deeds || []) (byProv[d.province] ||= []).push(d);
    for (const [prov, deeds] of Object.entries(byProv)) {
      const p = layout.provinces[prov];
      if (!p) continue;
      deeds.forEach((d, i) => {
        const x = p.label[0] - (deeds.length * 30) / 2 + i * 30 + 15;
        const y = p.label[1] + 36;
        const on = sel.deed === d.id;
        pieces.append(piece(`deed:${d.id}`, [d, x, y, on], () => {
          const g = svg("g", { "data-deed": d.id, "data-tip": t("indonesia.tip.deed", words.deedParams(d)), "data-x": x, "data-y": y });
          g.append(svg("rect", { x: x - 10, y: y - 8, width: 20, height: 16, rx: 3, fill: on ? "#ffe066" : "#fffbe6", stroke: "#5f4b1e", "stroke-width": on ? 2 : 1, "stroke-dasharray": "3 1.5" }));
          g.append(svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5f4b1e" }, words.goodLetter(d.type)));
          g.append(svg("title", null, g.dataset.tip));
          return g;
        }));
      });
    }

    // goods: one marker per area, owner colour and shape, pattern and letter by type
    for (const co of v.companies || []) {
      if (co.type === "shipping") continue;
      for (const a of co.areas || []) {
        const [x, y] = areaCentre(a);
        pieces.append(piece(`good:${a}`, [co.type, co.id, co.owner, name(co.owner), ctx.data.prices?.[co.type]], () => {
          const tip = t("indonesia.tip.good", { good: words.good(co.type), company: co.id, owner: name(co.owner), area: words.area(a), price: ctx.data.prices?.[co.type] ?? 0 });
          const g = svg("g", { "data-good": a, "data-tip": tip });
          const d = shapeOf(co.owner)(x, y);
          g.append(svg("path", { d, fill: colour(co.owner), stroke: "#222", "stroke-width": 1 }));
          g.append(svg("path", { d, fill: `url(#ind-pat-${co.type.replace(" ", "-")})`, "fill-opacity": 0.55 }));
          g.append(svg("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 800, fill: "#fff", stroke: "#000", "stroke-width": 1.6, "paint-order": "stroke" }, words.goodLetter(co.type)));
          g.append(svg("title", null, tip));
          return g;
        }));
      }
    }

    // cities: size stone and what they still need to grow
    for (const c of v.cities || []) {
      const [x, y] = areaCentre(c.area);
      pieces.append(piece(`city:${c.area}`, [c, ctx.data.max_city_size], () => {
        const needs = Object.entries(c.needs || {});
        const needText = c.size >= ctx.data.max_city_size ? t("indonesia.board.city_largest")
          : needs.length ? t("indonesia.board.city_needs", { goods: needs.map(([g2, n]) => t("indonesia.board.n_goods", { n, good: words.good(g2) })).join(", ") })
            : t("indonesia.board.city_will_grow");
        const tip = t("indonesia.tip.city", { size: c.size, area: words.area(c.area), needs: needText });
        const g = svg("g", { "data-city": c.area, "data-tip": tip });
        g.append(svg("circle", { cx: x, cy: y, r: 12, fill: CITY_FILL[c.size] || "#999", stroke: "#222", "stroke-width": 1.5 }));
        g.append(svg("text", { x, y: y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#111" }, String(c.size)));
        needs.forEach(([good, n], i) => {
          const nx = x - (needs.length * 14) / 2 + i * 14 + 7;
          g.append(svg("rect", { x: nx - 6.5, y: y + 12, width: 13, height: 11, rx: 2, fill: "#fff", stroke: "#333", "stroke-width": 0.7 }));
          g.append(svg("text", { x: nx, y: y + 20.5, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#333" }, `${words.goodLetter(good)}${n > 1 ? n : ""}`));
        });
        g.append(svg("title", null, tip));
        return g;
      }));
    }

    // ships: by sea, one boat per company with its count, owner colour and letter
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
        pieces.append(piece(`ship:${co.id}:${sid}`, [n, co.owner, name(co.owner), x, y, ctx.data.ship_fee], () => {
          const tip = t("indonesia.tip.ship", { n, company: co.id, owner: name(co.owner), sea: words.sea(sid), fee: ctx.data.ship_fee ?? 5 });
          const g = svg("g", { "data-ship": `${co.id}:${sid}`, "data-tip": tip });
          g.append(svg("path", { d: `M${x - 14} ${y - 2} L${x + 14} ${y - 2} L${x + 9} ${y + 7} L${x - 9} ${y + 7} Z`, fill: colour(co.owner), stroke: "#111", "stroke-width": 1 }));
          g.append(svg("text", { x, y: y + 5.5, "text-anchor": "middle", "font-size": 7.5, "font-weight": 800, fill: "#fff", stroke: "#000", "stroke-width": 1.2, "paint-order": "stroke" }, words.seatLetter(co.owner)));
          g.append(svg("path", { d: `M${x} ${y - 3} L${x} ${y - 18} L${x + 10} ${y - 4} Z`, fill: "#fff", stroke: "#111", "stroke-width": 0.8 }));
          g.append(svg("text", { x: x - 6, y: y - 6, "text-anchor": "middle", "font-size": 10, "font-weight": 800, fill: "#111" }, n > 1 ? String(n) : ""));
          g.append(svg("text", { x, y: y + 17, "text-anchor": "middle", "font-size": 9, "font-weight": 600, fill: "#102a43" }, co.id));
          g.append(svg("title", null, tip));
          return g;
        }));
      });
    }
    morph(pieceLayer, pieces);
    return cos;
  }

  const provinceAreas = (prov) => Object.entries(layout.areas).filter(([, a]) => a.province === prov).map(([aid]) => Number(aid));

  return { provinceAreas, near, root, view, seaEls, areaEls, pieceLayer, routeLayer, markLayer, refLayer, targetLayer, panState, areaCentre, seaCentre, drawPieces };
}
