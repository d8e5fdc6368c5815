// The action log panel. A line is {seq, seat, key, params, private, data} (a message the
// viewer's language words, static/i18n.js) or, in games stored before log lines had keys,
// {seq, seat, text} with "{seatN}" for players' names. Names are always text nodes (escaped).
// The newest frame's lines are highlighted; hovering, focusing or tapping a line that names
// board places asks the board to highlight them (GameLog's onRefs callback).

import { clear, h, playerColor, seatMark } from "/static/dom.js";
import { msg, parts, t } from "/static/i18n.js";

const MAX_LINES = 500;
const PLACEHOLDER = /\{seat(\d+)\}/g;

/** Build the DOM nodes of one old (pre-key) log text with names substituted. */
export function logTextNodes(text, nameOf) {
  const out = [];
  let last = 0;
  const s = String(text ?? "");
  for (const m of s.matchAll(PLACEHOLDER)) {
    if (m.index > last) out.push(document.createTextNode(s.slice(last, m.index)));
    const seat = Number(m[1]);
    out.push(nameNode(seat, nameOf));
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push(document.createTextNode(s.slice(last)));
  return out;
}

function nameNode(seat, nameOf) {
  // The seat's shape and colour beside a name in ink: a light seat colour as text would be
  // hard to read, and colour alone would not tell seats apart for everyone.
  return h("span", { class: "log-name", "data-seat": seat }, [seatMark(seat, { size: 12 }), nameOf(seat)]);
}

/** Whether a parameter is a board reference (a place the board can highlight). */
function isRef(v) {
  return v !== null && typeof v === "object" && !("seat" in v) && !("term" in v);
}

/** The board references a line names ({cell}, {area}, ...), for highlighting. */
export function lineRefs(line) {
  const out = [];
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isRef(v)) out.push(v);
  };
  for (const v of Object.values(line?.params || {})) walk(v);
  return out;
}

/**
 * The DOM nodes of one line in the current language. `describe(ref)` is the board's word for
 * a place ("Spa", "C4"); without it a reference shows its label or value.
 */
export function lineNodes(line, nameOf, describe = null) {
  if (!line?.key) return logTextNodes(line?.text, nameOf);
  const place = (v) => {
    if (Array.isArray(v)) return v.map((x) => (typeof x === "object" && x ? placeText(x, describe) : String(x))).join(", ");
    if ("seat" in v) return nameNode(Number(v.seat), nameOf);
    if ("term" in v) return t(String(v.term), v.params || {});
    return h("span", { class: "log-ref" }, placeText(v, describe));
  };
  return parts(line.key, line.params || {}, place, line.text).map((p) => (typeof p === "string" ? document.createTextNode(p) : p));
}

function placeText(ref, describe) {
  const said = describe?.(ref);
  if (typeof said === "string" && said) return said;
  if ("label" in ref) return String(ref.label);
  if ("term" in ref) return t(String(ref.term));
  return Object.values(ref).join(", ");
}

/** One line as plain words (the live region, tests). */
export function lineText(line, nameOf, describe = null) {
  return lineNodes(line, nameOf, describe).map((n) => n.textContent).join("");
}

export class GameLog {
  /**
   * nameOf(seat) -> display name; describe(ref) -> the board's word for a place (optional);
   * onRefs(refs | null) -> highlight what a hovered/focused/tapped line names (optional).
   */
  constructor(nameOf, { describe = null, onRefs = null } = {}) {
    this.nameOf = nameOf;
    this.describe = describe;
    this.onRefs = onRefs;
    this.lines = new Map();
    this.recent = new Set();
    this.list = h("ol", { class: "log-list", "data-testid": "log", "aria-label": msg("log.label"), tabindex: "0" });
    this.el = h("section", { class: "panel log-panel", "aria-labelledby": "log-h" }, [
      h("h3", { class: "panel-title", id: "log-h" }, msg("log.title")),
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
      if (!line || (typeof line.text !== "string" && typeof line.key !== "string")) continue;
      // Several lines may share an event's seq: the key keeps them apart but drops repeats.
      const words = line.key ? `${line.key}${JSON.stringify(line.params || {})}` : line.text;
      const key = `${line.seq ?? ""}|${line.private ? 1 : 0}|${words}`;
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
      this.list.appendChild(h("li", { class: "log-empty muted" }, t("log.empty")));
    }
    for (const [key, line] of entries) {
      const cls = ["log-line"];
      if (line.private) cls.push("private");
      if (this.recent.has(key)) cls.push("recent");
      if (undone.has(line.seq)) cls.push("taken-back");
      const seat = typeof line.seat === "number" ? line.seat : null;
      const refs = lineRefs(line);
      if (refs.length) cls.push("has-refs");
      const show = refs.length && this.onRefs ? () => this.onRefs(refs) : null;
      const hide = refs.length && this.onRefs ? () => this.onRefs(null) : null;
      this.list.appendChild(
        h("li", {
          class: cls.join(" "),
          "data-seq": line.seq ?? "",
          tabindex: refs.length ? "0" : null,
          style: seat !== null ? { "--seat-color": playerColor(seat) } : null,
          onmouseenter: show, onmouseleave: hide, onfocus: show, onblur: hide, onclick: show,
        }, [
          line.private ? h("span", { class: "badge log-private", title: t("log.private_title") }, t("log.private")) : null,
          undone.has(line.seq) ? h("span", { class: "visually-hidden" }, t("log.taken_back")) : null,
          ...lineNodes(line, this.nameOf, this.describe),
        ]),
      );
    }
    if (nearBottom || this.recent.size) this.list.scrollTop = this.list.scrollHeight;
  }
}
