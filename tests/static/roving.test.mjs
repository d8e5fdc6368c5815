// The boards' keyboard model (static/roving.js): where an arrow key (or Home/End) takes the
// focus among a board's targets, and which target keeps the board's one Tab stop after a
// redraw. Pure functions over the targets' centres and sizes, so Node runs them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { offered } from "../../static/games/tuk-tuk-taxi/model.js";
import { nextIndex, pickCurrent } from "../../static/roving.js";
import { fixture } from "./fixtures.mjs";

const box = (x, y, size = 10) => ({ x, y, w: size, h: size });
/** A full grid of cols x rows cells, in reading order. */
const grid = (cols, rows) => Array.from({ length: cols * rows }, (_, i) => box((i % cols) * 10, Math.floor(i / cols) * 10));

test("in a full grid the arrows step to the next cell, and stay at the edge", () => {
  const cells = grid(3, 3); // 0 1 2 / 3 4 5 / 6 7 8
  assert.equal(nextIndex(cells, 4, "ArrowRight"), 5);
  assert.equal(nextIndex(cells, 4, "ArrowLeft"), 3);
  assert.equal(nextIndex(cells, 4, "ArrowUp"), 1);
  assert.equal(nextIndex(cells, 4, "ArrowDown"), 7);
  assert.equal(nextIndex(cells, 5, "ArrowRight"), 5);
  assert.equal(nextIndex(cells, 0, "ArrowUp"), 0);
  assert.equal(nextIndex(cells, 4, "Enter"), 4);
});

test("Home and End go to the first and the last target in reading order", () => {
  // drawn out of order: the board's layers, not its rows, decide the DOM order
  const cells = [box(20, 10), box(0, 20), box(10, 0), box(30, 0), box(0, 10)];
  assert.equal(nextIndex(cells, 0, "Home"), 2);
  assert.equal(nextIndex(cells, 0, "End"), 1);
  assert.equal(nextIndex([], 0, "Home"), -1);
});

test("an arrow keeps to the row before it reaches into another", () => {
  // from (0,0): a target far along the same row, a nearer one a row down
  const cells = [box(0, 0), box(20, 15), box(60, 0)];
  assert.equal(nextIndex(cells, 0, "ArrowRight"), 2);
  // no one in the row: the nearest within 45 degrees before one further to the side
  const sparse = [box(0, 0), box(5, 40), box(30, 20)];
  assert.equal(nextIndex(sparse, 0, "ArrowRight"), 2);
  assert.equal(nextIndex(sparse, 0, "ArrowDown"), 1);
  // and nothing on that side: the focus stays
  assert.equal(nextIndex(sparse, 0, "ArrowLeft"), 0);
  assert.equal(nextIndex(sparse, 0, "ArrowUp"), 0);
});

test("the arrows reach every target the board offers (Tuk-Tuk Taxi's cells from real play)", () => {
  const { docs } = fixture("tuk-tuk-taxi");
  for (const kind of ["place", "place_plain", "move", "go_to"]) {
    const offer = offered(docs[kind].legal);
    const cells = [...offer.place.keys(), ...offer.goTo, ...offer.moves.keys()];
    assert.ok(cells.length > 1, kind);
    // as board.js draws them: 40 units a cell, row r and column c of "r,c"
    const boxes = cells.map((key) => { const [r, c] = key.split(",").map(Number); return box(c * 40 + 20, r * 40 + 20, 40); });
    const seen = new Set([0]);
    const todo = [0];
    while (todo.length) {
      const from = todo.pop();
      for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) {
        const to = nextIndex(boxes, from, key);
        if (!seen.has(to)) {
          seen.add(to);
          todo.push(to);
        }
      }
    }
    assert.equal(seen.size, cells.length, `${kind}: every target is reached from the first`);
  }
});

test("after a redraw the Tab stop stays on the same target, else the nearest to where it was", () => {
  const cells = grid(3, 2);
  const keys = ["a", "b", "c", "d", "e", "f"];
  assert.equal(pickCurrent(keys, cells, "e", null), 4);
  // "e" is gone (the move was made there): the target nearest to where it was, "f"
  const left = [cells[0], cells[1], cells[2], cells[3], cells[5]];
  assert.equal(pickCurrent(["a", "b", "c", "d", "f"], left, "e", box(18, 10)), 4);
  assert.equal(pickCurrent(["a", "b", "c", "d", "f"], left, "e", box(1, 2)), 0);
  // nothing remembered: the first in reading order
  assert.equal(pickCurrent(["x", "y"], [box(10, 10), box(0, 0)], null, null), 1);
  assert.equal(pickCurrent([], [], "a", box(0, 0)), -1);
});
