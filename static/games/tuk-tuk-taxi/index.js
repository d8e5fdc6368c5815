// Tuk-Tuk Taxi board renderer (contract: docs/client.md; rulings: docs/rules/tuk-tuk-taxi.md).
// Draws the 13x13 street grid from the engine's layout: streets, traffic lights, the taxi
// stops in seat colours, passengers, gas stations, mechanics, every sign with its direction,
// and the taxis (a head on the roof when carrying). The side panel shows the drawn sign, the
// die (its colour in words), the stack's count and the buttons. Every action is a click on
// what the legal-action templates allow (model.js); hovering an end cell draws the route.

import { markPreview } from "../../preview.js";
import { drawBoard } from "./board.js";
import { makeGlyphs } from "./glyphs.js";
import { chooseDirection, clickTarget, keepPending, offered, syncKey } from "./model.js";
import { drawSide } from "./side.js";

export const stylesheet = new URL("./tuk-tuk-taxi.css", import.meta.url).href;

export function createRenderer(root, ctx) {
  const { h } = ctx;
  root.dataset.handlesAll = "1";
  const glyphs = makeGlyphs(ctx.svg, ctx.data);
  const boardBox = h("div", { class: "tt-board" });
  const side = h("div", { class: "tt-side" });
  const shell = h("div", { class: "tt" }, [boardBox, side]);
  root.append(shell);

  let doc = null;
  let pending = null; // {kind: "dir", cell, dirs} | {kind: "route", cell, routes}
  let busy = false;
  let shown = null; // the move waiting for Confirm (the shell's preview hook)

  const send = (action) => {
    if (busy) return;
    busy = true;
    pending = null;
    ctx.send(action).catch(() => {}).finally(() => {
      busy = false;
      if (doc) draw();
    });
  };
  const follow = (answer) => {
    if (answer.send) send(answer.send);
    else {
      pending = answer.pending;
      draw();
    }
  };

  function draw() {
    const view = doc.view;
    const offer = offered(doc.outcome ? [] : doc.legal);
    pending = keepPending(pending, offer);
    shell.dataset.phase = view.phase;
    shell.dataset.current = String(view.current);
    shell.dataset.sync = syncKey(view);
    const board = drawBoard({
      ctx, glyphs, board: ctx.data.board, view, offer, pending,
      onTarget: (kind, cell) => follow(clickTarget(offer, kind, cell)),
      onDirection: (dir) => send(chooseDirection(pending, dir)),
    });
    boardBox.replaceChildren(board.el);
    if (shown) {
      // The route and the end cell of a chosen move; the cell of a chosen sign.
      if (shown.type === "move") {
        board.showRoutes(view.moves.filter((m, i) => m.to === shown.to && (shown.route === undefined || i === shown.route)));
      }
      const cell = shown.to || shown.cell;
      markPreview(boardBox, [cell ? `[data-cell="${CSS.escape(cell)}"]` : null]);
    }
    side.replaceChildren(...drawSide({
      ctx, glyphs, view, offer, pending, send, showRoutes: board.showRoutes,
      cancel: () => {
        pending = null;
        draw();
      },
    }));
  }

  return {
    update(next) {
      const changed = !doc || doc.version !== next.version;
      doc = next;
      if (changed) pending = null;
      draw();
    },
    preview(next, action) {
      shown = action;
      doc = next;
      draw();
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
