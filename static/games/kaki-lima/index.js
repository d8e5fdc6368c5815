// Kaki Lima board renderer (contract: docs/client.md; rulings: docs/rules/kaki-lima.md).
// Draws the 5x10 grid of city cards (colour, Lokasi name and action icons, cleared paths with
// their token, coordinates in the margins), the pedestrians, the piles in the grid gaps, every
// player's last walk and the walk in progress. The side panel holds the player's hand
// (boosters explained), every prompt and answer button, the Pi Mana? cards with checked tasks,
// the Jom! cards with tokens, the CA track and PA scores, hand sizes, tokens held, cards set
// aside and each player's reached and met lists. Selecting cards highlights the cards a walk
// can end on; then the player taps the path (model.js decides what each tap means). A tap on
// any other card, or a long press on a target or a hand card, opens its description.
// Every word is drawn through ctx.t at draw time (the shell redraws on a language switch);
// describe(ref) names the places log lines name, highlight(refs) marks them on the grid.

import { markPreview } from "../../preview.js";
import { makeBoard, turned } from "./board.js";
import { cellName, coordinate, IDLE, keepSelection, offered } from "./model.js";
import { makeSide } from "./panels.js";

export const stylesheet = new URL("./kaki-lima.css", import.meta.url).href;


/** The board's words for one page, over the current document (`getDoc()`). */
export function boardWords(ctx, getDoc) {
  const { t, data } = ctx;
  const view = () => getDoc()?.view;
  const who = (seat) => {
    if (seat === null || seat === undefined) return "";
    const name = ctx.playerName(seat);
    const pedestrian = view()?.pedestrians?.[seat];
    if (!pedestrian || String(name).trim().toLowerCase() === pedestrian.toLowerCase()) return String(name);
    return t("kaki-lima.board.who", { name, pedestrian });
  };
  const cell = (i) => cellName(view()?.cells, data.lokasi, i, data.cols);
  const cellAria = (i) => {
    const v = view();
    const card = v?.cells?.[i];
    const at = coordinate(i, data.cols);
    if (!card) return t("kaki-lima.board.cell.gap", { pile: t("kaki-lima.board.pile." + (data.gaps[String(i)] || "jom")), at });
    if (data.lokasi[card]) return t("kaki-lima.board.cell.lokasi", { name: card, at });
    if (card === "R") return v.cleared.includes(i) ? t("kaki-lima.board.cell.cleared", { at }) : t("kaki-lima.board.cell.red", { at });
    return t("kaki-lima.board.cell.green", { at });
  };
  const langkah = (card) => t("kaki-lima.board.langkah", { steps: card.steps, boosted: card.booster ? "yes" : "no",
    name: card.booster ? t("kaki-lima.board.booster." + card.booster) : "" });
  /** A card's full description: what it is, then what it does. */
  const details = (i) => {
    const v = view();
    const card = v?.cells?.[i];
    if (!card) return [t("kaki-lima.board.pile_tip." + (data.gaps[String(i)] || "jom"))];
    if (data.lokasi[card]) return data.lokasi[card].map((a) => `${t("kaki-lima.board.action." + a)}: ${t("kaki-lima.board.action_tip." + a)}`);
    if (card === "R") return [v.cleared.includes(i) ? t("kaki-lima.board.cleared_tip") : t("kaki-lima.board.red_tip")];
    return [t("kaki-lima.board.green_tip")];
  };
  const tip = (i) => [cellAria(i), ...details(i)].join(" — ");
  const describe = (ref) => {
    if (!ref || typeof ref !== "object") return null;
    if (typeof ref.cell === "number") return cell(ref.cell);
    if (typeof ref.langkah === "number") return langkah({ steps: ref.langkah, booster: ref.booster || null });
    if (typeof ref.lokasi === "string") return ref.lokasi;
    if (typeof ref.jom === "string") return ref.jom;
    return null;
  };
  return { who, cell, cellAria, langkah, details, tip, describe };
}

export function createRenderer(root, ctx) {
  const { h, t } = ctx;
  root.dataset.handlesAll = "1";
  const boardBox = h("div", { class: "kl-board" });
  const info = h("div", { class: "kl-info", role: "status", hidden: true });
  info.setAttribute("data-testid", "kl-info");
  const side = h("div", { class: "kl-side" });
  root.append(h("div", { class: "kl" }, [h("div", { class: "kl-boardwrap" }, [boardBox, info]), side]));

  let doc = null;
  let sel = IDLE; // {selected: card ids picked from the hand, moving: {card, source} | null}
  let busy = false;
  let highlighted = null;
  let lastTurned = null;

  const words = boardWords(ctx, () => doc);

  let refusal = null; // the last rule error {key, params} (worded at draw time), until the next move
  const send = (action) => {
    if (busy) return;
    busy = true;
    refusal = null;
    ctx.send(action).then(() => { sel = IDLE; })
      .catch((err) => { if (err?.key) refusal = { key: err.key, params: err.params || {} }; })
      .finally(() => { busy = false; if (doc) draw(); });
  };
  const act = (answer) => {
    if (answer.send) send(answer.send);
    else if (answer.select) {
      sel = answer.select;
      draw();
    }
  };

  /** The description card of a grid card (tap) or a hand card (long press); floats, so nothing moves. */
  const showInfo = (title, lines) => {
    info.replaceChildren(
      h("div", { class: "kl-info-head" }, [h("b", {}, title),
        h("button", { type: "button", class: "kl-info-close", "aria-label": t("kaki-lima.board.info_close"), onclick: () => { info.hidden = true; } }, "×")]),
      ...lines.map((line) => h("p", {}, line)));
    info.querySelector(".kl-info-close").setAttribute("data-testid", "kl-info-close");
    info.hidden = false;
  };
  const cellInfo = (i) => {
    if (!doc) return;
    const v = doc.view;
    const here = v.pos.map((p, s) => (p === i ? words.who(s) : null)).filter(Boolean);
    const lines = words.details(i);
    if (here.length) lines.push(t("kaki-lima.board.standing_here", { list: here.join(", ") }));
    showInfo(words.cellAria(i), lines);
  };
  const cardInfo = (card) => showInfo(words.langkah(card), [card.booster ? t("kaki-lima.board.booster_tip." + card.booster) : t("kaki-lima.board.plain_tip")]);

  const drawBoard = makeBoard(ctx, words, act, cellInfo);
  const drawSide = makeSide(ctx, { ...words, cardInfo }, act, send);

  const isTurned = () => turned(boardBox.clientWidth || root.clientWidth || globalThis.innerWidth || 0);

  function drawGrid(offer) {
    lastTurned = isTurned();
    boardBox.replaceChildren(drawBoard(doc.view, offer, sel, { turn: lastTurned, highlight: highlighted }));
  }

  function draw() {
    // Keyboard play: the element that had focus comes back after the redraw (or the first
    // target, when it is gone), so Tab/Enter play never falls back to the top of the page.
    const active = globalThis.document?.activeElement;
    const hadFocus = active && root.contains(active) ? active.getAttribute("data-testid") || "" : null;
    const offer = offered(doc.outcome ? [] : doc.legal);
    sel = keepSelection(sel, offer, doc.view.hand);
    drawGrid(offer);
    side.replaceChildren(...drawSide(doc, offer, sel));
    const status = side.querySelector(".kl-turnbox");
    if (refusal && status) {
      const line = h("p", { class: "kl-error", role: "alert" }, t(refusal.key, refusal.params));
      line.setAttribute("data-testid", "kl-error");
      status.append(line);
    }
    if (hadFocus !== null) {
      const again = hadFocus && root.querySelector(`[data-testid="${CSS.escape(hadFocus)}"]`);
      const next = again && !again.disabled ? again
        : root.querySelector(".kl-target, .kl-controls button:not([disabled]), .kl-hand button:not([disabled])");
      next?.focus();
    }
  }

  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    if (doc && isTurned() !== lastTurned) drawGrid(offered(doc.outcome ? [] : doc.legal));
  }) : null;
  resize?.observe(boardBox);

  return {
    update(next) {
      doc = next;
      draw();
    },
    /** The spot (walk end, placement, step) of a move waiting for Confirm. */
    preview(next, action) {
      doc = next;
      draw();
      const cell = action ? action.end ?? action.cell ?? action.target : undefined;
      if (cell !== undefined) markPreview(root, [`.kl-target[data-cell="${cell}"], .kl-pedestrian[data-cell="${cell}"]`]);
    },
    /** The board's word for a place a log line names ("Kopitiam", "C4", "a 3-step Diagonal card"). */
    describe(ref) {
      return doc ? words.describe(ref) : null;
    },
    /** Mark the cards a log line (or the "since your last turn" panel) names, until null. */
    highlight(refs) {
      highlighted = Array.isArray(refs) && refs.length ? refs : null;
      if (doc) drawGrid(offered(doc.outcome ? [] : doc.legal));
    },
    destroy() {
      resize?.disconnect();
      root.replaceChildren();
    },
  };
}

/** "How to play": a turn and the scoring in the game's own terms (the shell opens it). */
export function howToPlay(ctx) {
  const { h, t } = ctx;
  const list = (keys) => h("ol", {}, keys.map((k) => h("li", {}, t(k))));
  return h("div", { class: "kl-help" }, [
    h("p", {}, t("kaki-lima.help.goal")),
    h("h3", {}, t("kaki-lima.help.setup_title")),
    h("p", {}, t("kaki-lima.help.setup")),
    h("h3", {}, t("kaki-lima.help.turn_title")),
    list(["kaki-lima.help.turn_walk", "kaki-lima.help.turn_lokasi", "kaki-lima.help.turn_jom", "kaki-lima.help.turn_end"]),
    h("h3", {}, t("kaki-lima.help.anytime_title")),
    h("ul", {}, ["kaki-lima.help.anytime_clear", "kaki-lima.help.anytime_together", "kaki-lima.help.anytime_walk_together"].map((k) => h("li", {}, t(k)))),
    h("h3", {}, t("kaki-lima.help.lokasi_title")),
    h("ul", {}, ["gather", "trade", "draw", "maximize", "token", "another"].map((a) => h("li", {}, [h("b", {}, t("kaki-lima.board.action." + a)), ": ", t("kaki-lima.board.action_tip." + a)]))),
    h("h3", {}, t("kaki-lima.help.boosters_title")),
    h("ul", {}, (ctx.data?.boosters || []).map((b) => h("li", {}, [h("b", {}, t("kaki-lima.board.booster." + b)), ": ", t("kaki-lima.board.booster_tip." + b)]))),
    h("h3", {}, t("kaki-lima.help.end_title")),
    h("p", {}, t("kaki-lima.help.end")),
    h("h3", {}, t("kaki-lima.help.scoring_title")),
    list(["kaki-lima.help.score_gathering", "kaki-lima.help.score_tasks", "kaki-lima.help.score_jom", "kaki-lima.help.score_paths", "kaki-lima.help.score_bonus"]),
    h("p", {}, t("kaki-lima.help.ties")),
  ]);
}
