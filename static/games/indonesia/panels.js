// Indonesia's panels. The status bar under the map: era, year and phase, what the game waits
// for, and the controls of the decision at hand (city cards, bids, mergers, deeds, research,
// the sale being chosen); its height is reserved (indonesia.css), so controls that come and go
// do not move what lies below. The side panels: final scores, turn order with the year's bids,
// every player (money when visible, research tracks, companies, city cards), the deeds on
// offer, the cities, the supply with the engine's prices, and the last sale. Prices come from
// the engine's data; what a choice sends comes from the model. Every word through ctx.t;
// every company, deed and track carries a title saying what it is.

import { memo, morphChildren } from "../../morph.js";
import { ofType } from "../../templates.js";
import { SEAT_SHAPES } from "./board.js";
import { alternatives, clampToRange, companiesOf, isMyTurn, pendingSale, saleAction, saleSummary } from "./model.js";

const PHASES = ["new_era", "bid", "merger", "acquire", "research", "operate", "growth", "over"];

/**
 * The status bar for one page: send(action) sends, select(next) sets the selection and
 * redraws, words names things (words.js). The answer draws (doc, sel) into status.
 */
export function makeStatus(ctx, status, send, select, words) {
  const { h, data } = ctx;
  const t = (key, params) => ctx.t(key, params);
  const name = (seat) => ctx.playerName(seat);
  const btn = (attrs, label, onclick) => h("button", { type: "button", ...attrs, onclick }, label);

  // Drawn off the page, then only what changed is written to it (static/morph.js, issue 42).
  function drawStatus(doc, sel) {
    const box = status.cloneNode(false);
    fillStatus(box, doc, sel);
    morphChildren(status, box);
  }

  function fillStatus(status, doc, sel) {
    const v = doc.view;
    const phase = PHASES.includes(v.phase) ? t(`indonesia.board.phase.${v.phase}`) : v.phase;
    status.append(h("h2", { class: "ind-heading" }, t("indonesia.board.heading", { era: String(v.era).toUpperCase(), year: v.year, phase })));
    const step = v.step || {};
    const prompt = h("div", { class: "ind-prompt", "data-testid": "ind-prompt", "aria-live": "polite" });
    const controls = h("div", { class: "ind-controls" });
    status.append(prompt, controls);
    if (doc.outcome || v.phase === "over") {
      prompt.textContent = t("indonesia.board.over");
      return;
    }
    if (step.kind === "auction") {
      const cos = companiesOf(v);
      status.insertBefore(h("div", null, [
        t(step.siap_faji ? "indonesia.board.auction_siap" : "indonesia.board.auction", { a: step.a, b: step.b, units: step.units }), " ",
        t("indonesia.board.auction_high", { high: step.high, leader: name(step.leader), bidders: (step.bidders || []).map(name).join(", ") }),
        cos[step.a] && cos[step.b] ? ` ${t("indonesia.board.auction_owners", { a: name(cos[step.a].owner), b: name(cos[step.b].owner) })}` : "",
      ]), prompt);
    }
    if (!isMyTurn(doc, ctx.seat)) {
      const who = (doc.to_act || []).map(name).join(", ");
      if (ctx.seat === null) prompt.textContent = who ? t("indonesia.board.watching_for", { who }) : t("indonesia.board.watching");
      else prompt.textContent = who ? t("indonesia.board.waiting_for", { who }) : t("indonesia.board.waiting");
      return;
    }
    const legal = doc.legal;
    const passT = legal.find((x) => x.type === "pass");
    const passBtn = (key) => passT && btn({ "data-testid": "ind-pass" }, t(key || "indonesia.board.pass"), () => send({ type: "pass" }));
    const kind = step.kind;
    if (kind === "cities") {
      const ts = ofType(legal, "place_city");
      const card = sel.card || ts[0]?.card;
      prompt.textContent = t("indonesia.board.prompt.cities", { card, provinces: (data.city_cards[card] || []).join(", ") });
      if (ts.length > 1) {
        for (const x of ts) {
          controls.append(btn({ class: x.card === card ? "on" : "", "data-testid": `ind-card-${x.card}`, "aria-pressed": String(x.card === card),
            title: t("indonesia.tip.city_card", { card: x.card, provinces: (data.city_cards[x.card] || []).join(", ") }) },
          t("indonesia.board.card", { card: x.card }), () => select({ kind, card: x.card })));
        }
      }
    } else if (kind === "bid") {
      const x = legal.find((y) => y.type === "bid");
      const [lo, hi] = x.amount.$range;
      const mult = v.players[ctx.seat]?.multiplier || 1;
      prompt.textContent = t("indonesia.board.prompt.bid", { hi, mult });
      controls.append(...numberControl("bid", lo, hi, 1, (n) => t("indonesia.board.counts_as", { n: n * mult }), (n) => send({ type: "bid", amount: n }), t("indonesia.board.bid")));
    } else if (kind === "announce") {
      const ts = ofType(legal, "announce");
      prompt.textContent = t(ts.length ? "indonesia.board.prompt.announce" : "indonesia.board.prompt.no_announce");
      const cos = companiesOf(v);
      const pick = ts.find((x) => `${x.a}+${x.b}` === sel.pair);
      for (const x of ts) {
        const [min] = x.bid.$range;
        const side = (id) => t("indonesia.board.pair_side", { id, good: words.good(cos[id]?.type), owner: name(cos[id]?.owner) });
        controls.append(btn({ "data-testid": `ind-pair-${x.a}-${x.b}`, class: pick === x ? "on" : "", "aria-pressed": String(pick === x) },
          t("indonesia.board.pair", { a: side(x.a), b: side(x.b), min }), () => select({ kind, pair: `${x.a}+${x.b}` })));
      }
      if (pick) {
        const [lo, hi, stepN] = pick.bid.$range;
        controls.append(...numberControl("announce", lo, hi, stepN || 1, () => t("indonesia.board.min_steps", { lo, step: stepN || 1 }),
          (n) => send({ type: "announce", a: pick.a, b: pick.b, bid: n }), t("indonesia.board.announce")));
      }
      if (passT) controls.append(passBtn("indonesia.board.pass_merger"));
    } else if (kind === "auction") {
      const x = legal.find((y) => y.type === "raise");
      if (x) {
        const [lo, hi, stepN] = x.amount.$range;
        prompt.textContent = t("indonesia.board.prompt.raise", { lo, step: stepN || 1, hi });
        controls.append(...numberControl("raise", lo, hi, stepN || 1, () => t("indonesia.board.minimum", { lo }), (n) => send({ type: "raise", amount: n }), t("indonesia.board.raise")));
      } else {
        prompt.textContent = t("indonesia.board.prompt.no_raise");
      }
      if (passT) controls.append(passBtn("indonesia.board.pass_good"));
    } else if (kind === "remove") {
      prompt.textContent = t("indonesia.board.prompt.remove", { n: step.left, company: step.company });
    } else if (kind === "acquire") {
      const ts = ofType(legal, "acquire");
      const shipping = sel.deed && data.deeds[sel.deed]?.type === data.shipping;
      prompt.textContent = sel.deed
        ? t(shipping ? "indonesia.board.prompt.deed_sea" : "indonesia.board.prompt.deed_area", { deed: sel.deed })
        : t(ts.length ? "indonesia.board.prompt.acquire" : "indonesia.board.prompt.no_deed");
      for (const x of ts) {
        const d = data.deeds[x.deed] || {};
        controls.append(btn({ "data-testid": `ind-deed-${x.deed}`, class: sel.deed === x.deed ? "on" : "", "aria-pressed": String(sel.deed === x.deed),
          title: t("indonesia.tip.deed", words.deedParams({ ...d, id: x.deed })) },
        t("indonesia.board.deed_button", { id: x.deed, good: words.good(d.type), province: d.province }), () => select({ kind, deed: x.deed })));
      }
      if (passT) controls.append(passBtn("indonesia.board.pass_acquire"));
    } else if (kind === "research") {
      prompt.textContent = t("indonesia.board.prompt.research");
      for (const x of ofType(legal, "research")) {
        if (x.player === ctx.seat && x.track?.$choice) {
          for (const track of x.track.$choice) {
            const lvl = v.players[ctx.seat].research[track];
            controls.append(btn({ "data-testid": `ind-research-${track}`, title: t(`indonesia.tip.track.${track}`) },
              t("indonesia.board.research_step", { track: words.track(track), from: lvl, to: lvl + 1 }), () => send({ type: "research", track, player: ctx.seat })));
          }
        } else if (x.track === "hull" && x.player?.$choice) {
          for (const p of x.player.$choice) {
            const lvl = v.players[p].research.hull;
            controls.append(btn({ "data-testid": `ind-hull-${p}`, title: t("indonesia.tip.track.hull") },
              t("indonesia.board.hull_for", { player: name(p), from: lvl, to: lvl + 1 }), () => send({ type: "research", track: "hull", player: p })));
          }
        } else if (x.player !== undefined && typeof x.track === "string") {
          controls.append(btn({}, t("indonesia.board.track_for", { track: words.track(x.track), player: name(x.player) }), () => send({ type: "research", track: x.track, player: x.player })));
        }
      }
      if (passT) controls.append(passBtn());
    } else if (kind === "operate") {
      drawOperate(doc, sel, prompt, controls);
    } else if (kind === "expand") {
      const co = companiesOf(v)[step.company];
      prompt.textContent = step.paid
        ? t("indonesia.board.prompt.expand_paid", { company: step.company, price: data.prices[co?.type] || 0, left: step.left })
        : t("indonesia.board.prompt.expand_free", { company: step.company, left: step.left });
      if (passT) controls.append(passBtn("indonesia.board.stop_expanding"));
    } else if (kind === "ships") {
      prompt.textContent = t("indonesia.board.prompt.ships", { company: step.company, n: step.left });
      if (passT) controls.append(passBtn("indonesia.board.stop_ships"));
    } else if (kind === "grow") {
      prompt.textContent = t("indonesia.board.prompt.grow", { n: step.left, size: step.size });
    } else {
      prompt.textContent = t("indonesia.board.your_turn");
      for (const x of legal) controls.append(btn({}, x.type, () => send(x)));
    }
  }

  function drawOperate(doc, sel, prompt, controls) {
    const v = doc.view;
    const legal = doc.legal;
    const sale = pendingSale(doc, sel, isMyTurn(doc, ctx.seat));
    const cos = companiesOf(v);
    if (!sale) {
      prompt.textContent = t("indonesia.board.prompt.operate");
      for (const x of ofType(legal, "sell")) {
        const co = cos[x.company];
        controls.append(btn({ "data-testid": `ind-operate-${x.company}` },
          t("indonesia.board.operate_goods", { company: x.company, good: words.good(co?.type), n: co?.areas?.length || 0 }), () => select({ kind: "operate", company: x.company })));
      }
      for (const x of ofType(legal, "sail")) {
        const co = cos[x.company];
        controls.append(btn({ "data-testid": `ind-operate-${x.company}` },
          t("indonesia.board.operate_ships", { company: x.company, n: co?.ship_count || 0, limit: co?.ship_limit ?? "?" }), () => send(x)));
      }
      return;
    }
    const { sold, income, fees, goods } = saleSummary(data, cos, sale.template.company, sale.routes);
    const feeList = Object.entries(fees).map(([s, f]) => t("indonesia.board.fee_to", { fee: f, player: name(Number(s)) })).join(", ");
    prompt.textContent = t("indonesia.board.prompt.sale", { company: sale.template.company, sold, goods, income, fees: feeList || t("indonesia.board.no_ship_fees") });
    const list = h("ol", { class: "ind-routes ind-sale-routes" });
    for (const r of sale.routes) {
      list.append(h("li", null, t("indonesia.board.route", { count: r.count, from: words.area(r.from), ship: r.ship, seas: r.seas.length, city: words.area(r.city) })));
    }
    controls.append(list);
    controls.append(btn({ class: "primary", "data-testid": "ind-confirm-sale" }, t("indonesia.board.confirm_sale"), () => send(saleAction(sale))));
    const alts = alternatives(data, v, sale.template.company, sale.routes);
    if (alts.length) {
      const picker = h("select", { "aria-label": t("indonesia.board.another_routing"), class: "ind-alts", "data-testid": "ind-alts" }, [
        h("option", { value: "" }, t("indonesia.board.choose_routing")),
        ...alts.map((a, i) => h("option", { value: String(i) }, t(a.move.one ? "indonesia.board.alt_one" : "indonesia.board.alt_the", {
          city: words.area(a.move.city), ship: a.move.ship, seas: a.move.seas, from: words.area(a.move.fromCity), fromShip: a.move.fromShip,
        }))),
      ]);
      picker.addEventListener("change", () => {
        if (picker.value === "") return;
        select({ ...sel, routes: alts[Number(picker.value)].routes });
      });
      controls.append(picker);
    }
    if (sel.routes) controls.append(btn({}, t("indonesia.board.back_to_proposal"), () => select({ kind: "operate", company: sel.company })));
    controls.append(btn({ "data-testid": "ind-other-company" }, t("indonesia.board.other_company"), () => select({})));
  }

  /** A number input and slider bound to [lo, hi] in steps, with a live note and a send button. */
  function numberControl(id, lo, hi, stepN, note, onSend, label) {
    const input = h("input", { type: "number", min: lo, max: hi, step: stepN, value: lo, "data-testid": `ind-${id}-input`, "aria-label": label });
    const slider = h("input", { type: "range", min: lo, max: hi, step: stepN, value: lo, "aria-label": t("indonesia.board.slider", { label }) });
    const info = h("span", { class: "ind-muted", "data-testid": `ind-${id}-note`, "aria-live": "polite" }, note(lo));
    const clampN = (n) => clampToRange(n, lo, hi, stepN);
    const sync = (src) => {
      const n = clampN(Number(src.value));
      if (src !== input) input.value = n;
      if (src !== slider) slider.value = n;
      info.textContent = note(n);
    };
    input.addEventListener("input", () => sync(input));
    input.addEventListener("change", () => { input.value = clampN(Number(input.value)); sync(input); });
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); onSend(clampN(Number(input.value))); } });
    slider.addEventListener("input", () => sync(slider));
    const go = btn({ class: "primary", "data-testid": `ind-${id}-send` }, label, () => onSend(clampN(Number(input.value))));
    return hi > lo ? [input, slider, info, go] : [input, info, go];
  }

  return drawStatus;
}

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

  const cards = {}; // each card's memo (static/morph.js), kept between moves
  const playerBoxes = []; // each player's box's memo, by seat

  // Drawn off the page, then only what changed is written to it (static/morph.js, issue 42).
  function drawSide(doc, sel, targets) {
    const box = side.cloneNode(false);
    fillSide(box, doc, sel, targets);
    morphChildren(side, box);
  }

  function fillSide(side, doc, sel, targets) {
    const v = doc.view;
    // A move changes one or two of these cards: each is built again only when its slice of
    // the view (or the language, or a name) changed, else left on the page as it is - the
    // whole panel built and compared at every move was a third of a move's work (issue 42).
    const lang = ctx.lang ? ctx.lang() : "";
    const names = (v.players || []).map((p) => name(p.seat));
    const card = (key, slice, build) => side.append(memo((cards[key] ||= {}), `${lang}|${JSON.stringify(slice)}`, () => {
      const el = build();
      el.setAttribute("data-key", key);
      return el;
    }, { inPlace: true }));

    if (v.final) card("final", [v.final, names], () => finalCard(v));
    card("order", [v.order, v.bids, names], () => orderCard(v));
    card("players", [v.players, v.secret, v.companies, names, ctx.seat], () => playersCard(v));
    const picks = (v.deeds || []).map((d) => targets.has(`deed:${d.id}`));
    card("deeds", [v.era, v.deeds, picks, sel.deed ?? null], () => deedsCard(v, sel, targets));
    card("cities", [v.cities], () => citiesCard(v));
    card("supply", [v.goods_on_board, v.goods_supply, v.stones], () => supplyCard(v));
    if (v.last_sale) card("sale", [v.last_sale, names], () => saleCard(v));
  }

  /** The final scores. */
  function finalCard(v) {
    const tbl = h("table", { "data-testid": "ind-final" }, [
      h("tr", null, ["player", "cash", "bank", "doubled", "score"].map((k) => h("th", null, t(`indonesia.board.final.${k}`)))),
      ...v.final.map((f) => h("tr", null, [h("td", null, name(f.seat)), h("td", null, String(f.cash)), h("td", null, String(f.bank)), h("td", null, `+${f.bonus}`), h("td", null, h("b", null, String(f.score)))])),
    ]);
    return h("div", { class: "ind-card ind-wide ind-scroll" }, [h("h3", null, t("indonesia.board.final_scores")), tbl]);
  }

  /** Turn order with this year's bids. */
  function orderCard(v) {
    const bids = Object.fromEntries((v.bids || []).map((b) => [b.seat, b]));
    return h("div", { class: "ind-card", "data-testid": "ind-order" }, [
      h("h3", null, t("indonesia.board.turn_order")),
      h("ol", { class: "ind-turn-order" }, (v.order || []).map((s) => h("li", null, [
        seatMark(s), " ",
        h("span", { style: { fontWeight: 600 } }, name(s)),
        bids[s] ? ` · ${t(bids[s].counts !== bids[s].bid ? "indonesia.board.bid_counts" : "indonesia.board.bid_plain", { bid: bids[s].bid, counts: bids[s].counts })}` : "",
      ]))),
    ]);
  }

  /** Every player: money, research tracks, companies, city cards. */
  function playersCard(v) {
    const cos = companiesOf(v);
    const pc = h("div", { class: "ind-card", "data-testid": "ind-players" }, [h("h3", null, t(v.secret ? "indonesia.board.players_secret" : "indonesia.board.players"))]);
    const lang = ctx.lang ? ctx.lang() : "";
    for (const p of v.players || []) {
      // A move changes one player's box at most (money, a company): the others stay as they are.
      const slice = [p, p.companies.map((cid) => cos[cid] ?? null), name(p.seat), p.seat === ctx.seat];
      pc.append(memo((playerBoxes[p.seat] ||= {}), `${lang}|${JSON.stringify(slice)}`, () => playerBox(p, cos), { inPlace: true }));
    }
    return pc;
  }

  /** One player's box: name, money, research tracks, companies, city cards. */
  function playerBox(p, cos) {
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
    return box;
  }

  /** The deeds on offer (a button each when choosing one is the decision at hand). */
  function deedsCard(v, sel, targets) {
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
    return deedCard;
  }

  /** The cities and what each needs to grow. */
  function citiesCard(v) {
    const cityCard = h("div", { class: "ind-card", "data-testid": "ind-cities" }, [h("h3", null, t("indonesia.board.cities"))]);
    if (!(v.cities || []).length) cityCard.append(h("div", { class: "ind-muted" }, t("indonesia.board.none_yet")));
    for (const c of v.cities || []) {
      const needs = Object.entries(c.needs || {});
      const state = c.size >= data.max_city_size ? t("indonesia.board.city_largest")
        : needs.length ? t("indonesia.board.city_needs", { goods: needs.map(([g, n]) => t("indonesia.board.n_goods", { n, good: words.good(g) })).join(", ") })
          : t("indonesia.board.city_will_grow");
      cityCard.append(h("div", { "data-city-line": c.area }, t("indonesia.board.city_line", { area: words.area(c.area), size: c.size, state })));
    }
    return cityCard;
  }

  /** The goods' supply and prices, and the city stones left. */
  function supplyCard(v) {
    return h("div", { class: "ind-card", "data-testid": "ind-supply" }, [
      h("h3", null, t("indonesia.board.supply_title")),
      h("table", null, [
        h("tr", null, ["good", "price", "on_board", "left"].map((k) => h("th", null, t(`indonesia.board.supply.${k}`)))),
        ...data.goods.map((g) => h("tr", null, [h("td", null, words.good(g)), h("td", null, String(data.prices[g])), h("td", null, String(v.goods_on_board?.[g] ?? 0)), h("td", null, String(v.goods_supply?.[g] ?? "?"))])),
      ]),
      h("div", null, t("indonesia.board.stones_left", { one: v.stones?.["1"] ?? "?", two: v.stones?.["2"] ?? "?", three: v.stones?.["3"] ?? "?" })),
    ]);
  }

  /** The last sale: who sold how much, and the fees paid. */
  function saleCard(v) {
    const s = v.last_sale;
    const fees = Object.entries(s.fees || {}).map(([seat, f]) => t("indonesia.board.fee_to", { fee: f, player: name(Number(seat)) })).join(", ");
    return h("div", { class: "ind-card" }, [h("h3", null, t("indonesia.board.last_sale")),
      t("indonesia.board.last_sale_line", { company: s.company, owner: name(s.owner), sold: s.sold, goods: s.goods, good: words.good(s.type), income: s.income, fees: fees || t("indonesia.board.no_ship_fees") })]);
  }

  return drawSide;
}
