// Jakarta Traffic's panels: the status bar (prompt and the model's buttons), the order
// board, every player's phone and the final score table. Tables (row slots, bubble bonus,
// energy) come from the engine's data; every word goes through ctx.t at draw time.

import { memo } from "../../morph.js";
import { miniTile, orderStyle } from "./board.js";
import { addressTerm, bar as barModel, orderboardSlots, orderTerm } from "./model.js";

const say = (ctx, key, params) => ctx.t(`jakarta-traffic.board.${key}`, params || {});
const word = (ctx, msg) => (msg ? ctx.t(msg.key, msg.params) : "");

const orderChip = (ctx, order) => {
  const [color, short] = orderStyle(order);
  const name = ctx.t(orderTerm(order).term);
  return ctx.h("span", { class: "jt-chip", style: { background: color }, title: say(ctx, "tip.order", { order: orderTerm(order) }), "aria-label": name }, short);
};

/** A seat's badge: its colour with its number, so no one needs to tell colours apart. */
export const seatBadge = (ctx, s) => ctx.h("span", { class: "jt-seat", style: { background: ctx.playerColor(s) }, "aria-hidden": "true" }, String(s + 1));

/** The status bar's children; act(button) runs a model button (send or select). */
export function drawBar({ ctx, doc, offer, sel, myTurn, act }) {
  const { h } = ctx;
  const view = doc.view;
  const kids = [];
  let controls = [];
  if (doc.outcome) {
    kids.push(h("p", null, say(ctx, "bar.over")));
  } else if (!myTurn) {
    const name = ctx.playerName(view.current);
    kids.push(h("p", null, [seatBadge(ctx, view.current), " ", ctx.seat === null
      ? say(ctx, "bar.watching", { name, phase: view.phase })
      : say(ctx, "bar.waiting", { name })]));
  } else {
    const { prompt, buttons } = barModel(view, offer, sel, ctx.data.size);
    kids.push(h("p", null, [h("b", null, say(ctx, "bar.your_turn")), " ", word(ctx, prompt)]));
    controls = buttons.map((b) => h("button", {
      type: "button", class: b.primary ? "primary" : b.on ? "on" : "", "data-action": b.key, "data-focus": `btn-${b.key}`,
      "aria-pressed": b.on === undefined ? null : String(Boolean(b.on)), onclick: () => act(b),
    }, word(ctx, b.label)));
  }
  // The controls' row is always there, so buttons appearing never move what follows.
  kids.push(h("div", { class: "jt-controls", "data-testid": "jt-controls" }, controls));
  if (view.dice) {
    const rolls = view.dice.rolls.map(([white, black]) => say(ctx, "bar.roll", { white, black })).join("; ");
    kids.push(h("p", { class: "jt-muted jt-dice", title: say(ctx, "tip.dice") }, say(ctx, "bar.dice", { name: ctx.playerName(view.dice.seat), rolls })));
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
      const tip = say(ctx, "tip.row", { row: r + 1, order: orderTerm(row.order), value: row.value, slot: slot + 1, address: addressTerm(address) });
      body.push(h("tr", { "data-row": r + 1, title: tip }, [
        h("td", null, `r${r + 1}`),
        h("td", null, orderChip(ctx, row.order)),
        h("td", null, ctx.t(orderTerm(row.order).term)),
        h("td", null, h("span", { class: "jt-star", title: say(ctx, "tip.star", { value: row.value }) }, `★${row.value}`)),
        k === 0 ? h("td", { rowspan: slotRows.length, class: "jt-orderboard-slot", title: say(ctx, "tip.slot", { slot: slot + 1, address: addressTerm(address) }) },
          `A${slot + 1}: ${ctx.t(addressTerm(address).term)}`) : null,
      ]));
    });
  }
  const supply = Object.entries(view.supply).sort((a, b) => b[0] - a[0]).map(([v, n]) => `★${v}×${n}`).join("  ");
  const idle = view.board.idle.map((a) => ctx.t(addressTerm(a).term)).join(", ");
  return h("div", { class: "jt-card", "data-testid": "jt-orderboard" }, [
    h("h4", null, say(ctx, "orderboard.title")),
    h("table", null, h("tbody", null, body)),
    h("p", { class: "jt-muted jt-orderboard-note" }, [
      h("span", { title: say(ctx, "tip.idle") }, say(ctx, "orderboard.idle", { list: idle })), " · ",
      h("span", { title: say(ctx, "tip.supply") }, say(ctx, "orderboard.supply", { list: supply })),
    ]),
    h("p", { class: "jt-muted jt-orderboard-note", title: say(ctx, "tip.marker") },
      say(ctx, view.marker === null ? "orderboard.marker_home" : "orderboard.marker_out")),
  ]);
}

/**
 * Every player's phone: energy, orders, speech bubbles, stars and the tile in hand. With
 * `caches` (the renderer's {} kept between moves), a phone is drawn again only when what it
 * shows changed (static/morph.js memo, issue 42): a move changes one or two phones.
 */
export function drawPhones(ctx, geo, doc, caches = null) {
  const view = doc.view;
  return view.scores.map((sc, s) => {
    const playing = view.current === s && !doc.outcome;
    if (!caches) return drawPhone(ctx, geo, view, s, playing);
    const shown = [sc, view.energy[s], playing, view.phone[s], view.bubbles[s], view.stars[s], view.hand[s], ctx.playerName(s), s === ctx.seat];
    return memo((caches[s] ||= {}), `${ctx.lang ? ctx.lang() : ""}|${JSON.stringify(shown)}`, () => drawPhone(ctx, geo, view, s, playing), { inPlace: true });
  });
}

function drawPhone(ctx, geo, view, s, playing) {
  const { h } = ctx;
  const sc = view.scores[s];
  const energy = view.energy[s];
  const cells = Array.from({ length: ctx.data.max_energy }, (_, i) => h("i", { class: i < energy ? "on" : "" }));
  const energyTip = say(ctx, "tip.energy", { n: energy, max: ctx.data.max_energy });
  return h("div", { class: `jt-card jt-phone${playing ? " current" : ""}`, style: { borderLeftColor: ctx.playerColor(s) }, "data-phone": s, "data-key": `phone-${s}` }, [
    h("div", null, [seatBadge(ctx, s), " ", h("b", null, ctx.playerName(s)), s === ctx.seat ? ` ${say(ctx, "phone.you")}` : "",
      playing ? ` · ${say(ctx, "phone.playing")}` : ""]),
    h("div", { class: "row" }, [
      h("span", { class: "jt-energy", title: energyTip, role: "img", "aria-label": energyTip, "data-energy": energy }, cells),
      h("span", null, view.phone[s].length ? view.phone[s].map((o) => orderChip(ctx, o)) : h("span", { class: "jt-muted" }, say(ctx, "phone.no_orders"))),
      h("span", { title: say(ctx, "tip.bubbles"), "data-bubbles": view.bubbles[s] }, say(ctx, "phone.bubbles", { n: view.bubbles[s] })),
    ]),
    h("div", { class: "row" }, [
      view.stars[s].length ? view.stars[s].map((v) => h("span", { class: "jt-star", title: say(ctx, "tip.star", { value: v }) }, `★${v}`))
        : h("span", { class: "jt-muted" }, say(ctx, "phone.no_stars")),
      h("span", { class: "jt-muted", title: say(ctx, "tip.score") }, say(ctx, "phone.score", { n: sc.total })),
      h("span", { class: "jt-muted" }, say(ctx, "phone.tile_in_hand")),
      miniTile(ctx, geo, view.hand[s], s),
    ]),
  ]);
}

/**
 * The final score table (null while the game runs): one column per player and one row per
 * part of the score, so it fits a phone's width with up to four players.
 */
export function drawFinal(ctx, doc) {
  const { h } = ctx;
  const o = doc.outcome;
  if (!o) return null;
  const scores = doc.view.scores;
  const line = (key, cell) => h("tr", null, [h("th", { scope: "row" }, say(ctx, `final.${key}`)), ...scores.map((sc, s) => h("td", null, cell(sc, s)))]);
  const rows = [
    line("stars", (sc) => `${sc.stars.join("+") || 0} = ${sc.star_points}`),
    line("energy", (sc) => String(sc.energy)),
    line("bubbles", (sc) => `${sc.bubbles} → ${ctx.data.bubble_bonus[sc.bubbles]}`),
    line("total", (sc, s) => h("b", null, String(o.scores[s]))),
    line("passengers", (sc) => String(sc.passengers)),
    line("star_tokens", (sc) => String(sc.star_tokens)),
    line("rank", (sc, s) => String(o.ranks[s])),
  ];
  return h("div", { class: "jt-card jt-final", "data-testid": "jt-final" }, [
    h("h4", null, say(ctx, "final.title")),
    h("div", { class: "jt-scroll" }, h("table", null, [
      h("thead", null, h("tr", null, [h("th", null, ""), ...scores.map((_, s) => h("th", { scope: "col" }, [seatBadge(ctx, s), " ", ctx.playerName(s)]))])),
      h("tbody", null, rows),
    ])),
    h("p", { class: "jt-muted" }, say(ctx, "final.ties")),
  ]);
}
