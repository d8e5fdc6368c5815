// Jakarta Traffic's board: the street grid with each tile's roads, the frame's alleys, order
// stacks, mopeds and the Ondel-Ondel, the targets the model offers (buttons for the keyboard
// and screen readers, with a hit area as large as the tile), the honk preview, the route of a
// hovered or focused drive target, each player's last turn and the places a log line names.

import { memo, whole } from "../../morph.js";
import { M, T } from "./geometry.js";
import { clickable, orderTerm, previewTile, slug } from "./model.js";
import { cellName, spotName, tileTip } from "./words.js";

export const KIND_FILL = { pickup: "#f4ecdc", charging: "#e2f0d6", building: "#dce7f4" };
const ORDER_STYLE = {
  "Nasi Goreng": ["#9c5d00", "NG"], Sate: ["#a8552e", "Sa"], Bakso: ["#7a6d12", "Ba"],
  Ibu: ["#b03a6c", "Ibu"], Bapak: ["#3f6fb5", "Bpk"],
};

/** An order's colour and short label ("NG" for Nasi Goreng). */
export const orderStyle = (order) => ORDER_STYLE[order] || ["#777", order];

/** Draw a tile's roads and parking spot into g at (ox, oy); `t` words a building's short
 * name in the page's language (the board read "Workshop" beside an order board's "Bengkel"). */
export function drawTileRoads(svg, geo, g, tile, ox, oy, t) {
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
    const name = t(`jakarta-traffic.board.address_short.${slug(tile.address)}`);
    // A long name ("Perniagaan") is squeezed to the tile rather than run into the next one.
    const fit = name.length > 9 ? { textLength: 90, lengthAdjust: "spacingAndGlyphs" } : {};
    g.append(svg("text", { x: ox + 50, y: oy + 92, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1d3c6e", ...fit }, name));
  }
}

function drawPieces(ctx, g, view, c, ox, oy) {
  const { svg, t } = ctx;
  const stack = view.stacks[c];
  if (stack) {
    const [color, short] = orderStyle(stack.order);
    const piece = svg("g", { class: "jt-piece" }, [
      svg("title", null, t(`jakarta-traffic.board.tip.stack`, { order: orderTerm(stack.order), count: stack.count })),
      svg("circle", { cx: ox + 50, cy: oy + 50, r: 12, fill: color, stroke: "#fff", "stroke-width": 2 }),
      svg("text", { x: ox + 50, y: oy + 54, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }, short),
      svg("text", { x: ox + 66, y: oy + 40, "font-size": 12, "font-weight": 700, fill: "#2b2118" }, `×${stack.count}`),
    ]);
    g.append(piece);
  }
  if (view.marker === c) {
    // The Ondel-Ondel: a tall masked figure.
    g.append(svg("g", { class: "jt-piece", "data-marker": "1" }, [
      svg("title", null, t(`jakarta-traffic.board.tip.marker`)),
      svg("ellipse", { cx: ox + 20, cy: oy + 22, rx: 9, ry: 12, fill: "#d6336c", stroke: "#fff", "stroke-width": 2 }),
      svg("text", { x: ox + 20, y: oy + 26, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }, "OO"),
    ]));
  }
  const here = view.mopeds.map((m, s) => [m, s]).filter(([m]) => m === c).map(([, s]) => s);
  here.forEach((s, i) => {
    const px = ox + 76 - (i % 2) * 18;
    const py = oy + 70 - Math.floor(i / 2) * 18;
    // The seat's colour always comes with its number (colour-blind players read the digit).
    g.append(svg("g", { class: "jt-piece" }, [
      svg("title", null, t(`jakarta-traffic.board.tip.moped`, { name: ctx.playerName(s), n: s + 1 })),
      svg("circle", { cx: px, cy: py, r: 9, fill: ctx.playerColor(s), stroke: "#fff", "stroke-width": 2, "data-moped": s }),
      svg("text", { x: px, y: py + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }, String(s + 1)),
    ]));
  });
}

/** Each player's last turn: the honked tile dashed, a line from where the moped stood to where it parked. */
function drawLastTurns(ctx, geo, turns) {
  const { svg, t } = ctx;
  const layer = svg("g", { "data-layer": "last", "pointer-events": "none" });
  const centre = (c) => { const [x, y] = geo.cellXY(c); return [x * T + 50, y * T + 50]; };
  for (const turn of turns.values()) {
    const color = ctx.playerColor(turn.seat);
    const name = ctx.playerName(turn.seat);
    if (turn.honk) {
      const [x, y] = geo.cellXY(turn.honk.cell);
      layer.append(svg("rect", {
        x: x * T + 7, y: y * T + 7, width: T - 14, height: T - 14, rx: 6, fill: "none", stroke: color, "stroke-width": 4,
        "stroke-dasharray": "10 6", "data-last-honk": turn.seat,
      }, svg("title", null, t(`jakarta-traffic.board.tip.last_honk`, { name }))));
      const [hx, hy] = [x * T + 86, y * T + 16];
      layer.append(svg("circle", { cx: hx, cy: hy, r: 9, fill: color, stroke: "#fff", "stroke-width": 2 }));
      layer.append(svg("text", { x: hx, y: hy + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }, "!"));
    }
    if (turn.to !== null) {
      const [tx, ty] = centre(turn.to);
      if (turn.from !== null && turn.from !== turn.to) {
        const [fx, fy] = centre(turn.from);
        layer.append(svg("line", { x1: fx, y1: fy, x2: tx, y2: ty, stroke: color, "stroke-width": 3, "stroke-dasharray": "4 6", "stroke-opacity": 0.85 }));
        layer.append(svg("circle", { cx: fx, cy: fy, r: 5, fill: color, "fill-opacity": 0.85 }));
      }
      layer.append(svg("circle", { cx: tx, cy: ty, r: 22, fill: "none", stroke: color, "stroke-width": 4, "data-last-park": turn.seat },
        svg("title", null, t(`jakarta-traffic.board.tip.last_park`, { name }))));
    }
  }
  return layer;
}

/** The places a hovered log line (or the "since your last turn" panel) names. */
function drawHighlight(svg, geo, cells) {
  const layer = svg("g", { "data-layer": "highlight", "pointer-events": "none" });
  for (const c of cells) {
    const [x, y] = geo.cellXY(c);
    layer.append(svg("rect", { x: x * T + 2, y: y * T + 2, width: T - 4, height: T - 4, rx: 8, class: "jt-highlight", "data-highlight": c }));
  }
  return layer;
}

function targetLabel(ctx, offer, look, sel, c, view) {
  const params = { cell: cellName(ctx, c), spot: spotName(ctx, view.tiles[c]) };
  if (look === "honk") return ctx.t(`jakarta-traffic.board.aria.honk`, params);
  if (offer.drives.has(c)) return ctx.t(`jakarta-traffic.board.aria.drive`, { ...params, steps: Math.max(0, (view.routes?.[String(c)] || []).length - 1) });
  const type = offer.spots.get(c)?.type;
  return ctx.t(`jakarta-traffic.board.aria.${type === "start" ? "start" : type === "place_stack" ? "place" : "pick"}`, params);
}

/**
 * The board SVG. onCell(c) is a click (or Enter/Space) on an offered tile, onHover(c | null)
 * a hovered or focused drive; turns are lastTurns(); highlight the cells a log line names.
 */
export function drawBoard({ ctx, geo, cache = [], data, view, offer, sel, hover, turns, highlight, onCell, onHover }) {
  const { svg, t } = ctx;
  const SIZE = geo.SIZE;
  const W = SIZE * T + 2 * M;
  const s = svg("svg", { viewBox: `${-M} ${-M} ${W} ${W}`, role: "group", "aria-label": t(`jakarta-traffic.board.grid`), "data-testid": "jt-svg" });
  // The ground and the alleys, and below the axes' numbers, never change in a game: drawn
  // once (and again in another language), not built and compared at every move (issue 42).
  const lang = ctx.lang ? ctx.lang() : "";
  s.append(memo((cache.ground ||= {}), `${lang}|${SIZE}`, () => svg("g", { "data-key": "ground" }, [
    svg("rect", { x: -M, y: -M, width: W, height: W, fill: "#cdbfa8", rx: 16 }),
    ...data.alleys.map(([a, b]) => svg("polyline", {
      points: geo.alleyPoints(a, b).map((p) => p.join(",")).join(" "),
      fill: "none", stroke: "#6b8fcf", "stroke-width": 7, "stroke-dasharray": "2 5", "stroke-linecap": "round",
    }, svg("title", null, t(`jakarta-traffic.board.tip.alley`)))),
  ])));
  const preview = sel.picked ? { cell: sel.picked.cell, tile: previewTile(sel, view.tiles, view.hand[ctx.seat]) } : null;
  const targets = clickable(offer, sel);
  // The route layer is drawn into on hover and the targets carry hand-added listeners: both
  // are put on the page as they are (static/morph.js).
  const routeLayer = whole(svg("g", { "data-layer": "route", "pointer-events": "none" }));
  const showRoute = (c) => {
    onHover(c);
    routeLayer.replaceChildren();
    const route = c !== null && view.routes ? view.routes[String(c)] : null;
    if (!route) return;
    const pts = geo.routePoints(view.tiles, route).map((p) => p.join(",")).join(" ");
    routeLayer.append(svg("polyline", { points: pts, fill: "none", stroke: "#e8590c", "stroke-width": 6, "stroke-linejoin": "round", "stroke-linecap": "round", "stroke-opacity": 0.9 }));
  };
  const targetLayer = whole(svg("g", { "data-layer": "targets" }));
  view.tiles.forEach((tile0, c) => {
    const [x, y] = geo.cellXY(c);
    const ox = x * T;
    const oy = y * T;
    const tile = preview && preview.cell === c ? preview.tile : tile0;
    // A tile is drawn again only when what it shows changed (static/morph.js memo, issue 42).
    const mopeds = view.mopeds.map((m, seat) => (m === c ? [seat, ctx.playerName(seat)] : null)).filter(Boolean);
    const shown = [tile, preview?.cell === c, view.stacks[c] ?? null, view.marker === c, mopeds];
    s.append(memo((cache[c] ||= {}), `${ctx.lang ? ctx.lang() : ""}|${JSON.stringify(shown)}`, () => {
      const g = svg("g", { "data-cell": c, "data-x": x + 1, "data-y": y + 1 });
      g.append(svg("rect", { x: ox + 1, y: oy + 1, width: T - 2, height: T - 2, fill: KIND_FILL[tile.kind], stroke: "#a8957a", "stroke-width": 1 },
        svg("title", null, tileTip(ctx, tile, c))));
      drawTileRoads(svg, geo, g, tile, ox, oy, t);
      if (preview && preview.cell === c) {
        g.append(svg("rect", { x: ox + 3, y: oy + 3, width: T - 6, height: T - 6, fill: "none", stroke: "#e8590c", "stroke-width": 4, "stroke-dasharray": "8 5" }));
      }
      drawPieces(ctx, g, view, c, ox, oy);
      return g;
    }, { inPlace: true }));
    const look = targets.get(c);
    if (look) {
      // The whole tile is the hit area (>= 44 CSS px once the board is 330 px wide).
      const target = svg("rect", {
        x: ox + 3, y: oy + 3, width: T - 6, height: T - 6, rx: 10, class: "jt-target",
        fill: "#ffe066", "fill-opacity": look === "honk" && sel.picked?.cell !== c ? 0.18 : 0.3,
        stroke: "#e8590c", "stroke-width": 3, "data-testid": `jt-target-${x + 1}-${y + 1}`, "data-focus": `cell-${c}`,
        // One Tab stop for the board: static/roving.js gives it to one target, moves it with
        // the arrow keys and turns Enter/Space into this click.
        "data-rove": `cell-${c}`, role: "button", tabindex: "-1", "aria-label": targetLabel(ctx, offer, look, sel, c, view),
        onclick: () => onCell(c),
      });
      if (look === "act" && offer.drives.has(c)) {
        for (const on of ["mouseenter", "focus"]) target.addEventListener(on, () => showRoute(c));
        for (const off of ["mouseleave", "blur"]) target.addEventListener(off, () => showRoute(null));
      }
      targetLayer.append(target);
    }
  });
  s.append(memo((cache.axes ||= {}), String(SIZE), () => {
    const label = { "text-anchor": "middle", "font-size": 15, "font-weight": 700, fill: "#3d2f1f" };
    const axes = svg("g", { "data-key": "axes" });
    for (let i = 1; i <= SIZE; i += 1) {
      axes.append(svg("text", { x: (i - 0.5) * T, y: -M / 2 - 6, ...label, "data-axis": `x${i}` }, String(i)),
        svg("text", { x: -M / 2 - 8, y: (i - 0.5) * T + 5, ...label, "data-axis": `y${i}` }, String(i)));
    }
    return axes;
  }));
  s.append(drawLastTurns(ctx, geo, turns || new Map()));
  s.append(drawHighlight(svg, geo, highlight || []));
  s.append(routeLayer);
  s.append(targetLayer);
  showRoute(hover);
  return s;
}

/** A small picture of one tile (a phone's tile in hand). */
export function miniTile(ctx, geo, tile, owner) {
  const { svg, t } = ctx;
  const label = t(`jakarta-traffic.board.tip.tile_in_hand`, { name: ctx.playerName(owner), spot: spotName(ctx, tile) });
  const s = svg("svg", { viewBox: "0 0 100 100", role: "img", "aria-label": label, class: "jt-mini" });
  s.append(svg("title", null, label));
  s.append(svg("rect", { x: 1, y: 1, width: 98, height: 98, fill: KIND_FILL[tile.kind], stroke: "#a8957a" }));
  drawTileRoads(svg, geo, s, tile, 0, 0, t);
  return s;
}
