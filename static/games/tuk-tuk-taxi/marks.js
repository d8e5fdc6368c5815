// Tuk-Tuk Taxi's marks over the board: each player's last move (the trail of its drive in the
// seat's colour, the seat's number at its end, and the die it rolled, kept until that player
// moves again; model.js lastTurns) and the highlight of the places a log line names.

import { lastRoll, refCells } from "./model.js";
import { cellName } from "./words.js";

const DIE_FILL = { red: "#e03131", green: "#2f9e44", yellow: "#f2c200" };

/** One seat's last move (a turn of model.js lastTurns): its trail, number and die, as a <g>. */
export function drawTrail({ ctx, turn, seat, centre }) {
  const { svg, t } = ctx;
  const colour = ctx.playerColor(seat);
  const shift = (seat - 1.5) * 3; // several trails along one street stay apart
  const at = (k) => centre(k).map((v) => v + shift);
  const g = svg("g", { class: "tt-trail", dataset: { seat: String(seat) } });
  const cells = [];
  for (const path of turn.paths) {
    cells.push(...path);
    if (path.length > 1) {
      g.append(svg("polyline", { points: path.map((k) => at(k).join(",")).join(" "), fill: "none", stroke: colour,
        "stroke-width": 5, "stroke-dasharray": "1 8", "stroke-linecap": "round", "stroke-linejoin": "round", "stroke-opacity": 0.9 }));
      const [sx, sy] = at(path[0]);
      g.append(svg("circle", { cx: sx, cy: sy, r: 3.5, fill: "#fff", stroke: colour, "stroke-width": 2 }));
    }
  }
  const end = cells.length ? cells[cells.length - 1] : turn.placed || turn.removed;
  if (turn.placed) {
    const [px, py] = centre(turn.placed);
    g.append(svg("rect", { x: px - 18, y: py - 18, width: 36, height: 36, rx: 9, fill: "none", stroke: colour, "stroke-width": 2, "stroke-dasharray": "4 3" }));
  }
  const roll = lastRoll(turn);
  if (end) {
    const [ex, ey] = centre(end);
    const words = roll
      ? t("tuk-tuk-taxi.board.trail_roll", { name: ctx.playerName(seat), colour: roll.colour, value: roll.value, cell: cellName(end) })
      : t("tuk-tuk-taxi.board.trail", { name: ctx.playerName(seat), cell: cellName(end) });
    g.append(svg("title", {}, words));
    g.dataset.tip = words;
    if (roll) {
      // The die as it was rolled, on the corner of the cell the turn ended on.
      const chip = svg("g", { class: "tt-trail-die", transform: `translate(${ex + 11},${ey - 19})`,
        dataset: { value: String(roll.value), colour: roll.colour || "" } }, [
        svg("rect", { x: -7, y: -7, width: 14, height: 14, rx: 3, fill: DIE_FILL[roll.colour] || "#888", stroke: "#111", "stroke-width": 1 }),
        svg("text", { y: 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }, String(roll.value)),
      ]);
      g.append(chip);
    }
  }
  return g;
}

/** Mark the cells `refs` names (board references; null clears). */
export function drawHighlights({ svg, layer, refs, centre, C }) {
  while (layer.firstChild) layer.firstChild.remove();
  for (const cell of refCells(refs)) {
    const [x, y] = centre(cell);
    layer.append(svg("rect", { class: "tt-highlight", x: x - C / 2 - 1, y: y - C / 2 - 1, width: C + 2, height: C + 2, rx: 8,
      fill: "#fff3bf", "fill-opacity": 0.35, stroke: "#f08c00", "stroke-width": 4, dataset: { cell } }));
  }
}
