// The geometry of framing Indonesia's targets, kept free of the page so Node can test it:
// the zoom and pan that fit a box of board points into a part of the screen, which points
// are outside a rectangle, and which target an arrow key goes to.

import { nextIndex } from "../../roving.js";

/**
 * The view (k, x, y: the map group's scale and translation, in viewBox units) that shows the
 * board box {x0, y0, x1, y1} inside the screen box safe (viewBox units too), leaving margin
 * viewBox units around it, zoomed in no further than maxK and never out past minK.
 */
export function fitView(box, safe, margin, minK, maxK) {
  const bw = Math.max(box.x1 - box.x0, 1);
  const bh = Math.max(box.y1 - box.y0, 1);
  const sw = Math.max(safe.x1 - safe.x0 - 2 * margin, 1);
  const sh = Math.max(safe.y1 - safe.y0 - 2 * margin, 1);
  const k = Math.max(minK, Math.min(maxK, sw / bw, sh / bh));
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  return { k, x: (safe.x0 + safe.x1) / 2 - cx * k, y: (safe.y0 + safe.y1) / 2 - cy * k };
}

/** The box around points [{x, y}] (null for none). */
export function boxOf(points) {
  if (!points.length) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** How many screen points [{x, y}] lie outside the rectangle {left, top, right, bottom}. */
export function countOutside(points, rect) {
  return points.filter((p) => p.x < rect.left || p.x > rect.right || p.y < rect.top || p.y > rect.bottom).length;
}

/**
 * The point an arrow key moves to from `from` among points [{key, x, y}], by the boards'
 * one rule (static/roving.js nextIndex: the nearest that way, within 45 degrees first, a
 * sideways step counting double); null when there is none that way.
 */
export function nextInDirection(points, from, arrow) {
  const at = from ? points.findIndex((p) => p.key === from.key) : -1;
  if (at < 0 || !arrow.startsWith("Arrow")) return null;
  const next = nextIndex(points.map((p) => ({ x: p.x, y: p.y, w: 0, h: 0 })), at, arrow);
  return next === at ? null : points[next];
}
