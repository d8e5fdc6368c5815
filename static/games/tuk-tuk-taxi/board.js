// Tuk-Tuk Taxi's board: the street grid from the engine's layout (ctx.data.board) with its
// column letters and row numbers (the names the log uses, words.js cellName), the signs,
// passengers and taxis of the view, each player's last move (marks.js) and the targets the
// model offers. Every picture carries a <title> and a data-tip (the tap card on touch).

import { memo, whole } from "../../morph.js";
import { DIR_KEY } from "./glyphs.js";
import { drawHighlights, drawTrail } from "./marks.js";
import { arrowSide, movesByEnd, pendingMoves } from "./model.js";
import { cellName, edgeLabels, noteText } from "./words.js";

export const C = 40; // cell size in SVG units
const LEFT = 20; // room for the row numbers
const TOP = 20; // room for the column letters
const PAD = 6;

const PALETTE = {
  european: { ground: "#dfe6d8", block: "#c9c2b8", roof: "#a3473a", street: "#5d6166", line: "#f1f3f5", label: "tuk-tuk-taxi.board.side_european" },
  asian: { ground: "#e8dcc0", block: "#d8b77a", roof: "#2f7d5b", street: "#6a5f55", line: "#fff4d6", label: "tuk-tuk-taxi.board.side_asian" },
};

const parse = (key) => key.split(",").map(Number);
/** The SVG centre of a "r,c" cell. */
export const centre = (key) => {
  const [r, c] = parse(key);
  return [LEFT + c * C + C / 2, TOP + r * C + C / 2];
};
/** The board's size in SVG units (square). */
export const boardUnits = (size) => LEFT + size * C + PAD;

/** A picture's tooltip: the <title> for a mouse, data-tip for the tap card. */
function tipped(g, svg, text) {
  g.dataset.tip = text;
  g.prepend(svg("title", {}, text));
  return g;
}

/**
 * The board SVG. onTarget(kind, cell) and onDirection(dir) are the clicks; the answer's
 * showRoutes(moves) draws routes (the side panel's route buttons preview with it) and
 * setHighlight(refs) marks the places a log line names.
 */
export function drawBoard({ ctx, glyphs, cache = {}, board, view, offer, pending, turns, highlight, onTarget, onDirection }) {
  const { svg, t } = ctx;
  const side = PALETTE[view.side] || PALETTE.european;
  const b = board;
  const W = boardUnits(b.size);
  const streets = new Set(b.street_lines);
  const isStreet = (r, c) => r >= 0 && c >= 0 && r < b.size && c < b.size && (streets.has(r) || streets.has(c));
  const root = svg("svg", { viewBox: `0 0 ${W} ${W}`, role: "group", "aria-label": t("tuk-tuk-taxi.board.label", { side: t(side.label) }) });
  // (A shape of one paint is faded with fill-opacity or stroke-opacity, not opacity: the same
  // picture, without a compositing effect per shape for the browser to keep, issue 42.)
  // The streets, blocks, spots and spaces never change during a game: drawn once (per side
  // and language) and left on the page by every later move (static/morph.js memo).
  root.append(memo(cache, `${view.side}|${ctx.lang ? ctx.lang() : ""}`, () => {
    const ground = svg("g", { "data-key": "tt-ground" });
    ground.append(svg("rect", { width: W, height: W, fill: side.ground, rx: 10 }));

    // column letters and row numbers: the names the log gives the cells
    const labels = edgeLabels(b.size);
    const edge = svg("g", { class: "tt-edge", "aria-hidden": "true" });
    labels.columns.forEach((l, c) => edge.append(svg("text", { x: LEFT + c * C + C / 2, y: TOP - 6, "text-anchor": "middle", "font-size": 12, fill: "#333" }, l)));
    labels.rows.forEach((l, r) => edge.append(svg("text", { x: LEFT - 4, y: TOP + r * C + C / 2 + 4, "text-anchor": "end", "font-size": 12, fill: "#333" }, l)));
    ground.append(edge);

    // blocks of buildings between the streets (the art differs per side)
    const lines = b.street_lines;
    for (let i = 0; i + 1 < lines.length; i++) {
      for (let j = 0; j + 1 < lines.length; j++) {
        const [br, bc] = [lines[i], lines[j]];
        const x = LEFT + (bc + 1) * C;
        const y = TOP + (br + 1) * C;
        const bw = (lines[j + 1] - bc - 1) * C;
        const bh = (lines[i + 1] - br - 1) * C;
        ground.append(svg("rect", { x: x + 3, y: y + 3, width: bw - 6, height: bh - 6, rx: 6, fill: side.block }));
        for (let k = 0; k < 3; k++) {
          if (view.side === "asian") {
            ground.append(svg("path", { d: `M${x + 8 + k * 38} ${y + 26} q16 -16 32 0 z`, fill: side.roof, "fill-opacity": 0.8 }));
          } else {
            ground.append(svg("rect", { x: x + 10 + k * 36, y: y + 10, width: 24, height: 14, fill: side.roof, "fill-opacity": 0.7 }));
          }
        }
      }
    }
    // streets
    for (let r = 0; r < b.size; r++) {
      for (let c = 0; c < b.size; c++) {
        if (!isStreet(r, c)) continue;
        ground.append(svg("rect", { x: LEFT + c * C, y: TOP + r * C, width: C, height: C, fill: side.street, dataset: { cell: `${r},${c}` } }));
      }
    }
    // lane markings between non-intersection neighbours
    const far = LEFT + (b.size - 1) * C;
    for (const line of b.street_lines) {
      const px = LEFT + line * C + C / 2;
      const py = TOP + line * C + C / 2;
      ground.append(svg("line", { x1: LEFT + C, y1: py, x2: far, y2: py, stroke: side.line, "stroke-width": 1.5, "stroke-dasharray": "6 8", "stroke-opacity": 0.6 }));
      ground.append(svg("line", { x1: px, y1: TOP + C, x2: px, y2: TOP + (b.size - 1) * C, stroke: side.line, "stroke-width": 1.5, "stroke-dasharray": "6 8", "stroke-opacity": 0.6 }));
    }
    // passenger spots (brown rectangles)
    for (const key of b.passenger_spots) {
      const [x, y] = centre(key);
      ground.append(tipped(svg("g", { class: "tt-spot" }, [svg("rect", { x: x - C / 2 + 3, y: y - C / 2 + 3, width: C - 6, height: C - 6, rx: 3, fill: "#8d5a3b", "fill-opacity": 0.55 })]),
        svg, t("tuk-tuk-taxi.tip.spot", { cell: cellName(key) })));
    }
    // gas stations and mechanics
    const SPACE_TIP = { gas_station: "tuk-tuk-taxi.tip.gas_station", mechanic: "tuk-tuk-taxi.tip.mechanic" };
    const space = (key, kind, colour, icon) => {
      const [x, y] = centre(key);
      ground.append(tipped(svg("g", { transform: `translate(${x},${y})`, class: "tt-space", dataset: { kind, cell: key } }, [
        svg("rect", { x: -C / 2 + 2, y: -C / 2 + 2, width: C - 4, height: C - 4, rx: 5, fill: colour, "fill-opacity": 0.9 }), icon]),
      svg, t(SPACE_TIP[kind], { cell: cellName(key) })));
    };
    for (const key of b.gas_stations) space(key, "gas_station", "#e8590c", glyphs.pump(C * 0.32, "#fff"));
    for (const key of b.mechanics) space(key, "mechanic", "#495057", glyphs.wrench(C * 0.3, "#fff"));
    return ground;
  }));
  // Stops, lights, passengers and signs are drawn again only when what they show changed.
  const lang = ctx.lang ? ctx.lang() : "";
  const parts = (cache.parts ||= new Map());
  const part = (key, inputs, build) => {
    let kept = parts.get(key);
    if (!kept) parts.set(key, (kept = {}));
    return memo(kept, `${lang}|${JSON.stringify(inputs)}`, build);
  };
  // taxi stops in seat colours with the seat's number (unused corners grey)
  b.taxi_stops.forEach((key, seat) => {
    const used = seat < view.players;
    root.append(part(`stop:${seat}`, [used, used ? ctx.playerName(seat) : ""], () => {
      const [x, y] = centre(key);
      const colour = used ? ctx.playerColor(seat) : "#adb5bd";
      const tip = used ? t("tuk-tuk-taxi.tip.stop", { name: ctx.playerName(seat), n: seat + 1, cell: cellName(key) })
        : t("tuk-tuk-taxi.tip.stop_unused", { cell: cellName(key) });
      return tipped(svg("g", { transform: `translate(${x},${y})`, class: "tt-stop", dataset: { seat: String(seat) } }, [
        svg("rect", { x: -C / 2 + 1, y: -C / 2 + 1, width: C - 2, height: C - 2, rx: 4, fill: colour, "fill-opacity": 0.45 }),
        svg("text", { y: -4, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff" }, used ? String(seat + 1) : ""),
        svg("text", { y: C / 2 - 7, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff" }, "TAXI"),
      ]), svg, tip);
    }));
  });
  // traffic lights
  for (const key of b.traffic_lights) {
    const colour = view.die ? view.die.colour : null;
    root.append(part(`light:${key}`, [colour], () => {
      const [x, y] = centre(key);
      return tipped(svg("g", { transform: `translate(${x},${y})`, class: "tt-light" }, [
        svg("rect", { x: -7, y: -16, width: 14, height: 32, rx: 4, fill: "#212529" }),
        svg("circle", { cy: -9, r: 4, fill: colour === "red" ? "#ff6b6b" : "#5c1f1f" }),
        svg("circle", { cy: 0, r: 4, fill: colour === "yellow" ? "#ffe066" : "#5c531f" }),
        svg("circle", { cy: 9, r: 4, fill: colour === "green" ? "#69db7c" : "#1f5c2a" }),
      ]), svg, t("tuk-tuk-taxi.tip.light", { cell: cellName(key) }));
    }));
  }
  // waiting passengers: on the inner building beside their spot, feet toward the street
  for (const key of view.passengers) {
    root.append(part(`passenger:${key}`, [], () => {
      const [r, c] = parse(key);
      const [x, y] = centre(key);
      const mid = (b.size - 1) / 2;
      let dx = 0;
      let dy = 0;
      if (streets.has(r)) dy = r < mid ? 1 : -1;
      else dx = c < mid ? 1 : -1;
      const g = glyphs.passenger(x + dx * C * 0.62, y + dy * C * 0.62);
      g.classList.add("tt-passenger");
      g.dataset.cell = key;
      return tipped(g, svg, t("tuk-tuk-taxi.tip.passenger", { cell: cellName(key) }));
    }));
  }
  // signs on the board
  for (const [key, sign] of Object.entries(view.signs)) {
    root.append(part(`sign:${key}`, [sign], () => {
      const [x, y] = centre(key);
      const g = glyphs.sign(sign, x, y, C * 0.8);
      g.dataset.cell = key;
      return tipped(g, svg, `${cellName(key)}: ${glyphs.signWords(sign)}`);
    }));
  }
  // each player's last move, then the route preview (filled on hover), the taxis, highlights
  const trailLayer = svg("g", { class: "tt-trails", "pointer-events": "none" });
  // A seat's trail and its taxi change only when that seat moves: the others are left as
  // they are on the page (static/morph.js memo, issue 42).
  (turns || []).forEach((turn, seat) => {
    if (turn) trailLayer.append(part(`trail:${seat}`, [turn, ctx.playerName(seat)], () => drawTrail({ ctx, turn, seat, centre })));
  });
  // The layers drawn into after the board is on the page (hover, highlight) and the targets
  // with hand-added listeners are put on the page as they are (static/morph.js).
  const routeLayer = whole(svg("g", { class: "tt-route", "pointer-events": "none" }));
  const taxiLayer = svg("g", { "pointer-events": "none" });
  view.taxis.forEach((key, seat) => {
    taxiLayer.append(part(`taxi:${seat}`, [key, view.carrying[seat], ctx.playerName(seat)],
      () => glyphs.taxi(centre(key), key, seat, view.carrying[seat], ctx.playerName(seat), ctx.playerColor(seat))));
  });
  const highlightLayer = whole(svg("g", { class: "tt-highlights", "pointer-events": "none" }));
  const setHighlight = (refs) => drawHighlights({ svg, layer: highlightLayer, refs, centre, C });
  root.append(trailLayer, routeLayer, taxiLayer, highlightLayer);
  setHighlight(highlight);

  // click targets: the whole cell is the hit area (>= 44 px once zoomed on touch)
  const targets = whole(svg("g", {}));
  const target = (key, kind, onclick, label, colour) => {
    const [x, y] = centre(key);
    // One Tab stop for the whole board: static/roving.js gives it to one target (tabindex 0),
    // moves it with the arrow keys and turns Enter/Space into this click.
    const g = svg("g", { class: "tt-target", tabindex: -1, role: "button", "aria-label": label,
      dataset: { cell: key, target: kind, rove: `${kind}:${key}` }, onclick });
    g.append(svg("title", {}, label),
      svg("rect", { class: "tt-hit", x: x - C / 2, y: y - C / 2, width: C, height: C, fill: "transparent" }),
      svg("rect", { class: "tt-hl", x: x - C / 2 + 3, y: y - C / 2 + 3, width: C - 6, height: C - 6, rx: 8,
        fill: colour, "fill-opacity": 0.25, stroke: colour, "stroke-width": 3, "stroke-dasharray": "5 3" }),
      svg("circle", { cx: x, cy: y, r: 4, fill: colour, stroke: "#fff", "stroke-width": 1.5 }));
    targets.append(g);
    return g;
  };
  const me = ctx.playerColor(ctx.seat);
  const click = (kind, key) => () => onTarget(kind, key);
  const drawn = view.drawn ? t(`tuk-tuk-taxi.term.${view.drawn.kind}`) : "";
  for (const key of offer.place.keys()) {
    target(key, "place", click("place", key), t("tuk-tuk-taxi.board.target.place", { sign: drawn, cell: cellName(key) }), "#fcc419");
  }
  for (const key of offer.goTo) {
    target(key, "go_to", click("go_to", key), t("tuk-tuk-taxi.board.target.go_to", { kind: view.drawn ? view.drawn.kind : "", cell: cellName(key) }), "#fcc419");
  }
  for (const key of offer.remove) {
    const sign = view.signs[key];
    target(key, "remove_sign", click("remove_sign", key), t("tuk-tuk-taxi.board.target.remove", {
      sign: sign ? t(`tuk-tuk-taxi.term.${sign.kind}`) : "", cell: cellName(key) }), "#fa5252");
  }
  const byEnd = movesByEnd(view.moves);
  const resting = () => pendingMoves(pending, view.moves);
  const showRoutes = (list) => {
    while (routeLayer.firstChild) routeLayer.firstChild.remove();
    list.forEach((m, i) => {
      const pts = m.path.map((k) => centre(k).map((v) => v + i * 4).join(",")).join(" ");
      routeLayer.append(svg("polyline", { points: pts, fill: "none", stroke: me, "stroke-width": 6,
        "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-opacity": 0.85, class: "tt-route-line" }));
      const [ex, ey] = centre(m.path[m.path.length - 1]);
      routeLayer.append(svg("circle", { cx: ex + i * 4, cy: ey + i * 4, r: 5, fill: me }));
    });
  };
  for (const key of offer.moves.keys()) {
    const options = byEnd.get(key) || [];
    const steps = options.length ? options[0].path.length - 1 : 0;
    const notes = options.map((m) => noteText(t, m)).join(" / ");
    const label = t("tuk-tuk-taxi.board.target.move", { cell: cellName(key), steps, notes });
    const g = target(key, "move", click("move", key), label, me);
    g.addEventListener("mouseenter", () => showRoutes(options));
    g.addEventListener("focus", () => showRoutes(options));
    g.addEventListener("mouseleave", () => showRoutes(resting()));
    g.addEventListener("blur", () => showRoutes(resting()));
  }
  root.append(targets);
  showRoutes(resting());

  // direction picker for the drawn sign
  if (pending && pending.kind === "dir") {
    const [x, y] = centre(pending.cell);
    const kind = view.drawn ? view.drawn.kind : "";
    root.append(svg("circle", { cx: x, cy: y, r: C * 0.55, fill: "#fff", "fill-opacity": 0.8 }));
    for (const d of pending.dirs) {
      const [dx, dy] = glyphs.DIR_VEC[d];
      const px = x + arrowSide(kind) * dx * C * 0.95;
      const py = y + arrowSide(kind) * dy * C * 0.95;
      const label = t(kind === "one_way" ? "tuk-tuk-taxi.board.dir.one_way" : `tuk-tuk-taxi.board.dir.${kind === "turn_left" ? "turn_left" : "turn_right"}`,
        { dir: t(DIR_KEY[d]) });
      const g = svg("g", { class: "tt-target tt-dir", tabindex: -1, role: "button", "aria-label": label,
        dataset: { dir: d, rove: `dir:${d}` }, onclick: () => onDirection(d) });
      g.append(svg("title", {}, label),
        svg("circle", { class: "tt-hit", cx: px, cy: py, r: 20, fill: "transparent" }),
        svg("circle", { cx: px, cy: py, r: 16, fill: "#fcc419", stroke: "#111", "stroke-width": 1.5 }),
        glyphs.arrowHead(px + (dx * 9), py + (dy * 9), d, 14, "#111"));
      root.append(g);
    }
  }
  return { el: root, showRoutes, setHighlight };
}
