// Indonesia's panels: final scores, turn order with the year's bids, every player (money
// when visible, research tracks, companies, city cards), the deeds on offer, the cities, the
// supply with the engine's prices, and the last sale. Every word through ctx.t; every company,
// deed and track carries a title saying what it is.

import { companiesOf } from "./model.js";
import { SEAT_SHAPES } from "./map.js";

const SHAPE_SIGN = ["●", "■", "▲", "◆", "★", "⬢"];

/** The panels for one page: onKey("deed:a5") is a click on a deed. Draws (doc, sel, targets). */
export function makeSide(ctx, side, onKey, words) {
  const { h, data } = ctx;
  const t = (key, params) => ctx.t(key, params);
  const name = (seat) => ctx.playerName(seat);
  const colour = (seat) => ctx.playerColor(seat);
  // the seat's letter and goods shape beside its colour (never colour alone)
  // (the shell's own mark when it offers one, else the shape's sign)
  const seatMark = (seat) => h("span", { class: "ind-seatmark", style: { borderColor: colour(seat) }, title: t("indonesia.tip.seat_mark", { player: name(seat) }) },
    [`${words.seatLetter(seat)} `, typeof ctx.seatMark === "function" ? ctx.seatMark(seat) : SHAPE_SIGN[seat % SEAT_SHAPES.length]]);

  function drawSide(doc, sel, targets) {
    const v = doc.view;
    side.replaceChildren();
    const cos = companiesOf(v);

    if (v.final) {
      const tbl = h("table", { "data-testid": "ind-final" }, [
        h("tr", null, ["player", "cash", "bank", "doubled", "score"].map((k) => h("th", null, t(`indonesia.board.final.${k}`)))),
        ...v.final.map((f) => h("tr", null, [h("td", null, name(f.seat)), h("td", null, String(f.cash)), h("td", null, String(f.bank)), h("td", null, `+${f.bonus}`), h("td", null, h("b", null, String(f.score)))])),
      ]);
      side.append(h("div", { class: "ind-card ind-wide ind-scroll" }, [h("h3", null, t("indonesia.board.final_scores")), tbl]));
    }

    // turn order with this year's bids
    const bids = Object.fromEntries((v.bids || []).map((b) => [b.seat, b]));
    side.append(h("div", { class: "ind-card", "data-testid": "ind-order" }, [
      h("h3", null, t("indonesia.board.turn_order")),
      h("ol", { class: "ind-turn-order" }, (v.order || []).map((s) => h("li", null, [
        seatMark(s), " ",
        h("span", { style: { fontWeight: 600 } }, name(s)),
        bids[s] ? ` · ${t(bids[s].counts !== bids[s].bid ? "indonesia.board.bid_counts" : "indonesia.board.bid_plain", { bid: bids[s].bid, counts: bids[s].counts })}` : "",
      ]))),
    ]));

    // players
    const pc = h("div", { class: "ind-card", "data-testid": "ind-players" }, [h("h3", null, t(v.secret ? "indonesia.board.players_secret" : "indonesia.board.players"))]);
    for (const p of v.players || []) {
      const box = h("div", { class: "ind-player", style: { borderColor: colour(p.seat) }, "data-testid": `ind-player-${p.seat}` });
      box.append(h("div", null, [seatMark(p.seat), " ", h("span", { class: "name" }, name(p.seat)), p.seat === ctx.seat ? ` ${t("indonesia.board.you")}` : ""]));
      box.append(h("div", { "data-testid": `ind-money-${p.seat}` }, p.cash === null
        ? h("span", { class: "ind-muted" }, t("indonesia.board.money_hidden"))
        : [t("indonesia.board.money", { cash: words.money(p.cash), bank: words.money(p.bank) }), p.earned ? ` · ${t("indonesia.board.last_operations", { n: p.earned })}` : ""].join("")));
      box.append(h("div", { class: "ind-tracks", title: t("indonesia.board.research_tracks") },
        data.tracks.map((k) => h("span", { title: `${t("indonesia.board.track_level", { track: words.track(k), level: p.research[k] })} · ${t(`indonesia.tip.track.${k}`)}` },
          `${words.trackShort(k)} ${p.research[k]}${k === "bid" ? ` ×${data.bid_multiplier[String(p.research[k])]}` : ""}`))));
      const coLine = h("div", null, `${t("indonesia.board.companies_slots", { n: p.companies.length, free: p.free_slots })}: `);
      for (const cid of p.companies) {
        const co = cos[cid];
        if (!co) continue;
        const size = co.type === data.shipping
          ? t("indonesia.board.ships_of", { n: co.ship_count, limit: co.ship_limit ?? "?" })
          : t("indonesia.board.goods_count", { n: co.areas.length });
        const tip = t(co.operated ? "indonesia.tip.company_done" : "indonesia.tip.company", { id: cid, good: words.good(co.type), deeds: co.deeds.map((d) => words.deed(d)).join(", ") })
          + (co.merged ? ` ${t("indonesia.tip.company_merged")}` : "");
        coLine.append(h("span", { class: `ind-co${co.operated ? " done" : ""}`, title: tip, "data-company": cid }, [
          h("span", { class: "ind-chip", style: { borderColor: colour(co.owner) } }, words.goodLetter(co.type)),
          `${cid} ${words.good(co.type)} · ${size} · ${t("indonesia.board.deeds_of", { deeds: co.deeds.join("+") })}${co.operated ? " ✓" : ""}`,
        ]));
      }
      box.append(coLine);
      if (p.cards) {
        const cards = p.cards.map((c) => t("indonesia.board.card_provinces", { card: c, provinces: (data.city_cards[c] || []).join(", ") })).join("; ");
        box.append(h("div", { title: t("indonesia.tip.city_cards") }, t("indonesia.board.city_cards", { cards: cards || t("indonesia.board.none") })));
      } else box.append(h("div", { class: "ind-muted", title: t("indonesia.tip.city_cards") }, t("indonesia.board.cards_in_hand", { n: p.card_count })));
      pc.append(box);
    }
    side.append(pc);

    // deeds available
    const deedCard = h("div", { class: "ind-card", "data-testid": "ind-deeds" }, [h("h3", null, t("indonesia.board.deeds_available", { era: v.era }))]);
    if (!(v.deeds || []).length) deedCard.append(h("div", { class: "ind-muted" }, t("indonesia.board.none")));
    for (const d of v.deeds || []) {
      const clickable = targets.has(`deed:${d.id}`);
      const text = t(d.ships ? "indonesia.board.deed_line_ships" : "indonesia.board.deed_line", { id: d.id, good: words.good(d.type), province: d.province, ships: (d.ships || []).map((s) => s ?? "–").join("/") });
      const tip = t("indonesia.tip.deed", words.deedParams(d));
      deedCard.append(clickable
        ? h("button", { type: "button", class: `ind-pick${sel.deed === d.id ? " on" : ""}`, "data-testid": `ind-pick-${d.id}`, title: tip, "aria-pressed": String(sel.deed === d.id), onclick: () => onKey(`deed:${d.id}`) }, text)
        : h("div", { title: tip }, text));
    }
    side.append(deedCard);

    // cities
    const cityCard = h("div", { class: "ind-card", "data-testid": "ind-cities" }, [h("h3", null, t("indonesia.board.cities"))]);
    if (!(v.cities || []).length) cityCard.append(h("div", { class: "ind-muted" }, t("indonesia.board.none_yet")));
    for (const c of v.cities || []) {
      const needs = Object.entries(c.needs || {});
      const state = c.size >= data.max_city_size ? t("indonesia.board.city_largest")
        : needs.length ? t("indonesia.board.city_needs", { goods: needs.map(([g, n]) => t("indonesia.board.n_goods", { n, good: words.good(g) })).join(", ") })
          : t("indonesia.board.city_will_grow");
      cityCard.append(h("div", { "data-city-line": c.area }, t("indonesia.board.city_line", { area: words.area(c.area), size: c.size, state })));
    }
    side.append(cityCard);

    // goods supply and city stones
    side.append(h("div", { class: "ind-card", "data-testid": "ind-supply" }, [
      h("h3", null, t("indonesia.board.supply_title")),
      h("table", null, [
        h("tr", null, ["good", "price", "on_board", "left"].map((k) => h("th", null, t(`indonesia.board.supply.${k}`)))),
        ...data.goods.map((g) => h("tr", null, [h("td", null, words.good(g)), h("td", null, String(data.prices[g])), h("td", null, String(v.goods_on_board?.[g] ?? 0)), h("td", null, String(v.goods_supply?.[g] ?? "?"))])),
      ]),
      h("div", null, t("indonesia.board.stones_left", { one: v.stones?.["1"] ?? "?", two: v.stones?.["2"] ?? "?", three: v.stones?.["3"] ?? "?" })),
    ]));

    if (v.last_sale) {
      const s = v.last_sale;
      const fees = Object.entries(s.fees || {}).map(([seat, f]) => t("indonesia.board.fee_to", { fee: f, player: name(Number(seat)) })).join(", ");
      side.append(h("div", { class: "ind-card" }, [h("h3", null, t("indonesia.board.last_sale")),
        t("indonesia.board.last_sale_line", { company: s.company, owner: name(s.owner), sold: s.sold, goods: s.goods, good: words.good(s.type), income: s.income, fees: fees || t("indonesia.board.no_fees") })]));
    }
  }

  return drawSide;
}
