// Tuk-Tuk Taxi's side panel: whose turn and what to do, the buttons the model offers, the
// drawn sign, the die, the stack and each taxi's deliveries with its last roll. Every word
// through ctx.t. The turn card keeps the room of its prompt and buttons whether or not they
// show (CSS min-height), so nothing below it moves when controls come and go.

import { memo, whole } from "../../morph.js";
import { buttons, chooseRoute, lastRoll, pendingMoves, prompt as promptFor } from "./model.js";
import { cellName, noteText } from "./words.js";

const die = (h, t, roll, cls = "tt-die") => h("span", { class: cls, dataset: { colour: roll.colour }, role: "img",
  "aria-label": t("tuk-tuk-taxi.board.die_words", { colour: roll.colour, value: roll.value }) }, String(roll.value));

/**
 * The turn card: whose turn, what to do, the buttons the model offers. send(action),
 * cancel() and showRoutes(moves) are the page's.
 */
export function drawTurnCard({ ctx, view, offer, pending, send, cancel, showRoutes }) {
  const { h, t } = ctx;
  const myTurn = ctx.seat !== null && ctx.seat === view.current && view.phase !== "over";
  // turn and prompt
  const turnCard = h("div", { class: "tt-card tt-turn" });
  const who = view.phase === "over" ? t("tuk-tuk-taxi.board.over") : myTurn ? t("tuk-tuk-taxi.board.your_turn")
    : t("tuk-tuk-taxi.board.their_turn", { name: ctx.playerName(view.current), n: view.current + 1 });
  turnCard.append(h("h2", {}, who));
  const prompt = promptFor(offer, pending, myTurn);
  turnCard.append(h("p", { class: "tt-prompt" }, prompt ? t(prompt) : ""));
  const controls = h("div", { class: "tt-controls" });
  for (const b of buttons(offer)) {
    controls.append(h("button", { type: "button", class: b.primary ? "primary" : null, dataset: { action: b.key },
      onclick: () => send(b.action) }, t(b.label)));
  }
  if (pending && pending.kind === "route") {
    pending.routes.forEach((idx, n) => {
      const m = view.moves[idx];
      const via = m ? m.path.slice(1, -1).slice(0, 3).map(cellName).join(" → ") : "";
      const label = t("tuk-tuk-taxi.board.button.route", { n: n + 1, via, note: m ? noteText(t, m) : "" });
      // Its hover draws into the board by hand-added listeners: put on the page as it is.
      const button = whole(h("button", { type: "button", dataset: { action: "route", route: String(idx) },
        onclick: () => send(chooseRoute(pending, idx)) }, label));
      button.addEventListener("mouseenter", () => showRoutes(m ? [m] : []));
      button.addEventListener("focus", () => showRoutes(m ? [m] : []));
      button.addEventListener("mouseleave", () => showRoutes(pendingMoves(pending, view.moves)));
      controls.append(button);
    });
  }
  if (pending) controls.append(h("button", { type: "button", dataset: { action: "cancel" }, onclick: cancel }, t("tuk-tuk-taxi.board.button.cancel")));
  turnCard.append(controls);
  return turnCard;
}

/**
 * The sign and die card and the taxis' card. With `caches` (the renderer's {} kept between
 * moves), each is drawn again only when what it shows changed (static/morph.js memo, issue 42).
 */
export function drawCards({ ctx, glyphs, view, turns, caches = null }) {
  const lang = ctx.lang ? ctx.lang() : "";
  const card = (name, shown, build) => (caches
    ? memo((caches[name] ||= {}), `${lang}|${JSON.stringify(shown)}`, () => {
      const el = build();
      el.setAttribute("data-key", name);
      return el;
    }, { inPlace: true })
    : build());
  const parts = [];
  // The die stays in sight after the turn passes: the last roll and who rolled it.
  const lastMover = (turns || []).filter((x) => x && lastRoll(x)).sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0))[0];
  const lastRolled = lastMover ? [lastMover.seat, ctx.playerName(lastMover.seat), lastRoll(lastMover)] : null;
  parts.push(card("tt-status", [view.drawn, view.die, lastRolled, view.stack_count, view.removed, view.simplified],
    () => drawStatus(ctx, glyphs, view, lastMover)));
  const names = Array.from({ length: view.players }, (_, seat) => ctx.playerName(seat));
  const rolls = names.map((_, seat) => lastRoll(turns && turns[seat]) || null);
  parts.push(card("tt-taxis", [names, view.delivered, view.carrying, view.skip, rolls, view.current, view.passengers.length],
    () => drawTaxis(ctx, view, turns)));
  return parts;
}

/** The drawn sign, the die (or the last roll) and the stack. */
function drawStatus(ctx, glyphs, view, lastMover) {
  const { h, svg, t } = ctx;
  const signCard = h("div", { class: "tt-card tt-status" });
  const drawnRow = h("div", { class: "tt-row" });
  if (view.drawn) {
    const mini = svg("svg", { viewBox: "-20 -20 40 40", width: 40, height: 40, "aria-hidden": "true" });
    mini.append(glyphs.sign({ kind: view.drawn.kind, dir: null }, 0, 0, 36));
    const words = glyphs.signWords({ kind: view.drawn.kind, dir: null });
    drawnRow.append(mini, h("span", { class: "tt-drawn", title: words },
      t("tuk-tuk-taxi.board.drawn", { sign: t(`tuk-tuk-taxi.term.${view.drawn.kind}`) })));
    drawnRow.append(h("p", { class: "tt-muted tt-drawn-tip" }, t(`tuk-tuk-taxi.signtip.${view.drawn.kind}`)));
  } else {
    drawnRow.append(h("span", { class: "tt-muted" }, t("tuk-tuk-taxi.board.no_drawn")));
  }
  signCard.append(drawnRow);
  const dieRow = h("div", { class: "tt-row" });
  if (view.die) {
    dieRow.append(die(h, t, view.die), h("span", { class: "tt-die-text" }, t("tuk-tuk-taxi.board.die", { colour: view.die.colour, value: view.die.value })));
  } else if (lastMover) {
    const roll = lastRoll(lastMover);
    dieRow.append(die(h, t, roll), h("span", { class: "tt-die-text" },
      t("tuk-tuk-taxi.board.die_last", { name: ctx.playerName(lastMover.seat), colour: roll.colour, value: roll.value })));
  } else {
    dieRow.append(h("span", { class: "tt-muted tt-die-text" }, t("tuk-tuk-taxi.board.die_none")));
  }
  signCard.append(dieRow);
  signCard.append(h("p", { class: "tt-stack" }, t("tuk-tuk-taxi.board.stack", { count: view.stack_count, removed: view.removed })));
  if (view.simplified) signCard.append(h("p", { class: "tt-muted" }, t("tuk-tuk-taxi.board.simplified")));
  return signCard;
}

/** Every taxi's deliveries, load, skipped turns and last roll; the passengers waiting. */
function drawTaxis(ctx, view, turns) {
  const { h, t } = ctx;
  const pc = h("div", { class: "tt-card" }, h("h2", {}, t("tuk-tuk-taxi.board.taxis")));
  for (let seat = 0; seat < view.players; seat++) {
    const bits = [t("tuk-tuk-taxi.board.delivered", { count: view.delivered[seat] })];
    if (view.carrying[seat]) bits.push(t("tuk-tuk-taxi.board.carrying"));
    if (view.skip[seat]) bits.push(t("tuk-tuk-taxi.board.skips"));
    const roll = lastRoll(turns && turns[seat]);
    pc.append(h("div", { class: `tt-player${seat === view.current ? " current" : ""}`, dataset: { seat: String(seat) } }, [
      h("span", { class: "tt-swatch", style: { background: ctx.playerColor(seat) }, "aria-hidden": "true" }, String(seat + 1)),
      h("span", {}, `${ctx.playerName(seat)}: ${bits.join(", ")}`),
      roll ? die(h, t, roll, "tt-die tt-die-small") : null,
    ]));
  }
  pc.append(h("p", { class: "tt-muted tt-waiting" }, t("tuk-tuk-taxi.board.waiting", { count: view.passengers.length })));
  return pc;
}
