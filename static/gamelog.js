// The action log panel. A line is {seq, seat, key, params, private, data} (a message the
// viewer's language words, static/i18n.js) or, in games stored before log lines had keys,
// {seq, seat, text} with "{seatN}" for players' names. Names are always text nodes (escaped).
// The newest frame's lines are highlighted; hovering, focusing or tapping a line that names
// board places asks the board to highlight them (GameLog's onRefs callback).

import { clear, h, playerColor, seatMark } from "/static/dom.js";
import { msg, parts, t } from "/static/i18n.js";

const MAX_LINES = 500;
const LINES_AT_ONCE = 40; // a log draws this many lines a task, newest first
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
  constructor(nameOf, { describe = null, onRefs = null, held = false } = {}) {
    this.nameOf = nameOf;
    this.describe = describe;
    this.onRefs = onRefs;
    this.lines = new Map();
    this.recent = new Set(); // the newest frame's lines (marked "recent" on the page)
    this.marked = new Set(); // the lines drawn with that mark
    this.owed = { added: [], dropped: [], replace: false, soon: false }; // added, not yet drawn (sync)
    this.items = new Map(); // key -> its drawn <li> (a frame's new lines are appended to them)
    this.undone = new Set();
    this.stuck = true; // the list is scrolled to its end: new lines keep it there
    this.drawing = 0; // counts draws: older lines still to come belong to the newest
    this.held = held; // lines are kept but not drawn until release()
    this.list = h("ol", { class: "log-list", "data-testid": "log", "aria-label": msg("log.label"), tabindex: "0" });
    // Where the player left the list, known from its own scroll events: reading it at each
    // move would lay the page out once more in the middle of drawing the move (issue 42).
    // Only a scroll the player began (wheel, touch, keys, a press on the scrollbar) is read:
    // the list's own scroll to a new line keeps it at its end, and reading the layout then
    // - at the start of the next move's frame - laid the page out an extra time.
    let began = -Infinity;
    const intent = () => { began = performance.now(); };
    for (const type of ["wheel", "touchstart", "touchmove", "keydown", "pointerdown"]) {
      this.list.addEventListener(type, intent, { passive: true });
    }
    this.list.addEventListener("scroll", () => {
      if (performance.now() - began > 3000) return;
      intent(); // a long drag or a fling keeps being the player's
      this.stuck = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    }, { passive: true });
    this.el = h("section", { class: "panel log-panel", "aria-labelledby": "log-h" }, [
      h("h3", { class: "panel-title", id: "log-h" }, msg("log.title")),
      this.list,
    ]);
    // Out of view (below the board on a phone) the list is not laid out (content-visibility,
    // style.css), and scrolling it to its end would lay it out at every move: the scroll
    // waits until the list comes near the screen.
    this.inView = true;
    this.scrollOwed = false;
    if (typeof IntersectionObserver === "function") {
      new IntersectionObserver(([entry]) => {
        this.inView = entry.isIntersecting;
        if (this.inView && this.scrollOwed) this.follow();
      }, { rootMargin: "200px" }).observe(this.el);
    }
  }

  /**
   * Add the lines of one frame; a snapshot replaces everything. The lines are known at once
   * (a board draws its last moves from them); with `later(fn)` the list on the page is
   * brought up to date when `later` calls back (the shell: after the board's frame).
   */
  add(lines, { replace = false, later = null } = {}) {
    if (replace) {
      this.lines.clear();
      this.order = 0;
      this.owed.replace = true;
    }
    this.recent = new Set();
    const added = [];
    for (const line of lines || []) {
      if (!line || (typeof line.text !== "string" && typeof line.key !== "string")) continue;
      // Several lines may share an event's seq: the key keeps them apart but drops repeats.
      const words = line.key ? `${line.key}${JSON.stringify(line.params || {})}` : line.text;
      const key = `${line.seq ?? ""}|${line.private ? 1 : 0}|${words}`;
      if (this.lines.has(key)) continue;
      this.order = (this.order || 0) + 1;
      this.lines.set(key, { ...line, order: this.order });
      added.push(key);
      if (!replace) this.recent.add(key);
    }
    const dropped = [];
    if (this.lines.size > MAX_LINES) {
      const keys = this.sorted().map(([k]) => k);
      for (const k of keys.slice(0, this.lines.size - MAX_LINES)) {
        this.lines.delete(k);
        dropped.push(k);
      }
    }
    this.owed.added.push(...added);
    this.owed.dropped.push(...dropped);
    if (this.held) return;
    if (!later) this.sync();
    else if (!this.owed.soon) {
      this.owed.soon = true;
      later(() => this.sync());
    }
  }

  /** The list on the page brought up to the lines added since it was last drawn. */
  sync() {
    const { replace, added: owedAdded, dropped: owedDropped } = this.owed;
    this.owed = { added: [], dropped: [], replace: false, soon: false };
    if (this.held) return;
    // Lines a later frame dropped again, or a draw already put on the page, are not added.
    const added = owedAdded.filter((k) => this.lines.has(k) && !this.items.has(k));
    const dropped = owedDropped.filter((k) => !this.lines.has(k));
    if (!replace && !added.length && !dropped.length && this.last) {
      this.unmark();
      return;
    }
    if (replace || !this.appendable(added, dropped)) {
      this.draw();
      return;
    }
    // The usual move: its lines come after every line drawn, so they are appended and the
    // lines already drawn stay (a long game's log is not rebuilt at every move).
    this.unmark();
    for (const key of dropped) {
      this.items.get(key)?.remove();
      this.items.delete(key);
    }
    for (const key of added) {
      const li = this.item(key, this.lines.get(key));
      this.items.set(key, li);
      this.list.appendChild(li);
    }
    this.last = added.length ? this.lines.get(added[added.length - 1]) : this.last;
    this.follow();
  }

  /** The "recent" mark off the lines of frames before the newest. */
  unmark() {
    for (const key of this.marked) if (!this.recent.has(key)) this.items.get(key)?.classList.remove("recent");
    this.marked = new Set([...this.marked].filter((k) => this.recent.has(k)));
  }

  /** Draw the lines kept while held (and every later one as it comes). */
  release() {
    this.held = false;
    this.draw();
  }

  /** Whether the lines `added` can be appended to the drawn list as it is. */
  appendable(added, dropped) {
    if (!this.last || dropped.some((k) => !this.items.has(k))) return false;
    const seqOf = (l) => (typeof l.seq === "number" ? l.seq : Number.MAX_SAFE_INTEGER);
    let prev = this.last;
    for (const key of added) {
      const line = this.lines.get(key);
      // A take-back strikes earlier lines through; a line sorting before a drawn one
      // goes in between: both draw the whole list again.
      if (Array.isArray(line.data?.takeback) || seqOf(line) < seqOf(prev)) return false;
      prev = line;
    }
    return true;
  }

  sorted() {
    const seqOf = (l) => (typeof l.seq === "number" ? l.seq : Number.MAX_SAFE_INTEGER);
    return [...this.lines.entries()].sort((a, b) => seqOf(a[1]) - seqOf(b[1]) || a[1].order - b[1].order);
  }

  /** One line's <li>, in the current language. */
  item(key, line) {
    const cls = ["log-line"];
    if (line.private) cls.push("private");
    if (this.recent.has(key)) {
      cls.push("recent");
      this.marked.add(key);
    }
    if (this.undone.has(line.seq)) cls.push("taken-back");
    const seat = typeof line.seat === "number" ? line.seat : null;
    const refs = lineRefs(line);
    if (refs.length) cls.push("has-refs");
    const show = refs.length && this.onRefs ? () => this.onRefs(refs) : null;
    const hide = refs.length && this.onRefs ? () => this.onRefs(null) : null;
    return h("li", {
      class: cls.join(" "),
      "data-seq": line.seq ?? "",
      tabindex: refs.length ? "0" : null,
      style: seat !== null ? { "--seat-color": playerColor(seat) } : null,
      onmouseenter: show, onmouseleave: hide, onfocus: show, onblur: hide, onclick: show,
    }, [
      line.private ? h("span", { class: "badge log-private", title: t("log.private_title") }, t("log.private")) : null,
      this.undone.has(line.seq) ? h("span", { class: "visually-hidden" }, t("log.taken_back")) : null,
      ...lineNodes(line, this.nameOf, this.describe),
    ]);
  }

  /**
   * Every line drawn again (a snapshot, a take-back, another language, the board's words):
   * the newest lines at once, the older ones a batch per task after (issue 42: a long game's
   * whole log built in one go was a long task on a phone, before the board's first paint).
   */
  draw() {
    const drawing = ++this.drawing;
    clear(this.list);
    this.items.clear();
    this.marked = new Set();
    this.owed = { added: [], dropped: [], replace: false, soon: this.owed.soon };
    const entries = this.sorted();
    // Versions a take-back event undid (its line's data names them): struck through, kept.
    this.undone = new Set(entries.flatMap(([, l]) => (Array.isArray(l.data?.takeback) ? l.data.takeback : [])));
    if (!entries.length) {
      this.list.appendChild(h("li", { class: "log-empty muted" }, t("log.empty")));
    }
    const older = entries.slice(0, Math.max(0, entries.length - LINES_AT_ONCE));
    this.list.append(this.drawnItems(entries.slice(older.length)));
    this.last = entries.length ? entries[entries.length - 1][1] : null;
    this.follow();
    this.drawOlder(older, drawing);
  }

  /** The <li>s of `entries`, kept by key, in a fragment. */
  drawnItems(entries) {
    const out = document.createDocumentFragment();
    for (const [key, line] of entries) {
      const li = this.item(key, line);
      this.items.set(key, li);
      out.appendChild(li);
    }
    return out;
  }

  /** The lines before the ones drawn, newest batch first, each in a task of its own; a
   * newer draw (`drawing` moved on) leaves the rest to itself. */
  drawOlder(older, drawing) {
    if (!older.length) return;
    setTimeout(() => {
      if (drawing !== this.drawing) return;
      this.list.prepend(this.drawnItems(older.splice(Math.max(0, older.length - LINES_AT_ONCE))));
      this.follow();
      this.drawOlder(older, drawing);
    }, 0);
  }

  /**
   * Keep the newest line in view when the list was at its end (or a frame brought news), at
   * the next frame: the page is laid out for it once, with everything else the move changed.
   */
  follow() {
    if (!this.stuck && !this.recent.size && !this.scrollOwed) return;
    const scroll = () => {
      this.scrollFrame = 0;
      this.scrollOwed = !this.inView;
      if (!this.scrollOwed) this.list.scrollTop = this.list.scrollHeight;
    };
    if (typeof requestAnimationFrame !== "function") scroll();
    else if (!this.scrollFrame) this.scrollFrame = requestAnimationFrame(scroll);
  }
}
