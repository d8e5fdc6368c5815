// Jakarta Traffic's board: the street grid with each tile's roads, the frame's alleys, order
// stacks, mopeds and the Ondel-Ondel, the click targets the model offers, the honk preview
// and the route drawn while hovering a drive target.

import { M, T } from "./geometry.js";
import { clickable, previewTile } from "./model.js";

export const KIND_FILL = { pickup: "#f4ecdc", charging: "#e2f0d6", building: "#dce7f4" };
const ORDER_STYLE = {
  "Nasi Goreng": ["#e8a33d", "NG"], Sate: ["#a8552e", "Sa"], Bakso: ["#b5a33b", "Ba"],
  Ibu: ["#c2477a", "Ibu"], Bapak: ["#3f6fb5", "Bpk"],
};
const ADDRESS_SHORT = { "Business Center": "Business" };

/** An order's colour and short label ("NG" for Nasi Goreng). */
export const orderStyle = (order) => ORDER_STYLE[order] || ["#777", order];

/** Draw a tile's roads and parking spot into g at (ox, oy). */
export function drawTileRoads(svg, geo, g, tile, ox, oy) {
  const { spurs, links } = geo.roadsOf(tile);
  const road = { stroke: "#2f6fd0", "stroke-width": 10, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  for (const p of spurs) {
    const [px, py] = geo.portPoint(p);
    g.append(svg("line", { x1: ox + px, y1: oy + py, x2: ox + 50, y2: oy + 50, ...road }));
  }
  for (const link of links) {
    const j = geo.junction(link, spurs);
    let d;
    if (link.length === 2) {
      const [a, b] = link.map(geo.portPoint);
      const c = [2 * j[0] - (a[0] + b[0]) / 2, 2 * j[1] - (a[1] + b[1]) / 2];
      d = `M${ox + a[0]},${oy + a[1]} Q${ox + c[0]},${oy + c[1]} ${ox + b[0]},${oy + b[1]}`;
    } else {
      d = link.map((p) => { const [px, py] = geo.portPoint(p); return `M${ox + px},${oy + py} L${ox + j[0]},${oy + j[1]}`; }).join(" ");
    }
    g.append(svg("path", { d, ...road, stroke: "#fff", "stroke-width": 15 })); // overpass casing
    g.append(svg("path", { d, ...road }));
  }
  // The parking spot, shaped by the tile's kind.
  const spot = { fill: "#fff", stroke: "#2b2118", "stroke-width": 2.5 };
  const cx = ox + 50;
  const cy = oy + 50;
  if (tile.kind === "pickup") g.append(svg("circle", { cx, cy, r: 13, ...spot }));
  else if (tile.kind === "charging") g.append(svg("polygon", { points: `${cx},${cy - 15} ${cx + 14},${cy + 11} ${cx - 14},${cy + 11}`, ...spot }));
  else g.append(svg("rect", { x: cx - 13, y: cy - 13, width: 26, height: 26, ...spot }));
  if (tile.address) {
    g.append(svg("text", { x: ox + 50, y: oy + 92, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1d3c6e" }, ADDRESS_SHORT[tile.address] || tile.address));
  }
}

function drawPieces(ctx, g, view, c, ox, oy) {
  const { svg } = ctx;
  const stack = view.stacks[c];
  if (stack) {
    const [color, short] = ORDER_STYLE[stack.order] || ["#777", "?"];
    g.append(svg("circle", { cx: ox + 50, cy: oy + 50, r: 12, fill: color, stroke: "#fff", "stroke-width": 2 }));
    g.append(svg("text", { x: ox + 50, y: oy + 54, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }, short));
    g.append(svg("text", { x: ox + 66, y: oy + 40, "font-size": 12, "font-weight": 700, fill: "#2b2118" }, `×${stack.count}`));
  }
  if (view.marker === c) {
    // The Ondel-Ondel: a tall masked figure.
    g.append(svg("ellipse", { cx: ox + 20, cy: oy + 22, rx: 9, ry: 12, fill: "#d6336c", stroke: "#fff", "stroke-width": 2 }));
    g.append(svg("text", { x: ox + 20, y: oy + 26, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }, "OO"));
  }
  const here = view.mopeds.map((m, s) => [m, s]).filter(([m]) => m === c).map(([, s]) => s);
  here.forEach((s, i) => {
    const px = ox + 76 - (i % 2) * 18;
    const py = oy + 70 - Math.floor(i / 2) * 18;
    g.append(svg("circle", { cx: px, cy: py, r: 9, fill: ctx.playerColor(s), stroke: "#fff", "stroke-width": 2, "data-moped": s }));
    g.append(svg("text", { x: px, y: py + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }, String(s + 1)));
  });
}

/** The board SVG; onCell(c) is a click on an offered tile, onHover(c | null) a hovered drive. */
export function drawBoard({ ctx, geo, data, view, offer, sel, hover, onCell, onHover }) {
  const { svg } = ctx;
  const SIZE = geo.SIZE;
  const W = SIZE * T + 2 * M;
  const s = svg("svg", { viewBox: `${-M} ${-M} ${W} ${W}`, role: "img", "aria-label": "Jakarta street grid" });
  s.append(svg("rect", { x: -M, y: -M, width: W, height: W, fill: "#cdbfa8", rx: 16 }));
  for (const [a, b] of data.alleys) {
    const pts = geo.alleyPoints(a, b).map((p) => p.join(",")).join(" ");
    s.append(svg("polyline", { points: pts, fill: "none", stroke: "#6b8fcf", "stroke-width": 7, "stroke-dasharray": "2 5", "stroke-linecap": "round" }));
  }
  const preview = sel.picked ? { cell: sel.picked.cell, tile: previewTile(sel, view.tiles, view.hand[ctx.seat]) } : null;
  const targets = clickable(offer, sel);
  const routeLayer = svg("g", { "data-layer": "route" });
  const showRoute = (c) => {
    onHover(c);
    routeLayer.replaceChildren();
    const route = c !== null && view.routes ? view.routes[String(c)] : null;
    if (!route) return;
    const pts = geo.routePoints(view.tiles, route).map((p) => p.join(",")).join(" ");
    routeLayer.append(svg("polyline", { points: pts, fill: "none", stroke: "#e8590c", "stroke-width": 6, "stroke-linejoin": "round", "stroke-linecap": "round", opacity: 0.9, "pointer-events": "none" }));
  };
  view.tiles.forEach((tile0, c) => {
    const [x, y] = geo.cellXY(c);
    const ox = x * T;
    const oy = y * T;
    const tile = preview && preview.cell === c ? preview.tile : tile0;
    const g = svg("g", { "data-cell": c, "data-x": x + 1, "data-y": y + 1 });
    g.append(svg("rect", { x: ox + 1, y: oy + 1, width: T - 2, height: T - 2, fill: KIND_FILL[tile.kind], stroke: "#a8957a", "stroke-width": 1 }));
    drawTileRoads(svg, geo, g, tile, ox, oy);
    if (preview && preview.cell === c) {
      g.append(svg("rect", { x: ox + 3, y: oy + 3, width: T - 6, height: T - 6, fill: "none", stroke: "#e8590c", "stroke-width": 4, "stroke-dasharray": "8 5" }));
    }
    drawPieces(ctx, g, view, c, ox, oy);
    const look = targets.get(c);
    if (look) {
      const target = svg("rect", {
        x: ox + 4, y: oy + 4, width: T - 8, height: T - 8, rx: 10, class: "jt-target",
        fill: "#ffe066", "fill-opacity": look === "honk" && sel.picked?.cell !== c ? 0.18 : 0.3,
        stroke: "#e8590c", "stroke-width": 3, "data-testid": `jt-target-${x + 1}-${y + 1}`,
        onclick: () => onCell(c),
      });
      if (look === "act" && offer.drives.has(c)) {
        target.addEventListener("mouseenter", () => showRoute(c));
        target.addEventListener("mouseleave", () => showRoute(null));
      }
      g.append(target);
    }
    s.append(g);
  });
  for (let i = 1; i <= SIZE; i += 1) {
    s.append(svg("text", { x: (i - 0.5) * T, y: -M / 2 - 8, "text-anchor": "middle", "font-size": 12, fill: "#5c4b36" }, String(i)));
    s.append(svg("text", { x: -M / 2 - 12, y: (i - 0.5) * T + 4, "text-anchor": "middle", "font-size": 12, fill: "#5c4b36" }, String(i)));
  }
  s.append(routeLayer);
  showRoute(hover);
  return s;
}

/** A small picture of one tile (a phone's tile in hand). */
export function miniTile(ctx, geo, tile) {
  const { svg } = ctx;
  const s = svg("svg", { viewBox: "0 0 100 100", role: "img", "aria-label": "tile in possession", class: "jt-mini" });
  s.append(svg("rect", { x: 1, y: 1, width: 98, height: 98, fill: KIND_FILL[tile.kind], stroke: "#a8957a" }));
  drawTileRoads(svg, geo, s, tile, 0, 0);
  return s;
}
