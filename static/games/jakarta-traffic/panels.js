// Jakarta Traffic's panels: the status bar (prompt and the model's buttons), the order
// board, every player's phone and the final score table. Tables (row slots, bubble bonus,
// energy) come from the engine's data.

import { miniTile, orderStyle } from "./board.js";
import { bar as barModel, orderboardSlots } from "./model.js";

const orderChip = (h, order) => {
  const [color, short] = orderStyle(order);
  return h("span", { class: "jt-chip", style: { background: color }, title: order }, short);
};

/** The status bar's children; act(button) runs a model button (send or select). */
export function drawBar({ ctx, doc, offer, sel, myTurn, act }) {
  const { h } = ctx;
  const view = doc.view;
  const kids = [];
  if (doc.outcome) {
    kids.push(h("p", null, "The game is over."));
  } else if (!myTurn) {
    const watching = ctx.seat === null;
    kids.push(h("p", null, [watching ? "" : "Waiting for ", h("b", null, ctx.playerName(view.current)),
      watching ? ` is playing (${view.phase.replace("_", " ")}).` : "."]));
  } else {
    const { prompt, buttons } = barModel(view, offer, sel, ctx.data.size);
    kids.push(h("p", null, [h("b", null, "Your turn. "), prompt]));
    if (buttons.length) {
      kids.push(h("div", { class: "jt-controls" }, buttons.map((b) => h("button", {
        type: "button", class: b.primary ? "primary" : b.on ? "on" : "", "data-action": b.key, onclick: () => act(b),
      }, b.label))));
    }
  }
  if (view.dice) {
    const rolls = view.dice.rolls.map(([w, b]) => `white ${w}, black ${b}`).join("; then ");
    kids.push(h("p", { class: "jt-muted" }, `Last detour (${ctx.playerName(view.dice.seat)}): ${rolls}`));
  }
  return kids;
}

/** The order board: its rows by address slot, the idle addresses and the star supply. */
export function drawOrderBoard(ctx, view) {
  const { h } = ctx;
  const rows = view.orderboard;
  const body = [];
  for (const { address, slot, rows: slotRows } of orderboardSlots(view.board.slots, ctx.data.row_slot)) {
    slotRows.forEach((r, k) => {
      const row = rows[r];
      body.push(h("tr", { "data-row": r + 1 }, [
        h("td", null, `r${r + 1}`),
        h("td", null, orderChip(h, row.order)),
        h("td", null, row.order),
        h("td", null, h("span", { class: "jt-star" }, `★${row.value}`)),
        k === 0 ? h("td", { rowspan: slotRows.length, class: "jt-orderboard-slot" }, `A${slot + 1}: ${address}`) : null,
      ]));
    });
  }
  const supply = Object.entries(view.supply).sort((a, b) => b[0] - a[0]).map(([v, n]) => `★${v}×${n}`).join("  ");
  return h("div", { class: "jt-card", "data-testid": "jt-orderboard" }, [
    h("h4", null, "Order board"),
    h("table", null, h("tbody", null, body)),
    h("p", { class: "jt-muted jt-orderboard-note" }, `Idle: ${view.board.idle.join(", ")} · Stars left: ${supply}`),
    h("p", { class: "jt-muted jt-orderboard-note" }, view.marker === null ? "The Ondel-Ondel waits on the board." : "The Ondel-Ondel is out in traffic."),
  ]);
}

/** Every player's phone: energy, orders, speech bubbles, stars and the tile in hand. */
export function drawPhones(ctx, geo, doc) {
  const { h } = ctx;
  const view = doc.view;
  return view.scores.map((sc, s) => {
    const energy = view.energy[s];
    const playing = view.current === s && !doc.outcome;
    const cells = Array.from({ length: ctx.data.max_energy }, (_, i) => h("i", { class: i < energy ? "on" : "" }));
    return h("div", { class: `jt-card jt-phone${playing ? " current" : ""}`, style: { borderLeftColor: ctx.playerColor(s) }, "data-phone": s }, [
      h("div", null, [h("b", null, ctx.playerName(s)), s === ctx.seat ? " (you)" : "", playing ? " · playing" : ""]),
      h("div", { class: "row" }, [
        h("span", { class: "jt-energy", title: `${energy} energy`, "data-energy": energy }, cells),
        h("span", null, view.phone[s].length ? view.phone[s].map((o) => orderChip(h, o)) : h("span", { class: "jt-muted" }, "no orders")),
        h("span", { title: "speech bubbles", "data-bubbles": view.bubbles[s] }, `speech bubbles: ${view.bubbles[s]}`),
      ]),
      h("div", { class: "row" }, [
        view.stars[s].length ? view.stars[s].map((v) => h("span", { class: "jt-star" }, `★${v}`)) : h("span", { class: "jt-muted" }, "no stars yet"),
        h("span", { class: "jt-muted" }, `score now ${sc.total}`),
        h("span", { class: "jt-muted" }, "tile in hand:"),
        miniTile(ctx, geo, view.hand[s]),
      ]),
    ]);
  });
}

/** The final score table (null while the game runs). */
export function drawFinal(ctx, doc) {
  const { h } = ctx;
  const o = doc.outcome;
  if (!o) return null;
  const head = ["", "Stars", "Energy", "Bubbles", "Total", "Passengers", "Star tokens", "Rank"];
  const rows = doc.view.scores.map((sc, s) => h("tr", null, [
    h("th", null, ctx.playerName(s)),
    h("td", null, `${sc.stars.join("+") || 0} = ${sc.star_points}`),
    h("td", null, String(sc.energy)),
    h("td", null, `${sc.bubbles} → ${ctx.data.bubble_bonus[sc.bubbles]}`),
    h("td", null, h("b", null, String(o.scores[s]))),
    h("td", null, String(sc.passengers)),
    h("td", null, String(sc.star_tokens)),
    h("td", null, String(o.ranks[s])),
  ]));
  return h("div", { class: "jt-card", "data-testid": "jt-final" }, [
    h("h4", null, "Final scores"),
    h("table", null, [h("thead", null, h("tr", null, head.map((x) => h("th", null, x)))), h("tbody", null, rows)]),
    h("p", { class: "jt-muted" }, "Ties: passengers delivered, then star tokens, then energy."),
  ]);
}
