// How Jakarta Traffic's board names things, in the viewer's language (ctx.t at draw time): a
// cell as the board's edges number it ("column 3, row 2"), a tile's parking spot, the tooltip
// of every tile, and the log's board references ({"cell": "x,y"}: describe). Pure: no DOM, so
// tests/static/jakarta-traffic.test.mjs runs it in Node.

import { addressTerm, refCell } from "./model.js";

/** A cell (0-based index) in words, as the board's edge numbers name it. */
export function cellName(ctx, c) {
  const size = ctx.data.size;
  return ctx.t(`jakarta-traffic.board.cell`, { x: (c % size) + 1, y: Math.floor(c / size) + 1 });
}

/** A tile's parking spot in words ("pick-up location", "the Spa"). */
export function spotName(ctx, tile) {
  if (!tile) return "";
  if (tile.kind === "building") return ctx.t(`jakarta-traffic.board.spot.building`, { address: addressTerm(tile.address) });
  return ctx.t(`jakarta-traffic.board.spot.${tile.kind === "charging" ? "charging" : "pickup"}`);
}

/** The tooltip of a tile: where it is, what its spot does. */
export function tileTip(ctx, tile, c) {
  const what = tile.kind === "building"
    ? ctx.t(`jakarta-traffic.board.tip.building`, { address: addressTerm(tile.address) })
    : ctx.t(`jakarta-traffic.board.tip.${tile.kind === "charging" ? "charging" : "pickup"}`);
  return ctx.t(`jakarta-traffic.board.tip.tile`, { cell: cellName(ctx, c), what });
}

/** The board's words for a place a log line names: {cell: "x,y"} is "column x, row y". */
export function describe(ctx, ref) {
  const c = refCell(ref, ctx.data.size);
  return c === null ? null : cellName(ctx, c);
}
