// Kaki Lima's grid: the 5x10 city cards (colour, Lokasi name and action icons, cleared
// paths with their token), the piles in the grid gaps, the pedestrians, the walk in progress
// and the click targets the model offers. The grid and the cards come from ctx.data.

import { boardTargets } from "./model.js";

const CW = 84; // cell width in SVG units
const CH = 70;
const PAD = 4;

const FILL = { G: "#9ccc65", R: "#e35d5b", cleared: "#d7e9c4", lokasi: "#f7a440", gap: "#efe7da" };
/** A picture for each Lokasi action, keyed by the engine's action names. */
export function icons(data) {
  const a = data.actions;
  return {
    [a.gather]: "★", [a.trade]: "⇄", [a.draw]: "+1", [a.maximize]: `⇑${data.hand_limit}`,
    [a.token]: "◉", [a.another]: "▶▶",
  };
}

/**
 * The board drawer for one page: who(seat) and cellLabel(cell) name things; act(target)
 * runs a target's send or select.
 */
export function makeBoard(ctx, who, cellLabel) {
  const { svg, data } = ctx;
  const ROWS = data.rows;
  const COLS = data.cols;
  const ICON = icons(data);
  const rc = (i) => [Math.floor(i / COLS), i % COLS];
  const cx = (i) => PAD + rc(i)[1] * CW + CW / 2;
  const cy = (i) => PAD + rc(i)[0] * CH + CH / 2;

  function drawBoard(view, offer, sel, act) {
    const W = PAD * 2 + COLS * CW;
    const H = PAD * 2 + ROWS * CH;
    const board = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Kaki Lima city grid" });
    const targets = boardTargets(offer, sel);
    for (let i = 0; i < ROWS * COLS; i++) board.append(drawCell(view, i));
    const last = view.last_walk;
    if (last && last.path.length > 1 && !view.turn.walk) {
      const line = svg("polyline", { points: last.path.map((c) => `${cx(c)},${cy(c)}`).join(" "), fill: "none",
        stroke: ctx.playerColor(last.seat), "stroke-width": 3, "stroke-dasharray": "3 5", "stroke-linecap": "round", opacity: 0.6 });
      line.setAttribute("data-testid", "kl-last-walk");
      board.append(line);
    }
    const walk = view.turn.walk;
    if (walk && walk.path.length > 1) {
      board.append(svg("polyline", { points: walk.path.map((c) => `${cx(c)},${cy(c)}`).join(" "), fill: "none",
        stroke: ctx.playerColor(view.current), "stroke-width": 5, "stroke-dasharray": "8 5", "stroke-linecap": "round", opacity: 0.85 }));
    }
    if (walk) {
      board.append(svg("rect", { x: cx(walk.end) - CW / 2 + 3, y: cy(walk.end) - CH / 2 + 3, width: CW - 6, height: CH - 6,
        rx: 6, fill: "none", stroke: ctx.playerColor(view.current), "stroke-width": 3 }));
    }
    view.pos.forEach((p, seat) => { if (p !== null) board.append(drawPedestrian(view, p, seat)); });
    for (const [cell, t] of targets) {
      const g = svg("g", { class: "kl-target", tabindex: 0, role: "button", "aria-label": `${t.label}: ${cellLabel(cell)}`,
        dataset: { testid: `kl-cell-${cell}`, cell: String(cell) } });
      g.setAttribute("data-testid", `kl-cell-${cell}`);
      g.append(svg("title", {}, `${t.label}: ${cellLabel(cell)}`),
        svg("rect", { class: "kl-hl", x: cx(cell) - CW / 2 + 2, y: cy(cell) - CH / 2 + 2, width: CW - 4, height: CH - 4, rx: 7,
          fill: t.colour, "fill-opacity": 0.25, stroke: t.colour, "stroke-width": 3 }));
      g.addEventListener("click", () => act(t));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(t); } });
      board.append(g);
    }
    return board;
  }

  function drawCell(view, i) {
    const card = view.cells[i];
    const x = cx(i) - CW / 2 + 1;
    const y = cy(i) - CH / 2 + 1;
    const g = svg("g", { dataset: { kind: card || "gap" } });
    if (!card) {
      g.append(svg("rect", { x, y, width: CW - 2, height: CH - 2, rx: 6, fill: FILL.gap, stroke: "#d8cdbb" }));
      const label = data.gaps[String(i)];
      const lines = [];
      if (label === "draw") lines.push("Draw pile", `${view.draw_count} cards`);
      if (label === "discard") {
        const top = view.discard_top;
        lines.push("Discard", top ? `top: ${top.steps}${top.booster ? " " + data.booster_names[top.booster] : ""}` : "empty");
      }
      if (label === "pool") lines.push("Clearing", `tokens: ${view.pool}`);
      if (label === "jom") lines.push("Kaki Lima");
      lines.forEach((t, k) => g.append(svg("text", { x: x + CW / 2, y: y + 24 + k * 16, "text-anchor": "middle", "font-size": 11, fill: "#5c4a32" }, t)));
      if (label === "discard" && view.discard_top) g.append(svg("title", {}, view.discard_top.booster ? data.booster_texts[view.discard_top.booster] : "plain card"));
      return g;
    }
    const cleared = view.cleared.includes(i);
    const lokasi = data.lokasi[card];
    const fill = lokasi ? FILL.lokasi : card === "R" ? (cleared ? FILL.cleared : FILL.R) : FILL.G;
    g.append(svg("rect", { x, y, width: CW - 2, height: CH - 2, rx: 6, fill, stroke: "#00000033" }));
    if (lokasi) {
      g.append(svg("title", {}, `${card}: ${lokasi.join(", ")}`));
      wrap(card, 12).forEach((t, k) => g.append(svg("text", { x: x + CW / 2, y: y + 15 + k * 13, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#3b2410" }, t)));
      g.append(svg("text", { x: x + CW / 2, y: y + CH - 22, "text-anchor": "middle", "font-size": 12, fill: "#3b2410" }, lokasi.map((a) => ICON[a] || "?").join(" ")));
    } else if (card === "R" && !cleared) {
      g.append(svg("title", {}, "Blocked Path (Red card)"));
      g.append(svg("path", { d: `M${x + 26},${y + 18} l28,28 M${x + 54},${y + 18} l-28,28`, stroke: "#fff", "stroke-width": 5, "stroke-linecap": "round" }));
    } else if (cleared) {
      g.append(svg("title", {}, "Cleared Path (clearing token)"));
      g.append(svg("circle", { cx: x + 14, cy: y + 14, r: 8, fill: "#f2c200", stroke: "#8a6d00", "stroke-width": 2 }));
      g.append(svg("text", { x: x + CW / 2, y: y + 20, "text-anchor": "middle", "font-size": 10, fill: "#44633a" }, "cleared"));
    } else {
      g.append(svg("title", {}, "Clear Path (Green card)"));
    }
    return g;
  }

  function wrap(text, width) {
    const words = text.split(" ");
    const lines = [""];
    for (const w of words) {
      const cur = lines[lines.length - 1];
      if (cur && (cur + " " + w).length > width) lines.push(w);
      else lines[lines.length - 1] = cur ? cur + " " + w : w;
    }
    return lines.slice(0, 3);
  }

  function drawPedestrian(view, p, seat) {
    const x = cx(p) - CW / 2 + 11 + seat * 12.4;
    const y = cy(p) + CH / 2 - 12;
    const g = svg("g", { dataset: { seat: String(seat), cell: String(p) } });
    g.setAttribute("data-testid", `kl-pedestrian-${seat}`);
    g.append(svg("title", {}, who(seat)),
      svg("circle", { cx: x, cy: y, r: 10, fill: ctx.playerColor(seat), stroke: seat === view.current ? "#000" : "#fff", "stroke-width": 2 }),
      svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700 }, view.pedestrians[seat][0]));
    return g;
  }

  return drawBoard;
}
