// Kaki Lima's side panel: what the game waits for and the prompt, the model's buttons, the
// hand (boosters explained), the CA track, every pedestrian's PA score, tasks and lists, the
// Jom! cards with their tokens, and the Lokasi icons.

import { icons } from "./board.js";
import { comboFor, controls, promptText, proposal, statusText, toggleCard } from "./model.js";

/**
 * The side drawer for one page: who(seat) and cellLabel(cell) name things; act(answer) runs
 * a model answer ({send} or {select}); send(action) sends one.
 */
export function makeSide(ctx, who, cellLabel, act, send) {
  const { h, data } = ctx;
  // "1 star from 4 paths, 2 from 7, 3 from 10", from the engine's CA table.
  const caSteps = () => data.ca_stars.map(([paths, n], k) => (k ? `${n} from ${paths}` : `${n} star from ${paths} paths`)).join(", ");

  const button = (label, action, opts = {}) => h("button", { class: opts.primary ? "primary" : "", type: "button",
    dataset: { testid: opts.testid || "" }, onclick: action }, label);

  function cardButton(card, sel, clickable) {
    const isSel = sel.selected.includes(card.id);
    const name = card.booster ? data.booster_names[card.booster] : "plain";
    const el = h("button", { class: `kl-card${isSel ? " selected" : ""}`, type: "button", disabled: !clickable,
      title: card.booster ? data.booster_texts[card.booster] : "No booster", "aria-pressed": isSel ? "true" : "false",
      onclick: () => act({ select: toggleCard(sel, card.id) }) }, [
      h("span", { class: "kl-steps" }, String(card.steps)),
      h("span", { class: "kl-boost" }, name),
    ]);
    el.setAttribute("data-testid", `kl-card-${card.id}`);
    return el;
  }

  function drawControls(view, offer, sel) {
    const box = h("div", { class: "kl-controls" });
    box.setAttribute("data-testid", "kl-controls");
    for (const b of controls(view, offer, sel, who, cellLabel)) {
      const el = button(b.label, () => act(b), { primary: b.primary });
      el.setAttribute("data-testid", b.testid);
      if (b.disabled) el.disabled = true;
      box.append(el);
    }
    if (offer.propose.length) box.append(proposeForm(view, offer, sel));
    return box;
  }

  function proposeForm(view, offer, sel) {
    const options = offer.propose;
    const wrapEl = h("div", { class: "kl-row" });
    wrapEl.setAttribute("data-testid", "kl-propose");
    const pick = h("select", { "aria-label": "Clear together with" }, options.map((o, k) =>
      h("option", { value: String(k) }, `${o.cards === null ? "My token" : "My card"} + ${who(o.partner)}`)));
    const target = h("select", { "aria-label": "Red card to clear" }, options[0].targets.map((c) => h("option", { value: String(c) }, cellLabel(c))));
    const go = h("button", { class: "kl-btn", type: "button", onclick: () => {
      const action = proposal(options[Number(pick.value)], Number(target.value), sel);
      if (action === null) { go.textContent = "Select the card to give first"; return; }
      send(action);
    } }, "Propose clearing together");
    wrapEl.append(pick, target, go);
    return wrapEl;
  }

  function drawPlayers(view) {
    const box = h("div", { class: "kl-box" }, [h("h4", {}, "Pedestrians (PA track)")]);
    for (let s = 0; s < view.players; s++) {
      const pa = view.pa[s];
      const tasks = view.tasks[s];
      const met = view.met[s].map((o) => view.pedestrians[o]).join(", ") || "nobody yet";
      const aside = view.aside[s];
      const el = h("div", { class: `kl-player${s === view.current ? " current" : ""}` }, [
        h("div", {}, [h("span", { class: "kl-swatch", style: { background: ctx.playerColor(s) } }),
          h("span", { class: "kl-pname" }, who(s)), ` — ${pa.total} VP`]),
        h("div", { class: "kl-muted" }, `gathering ${pa.gathering}, tasks ${pa.tasks}, Jom! ${pa.jom}, paths ${view.paths[s]} (${pa.paths}+${pa.bonus})`),
        h("div", { class: "kl-muted" }, `hand ${view.hand_sizes[s]} cards · clearing tokens ${view.held[s]} · Jom! tokens free ${view.jom_free[s]}`),
        h("div", { class: "kl-muted" }, `Pi Mana? card ${tasks.card}:`),
        h("ul", { class: "kl-tasks" }, tasks.items.map((t) => h("li", { class: t.done ? "done" : "" },
          `${t.done ? "✔ " : ""}${t.kind === "clear" ? `clear ${t.target} Blocked Paths` : `${t.kind} ${t.target}`}`))),
        h("div", { class: "kl-muted" }, `reached: ${view.reached[s].join(", ") || "nothing yet"}`),
        h("div", { class: "kl-muted" }, `met: ${met}`),
        aside ? h("div", { class: "kl-muted" }, `waiting at ${cellLabel(aside.cell)} with ${aside.steps} steps set aside`) : null,
      ]);
      el.setAttribute("data-testid", `kl-player-${s}`);
      box.append(el);
    }
    return box;
  }

  function drawJom(view, offer) {
    const box = h("div", { class: "kl-box" }, [h("h4", {}, "Jom! cards")]);
    const list = h("div", { class: "kl-jom" });
    for (const j of view.jom) {
      const needs = j.name === data.kawan ? `meet ${j.need} other pedestrian${j.need > 1 ? "s" : ""}` : j.needs.join(", ");
      const tokens = j.tokens.map((entries, s) => (entries.length ? `${view.pedestrians[s]}: ${entries.map((e) => (j.name === data.kawan ? view.pedestrians[Number(e)] : e)).join(", ")}` : null)).filter(Boolean);
      const el = h("div", { class: `kl-jom-card${j.claimed !== null ? " claimed" : ""}` }, [
        h("div", {}, [h("b", {}, j.name), ` (${j.vp} VP) — ${needs}`]),
        j.claimed !== null ? h("div", { class: "kl-muted" }, `claimed by ${who(j.claimed)}`) : null,
        tokens.length ? h("div", { class: "kl-muted" }, `tokens: ${tokens.join("; ")}`) : null,
      ]);
      const entries = offer.jom.get(j.name) || [];
      if (entries.length) {
        const row = h("div", { class: "kl-row" });
        for (const e of entries) {
          const label = j.name === data.kawan ? view.pedestrians[Number(e)] : e;
          const b = h("button", { class: "kl-btn", type: "button", onclick: () => send({ type: "place_jom", card: j.name, entry: e }) }, `Token: ${label}`);
          b.setAttribute("data-testid", `kl-jom-${j.name}-${e}`);
          row.append(b);
        }
        el.append(row);
      }
      list.append(el);
    }
    box.append(list);
    return box;
  }

  function drawCommunity(view) {
    const stars = h("div", { class: "kl-ca" });
    for (let k = 1; k <= data.ca_track; k++) stars.append(h("span", { class: k <= view.ca.paths ? "on" : "" }, String(k)));
    return h("div", { class: "kl-box" }, [
      h("h4", {}, `Community (CA) track: ${view.ca.paths} paths cleared, ${view.ca.stars} CA star${view.ca.stars === 1 ? "" : "s"}`),
      stars, h("p", { class: "kl-muted" }, `${view.ca.text} (${caSteps()})`),
      h("p", { class: "kl-muted" }, `Draw pile ${view.draw_count} · discard ${view.discard_count}` +
        (view.discard_top ? ` (top: ${view.discard_top.steps} step${view.discard_top.booster ? ", " + data.booster_names[view.discard_top.booster] : ""})` : "") +
        ` · clearing tokens in the pool ${view.pool}`),
      view.trigger !== null && view.trigger !== undefined ? h("p", { class: "kl-prompt" },
        view.stalled ? "The game stalled: this is the end round." : `End round: ${who(view.trigger)} completed all tasks and takes the last turn.`) : null,
    ]);
  }

  function drawSide(doc, offer, sel) {
    const view = doc.view;
    const parts = [];
    const status = h("p", { class: "kl-status" }, statusText(view, who, cellLabel));
    status.setAttribute("data-testid", "kl-status");
    const prompt = h("p", { class: "kl-prompt" }, promptText(offer, sel, ctx.seat !== null && !!(doc.legal && doc.legal.length)));
    prompt.setAttribute("data-testid", "kl-prompt");
    const turnBox = h("div", { class: "kl-box" }, [status, prompt]);
    const a = view.answer;
    if (a && a.cards && ctx.seat === a.to) {
      turnBox.append(h("p", {}, `Offered to you: ${a.cards.map((c) => `${c.steps}${c.booster ? " " + data.booster_names[c.booster] : ""}`).join(", ")}`));
    }
    if (a && a.card && ctx.seat === a.to) turnBox.append(h("p", {}, `You would receive: ${a.card.steps}${a.card.booster ? " " + data.booster_names[a.card.booster] : ""}`));
    if (view.turn.played.length) turnBox.append(h("p", { class: "kl-muted" }, `Played: ${view.turn.played.map((c) => `${c.steps}${c.booster ? " " + data.booster_names[c.booster] : ""}`).join(" + ")}`));
    if (view.turn.walk) turnBox.append(h("p", { class: "kl-muted" }, `Walk of ${view.turn.walk.steps} steps to ${cellLabel(view.turn.walk.end)}, ${view.turn.walk.left} left to give.`));
    turnBox.append(drawControls(view, offer, sel));
    parts.push(turnBox);
    if (view.hand) {
      const clickable = !!(doc.legal && doc.legal.length);
      const hand = h("div", { class: "kl-hand" }, view.hand.map((c) => cardButton(c, sel, clickable)));
      hand.setAttribute("data-testid", "kl-hand");
      const combo = comboFor(offer, sel);
      const help = [...new Set(view.hand.filter((c) => c.booster).map((c) => c.booster))]
        .map((b) => `${data.booster_names[b]}: ${data.booster_texts[b]}`);
      parts.push(h("div", { class: "kl-box" }, [h("h4", {}, `Your hand (${view.hand.length}/${data.hand_limit})`), hand,
        ...help.map((t) => h("p", { class: "kl-muted" }, t)),
        sel.selected.length && offer.walks.length && !combo ? h("p", { class: "kl-muted" }, "These cards cannot walk together.") : null]));
    }
    const legend = h("div", { class: "kl-box" }, [h("h4", {}, "Lokasi icons"),
      h("p", { class: "kl-muted" }, Object.entries(icons(data)).map(([name, icon]) => `${icon} ${name}`).join(" · ")),
      h("p", { class: "kl-muted" }, "Green: clear path · Red ✕: Blocked Path · pale with a gold token: cleared path")]);
    parts.push(drawCommunity(view), drawPlayers(view), drawJom(view, offer), legend);
    return parts;
  }

  return drawSide;
}
