// My games' pure parts: the order of the tables waiting for this browser (static/minefeed.js
// turnsInOrder: the nearest clock deadline first, then the longest wait, never the table
// shown) and the days of holiday a seat may still take (static/rest.js holidayDaysLeft).
import assert from "node:assert/strict";
import { register } from "node:module";
import { test } from "node:test";

const STATIC = new URL("../../static/", import.meta.url).href;
const hook = `export async function resolve(spec, ctx, next) {
  return next(spec.startsWith("/static/") ? ${JSON.stringify(STATIC)} + spec.slice(8) : spec, ctx);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
const { turnsInOrder } = await import("../../static/minefeed.js");
const { holidayDaysLeft } = await import("../../static/rest.js");

const game = (id, group, deadline, since) => ({
  game_id: id, group, turn_since: since, clock: deadline === null ? null : { deadline },
});

test("the nearest deadline comes first, then the table that has waited longest", () => {
  const games = [
    game("late-deadline", "your_turn", 9000, 1),
    game("no-clock-old", "your_turn", null, 100),
    game("soon", "your_turn", 5000, 500),
    game("no-clock-new", "your_turn", null, 300),
    game("theirs", "waiting", 10, 0),
    game("over", "finished", null, 0),
  ];
  assert.deepEqual(turnsInOrder(games).map((g) => g.game_id),
    ["soon", "late-deadline", "no-clock-old", "no-clock-new"]);
  // The table on screen is never the next one.
  assert.deepEqual(turnsInOrder(games, "soon").map((g) => g.game_id)[0], "late-deadline");
  assert.deepEqual(turnsInOrder([game("theirs", "waiting", 1, 1)]), []);
});

test("a stopped clock (no deadline) waits behind every running one", () => {
  const games = [game("stopped", "your_turn", null, 0), { ...game("run", "your_turn", 7, 9) }];
  games[0].clock = { deadline: null };
  assert.deepEqual(turnsInOrder(games).map((g) => g.game_id), ["run", "stopped"]);
});

test("holiday days left are whole days of the allowance not yet spent", () => {
  const clock = { holiday_used: { 0: 86400 * 1.5 } };
  assert.equal(holidayDaysLeft(clock, { holiday_days: 3 }, 0), 1);
  assert.equal(holidayDaysLeft(clock, { holiday_days: 3 }, 1), 3);
  assert.equal(holidayDaysLeft({}, {}, 0), 7); // the default allowance
  assert.equal(holidayDaysLeft({ holiday_used: { 0: 86400 * 9 } }, { holiday_days: 7 }, 0), 0);
});
