// Indonesia's status bar: era, year and phase, what the game waits for, and the controls of
// the decision at hand (city cards, bids, mergers, deeds, research, the sale being chosen).
// Prices come from the engine's data; what a choice sends comes from the model.

import { ofType } from "../../templates.js";
import { alternatives, clampToRange, companiesOf, isMyTurn, pendingSale, saleAction, saleSummary } from "./model.js";

const PHASES = {
  new_era: "1 · New era", bid: "2 · Bid for turn order", merger: "3 · Mergers", acquire: "4 · Acquisitions",
  research: "5 · Research", operate: "6 · Operations", growth: "7 · City growth", over: "Game over",
};
/** Each research track's name and short name (the keys are the engine's tracks). */
export const TRACK_LABEL = {
  slots: ["Slots", "Slots"], mergers: ["Mergers", "Merge"], hull: ["Hull", "Hull"],
  expansion: ["Expansion", "Expand"], bid: ["Turn order bid", "Bid"],
};

/**
 * The status bar for one page: send(action) sends, select(next) sets the selection and
 * redraws, provinceOf(area) names an area. The answer draws (doc, sel) into status.
 */
export function makeStatus(ctx, status, send, select, provinceOf) {
  const { h, data } = ctx;
  const name = (seat) => ctx.playerName(seat);

  function drawStatus(doc, sel) {
    const v = doc.view;
    status.replaceChildren();
    status.append(h("h3", null, `Era ${String(v.era).toUpperCase()} · Year ${v.year} · ${PHASES[v.phase] || v.phase}`));
    const step = v.step || {};
    const prompt = h("div", { class: "ind-prompt", "data-testid": "ind-prompt" });
    const controls = h("div", { class: "ind-controls" });
    status.append(prompt, controls);
    if (doc.outcome || v.phase === "over") {
      prompt.textContent = "The game is over. Final scores are below.";
      return;
    }
    if (step.kind === "auction") {
      const cos = companiesOf(v);
      status.insertBefore(h("div", null, [
        `Merger auction: ${step.a} + ${step.b}${step.siap_faji ? " (becomes siap faji)" : ""}, ${step.units} units. `,
        `Highest bid ${step.high} by ${name(step.leader)}. Still bidding: ${(step.bidders || []).map(name).join(", ")}.`,
        cos[step.a] && cos[step.b] ? ` Owners: ${name(cos[step.a].owner)} and ${name(cos[step.b].owner)}.` : "",
      ]), prompt);
    }
    if (!isMyTurn(doc, ctx.seat)) {
      const who = (doc.to_act || []).map(name).join(", ");
      prompt.textContent = ctx.seat === null
        ? `Watching. ${who ? `Waiting for ${who}.` : ""}`
        : (who ? `Waiting for ${who}.` : "Waiting.");
      return;
    }
    const legal = doc.legal;
    const passT = legal.find((t) => t.type === "pass");
    const passBtn = (label) => passT && h("button", { type: "button", "data-testid": "ind-pass", onclick: () => send({ type: "pass" }) }, label || "Pass");
    const kind = step.kind;
    if (kind === "cities") {
      const ts = ofType(legal, "place_city");
      const card = sel.card || ts[0]?.card;
      prompt.textContent = `Place a city from card ${card} (${(data.city_cards[card] || []).join(", ")}): click a highlighted coastal area.`;
      if (ts.length > 1) {
        for (const t of ts) controls.append(h("button", { type: "button", class: t.card === card ? "on" : "", onclick: () => { select({ kind, card: t.card }); } }, `Card ${t.card}`));
      }
    } else if (kind === "bid") {
      const t = legal.find((x) => x.type === "bid");
      const [lo, hi] = t.amount.$range;
      const mult = v.players[ctx.seat]?.multiplier || 1;
      prompt.textContent = `Bid for turn order (0 to ${hi}); your bid counts ×${mult}. The money goes to your bank.`;
      controls.append(...numberControl("bid", lo, hi, 1, (n) => `counts as ${n * mult}`, (n) => send({ type: "bid", amount: n }), "Bid"));
    } else if (kind === "announce") {
      const ts = ofType(legal, "announce");
      prompt.textContent = ts.length ? "Announce a merger (choose a pair and your opening bid) or pass." : "You may not announce a merger now.";
      const cos = companiesOf(v);
      const pick = ts.find((t) => `${t.a}+${t.b}` === sel.pair);
      for (const t of ts) {
        const [min] = t.bid.$range;
        controls.append(h("button", { type: "button", "data-testid": `ind-pair-${t.a}-${t.b}`, class: pick === t ? "on" : "", onclick: () => { select({ kind, pair: `${t.a}+${t.b}` }); } },
          `${t.a} (${cos[t.a]?.type}, ${name(cos[t.a]?.owner)}) + ${t.b} (${cos[t.b]?.type}, ${name(cos[t.b]?.owner)}) · min ${min}`));
      }
      if (pick) {
        const [lo, hi, stepN] = pick.bid.$range;
        controls.append(...numberControl("announce", lo, hi, stepN || 1, (n) => `minimum ${lo}, steps of ${stepN || 1}`, (n) => send({ type: "announce", a: pick.a, b: pick.b, bid: n }), "Announce"));
      }
      if (passT) controls.append(passBtn("Pass (no merger this round)"));
    } else if (kind === "auction") {
      const t = legal.find((x) => x.type === "raise");
      if (t) {
        const [lo, hi, stepN] = t.amount.$range;
        prompt.textContent = `Raise to at least ${lo} (steps of ${stepN || 1}, at most ${hi}), or pass for good.`;
        controls.append(...numberControl("raise", lo, hi, stepN || 1, () => `minimum ${lo}`, (n) => send({ type: "raise", amount: n }), "Raise"));
      } else {
        prompt.textContent = "You cannot raise this auction; pass.";
      }
      if (passT) controls.append(passBtn("Pass for good"));
    } else if (kind === "remove") {
      prompt.textContent = `Siap faji merger: remove ${step.left} more good${step.left > 1 ? "s" : ""} of ${step.company}: click a highlighted area.`;
    } else if (kind === "acquire") {
      const ts = ofType(legal, "acquire");
      prompt.textContent = sel.deed
        ? `Deed ${sel.deed}: click a highlighted ${data.deeds[sel.deed]?.type === data.shipping ? "sea" : "area"} for its first ${data.deeds[sel.deed]?.type === data.shipping ? "ship" : "good"}.`
        : (ts.length ? "Acquire a company: choose a deed (on the map or below), then where it starts. Passing ends your acquisitions this phase." : "No deed you can take: pass.");
      for (const t of ts) {
        const d = data.deeds[t.deed] || {};
        controls.append(h("button", { type: "button", "data-testid": `ind-deed-${t.deed}`, class: sel.deed === t.deed ? "on" : "", onclick: () => { select({ kind, deed: t.deed }); } },
          `${t.deed}: ${d.type} · ${d.province}`));
      }
      if (passT) controls.append(passBtn("Pass (no more acquisitions)"));
    } else if (kind === "research") {
      prompt.textContent = "Research: advance one track one step (Hull may be advanced for another player), or pass.";
      for (const t of ofType(legal, "research")) {
        if (t.player === ctx.seat && t.track?.$choice) {
          for (const track of t.track.$choice) {
            const lvl = v.players[ctx.seat].research[track];
            controls.append(h("button", { type: "button", "data-testid": `ind-research-${track}`, onclick: () => send({ type: "research", track, player: ctx.seat }) },
              `${TRACK_LABEL[track]?.[0] || track} ${lvl}→${lvl + 1}`));
          }
        } else if (t.track === "hull" && t.player?.$choice) {
          for (const p of t.player.$choice) {
            controls.append(h("button", { type: "button", "data-testid": `ind-hull-${p}`, onclick: () => send({ type: "research", track: "hull", player: p }) },
              `Hull for ${name(p)} ${v.players[p].research.hull}→${v.players[p].research.hull + 1}`));
          }
        } else if (t.player !== undefined && typeof t.track === "string") {
          controls.append(h("button", { type: "button", onclick: () => send({ type: "research", track: t.track, player: t.player }) }, `${t.track} for ${name(t.player)}`));
        }
      }
      if (passT) controls.append(passBtn());
    } else if (kind === "operate") {
      drawOperate(doc, sel, prompt, controls);
    } else if (kind === "expand") {
      const co = companiesOf(v)[step.company];
      prompt.textContent = step.paid
        ? `${step.company} may expand (${data.prices[co?.type] || "?"} Rp per area, ${step.left} left): click a highlighted area, or stop.`
        : `${step.company} sold everything and expands for free: click a highlighted area (${step.left} left).`;
      if (passT) controls.append(passBtn("Stop expanding"));
    } else if (kind === "ships") {
      prompt.textContent = `${step.company}: place up to ${step.left} more ship${step.left > 1 ? "s" : ""}: click a highlighted sea, or stop.`;
      if (passT) controls.append(passBtn("Stop placing ships"));
    } else if (kind === "grow") {
      prompt.textContent = `City stones run short: choose ${step.left} cit${step.left > 1 ? "ies" : "y"} to grow to size ${step.size} (highlighted).`;
    } else {
      prompt.textContent = "Your turn.";
      for (const t of legal) controls.append(h("button", { type: "button", onclick: () => send(t) }, t.type));
    }
  }

  function drawOperate(doc, sel, prompt, controls) {
    const v = doc.view;
    const legal = doc.legal;
    const sells = ofType(legal, "sell");
    const sails = ofType(legal, "sail");
    const sale = pendingSale(doc, sel, isMyTurn(doc, ctx.seat));
    const cos = companiesOf(v);
    if (!sale) {
      prompt.textContent = "Operations: choose which of your companies operates next.";
      for (const t of sells) {
        const co = cos[t.company];
        controls.append(h("button", { type: "button", "data-testid": `ind-operate-${t.company}`, onclick: () => { select({ kind: "operate", company: t.company }); } },
          `Operate ${t.company} (${co?.type}, ${co?.areas?.length || 0} goods)`));
      }
      for (const t of sails) {
        const co = cos[t.company];
        controls.append(h("button", { type: "button", "data-testid": `ind-operate-${t.company}`, onclick: () => send(t) },
          `Operate ${t.company} (shipping, ${co?.ship_count}/${co?.ship_limit ?? "?"} ships)`));
      }
      return;
    }
    const { sold, income, fees, goods } = saleSummary(data, cos, sale.template.company, sale.routes);
    const feeText = Object.entries(fees).map(([s, f]) => `${f} to ${name(Number(s))}`).join(", ") || "no ship fees";
    prompt.textContent = `${sale.template.company} sells ${sold} of ${goods} goods: income ${income} Rp, ship fees ${feeText}. The routing is drawn on the map.`;
    const list = h("ol", { class: "ind-routes ind-sale-routes" });
    for (const r of sale.routes) {
      list.append(h("li", null, `${r.count} from ${provinceOf(r.from)} by ${r.ship} through ${r.seas.length} sea${r.seas.length > 1 ? "s" : ""} to the city in ${provinceOf(r.city)}`));
    }
    controls.append(list);
    controls.append(h("button", { type: "button", class: "primary", "data-testid": "ind-confirm-sale", onclick: () => send(saleAction(sale)) }, "Confirm sale"));
    const alts = alternatives(data, v, sale.template.company, sale.routes, provinceOf);
    if (alts.length) {
      const picker = h("select", { "aria-label": "Another maximal routing", class: "ind-alts" }, [
        h("option", { value: "" }, "Choose another maximal routing…"),
        ...alts.map((a, i) => h("option", { value: String(i) }, a.label)),
      ]);
      picker.addEventListener("change", () => {
        if (picker.value === "") return;
        select({ ...sel, routes: alts[Number(picker.value)].routes });
      });
      controls.append(picker);
    }
    if (sel.routes) controls.append(h("button", { type: "button", onclick: () => { select({ kind: "operate", company: sel.company }); } }, "Back to the proposal"));
    controls.append(h("button", { type: "button", onclick: () => { select({}); } }, "Choose another company"));
  }

  /** A number input and slider bound to [lo, hi] in steps, with a live note and a send button. */
  function numberControl(id, lo, hi, stepN, note, onSend, label) {
    const input = h("input", { type: "number", min: lo, max: hi, step: stepN, value: lo, "data-testid": `ind-${id}-input`, "aria-label": label });
    const slider = h("input", { type: "range", min: lo, max: hi, step: stepN, value: lo, "aria-label": `${label} slider` });
    const info = h("span", { class: "ind-muted", "data-testid": `ind-${id}-note` }, note(lo));
    const clampN = (n) => clampToRange(n, lo, hi, stepN);
    const sync = (src) => {
      const n = clampN(Number(src.value));
      if (src !== input) input.value = n;
      if (src !== slider) slider.value = n;
      info.textContent = note(n);
    };
    input.addEventListener("input", () => sync(input));
    input.addEventListener("change", () => { input.value = clampN(Number(input.value)); sync(input); });
    slider.addEventListener("input", () => sync(slider));
    const btn = h("button", { type: "button", class: "primary", "data-testid": `ind-${id}-send`, onclick: () => onSend(clampN(Number(input.value))) }, label);
    return hi > lo ? [input, slider, info, btn] : [input, info, btn];
  }

  return drawStatus;
}
