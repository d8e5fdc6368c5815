// Tuk-Tuk Taxi board renderer (contract: docs/client.md; rulings: docs/rules/tuk-tuk-taxi.md).
// Draws the 13x13 street grid from the view's board data: streets, traffic lights, the taxi
// stops in seat colours, passengers, gas stations, mechanics, every sign with its direction,
// and the taxis (a head on the roof when carrying). The side panel shows the drawn sign, the
// die (its colour in words), the stack's count and the buttons. Every action is a click on
// what the legal-action templates allow; hovering an end cell draws the route there.

const C = 40; // cell size in SVG units
const PAD = 6;

const PALETTE = {
  european: { ground: "#dfe6d8", block: "#c9c2b8", roof: "#a3473a", street: "#5d6166", line: "#f1f3f5", label: "European side" },
  asian: { ground: "#e8dcc0", block: "#d8b77a", roof: "#2f7d5b", street: "#6a5f55", line: "#fff4d6", label: "Asian side" },
};

const DIE_FILL = { red: "#e03131", green: "#2f9e44", yellow: "#f2c200" };
const DIR_NAME = { N: "north", E: "east", S: "south", W: "west" };
const DIR_ANGLE = { N: 0, E: 90, S: 180, W: 270 };
const DIR_VEC = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const RIGHT_OF = { N: "E", E: "S", S: "W", W: "N" };
const LEFT_OF = { N: "W", E: "N", S: "E", W: "S" };

const PROMPT = {
  place: "Click a highlighted street space to place the sign.",
  place_dir: "Now click the arrow for the sign's direction.",
  go_to: "Click a highlighted space to drive your taxi there.",
  remove_sign: "Click the sign to remove, or remove nothing.",
  roll: "Roll the die.",
  move: "Click where your taxi ends (hover to see the route).",
  route: "Two routes end there with different effects: pick one.",
  no_parking: "You stopped on No parking: roll again or stay.",
};

const CSS = `
.tt { display: grid; gap: 10px; grid-template-columns: minmax(0, 3fr) minmax(240px, 1.3fr); font-size: 14px; }
@media (max-width: 820px) { .tt { grid-template-columns: minmax(0, 1fr); } }
.tt-board svg { width: 100%; height: auto; display: block; user-select: none; -webkit-user-select: none; }
.tt-side { display: grid; gap: 8px; align-content: start; }
.tt-card { background: var(--surface, #fff); border: 1px solid var(--line, #ddd); border-radius: 10px; padding: 8px 10px; }
.tt-card h4 { margin: 0 0 6px; font-size: 14px; }
.tt-card p { margin: 0 0 6px; }
.tt-row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.tt-controls { display: flex; flex-wrap: wrap; gap: 6px; }
.tt-controls button { min-height: 36px; padding: 4px 12px; border-radius: 8px; border: 1px solid var(--line, #ccc);
  background: var(--surface-2, #f4eee6); cursor: pointer; font: inherit; }
.tt-controls button.primary { background: var(--accent, #c2551a); color: #fff; border-color: transparent; }
.tt-die { width: 44px; height: 44px; border-radius: 8px; display: inline-flex; align-items: center; justify-content: center;
  font-size: 24px; font-weight: 700; color: #fff; border: 2px solid #0003; }
.tt-muted { color: var(--muted, #888); }
.tt-player { display: flex; gap: 6px; align-items: center; padding: 2px 0; }
.tt-player.current { font-weight: 700; }
.tt-swatch { width: 14px; height: 14px; border-radius: 4px; display: inline-block; }
svg .tt-target { cursor: pointer; }
svg .tt-target:hover rect.tt-hl, svg .tt-target:focus rect.tt-hl { stroke-width: 4; fill-opacity: .45; }
svg text { font-family: system-ui, sans-serif; pointer-events: none; }
`;

const parse = (key) => key.split(",").map(Number);
const centre = (key) => {
  const [r, c] = parse(key);
  return [PAD + c * C + C / 2, PAD + r * C + C / 2];
};

/** Expand the legal-action templates into what the board offers this viewer. */
function readLegal(legal) {
  const out = { place: new Map(), goTo: [], remove: [], discard: false, roll: false, rollAgain: false,
    stay: false, moves: new Map() };
  const choices = (v) => (v && typeof v === "object" && Array.isArray(v.$choice) ? v.$choice : [v]);
  for (const t of legal || []) {
    if (t.type === "place") {
      const dirs = t.direction === undefined ? [] : choices(t.direction);
      for (const cell of choices(t.cell)) out.place.set(cell, dirs);
    } else if (t.type === "go_to") out.goTo.push(...choices(t.cell));
    else if (t.type === "remove_sign") out.remove.push(...choices(t.cell));
    else if (t.type === "discard") out.discard = true;
    else if (t.type === "roll") out.roll = true;
    else if (t.type === "roll_again") out.rollAgain = true;
    else if (t.type === "stay") out.stay = true;
    else if (t.type === "move") {
      const routes = t.route === undefined ? null : choices(t.route);
      for (const cell of choices(t.to)) out.moves.set(cell, routes);
    }
  }
  return out;
}

export function createRenderer(root, ctx) {
  const { svg, h } = ctx;
  root.dataset.handlesAll = "1";
  const style = h("style", {}, CSS);
  const boardBox = h("div", { class: "tt-board" });
  const side = h("div", { class: "tt-side" });
  const shell = h("div", { class: "tt" }, [boardBox, side]);
  root.append(style, shell);

  let doc = null;
  let pending = null; // {kind: "dir", cell, dirs} | {kind: "route", cell, routes}
  let busy = false;
  let showRoutes = () => {}; // set by drawBoard: draws the given moves' routes on the board

  const send = (action) => {
    if (busy) return;
    busy = true;
    pending = null;
    ctx.send(action).catch(() => {}).finally(() => {
      busy = false;
      if (doc) draw();
    });
  };

  // -- drawing helpers ------------------------------------------------------------------------
  function signGlyph(sign, x, y, size) {
    const r = size / 2;
    const g = svg("g", { transform: `translate(${x},${y})`, class: "tt-sign", dataset: { kind: sign.kind } });
    const dirWord = sign.dir ? ` (${DIR_NAME[sign.dir]})` : "";
    g.append(svg("title", {}, `${sign.name}${dirWord}`));
    const circle = (fill, stroke) => svg("circle", { r: r * 0.92, fill, stroke, "stroke-width": r * 0.18 });
    const text = (t, fill, fs) => svg("text", { "text-anchor": "middle", "dominant-baseline": "central", fill,
      "font-size": fs || r * 0.8, "font-weight": 700 }, t);
    const tri = (label) => [
      svg("polygon", { points: `0,${-r * 0.95} ${r * 0.95},${r * 0.75} ${-r * 0.95},${r * 0.75}`, fill: "#fff",
        stroke: "#e03131", "stroke-width": r * 0.16, "stroke-linejoin": "round" }),
      svg("text", { y: r * 0.22, "text-anchor": "middle", "dominant-baseline": "central", "font-size": r * 0.8,
        "font-weight": 700, fill: "#222" }, label),
    ];
    switch (sign.kind) {
      case "slippery": g.append(...tri("≈")); break;
      case "warning": g.append(...tri("!")); break;
      case "no_parking":
        g.append(circle("#1c7ed6", "#e03131"),
          svg("line", { x1: -r * 0.6, y1: -r * 0.6, x2: r * 0.6, y2: r * 0.6, stroke: "#e03131", "stroke-width": r * 0.18 }));
        break;
      case "no_stopping":
        g.append(circle("#1c7ed6", "#e03131"),
          svg("line", { x1: -r * 0.6, y1: -r * 0.6, x2: r * 0.6, y2: r * 0.6, stroke: "#e03131", "stroke-width": r * 0.18 }),
          svg("line", { x1: r * 0.6, y1: -r * 0.6, x2: -r * 0.6, y2: r * 0.6, stroke: "#e03131", "stroke-width": r * 0.18 }));
        break;
      case "pedestrian_crossing": {
        g.append(svg("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.2, fill: "#1c7ed6" }));
        for (let i = -2; i <= 2; i++) {
          g.append(svg("rect", { x: i * r * 0.34 - r * 0.1, y: -r * 0.55, width: r * 0.2, height: r * 1.1, fill: "#fff" }));
        }
        break;
      }
      case "speed_limit": g.append(circle("#fff", "#e03131"), text("40", "#222", r * 0.85)); break;
      case "stop": {
        const pts = [];
        for (let i = 0; i < 8; i++) {
          const a = Math.PI / 8 + (i * Math.PI) / 4;
          pts.push(`${(Math.cos(a) * r * 0.95).toFixed(2)},${(Math.sin(a) * r * 0.95).toFixed(2)}`);
        }
        g.append(svg("polygon", { points: pts.join(" "), fill: "#e03131", stroke: "#fff", "stroke-width": r * 0.08 }),
          text("STOP", "#fff", r * 0.5));
        break;
      }
      case "no_entry":
        g.append(svg("circle", { r: r * 0.92, fill: "#e03131" }),
          svg("rect", { x: -r * 0.6, y: -r * 0.16, width: r * 1.2, height: r * 0.32, fill: "#fff" }));
        break;
      case "turn_right":
      case "turn_left": {
        g.append(svg("circle", { r: r * 0.92, fill: "#1c7ed6" }));
        const d = sign.dir || "N";
        const turn = sign.kind === "turn_right" ? RIGHT_OF[d] : LEFT_OF[d];
        const [bx, by] = DIR_VEC[d];
        const [tx, ty] = DIR_VEC[turn];
        const s = r * 0.62;
        g.append(svg("polyline", { points: `${-bx * s},${-by * s} 0,0 ${tx * s},${ty * s}`, fill: "none", stroke: "#fff",
          "stroke-width": r * 0.2, "stroke-linejoin": "round" }),
        arrowHead(tx * s, ty * s, turn, r * 0.32, "#fff"));
        break;
      }
      case "one_way": {
        const d = sign.dir || "E";
        const [dx, dy] = DIR_VEC[d];
        const s = r * 0.65;
        g.append(svg("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.2, fill: "#1c7ed6" }),
          svg("line", { x1: -dx * s, y1: -dy * s, x2: dx * s * 0.6, y2: dy * s * 0.6, stroke: "#fff", "stroke-width": r * 0.22 }),
          arrowHead(dx * s, dy * s, d, r * 0.38, "#fff"));
        break;
      }
      case "police":
        g.append(svg("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.25, fill: "#2b8a3e" }),
          text("POL", "#fff", r * 0.55));
        break;
      case "mechanic":
        g.append(svg("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.25, fill: "#2b8a3e" }),
          wrench(r * 0.75, "#fff"));
        break;
      case "gas_station":
        g.append(svg("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.25, fill: "#2b8a3e" }),
          pump(r * 0.75, "#fff"));
        break;
      case "remove_sign":
        g.append(svg("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.25, fill: "#2b8a3e" }),
          text("✕", "#fff", r));
        break;
      default:
        g.append(circle("#eee", "#888"), text("?", "#222"));
    }
    return g;
  }

  function wrench(s, fill) {
    // A spanner drawn diagonally: a bar with an open ring at each end.
    return svg("g", { transform: "rotate(45)" }, [
      svg("rect", { x: -s * 0.14, y: -s * 0.75, width: s * 0.28, height: s * 1.5, fill }),
      svg("circle", { cy: -s * 0.75, r: s * 0.32, fill: "none", stroke: fill, "stroke-width": s * 0.22 }),
      svg("circle", { cy: s * 0.75, r: s * 0.32, fill: "none", stroke: fill, "stroke-width": s * 0.22 }),
    ]);
  }

  function pump(s, fill) {
    // A fuel pump: the body, its window and the hose.
    return svg("g", {}, [
      svg("rect", { x: -s * 0.7, y: -s * 0.8, width: s * 0.95, height: s * 1.6, rx: s * 0.12, fill }),
      svg("rect", { x: -s * 0.55, y: -s * 0.6, width: s * 0.65, height: s * 0.45, fill: "#2b8a3e", opacity: 0.6 }),
      svg("path", { d: `M${s * 0.25} ${-s * 0.4} h${s * 0.3} v${s * 0.9} h${s * 0.2}`, fill: "none", stroke: fill, "stroke-width": s * 0.15 }),
    ]);
  }

  function arrowHead(x, y, dir, size, fill) {
    // A triangle pointing `dir`, its tip at (x, y).
    const pts = `0,0 ${-size * 0.6},${size} ${size * 0.6},${size}`;
    return svg("polygon", { points: pts, fill, transform: `translate(${x},${y}) rotate(${DIR_ANGLE[dir]})` });
  }

  function passengerFigure(x, y, colour) {
    return svg("g", { transform: `translate(${x},${y})` }, [
      svg("circle", { cy: -7, r: 4, fill: colour || "#5c3d2e" }),
      svg("path", { d: "M-5 6 L-4 -2 Q0 -4 4 -2 L5 6 Z", fill: colour || "#7a4f9a" }),
    ]);
  }

  function taxiShape(cell, seat, carrying, name) {
    const [x, y] = centre(cell);
    const colour = ctx.playerColor(seat);
    const g = svg("g", { transform: `translate(${x},${y})`, class: "tt-taxi",
      dataset: { seat: String(seat), cell, carrying: carrying ? "1" : "0" } });
    g.append(svg("title", {}, `${name}'s taxi${carrying ? " (carrying a passenger)" : ""}`),
      svg("rect", { x: -14, y: -10, width: 28, height: 20, rx: 6, fill: colour, stroke: "#111", "stroke-width": 1.5 }),
      svg("rect", { x: -9, y: -6, width: 18, height: 7, rx: 2, fill: "#e7f5ff" }),
      svg("circle", { cx: -8, cy: 10, r: 3, fill: "#111" }), svg("circle", { cx: 8, cy: 10, r: 3, fill: "#111" }));
    if (carrying) {
      g.append(svg("circle", { cy: -15, r: 6, fill: "#ffd43b", stroke: "#111", "stroke-width": 1.2 }),
        svg("circle", { cy: -16, r: 2.2, fill: "#111" }));
    }
    return g;
  }

  // -- the board ------------------------------------------------------------------------------
  function drawBoard(view, legal) {
    const side = PALETTE[view.side] || PALETTE.european;
    const b = view.board;
    const W = b.size * C + PAD * 2;
    const streets = new Set(b.street_lines);
    const isStreet = (r, c) => r >= 0 && c >= 0 && r < b.size && c < b.size && (streets.has(r) || streets.has(c));
    const root = svg("svg", { viewBox: `0 0 ${W} ${W}`, role: "img", "aria-label": `Tuk-Tuk Taxi board, ${side.label}` });
    root.append(svg("rect", { width: W, height: W, fill: side.ground, rx: 10 }));

    // blocks of buildings (the art differs per side)
    for (let br = 0; br < b.size - 1; br += 4) {
      for (let bc = 0; bc < b.size - 1; bc += 4) {
        const x = PAD + (bc + 1) * C;
        const y = PAD + (br + 1) * C;
        root.append(svg("rect", { x: x + 3, y: y + 3, width: 3 * C - 6, height: 3 * C - 6, rx: 6, fill: side.block }));
        for (let i = 0; i < 3; i++) {
          if (view.side === "asian") {
            root.append(svg("path", { d: `M${x + 8 + i * 38} ${y + 26} q16 -16 32 0 z`, fill: side.roof, opacity: 0.8 }));
          } else {
            root.append(svg("rect", { x: x + 10 + i * 36, y: y + 10, width: 24, height: 14, fill: side.roof, opacity: 0.7 }));
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
        pump(C * 0.32, "#fff")]));
    }
    for (const key of b.mechanics) {
      const [x, y] = centre(key);
      root.append(svg("g", { transform: `translate(${x},${y})` }, [svg("title", {}, "Mechanic"),
        svg("rect", { x: -C / 2 + 2, y: -C / 2 + 2, width: C - 4, height: C - 4, rx: 5, fill: "#495057", opacity: 0.9 }),
        wrench(C * 0.3, "#fff")]));
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
      const g = passengerFigure(x + dx * C * 0.62, y + dy * C * 0.62);
      g.append(svg("title", {}, "A passenger waiting"));
      g.classList.add("tt-passenger");
      g.dataset.cell = key;
      root.append(g);
    }
    // signs on the board
    for (const [key, sign] of Object.entries(view.signs)) {
      const [x, y] = centre(key);
      root.append(signGlyph(sign, x, y, C * 0.8));
    }
    // route preview layer (filled on hover)
    const routeLayer = svg("g", { class: "tt-route", "pointer-events": "none" });
    // taxis
    const taxiLayer = svg("g", { "pointer-events": "none" });
    view.taxis.forEach((key, seat) => {
      taxiLayer.append(taxiShape(key, seat, view.carrying[seat], ctx.playerName(seat)));
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
    for (const [key, dirs] of legal.place) {
      target(key, "place", () => {
        if (dirs.length) {
          pending = { kind: "dir", cell: key, dirs };
          draw();
        } else {
          send({ type: "place", cell: key });
        }
      }, `Place ${view.drawn ? view.drawn.name : "the sign"} here`, "#fcc419");
    }
    for (const key of legal.goTo) {
      target(key, "go_to", () => send({ type: "go_to", cell: key }), "Drive here", "#fcc419");
    }
    for (const key of legal.remove) {
      target(key, "remove_sign", () => send({ type: "remove_sign", cell: key }), "Remove this sign", "#fa5252");
    }
    const byEnd = new Map();
    for (const m of view.moves) {
      if (!byEnd.has(m.to)) byEnd.set(m.to, []);
      byEnd.get(m.to).push(m);
    }
    showRoutes = (list) => {
      while (routeLayer.firstChild) routeLayer.firstChild.remove();
      list.forEach((m, i) => {
        const pts = m.path.map((k) => centre(k).map((v) => v + i * 4).join(",")).join(" ");
        routeLayer.append(svg("polyline", { points: pts, fill: "none", stroke: me, "stroke-width": 6,
          "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.85, class: "tt-route-line" }));
        const [ex, ey] = centre(m.path[m.path.length - 1]);
        routeLayer.append(svg("circle", { cx: ex + i * 4, cy: ey + i * 4, r: 5, fill: me }));
      });
    };
    for (const [key, routes] of legal.moves) {
      const options = byEnd.get(key) || [];
      const title = options.map((m) => m.note).join(" / ") || "End your move here";
      const g = target(key, "move", () => {
        if (routes && routes.length > 1) {
          pending = { kind: "route", cell: key, routes };
          draw();
        } else {
          send({ type: "move", to: key });
        }
      }, title, me);
      g.addEventListener("mouseenter", () => showRoutes(options));
      g.addEventListener("focus", () => showRoutes(options));
      g.addEventListener("mouseleave", () => showRoutes(pendingRoutes()));
    }
    root.append(targets);
    showRoutes(pendingRoutes());

    // direction picker for the drawn sign
    if (pending && pending.kind === "dir" && legal.place.has(pending.cell)) {
      const [x, y] = centre(pending.cell);
      const kind = view.drawn ? view.drawn.kind : "";
      root.append(svg("circle", { cx: x, cy: y, r: C * 0.55, fill: "#fff", opacity: 0.8 }));
      for (const d of pending.dirs) {
        const [dx, dy] = DIR_VEC[d];
        // A turn sign's arrow sits on the side its cars come from; a one-way's points along.
        const side = kind === "one_way" ? 1 : -1;
        const px = x + side * dx * C * 0.95;
        const py = y + side * dy * C * 0.95;
        const label = kind === "one_way"
          ? `One-way, pointing ${DIR_NAME[d]}`
          : `Cars driving ${DIR_NAME[d]} must turn ${kind === "turn_right" ? "right" : "left"}`;
        const g = svg("g", { class: "tt-target tt-dir", tabindex: 0, role: "button", "aria-label": label,
          dataset: { dir: d }, onclick: () => send({ type: "place", cell: pending.cell, direction: d }) });
        g.append(svg("title", {}, label),
          svg("circle", { cx: px, cy: py, r: 16, fill: "#fcc419", stroke: "#111", "stroke-width": 1.5 }),
          arrowHead(px + (dx * 9), py + (dy * 9), d, 14, "#111"));
        root.append(g);
      }
    }
    return root;
  }

  // -- the side panel -------------------------------------------------------------------------
  function drawSide(view, legal) {
    const parts = [];
    const myTurn = ctx.seat !== null && ctx.seat === view.current && view.phase !== "over";
    // turn and prompt
    const turnCard = h("div", { class: "tt-card" });
    const who = view.phase === "over" ? "The game is over." : myTurn ? "Your turn." : `${ctx.playerName(view.current)}'s turn.`;
    turnCard.append(h("h4", {}, who));
    let prompt = "";
    if (myTurn) {
      if (pending && pending.kind === "dir") prompt = PROMPT.place_dir;
      else if (pending && pending.kind === "route") prompt = PROMPT.route;
      else if (legal.place.size) prompt = PROMPT.place;
      else if (legal.goTo.length) prompt = PROMPT.go_to;
      else if (legal.remove.length) prompt = PROMPT.remove_sign;
      else if (legal.roll) prompt = PROMPT.roll;
      else if (legal.moves.size) prompt = PROMPT.move;
      else if (legal.rollAgain) prompt = PROMPT.no_parking;
    }
    if (prompt) turnCard.append(h("p", { class: "tt-prompt" }, prompt));
    const controls = h("div", { class: "tt-controls" });
    if (legal.roll) controls.append(h("button", { class: "primary", dataset: { action: "roll" }, onclick: () => send({ type: "roll" }) }, "Roll the die"));
    if (legal.rollAgain) controls.append(h("button", { class: "primary", dataset: { action: "roll_again" }, onclick: () => send({ type: "roll_again" }) }, "Roll again"));
    if (legal.stay) controls.append(h("button", { dataset: { action: "stay" }, onclick: () => send({ type: "stay" }) }, "Stay here"));
    if (legal.discard) controls.append(h("button", { dataset: { action: "discard" }, onclick: () => send({ type: "discard" }) }, "Remove nothing"));
    if (pending && pending.kind === "route") {
      pending.routes.forEach((idx, n) => {
        const m = view.moves[idx];
        const via = m ? m.path.slice(1, -1).slice(0, 3).join(" → ") : "";
        const label = `Route ${n + 1}${via ? ` via ${via}` : ""}: ${m ? m.note : ""}`;
        const button = h("button", { dataset: { action: "route", route: String(idx) },
          onclick: () => send({ type: "move", to: pending.cell, route: idx }) }, label);
        button.addEventListener("mouseenter", () => showRoutes(m ? [m] : []));
        button.addEventListener("mouseleave", () => showRoutes(pendingRoutes()));
        controls.append(button);
      });
    }
    if (pending) controls.append(h("button", { dataset: { action: "cancel" }, onclick: () => { pending = null; draw(); } }, "Cancel"));
    if (controls.childNodes.length) turnCard.append(controls);
    parts.push(turnCard);

    // drawn sign, die, stack
    const signCard = h("div", { class: "tt-card tt-status" });
    const drawnRow = h("div", { class: "tt-row" });
    if (view.drawn) {
      const mini = svg("svg", { viewBox: "-20 -20 40 40", width: 40, height: 40 });
      mini.append(signGlyph({ kind: view.drawn.kind, name: view.drawn.name, dir: null }, 0, 0, 36));
      drawnRow.append(mini, h("span", { class: "tt-drawn" }, `Drawn sign: ${view.drawn.name}`));
    } else {
      drawnRow.append(h("span", { class: "tt-muted" }, "No sign drawn yet"));
    }
    signCard.append(drawnRow);
    const dieRow = h("div", { class: "tt-row", style: { marginTop: "6px" } });
    if (view.die) {
      dieRow.append(h("span", { class: "tt-die", style: { background: DIE_FILL[view.die.colour] || "#888" } }, String(view.die.value)),
        h("span", { class: "tt-die-text" }, `Die: ${view.die.colour} ${view.die.value}`));
    } else {
      dieRow.append(h("span", { class: "tt-muted tt-die-text" }, "Die: not rolled yet this turn"));
    }
    signCard.append(dieRow);
    signCard.append(h("p", { class: "tt-stack", style: { marginTop: "6px" } },
      `Signs left in the stack: ${view.stack_count}` + (view.removed ? ` · out of the game: ${view.removed}` : "")));
    if (view.simplified) signCard.append(h("p", { class: "tt-muted" }, "Simplified variant: no No entry or One-way signs."));
    parts.push(signCard);

    // players
    const pc = h("div", { class: "tt-card" }, h("h4", {}, "Taxis"));
    for (let seat = 0; seat < view.players; seat++) {
      const bits = [`${view.delivered[seat]} delivered`];
      if (view.carrying[seat]) bits.push("carrying a passenger");
      if (view.skip[seat]) bits.push("skips next turn (mechanic)");
      pc.append(h("div", { class: `tt-player${seat === view.current ? " current" : ""}`, dataset: { seat: String(seat) } }, [
        h("span", { class: "tt-swatch", style: { background: ctx.playerColor(seat) } }),
        h("span", {}, `${ctx.playerName(seat)}: ${bits.join(", ")}`),
      ]));
    }
    pc.append(h("p", { class: "tt-muted", style: { marginTop: "6px" } }, `Passengers waiting: ${view.passengers.length}`));
    parts.push(pc);
    return parts;
  }

  function pendingRoutes() {
    if (!pending || pending.kind !== "route" || !doc) return [];
    return pending.routes.map((i) => doc.view.moves[i]).filter(Boolean);
  }

  function draw() {
    const view = doc.view;
    const legal = readLegal(doc.outcome ? [] : doc.legal);
    if (pending && pending.kind === "dir" && !legal.place.has(pending.cell)) pending = null;
    if (pending && pending.kind === "route" && !legal.moves.has(pending.cell)) pending = null;
    // A summary of the position, so tests (and curious players) can tell pages are in step.
    shell.dataset.phase = view.phase;
    shell.dataset.current = String(view.current);
    shell.dataset.sync = [view.phase, view.current, view.stack_count, view.taxis.join(";"),
      view.die ? view.die.value : "-", view.moves.length].join("|");
    boardBox.replaceChildren(drawBoard(view, legal));
    side.replaceChildren(...drawSide(view, legal));
  }

  return {
    update(next) {
      const changed = !doc || doc.version !== next.version;
      doc = next;
      if (changed) pending = null;
      draw();
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
