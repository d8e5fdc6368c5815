// Kaki Lima's board model: what the legal-action templates offer, what the game waits for
// (in words), what a click on a card, a cell or a button means, and the selection (cards
// picked from the hand; the clearing token being moved). Pure: no DOM, so
// tests/static/kaki-lima.test.mjs runs it in Node against real documents.

import { choices } from "../../templates.js";

export const IDLE = Object.freeze({ selected: [], moving: null });

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const plural = (n, word) => `${n} ${word}${n > 1 ? "s" : ""}`;

/** Sort the legal-action templates into what the renderer offers. */
export function offered(legal) {
  const out = { walks: [], swap: new Set(), move: new Map(), noWalk: false, steps: [], clearSteps: [],
    place: [], clear: [], doneClearing: false, propose: [], invite: null, skipInvite: false,
    ask: [], skipAsk: false, answerPickup: false, join: [], declineWalk: false, offers: [],
    endTrade: false, acceptTrade: [], declineTrade: false, answerClearing: null, declineClearing: false,
    jom: new Map(), endJom: false };
  const cardsOf = (t) => (t.card === null ? null : choices(t.card));
  for (const t of legal || []) {
    switch (t.type) {
      case "walk": out.walks.push({ cards: t.cards, ends: choices(t.end) }); break;
      case "swap": out.swap.add(t.card); break;
      case "move_token": out.move.set(t.card, { sources: choices(t.source), targets: choices(t.target) }); break;
      case "no_walk": out.noWalk = true; break;
      case "step": (t.clear ? out.clearSteps : out.steps).push(...choices(t.cell)); break;
      case "place": out.place.push(...choices(t.cell)); break;
      case "clear": out.clear.push(...choices(t.cell)); break;
      case "done_clearing": out.doneClearing = true; break;
      case "propose_clearing": out.propose.push({ partner: t.partner, targets: choices(t.target), cards: cardsOf(t) }); break;
      case "invite": out.invite = t.seat; break;
      case "skip_invite": out.skipInvite = true; break;
      case "ask_pickup": out.ask.push(...choices(t.steps)); break;
      case "skip_ask": out.skipAsk = true; break;
      case "answer_pickup": out.answerPickup = true; break;
      case "join_walk": out.join.push(...choices(t.steps)); break;
      case "decline_walk": out.declineWalk = true; break;
      case "offer_trade": for (const to of choices(t.to)) out.offers.push({ to, cards: t.cards }); break;
      case "end_trade": out.endTrade = true; break;
      case "accept_trade": out.acceptTrade.push(t.cards); break;
      case "decline_trade": out.declineTrade = true; break;
      case "answer_clearing":
        if (t.accept) out.answerClearing = { cards: cardsOf(t) };
        else out.declineClearing = true;
        break;
      case "place_jom": out.jom.set(t.card, choices(t.entry)); break;
      case "end_jom": out.endJom = true; break;
      default: break;
    }
  }
  return out;
}

/** The walk the selected cards make (a Double or Combine pair, or one card), or null. */
export function comboFor(offer, sel) {
  if (!sel.selected.length) return null;
  return offer.walks.find((w) => sameSet(w.cards, sel.selected)) || null;
}

/** A click on a hand card: select it, or unselect it (two at most; a token move ends). */
export function toggleCard(sel, id) {
  const selected = sel.selected.includes(id) ? sel.selected.filter((c) => c !== id) : [...sel.selected, id].slice(-2);
  return { selected, moving: null };
}

/** After an update: cards no longer in hand are dropped, a token move no longer offered ends. */
export function keepSelection(sel, offer, hand) {
  const selected = hand ? sel.selected.filter((id) => hand.some((c) => c.id === id)) : sel.selected;
  const moving = sel.moving && offer.move.has(sel.moving.card) ? sel.moving : null;
  return { selected, moving };
}

/** The board cells that take a click: cell -> {label, colour, send | select}. */
export function boardTargets(offer, sel) {
  const out = new Map();
  const add = (cell, label, colour, answer) => { if (!out.has(cell)) out.set(cell, { label, colour, ...answer }); };
  const { moving } = sel;
  if (moving) {
    const m = offer.move.get(moving.card);
    if (m && moving.source === null) {
      for (const c of m.sources) add(c, "move this token", "#1c7ed6", { select: { ...sel, moving: { ...moving, source: c } } });
    }
    if (m && moving.source !== null) {
      for (const c of m.targets) add(c, "move the token here", "#1c7ed6", { send: { type: "move_token", card: moving.card, source: moving.source, target: c } });
    }
  }
  for (const c of offer.place) add(c, "start here", "#1c7ed6", { send: { type: "place", cell: c } });
  for (const c of offer.steps) add(c, "step here", "#1c7ed6", { send: { type: "step", cell: c, clear: false } });
  for (const c of offer.clearSteps) add(c, "clear and step here", "#7b2cbf", { send: { type: "step", cell: c, clear: true } });
  const combo = comboFor(offer, sel);
  if (combo && !moving) for (const c of combo.ends) add(c, "end the walk here", "#1c7ed6", { send: { type: "walk", cards: combo.cards, end: c } });
  for (const c of offer.clear) add(c, "clear this Blocked Path", "#7b2cbf", { send: { type: "clear", cell: c } });
  return out;
}

/**
 * The buttons under the prompt, in order: {testid, label, primary?, disabled?, send | select}.
 * who(seat) names a pedestrian, cellLabel(cell) a card of the grid.
 */
export function controls(view, offer, sel, who, cellLabel) {
  const out = [];
  const btn = (testid, label, answer, extra = {}) => out.push({ testid, label, ...answer, ...extra });
  const { selected } = sel;
  const one = selected.length === 1 ? selected[0] : null;
  if (one !== null && offer.swap.has(one)) btn("kl-swap", "Swap with the discard top", { send: { type: "swap", card: one } });
  if (one !== null && offer.move.has(one)) btn("kl-move", "Move a clearing token", { select: { selected, moving: { card: one, source: null } } });
  if (offer.noWalk) {
    const label = view.turn.extra ? "Don't play another card" : view.turn.committed === "swap" ? "Keep the card, don't walk" : "Don't walk (just draw)";
    btn("kl-no-walk", label, { send: { type: "no_walk" } });
  }
  if (offer.invite !== null) {
    btn("kl-invite", `Invite ${who(offer.invite)}`, { send: { type: "invite", seat: offer.invite } }, { primary: true });
    btn("kl-skip-invite", "Don't invite", { send: { type: "skip_invite" } });
  }
  for (const k of offer.ask) btn(`kl-ask-${k}`, `Ask for a pick-up (${plural(k, "step")})`, { send: { type: "ask_pickup", steps: k } });
  if (offer.skipAsk) btn("kl-skip-ask", "Don't ask", { send: { type: "skip_ask" } });
  if (offer.answerPickup) {
    btn("kl-pickup-yes", "Pick them up", { send: { type: "answer_pickup", accept: true } }, { primary: true });
    btn("kl-pickup-no", "Walk on alone", { send: { type: "answer_pickup", accept: false } });
  }
  for (const k of offer.join) btn(`kl-join-${k}`, `Walk together ${plural(k, "step")}`, { send: { type: "join_walk", steps: k } }, { primary: true });
  if (offer.declineWalk) btn("kl-decline-walk", "Decline", { send: { type: "decline_walk" } });
  // trading
  const cards = [...selected].sort();
  const offerTo = [...new Set(offer.offers.filter((o) => sameSet(o.cards, cards)).map((o) => o.to))];
  for (const to of offerTo) {
    btn(`kl-offer-${to}`, `Offer ${plural(cards.length, "card")} to ${who(to)}`, { send: { type: "offer_trade", to, cards } }, { primary: true });
  }
  if (offer.endTrade) btn("kl-end-trade", "End trading", { send: { type: "end_trade" } });
  if (offer.acceptTrade.length) {
    const ok = offer.acceptTrade.find((c) => sameSet(c, cards));
    btn("kl-accept-trade", "Accept: give the selected cards", { send: { type: "accept_trade", cards: ok } }, { primary: true, disabled: !ok });
  }
  if (offer.declineTrade) btn("kl-decline-trade", "Decline the trade", { send: { type: "decline_trade" } });
  // collaborative clearing answers
  if (offer.answerClearing) {
    if (offer.answerClearing.cards === null) {
      btn("kl-accept-clearing", "Accept and clear", { send: { type: "answer_clearing", accept: true, card: null } }, { primary: true });
    } else {
      const ok = one !== null && offer.answerClearing.cards.includes(one);
      btn("kl-accept-clearing", "Accept: give the selected card", { send: { type: "answer_clearing", accept: true, card: one } }, { primary: true, disabled: !ok });
    }
  }
  if (offer.declineClearing) btn("kl-decline-clearing", "Decline", { send: { type: "answer_clearing", accept: false, card: null } });
  if (offer.endJom) btn("kl-end-jom", "Done with Jom!", { send: { type: "end_jom" } });
  if (offer.doneClearing) btn("kl-done-clearing", "Finish", { send: { type: "done_clearing" } });
  for (const c of offer.clear) btn(`kl-clear-${c}`, `Clear ${cellLabel(c)}`, { send: { type: "clear", cell: c } });
  return out;
}

/** The proposal a "clear together" form sends, or null while the card to give is unselected. */
export function proposal(option, target, sel) {
  let card = null;
  if (option.cards !== null) {
    card = sel.selected.length === 1 && option.cards.includes(sel.selected[0]) ? sel.selected[0] : null;
    if (card === null) return null;
  }
  return { type: "propose_clearing", partner: option.partner, target, card };
}

/** What the game waits for, in words. */
export function statusText(view, who, cellLabel) {
  const a = view.answer;
  const t = view.turn;
  const cur = who(view.current);
  if (view.phase === "over") return "The game is over.";
  if (view.phase === "place") return `Waiting for ${who(view.placing)} to place their pedestrian on a border Green card.`;
  if (view.phase === "final") return `Waiting for ${who(view.awaiting[0])} to spend their last clearing tokens.`;
  if (a && a.kind === "trade") return `Waiting for ${who(a.to)} to answer ${who(a.from)}'s trade offer (${plural(a.count, "card")}).`;
  if (a && a.kind === "clearing") return `Waiting for ${who(a.to)} to answer ${who(a.from)}'s proposal to clear ${cellLabel(a.target)} together.`;
  if (t.stage === "invite" && t.invite) {
    const inv = t.invite;
    if (inv.sub === "offer") return `Waiting for ${cur} to decide whether to invite ${who(inv.seat)} to walk together.`;
    if (inv.sub === "ask") return `Waiting for ${who(inv.seat)} to decide whether to ask ${cur} for a pick-up.`;
    if (inv.sub === "answer") return `Waiting for ${cur} to answer ${who(inv.seat)}'s pick-up request (${plural(inv.steps, "step")}).`;
    return `Waiting for ${who(inv.seat)} to answer ${cur}'s invitation to walk together.`;
  }
  const extra = t.extra ? " (Play Another Card)" : "";
  if (t.stage === "path") return `${cur} is choosing the path to ${cellLabel(t.walk.end)}${extra}.`;
  if (t.stage === "trade") return `${cur} may offer a trade.`;
  if (t.stage === "clearing") return `${cur} may clear a Blocked Path in line with the walk, or finish.`;
  if (t.stage === "jom") return `${cur} is placing Jom! tokens.`;
  if (t.stage === "committed") return `${cur} walks the card just ${t.committed === "swap" ? "swapped" : "played"}, or not.`;
  return `${cur}'s turn${extra}: play a Langkah card.`;
}

/** What this player should do now ("" when nothing). */
export function promptText(offer, sel, hasLegal) {
  if (!hasLegal) return "";
  if (offer.place.length) return "Click a highlighted border Green card to place your pedestrian.";
  if (sel.moving) return sel.moving.source === null ? "Click the cleared path whose token moves." : "Click the Red card the token moves to.";
  if (offer.steps.length || offer.clearSteps.length) return "Click the next card of your path.";
  if (offer.walks.length) {
    if (comboFor(offer, sel)) return "Click a highlighted card to end your walk there.";
    return "Select a Langkah card (a Double or Combine card first, then its partner).";
  }
  if (offer.invite !== null) return "Invite this pedestrian to walk together?";
  if (offer.ask.length) return "Ask to be picked up on this walk?";
  if (offer.answerPickup) return "A pedestrian asks to be picked up: accept?";
  if (offer.join.length) return "You are invited to walk together: choose how many steps, or decline.";
  if (offer.offers.length || offer.endTrade) return "Select 1 or 2 cards and offer them to a player, or end trading.";
  if (offer.acceptTrade.length) return "Select the same number of your cards to give back, or decline.";
  if (offer.answerClearing) return "Clear a Blocked Path together?";
  if (offer.jom.size) return "Place Jom! tokens on the cards below, or finish.";
  if (offer.doneClearing) return "Spend a clearing token on a highlighted Red card, or finish.";
  if (offer.clear.length || offer.propose.length) return "You may clear a Blocked Path now.";
  return "";
}
