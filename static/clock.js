// Clocks (docs/clocks.md): the lobby form's clock fields, the clock in words, and the
// game page's clock panel. The server's clock is the only one that counts: this module
// only draws `doc.clock` (remaining time per seat at `since`, the running seats and their
// deadlines, all in server milliseconds) and counts down between documents.

import { h } from "/static/dom.js";

(function linkCss() {
  if (document.querySelector("link[data-clock-css]")) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href: "/static/clock.css", "data-clock-css": "" }));
})();

const TURN_LIMITS = [
  [300, "5 minutes"], [3600, "1 hour"], [6 * 3600, "6 hours"], [12 * 3600, "12 hours"],
  [86400, "1 day"], [2 * 86400, "2 days"], [3 * 86400, "3 days"], [5 * 86400, "5 days"],
  [7 * 86400, "7 days"], [14 * 86400, "14 days"],
];
const POLICY_WORDS = {
  bot: "a bot plays for a player out of time",
  skip: "a player out of time passes",
  end: "a player out of time loses (the game ends)",
};

/** A duration in words: "3 hours", "10 minutes", "90 seconds". */
export function span(seconds) {
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${unit}${n === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} second${seconds === 1 ? "" : "s"}`;
}

/** The table's clock in words (mirrors app/tablesettings.py describe_time). */
export function describeTime(settings) {
  const tc = (settings && settings.time_control) || { kind: "none" };
  if (!tc.kind || tc.kind === "none") return "No clock";
  let clock;
  if (tc.kind === "realtime") {
    clock = `Real time: ${span(tc.bank_seconds)}`;
    if (tc.increment_seconds) clock += ` + ${span(tc.increment_seconds)} per move`;
  } else {
    clock = `Turn-based: ${span(tc.turn_seconds)} per turn`;
  }
  return `${clock}; ${POLICY_WORDS[settings.out_of_time || "bot"]}`;
}

/** The lobby-creation form's clock fieldset; `read()` gives the table settings. */
export function clockFields() {
  const kind = h("select", { id: "create-clock", "data-testid": "create-clock" }, [
    h("option", { value: "none" }, "No clock"),
    h("option", { value: "realtime" }, "Real time: a time bank per player"),
    h("option", { value: "turn" }, "Turn-based: hours or days per turn"),
  ]);
  const bank = h("input", { id: "create-bank", type: "number", min: 1, max: 180, value: 10, "data-testid": "create-bank" });
  const inc = h("input", { id: "create-increment", type: "number", min: 0, max: 600, value: 10, "data-testid": "create-increment" });
  const turn = h("select", { id: "create-turn", "data-testid": "create-turn" },
    TURN_LIMITS.map(([s, words]) => h("option", { value: String(s), selected: s === 86400 }, words)));
  const policy = h("select", { id: "create-out-of-time", "data-testid": "create-out-of-time" }, [
    h("option", { value: "bot" }, "A bot plays for them (they can take their seat back)"),
    h("option", { value: "skip" }, "They pass, where the game has a pass (else a bot plays)"),
    h("option", { value: "end" }, "The game ends and they are ranked last"),
  ]);
  const realtimeRow = h("div", { class: "field-row" }, [
    h("div", { class: "field" }, [h("label", { for: "create-bank" }, "Minutes per player"), bank]),
    h("div", { class: "field" }, [h("label", { for: "create-increment" }, "Seconds added per move"), inc]),
  ]);
  const turnRow = h("div", { class: "field" }, [h("label", { for: "create-turn" }, "Time per turn"), turn]);
  const policyRow = h("div", { class: "field" }, [h("label", { for: "create-out-of-time" }, "When a player runs out of time"), policy]);
  const sync = () => {
    realtimeRow.hidden = kind.value !== "realtime";
    turnRow.hidden = kind.value !== "turn";
    policyRow.hidden = kind.value === "none";
  };
  kind.addEventListener("change", sync);
  sync();
  const el = h("fieldset", { class: "options clock-fields" }, [
    h("legend", null, "Clock"),
    h("div", { class: "field" }, [h("label", { for: "create-clock" }, "Time control"), kind]),
    realtimeRow, turnRow, policyRow,
  ]);
  return {
    el,
    read() {
      const tc = { kind: kind.value };
      if (kind.value === "realtime") {
        tc.bank_seconds = Math.round(Number(bank.value) * 60);
        tc.increment_seconds = Math.round(Number(inc.value));
      } else if (kind.value === "turn") {
        tc.turn_seconds = Number(turn.value);
      }
      return kind.value === "none" ? {} : { time_control: tc, out_of_time: policy.value };
    },
  };
}

function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(total / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

function leftWords(ms) {
  const mins = Math.max(0, Math.floor(ms / 60000));
  if (mins >= 2 * 1440) return `${Math.floor(mins / 1440)} days left`;
  if (mins >= 120) return `${Math.floor(mins / 60)} h left`;
  if (mins >= 1) return `${mins} min left`;
  return `${Math.max(0, Math.ceil(ms / 1000))} s left`;
}

/**
 * The game page's clock panel. opts: {seat: () => seat|null, playerName(seat),
 * sendRaw(frame), takeBack(): Promise}. Call update(doc, info, {snapshot}) on every document.
 */
export class ClockPanel {
  constructor(opts) {
    this.opts = opts;
    this.offset = 0; // server time - local time, learnt from fresh documents
    this.clock = null;
    this.el = h("section", { class: "panel clock-panel", "data-testid": "clock", "aria-labelledby": "clock-h", hidden: true });
    this.timer = setInterval(() => this.tick(), 250);
  }

  destroy() {
    clearInterval(this.timer);
  }

  serverNow() {
    return Date.now() + this.offset;
  }

  update(doc, info, { snapshot } = {}) {
    const clock = doc && doc.clock;
    this.info = info;
    if (!clock) {
      this.el.hidden = true;
      this.clock = null;
      return;
    }
    // A patch with a new clock version arrives right after its commit: its `since` is the
    // server's now, give or take the network. (Snapshots may be older; they keep the offset.)
    if (!snapshot && this.clock && clock.version !== this.clock.version) {
      const off = clock.since - Date.now();
      if (Math.abs(off) < 12 * 3600 * 1000) this.offset = off;
    }
    this.clock = clock;
    this.live = doc.status === "active" && !doc.outcome;
    this.draw();
  }

  draw() {
    const c = this.clock;
    const me = this.opts.seat();
    const rows = c.remaining.map((_, seat) => {
      const time = h("span", { class: "clock-time", "data-testid": `clock-time-${seat}` });
      const row = h("li", { class: "clock-row", "data-testid": `clock-seat-${seat}` }, [
        h("span", { class: "clock-name" }, this.opts.playerName(seat) + (seat === me ? " (you)" : "")), time,
      ]);
      return { seat, row, time };
    });
    this.rows = rows;
    const actions = h("div", { class: "clock-actions" });
    if (me !== null && c.stand_ins.includes(me) && this.live) {
      actions.appendChild(h("p", { class: "clock-note" }, "Your time ran out, so a bot is playing your seat."));
      actions.appendChild(h("button", { class: "btn btn-primary btn-small", "data-testid": "take-back", onclick: (ev) => {
        ev.target.disabled = true;
        this.opts.takeBack().catch(() => { ev.target.disabled = false; });
      } }, "Take my seat back"));
    }
    const ext = c.extension || { used: [], ask: null };
    if (c.kind === "turn" && this.live) {
      const ask = ext.ask;
      if (ask) {
        const asker = this.opts.playerName(ask.seat);
        const yes = Object.values(ask.votes || {}).filter(Boolean).length;
        actions.appendChild(h("p", { class: "clock-note", "data-testid": "time-ask" }, `${asker} asks for more time (${yes} agreed so far).`));
        if (me !== null && me !== ask.seat && !(String(me) in (ask.votes || {})) && !c.stand_ins.includes(me)) {
          actions.appendChild(h("button", { class: "btn btn-small", "data-testid": "grant-time", onclick: () => this.opts.sendRaw({ type: "clock", op: "grant" }) }, "Give more time"));
          actions.appendChild(h("button", { class: "btn btn-small btn-ghost", "data-testid": "refuse-time", onclick: () => this.opts.sendRaw({ type: "clock", op: "refuse" }) }, "Refuse"));
        }
      } else if (me !== null && c.running.includes(me) && !ext.used.includes(me)) {
        actions.appendChild(h("button", { class: "btn btn-small", "data-testid": "ask-time", onclick: () => this.opts.sendRaw({ type: "clock", op: "ask" }) }, `Ask for ${span(c.turn_seconds)} more (once per game)`));
      }
      if (ext.last) {
        const who = this.opts.playerName(ext.last.seat);
        actions.appendChild(h("p", { class: "clock-note muted small" }, ext.last.granted ? `${who} was given more time.` : `${who}'s request for more time was refused.`));
      }
    }
    const words = describeTime(this.info && this.info.settings);
    this.el.replaceChildren(
      h("h3", { class: "panel-title", id: "clock-h" }, "Clock"),
      h("p", { class: "muted small", "data-testid": "clock-words" }, words),
      h("ol", { class: "clock-list" }, rows.map((r) => r.row)),
      actions,
    );
    this.el.hidden = false;
    this.tick();
  }

  tick() {
    const c = this.clock;
    if (!c || !this.rows) return;
    const now = this.serverNow();
    const full = c.kind === "realtime" ? (this.info?.settings?.time_control?.bank_seconds || 600) * 1000 : c.turn_seconds * 1000;
    for (const { seat, row, time } of this.rows) {
      const running = this.live && c.running.includes(seat);
      const left = running ? c.deadlines[seat] - now : c.remaining[seat];
      const standIn = c.stand_ins.includes(seat);
      let text;
      if (standIn) text = "bot (out of time)";
      else if (c.kind === "realtime") text = clockText(left);
      else if (running) {
        const at = new Date(c.deadlines[seat] - this.offset);
        const when = at.toLocaleString(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit" });
        text = `until ${when} · ${leftWords(left)}`;
      } else text = "waiting";
      if (time.textContent !== text) time.textContent = text;
      row.classList.toggle("running", running);
      const low = running && (left < Math.min(30000, full) || left < full / 10);
      row.classList.toggle("low", low);
      row.classList.toggle("out", standIn || (running && left <= 0));
      row.dataset.running = running ? "1" : "0";
    }
  }
}
