// Jakarta Traffic board renderer (contract: docs/client.md; rulings: docs/rules/jakarta-traffic.md).
// Draws the 5x5 street grid with each tile's roads, the frame's alleys (Jalan Tikus), order
// stacks, mopeds and the Ondel-Ondel, the order board and every player's phone. All moves
// are clicks on what the legal-action templates allow (model.js); a honk is previewed
// before it is sent.

import { markPreview } from "../../preview.js";
import { drawBoard } from "./board.js";
import { makeGeometry } from "./geometry.js";
import { clickCell, IDLE, keepSelection, offered } from "./model.js";
import { drawBar, drawFinal, drawOrderBoard, drawPhones } from "./panels.js";

export const stylesheet = new URL("./jakarta-traffic.css", import.meta.url).href;

export function createRenderer(root, ctx) {
  const { h } = ctx;
  root.dataset.handlesAll = "1";
  const geo = makeGeometry(ctx.data);
  const bar = h("div", { class: "jt-bar", "data-testid": "jt-bar" });
  const boardBox = h("div", { class: "jt-board" });
  const side = h("div", { class: "jt-side" });
  root.append(h("div", { class: "jt" }, [h("div", { class: "jt-main" }, [bar, boardBox]), side]));

  let doc = null;
  let sel = IDLE; // {mode: "drive" | "honk", picked}
  let hover = null; // the drive target whose route is drawn
  let busy = false;

  const myTurn = () => doc && doc.to_act.includes(ctx.seat) && !doc.outcome;

  function send(action) {
    if (busy) return;
    busy = true;
    ctx.send(action).catch(() => {}).finally(() => {
      busy = false;
      sel = IDLE;
      hover = null;
      draw();
    });
  }
  const act = (answer) => {
    if (!answer) return;
    if (answer.send) send(answer.send);
    else {
      sel = answer.select;
      draw();
    }
  };

  function draw() {
    if (!doc || !doc.view) return;
    const view = doc.view;
    const offer = offered(doc.outcome ? [] : doc.legal || [], geo.SIZE);
    sel = keepSelection(sel, myTurn(), view.phase);
    bar.replaceChildren(...drawBar({ ctx, doc, offer, sel, myTurn: myTurn(), act }));
    boardBox.replaceChildren(drawBoard({
      ctx, geo, data: ctx.data, view, offer, sel, hover,
      onCell: (c) => act(clickCell(offer, sel, c, geo.SIZE)),
      onHover: (c) => { hover = c; },
    }));
    side.replaceChildren(...[drawFinal(ctx, doc), drawOrderBoard(ctx, view), ...drawPhones(ctx, geo, doc)].filter(Boolean));
  }

  return {
    update(next) {
      if (!doc || next.version !== doc.version) hover = null;
      doc = next;
      draw();
    },
    /** The road or tile of a move waiting for Confirm. */
    preview(next, action) {
      doc = next;
      draw();
      if (action && action.x && action.y) markPreview(root, [`g[data-x="${action.x}"][data-y="${action.y}"]`]);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
