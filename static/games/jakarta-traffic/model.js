// Jakarta Traffic's board model: which tiles the legal-action templates offer, what a click
// means, and the honk selection (mode "drive" or "honk"; the picked tile and how it would
// change). Pure: no DOM, so tests/static/jakarta-traffic.test.mjs runs it in Node.

import { choices, offers, ofType } from "../../templates.js";

export const PROMPT = {
  start: "Put your moped on a charging station (a triangle).",
  honk: "Click a highlighted spot to drive, or honk first to rotate or swap a tile.",
  drive: "Drive: click a highlighted parking spot, or take a detour.",
  pick_spot: "Double 6! Pick any parking spot but your own.",
  place_stack: "Move the rest of the order stack to a vacant pick-up location.",
  arrange: "Two orders delivered: choose which one goes to the bottom row (r5).",
};

export const IDLE = Object.freeze({ mode: "drive", picked: null });

/** The board cell (0-based, row by row) of a template's or action's 1-based x, y. */
export const cellOf = (t, size) => (t.y - 1) * size + (t.x - 1);

/** What the board offers: drive targets, spot targets (start, pick, place) and honk tiles. */
export function offered(legal, size) {
  const byCell = (types) => new Map(types.flatMap((type) => ofType(legal, type)).map((t) => [cellOf(t, size), t]));
  return {
    drives: byCell(["drive"]),
    spots: byCell(["start", "pick_spot", "place_stack"]),
    rotate: byCell(["rotate"]),
    swap: byCell(["swap"]),
    detour: offers(legal, "detour"),
  };
}

/** A selection is only kept on the mover's own honk phase. */
export function keepSelection(sel, myTurn, phase) {
  return myTurn && phase === "honk" ? sel : IDLE;
}

/** Board cells the player may click now, and how each looks ("act" or "honk"). */
export function clickable(offer, sel) {
  const out = new Map();
  if (sel.mode === "drive") {
    for (const c of [...offer.drives.keys(), ...offer.spots.keys()]) out.set(c, "act");
  } else {
    for (const c of [...offer.rotate.keys(), ...offer.swap.keys()]) out.set(c, "honk");
  }
  return out;
}

/** A click on board cell c: {send: action} (drive, start, pick, place) or {select: next}. */
export function clickCell(offer, sel, c, size) {
  if (sel.mode === "drive") {
    const t = offer.drives.get(c) || offer.spots.get(c);
    if (!t) return null;
    return { send: { type: t.type, x: (c % size) + 1, y: Math.floor(c / size) + 1 } };
  }
  const rot = offer.rotate.get(c);
  if (rot) return { select: { mode: "honk", picked: { cell: c, kind: "rotate", turns: choices(rot.turns)[0] } } };
  if (offer.swap.has(c)) return { select: { mode: "honk", picked: { cell: c, kind: "swap", rotation: 0 } } };
  return null;
}

/** The action the "Confirm honk" button sends for the picked tile. */
export function honkAction(sel, size) {
  const { cell, kind } = sel.picked;
  const x = (cell % size) + 1;
  const y = Math.floor(cell / size) + 1;
  return kind === "rotate"
    ? { type: "rotate", x, y, turns: sel.picked.turns }
    : { type: "swap", x, y, rotation: sel.picked.rotation };
}

/** The picked tile as it would lie after the honk (for the board's preview). */
export function previewTile(sel, tiles, hand) {
  const tile = tiles[sel.picked.cell];
  if (sel.picked.kind === "rotate") return { ...tile, rot: (tile.rot + sel.picked.turns) % 4 };
  return { ...hand, rot: sel.picked.rotation };
}

const TURN_LABEL = { 1: "Rotate ↻ 90°", 2: "Rotate 180°", 3: "Rotate ↺ 90°" };

/** The honk buttons for the picked tile: {key, label, on, primary, send | select}. */
function honkButtons(offer, sel, size) {
  const c = sel.picked.cell;
  const out = [];
  const rot = offer.rotate.get(c);
  if (rot) {
    for (const turns of choices(rot.turns)) {
      out.push({ key: `rotate-${turns}`, label: TURN_LABEL[turns], on: sel.picked.kind === "rotate" && sel.picked.turns === turns,
        select: { mode: "honk", picked: { cell: c, kind: "rotate", turns } } });
    }
  }
  if (offer.swap.has(c)) {
    const swapping = sel.picked.kind === "swap";
    out.push({ key: "swap", label: "Swap in my tile", on: swapping, select: { mode: "honk", picked: { cell: c, kind: "swap", rotation: 0 } } });
    if (swapping) {
      out.push({ key: "swap-turn", label: "Turn my tile ↻",
        select: { mode: "honk", picked: { ...sel.picked, rotation: (sel.picked.rotation + 1) % 4 } } });
    }
  }
  out.push({ key: "confirm-honk", label: "Confirm honk", primary: true, send: honkAction(sel, size) });
  return out;
}

/**
 * The status bar for the player whose turn it is: {prompt, buttons}; each button is
 * {key (its data-action), label, primary?, on?, send: action | select: next selection}.
 */
export function bar(view, offer, sel, size) {
  const phase = view.phase;
  let prompt = PROMPT[phase] || "";
  const buttons = [];
  if (phase === "honk" || phase === "drive") {
    if (phase === "honk" && sel.mode === "drive") {
      buttons.push({ key: "honk", label: "Honk…", select: { mode: "honk", picked: null } });
    } else if (phase === "honk") {
      prompt = sel.picked ? "Preview: choose how to change this tile, then confirm."
        : "Honk: click a highlighted tile to rotate it or swap in your tile.";
      if (sel.picked) buttons.push(...honkButtons(offer, sel, size));
      buttons.push({ key: "cancel-honk", label: "Cancel", select: IDLE });
    }
    if (sel.mode === "drive") {
      if (!offer.drives.size) prompt = "No road leads anywhere: you must take a detour.";
      buttons.push({ key: "detour", label: "Detour (roll the dice)", send: { type: "detour" } });
    }
  } else if (phase === "arrival") {
    const p = view.pending;
    if (p.kind === "accept") {
      prompt = `A ${p.order} order waits here. Accept it for 1 energy?`;
      buttons.push({ key: "accept", label: `Accept ${p.order}`, primary: true, send: { type: "accept" } });
    } else {
      prompt = `Deliver ${p.orders.join(" and ")} here for 1 energy?`;
      buttons.push({ key: "deliver", label: "Deliver", primary: true, send: { type: "deliver" } });
    }
    buttons.push({ key: "decline", label: "Decline", send: { type: "decline" } });
  } else if (phase === "arrange") {
    for (const order of view.pending.orders) {
      buttons.push({ key: `bottom-${order}`, label: `${order} to the bottom`, send: { type: "arrange", bottom: order } });
    }
  }
  return { prompt, buttons };
}

/** The order board's rows grouped by address slot: [{address, slot, rows: [row index]}]. */
export function orderboardSlots(slots, rowSlot) {
  return slots.map((address, slot) => ({
    address, slot, rows: rowSlot.map((s, r) => [s, r]).filter(([s]) => s === slot).map(([, r]) => r),
  }));
}
