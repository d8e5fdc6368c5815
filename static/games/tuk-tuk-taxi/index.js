// Tuk-Tuk Taxi board renderer (contract: docs/client.md; rulings: docs/rules/tuk-tuk-taxi.md).
// Draws the 13x13 street grid from the engine's layout with its column letters and row
// numbers: streets, traffic lights, the taxi stops in seat colours and numbers, passengers,
// gas stations, mechanics, every sign with its direction, the taxis, and each player's last
// move (trail and die) until that player moves again. The side panel shows the drawn sign,
// the die (its colour in words), the stack's count and the buttons. Every action is a click
// (or Enter/Space) on what the legal-action templates allow (model.js). On a touch screen the
// board opens zoomed (cells of 48 px) in a pannable window centred on the taxi that moves;
// a button shows the whole board. Tapping a sign, a space or a passenger shows its card.

import { drawAll, drawInto } from "../../morph.js";
import { clearPreview, markPreview } from "../../preview.js";
import { focusLost, keyboardPlay, Roving } from "../../roving.js";
import { boardUnits, C, centre, drawBoard } from "./board.js";
import { makeGlyphs } from "./glyphs.js";
import { chooseDirection, clickTarget, keepPending, lastTurns, offered, refCells, syncKey } from "./model.js";
import { drawCards, drawTurnCard } from "./panels.js";
import { describe as describeRef } from "./words.js";

// Through the shell's import map: the stylesheet's hashed, immutable URL.
export const stylesheet = import.meta.resolve?.("./tuk-tuk-taxi.css") ?? new URL("./tuk-tuk-taxi.css", import.meta.url).href;

/** CSS px a cell gets in the zoomed view (touch targets must be >= 44 px). */
export const ZOOM_CELL_PX = 48;

/** The "How to play" panel (the shell opens it from the game page). */
// Its words' module is fetched when How to play first opens (static/howto.js awaits it):
// one request fewer before the board (issue 42).
export async function howToPlay(ctx) {
  return (await import("./help.js")).howToPlay(ctx);
}

const coarse = () => Boolean(globalThis.matchMedia && globalThis.matchMedia("(pointer: coarse)").matches);

export function createRenderer(root, ctx) {
  const { h, t } = ctx;
  root.dataset.handlesAll = "1";
  const glyphs = makeGlyphs(ctx.svg, ctx.data, t);
  const units = boardUnits(ctx.data.board.size);
  const zoomButton = h("button", { type: "button", class: "tt-zoom", dataset: { action: "zoom" }, onclick: () => setZoom(!zoomed) });
  const toolbar = h("div", { class: "tt-toolbar" }, [zoomButton]);
  const viewport = h("div", { class: "tt-viewport" });
  const tip = h("p", { class: "tt-tip", role: "status", "aria-live": "polite" });
  const boardBox = h("div", { class: "tt-board" }, [toolbar, viewport, tip]);
  // The turn card (prompt and buttons) sits above the board on a phone, beside it on a desk.
  const turnBox = h("div", { class: "tt-turnbox" });
  const side = h("div", { class: "tt-side" });
  const shell = h("div", { class: "tt" }, [turnBox, boardBox, side]);
  root.append(shell);
  // The board is one Tab stop with arrow keys; the focus stays on the board between moves.
  const rove = new Roving(viewport, root);

  let doc = null;
  let pending = null; // {kind: "dir", cell, dirs} | {kind: "route", cell, routes}
  let shown = null; // the move waiting for Confirm (the shell's preview hook)
  let board = null;
  let highlighted = null; // the board references a log line (or "since your turn") names
  let zoomed = coarse();
  let centredOn = null; // the sync key the zoomed window last centred for
  let tipCell = null;
  const ground = {}; // the board's streets, drawn once (board.js)
  const sideCaches = {}; // the side's sign and taxi cards as last drawn (panels.js)

  // A tap (or click) on a sign, a space, a stop or a passenger shows its card under the board.
  viewport.addEventListener("click", (e) => {
    const el = e.target && e.target.closest ? e.target.closest("[data-tip]") : null;
    if (!el || el.closest(".tt-target")) return;
    tip.textContent = el.dataset.tip;
    tipCell = el.dataset.cell || null;
  });

  // The shell guards the wire (no second send until the server answers) and the confirm
  // bar; a move "replaced" by a newer tap leaves the board to that one.
  const send = (action) => {
    pending = null;
    ctx.send(action).then(() => doc && draw(), (err) => err?.code !== "replaced" && doc && draw());
  };
  let chosen = null; // a choice that just opened: its directions take the focus, or its routes
  const follow = (answer) => {
    if (answer.send) send(answer.send);
    else {
      pending = answer.pending;
      ctx.choosing?.(); // a direction to choose: a move waiting for Confirm is withdrawn
      chosen = pending;
      draw();
    }
  };

  function scrollTo(cell) {
    if (!zoomed || !cell) return;
    const svgEl = viewport.firstElementChild;
    if (!svgEl) return;
    const scale = (svgEl.getBoundingClientRect().width || units) / units;
    const [x, y] = centre(cell);
    viewport.scrollLeft = Math.max(0, x * scale - viewport.clientWidth / 2);
    viewport.scrollTop = Math.max(0, y * scale - viewport.clientHeight / 2);
  }

  // The board is morphed in place (static/morph.js): its SVG stays on the page, and so does
  // the window's scroll. Nothing here reads where the player panned to: a scroll listener that
  // did read it laid the page out at the start of the next move's frame, which the move then
  // laid out again (up to 16 ms of a 4x move, issue 42).
  let placeOn = null; // the cell the next frame centres the window on
  let placing = false; // that frame is asked for
  /**
   * Centre the zoomed window on `cell` at the next frame: before it is painted, in the layout
   * the frame makes anyway. (Doing it at once would lay the page out twice more in the middle
   * of drawing a move, issue 42.)
   */
  function placeWindow(cell) {
    placeOn = cell;
    if (placing) return;
    placing = true;
    const place = () => {
      placing = false;
      if (zoomed) scrollTo(placeOn);
    };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(place);
    else place();
  }

  function setZoom(on) {
    zoomed = on;
    centredOn = null;
    if (doc) draw();
  }

  function layout(svgEl) {
    // Zoomed: the board at ZOOM_CELL_PX a cell inside a window that pans (never the page).
    const wide = Math.round((units * ZOOM_CELL_PX) / C);
    svgEl.style.width = zoomed ? `${wide}px` : "";
    viewport.classList.toggle("zoomed", zoomed);
    // Written only when it changed: the same words again would still lay the button out anew.
    const words = String(t(zoomed ? "tuk-tuk-taxi.board.zoom_out" : "tuk-tuk-taxi.board.zoom_in"));
    if (zoomButton.textContent !== words) zoomButton.textContent = words;
    if (zoomButton.getAttribute("aria-pressed") !== String(zoomed)) zoomButton.setAttribute("aria-pressed", String(zoomed));
  }

  /** The sign and taxi cards of the position now (`turns`: its last turns, when known). */
  function drawSideCards(turns = lastTurns(ctx.lines ? ctx.lines() : [], doc.view.players)) {
    drawAll(side, drawCards({ ctx, glyphs, view: doc.view, turns, caches: sideCaches }));
  }

  function draw() {
    const view = doc.view;
    clearPreview(viewport); // the streets stay on the page, a preview's marks with them
    const offer = offered(doc.outcome ? [] : doc.legal);
    pending = keepPending(pending, offer);
    const turns = lastTurns(ctx.lines ? ctx.lines() : [], view.players);
    shell.dataset.phase = view.phase;
    shell.dataset.current = String(view.current);
    const sync = syncKey(view);
    shell.dataset.sync = sync;
    board = drawBoard({
      ctx, glyphs, cache: ground, board: ctx.data.board, view, offer, pending, turns, highlight: highlighted,
      onTarget: (kind, cell) => follow(clickTarget(offer, kind, cell)),
      onDirection: (dir) => send(chooseDirection(pending, dir)),
    });
    layout(board.el);
    // Only what the move changed is written to the page (static/morph.js, issue 42).
    drawInto(viewport, board.el);
    if (zoomed && centredOn !== sync) {
      // A new moment of the game: centre the window on the taxi whose turn it is; else the
      // window keeps its place over the new board (the player may have panned it).
      centredOn = sync;
      placeWindow(pending ? pending.cell : view.taxis[view.current]);
    }
    if (tipCell && !view.signs[tipCell] && !ctx.data.board.gas_stations.includes(tipCell) && !ctx.data.board.mechanics.includes(tipCell)
      && !view.passengers.includes(tipCell)) {
      tip.textContent = "";
      tipCell = null;
    }
    if (!tip.textContent) tip.textContent = t("tuk-tuk-taxi.board.tip_hint");
    if (shown) {
      // The route and the end cell of a chosen move; the cell of a chosen sign.
      if (shown.type === "move") {
        board.showRoutes(view.moves.filter((m, i) => m.to === shown.to && (shown.route === undefined || i === shown.route)));
      }
      const cell = shown.to || shown.cell;
      markPreview(viewport, [cell ? `[data-cell="${CSS.escape(cell)}"]` : null]);
    }
    drawAll(turnBox, [drawTurnCard({
      ctx, view, offer, pending, send, showRoutes: board.showRoutes,
      cancel: () => {
        pending = null;
        draw();
      },
    })]);
    // While the viewer has nothing to choose, the sign and taxi cards (below the board on a
    // phone) follow the board's frame in a task of their own (issue 42), as in the other games.
    const deciding = !doc.outcome && Array.isArray(doc.legal) && doc.legal.length > 0;
    if (deciding || pending || !ctx.besideBoard) drawSideCards(turns);
    else ctx.besideBoard(() => { if (doc?.view) drawSideCards(); }, "side");
    const buttons = turnBox.querySelector(".tt-controls button.primary") || turnBox.querySelector(".tt-controls button");
    const opened = chosen;
    chosen = null;
    rove.refresh({ prefer: opened && opened.kind === "dir" ? `dir:${opened.dirs[0]}` : null, fallback: buttons });
    // Two routes end on the chosen cell: the keyboard goes on to the route buttons.
    if (opened && opened.kind === "route" && keyboardPlay() && focusLost(viewport)) turnBox.querySelector('[data-action="route"]')?.focus({ preventScroll: true });
  }

  return {
    update(next, prev) {
      const changed = !doc || doc.version !== next.version;
      if (next === prev) {
        // The shell's redraw after a language switch: the card is worded again on the next tap.
        tip.textContent = "";
        tipCell = null;
      }
      doc = next;
      if (changed) pending = null;
      draw();
    },
    preview(next, action) {
      shown = action;
      doc = next;
      draw();
    },
    /** The board's name of a place a log line names: "I5" for the cell "4,8". */
    describe(ref) {
      return describeRef(ref);
    },
    /** Mark the places `refs` names until called with null (kept across redraws). */
    highlight(refs) {
      highlighted = refs && refs.length ? refs : null;
      if (board) board.setHighlight(highlighted);
      const first = refCells(highlighted)[0];
      if (first) scrollTo(first);
    },
    destroy() {
      rove.destroy();
      root.replaceChildren();
    },
  };
}
