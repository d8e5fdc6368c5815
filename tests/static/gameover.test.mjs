// The game-over panel's table (static/gameover.js results): seats in rank order (ties by
// seat), who won, the outcome detail's per-seat columns and its other notes. The shell's
// modules import each other as "/static/...", the page's paths: a resolve hook maps them to
// the repository's static/ folder so Node loads them (results() itself touches no DOM).
import assert from "node:assert/strict";
import { register } from "node:module";
import { test } from "node:test";

const STATIC = new URL("../../static/", import.meta.url).href;
const hook = `export async function resolve(spec, ctx, next) {
  return next(spec.startsWith("/static/") ? ${JSON.stringify(STATIC)} + spec.slice(8) : spec, ctx);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const { results } = await import("../../static/gameover.js");

test("seats come in rank order, ties by seat, and every rank-1 seat is a winner", () => {
  const got = results({ scores: [5, 9, 9], ranks: [3, 1, 1] }, [0, 1, 2]);
  assert.deepEqual(got.order, [1, 2, 0]);
  assert.deepEqual(got.winners, [1, 2]);
  assert.deepEqual(results({ scores: [2, 1], ranks: [1, 2] }, [0, 1]).winners, [0]);
});

test("a detail with one value per seat is a column; anything else is a note", () => {
  const outcome = {
    ranks: [2, 1],
    detail: { delivered: [1, 3], stars: { 0: [4, 3], 1: [5] }, ended_by: "stack empty", rounds: [1, 2, 3] },
  };
  const { cols, notes } = results(outcome, [0, 1]);
  assert.deepEqual(cols.map(([key]) => key), ["delivered", "stars"]);
  const [, delivered] = cols[0];
  const [, stars] = cols[1];
  assert.deepEqual([delivered(0), delivered(1), stars(1)], [1, 3, [5]]);
  assert.deepEqual(notes, [["ended_by", "stack empty"], ["rounds", [1, 2, 3]]]);
});

test("an outcome without ranks or detail still lists every seat", () => {
  const got = results({ scores: [0, 0] }, [0, 1]);
  assert.deepEqual(got.order, [0, 1]);
  assert.deepEqual([got.winners, got.cols, got.notes], [[], [], []]);
});
