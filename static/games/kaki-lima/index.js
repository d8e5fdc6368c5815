// Kaki Lima board renderer (contract: docs/client.md; rulings: docs/rules/kaki-lima.md).
// Draws the 5x10 grid of city cards (colour, Lokasi name and action icons, cleared paths with
// their token), the pedestrians, the piles in the grid gaps and the walk in progress. The side
// panel holds the player's hand (boosters explained), every prompt and answer button, the
// Pi Mana? cards with checked tasks, the Jom! cards with tokens, the CA track and PA scores,
// hand sizes, tokens held, cards set aside and each player's reached and met lists.
// Selecting cards highlights the cards a walk can end on; then the player clicks the path
// (model.js decides what each click means).

import { markPreview } from "../../preview.js";
import { makeBoard } from "./board.js";
import { IDLE, keepSelection, offered } from "./model.js";
import { makeSide } from "./panels.js";

export const stylesheet = new URL("./kaki-lima.css", import.meta.url).href;

export function createRenderer(root, ctx) {
  const { h, data } = ctx;
  root.dataset.handlesAll = "1";
  const boardBox = h("div", { class: "kl-board" });
  const side = h("div", { class: "kl-side" });
  root.append(h("div", { class: "kl" }, [boardBox, side]));

  let doc = null;
  let sel = IDLE; // {selected: card ids picked from the hand, moving: {card, source} | null}
  let busy = false;

  const who = (seat) => (seat === null || seat === undefined ? "" : `${ctx.playerName(seat)} (${doc.view.pedestrians[seat]})`);
  const cellLabel = (i) => {
    const card = doc.view.cells[i];
    if (data.lokasi[card]) return card;
    return `row ${Math.floor(i / data.cols) + 1}, column ${(i % data.cols) + 1}`;
  };

  const send = (action) => {
    if (busy) return;
    busy = true;
    ctx.send(action).then(() => { sel = IDLE; })
      .catch(() => {}).finally(() => { busy = false; if (doc) draw(); });
  };
  const act = (answer) => {
    if (answer.send) send(answer.send);
    else if (answer.select) {
      sel = answer.select;
      draw();
    }
  };
  const drawBoard = makeBoard(ctx, who, cellLabel);
  const drawSide = makeSide(ctx, who, cellLabel, act, send);

  function draw() {
    const offer = offered(doc.outcome ? [] : doc.legal);
    sel = keepSelection(sel, offer, doc.view.hand);
    boardBox.replaceChildren(drawBoard(doc.view, offer, sel, act));
    side.replaceChildren(...drawSide(doc, offer, sel));
  }

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
      if (cell !== undefined) markPreview(root, [`[data-cell="${cell}"]`]);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
