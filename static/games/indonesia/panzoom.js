// Indonesia's map moves under the fingers: wheel, drag and pinch zoom and pan the map's view
// group; a drag is not a click. The buttons zoom, show the whole map, or fill the screen.

import { fitView } from "./fit.js";

/**
 * Pan and zoom for svgRoot's view group (w x hgt board units); the state object steers it.
 * The drawing meets the box (preserveAspectRatio meet): at zoom 1 the whole map is in view,
 * however narrow the screen, and zooming in goes as far as 8 times what fills the box.
 */
export function installPanZoom(svgRoot, view, w, hgt) {
  const st = { k: 1, x: 0, y: 0, moved: false, w, h: hgt };
  const apply = () => {
    view.setAttribute("transform", `translate(${st.x} ${st.y}) scale(${st.k})`);
    st.onChange?.();
  };
  // the part of the user space on screen (meet: the viewBox is centred, with room around it)
  const windowOf = () => {
    const r = svgRoot.getBoundingClientRect();
    const scale = Math.min(r.width / w, r.height / hgt) || 1;
    const vw = r.width / scale;
    const vh = r.height / scale;
    return { r, scale, x: (w - vw) / 2, y: (hgt - vh) / 2, vw, vh };
  };
  const toSvg = (cx, cy) => {
    const win = windowOf();
    return [win.x + (cx - win.r.left) / win.scale, win.y + (cy - win.r.top) / win.scale, win.scale];
  };
  const maxK = () => {
    const r = svgRoot.getBoundingClientRect();
    const fill = Math.max(r.width / w, r.height / hgt) / (Math.min(r.width / w, r.height / hgt) || 1);
    return 8 * (Number.isFinite(fill) ? Math.max(1, fill) : 1);
  };
  // the map may not be dragged away: a map smaller than the box stays inside it, a larger one
  // may show a quarter of the box of water past its edge (room to frame targets at the coast)
  function clampAxis(pos, winStart, winSize, size) {
    const room = winSize - size * st.k;
    if (room >= 0) return Math.min(winStart + room, Math.max(winStart, pos));
    return Math.min(winStart + winSize / 4, Math.max(winStart + room - winSize / 4, pos));
  }
  function clamp() {
    const win = windowOf();
    st.x = clampAxis(st.x, win.x, win.vw, w);
    st.y = clampAxis(st.y, win.y, win.vh, hgt);
  }
  st.zoomAt = (factor, sx, sy) => {
    const k = Math.max(1, Math.min(maxK(), st.k * factor));
    const f = k / st.k;
    st.x = sx - (sx - st.x) * f;
    st.y = sy - (sy - st.y) * f;
    st.k = k;
    clamp();
    apply();
  };
  st.centre = () => {
    const win = windowOf();
    return [win.x + win.vw / 2, win.y + win.vh / 2];
  };
  /** CSS px per board unit at the current zoom (the hit areas are sized from it). */
  st.pixelScale = () => windowOf().scale * st.k;
  /** Where a board point is on the screen (client px). */
  st.toScreen = (px, py) => {
    const win = windowOf();
    return [win.r.left + (st.x + px * st.k - win.x) * win.scale, win.r.top + (st.y + py * st.k - win.y) * win.scale];
  };
  /**
   * Show the board box (board units) inside the screen rectangle safe (client px) with
   * marginPx around it, zoomed in no further than maxPx CSS px per board unit.
   */
  st.fit = (box, safe, marginPx, maxPx) => {
    const win = windowOf();
    const [x0, y0] = toSvg(safe.left, safe.top);
    const [x1, y1] = toSvg(safe.right, safe.bottom);
    const cap = Math.min(maxK(), Math.max(1, maxPx / win.scale));
    const v = fitView(box, { x0, y0, x1, y1 }, marginPx / win.scale, 1, cap);
    st.k = v.k; st.x = v.x; st.y = v.y;
    clamp();
    apply();
  };
  /** Pan a board point into view if it is outside the window (keyboard focus). */
  st.show = (px, py) => {
    const win = windowOf();
    const sx = st.x + px * st.k;
    const sy = st.y + py * st.k;
    const margin = 30 / win.scale;
    if (sx < win.x + margin || sx > win.x + win.vw - margin || sy < win.y + margin || sy > win.y + win.vh - margin) st.focus(px, py);
  };
  st.reset = () => { st.k = 1; st.x = 0; st.y = 0; clamp(); apply(); };
  // bring a board point to the middle of the box
  st.focus = (px, py) => {
    const win = windowOf();
    st.x = win.x + win.vw / 2 - px * st.k;
    st.y = win.y + win.vh / 2 - py * st.k;
    clamp();
    apply();
  };
  svgRoot.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const [sx, sy] = toSvg(ev.clientX, ev.clientY);
    st.zoomAt(ev.deltaY < 0 ? 1.2 : 1 / 1.2, sx, sy);
  }, { passive: false });
  const pointers = new Map();
  let start = null;
  svgRoot.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    st.moved = false;
    start = { x: st.x, y: st.y, k: st.k, pts: new Map(pointers) };
  });
  svgRoot.addEventListener("pointermove", (ev) => {
    if (!pointers.has(ev.pointerId) || !start) return;
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    const scale = windowOf().scale;
    if (pointers.size === 1) {
      const [px, py] = start.pts.get(ev.pointerId) || [ev.clientX, ev.clientY];
      const dx = ev.clientX - px;
      const dy = ev.clientY - py;
      if (Math.abs(dx) + Math.abs(dy) > 6) st.moved = true;
      if (!st.moved) return;
      st.x = start.x + dx / scale;
      st.y = start.y + dy / scale;
      clamp();
      apply();
    } else if (pointers.size === 2 && start.pts.size === 2) {
      const [a0, b0] = [...start.pts.values()];
      const [a1, b1] = [...pointers.values()];
      const d0 = Math.hypot(a0[0] - b0[0], a0[1] - b0[1]) || 1;
      const d1 = Math.hypot(a1[0] - b1[0], a1[1] - b1[1]);
      st.moved = true;
      const [sx, sy] = toSvg((a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2);
      st.k = start.k; st.x = start.x; st.y = start.y;
      st.zoomAt(d1 / d0, sx, sy);
    }
  });
  const up = (ev) => {
    pointers.delete(ev.pointerId);
    start = pointers.size ? { x: st.x, y: st.y, k: st.k, pts: new Map(pointers) } : null;
    // a click fires after pointerup: keep "moved" for it, clear it on the next tick
    setTimeout(() => { if (!pointers.size) st.moved = false; }, 0);
  };
  svgRoot.addEventListener("pointerup", up);
  svgRoot.addEventListener("pointercancel", up);
  return st;
}

/** The zoom buttons; label() words them again (after a language switch). */
export function zoomButtons(h, st, mapWrap, t) {
  const centre = () => st.centre();
  const buttons = [
    ["zoom_in", "+", () => st.zoomAt(1.5, ...centre())],
    ["zoom_out", "−", () => st.zoomAt(1 / 1.5, ...centre())],
    ["whole_map", "⤢", () => st.reset()],
    ["full_screen", "▢", () => { mapWrap.classList.toggle("ind-full"); st.reset(); }],
  ].map(([key, sign, onclick]) => [key, h("button", { type: "button", "data-testid": `ind-${key.replace("_", "-")}`, onclick }, sign)]);
  return {
    el: h("div", { class: "ind-zoom" }, buttons.map(([, b]) => b)),
    label() {
      for (const [key, b] of buttons) {
        const words = t(`indonesia.board.zoom.${key}`);
        b.title = words;
        b.setAttribute("aria-label", words);
      }
    },
  };
}
