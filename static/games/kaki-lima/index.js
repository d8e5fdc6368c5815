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

import { drawAll, drawInto } from "../../morph.js";
import { clearPreview, markPreview } from "../../preview.js";
import { Roving } from "../../roving.js";
import { makeBoard, turned } from "./board.js";
import { IDLE, keepSelection, offered } from "./model.js";
import { makeSide } from "./panels.js";
import { makeWords } from "./words.js";

// Its words' module is fetched when How to play first opens (static/howto.js awaits it):
// one request fewer before the board (issue 42).
export const howToPlay = async (ctx) => (await import("./help.js")).howToPlay(ctx);

// Through the shell's import map: the stylesheet's hashed, immutable URL.
export const stylesheet = import.meta.resolve?.("./kaki-lima.css") ?? new URL("./kaki-lima.css", import.meta.url).href;

export function createRenderer(root, ctx) {
  const { h, t } = ctx;
  root.dataset.handlesAll = "1";
  const boardBox = h("div", { class: "kl-board" });
  const info = h("div", { class: "kl-info", role: "status", hidden: true });
  info.setAttribute("data-testid", "kl-info");
  const side = h("div", { class: "kl-side" });
  root.append(h("div", { class: "kl" }, [h("div", { class: "kl-boardwrap" }, [boardBox, info]), side]));
  // The grid is one Tab stop with arrow keys; the focus stays on the board between moves.
  const rove = new Roving(boardBox, root);

  let doc = null;
  let sel = IDLE; // {selected: card ids picked from the hand, moving: {card, source} | null}
  let highlighted = null;
  let lastTurned = null;

  const words = makeWords(ctx, () => doc);

  let refusal = null; // the last rule error {key, params} (worded at draw time), until the next move
  // The shell guards the wire (no second send until the server answers) and the confirm
  // bar; a move "replaced" by a newer choice leaves the board to that one.
  const send = (action) => {
    refusal = null;
    ctx.send(action).then(() => { sel = IDLE; if (doc) draw(); }, (err) => {
      if (err?.code === "replaced") return;
      if (err?.key) refusal = { key: err.key, params: err.params || {} };
      if (doc) draw();
    });
  };
  const act = (answer) => {
    if (answer.send) send(answer.send);
    else if (answer.select) {
      sel = answer.select;
      ctx.choosing?.(); // a new choice: a move waiting for Confirm is withdrawn
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

  // The board's width as its ResizeObserver last saw it (after a layout, so reading it there
  // costs nothing); measured directly only before the first report. Reading it at every move
  // would lay the page out an extra time in the middle of drawing the move (issue 42).
  let width = 0;
  const isTurned = () => turned(width || boardBox.clientWidth || root.clientWidth || globalThis.innerWidth || 0);

  function drawGrid(offer) {
    lastTurned = isTurned();
    // Only what the move changed is written to the page (static/morph.js, issue 42).
    drawInto(boardBox, drawBoard(doc.view, offer, sel, { turn: lastTurned, highlight: highlighted }));
  }

  /**
   * The grid's Tab stop, and a keyboard player's focus back on it; with no target on the grid,
   * on a card in hand that can walk (alone first), else the decision's button, else the hand.
   */
  function settleFocus(offer) {
    const walks = offer ? offer.walks.filter((w) => w.ends.length) : [];
    const card = (ids) => ids.map((id) => side.querySelector(`[data-testid="kl-card-${CSS.escape(String(id))}"]:not([disabled])`)).find(Boolean);
    const buttons = ".kl-controls button:not([disabled])";
    const fallback = card(walks.filter((w) => w.cards.length === 1).map((w) => w.cards[0])) || card(walks.flatMap((w) => w.cards))
      || side.querySelector(`${buttons}.primary`) || side.querySelector(buttons) || side.querySelector(".kl-hand button:not([disabled])");
    rove.refresh({ fallback });
  }

  /** The turn's box, the hand and each player's card; a refused move's words in the box. */
  function drawSideCards(offer) {
    drawAll(side, drawSide(doc, offer, sel));
    const status = side.querySelector(".kl-turnbox");
    if (refusal && status) {
      const line = h("p", { class: "kl-error", role: "alert" }, t(refusal.key, refusal.params));
      line.setAttribute("data-testid", "kl-error");
      status.append(line);
    }
  }

  function draw() {
    clearPreview(root); // a card that did not change stays on the page, a preview's mark with it
    // Keyboard play: a button of the side panel that had focus comes back after the redraw;
    // the grid's targets (and a focus that fell off them) are static/roving.js's.
    const active = globalThis.document?.activeElement;
    const hadFocus = active && side.contains(active) ? active.getAttribute("data-testid") || "" : null;
    const hadTargets = Boolean(boardBox.querySelector("[data-rove]"));
    const offer = offered(doc.outcome ? [] : doc.legal);
    sel = keepSelection(sel, offer, doc.view.hand);
    drawGrid(offer);
    // With nothing to choose and no focus on it, the side (below the grid on a phone) follows
    // the grid's frame in a task of its own (issue 42); a decision's hand comes with its grid.
    const waiting = !hadFocus && !refusal && ctx.besideBoard && !(doc.to_act || []).includes(ctx.seat);
    if (!waiting) drawSideCards(offer);
    else ctx.besideBoard(() => { if (doc?.view) drawSideCards(offered(doc.outcome ? [] : doc.legal)); }, "side");
    if (hadFocus) {
      const again = root.querySelector(`[data-testid="${CSS.escape(hadFocus)}"]`);
      if (again && !again.disabled) again.focus();
    }
    settleFocus(offer);
    // A card chosen from the hand by keyboard that opens targets on the grid: on to the grid.
    if (hadFocus && hadFocus.startsWith("kl-card-") && !hadTargets) rove.focus();
  }

  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    width = boardBox.clientWidth;
    if (doc && isTurned() !== lastTurned) {
      const offer = offered(doc.outcome ? [] : doc.legal);
      drawGrid(offer);
      settleFocus(offer);
    }
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
      if (doc) {
        const offer = offered(doc.outcome ? [] : doc.legal);
        drawGrid(offer);
        settleFocus(offer);
      }
    },
    destroy() {
      rove.destroy();
      resize?.disconnect();
      root.replaceChildren();
    },
  };
}
