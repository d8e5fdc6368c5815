// Kaki Lima's grid: the 5x10 city cards (colour, Lokasi name and action icons, cleared
// paths with their token), the piles in the grid gaps, the pedestrians, every player's last
// walk (kept until that player moves again), the walk in progress, the highlight the log asks
// for and the click targets the model offers. The margins print the coordinates the log uses
// (row letters A-E, columns 1-10). On a narrow screen the grid is drawn turned a quarter
// (5 columns, 10 rows: adjacency is the same), so all of it fits 360 px with cells >= 44 px.
// Every word goes through ctx.t at draw time.

import { listen } from "../../dom.js";
import { memo } from "../../morph.js";
import { boardTargets, lastMoves, refCells } from "./model.js";

const CW = 84; // cell width in SVG units
const CH = 70;
const PAD = 4;
const MARGIN = 16; // room for the coordinate labels

const FILL = { G: "#9ccc65", R: "#e35d5b", cleared: "#d7e9c4", lokasi: "#f7a440", gap: "#efe7da" };
/** A picture for each Lokasi action (engine action codes). */
export const ICONS = { gather: "★", trade: "⇄", draw: "+1", maximize: "⇑5", token: "◉", another: "▶▶" };
/** A short mark for each booster, where a whole name does not fit (the discard pile). */
export const BOOSTER_MARKS = { diagonal: "⤡", reverse: "⇆", around: "⤼", double: "×2", combine: "+", swap: "⇄", pickup: "◉+", move: "◉→" };

/** Whether the board is drawn turned (5 columns wide) for a box this wide (CSS px). */
export function turned(width) {
  return width > 0 && width < 640;
}

/**
 * The board drawer for one page. words = {who(seat), cell(i) (short name), cellAria(i) (in
 * words, with its kind), langkah(card)}; act(target) runs a target's send or select;
 * info(cell) opens the card's long-press / tap description.
 */
export function makeBoard(ctx, words, act, info) {
  const { svg, data, t } = ctx;
  const ROWS = data.rows;
  const COLS = data.cols;

  function geometry(turn) {
    const rc = (i) => [Math.floor(i / COLS), i % COLS];
    // Turned: the grid's rows run left to right, its columns top to bottom.
    const xy = (i) => {
      const [r, c] = rc(i);
      return turn ? [c, r] : [r, c];
    };
    const cx = (i) => MARGIN + PAD + xy(i)[1] * CW + CW / 2;
    const cy = (i) => MARGIN + PAD + xy(i)[0] * CH + CH / 2;
    const across = turn ? ROWS : COLS;
    const down = turn ? COLS : ROWS;
    return { cx, cy, W: MARGIN + PAD * 2 + across * CW, H: MARGIN + PAD * 2 + down * CH, across, down };
  }

  function drawBoard(view, offer, sel, { turn = false, highlight = null } = {}) {
    const geo = geometry(turn);
    const { cx, cy, W, H } = geo;
    const board = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": t("kaki-lima.board.board_label") });
    board.classList.add(turn ? "kl-turned" : "kl-wide");
    board.setAttribute("data-testid", "kl-grid");
    // The margins' letters and numbers change only when the grid turns: drawn once per turn.
    board.append(memo(coordCache, String(turn), () => svg("g", { "data-key": "kl-coords" }, labels(geo, turn))));
    const targets = boardTargets(offer, sel);
    for (let i = 0; i < ROWS * COLS; i++) board.append(cell(view, i, geo, turn));
    // Every player's last walk, until that player moves again (the walk in progress apart).
    const moves = lastMoves(ctx.lines ? ctx.lines() : [], view.last_walk);
    const walking = view.turn.walk ? view.current : null;
    const n = view.players;
    for (const [seat, move] of moves) {
      if (seat === walking || !move.path || move.path.length < 2) continue;
      const off = (seat - (n - 1) / 2) * 3;
      const pts = move.path.map((c) => `${cx(c) + off},${cy(c) + off}`).join(" ");
      const g = svg("g", { class: "kl-trail" });
      g.setAttribute("data-testid", `kl-trail-${seat}`);
      g.setAttribute("data-seat", String(seat));
      g.append(svg("title", {}, t("kaki-lima.board.last_move", { who: words.who(seat) })),
        svg("polyline", { points: pts, fill: "none", stroke: ctx.playerColor(seat), "stroke-width": 4,
          "stroke-dasharray": "2 6", "stroke-linecap": "round", "stroke-opacity": 0.8 }),
        svg("circle", { cx: cx(move.path[0]) + off, cy: cy(move.path[0]) + off, r: 4, fill: ctx.playerColor(seat) }));
      board.append(g);
    }
    const walk = view.turn.walk;
    if (walk && walk.path.length > 1) {
      const line = svg("polyline", { points: walk.path.map((c) => `${cx(c)},${cy(c)}`).join(" "), fill: "none",
        stroke: ctx.playerColor(view.current), "stroke-width": 5, "stroke-dasharray": "8 5", "stroke-linecap": "round", "stroke-opacity": 0.85 });
      line.setAttribute("data-testid", "kl-walk");
      board.append(line);
    }
    if (walk) {
      board.append(svg("rect", { x: cx(walk.end) - CW / 2 + 3, y: cy(walk.end) - CH / 2 + 3, width: CW - 6, height: CH - 6,
        rx: 6, fill: "none", stroke: ctx.playerColor(view.current), "stroke-width": 3 }));
    }
    drawPedestrians(view, geo).forEach((g) => board.append(g));
    for (const cell of refCells(highlight, view.cells)) {
      const hl = svg("rect", { class: "kl-highlight", x: cx(cell) - CW / 2 + 1, y: cy(cell) - CH / 2 + 1, width: CW - 2, height: CH - 2,
        rx: 7, fill: "#ffe066", "fill-opacity": 0.35, stroke: "#1a1a1a", "stroke-width": 4, "stroke-dasharray": "6 3" });
      hl.setAttribute("data-testid", `kl-highlight-${cell}`);
      board.append(hl);
    }
    for (const [cell, tg] of targets) {
      const label = t(tg.key, { cell: words.cellAria(cell) });
      // One Tab stop for the grid: static/roving.js gives it to one target, moves it with the
      // arrow keys and turns Enter/Space into this click.
      const g = svg("g", { class: "kl-target", tabindex: -1, role: "button", "aria-label": label });
      g.setAttribute("data-testid", `kl-cell-${cell}`);
      g.setAttribute("data-cell", String(cell));
      g.setAttribute("data-rove", `cell-${cell}`);
      g.append(svg("title", {}, label),
        svg("rect", { class: "kl-hl", x: cx(cell) - CW / 2 + 2, y: cy(cell) - CH / 2 + 2, width: CW - 4, height: CH - 4, rx: 7,
          fill: tg.colour, "fill-opacity": 0.25, stroke: tg.colour, "stroke-width": 3 }));
      longPress(g, () => info(cell), () => act(tg));
      board.append(g);
    }
    return board;
  }

  // A card is drawn again only when what it shows changed (static/morph.js memo, issue 42):
  // its card, whether it is cleared, a pile's count, the grid's turn and the language.
  const cellCaches = [];
  const coordCache = {};
  function cell(view, i, geo, turn) {
    const card = view.cells[i];
    const pile = card ? null : data.gaps[String(i)];
    const shown = pile === "draw" ? view.draw_count : pile === "discard" ? view.discard_top : pile === "pool" ? view.pool : null;
    const sig = `${ctx.lang ? ctx.lang() : ""}|${turn}|${JSON.stringify([card ?? null, view.cleared.includes(i), shown ?? null])}`;
    return memo((cellCaches[i] ||= {}), sig, () => drawCell(view, i, geo));
  }

  /** Column numbers and row letters in the margins, where the log's coordinates come from. */
  function labels(geo, turn) {
    const out = [];
    const style = { "text-anchor": "middle", "font-size": 11, fill: "#6b5a44", "font-weight": 700 };
    for (let k = 0; k < geo.across; k++) {
      const text = turn ? "ABCDE"[k] : String(k + 1);
      out.push(svg("text", { ...style, x: MARGIN + PAD + k * CW + CW / 2, y: MARGIN - 4, class: "kl-coord" }, text));
    }
    for (let k = 0; k < geo.down; k++) {
      const text = turn ? String(k + 1) : "ABCDE"[k];
      out.push(svg("text", { ...style, x: MARGIN / 2, y: MARGIN + PAD + k * CH + CH / 2 + 4, class: "kl-coord" }, text));
    }
    return out;
  }

  function drawCell(view, i, { cx, cy }) {
    const card = view.cells[i];
    const x = cx(i) - CW / 2 + 1;
    const y = cy(i) - CH / 2 + 1;
    const g = svg("g", { class: "kl-cell" });
    g.setAttribute("data-kind", card || "gap");
    g.setAttribute("data-spot", String(i));
    const tip = svg("title", {}, words.tip(i));
    if (!card) {
      g.append(tip, svg("rect", { x, y, width: CW - 2, height: CH - 2, rx: 6, fill: FILL.gap, stroke: "#d8cdbb" }));
      const pile = data.gaps[String(i)];
      const lines = [];
      if (pile === "draw") lines.push(t("kaki-lima.board.pile.draw"), t("kaki-lima.board.pile.draw_count", { count: view.draw_count }));
      if (pile === "discard") {
        const top = view.discard_top;
        lines.push(t("kaki-lima.board.pile.discard"));
        if (top) lines.push(t("kaki-lima.board.pile.discard_top", { steps: top.steps }), top.booster ? `${BOOSTER_MARKS[top.booster]} ${t("kaki-lima.board.booster." + top.booster)}` : t("kaki-lima.board.plain"));
        else lines.push(t("kaki-lima.board.pile.empty"));
      }
      if (pile === "pool") lines.push(t("kaki-lima.board.pile.pool"), t("kaki-lima.board.pile.pool_count", { count: view.pool }));
      if (pile === "jom") lines.push(t("kaki-lima.board.pile.jom"));
      lines.forEach((text, k) => g.append(fitText(text, x + CW / 2, y + 18 + k * 15, k ? 10 : 11, CW - 8, { fill: "#5c4a32", "font-weight": k ? 400 : 700 })));
      return tapInfo(g, i);
    }
    const cleared = view.cleared.includes(i);
    const lokasi = data.lokasi[card];
    const fill = lokasi ? FILL.lokasi : card === "R" ? (cleared ? FILL.cleared : FILL.R) : FILL.G;
    g.append(tip, svg("rect", { x, y, width: CW - 2, height: CH - 2, rx: 6, fill, stroke: "#00000033" }));
    if (lokasi) {
      wrap(card, 11).forEach((text, k) => g.append(fitText(text, x + CW / 2, y + 14 + k * 12, 11, CW - 8, { "font-weight": 700, fill: "#3b2410" })));
      g.append(svg("text", { x: x + CW / 2, y: y + 41, "text-anchor": "middle", "font-size": 12, fill: "#3b2410" }, lokasi.map((a) => ICONS[a] || "?").join(" ")));
    } else if (card === "R" && !cleared) {
      g.append(svg("path", { d: `M${x + 30},${y + 12} l22,22 M${x + 52},${y + 12} l-22,22`, stroke: "#fff", "stroke-width": 5, "stroke-linecap": "round" }));
    } else if (cleared) {
      g.append(svg("circle", { cx: x + 14, cy: y + 14, r: 8, fill: "#f2c200", stroke: "#8a6d00", "stroke-width": 2 }));
      g.append(fitText(t("kaki-lima.board.cleared_mark"), x + CW / 2 + 8, y + 18, 10, CW - 34, { fill: "#44633a" }));
    }
    return tapInfo(g, i);
  }

  /** A tap (or click) on a card that is no target opens its description. */
  function tapInfo(g, i) {
    listen(g, "click", () => info(i));
    return g;
  }

  /** Text that never spills out of its card: squeezed to maxWidth when it would. */
  function fitText(text, x, y, size, maxWidth, attrs = {}) {
    const el = svg("text", { x, y, "text-anchor": "middle", "font-size": size, ...attrs }, text);
    if (String(text).length * size * 0.56 > maxWidth) {
      el.setAttribute("textLength", String(maxWidth));
      el.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    return el;
  }

  function wrap(text, width) {
    const out = [""];
    for (const w of text.split(" ")) {
      const cur = out[out.length - 1];
      if (cur && (cur + " " + w).length > width) out.push(w);
      else out[out.length - 1] = cur ? cur + " " + w : w;
    }
    return out.length > 2 ? [out[0], out.slice(1).join(" ")] : out;
  }

  /** The pedestrians, grouped per card so none overlaps another or the card's edge. */
  function drawPedestrians(view, { cx, cy }) {
    const byCell = new Map();
    view.pos.forEach((p, seat) => { if (p !== null) byCell.set(p, [...(byCell.get(p) || []), seat]); });
    const out = [];
    for (const [p, seats] of byCell) {
      const rows = seats.length > 3 ? [seats.slice(0, 3), seats.slice(3)] : [seats];
      rows.forEach((row, r) => row.forEach((seat, k) => {
        const x = cx(p) + (k - (row.length - 1) / 2) * 20;
        const y = cy(p) + CH / 2 - 13 - (rows.length - 1 - r) * 18;
        const g = svg("g", { class: "kl-pedestrian" });
        g.setAttribute("data-testid", `kl-pedestrian-${seat}`);
        g.setAttribute("data-seat", String(seat));
        g.setAttribute("data-cell", String(p));
        g.append(svg("title", {}, t("kaki-lima.board.pedestrian_at", { who: words.who(seat), cell: words.cell(p) })),
          svg("circle", { cx: x, cy: y, r: 8.5, fill: ctx.playerColor(seat), stroke: seat === view.current ? "#000" : "#fff", "stroke-width": 2 }),
          svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: "#fff", "font-weight": 700 }, view.pedestrians[seat][0]));
        out.push(g);
      }));
    }
    return out;
  }

  return drawBoard;
}

/**
 * A press that is held (touch or pen, 500 ms) opens `hold` instead of `tap`; a quick press,
 * a click or the keyboard runs `tap`. The hold suppresses the click that follows it. (The
 * listeners are remembered, dom.js listen: a redraw that keeps the element moves them.)
 */
export function longPress(el, hold, tap) {
  let timer = null;
  let held = false;
  const cancel = () => { if (timer) clearTimeout(timer); timer = null; };
  listen(el, "pointerdown", (e) => {
    held = false;
    if (e.pointerType === "mouse") return;
    cancel();
    timer = setTimeout(() => { held = true; timer = null; hold(); }, 500);
  });
  listen(el, "pointerup", cancel);
  listen(el, "pointercancel", cancel);
  listen(el, "pointerleave", cancel);
  listen(el, "contextmenu", (e) => { if (held) e.preventDefault(); });
  listen(el, "click", (e) => {
    e.stopPropagation();
    if (held) { held = false; return; }
    tap();
  });
}
