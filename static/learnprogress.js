// The lesson progress's pure parts (docs/lessons.md "Progress in the account"): merging two
// records of it (this browser's localStorage "meja.learn" and the account's) and the shapes
// of POST /api/account/lessons. No DOM, no storage: static/learn.js does the rest.
//
// A record: {done: {"<game>/<id>": when (ms; `true` from before times were kept)},
//            current: {lesson, gameId, at (ms)} | null}.

/** How many finished lessons one sync sends at most (the server takes 200). */
export const MAX_SENT = 200;

const GAME_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** When a lesson was finished, in ms, never 0 (the pages read the value as "done"): a tick
 * from before times were kept counts as 1; -1 is not done. */
export function doneAt(value) {
  if (typeof value === "number" && Number.isFinite(value)) return value > 0 ? value : value === 0 ? 1 : -1;
  return value ? 1 : -1;
}

/**
 * The union of two records: a lesson is done when either says so (the later time kept);
 * "Continue" is the more recent start, and none when that lesson was finished since.
 */
export function mergeProgress(a, b) {
  const done = {};
  for (const rec of [a, b]) {
    for (const [key, value] of Object.entries((rec && rec.done) || {})) {
      const when = doneAt(value);
      if (when >= 0 && !(key in done && done[key] >= when)) done[key] = when;
    }
  }
  const starts = [a && a.current, b && b.current].filter((c) => c && c.lesson && c.gameId);
  starts.sort((x, y) => (y.at || 0) - (x.at || 0));
  let current = starts[0] || null;
  if (current && current.lesson in done && done[current.lesson] >= (current.at || 0)) current = null;
  return { done, current: current ? { lesson: current.lesson, gameId: current.gameId, at: current.at || 0 } : null };
}

/** A record as POST /api/account/lessons takes it (the most recent MAX_SENT lessons). */
export function toWire(p) {
  const done = Object.entries(p.done || {}).map(([lesson, value]) => [lesson, doneAt(value)])
    .filter(([, when]) => when >= 0).sort((x, y) => y[1] - x[1]).slice(0, MAX_SENT)
    .map(([lesson, when]) => ({ lesson, at: new Date(when).toISOString() }));
  const c = p.current;
  const current = c && c.lesson && GAME_ID.test(c.gameId || "")
    ? { lesson: c.lesson, game_id: c.gameId, at: new Date(c.at || 0).toISOString() } : null;
  return { done, current };
}

/** The account's answer as a record. */
export function fromWire(answer) {
  const done = {};
  for (const d of (answer && answer.done) || []) done[d.lesson] = Date.parse(d.at) || 0;
  const c = answer && answer.current;
  return { done, current: c ? { lesson: c.lesson, gameId: c.game_id, at: Date.parse(c.at) || 0 } : null };
}
