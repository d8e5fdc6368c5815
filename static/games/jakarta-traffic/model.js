// Jakarta Traffic's board model: which tiles the legal-action templates offer, what a click
// means, and the honk selection (mode "drive" or "honk"; the picked tile and how it would
// change), and each player's last turn as the log tells it. Pure: no DOM, so
// tests/static/jakarta-traffic.test.mjs runs it in Node. Words are message keys with
// parameters ({key, params}); the drawing modules word them through ctx.t at draw time.

import { choices, offers, ofType } from "../../templates.js";

const say = (key, params = {}) => ({ key: "jakarta-traffic.board." + key, params });

/** The prompt of each phase for the mover (a message {key, params}). */
export const PROMPT = {
  start: say("prompt.start"),
  honk: say("prompt.honk"),
  drive: say("prompt.drive"),
  pick_spot: say("prompt.pick_spot"),
  place_stack: say("prompt.place_stack"),
  arrange: say("prompt.arrange"),
};

/** An order type or delivery address as the game term the catalogues translate. */
export const slug = (name) => String(name).toLowerCase().replace(/ /g, "_");
export const orderTerm = (order) => ({ term: `jakarta-traffic.term.order.${slug(order)}` });
export const addressTerm = (address) => ({ term: `jakarta-traffic.term.address.${slug(address)}` });

/** A board reference's cell index ({cell: "x,y"}, 1-based column and row), or null. */
export function refCell(ref, size) {
  const m = /^(\d+),(\d+)$/.exec(String(ref?.cell ?? ""));
  if (!m) return null;
  const x = Number(m[1]);
  const y = Number(m[2]);
  return x >= 1 && y >= 1 && x <= size && y <= size ? (y - 1) * size + (x - 1) : null;
}

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


/** The honk buttons for the picked tile: {key, label, on, primary, send | select}. */
function honkButtons(offer, sel, size) {
  const c = sel.picked.cell;
  const out = [];
  const rot = offer.rotate.get(c);
  if (rot) {
    for (const turns of choices(rot.turns)) {
      out.push({ key: `rotate-${turns}`, label: say("btn.rotate", { turns }), on: sel.picked.kind === "rotate" && sel.picked.turns === turns,
        select: { mode: "honk", picked: { cell: c, kind: "rotate", turns } } });
    }
  }
  if (offer.swap.has(c)) {
    const swapping = sel.picked.kind === "swap";
    out.push({ key: "swap", label: say("btn.swap"), on: swapping, select: { mode: "honk", picked: { cell: c, kind: "swap", rotation: 0 } } });
    if (swapping) {
      out.push({ key: "swap-turn", label: say("btn.swap_turn"),
        select: { mode: "honk", picked: { ...sel.picked, rotation: (sel.picked.rotation + 1) % 4 } } });
    }
  }
  out.push({ key: "confirm-honk", label: say("btn.confirm_honk"), primary: true, send: honkAction(sel, size) });
  return out;
}

/**
 * The status bar for the player whose turn it is: {prompt, buttons}; each button is
 * {key (its data-action), label: {key, params}, primary?, on?, send: action | select: next
 * selection}; the prompt is a message {key, params} too (or null).
 */
export function bar(view, offer, sel, size) {
  const phase = view.phase;
  let prompt = PROMPT[phase] || null;
  const buttons = [];
  if (phase === "honk" || phase === "drive") {
    if (phase === "honk" && sel.mode === "drive") {
      buttons.push({ key: "honk", label: say("btn.honk"), select: { mode: "honk", picked: null } });
    } else if (phase === "honk") {
      prompt = sel.picked ? say("prompt.honk_preview") : say("prompt.honk_pick");
      if (sel.picked) buttons.push(...honkButtons(offer, sel, size));
      buttons.push({ key: "cancel-honk", label: say("btn.cancel"), select: IDLE });
    }
    if (sel.mode === "drive") {
      if (!offer.drives.size) prompt = say("prompt.no_road");
      buttons.push({ key: "detour", label: say("btn.detour"), send: { type: "detour" } });
    }
  } else if (phase === "arrival") {
    const p = view.pending;
    if (p.kind === "accept") {
      prompt = say("prompt.accept", { order: orderTerm(p.order) });
      buttons.push({ key: "accept", label: say("btn.accept", { order: orderTerm(p.order) }), primary: true, send: { type: "accept" } });
    } else {
      prompt = p.orders.length > 1
        ? say("prompt.deliver_two", { order: orderTerm(p.orders[0]), order2: orderTerm(p.orders[1]) })
        : say("prompt.deliver", { order: orderTerm(p.orders[0]) });
      buttons.push({ key: "deliver", label: say("btn.deliver"), primary: true, send: { type: "deliver" } });
    }
    buttons.push({ key: "decline", label: say("btn.decline"), send: { type: "decline" } });
  } else if (phase === "arrange") {
    for (const order of view.pending.orders) {
      buttons.push({ key: `bottom-${order}`, label: say("btn.bottom", { order: orderTerm(order) }), send: { type: "arrange", bottom: order } });
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

const CELL_LINES = {
  "jakarta-traffic.log.started": "park",
  "jakarta-traffic.log.drove": "park",
  "jakarta-traffic.log.detour": "park",
  "jakarta-traffic.log.picked": "park",
  "jakarta-traffic.log.rotated": "honk",
  "jakarta-traffic.log.swapped": "honk",
  "jakarta-traffic.log.moved_stack": "stack",
};

/**
 * Each seat's last turn as the log lines tell it (oldest first), kept until that seat moves
 * again: {seat: {from, to, honk: {cell, kind}, stack, rolls}} (cells 0-based, null when the
 * turn had none). A turn is the run of lines a seat wrote before another seat wrote one
 * (a moped's placement at set-up is a move of its own);
 * `from` is where its moped stood before the turn (the last place an earlier turn left it).
 */
export function lastTurns(lines, size) {
  const at = new Map(); // seat -> the cell its moped stands on, as the log tells it
  const turns = new Map();
  let lastSeat = null;
  for (const line of lines || []) {
    const seat = line?.seat;
    if (typeof seat !== "number" || !line.key || !line.key.startsWith("jakarta-traffic.log.")) continue;
    if (seat !== lastSeat || !turns.has(seat)) {
      turns.set(seat, { seat, from: at.has(seat) ? at.get(seat) : null, to: null, honk: null, stack: null, rolls: null });
    }
    lastSeat = seat;
    const turn = turns.get(seat);
    const role = CELL_LINES[line.key];
    const cell = refCell(line.params?.cell, size);
    if (line.params && typeof line.params.rolls === "string") turn.rolls = line.params.rolls;
    if (cell === null || !role) continue;
    if (role === "park") {
      turn.to = cell;
      at.set(seat, cell);
      // Placing the moped is a set-up move of its own: the seat's next line starts a turn
      // (the last seat to place is the first to move).
      if (line.key === "jakarta-traffic.log.started") lastSeat = null;
    } else if (role === "honk") {
      turn.honk = { cell, kind: line.key.endsWith("rotated") ? "rotate" : "swap" };
    } else turn.stack = cell;
  }
  return turns;
}
