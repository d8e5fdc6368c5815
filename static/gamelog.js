// The action log panel: lines {seq, seat, text, private}, "{seatN}" replaced by players' names
// (as text nodes, so names are always escaped), the newest frame's lines highlighted.

import { clear, h, playerColor } from "/static/dom.js";

const MAX_LINES = 500;
const PLACEHOLDER = /\{seat(\d+)\}/g;

/** Build the DOM nodes of one log text with names substituted. */
export function logTextNodes(text, nameOf) {
  const out = [];
  let last = 0;
  const s = String(text ?? "");
  for (const m of s.matchAll(PLACEHOLDER)) {
    if (m.index > last) out.push(document.createTextNode(s.slice(last, m.index)));
    const seat = Number(m[1]);
    out.push(h("span", { class: "log-name", style: { color: playerColor(seat) } }, nameOf(seat)));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(document.createTextNode(s.slice(last)));
  return out;
}

export class GameLog {
  constructor(nameOf) {
    this.nameOf = nameOf;
    this.lines = new Map();
    this.recent = new Set();
    this.list = h("ol", { class: "log-list", "data-testid": "log", "aria-live": "polite", "aria-label": "Game log" });
    this.el = h("section", { class: "panel log-panel", "aria-labelledby": "log-h" }, [
      h("h3", { class: "panel-title", id: "log-h" }, "Log"),
      this.list,
    ]);
  }

  /** Add the lines of one frame; a snapshot replaces everything. */
  add(lines, { replace = false } = {}) {
    if (replace) {
      this.lines.clear();
      this.order = 0;
    }
    this.recent = new Set();
    for (const line of lines || []) {
      if (!line || typeof line.text !== "string") continue;
      // Several lines may share an event's seq: the key keeps them apart but drops repeats.
      const key = `${line.seq ?? ""}|${line.private ? 1 : 0}|${line.text}`;
      if (this.lines.has(key)) continue;
      this.order = (this.order || 0) + 1;
      this.lines.set(key, { ...line, order: this.order });
      if (!replace) this.recent.add(key);
    }
    if (this.lines.size > MAX_LINES) {
      const keys = this.sorted().map(([k]) => k);
      for (const k of keys.slice(0, this.lines.size - MAX_LINES)) this.lines.delete(k);
    }
    this.draw();
  }

  sorted() {
    const seqOf = (l) => (typeof l.seq === "number" ? l.seq : Number.MAX_SAFE_INTEGER);
    return [...this.lines.entries()].sort((a, b) => seqOf(a[1]) - seqOf(b[1]) || a[1].order - b[1].order);
  }

  draw() {
    const nearBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    clear(this.list);
    const entries = this.sorted();
    // Versions a take-back event undid (its line's data names them): struck through, kept.
    const undone = new Set(entries.flatMap(([, l]) => (Array.isArray(l.data?.takeback) ? l.data.takeback : [])));
    if (!entries.length) {
      this.list.appendChild(h("li", { class: "log-empty muted" }, "Nothing has happened yet."));
    }
    for (const [key, line] of entries) {
      const cls = ["log-line"];
      if (line.private) cls.push("private");
      if (this.recent.has(key)) cls.push("recent");
      if (undone.has(line.seq)) cls.push("taken-back");
      const seat = typeof line.seat === "number" ? line.seat : null;
      this.list.appendChild(
        h("li", {
          class: cls.join(" "),
          "data-seq": line.seq ?? "",
          style: seat !== null ? { "--seat-color": playerColor(seat) } : null,
        }, [
          line.private ? h("span", { class: "badge log-private", title: "Only you see this line" }, "private") : null,
          undone.has(line.seq) ? h("span", { class: "visually-hidden" }, "Taken back: ") : null,
          ...logTextNodes(line.text, this.nameOf),
        ]),
      );
    }
    if (nearBottom || this.recent.size) this.list.scrollTop = this.list.scrollHeight;
  }
}
