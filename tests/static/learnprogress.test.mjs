// The lesson progress's merge (static/learnprogress.js): this browser's record and the
// account's make one - done is the union, "Continue" the most recent start unless finished.
import assert from "node:assert/strict";
import { test } from "node:test";

const { mergeProgress, toWire, fromWire } = await import("../../static/learnprogress.js");

test("a lesson done on either side is done, the later time kept", () => {
  const here = { done: { "kaki-lima/first-game": 100, "tuk-tuk-taxi/first-game": true }, current: null };
  const account = { done: { "kaki-lima/first-game": 50, "indonesia/eras": 70 }, current: null };
  assert.deepEqual(mergeProgress(here, account).done,
    { "kaki-lima/first-game": 100, "tuk-tuk-taxi/first-game": 1, "indonesia/eras": 70 });
  // Every done lesson reads as done (a page tests the value itself).
  assert.ok(Object.values(mergeProgress(here, account).done).every(Boolean));
});

test("continue is the more recent start, and none once that lesson was finished after it", () => {
  const older = { done: {}, current: { lesson: "kaki-lima/clearing", gameId: "a", at: 10 } };
  const newer = { done: {}, current: { lesson: "indonesia/eras", gameId: "b", at: 20 } };
  assert.equal(mergeProgress(older, newer).current.gameId, "b");
  assert.equal(mergeProgress(newer, older).current.gameId, "b");
  const finished = { done: { "indonesia/eras": 30 }, current: null };
  assert.equal(mergeProgress(newer, finished).current, null);
  const restarted = { done: { "indonesia/eras": 30 }, current: { lesson: "indonesia/eras", gameId: "c", at: 40 } };
  assert.equal(mergeProgress(restarted, finished).current.gameId, "c");
});

test("the wire shape goes there and back, and a start without its table is not sent", () => {
  const p = { done: { "kaki-lima/first-game": Date.parse("2026-12-01T10:00:00Z") },
    current: { lesson: "kaki-lima/clearing", gameId: "g_1-x", at: Date.parse("2026-12-02T10:00:00Z") } };
  const wire = toWire(p);
  assert.deepEqual(wire.done, [{ lesson: "kaki-lima/first-game", at: "2026-12-01T10:00:00.000Z" }]);
  assert.deepEqual(fromWire(wire.current ? { done: wire.done, current: wire.current } : wire), p);
  assert.equal(toWire({ done: {}, current: { lesson: "kaki-lima/clearing", gameId: "<b>" } }).current, null);
  assert.equal(toWire({ done: {}, current: null }).current, null);
});
