// Jakarta Traffic board renderer (contract: docs/client.md; rulings: docs/rules/jakarta-traffic.md).
// Draws the 5x5 street grid with each tile's roads, the frame's alleys (Jalan Tikus), order
// stacks, mopeds and the Ondel-Ondel, the order board and every player's phone. All moves
// are clicks on what the legal-action templates allow; a honk is previewed before it is sent.

const T = 100; // tile size in SVG units
const M = 46; // frame margin for the alleys
const SIZE = 5;
const PORT_VEC = [[0, -1], [1, 0], [0, 1], [-1, 0]]; // N E S W
const ALLEYS = [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13], [14, 15], [16, 17], [18, 19]];
const KIND_FILL = { pickup: "#f4ecdc", charging: "#e2f0d6", building: "#dce7f4" };
const ORDER_STYLE = {
  "Nasi Goreng": ["#e8a33d", "NG"], Sate: ["#a8552e", "Sa"], Bakso: ["#b5a33b", "Ba"],
  Ibu: ["#c2477a", "Ibu"], Bapak: ["#3f6fb5", "Bpk"],
};
const ADDRESS_SHORT = { "Business Center": "Business", Spa: "Spa", Residency: "Residency", Workshop: "Workshop", Mall: "Mall" };
const BUBBLE_BONUS = [0, 1, 3, 5];
const PROMPT = {
  start: "Put your moped on a charging station (a triangle).",
  honk: "Click a highlighted spot to drive, or honk first to rotate or swap a tile.",
  drive: "Drive: click a highlighted parking spot, or take a detour.",
  pick_spot: "Double 6! Pick any parking spot but your own.",
  place_stack: "Move the rest of the order stack to a vacant pick-up location.",
  arrange: "Two orders delivered: choose which one goes to the bottom row (r5).",
};

const CSS = `
.jt { display: grid; gap: 10px; grid-template-columns: minmax(0, 3fr) minmax(260px, 2fr); font-size: 14px; }
@media (max-width: 820px) { .jt { grid-template-columns: minmax(0, 1fr); } }
.jt-main { display: grid; gap: 8px; align-content: start; }
.jt-side { display: grid; gap: 8px; align-content: start; }
.jt-bar { background: var(--surface, #fff); border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 8px 10px; }
.jt-bar p { margin: 0 0 6px; }
.jt-controls { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.jt-controls button { min-height: 34px; padding: 4px 12px; border-radius: 8px; border: 1px solid var(--line, #ccc);
  background: var(--surface-2, #f4eee6); cursor: pointer; font: inherit; }
.jt-controls button.primary { background: var(--accent, #c2551a); color: #fff; border-color: transparent; }
.jt-controls button.on { outline: 3px solid var(--accent, #c2551a); }
.jt-controls button:disabled { opacity: .45; cursor: default; }
.jt-board svg { width: 100%; height: auto; display: block; user-select: none; -webkit-user-select: none; }
.jt-card { background: var(--surface, #fff); border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 8px 10px; }
.jt-card h4 { margin: 0 0 6px; font-size: 14px; }
.jt-card table { border-collapse: collapse; width: 100%; font-size: 13px; }
.jt-card td, .jt-card th { padding: 3px 4px; text-align: left; border-bottom: 1px solid var(--line, #eee); }
.jt-chip { display: inline-block; padding: 1px 6px; border-radius: 6px; color: #fff; font-size: 12px; margin-right: 3px; }
.jt-phone { border-left: 6px solid; padding: 6px 8px; }
.jt-phone.current { box-shadow: 0 0 0 2px var(--accent, #c2551a); }
.jt-phone .row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-top: 3px; }
.jt-energy { display: inline-flex; gap: 2px; }
.jt-energy i { width: 14px; height: 12px; border-radius: 2px; border: 1px solid #557; background: #fff; display: inline-block; }
.jt-energy i.on { background: #40c057; }
.jt-star { display: inline-block; min-width: 20px; text-align: center; background: #ffd43b; border-radius: 10px; padding: 0 4px; font-weight: 600; }
.jt-muted { color: var(--muted, #888); }
svg .jt-target { cursor: pointer; }
svg text { font-family: system-ui, sans-serif; pointer-events: none; }
`;

const rotPort = (p, rot) => (p + rot) % 4;
const cellXY = (c) => [c % SIZE, Math.floor(c / SIZE)];
const orderChip = (h, order) => {
  const [color, short] = ORDER_STYLE[order] || ["#777", order];
  return h("span", { class: "jt-chip", style: { background: color }, title: order }, short);
};

/** Spurs and links of a tile as drawn: its pattern turned clockwise by its rotation. */
function roadsOf(view, tile) {
  const pat = view.patterns[tile.pattern];
  return {
    spurs: pat.spurs.map((p) => rotPort(p, tile.rot)),
    links: pat.links.map((l) => l.map((p) => rotPort(p, tile.rot))),
  };
}

/** Where a link meets: towards its ports, or (a straight link) bulging away from the spurs. */
function junction(link, spurs) {
  let vx = 0;
  let vy = 0;
  for (const p of link) { vx += PORT_VEC[p][0]; vy += PORT_VEC[p][1]; }
  if (vx === 0 && vy === 0) {
    // A straight link passes the spot by on the side with no spur (or crosses one).
    const perp = PORT_VEC[(link[0] + 1) % 4];
    const onPerpSide = spurs.includes((link[0] + 1) % 4);
    const sign = onPerpSide ? -1 : 1;
    return [50 + sign * perp[0] * 30, 50 + sign * perp[1] * 30];
  }
  const len = Math.hypot(vx, vy);
  return [50 + (vx / len) * 26, 50 + (vy / len) * 26];
}

const portPoint = (p) => [50 + PORT_VEC[p][0] * 50, 50 + PORT_VEC[p][1] * 50];

/** The (cell, side) of an outer port numbered clockwise from the top-left. */
function outerSide(k) {
  const edge = Math.floor(k / SIZE);
  const i = k % SIZE;
  if (edge === 0) return [i, 0];
  if (edge === 1) return [i * SIZE + SIZE - 1, 1];
  if (edge === 2) return [(SIZE - 1) * SIZE + (SIZE - 1 - i), 2];
  return [(SIZE - 1 - i) * SIZE, 3];
}

function absPort(cell, port) {
  const [x, y] = cellXY(cell);
  const [px, py] = portPoint(port);
  return [x * T + px, y * T + py];
}

/** The points of the alley joining outer port a to outer port b, outside the grid. */
function alleyPoints(a, b) {
  const [ca, sa] = outerSide(a);
  const [cb, sb] = outerSide(b);
  const pa = absPort(ca, sa);
  const pb = absPort(cb, sb);
  const off = 24;
  const oa = [pa[0] + PORT_VEC[sa][0] * off, pa[1] + PORT_VEC[sa][1] * off];
  const ob = [pb[0] + PORT_VEC[sb][0] * off, pb[1] + PORT_VEC[sb][1] * off];
  if (sa === sb) return [pa, oa, ob, pb];
  const vertical = PORT_VEC[sa][0] === 0;
  const corner = vertical ? [ob[0], oa[1]] : [oa[0], ob[1]];
  return [pa, oa, corner, ob, pb];
}

const OUTER_OF = (() => {
  const m = new Map();
  for (let k = 0; k < 20; k += 1) m.set(outerSide(k).join(","), k);
  return m;
})();
const ALLEY_PARTNER = new Map(ALLEYS.flatMap(([a, b]) => [[a, b], [b, a]]));

/** The polyline of a route ([cell, in, out] hops) in board units. */
function routePoints(view, route) {
  const pts = [];
  route.forEach(([cell, inP, outP], i) => {
    const [x, y] = cellXY(cell);
    const tile = view.tiles[cell];
    const { spurs, links } = roadsOf(view, tile);
    const at = (p) => [x * T + p[0], y * T + p[1]];
    if (inP !== null) pts.push(at(portPoint(inP)));
    if (inP === null || outP === null) pts.push(at([50, 50]));
    else {
      const link = links.find((l) => l.includes(inP) && l.includes(outP));
      if (link) pts.push(at(junction(link, spurs)));
    }
    if (outP !== null) {
      pts.push(at(portPoint(outP)));
      const next = route[i + 1];
      const [nx, ny] = cellXY(next[0]);
      const [dx, dy] = PORT_VEC[outP];
      if (nx !== x + dx || ny !== y + dy) {
        const k = OUTER_OF.get(`${cell},${outP}`);
        if (k !== undefined) pts.push(...alleyPoints(k, ALLEY_PARTNER.get(k)).slice(1, -1));
      }
    }
  });
  return pts;
}

export function createRenderer(root, ctx) {
  const { h, svg } = ctx;
  root.dataset.handlesAll = "1";
  const style = h("style", null, CSS);
  const bar = h("div", { class: "jt-bar", "data-testid": "jt-bar" });
  const boardBox = h("div", { class: "jt-board" });
  const side = h("div", { class: "jt-side" });
  const wrap = h("div", { class: "jt" }, [h("div", { class: "jt-main" }, [bar, boardBox]), side]);
  root.append(style, wrap);

  let doc = null;
  let mode = "drive"; // "drive" | "honk"
  let picked = null; // honk: {cell, kind: "rotate"|"swap", turns|rotation}
  let hoverRoute = null;
  let busy = false;

  const legal = () => (doc && doc.legal) || [];
  const ofType = (type) => legal().filter((t) => t.type === type);
  const cellOf = (t) => (t.y - 1) * SIZE + (t.x - 1);
  const myTurn = () => doc && doc.to_act.includes(ctx.seat) && !doc.outcome;

  function send(action) {
    if (busy) return;
    busy = true;
    ctx.send(action).catch(() => {}).finally(() => {
      busy = false;
      mode = "drive";
      picked = null;
      hoverRoute = null;
      draw();
    });
  }

  // -- the board -------------------------------------------------------------------------
  function drawTileRoads(g, tile, view, ox, oy) {
    const { spurs, links } = roadsOf(view, tile);
    const road = { stroke: "#2f6fd0", "stroke-width": 10, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
    for (const p of spurs) {
      const [px, py] = portPoint(p);
      g.append(svg("line", { x1: ox + px, y1: oy + py, x2: ox + 50, y2: oy + 50, ...road }));
    }
    for (const link of links) {
      const j = junction(link, spurs);
      const d = link.length === 2
        ? (() => {
          const [a, b] = link.map(portPoint);
          const c = [2 * j[0] - (a[0] + b[0]) / 2, 2 * j[1] - (a[1] + b[1]) / 2];
          return `M${ox + a[0]},${oy + a[1]} Q${ox + c[0]},${oy + c[1]} ${ox + b[0]},${oy + b[1]}`;
        })()
        : link.map((p) => { const [px, py] = portPoint(p); return `M${ox + px},${oy + py} L${ox + j[0]},${oy + j[1]}`; }).join(" ");
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

  function drawBoard(view) {
    const s = svg("svg", { viewBox: `${-M} ${-M} ${SIZE * T + 2 * M} ${SIZE * T + 2 * M}`, role: "img", "aria-label": "Jakarta street grid" });
    s.append(svg("rect", { x: -M, y: -M, width: SIZE * T + 2 * M, height: SIZE * T + 2 * M, fill: "#cdbfa8", rx: 16 }));
    for (const [a, b] of ALLEYS) {
      const pts = alleyPoints(a, b).map((p) => p.join(",")).join(" ");
      s.append(svg("polyline", { points: pts, fill: "none", stroke: "#6b8fcf", "stroke-width": 7, "stroke-dasharray": "2 5", "stroke-linecap": "round" }));
    }
    const preview = picked ? previewTile(view) : null;
    const drives = new Map(ofType("drive").map((t) => [cellOf(t), t]));
    const spots = new Map([...ofType("start"), ...ofType("pick_spot"), ...ofType("place_stack")].map((t) => [cellOf(t), t]));
    const honkable = new Set([...ofType("rotate"), ...ofType("swap")].map(cellOf));
    view.tiles.forEach((tile0, c) => {
      const [x, y] = cellXY(c);
      const ox = x * T;
      const oy = y * T;
      const tile = preview && preview.cell === c ? preview.tile : tile0;
      const g = svg("g", { "data-cell": c, "data-x": x + 1, "data-y": y + 1 });
      g.append(svg("rect", { x: ox + 1, y: oy + 1, width: T - 2, height: T - 2, fill: KIND_FILL[tile.kind], stroke: "#a8957a", "stroke-width": 1 }));
      drawTileRoads(g, tile, view, ox, oy);
      if (preview && preview.cell === c) {
        g.append(svg("rect", { x: ox + 3, y: oy + 3, width: T - 6, height: T - 6, fill: "none", stroke: "#e8590c", "stroke-width": 4, "stroke-dasharray": "8 5" }));
      }
      drawPieces(g, view, c, ox, oy);
      const act = mode === "drive" ? drives.get(c) || spots.get(c) : null;
      const canHonk = mode === "honk" && honkable.has(c);
      if (act || canHonk) {
        const target = svg("rect", {
          x: ox + 4, y: oy + 4, width: T - 8, height: T - 8, rx: 10, class: "jt-target",
          fill: "#ffe066", "fill-opacity": canHonk && picked?.cell !== c ? 0.18 : 0.3,
          stroke: "#e8590c", "stroke-width": 3, "data-testid": `jt-target-${x + 1}-${y + 1}`,
          onclick: () => (act ? send({ type: act.type, x: x + 1, y: y + 1 }) : pickTile(c)),
        });
        if (act && act.type === "drive") {
          target.addEventListener("mouseenter", () => { hoverRoute = c; drawRoute(s, view); });
          target.addEventListener("mouseleave", () => { hoverRoute = null; drawRoute(s, view); });
        }
        g.append(target);
      }
      s.append(g);
    });
    for (let i = 1; i <= SIZE; i += 1) {
      s.append(svg("text", { x: (i - 0.5) * T, y: -M / 2 - 8, "text-anchor": "middle", "font-size": 12, fill: "#5c4b36" }, String(i)));
      s.append(svg("text", { x: -M / 2 - 12, y: (i - 0.5) * T + 4, "text-anchor": "middle", "font-size": 12, fill: "#5c4b36" }, String(i)));
    }
    const routeLayer = svg("g", { "data-layer": "route" });
    s.append(routeLayer);
    drawRoute(s, view);
    return s;
  }

  function drawRoute(s, view) {
    const layer = s.querySelector('[data-layer="route"]');
    if (!layer) return;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    const route = hoverRoute !== null && view.routes ? view.routes[String(hoverRoute)] : null;
    if (!route) return;
    const pts = routePoints(view, route).map((p) => p.join(",")).join(" ");
    layer.append(svg("polyline", { points: pts, fill: "none", stroke: "#e8590c", "stroke-width": 6, "stroke-linejoin": "round", "stroke-linecap": "round", opacity: 0.9, "pointer-events": "none" }));
  }

  function drawPieces(g, view, c, ox, oy) {
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

  // -- honk: pick a tile, preview, confirm --------------------------------------------------
  function pickTile(c) {
    const rot = ofType("rotate").find((t) => cellOf(t) === c);
    const swp = ofType("swap").find((t) => cellOf(t) === c);
    if (rot) picked = { cell: c, kind: "rotate", turns: rot.turns.$choice[0] };
    else if (swp) picked = { cell: c, kind: "swap", rotation: 0 };
    draw();
  }

  function previewTile(view) {
    const tile = view.tiles[picked.cell];
    if (picked.kind === "rotate") return { cell: picked.cell, tile: { ...tile, rot: (tile.rot + picked.turns) % 4 } };
    const mine = view.hand[ctx.seat];
    return { cell: picked.cell, tile: { ...mine, rot: picked.rotation } };
  }

  function honkControls() {
    const c = picked.cell;
    const rot = ofType("rotate").find((t) => cellOf(t) === c);
    const swp = ofType("swap").find((t) => cellOf(t) === c);
    const btn = (label, on, onclick, attrs = {}) => h("button", { type: "button", class: on ? "on" : "", onclick, ...attrs }, label);
    const controls = [];
    if (rot) {
      for (const turns of rot.turns.$choice) {
        const label = turns === 1 ? "Rotate ↻ 90°" : turns === 2 ? "Rotate 180°" : "Rotate ↺ 90°";
        controls.push(btn(label, picked.kind === "rotate" && picked.turns === turns, () => { picked = { cell: c, kind: "rotate", turns }; draw(); }, { "data-action": `rotate-${turns}` }));
      }
    }
    if (swp) {
      controls.push(btn("Swap in my tile", picked.kind === "swap", () => { picked = { cell: c, kind: "swap", rotation: 0 }; draw(); }, { "data-action": "swap" }));
      if (picked.kind === "swap") {
        controls.push(btn("Turn my tile ↻", false, () => { picked = { ...picked, rotation: (picked.rotation + 1) % 4 }; draw(); }, { "data-action": "swap-turn" }));
      }
    }
    const [x, y] = cellXY(c);
    const action = picked.kind === "rotate"
      ? { type: "rotate", x: x + 1, y: y + 1, turns: picked.turns }
      : { type: "swap", x: x + 1, y: y + 1, rotation: picked.rotation };
    controls.push(h("button", { type: "button", class: "primary", "data-action": "confirm-honk", onclick: () => send(action) }, "Confirm honk"));
    return controls;
  }

  // -- the status bar --------------------------------------------------------------------
  function drawBar(view) {
    const kids = [];
    const cur = view.current;
    if (doc.outcome) {
      kids.push(h("p", null, "The game is over."));
    } else if (!myTurn()) {
      kids.push(h("p", null, [ctx.seat === null ? "" : "Waiting for ", h("b", null, ctx.playerName(cur)), ctx.seat === null ? ` is playing (${view.phase.replace("_", " ")}).` : "."]));
    } else {
      const phase = view.phase;
      let prompt = PROMPT[phase] || "";
      const controls = [];
      if (phase === "honk" || phase === "drive") {
        if (phase === "honk") {
          if (mode === "drive") {
            controls.push(h("button", { type: "button", "data-action": "honk", onclick: () => { mode = "honk"; picked = null; draw(); } }, "Honk…"));
          } else {
            prompt = picked ? "Preview: choose how to change this tile, then confirm." : "Honk: click a highlighted tile to rotate it or swap in your tile.";
            if (picked) controls.push(...honkControls());
            controls.push(h("button", { type: "button", "data-action": "cancel-honk", onclick: () => { mode = "drive"; picked = null; draw(); } }, "Cancel"));
          }
        }
        if (mode === "drive") {
          if (!ofType("drive").length) prompt = "No road leads anywhere: you must take a detour.";
          controls.push(h("button", { type: "button", "data-action": "detour", onclick: () => send({ type: "detour" }) }, "Detour (roll the dice)"));
        }
      } else if (phase === "arrival") {
        const p = view.pending;
        if (p.kind === "accept") {
          prompt = `A ${p.order} order waits here. Accept it for 1 energy?`;
          controls.push(h("button", { type: "button", class: "primary", "data-action": "accept", onclick: () => send({ type: "accept" }) }, `Accept ${p.order}`));
        } else {
          prompt = `Deliver ${p.orders.join(" and ")} here for 1 energy?`;
          controls.push(h("button", { type: "button", class: "primary", "data-action": "deliver", onclick: () => send({ type: "deliver" }) }, "Deliver"));
        }
        controls.push(h("button", { type: "button", "data-action": "decline", onclick: () => send({ type: "decline" }) }, "Decline"));
      } else if (phase === "arrange") {
        for (const order of view.pending.orders) {
          controls.push(h("button", { type: "button", "data-action": `bottom-${order}`, onclick: () => send({ type: "arrange", bottom: order }) }, `${order} to the bottom`));
        }
      }
      kids.push(h("p", null, [h("b", null, "Your turn. "), prompt]));
      if (controls.length) kids.push(h("div", { class: "jt-controls" }, controls));
    }
    if (view.dice) {
      const rolls = view.dice.rolls.map(([w, b]) => `white ${w}, black ${b}`).join("; then ");
      kids.push(h("p", { class: "jt-muted" }, `Last detour (${ctx.playerName(view.dice.seat)}): ${rolls}`));
    }
    bar.replaceChildren(...kids);
  }

  // -- side: order board, phones, final scores ----------------------------------------------
  function drawOrderBoard(view) {
    const rows = view.orderboard;
    const slotRows = [1, 1, 3];
    const body = [];
    let r = 0;
    view.board.slots.forEach((address, slot) => {
      for (let k = 0; k < slotRows[slot]; k += 1) {
        const row = rows[r];
        body.push(h("tr", { "data-row": r + 1 }, [
          h("td", null, `r${r + 1}`),
          h("td", null, orderChip(h, row.order)),
          h("td", null, row.order),
          h("td", null, h("span", { class: "jt-star" }, `★${row.value}`)),
          k === 0 ? h("td", { rowspan: slotRows[slot], style: { fontWeight: 600, borderLeft: "3px solid #2f6fd0" } }, `A${slot + 1}: ${address}`) : null,
        ]));
        r += 1;
      }
    });
    const supply = Object.entries(view.supply).sort((a, b) => b[0] - a[0]).map(([v, n]) => `★${v}×${n}`).join("  ");
    return h("div", { class: "jt-card", "data-testid": "jt-orderboard" }, [
      h("h4", null, "Order board"),
      h("table", null, h("tbody", null, body)),
      h("p", { class: "jt-muted", style: { margin: "6px 0 0" } }, `Idle: ${view.board.idle.join(", ")} · Stars left: ${supply}`),
      h("p", { class: "jt-muted", style: { margin: "2px 0 0" } }, view.marker === null ? "The Ondel-Ondel waits on the board." : "The Ondel-Ondel is out in traffic."),
    ]);
  }

  function miniTile(view, tile) {
    const s = svg("svg", { viewBox: "0 0 100 100", role: "img", "aria-label": "tile in possession", style: { width: "46px", height: "46px", flex: "none" } });
    s.append(svg("rect", { x: 1, y: 1, width: 98, height: 98, fill: KIND_FILL[tile.kind], stroke: "#a8957a" }));
    drawTileRoads(s, tile, view, 0, 0);
    return s;
  }

  function drawPhones(view) {
    return view.scores.map((sc, s) => {
      const energy = view.energy[s];
      const cells = [0, 1, 2].map((i) => h("i", { class: i < energy ? "on" : "" }));
      return h("div", { class: `jt-card jt-phone${view.current === s && !doc.outcome ? " current" : ""}`, style: { borderLeftColor: ctx.playerColor(s) }, "data-phone": s }, [
        h("div", null, [h("b", null, ctx.playerName(s)), s === ctx.seat ? " (you)" : "", view.current === s && !doc.outcome ? " · playing" : ""]),
        h("div", { class: "row" }, [
          h("span", { class: "jt-energy", title: `${energy} energy`, "data-energy": energy }, cells),
          h("span", null, view.phone[s].length ? view.phone[s].map((o) => orderChip(h, o)) : h("span", { class: "jt-muted" }, "no orders")),
          h("span", { title: "speech bubbles", "data-bubbles": view.bubbles[s] }, `speech bubbles: ${view.bubbles[s]}`),
        ]),
        h("div", { class: "row" }, [
          view.stars[s].length ? view.stars[s].map((v) => h("span", { class: "jt-star" }, `★${v}`)) : h("span", { class: "jt-muted" }, "no stars yet"),
          h("span", { class: "jt-muted" }, `score now ${sc.total}`),
          h("span", { class: "jt-muted" }, "tile in hand:"),
          miniTile(view, view.hand[s]),
        ]),
      ]);
    });
  }

  function drawFinal(view) {
    const o = doc.outcome;
    if (!o) return null;
    const head = ["", "Stars", "Energy", "Bubbles", "Total", "Passengers", "Star tokens", "Rank"];
    const rows = view.scores.map((sc, s) => h("tr", null, [
      h("th", null, ctx.playerName(s)),
      h("td", null, `${sc.stars.join("+") || 0} = ${sc.star_points}`),
      h("td", null, String(sc.energy)),
      h("td", null, `${sc.bubbles} → ${BUBBLE_BONUS[sc.bubbles]}`),
      h("td", null, h("b", null, String(o.scores[s]))),
      h("td", null, String(sc.passengers)),
      h("td", null, String(sc.star_tokens)),
      h("td", null, String(o.ranks[s])),
    ]));
    return h("div", { class: "jt-card", "data-testid": "jt-final" }, [
      h("h4", null, "Final scores"),
      h("table", null, [h("thead", null, h("tr", null, head.map((x) => h("th", null, x)))), h("tbody", null, rows)]),
      h("p", { class: "jt-muted" }, "Ties: passengers delivered, then star tokens, then energy."),
    ]);
  }

  function draw() {
    if (!doc || !doc.view) return;
    const view = doc.view;
    if (!myTurn() || view.phase !== "honk") { mode = "drive"; picked = null; }
    drawBar(view);
    boardBox.replaceChildren(drawBoard(view));
    side.replaceChildren(...[drawFinal(view), drawOrderBoard(view), ...drawPhones(view)].filter(Boolean));
  }

  return {
    update(next) {
      const turnChanged = !doc || next.version !== doc.version;
      doc = next;
      if (turnChanged) { hoverRoute = null; }
      draw();
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
