// Tuk-Tuk Taxi's board: the street grid from the engine's layout (ctx.data.board), the
// signs, passengers and taxis of the view, and the click targets the model offers.

import { DIR_NAME } from "./glyphs.js";
import { arrowSide, movesByEnd, pendingMoves } from "./model.js";

export const C = 40; // cell size in SVG units
const PAD = 6;

const PALETTE = {
  european: { ground: "#dfe6d8", block: "#c9c2b8", roof: "#a3473a", street: "#5d6166", line: "#f1f3f5", label: "European side" },
  asian: { ground: "#e8dcc0", block: "#d8b77a", roof: "#2f7d5b", street: "#6a5f55", line: "#fff4d6", label: "Asian side" },
};

const parse = (key) => key.split(",").map(Number);
/** The SVG centre of a "r,c" cell. */
export const centre = (key) => {
  const [r, c] = parse(key);
  return [PAD + c * C + C / 2, PAD + r * C + C / 2];
};

/**
 * The board SVG. onTarget(kind, cell) and onDirection(dir) are the clicks; the answer's
 * showRoutes(moves) draws routes (the side panel's route buttons preview with it).
 */
export function drawBoard({ ctx, glyphs, board, view, offer, pending, onTarget, onDirection }) {
  const { svg } = ctx;
  const side = PALETTE[view.side] || PALETTE.european;
  const b = board;
  const W = b.size * C + PAD * 2;
  const streets = new Set(b.street_lines);
  const isStreet = (r, c) => r >= 0 && c >= 0 && r < b.size && c < b.size && (streets.has(r) || streets.has(c));
  const root = svg("svg", { viewBox: `0 0 ${W} ${W}`, role: "img", "aria-label": `Tuk-Tuk Taxi board, ${side.label}` });
  root.append(svg("rect", { width: W, height: W, fill: side.ground, rx: 10 }));

  // blocks of buildings between the streets (the art differs per side)
  const lines = b.street_lines;
  for (let i = 0; i + 1 < lines.length; i++) {
    for (let j = 0; j + 1 < lines.length; j++) {
      const [br, bc] = [lines[i], lines[j]];
      const x = PAD + (bc + 1) * C;
      const y = PAD + (br + 1) * C;
      const bw = (lines[j + 1] - bc - 1) * C;
      const bh = (lines[i + 1] - br - 1) * C;
      root.append(svg("rect", { x: x + 3, y: y + 3, width: bw - 6, height: bh - 6, rx: 6, fill: side.block }));
      for (let k = 0; k < 3; k++) {
        if (view.side === "asian") {
          root.append(svg("path", { d: `M${x + 8 + k * 38} ${y + 26} q16 -16 32 0 z`, fill: side.roof, opacity: 0.8 }));
        } else {
          root.append(svg("rect", { x: x + 10 + k * 36, y: y + 10, width: 24, height: 14, fill: side.roof, opacity: 0.7 }));
        }
      }
    }
  }
  // streets
  const lights = new Set(b.traffic_lights);
  for (let r = 0; r < b.size; r++) {
    for (let c = 0; c < b.size; c++) {
      if (!isStreet(r, c)) continue;
      root.append(svg("rect", { x: PAD + c * C, y: PAD + r * C, width: C, height: C, fill: side.street, dataset: { cell: `${r},${c}` } }));
    }
  }
  // lane markings between non-intersection neighbours
  for (const line of b.street_lines) {
    const p = PAD + line * C + C / 2;
    root.append(svg("line", { x1: PAD + C, y1: p, x2: W - PAD - C, y2: p, stroke: side.line, "stroke-width": 1.5, "stroke-dasharray": "6 8", opacity: 0.6 }));
    root.append(svg("line", { x1: p, y1: PAD + C, x2: p, y2: W - PAD - C, stroke: side.line, "stroke-width": 1.5, "stroke-dasharray": "6 8", opacity: 0.6 }));
  }
  // passenger spots (brown rectangles)
  for (const key of b.passenger_spots) {
    const [x, y] = centre(key);
    root.append(svg("rect", { x: x - C / 2 + 3, y: y - C / 2 + 3, width: C - 6, height: C - 6, rx: 3, fill: "#8d5a3b", opacity: 0.55 }));
  }
  // gas stations and mechanics
  for (const key of b.gas_stations) {
    const [x, y] = centre(key);
    root.append(svg("g", { transform: `translate(${x},${y})` }, [svg("title", {}, "Gas station"),
      svg("rect", { x: -C / 2 + 2, y: -C / 2 + 2, width: C - 4, height: C - 4, rx: 5, fill: "#e8590c", opacity: 0.9 }),
      glyphs.pump(C * 0.32, "#fff")]));
  }
  for (const key of b.mechanics) {
    const [x, y] = centre(key);
    root.append(svg("g", { transform: `translate(${x},${y})` }, [svg("title", {}, "Mechanic"),
      svg("rect", { x: -C / 2 + 2, y: -C / 2 + 2, width: C - 4, height: C - 4, rx: 5, fill: "#495057", opacity: 0.9 }),
      glyphs.wrench(C * 0.3, "#fff")]));
  }
  // taxi stops in seat colours (unused corners grey)
  b.taxi_stops.forEach((key, seat) => {
    const [x, y] = centre(key);
    const used = seat < view.players;
    const colour = used ? ctx.playerColor(seat) : "#adb5bd";
    root.append(svg("g", { transform: `translate(${x},${y})` }, [
      svg("title", {}, used ? `${ctx.playerName(seat)}'s taxi stop` : "Unused taxi stop"),
      svg("rect", { x: -C / 2 + 1, y: -C / 2 + 1, width: C - 2, height: C - 2, rx: 4, fill: colour, opacity: 0.45 }),
      svg("text", { y: C / 2 - 7, "text-anchor": "middle", "font-size": 8, "font-weight": 700, fill: "#fff" }, "TAXI"),
    ]));
  });
  // traffic lights
  for (const key of lights) {
    const [x, y] = centre(key);
    const colour = view.die ? view.die.colour : null;
    root.append(svg("g", { transform: `translate(${x},${y})`, class: "tt-light" }, [
      svg("title", {}, "Traffic light"),
      svg("rect", { x: -7, y: -16, width: 14, height: 32, rx: 4, fill: "#212529" }),
      svg("circle", { cy: -9, r: 4, fill: colour === "red" ? "#ff6b6b" : "#5c1f1f" }),
      svg("circle", { cy: 0, r: 4, fill: colour === "yellow" ? "#ffe066" : "#5c531f" }),
      svg("circle", { cy: 9, r: 4, fill: colour === "green" ? "#69db7c" : "#1f5c2a" }),
    ]));
  }
  // waiting passengers: on the inner building beside their spot, feet toward the street
  for (const key of view.passengers) {
    const [r, c] = parse(key);
    const [x, y] = centre(key);
    const mid = (b.size - 1) / 2;
    let dx = 0;
    let dy = 0;
    if (streets.has(r)) dy = r < mid ? 1 : -1;
    else dx = c < mid ? 1 : -1;
    const g = glyphs.passenger(x + dx * C * 0.62, y + dy * C * 0.62);
    g.append(svg("title", {}, "A passenger waiting"));
    g.classList.add("tt-passenger");
    g.dataset.cell = key;
    root.append(g);
  }
  // signs on the board
  for (const [key, sign] of Object.entries(view.signs)) {
    const [x, y] = centre(key);
    root.append(glyphs.sign(sign, x, y, C * 0.8));
  }
  // route preview layer (filled on hover)
  const routeLayer = svg("g", { class: "tt-route", "pointer-events": "none" });
  // taxis
  const taxiLayer = svg("g", { "pointer-events": "none" });
  view.taxis.forEach((key, seat) => {
    taxiLayer.append(glyphs.taxi(centre(key), key, seat, view.carrying[seat], ctx.playerName(seat), ctx.playerColor(seat)));
  });
  root.append(routeLayer, taxiLayer);

  // click targets
  const targets = svg("g", {});
  const target = (key, kind, onclick, title, colour) => {
    const [x, y] = centre(key);
    const g = svg("g", { class: "tt-target", tabindex: 0, role: "button", "aria-label": title,
      dataset: { cell: key, target: kind }, onclick });
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onclick(); } });
    g.append(svg("title", {}, title),
      svg("rect", { class: "tt-hl", x: x - C / 2 + 3, y: y - C / 2 + 3, width: C - 6, height: C - 6, rx: 8,
        fill: colour, "fill-opacity": 0.25, stroke: colour, "stroke-width": 3, "stroke-dasharray": "5 3" }),
      svg("circle", { cx: x, cy: y, r: 4, fill: colour, stroke: "#fff", "stroke-width": 1.5 }));
    targets.append(g);
    return g;
  };
  const me = ctx.playerColor(ctx.seat);
  const click = (kind, key) => () => onTarget(kind, key);
  for (const key of offer.place.keys()) {
    target(key, "place", click("place", key), `Place ${view.drawn ? view.drawn.name : "the sign"} here`, "#fcc419");
  }
  for (const key of offer.goTo) target(key, "go_to", click("go_to", key), "Drive here", "#fcc419");
  for (const key of offer.remove) target(key, "remove_sign", click("remove_sign", key), "Remove this sign", "#fa5252");
  const byEnd = movesByEnd(view.moves);
  const resting = () => pendingMoves(pending, view.moves);
  const showRoutes = (list) => {
    while (routeLayer.firstChild) routeLayer.firstChild.remove();
    list.forEach((m, i) => {
      const pts = m.path.map((k) => centre(k).map((v) => v + i * 4).join(",")).join(" ");
      routeLayer.append(svg("polyline", { points: pts, fill: "none", stroke: me, "stroke-width": 6,
        "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.85, class: "tt-route-line" }));
      const [ex, ey] = centre(m.path[m.path.length - 1]);
      routeLayer.append(svg("circle", { cx: ex + i * 4, cy: ey + i * 4, r: 5, fill: me }));
    });
  };
  for (const key of offer.moves.keys()) {
    const options = byEnd.get(key) || [];
    const title = options.map((m) => m.note).join(" / ") || "End your move here";
    const g = target(key, "move", click("move", key), title, me);
    g.addEventListener("mouseenter", () => showRoutes(options));
    g.addEventListener("focus", () => showRoutes(options));
    g.addEventListener("mouseleave", () => showRoutes(resting()));
  }
  root.append(targets);
  showRoutes(resting());

  // direction picker for the drawn sign
  if (pending && pending.kind === "dir") {
    const [x, y] = centre(pending.cell);
    const kind = view.drawn ? view.drawn.kind : "";
    root.append(svg("circle", { cx: x, cy: y, r: C * 0.55, fill: "#fff", opacity: 0.8 }));
    for (const d of pending.dirs) {
      const [dx, dy] = glyphs.DIR_VEC[d];
      const px = x + arrowSide(kind) * dx * C * 0.95;
      const py = y + arrowSide(kind) * dy * C * 0.95;
      const label = kind === "one_way"
        ? `One-way, pointing ${DIR_NAME[d]}`
        : `Cars driving ${DIR_NAME[d]} must turn ${kind === "turn_right" ? "right" : "left"}`;
      const g = svg("g", { class: "tt-target tt-dir", tabindex: 0, role: "button", "aria-label": label,
        dataset: { dir: d }, onclick: () => onDirection(d) });
      g.append(svg("title", {}, label),
        svg("circle", { cx: px, cy: py, r: 16, fill: "#fcc419", stroke: "#111", "stroke-width": 1.5 }),
        glyphs.arrowHead(px + (dx * 9), py + (dy * 9), d, 14, "#111"));
      root.append(g);
    }
  }
  return { el: root, showRoutes };
}
