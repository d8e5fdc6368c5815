// Tuk-Tuk Taxi's board model: which targets the legal-action templates offer, what a click
// means, and the one pending selection (a sign's direction or one of two routes). Pure: no
// DOM, so tests/static/tuk-tuk-taxi.test.mjs runs it in Node against real documents.

import { choices, offers, ofType } from "../../templates.js";

export const PROMPT = {
  place: "Click a highlighted street space to place the sign.",
  place_dir: "Now click the arrow for the sign's direction.",
  go_to: "Click a highlighted space to drive your taxi there.",
  remove_sign: "Click the sign to remove, or remove nothing.",
  roll: "Roll the die.",
  move: "Click where your taxi ends (hover to see the route).",
  route: "Two routes end there with different effects: pick one.",
  no_parking: "You stopped on No parking: roll again or stay.",
};

/**
 * What the board offers this viewer: cells to place on (-> the directions the sign may
 * take, empty when it has none), cells to drive to or clear, taxi ends (-> route indexes
 * when several routes end there), and which buttons exist.
 */
export function offered(legal) {
  const out = { place: new Map(), goTo: [], remove: [], moves: new Map(),
    discard: offers(legal, "discard"), roll: offers(legal, "roll"),
    rollAgain: offers(legal, "roll_again"), stay: offers(legal, "stay") };
  for (const t of ofType(legal, "place")) {
    for (const cell of choices(t.cell)) out.place.set(cell, choices(t.direction));
  }
  for (const t of ofType(legal, "go_to")) out.goTo.push(...choices(t.cell));
  for (const t of ofType(legal, "remove_sign")) out.remove.push(...choices(t.cell));
  for (const t of ofType(legal, "move")) {
    const routes = t.route === undefined ? null : choices(t.route);
    for (const cell of choices(t.to)) out.moves.set(cell, routes);
  }
  return out;
}

/**
 * A click on a board target of `kind` at `cell`: either {send: action} or {pending: next}
 * (a sign that needs a direction, an end with two routes).
 */
export function clickTarget(offer, kind, cell) {
  if (kind === "place") {
    const dirs = offer.place.get(cell) || [];
    return dirs.length ? { pending: { kind: "dir", cell, dirs } } : { send: { type: "place", cell } };
  }
  if (kind === "go_to") return { send: { type: "go_to", cell } };
  if (kind === "remove_sign") return { send: { type: "remove_sign", cell } };
  if (kind === "move") {
    const routes = offer.moves.get(cell);
    return routes && routes.length > 1
      ? { pending: { kind: "route", cell, routes } }
      : { send: { type: "move", to: cell } };
  }
  throw new Error(`unknown target ${kind}`);
}

/** The side panel's buttons the templates offer: {key, label, primary, action}, in order. */
export function buttons(offer) {
  return [
    offer.roll && { key: "roll", label: "Roll the die", primary: true, action: { type: "roll" } },
    offer.rollAgain && { key: "roll_again", label: "Roll again", primary: true, action: { type: "roll_again" } },
    offer.stay && { key: "stay", label: "Stay here", primary: false, action: { type: "stay" } },
    offer.discard && { key: "discard", label: "Remove nothing", primary: false, action: { type: "discard" } },
  ].filter(Boolean);
}

/** The action of a direction arrow while a sign waits for its direction. */
export function chooseDirection(pending, dir) {
  return { type: "place", cell: pending.cell, direction: dir };
}

/** The action of a route button while two routes end on the clicked cell. */
export function chooseRoute(pending, route) {
  return { type: "move", to: pending.cell, route };
}

/** A pending selection survives a redraw only while the templates still offer it. */
export function keepPending(pending, offer) {
  if (!pending) return null;
  if (pending.kind === "dir" && !offer.place.has(pending.cell)) return null;
  if (pending.kind === "route" && !offer.moves.has(pending.cell)) return null;
  return pending;
}

/** The sentence that tells the player what to do now ("" when nothing). */
export function prompt(offer, pending, myTurn) {
  if (!myTurn) return "";
  if (pending && pending.kind === "dir") return PROMPT.place_dir;
  if (pending && pending.kind === "route") return PROMPT.route;
  if (offer.place.size) return PROMPT.place;
  if (offer.goTo.length) return PROMPT.go_to;
  if (offer.remove.length) return PROMPT.remove_sign;
  if (offer.roll) return PROMPT.roll;
  if (offer.moves.size) return PROMPT.move;
  if (offer.rollAgain) return PROMPT.no_parking;
  return "";
}

/** The view's moves grouped by the cell they end on. */
export function movesByEnd(moves) {
  const out = new Map();
  for (const m of moves) {
    if (!out.has(m.to)) out.set(m.to, []);
    out.get(m.to).push(m);
  }
  return out;
}

/** The moves a pending route choice is between (drawn on the board while it waits). */
export function pendingMoves(pending, moves) {
  if (!pending || pending.kind !== "route") return [];
  return pending.routes.map((i) => moves[i]).filter(Boolean);
}

/** A summary of the position (data-sync), so tests can tell pages are in step. */
export function syncKey(view) {
  return [view.phase, view.current, view.stack_count, view.taxis.join(";"),
    view.die ? view.die.value : "-", view.moves.length].join("|");
}

/**
 * Where a direction arrow sits around the sign's cell, as a step [d_col, d_row] times
 * `side`: a turn sign's arrow sits on the side its cars come from, a one-way's points along.
 */
export function arrowSide(kind) {
  return kind === "one_way" ? 1 : -1;
}
