// Indonesia's framing geometry (static/games/indonesia/fit.js): the view that fits the
// decision's targets, the off-screen count, and where an arrow key goes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { boxOf, countOutside, fitView, nextInDirection } from "../../static/games/indonesia/fit.js";

const inside = (v, p, safe, margin) => {
  const x = v.x + p.x * v.k;
  const y = v.y + p.y * v.k;
  return x >= safe.x0 + margin - 1e-9 && x <= safe.x1 - margin + 1e-9 && y >= safe.y0 + margin - 1e-9 && y <= safe.y1 - margin + 1e-9;
};

test("the fitted view puts every target inside the safe part of the screen, with the margin", () => {
  // Sumatera Selatan, Jawa Timur and Sulawesi Selatan (card A2), in board units
  const pts = [{ x: 414.7, y: 398.2 }, { x: 481, y: 422.3 }, { x: 759.7, y: 577.3 }, { x: 737, y: 640.1 }, { x: 1062.3, y: 423.4 }, { x: 1030.1, y: 404.2 }];
  const safe = { x0: -100, y0: 150, x1: 1800, y1: 700 };  // the page's header covers the top
  const v = fitView(boxOf(pts), safe, 20, 1, 8);
  assert.ok(v.k > 1, "zoomed in: the targets fill the screen");
  for (const p of pts) assert.ok(inside(v, p, safe, 20), JSON.stringify(p));
});

test("the fit never zooms in past the cap (a lone target is not blown up) nor out past the whole map", () => {
  const one = fitView(boxOf([{ x: 500, y: 300 }]), { x0: 0, y0: 0, x1: 1920, y1: 780 }, 10, 1, 3);
  assert.equal(one.k, 3);
  assert.equal(one.x + 500 * one.k, 960, "centred across");
  assert.equal(one.y + 300 * one.k, 390, "centred down");
  const all = fitView({ x0: 0, y0: 0, x1: 1920, y1: 780 }, { x0: 0, y0: 0, x1: 400, y1: 300 }, 0, 1, 8);
  assert.equal(all.k, 1);
});

test("the off-screen count is the points outside the rectangle", () => {
  const rect = { left: 0, top: 100, right: 300, bottom: 500 };
  assert.equal(countOutside([{ x: 10, y: 120 }, { x: 290, y: 499 }, { x: -1, y: 200 }, { x: 100, y: 90 }, { x: 100, y: 501 }], rect), 3);
  assert.equal(countOutside([], rect), 0);
});

test("an arrow key goes to the nearest target that way, preferring the same row", () => {
  const pts = [
    { key: "a", x: 0, y: 0 }, { key: "b", x: 50, y: 2 }, { key: "c", x: 30, y: 40 },
    { key: "d", x: 0, y: 60 }, { key: "e", x: -40, y: -5 },
  ];
  const at = (k) => pts.find((p) => p.key === k);
  assert.equal(nextInDirection(pts, at("a"), "ArrowRight").key, "b");
  assert.equal(nextInDirection(pts, at("a"), "ArrowDown").key, "d", "straight below beats a nearer one aside");
  assert.equal(nextInDirection(pts, at("b"), "ArrowDown").key, "c");
  assert.equal(nextInDirection(pts, at("a"), "ArrowLeft").key, "e");
  assert.equal(nextInDirection(pts, at("b"), "ArrowRight"), null, "nothing further right");
  assert.equal(nextInDirection(pts, at("d"), "ArrowUp").key, "a");
  assert.equal(nextInDirection(pts, at("c"), "ArrowUp").key, "b");
  assert.equal(nextInDirection(pts, at("a"), "Tab"), null);
});
