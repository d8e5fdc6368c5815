// Indonesia board renderer (contract: docs/client.md; view and actions:
// docs/rules/indonesia-view.md). The archipelago is drawn from a stored layout
// (static/games/indonesia/layout.json, made offline by tools/indonesia_layout.py): the
// browser never computes geometry, it only draws polygons and places pieces on them.
// Prices, deeds, city cards and the map's adjacency come from the engine (ctx.data); what a
// click means is model.js; how things are named is words.js; every word goes through ctx.t.

import { markPreview } from "../../preview.js";
import { makeMap } from "./board.js";
import { makeMarks } from "./marks.js";
import { isMyTurn, keepSelection, mapTargets, onlyPass, pendingSale } from "./model.js";
import { makeSide, makeStatus } from "./panels.js";
import { makeWords } from "./words.js";

// Through the shell's import map: the stylesheet's hashed, immutable URL.
export const stylesheet = import.meta.resolve?.("./indonesia.css") ?? new URL("./indonesia.css", import.meta.url).href;
// Preloaded by the shell under its hashed URL: the map draws with the rest of the page.
const LAYOUT_URL = import.meta.resolve?.("./layout.json") ?? new URL("./layout.json", import.meta.url).href;
// the board's one tab stop (its roving target, or the map itself), then the decision's controls
const FIRST_CONTROL = '.ind-mapwrap [tabindex="0"], .ind-controls button, .ind-controls input';

/** The "How to play" panel: eras, a year's phases, mergers, operations and scoring. */
// Its words' module is fetched when How to play first opens (static/howto.js awaits it):
// one request fewer before the board (issue 42).
export const howToPlay = async (ctx) => (await import("./help.js")).howToPlay(ctx);

export function createRenderer(root, ctx) {
  const { h } = ctx;
  root.dataset.handlesAll = "1";
  root.classList.add("ind-root");
  const status = h("div", { class: "ind-status", "data-testid": "ind-status" });
  const mapWrap = h("div", { class: "ind-mapwrap", "data-testid": "ind-map" });
  const side = h("div", { class: "ind-side", "data-testid": "ind-panels" });
  const legend = h("div", { class: "ind-legend" });
  // the map first: the status's controls come and go below it, so the map never moves
  // a tap on anything with a title in the panels opens its card (touch screens show no titles)
  const sideCard = h("div", { class: "ind-tipcard ind-tipfixed", role: "status", "data-testid": "ind-sidecard", hidden: true });
  const main = h("div", { class: "ind" }, [mapWrap, status, legend, side, sideCard]);
  root.append(main);
  sideCard.addEventListener("click", () => { sideCard.hidden = true; });
  for (const el of [side, legend, status]) {
    el.addEventListener("click", (ev) => {
      const titled = ev.target.closest("[title]");
      if (!titled || titled.closest("button, select, input")) { sideCard.hidden = true; return; }
      sideCard.textContent = titled.title;
      sideCard.hidden = false;
    });
  }

  let doc = null;
  let sel = {};           // the viewer's current selection (deed, card, company, pair, route edits)
  let selVersion = null;
  let autoPassed = null;  // version at which this seat passed by itself
  let targets = new Map(); // key ("a12", "s120", "deed:a5") -> {send} | {select}
  let map = null;
  let marks = null;
  let words = null;
  let refs = null;
  let drawStatus = null;
  let drawSide = null;
  let refocus = false;     // the board had the focus when its control went away

  // The shell guards the wire (no second send until the server answers) and the confirm
  // bar; a move "replaced" by a newer choice leaves the board to that one.
  function send(action) {
    const done = () => {
      sel = {};
      if (doc) draw();
    };
    Promise.resolve(ctx.send(action)).then(done, (err) => err?.code !== "replaced" && done());
  }
  const select = (next) => {
    sel = next;
    ctx.choosing?.(); // a new choice: a move waiting for Confirm is withdrawn
    draw();
    // keyboard play: a choice that opens map targets moves the focus onto the first of them
    if (root.contains(document.activeElement) || document.activeElement === document.body) {
      const first = mapWrap.querySelector('[data-target]:not([data-target^="deed:"])');
      if (first && next.deed) first.focus();
    }
  };
  function onKey(key) {
    const tgt = targets.get(key);
    if (!tgt) return;
    if (tgt.send) send(tgt.send);
    else select(tgt.select);
  }

  fetch(LAYOUT_URL)
    .then((r) => r.json())
    .then((layout) => {
      words = makeWords(ctx, layout);
      map = makeMap(ctx, layout, words, mapWrap, legend, onKey, (piece) => marks.showCard(piece.dataset.tip));
      marks = makeMarks(ctx, map, words, mapWrap, onKey);
      marks.setRefs(refs);
      drawStatus = makeStatus(ctx, status, send, select, words);
      drawSide = makeSide(ctx, side, onKey, words);
      if (doc) draw();
    })
    .catch((err) => {
      status.textContent = ctx.t("indonesia.board.load_failed", { error: err.message });
    });

  function update(next) {
    doc = next;
    if (selVersion !== doc.version) {
      sel = keepSelection(sel, doc);
      selVersion = doc.version;
    }
    if (onlyPass(doc, ctx.seat) && autoPassed !== doc.version) {
      autoPassed = doc.version;
      // Nothing to choose, so nothing to confirm.
      Promise.resolve(ctx.send({ type: "pass" }, { confirm: false })).catch(() => {});
    }
    if (map) draw();
  }

  /** Which focused control to find again after a redraw (the board is rebuilt each time). */
  function focusKey() {
    const a = document.activeElement;
    if (!a || !root.contains(a)) return null;
    if (a.dataset?.target) return `[data-target="${a.dataset.target}"]`;
    if (a.dataset?.testid) return `[data-testid="${a.dataset.testid}"]`;
    return FIRST_CONTROL;
  }

  function draw() {
    const keep = focusKey();
    // the areas and seas are drawn once: a move shown for Confirm stays marked until here
    for (const el of mapWrap.querySelectorAll(".meja-preview")) el.classList.remove("meja-preview");
    const myTurn = isMyTurn(doc, ctx.seat);
    if (myTurn) ({ sel, targets } = mapTargets(doc, sel, ctx.data));
    else targets = new Map();
    // for tests and tools: which document this board shows
    main.dataset.version = String(doc.version);
    main.dataset.phase = `${doc.view.phase}/${doc.view.step?.kind || ""}`;
    const cos = map.drawPieces(doc, sel);
    const pts = marks.drawTargets(doc, sel, targets);
    const sale = pendingSale(doc, sel, myTurn);
    if (sale) {
      marks.drawRoutes(cos, sale.routes, 1);
      for (const r of sale.routes) for (const [x, y] of [map.areaCentre(r.from), map.areaCentre(r.city)]) pts.push({ x, y, cap: 200 });
    } else if (doc.view.last_sale && doc.view.last_sale.routes?.length && doc.view.phase === "operate") {
      marks.drawRoutes(cos, doc.view.last_sale.routes, 0.35);
    }
    marks.drawLastMoves(doc);
    marks.drawRefs(doc);
    marks.frame(pts, `${doc.version}|${sel.company || ""}|${sel.deed || ""}|${sel.card || ""}`);
    drawStatus(doc, sel);
    // While the viewer has nothing to choose, the side cards (below the map on a phone)
    // follow the map's frame in a task of their own (issue 42); a decision's cards come
    // with its map, the keyboard's focus among them.
    if (myTurn || !ctx.besideBoard) drawSide(doc, sel, targets);
    else ctx.besideBoard(() => { if (doc?.view) drawSide(doc, sel, targets); }, "side");
    // keep the keyboard where it was; if the board had the focus and its control is gone
    // (the move was sent), give it back to the next decision's first control
    const again = keep || (refocus && document.activeElement === document.body ? FIRST_CONTROL : null);
    const el = again && (root.querySelector(again) || root.querySelector(FIRST_CONTROL));
    if (el) el.focus({ preventScroll: true });
    refocus = Boolean(again) && !el;
  }

  return {
    update,
    /** The area (and deed) of a move waiting for Confirm. */
    preview(next, action) {
      doc = next;
      if (!map) return;
      draw();
      if (action && action.area !== undefined) markPreview(mapWrap, [`[data-area="${action.area}"]`]);
      if (action && action.sea !== undefined) markPreview(mapWrap, [`[data-sea="${action.sea}"]`]);
      if (action && action.city !== undefined) markPreview(mapWrap, [`[data-area="${action.city}"]`]);
    },
    /** The board's word for a log line's place ("Aceh 2", "Laut Banda", "C3"). */
    describe(ref) {
      return words ? words.describe(ref) : null;
    },
    /** Outline the places the references name (a hovered log line); null clears. */
    highlight(next) {
      refs = next && next.length ? next : null;
      if (!marks) return;
      marks.setRefs(refs);
      if (doc) marks.drawRefs(doc);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
