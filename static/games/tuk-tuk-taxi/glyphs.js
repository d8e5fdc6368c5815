// Tuk-Tuk Taxi's pictures: every sign tile, the gas pump and spanner, the passengers and the
// taxis, as SVG groups. The compass (which way is right of north) comes from the engine's
// data (ctx.data), not from a copy here.

/** The compass words, as message keys. */
export const DIR_KEY = { N: "tuk-tuk-taxi.board.north", E: "tuk-tuk-taxi.board.east", S: "tuk-tuk-taxi.board.south", W: "tuk-tuk-taxi.board.west" };
const DIR_ANGLE = { N: 0, E: 90, S: 180, W: 270 };

/** The glyph makers for one page: svg is ctx.svg, data the game's static data, t is ctx.t. */
export function makeGlyphs(svg, data, t) {
  // [d_col, d_row]: a screen step (x, y) for each compass direction.
  const DIR_VEC = Object.fromEntries(Object.entries(data.directions).map(([d, [dr, dc]]) => [d, [dc, dr]]));
  const RIGHT_OF = data.right_of;
  const LEFT_OF = data.left_of;

  function sign(sign, x, y, size) {
    const r = size / 2;
    const g = svg("g", { transform: `translate(${x},${y})`, class: "tt-sign", dataset: { kind: sign.kind } });
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

  /** A sign's name, its direction and what it does, in the viewer's language (its tooltip). */
  function signWords(sign) {
    const name = t(`tuk-tuk-taxi.term.${sign.kind}`);
    let dir = "";
    if (sign.dir && sign.kind === "one_way") dir = t("tuk-tuk-taxi.board.dir.one_way", { dir: t(DIR_KEY[sign.dir]) });
    else if (sign.dir) dir = t(`tuk-tuk-taxi.board.dir.${sign.kind === "turn_left" ? "turn_left" : "turn_right"}`, { dir: t(DIR_KEY[sign.dir]) });
    return [name, dir, t(`tuk-tuk-taxi.signtip.${sign.kind}`)].filter(Boolean).join(". ");
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
      svg("rect", { x: -s * 0.55, y: -s * 0.6, width: s * 0.65, height: s * 0.45, fill: "#2b8a3e", "fill-opacity": 0.6 }),
      svg("path", { d: `M${s * 0.25} ${-s * 0.4} h${s * 0.3} v${s * 0.9} h${s * 0.2}`, fill: "none", stroke: fill, "stroke-width": s * 0.15 }),
    ]);
  }

  function arrowHead(x, y, dir, size, fill) {
    // A triangle pointing `dir`, its tip at (x, y).
    const pts = `0,0 ${-size * 0.6},${size} ${size * 0.6},${size}`;
    return svg("polygon", { points: pts, fill, transform: `translate(${x},${y}) rotate(${DIR_ANGLE[dir]})` });
  }

  function passenger(x, y, colour) {
    return svg("g", { transform: `translate(${x},${y})` }, [
      svg("circle", { cy: -7, r: 4, fill: colour || "#5c3d2e" }),
      svg("path", { d: "M-5 6 L-4 -2 Q0 -4 4 -2 L5 6 Z", fill: colour || "#7a4f9a" }),
    ]);
  }

  function taxi([x, y], cell, seat, carrying, name, colour) {
    const g = svg("g", { transform: `translate(${x},${y})`, class: "tt-taxi",
      dataset: { seat: String(seat), cell, carrying: carrying ? "1" : "0" } });
    // The seat's number on the roof pairs the colour with a sign colour-blind players can read.
    g.append(svg("title", {}, t(carrying ? "tuk-tuk-taxi.tip.taxi_carrying" : "tuk-tuk-taxi.tip.taxi", { name, n: seat + 1 })),
      svg("rect", { x: -14, y: -10, width: 28, height: 20, rx: 6, fill: colour, stroke: "#111", "stroke-width": 1.5 }),
      svg("rect", { x: -9, y: -6, width: 18, height: 9, rx: 2, fill: "#e7f5ff" }),
      svg("text", { y: 2, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#111" }, String(seat + 1)),
      svg("circle", { cx: -8, cy: 10, r: 3, fill: "#111" }), svg("circle", { cx: 8, cy: 10, r: 3, fill: "#111" }));
    if (carrying) {
      g.append(svg("circle", { cy: -15, r: 6, fill: "#ffd43b", stroke: "#111", "stroke-width": 1.2 }),
        svg("circle", { cy: -16, r: 2.2, fill: "#111" }));
    }
    return g;
  }

  return { sign, signWords, wrench, pump, arrowHead, passenger, taxi, DIR_VEC };
}
