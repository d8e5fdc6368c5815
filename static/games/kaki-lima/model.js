// Kaki Lima's board model: what the legal-action templates offer, what the game waits for
// (in words), what a click on a card, a cell or a button means, the selection (cards picked
// from the hand; the clearing token being moved), the board's names for its cards and each
// player's last move. Pure: no DOM, so tests/static/kaki-lima.test.mjs runs it in Node
// against real documents. Words come from `say = {t, who, cell}`: t(key, params) words a
// catalogue key (ctx.t), who(seat) names a player, cell(i) names a card of the grid.

import { choices } from "../../templates.js";

export const IDLE = Object.freeze({ selected: [], moving: null });

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/** The coordinate the board prints for a cell: row letter A-E, column 1-10 ("C4"). */
export function coordinate(i, cols = 10) {
  return `${"ABCDEFGHIJ"[Math.floor(i / cols)]}${(i % cols) + 1}`;
}

/** A grid card's short name: its Lokasi, else its coordinate (as the engine's log labels it). */
export function cellName(cells, lokasi, i, cols = 10) {
  const card = cells?.[i];
  return card && lokasi[card] ? card : coordinate(i, cols);
}

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

/** The board cells that take a click: cell -> {key (the label's message), colour, send | select}. */
export function boardTargets(offer, sel) {
  const out = new Map();
  const add = (cell, key, colour, answer) => { if (!out.has(cell)) out.set(cell, { key: "kaki-lima.board.target." + key, colour, ...answer }); };
  const { moving } = sel;
  if (moving) {
    const m = offer.move.get(moving.card);
    if (m && moving.source === null) {
      for (const c of m.sources) add(c, "move_source", "#1c7ed6", { select: { ...sel, moving: { ...moving, source: c } } });
    }
    if (m && moving.source !== null) {
      for (const c of m.targets) add(c, "move_target", "#1c7ed6", { send: { type: "move_token", card: moving.card, source: moving.source, target: c } });
    }
  }
  for (const c of offer.place) add(c, "place", "#1c7ed6", { send: { type: "place", cell: c } });
  for (const c of offer.steps) add(c, "step", "#1c7ed6", { send: { type: "step", cell: c, clear: false } });
  for (const c of offer.clearSteps) add(c, "clear_step", "#7b2cbf", { send: { type: "step", cell: c, clear: true } });
  const combo = comboFor(offer, sel);
  if (combo && !moving) for (const c of combo.ends) add(c, "end", "#1c7ed6", { send: { type: "walk", cards: combo.cards, end: c } });
  for (const c of offer.clear) add(c, "clear", "#7b2cbf", { send: { type: "clear", cell: c } });
  return out;
}

/**
 * The buttons under the prompt, in order: {testid, label, primary?, disabled?, send | select},
 * worded through say = {t, who, cell}.
 */
export function controls(view, offer, sel, say) {
  const { t, who, cell } = say;
  const out = [];
  const btn = (testid, label, answer, extra = {}) => out.push({ testid, label, ...answer, ...extra });
  const { selected } = sel;
  const one = selected.length === 1 ? selected[0] : null;
  if (one !== null && offer.swap.has(one)) btn("kl-swap", t("kaki-lima.board.btn.swap"), { send: { type: "swap", card: one } });
  if (one !== null && offer.move.has(one)) btn("kl-move", t("kaki-lima.board.btn.move"), { select: { selected, moving: { card: one, source: null } } });
  if (offer.noWalk) {
    const key = view.turn.extra ? "kaki-lima.board.btn.no_another" : view.turn.committed === "swap" ? "kaki-lima.board.btn.keep_card" : "kaki-lima.board.btn.no_walk";
    btn("kl-no-walk", t(key), { send: { type: "no_walk" } });
  }
  if (offer.invite !== null) {
    btn("kl-invite", t("kaki-lima.board.btn.invite", { who: who(offer.invite) }), { send: { type: "invite", seat: offer.invite } }, { primary: true });
    btn("kl-skip-invite", t("kaki-lima.board.btn.skip_invite"), { send: { type: "skip_invite" } });
  }
  for (const k of offer.ask) btn(`kl-ask-${k}`, t("kaki-lima.board.btn.ask", { steps: k }), { send: { type: "ask_pickup", steps: k } });
  if (offer.skipAsk) btn("kl-skip-ask", t("kaki-lima.board.btn.skip_ask"), { send: { type: "skip_ask" } });
  if (offer.answerPickup) {
    btn("kl-pickup-yes", t("kaki-lima.board.btn.pickup_yes"), { send: { type: "answer_pickup", accept: true } }, { primary: true });
    btn("kl-pickup-no", t("kaki-lima.board.btn.pickup_no"), { send: { type: "answer_pickup", accept: false } });
  }
  for (const k of offer.join) btn(`kl-join-${k}`, t("kaki-lima.board.btn.join", { steps: k }), { send: { type: "join_walk", steps: k } }, { primary: true });
  if (offer.declineWalk) btn("kl-decline-walk", t("kaki-lima.board.btn.decline"), { send: { type: "decline_walk" } });
  // trading
  const cards = [...selected].sort();
  const offerTo = [...new Set(offer.offers.filter((o) => sameSet(o.cards, cards)).map((o) => o.to))];
  for (const to of offerTo) {
    btn(`kl-offer-${to}`, t("kaki-lima.board.btn.offer", { count: cards.length, who: who(to) }), { send: { type: "offer_trade", to, cards } }, { primary: true });
  }
  if (offer.endTrade) btn("kl-end-trade", t("kaki-lima.board.btn.end_trade"), { send: { type: "end_trade" } });
  if (offer.acceptTrade.length) {
    const ok = offer.acceptTrade.find((c) => sameSet(c, cards));
    btn("kl-accept-trade", t("kaki-lima.board.btn.accept_trade"), { send: { type: "accept_trade", cards: ok } }, { primary: true, disabled: !ok });
  }
  if (offer.declineTrade) btn("kl-decline-trade", t("kaki-lima.board.btn.decline_trade"), { send: { type: "decline_trade" } });
  // collaborative clearing answers
  if (offer.answerClearing) {
    if (offer.answerClearing.cards === null) {
      btn("kl-accept-clearing", t("kaki-lima.board.btn.accept_clearing"), { send: { type: "answer_clearing", accept: true, card: null } }, { primary: true });
    } else {
      const ok = one !== null && offer.answerClearing.cards.includes(one);
      btn("kl-accept-clearing", t("kaki-lima.board.btn.accept_clearing_give"), { send: { type: "answer_clearing", accept: true, card: one } }, { primary: true, disabled: !ok });
    }
  }
  if (offer.declineClearing) btn("kl-decline-clearing", t("kaki-lima.board.btn.decline"), { send: { type: "answer_clearing", accept: false, card: null } });
  if (offer.endJom) btn("kl-end-jom", t("kaki-lima.board.btn.end_jom"), { send: { type: "end_jom" } });
  if (offer.doneClearing) btn("kl-done-clearing", t("kaki-lima.board.btn.done_clearing"), { send: { type: "done_clearing" } });
  for (const c of offer.clear) btn(`kl-clear-${c}`, t("kaki-lima.board.btn.clear", { cell: cell(c) }), { send: { type: "clear", cell: c } });
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

/**
 * What the game waits for, in words. `me` is the viewer's seat (null: a spectator): the seat
 * the game waits for reads "Your turn ..." or "... you", never its own name.
 */
export function statusText(view, say, me = null) {
  const { t, who, cell } = say;
  const a = view.answer;
  const tn = view.turn;
  const mine = (seat) => me !== null && me !== undefined && seat === me;
  const pick = (key, seat, params = {}) => t("kaki-lima.board.status." + key + (mine(seat) ? "_you" : ""), { who: who(seat), ...params });
  if (view.phase === "over") return t("kaki-lima.board.status.over");
  if (view.phase === "place") return pick("place", view.placing);
  if (view.phase === "final") return pick("final", view.awaiting[0]);
  if (a && a.kind === "trade") return pick("trade_wait", a.to, { from: who(a.from), count: a.count });
  if (a && a.kind === "clearing") return pick("clearing_wait", a.to, { from: who(a.from), cell: cell(a.target) });
  if (tn.stage === "invite" && tn.invite) {
    const inv = tn.invite;
    if (inv.sub === "offer") return pick("invite_offer", view.current, { other: who(inv.seat) });
    if (inv.sub === "ask") return pick("invite_ask", inv.seat, { other: who(view.current) });
    if (inv.sub === "answer") return pick("invite_answer", view.current, { other: who(inv.seat), steps: inv.steps });
    return pick("invite_reply", inv.seat, { other: who(view.current) });
  }
  const extra = tn.extra ? "yes" : "no";
  if (tn.stage === "path") return pick("path", view.current, { cell: cell(tn.walk.end), extra });
  if (tn.stage === "trade") return pick("trade", view.current);
  if (tn.stage === "clearing") return pick("clearing", view.current);
  if (tn.stage === "jom") return pick("jom", view.current);
  if (tn.stage === "committed") return pick("committed", view.current, { kind: tn.committed === "swap" ? "swap" : "move" });
  return pick("turn", view.current, { extra });
}

/** What this player should do now ("" when nothing). */
export function promptText(offer, sel, hasLegal, t) {
  const p = (key) => t("kaki-lima.board.prompt." + key);
  if (!hasLegal) return "";
  if (offer.place.length) return p("place");
  if (sel.moving) return sel.moving.source === null ? p("move_source") : p("move_target");
  if (offer.steps.length || offer.clearSteps.length) return p("path");
  if (offer.walks.length) {
    if (comboFor(offer, sel)) return p("walk_end");
    return p("walk_select");
  }
  if (offer.invite !== null) return p("invite");
  if (offer.ask.length) return p("ask");
  if (offer.answerPickup) return p("answer_pickup");
  if (offer.join.length) return p("join");
  if (offer.offers.length || offer.endTrade) return p("trade");
  if (offer.acceptTrade.length) return p("accept_trade");
  if (offer.answerClearing) return p("answer_clearing");
  if (offer.jom.size) return p("jom");
  if (offer.doneClearing) return p("final");
  if (offer.clear.length || offer.propose.length) return p("clear");
  return "";
}

/**
 * Each player's last move, from the log lines the page holds (oldest first): seat -> {seq,
 * path | null, cells}. A move is every line of that player's latest action; its walk is the
 * path of the latest "walks to" line of that seat, kept until the seat plays a card or
 * declines to walk (a new move of its own), so the trail stays on the board while others play.
 * Without lines (an old game, the first document), `fallback` (the view's last_walk) is used.
 */
export function lastMoves(lines, fallback = null) {
  const out = new Map();
  const NEW_MOVE = new Set(["kaki-lima.log.plays", "kaki-lima.log.plays_pair", "kaki-lima.log.no_walk"]);
  for (const line of lines || []) {
    const seat = typeof line.seat === "number" ? line.seat : null;
    if (line.key === "kaki-lima.log.walks_to" && Array.isArray(line.data?.path)) {
      const walker = typeof line.data.seat === "number" ? line.data.seat : seat;
      out.set(walker, { seq: line.seq, path: line.data.path, cell: line.data.path[line.data.path.length - 1] });
    } else if (seat !== null && NEW_MOVE.has(line.key)) {
      out.delete(seat);
    } else if (seat !== null && line.key === "kaki-lima.log.starts" && typeof line.params?.cell?.cell === "number") {
      out.set(seat, { seq: line.seq, path: null, cell: line.params.cell.cell });
    }
  }
  if (!out.size && fallback && Array.isArray(fallback.path) && fallback.path.length) {
    out.set(fallback.seat, { seq: null, path: fallback.path, cell: fallback.path[fallback.path.length - 1] });
  }
  return out;
}

/** The grid cells a list of board references names (cells, and Lokasi by name). */
export function refCells(refs, cells) {
  const out = new Set();
  for (const ref of refs || []) {
    if (!ref || typeof ref !== "object") continue;
    if (typeof ref.cell === "number") out.add(ref.cell);
    else if (typeof ref.lokasi === "string") {
      const i = (cells || []).indexOf(ref.lokasi);
      if (i >= 0) out.add(i);
    }
  }
  return out;
}
