// Tuk-Tuk Taxi's side panel: whose turn and what to do, the buttons the model offers, the
// drawn sign, the die, the stack and each taxi's deliveries.

import { buttons, chooseRoute, pendingMoves, prompt as promptFor } from "./model.js";

/** The side panel's cards; send(action), cancel() and showRoutes(moves) are the page's. */
export function drawSide({ ctx, glyphs, view, offer, pending, send, cancel, showRoutes }) {
  const { h, svg } = ctx;
  const parts = [];
  const myTurn = ctx.seat !== null && ctx.seat === view.current && view.phase !== "over";
  // turn and prompt
  const turnCard = h("div", { class: "tt-card" });
  const who = view.phase === "over" ? "The game is over." : myTurn ? "Your turn." : `${ctx.playerName(view.current)}'s turn.`;
  turnCard.append(h("h4", {}, who));
  const prompt = promptFor(offer, pending, myTurn);
  if (prompt) turnCard.append(h("p", { class: "tt-prompt" }, prompt));
  const controls = h("div", { class: "tt-controls" });
  for (const b of buttons(offer)) {
    controls.append(h("button", { class: b.primary ? "primary" : null, dataset: { action: b.key },
      onclick: () => send(b.action) }, b.label));
  }
  if (pending && pending.kind === "route") {
    pending.routes.forEach((idx, n) => {
      const m = view.moves[idx];
      const via = m ? m.path.slice(1, -1).slice(0, 3).join(" → ") : "";
      const label = `Route ${n + 1}${via ? ` via ${via}` : ""}: ${m ? m.note : ""}`;
      const button = h("button", { dataset: { action: "route", route: String(idx) },
        onclick: () => send(chooseRoute(pending, idx)) }, label);
      button.addEventListener("mouseenter", () => showRoutes(m ? [m] : []));
      button.addEventListener("mouseleave", () => showRoutes(pendingMoves(pending, view.moves)));
      controls.append(button);
    });
  }
  if (pending) controls.append(h("button", { dataset: { action: "cancel" }, onclick: cancel }, "Cancel"));
  if (controls.childNodes.length) turnCard.append(controls);
  parts.push(turnCard);

  // drawn sign, die, stack
  const signCard = h("div", { class: "tt-card tt-status" });
  const drawnRow = h("div", { class: "tt-row" });
  if (view.drawn) {
    const mini = svg("svg", { viewBox: "-20 -20 40 40", width: 40, height: 40 });
    mini.append(glyphs.sign({ kind: view.drawn.kind, name: view.drawn.name, dir: null }, 0, 0, 36));
    drawnRow.append(mini, h("span", { class: "tt-drawn" }, `Drawn sign: ${view.drawn.name}`));
  } else {
    drawnRow.append(h("span", { class: "tt-muted" }, "No sign drawn yet"));
  }
  signCard.append(drawnRow);
  const dieRow = h("div", { class: "tt-row" });
  if (view.die) {
    dieRow.append(h("span", { class: "tt-die", dataset: { colour: view.die.colour } }, String(view.die.value)),
      h("span", { class: "tt-die-text" }, `Die: ${view.die.colour} ${view.die.value}`));
  } else {
    dieRow.append(h("span", { class: "tt-muted tt-die-text" }, "Die: not rolled yet this turn"));
  }
  signCard.append(dieRow);
  signCard.append(h("p", { class: "tt-stack" },
    `Signs left in the stack: ${view.stack_count}` + (view.removed ? ` · out of the game: ${view.removed}` : "")));
  if (view.simplified) signCard.append(h("p", { class: "tt-muted" }, "Simplified variant: no No entry or One-way signs."));
  parts.push(signCard);

  // players
  const pc = h("div", { class: "tt-card" }, h("h4", {}, "Taxis"));
  for (let seat = 0; seat < view.players; seat++) {
    const bits = [`${view.delivered[seat]} delivered`];
    if (view.carrying[seat]) bits.push("carrying a passenger");
    if (view.skip[seat]) bits.push("skips next turn (mechanic)");
    pc.append(h("div", { class: `tt-player${seat === view.current ? " current" : ""}`, dataset: { seat: String(seat) } }, [
      h("span", { class: "tt-swatch", style: { background: ctx.playerColor(seat) } }),
      h("span", {}, `${ctx.playerName(seat)}: ${bits.join(", ")}`),
    ]));
  }
  pc.append(h("p", { class: "tt-muted tt-waiting" }, `Passengers waiting: ${view.passengers.length}`));
  parts.push(pc);
  return parts;
}
