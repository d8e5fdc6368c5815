// Indonesia board renderer (contract: docs/client.md; view and actions:
// docs/rules/indonesia-view.md). The archipelago is drawn from a stored layout
// (static/games/indonesia/layout.json, made offline by tools/indonesia_layout.py): the
// browser never computes geometry, it only draws polygons and places pieces on them.
// Prices, deeds, city cards and the map's adjacency come from the engine (ctx.data); what a
// click means is model.js.

import { markPreview } from "../../preview.js";
import { makeMap } from "./map.js";
import { isMyTurn, keepSelection, mapTargets, onlyPass, pendingSale } from "./model.js";
import { makeSide } from "./panels.js";
import { makeStatus } from "./status.js";

export const stylesheet = new URL("./indonesia.css", import.meta.url).href;
const LAYOUT_URL = new URL("./layout.json", import.meta.url);

export function createRenderer(root, ctx) {
  const { h } = ctx;
  root.dataset.handlesAll = "1";
  root.classList.add("ind-root");
  const status = h("div", { class: "ind-status", "data-testid": "ind-status" });
  const mapWrap = h("div", { class: "ind-mapwrap", "data-testid": "ind-map" });
  const side = h("div", { class: "ind-side", "data-testid": "ind-panels" });
  const legend = h("div", { class: "ind-legend" });
  const main = h("div", { class: "ind" }, [status, mapWrap, legend, side]);
  root.append(main);

  let doc = null;
  let sel = {};           // the viewer's current selection (deed, card, company, pair, route edits)
  let selVersion = null;
  let autoPassed = null;  // version at which this seat passed by itself
  let sending = false;
  let targets = new Map(); // key ("a12", "s120", "deed:a5") -> {send} | {select}
  let map = null;
  let drawStatus = null;
  let drawSide = null;

  function send(action) {
    if (sending) return;
    sending = true;
    Promise.resolve(ctx.send(action))
      .catch(() => {})
      .finally(() => {
        sending = false;
        sel = {};
        if (doc) draw();
      });
  }
  const select = (next) => {
    sel = next;
    draw();
  };
  function onKey(key) {
    const t = targets.get(key);
    if (!t) return;
    if (t.send) send(t.send);
    else select(t.select);
  }

  fetch(LAYOUT_URL)
    .then((r) => r.json())
    .then((layout) => {
      map = makeMap(ctx, layout, mapWrap, legend, onKey);
      drawStatus = makeStatus(ctx, status, send, select, map.provinceOf);
      drawSide = makeSide(ctx, side, onKey);
      if (doc) draw();
    })
    .catch((err) => {
      status.textContent = `The board drawing could not be loaded (${err.message}).`;
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

  function draw() {
    const myTurn = isMyTurn(doc, ctx.seat);
    if (myTurn) ({ sel, targets } = mapTargets(doc, sel, ctx.data));
    else targets = new Map();
    // for tests and tools: which document this board shows
    main.dataset.version = String(doc.version);
    main.dataset.phase = `${doc.view.phase}/${doc.view.step?.kind || ""}`;
    map.draw(doc, sel, targets, pendingSale(doc, sel, myTurn), myTurn);
    drawStatus(doc, sel);
    drawSide(doc, sel, targets);
  }

  return {
    update,
    /** The area (and deed) of a move waiting for Confirm. */
    preview(next, action) {
      doc = next;
      if (!map) return;
      draw();
      if (action && action.area !== undefined) markPreview(mapWrap, [`[data-area="${action.area}"]`]);
    },
    destroy() {
      root.replaceChildren();
    },
  };
}
