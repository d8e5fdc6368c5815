// Kaki Lima's side panel: what the game waits for and the prompt, the hand (boosters
// explained), the model's buttons (in a box that keeps its room, so nothing jumps when they
// appear), the CA track, every pedestrian's PA score, tasks and lists, the Jom! cards with
// their tokens, and the legend of the Lokasi icons. Every word goes through ctx.t.

import { memo } from "../../morph.js";
import { ICONS, longPress } from "./board.js";
import { comboFor, controls, promptText, proposal, statusText, toggleCard } from "./model.js";


/**
 * The side drawer for one page: words = {who, cell, langkah, cardInfo}; act(answer) runs a
 * model answer ({send} or {select}); send(action) sends one.
 */
export function makeSide(ctx, words, act, send) {
  const { h, data, t } = ctx;
  const { who, cell, langkah } = words;
  const say = { t, who, cell };
  const boosterName = (b) => t("kaki-lima.board.booster." + b);
  const cards = {}; // memo caches of the side's cards, by name

  function cardButton(card, sel, clickable) {
    const isSel = sel.selected.includes(card.id);
    const name = card.booster ? boosterName(card.booster) : t("kaki-lima.board.plain");
    const tip = card.booster ? t("kaki-lima.board.booster_tip." + card.booster) : t("kaki-lima.board.plain_tip");
    const el = h("button", { class: `kl-card${isSel ? " selected" : ""}`, type: "button", disabled: !clickable,
      title: `${langkah(card)}: ${tip}`, "aria-label": t("kaki-lima.board.card_label", { card: langkah(card), tip }),
      "aria-pressed": isSel ? "true" : "false" }, [
      h("span", { class: "kl-steps", "aria-hidden": "true" }, String(card.steps)),
      h("span", { class: "kl-boost", "aria-hidden": "true" }, card.booster ? `${name}` : name),
    ]);
    el.setAttribute("data-testid", `kl-card-${card.id}`);
    longPress(el, () => words.cardInfo(card), () => act({ select: toggleCard(sel, card.id) }));
    return el;
  }

  function drawControls(view, offer, sel) {
    const box = h("div", { class: "kl-controls" });
    box.setAttribute("data-testid", "kl-controls");
    for (const b of controls(view, offer, sel, say)) {
      const el = h("button", { class: b.primary ? "primary" : "", type: "button", onclick: () => act(b) }, b.label);
      el.setAttribute("data-testid", b.testid);
      if (b.disabled) el.disabled = true;
      box.append(el);
    }
    if (offer.propose.length) box.append(proposeForm(view, offer, sel));
    return box;
  }

  function proposeForm(view, offer, sel) {
    const options = offer.propose;
    const wrapEl = h("div", { class: "kl-row kl-propose" });
    wrapEl.setAttribute("data-testid", "kl-propose");
    const pick = h("select", { "aria-label": t("kaki-lima.board.propose.with") }, options.map((o, k) =>
      h("option", { value: String(k) }, t("kaki-lima.board.propose.option", { mine: o.cards === null ? "token" : "card", who: who(o.partner) }))));
    const target = h("select", { "aria-label": t("kaki-lima.board.propose.target") }, options[0].targets.map((c) => h("option", { value: String(c) }, cell(c))));
    const go = h("button", { class: "kl-btn", type: "button", onclick: () => {
      const action = proposal(options[Number(pick.value)], Number(target.value), sel);
      if (action === null) { go.textContent = t("kaki-lima.board.propose.select_first"); return; }
      send(action);
    } }, t("kaki-lima.board.propose.go"));
    go.setAttribute("data-testid", "kl-propose-go");
    wrapEl.append(pick, target, go);
    return wrapEl;
  }

  const list = (items, none) => (items.length ? items.join(", ") : t(none));

  function taskText(task) {
    if (task.kind === "clear") return t("kaki-lima.board.task.clear", { count: task.target });
    return t("kaki-lima.board.task." + (task.kind === "meet" ? "meet" : "visit"), { place: task.target });
  }

  function drawPlayers(view) {
    const box = h("div", { class: "kl-box" }, [h("h4", {}, t("kaki-lima.board.players_title"))]);
    for (let s = 0; s < view.players; s++) {
      const pa = view.pa[s];
      const tasks = view.tasks[s];
      const aside = view.aside[s];
      const letter = view.pedestrians[s][0];
      const el = h("div", { class: `kl-player${s === view.current ? " current" : ""}` }, [
        h("div", {}, [h("span", { class: "kl-swatch", style: { background: ctx.playerColor(s) }, "aria-hidden": "true" }, letter),
          h("span", { class: "kl-pname" }, who(s)), " — ", t("kaki-lima.board.pa_total", { total: pa.total })]),
        h("div", { class: "kl-muted" }, t("kaki-lima.board.pa_parts", { gathering: pa.gathering, tasks: pa.tasks, jom: pa.jom, paths: view.paths[s], pvp: pa.paths, bonus: pa.bonus })),
        h("div", { class: "kl-muted" }, t("kaki-lima.board.holdings", { hand: view.hand_sizes[s], held: view.held[s], free: view.jom_free[s] })),
        h("div", { class: "kl-muted", title: t("kaki-lima.board.pi_mana_tip") }, t("kaki-lima.board.task_card", { n: tasks.card })),
        h("ul", { class: "kl-tasks" }, tasks.items.map((task) => h("li", { class: task.done ? "done" : "" },
          `${task.done ? "✔ " : ""}${taskText(task)}`))),
        h("div", { class: "kl-muted" }, t("kaki-lima.board.reached", { list: list(view.reached[s], "kaki-lima.board.nothing_yet") })),
        h("div", { class: "kl-muted" }, t("kaki-lima.board.met", { list: list(view.met[s].map((o) => view.pedestrians[o]), "kaki-lima.board.nobody_yet") })),
        aside ? h("div", { class: "kl-muted" }, t("kaki-lima.board.waiting_at", { cell: cell(aside.cell), steps: aside.steps })) : null,
      ]);
      el.setAttribute("data-testid", `kl-player-${s}`);
      box.append(el);
    }
    return box;
  }

  function drawJom(view, offer) {
    const box = h("div", { class: "kl-box" }, [h("h4", { title: t("kaki-lima.board.jom_tip") }, t("kaki-lima.board.jom_title"))]);
    const listEl = h("div", { class: "kl-jom" });
    for (const j of view.jom) {
      const kawan = j.name === data.kawan;
      const needs = kawan ? t("kaki-lima.board.jom_needs_kawan", { count: j.need }) : j.needs.join(", ");
      const entryName = (e) => (kawan ? view.pedestrians[Number(e)] : e);
      const tokens = j.tokens.map((entries, s) => (entries.length ? `${view.pedestrians[s]}: ${entries.map(entryName).join(", ")}` : null)).filter(Boolean);
      const el = h("div", { class: `kl-jom-card${j.claimed !== null ? " claimed" : ""}`, title: t("kaki-lima.board.jom_card_tip", { name: j.name, vp: j.vp, needs }) }, [
        h("div", {}, [h("b", {}, j.name), " ", t("kaki-lima.board.jom_head", { vp: j.vp, needs })]),
        j.claimed !== null ? h("div", { class: "kl-muted" }, t("kaki-lima.board.claimed_by", { who: who(j.claimed) })) : null,
        tokens.length ? h("div", { class: "kl-muted" }, t("kaki-lima.board.jom_tokens", { list: tokens.join("; ") })) : null,
      ]);
      el.setAttribute("data-testid", `kl-jomcard-${j.name}`);
      const entries = offer.jom.get(j.name) || [];
      if (entries.length) {
        const row = h("div", { class: "kl-row" });
        for (const e of entries) {
          const b = h("button", { class: "kl-btn", type: "button", "aria-label": t("kaki-lima.board.jom_token_aria", { entry: entryName(e), name: j.name }),
            onclick: () => send({ type: "place_jom", card: j.name, entry: e }) }, t("kaki-lima.board.jom_token_btn", { entry: entryName(e) }));
          b.setAttribute("data-testid", `kl-jom-${j.name}-${e}`);
          row.append(b);
        }
        el.append(row);
      }
      listEl.append(el);
    }
    box.append(listEl);
    return box;
  }

  function drawCommunity(view) {
    const stars = h("div", { class: "kl-ca", role: "img", "aria-label": t("kaki-lima.board.ca_aria", { paths: view.ca.paths, track: data.ca_track }) });
    for (let k = 1; k <= data.ca_track; k++) stars.append(h("span", { class: k <= view.ca.paths ? "on" : "", "aria-hidden": "true" }, String(k)));
    const [a, b, c] = data.ca_stars.map(([paths]) => paths);
    const top = view.discard_top;
    return h("div", { class: "kl-box" }, [
      h("h4", { title: t("kaki-lima.board.ca_tip") }, t("kaki-lima.board.ca_title", { paths: view.ca.paths, stars: view.ca.stars })),
      stars, h("p", { class: "kl-muted" }, `${t("kaki-lima.board.ca_text." + view.ca.stars)} ${t("kaki-lima.board.ca_scale", { a, b, c })}`),
      h("p", { class: "kl-muted" }, t("kaki-lima.board.piles_line", { draw: view.draw_count, discard: view.discard_count, pool: view.pool,
        top: top ? langkah(top) : t("kaki-lima.board.pile.empty") })),
      view.trigger !== null && view.trigger !== undefined ? h("p", { class: "kl-prompt" },
        view.stalled ? t("kaki-lima.board.stalled") : t("kaki-lima.board.end_round", { who: who(view.trigger) })) : null,
    ]);
  }

  function drawLegend() {
    const items = Object.entries(ICONS).map(([code, icon]) => h("li", { title: t("kaki-lima.board.action_tip." + code) }, [
      h("span", { class: "kl-icon", "aria-hidden": "true" }, icon), " ", h("b", {}, t("kaki-lima.board.action." + code)), ": ", t("kaki-lima.board.action_tip." + code)]));
    const boosters = (data.boosters || []).map((code) => h("li", {}, [h("b", {}, boosterName(code)), ": ", t("kaki-lima.board.booster_tip." + code)]));
    return h("div", { class: "kl-box" }, [h("h4", {}, t("kaki-lima.board.legend_title")), h("ul", { class: "kl-legend" }, items),
      h("p", { class: "kl-muted" }, t("kaki-lima.board.legend_colours")),
      boosters.length ? h("details", {}, [h("summary", {}, t("kaki-lima.board.boosters_title")), h("ul", { class: "kl-legend" }, boosters)]) : null]);
  }

  /** The turn box and the hand first (both keep their room), then the panels. */
  function drawSide(doc, offer, sel) {
    const view = doc.view;
    const hasLegal = ctx.seat !== null && !!(doc.legal && doc.legal.length);
    const status = h("p", { class: "kl-status" }, statusText(view, say, ctx.seat));
    status.setAttribute("data-testid", "kl-status");
    const prompt = h("p", { class: "kl-prompt" }, promptText(offer, sel, hasLegal, t));
    prompt.setAttribute("data-testid", "kl-prompt");
    const turnBox = h("div", { class: "kl-box kl-turnbox" }, [status, prompt]);
    const a = view.answer;
    const info = [];
    if (a && a.cards && ctx.seat === a.to) info.push(t("kaki-lima.board.offered_you", { cards: a.cards.map(langkah).join(", ") }));
    if (a && a.card && ctx.seat === a.to) info.push(t("kaki-lima.board.receive_you", { card: langkah(a.card) }));
    if (view.turn.played.length) info.push(t("kaki-lima.board.played", { cards: view.turn.played.map(langkah).join(" + ") }));
    if (view.turn.walk) info.push(t("kaki-lima.board.walk_info", { steps: view.turn.walk.steps, cell: cell(view.turn.walk.end), left: view.turn.walk.left }));
    turnBox.append(h("div", { class: "kl-info-lines" }, info.map((text) => h("p", { class: "kl-muted" }, text))));
    const parts = [turnBox];
    if (view.hand) {
      const hand = h("div", { class: "kl-hand" }, view.hand.map((c) => cardButton(c, sel, hasLegal)));
      hand.setAttribute("data-testid", "kl-hand");
      const combo = comboFor(offer, sel);
      parts.push(h("div", { class: "kl-box kl-handbox" }, [h("h4", {}, t("kaki-lima.board.hand_title", { count: view.hand.length, limit: data.hand_limit })), hand,
        h("p", { class: "kl-muted kl-hand-note" }, sel.selected.length && offer.walks.length && !combo ? t("kaki-lima.board.cannot_together") : "")]));
    }
    // The buttons' box keeps its room between turns (no jump when they come); a spectator
    // never gets buttons, so it would be an empty box beside the board all game.
    if (ctx.seat !== null && ctx.seat !== undefined) parts.push(h("div", { class: "kl-box kl-controlbox" }, [drawControls(view, offer, sel)]));
    // The cards below change at a few moves only: each is drawn again when its slice of the
    // view (or the language, or a name) changed, else left as it is on the page (issue 42).
    const lang = ctx.lang ? ctx.lang() : "";
    const names = Array.from({ length: view.players }, (_, s) => who(s));
    const card = (name, slice, build) => memo((cards[name] ||= {}), `${lang}|${JSON.stringify(slice)}`, () => {
      const el = build();
      el.setAttribute("data-key", name);
      return el;
    }, { inPlace: true });
    parts.push(
      card("community", [view.ca, view.discard_top, view.draw_count, view.discard_count, view.pool, view.trigger, view.stalled, names],
        () => drawCommunity(view)),
      card("players", [names, view.players, view.pa, view.tasks, view.aside, view.pedestrians, view.current, view.paths, view.hand_sizes,
        view.held, view.jom_free, view.reached, view.met, view.aside.map((a) => (a ? cell(a.cell) : null))], () => drawPlayers(view)),
      card("jom", [names, view.jom, view.pedestrians, [...offer.jom]], () => drawJom(view, offer)),
      card("legend", [], drawLegend),
    );
    return parts;
  }

  return drawSide;
}
