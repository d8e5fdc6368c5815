// The screen reader's view of the game: one polite announcement per new log line, in words
// (lineText), never the whole log. The log list itself is not a live region, so nothing is
// read twice. The first snapshot of a page (and a reconnect's snapshot) only sets the mark:
// what a player saw before is not read again, what happened while away is.

import { h } from "/static/dom.js";
import { lineText } from "/static/gamelog.js";

/** Lines of a frame that come after `seen` (the highest version already announced). */
export function newLines(lines, seen) {
  return (Array.isArray(lines) ? lines : []).filter((l) => typeof l?.seq === "number" && l.seq > seen);
}

const KEPT = 6; // a few recent lines stay in the region: removing a node is never read out

export class MoveAnnouncer {
  /** nameOf(seat) -> a player's name; describe(ref) -> the board's word for a place. */
  constructor(nameOf, describe = null) {
    this.nameOf = nameOf;
    this.describe = describe;
    this.seen = null;
    this.el = h("div", {
      class: "visually-hidden", role: "log", "aria-live": "polite", "aria-relevant": "additions",
      "aria-atomic": "false", "data-testid": "announcer",
    });
  }

  /** Every document frame: announce what is new since the last one. */
  update({ log, snapshot }) {
    const lines = Array.isArray(log) ? log : [];
    const top = lines.reduce((m, l) => (typeof l?.seq === "number" ? Math.max(m, l.seq) : m), 0);
    if (this.seen === null) {
      // The page's first frame: the board and the log show it, nothing to announce.
      this.seen = top;
      return;
    }
    const fresh = newLines(lines, this.seen);
    if (!snapshot || fresh.length <= KEPT) this.later(fresh);
    this.seen = Math.max(this.seen, top);
  }

  /**
   * Word and announce `fresh` lines after the frame that draws their move is painted: the
   * screen reader reads them no sooner, and the move's own frame does not pay for building
   * the words and laying out the region (issue 42).
   */
  later(fresh) {
    if (!fresh.length) return;
    const flush = () => {
      const queued = this.queued;
      this.queued = null;
      for (const l of queued) this.say(lineText(l, this.nameOf, this.describe));
    };
    if (this.queued) {
      // (a hidden tab paints no frame: only the newest lines would stay in the region)
      this.queued.push(...fresh);
      this.queued.splice(0, Math.max(0, this.queued.length - KEPT));
      return;
    }
    this.queued = [...fresh];
    if (typeof requestAnimationFrame !== "function") flush();
    else requestAnimationFrame(() => setTimeout(flush, 0));
  }

  /** Announce one sentence (each its own node, so each is read once). */
  say(text) {
    if (!text) return;
    this.el.appendChild(h("p", null, text));
    while (this.el.childNodes.length > KEPT) this.el.removeChild(this.el.firstChild);
  }
}
