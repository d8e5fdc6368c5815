// Indonesia's panels: final scores, turn order with the year's bids, every player (money
// when visible, research tracks, companies, city cards), the deeds on offer, the cities, the
// supply with the engine's prices, and the last sale.

import { GOOD_LETTER } from "./map.js";
import { companiesOf } from "./model.js";
import { TRACK_LABEL } from "./status.js";

/** The panels for one page: onKey("deed:a5") is a click on a deed. Draws (doc, sel, targets). */
export function makeSide(ctx, side, onKey) {
  const { h, data } = ctx;
  const name = (seat) => ctx.playerName(seat);
  const colour = (seat) => ctx.playerColor(seat);
  const money = (v) => (v === null || v === undefined ? "hidden" : `${v} Rp`);

  function drawSide(doc, sel, targets) {
    const v = doc.view;
    side.replaceChildren();
    const cos = companiesOf(v);

    if (v.final) {
      const t = h("table", { "data-testid": "ind-final" }, [
        h("tr", null, [h("th", null, "Player"), h("th", null, "Cash"), h("th", null, "Bank"), h("th", null, "Last operations doubled"), h("th", null, "Score")]),
        ...v.final.map((f) => h("tr", null, [h("td", null, name(f.seat)), h("td", null, String(f.cash)), h("td", null, String(f.bank)), h("td", null, `+${f.bonus}`), h("td", null, h("b", null, String(f.score)))])),
      ]);
      side.append(h("div", { class: "ind-card ind-wide" }, [h("h4", null, "Final scores"), t]));
    }

    // turn order with this year's bids
    const bids = Object.fromEntries((v.bids || []).map((b) => [b.seat, b]));
    side.append(h("div", { class: "ind-card", "data-testid": "ind-order" }, [
      h("h4", null, "Turn order"),
      h("ol", { class: "ind-turn-order" }, (v.order || []).map((s) => h("li", null, [
        h("span", { style: { color: colour(s), fontWeight: 600 } }, name(s)),
        bids[s] ? ` · bid ${bids[s].bid}${bids[s].counts !== bids[s].bid ? ` (counts ${bids[s].counts})` : ""}` : "",
      ]))),
    ]));

    // players
    const pc = h("div", { class: "ind-card", "data-testid": "ind-players" }, [h("h4", null, v.secret ? "Players (money is secret)" : "Players")]);
    for (const p of v.players || []) {
      const box = h("div", { class: "ind-player", style: { borderColor: colour(p.seat) }, "data-testid": `ind-player-${p.seat}` });
      box.append(h("div", null, [h("span", { class: "name" }, name(p.seat)), p.seat === ctx.seat ? " (you)" : ""]));
      box.append(h("div", { "data-testid": `ind-money-${p.seat}` }, p.cash === null
        ? h("span", { class: "ind-muted" }, "cash and bank hidden")
        : `cash ${money(p.cash)} · bank ${money(p.bank)}${p.earned ? ` · last operations ${p.earned}` : ""}`));
      box.append(h("div", { class: "ind-tracks", title: "Research tracks" },
        data.tracks.map((k) => {
          const [label, short] = TRACK_LABEL[k] || [k, k];
          return h("span", { title: `${label} level ${p.research[k]}` }, `${short} ${p.research[k]}${k === "bid" ? ` ×${data.bid_multiplier[String(p.research[k])]}` : ""}`);
        })));
      const coLine = h("div", null, `${p.companies.length} compan${p.companies.length === 1 ? "y" : "ies"}, ${p.free_slots} free slot${p.free_slots === 1 ? "" : "s"}: `);
      for (const cid of p.companies) {
        const co = cos[cid];
        if (!co) continue;
        const size = co.type === "shipping" ? `${co.ship_count}/${co.ship_limit ?? "?"} ships` : `${co.areas.length} goods`;
        coLine.append(h("span", { class: `ind-co${co.operated ? " done" : ""}`, title: `${co.operated ? "operated this year" : "not operated yet"}${co.merged ? "; merged this year" : ""}` }, [
          h("span", { class: "ind-chip", style: { background: colour(co.owner) } }, GOOD_LETTER[co.type]),
          `${cid} ${co.type} · ${size} · deeds ${co.deeds.join("+")}${co.operated ? " ✓" : ""}`,
        ]));
      }
      box.append(coLine);
      if (p.cards) box.append(h("div", null, `City cards: ${p.cards.map((c) => `${c} (${(data.city_cards[c] || []).join(", ")})`).join("; ") || "none"}`));
      else box.append(h("div", { class: "ind-muted" }, `${p.card_count} city card${p.card_count === 1 ? "" : "s"} in hand`));
      pc.append(box);
    }
    side.append(pc);

    // deeds available
    const deedCard = h("div", { class: "ind-card", "data-testid": "ind-deeds" }, [h("h4", null, `Deeds available (era ${v.era})`)]);
    if (!(v.deeds || []).length) deedCard.append(h("div", { class: "ind-muted" }, "none"));
    for (const d of v.deeds || []) {
      const clickable = targets.has(`deed:${d.id}`);
      deedCard.append(h(clickable ? "button" : "div", clickable ? { type: "button", class: `ind-pick${sel.deed === d.id ? " on" : ""}`, onclick: () => onKey(`deed:${d.id}`) } : null,
        `${d.id}: ${d.type} in ${d.province}${d.ships ? ` (ships ${d.ships.join("/")})` : ""}`));
    }
    side.append(deedCard);

    // cities
    const cityCard = h("div", { class: "ind-card", "data-testid": "ind-cities" }, [h("h4", null, "Cities")]);
    if (!(v.cities || []).length) cityCard.append(h("div", { class: "ind-muted" }, "none yet"));
    for (const c of v.cities || []) {
      const needs = Object.entries(c.needs || {});
      cityCard.append(h("div", null, `${c.province} (area ${c.area}), size ${c.size}: ${c.size >= ctx.data.max_city_size ? "largest size" : needs.length ? `needs ${needs.map(([g, n]) => `${n} ${g}`).join(", ")}` : "will grow"}`));
    }
    side.append(cityCard);

    // goods supply and city stones
    side.append(h("div", { class: "ind-card", "data-testid": "ind-supply" }, [
      h("h4", null, "Supply"),
      h("table", null, [
        h("tr", null, [h("th", null, "Good"), h("th", null, "Price"), h("th", null, "On board"), h("th", null, "Left")]),
        ...data.goods.map((g) => h("tr", null, [h("td", null, g), h("td", null, String(data.prices[g])), h("td", null, String(v.goods_on_board?.[g] ?? 0)), h("td", null, String(v.goods_supply?.[g] ?? "?"))])),
      ]),
      h("div", null, `City stones left: size 1 × ${v.stones?.["1"] ?? "?"}, size 2 × ${v.stones?.["2"] ?? "?"}, size 3 × ${v.stones?.["3"] ?? "?"}`),
    ]));

    if (v.last_sale) {
      const s = v.last_sale;
      const feeText = Object.entries(s.fees || {}).map(([seat, f]) => `${f} to ${name(Number(seat))}`).join(", ") || "no fees";
      side.append(h("div", { class: "ind-card" }, [h("h4", null, "Last sale"),
        `${s.company} (${name(s.owner)}) sold ${s.sold} of ${s.goods} ${s.type} for ${s.income} Rp; ship fees ${feeText}.`]));
    }
  }

  return drawSide;
}
