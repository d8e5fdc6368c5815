// Indonesia's status bar: era, year and phase, what the game waits for, and the controls of
// the decision at hand (city cards, bids, mergers, deeds, research, the sale being chosen).
// Prices come from the engine's data; what a choice sends comes from the model. Its height is
// reserved (indonesia.css), so controls that come and go do not move what lies below.

import { ofType } from "../../templates.js";
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

  function drawStatus(doc, sel) {
    const v = doc.view;
    status.replaceChildren();
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
