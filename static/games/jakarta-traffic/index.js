// Jakarta Traffic board renderer (contract: docs/client.md; rulings: docs/rules/jakarta-traffic.md).
// Draws the 5x5 street grid with each tile's roads, the frame's alleys (Jalan Tikus), order
// stacks, mopeds and the Ondel-Ondel, each player's last turn, the order board and every
// player's phone. All moves are clicks, taps or Enter/Space on what the legal-action
// templates allow (model.js); a honk is previewed before it is sent. The status bar sits
// under the board, so its controls appearing never move a tile under the player's finger.

import { drawAll, drawInto, memo } from "../../morph.js";
import { clearPreview, markPreview } from "../../preview.js";
import { Roving } from "../../roving.js";
import { drawBoard } from "./board.js";
import { makeGeometry } from "./geometry.js";
import { clickCell, IDLE, keepSelection, lastTurns, offered, refCell } from "./model.js";
import { drawBar, drawFinal, drawOrderBoard, drawPhones } from "./panels.js";
import { touchTips } from "./tips.js";
import { describe as describeRef } from "./words.js";

// Its words' module is fetched when How to play first opens (static/howto.js awaits it):
// one request fewer before the board (issue 42).
export const howToPlay = async (ctx) => (await import("./help.js")).howToPlay(ctx);

// Through the shell's import map: the stylesheet's hashed, immutable URL.
export const stylesheet = import.meta.resolve?.("./jakarta-traffic.css") ?? new URL("./jakarta-traffic.css", import.meta.url).href;

export function createRenderer(root, ctx) {
  const { h } = ctx;
  root.dataset.handlesAll = "1";
  const geo = makeGeometry(ctx.data);
  const bar = h("div", { class: "jt-bar", "data-testid": "jt-bar", "aria-live": "polite" });
  const boardBox = h("div", { class: "jt-board" });
  const axes = h("p", { class: "jt-muted jt-axes" });
  const side = h("div", { class: "jt-side" });
  root.append(h("div", { class: "jt" }, [h("div", { class: "jt-main" }, [boardBox, bar, axes]), side]));
  touchTips(root, h);
  // The board is one Tab stop with arrow keys; the focus stays on the board between moves.
  const rove = new Roving(boardBox, root);

  let doc = null;
  let sel = IDLE; // {mode: "drive" | "honk", picked}
  let hover = null; // the drive target whose route is drawn
  let highlighted = []; // cells a log line (or "since your last turn") names
  const tiles = []; // each tile as last drawn (board.js)
  const orderboardCache = {}; // the order board as last drawn (static/morph.js memo)
  const phoneCaches = []; // each phone as last drawn (panels.js drawPhones)

  const myTurn = () => doc && doc.to_act.includes(ctx.seat) && !doc.outcome;

  // The shell guards the wire (no second send until the server answers) and the confirm
  // bar; a move "replaced" by a newer choice leaves the board to that one.
  function send(action) {
    const done = () => {
      sel = IDLE;
      hover = null;
      draw();
    };
    ctx.send(action).then(done, (err) => err?.code !== "replaced" && done());
  }
  const act = (answer) => {
    if (!answer) return;
    if (answer.send) send(answer.send);
    else {
      sel = answer.select;
      ctx.choosing?.(); // a new choice: a move waiting for Confirm is withdrawn
      draw();
    }
  };

  /** The order board and each phone, drawn again only when what they show changed. */
  function drawSideCards() {
    const view = doc.view;
    const board = [view.orderboard, view.board.slots, view.board.idle, view.supply, view.marker];
    drawAll(side, [drawFinal(ctx, doc),
      memo(orderboardCache, `${ctx.lang ? ctx.lang() : ""}|${JSON.stringify(board)}`, () => drawOrderBoard(ctx, view), { inPlace: true }),
      ...drawPhones(ctx, geo, doc, phoneCaches)]);
  }

  function draw() {
    if (!doc || !doc.view) return;
    const view = doc.view;
    clearPreview(root); // a tile that did not change stays on the page, a preview's mark with it
    // A redraw replaces the bar's buttons: the keyboard's focus goes to the same one again
    // (the board's targets: static/roving.js).
    const focused = root.contains(document.activeElement) ? document.activeElement?.getAttribute?.("data-focus") : null;
    const offer = offered(doc.outcome ? [] : doc.legal || [], geo.SIZE);
    sel = keepSelection(sel, myTurn(), view.phase);
    // Only what the move changed is written to the page (static/morph.js, issue 42).
    drawAll(bar, drawBar({ ctx, doc, offer, sel, myTurn: myTurn(), act }));
    drawInto(boardBox, drawBoard({
      ctx, geo, cache: tiles, data: ctx.data, view, offer, sel, hover,
      turns: lastTurns(ctx.lines ? ctx.lines() : [], geo.SIZE),
      highlight: highlighted,
      onCell: (c) => act(clickCell(offer, sel, c, geo.SIZE)),
      onHover: (c) => { hover = c; },
    }));
    const axesText = ctx.t("jakarta-traffic.board.axes");
    if (axes.textContent !== axesText) axes.textContent = axesText;
    // While the viewer has nothing to choose, the side (below the board on a phone) follows
    // the board's frame in a task of its own (issue 42).
    if (myTurn() || !ctx.besideBoard) drawSideCards();
    else ctx.besideBoard(() => { if (doc?.view) drawSideCards(); }, "side");
    if (focused && focused.startsWith("btn-")) root.querySelector(`[data-focus="${focused}"]`)?.focus?.();
    // No tile to click: the decision's button (Accept, Deliver; a forced Detour before the
    // optional Honk) takes the focus.
    const buttons = ".jt-controls button:not([disabled])";
    rove.refresh({ fallback: bar.querySelector(`${buttons}.primary, ${buttons}[data-action="detour"]`) || bar.querySelector(buttons) });
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
    /** A board reference in words: {cell: "x,y"} is "column x, row y", as the edges are numbered. */
    describe(ref) {
      return describeRef(ctx, ref);
    },
    /** Outline the cells the references name until called with null. */
    highlight(refs) {
      highlighted = (refs || []).map((r) => refCell(r, geo.SIZE)).filter((c) => c !== null);
      draw();
    },
    destroy() {
      rove.destroy();
      root.replaceChildren();
    },
  };
}
