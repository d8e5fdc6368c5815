// "Since your last turn": coming back to a table (a snapshot after being away), a panel
// lists, in the log's own words, what happened since this seat last acted, and those lines
// are highlighted in the log. Dismissed by its button, or cleared when the player acts.

import { add, clear, h, playerColor } from "/static/dom.js";
import { lineNodes, lineRefs } from "/static/gamelog.js";
import { t } from "/static/i18n.js";

const MAX_SHOWN = 30;

/** Lines after the last one this seat caused (everything, if it never acted). */
export function sinceLastTurn(lines, seat) {
  let last = 0;
  for (const line of lines) {
    if (line.seat === seat && typeof line.seq === "number") last = Math.max(last, line.seq);
  }
  return lines.filter((l) => typeof l.seq === "number" && l.seq > last && l.seat !== seat);
}

export class SincePanel {
  /**
   * describe(ref): the board's word for a place; onRefs(): called when the set of places to
   * highlight changes (the shell asks the board to draw `this.refs`, or nothing once cleared).
   */
  constructor(nameOf, logEl, { describe = null, onRefs = null } = {}) {
    this.nameOf = nameOf;
    this.logEl = logEl;
    this.describe = describe;
    this.onRefs = onRefs;
    this.refs = null;
    this.seenSeq = 0;
    this.el = h("section", { class: "panel since-panel", "data-testid": "since", role: "status", hidden: true });
  }

  /** Every document: a snapshot may bring lines this page has not shown yet. */
  update({ log, snapshot }, seat) {
    const lines = Array.isArray(log) ? log : [];
    if (snapshot && seat !== null && seat !== undefined) {
      const missed = sinceLastTurn(lines, seat).filter((l) => l.seq > this.seenSeq);
      if (missed.length) this.show(missed);
    }
    for (const l of lines) if (typeof l.seq === "number") this.seenSeq = Math.max(this.seenSeq, l.seq);
    this.mark();
  }

  show(lines) {
    this.seqs = new Set(lines.map((l) => l.seq));
    this.lines = lines;
    // What the missed moves name, drawn on the board until the panel is dismissed.
    const refs = lines.flatMap((l) => lineRefs(l));
    this.refs = refs.length ? refs : null;
    this.onRefs?.();
    const shown = lines.slice(-MAX_SHOWN);
    add(clear(this.el),
      h("div", { class: "since-head" }, [
        h("h2", null, t("since.title")),
        h("button", { type: "button", class: "btn btn-small btn-ghost", "data-testid": "since-dismiss", onclick: () => this.clear() }, t("since.dismiss")),
      ]),
      lines.length > shown.length ? h("p", { class: "muted small" }, t("since.last_n", { shown: shown.length, total: lines.length })) : null,
      h("ol", { class: "since-list" }, shown.map((l) =>
        h("li", { class: "since-line", style: typeof l.seat === "number" ? { "--seat-color": playerColor(l.seat) } : null },
          lineNodes(l, this.nameOf, this.describe)))),
    );
    this.el.hidden = false;
    this.mark();
  }

  /** Highlight the missed lines in the log panel too (it redraws, so after every draw). */
  mark() {
    if (!this.logEl || !this.seqs) return;
    for (const li of this.logEl.querySelectorAll(".log-line")) {
      li.classList.toggle("since", this.seqs.has(Number(li.dataset.seq)));
    }
  }

  /** Word the panel again in a new language (same moves). */
  relabel() {
    if (this.seqs && this.lines) this.show(this.lines);
  }

  clear() {
    const had = this.refs;
    this.seqs = null;
    this.refs = null;
    if (had) this.onRefs?.();
    this.el.hidden = true;
    clear(this.el);
    if (this.logEl) for (const li of this.logEl.querySelectorAll(".log-line.since")) li.classList.remove("since");
  }
}
