// Clocks (docs/clocks.md): the lobby form's clock fields, the clock in words, and the
// game page's clock panel. The server's clock is the only one that counts: this module
// only draws `doc.clock` (remaining time per seat at `since`, the running seats and their
// deadlines, all in server milliseconds) and counts down between documents.

import { h, staticUrl, toast } from "/static/dom.js";
import { dateText, listText, live, msg, relativeTime, t } from "/static/i18n.js";
import { holidayText, restParts } from "/static/rest.js";

export const STYLESHEET = staticUrl("/static/clock.css");

(function linkCss() {
  if (document.querySelector("link[data-clock-css]")) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href: STYLESHEET, "data-clock-css": "" }));
})();

const TURN_LIMITS = [300, 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400, 3 * 86400, 5 * 86400, 7 * 86400, 14 * 86400];
// The holiday allowances the form offers (days per player and game; the server takes 0..30).
const HOLIDAY_DAYS = [0, 1, 2, 3, 5, 7, 14, 30];
// What happens to a player out of time, in words: clock.policy.<out_of_time>.
const POLICIES = ["bot", "skip", "end"];

/** A duration in words: "3 hours", "10 minutes", "90 seconds". */
export function span(seconds) {
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (seconds >= size && seconds % size === 0) return t(`clock.span.${unit}`, { n: seconds / size });
  }
  return t("clock.span.second", { n: seconds });
}

/** The table's clock in words (mirrors app/core/tablesettings.py describe_time). */
export function describeTime(settings) {
  const tc = (settings && settings.time_control) || { kind: "none" };
  if (!tc.kind || tc.kind === "none") return t("clock.none");
  let clock;
  if (tc.kind === "realtime") {
    clock = tc.increment_seconds
      ? t("clock.realtime_inc", { bank: span(tc.bank_seconds), inc: span(tc.increment_seconds) })
      : t("clock.realtime", { bank: span(tc.bank_seconds) });
  } else {
    clock = t("clock.turn", { turn: span(tc.turn_seconds) });
  }
  const policy = POLICIES.includes(settings.out_of_time) ? settings.out_of_time : "bot";
  const words = t("clock.with_policy", { clock, policy: t(`clock.policy.${policy}`) });
  if (tc.kind !== "turn") return words;
  const days = Number(settings.holiday_days ?? 7);
  return t("clock.with_holiday", { words, holiday: days ? t("clock.holiday_each", { n: days }) : t("clock.no_holiday_each") });
}

/** The lobby-creation form's clock fieldset; `read()` gives the table settings. */
export function clockFields() {
  const kind = h("select", { id: "create-clock", "data-testid": "create-clock" }, [
    h("option", { value: "none" }, msg("clock.none")),
    h("option", { value: "realtime" }, msg("clock.form.realtime")),
    h("option", { value: "turn" }, msg("clock.form.turn")),
  ]);
  const bank = h("input", { id: "create-bank", type: "number", min: 1, max: 180, value: 10, "data-testid": "create-bank" });
  const inc = h("input", { id: "create-increment", type: "number", min: 0, max: 600, value: 10, "data-testid": "create-increment" });
  const turn = h("select", { id: "create-turn", "data-testid": "create-turn" },
    TURN_LIMITS.map((s) => h("option", { value: String(s), selected: s === 86400 }, live(() => span(s)))));
  const policy = h("select", { id: "create-out-of-time", "data-testid": "create-out-of-time" }, [
    h("option", { value: "bot" }, msg("clock.form.bot")),
    h("option", { value: "skip" }, msg("clock.form.skip")),
    h("option", { value: "end" }, msg("clock.form.end")),
  ]);
  const realtimeRow = h("div", { class: "field-row" }, [
    h("div", { class: "field" }, [h("label", { for: "create-bank" }, msg("clock.form.bank")), bank]),
    h("div", { class: "field" }, [h("label", { for: "create-increment" }, msg("clock.form.increment")), inc]),
  ]);
  const holiday = h("select", { id: "create-holiday", "data-testid": "create-holiday" },
    HOLIDAY_DAYS.map((d) => h("option", { value: String(d), selected: d === 7 }, live(() => (d ? span(d * 86400) : t("clock.form.no_holiday"))))));
  const turnRow = h("div", { class: "field-row" }, [
    h("div", { class: "field" }, [h("label", { for: "create-turn" }, msg("clock.form.turn_limit")), turn]),
    h("div", { class: "field" }, [h("label", { for: "create-holiday" }, msg("clock.form.holiday")), holiday]),
  ]);
  const policyRow = h("div", { class: "field" }, [h("label", { for: "create-out-of-time" }, msg("clock.form.out_of_time")), policy]);
  const sync = () => {
    realtimeRow.hidden = kind.value !== "realtime";
    turnRow.hidden = kind.value !== "turn";
    policyRow.hidden = kind.value === "none";
  };
  kind.addEventListener("change", sync);
  sync();
  const el = h("fieldset", { class: "options clock-fields" }, [
    h("legend", null, msg("clock.title")),
    h("div", { class: "field" }, [h("label", { for: "create-clock" }, msg("clock.form.kind")), kind]),
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
      if (kind.value === "none") return {};
      const out = { time_control: tc, out_of_time: policy.value };
      if (kind.value === "turn") out.holiday_days = Number(holiday.value);
      return out;
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

export function leftWords(ms) {
  const mins = Math.max(0, Math.floor(ms / 60000));
  if (mins >= 2 * 1440) return t("clock.left.days", { n: Math.floor(mins / 1440) });
  if (mins >= 120) return t("clock.left.hours", { n: Math.floor(mins / 60) });
  if (mins >= 1) return t("clock.left.minutes", { n: mins });
  return t("clock.left.seconds", { n: Math.max(0, Math.ceil(ms / 1000)) });
}

/** Seconds on the clock of a seat taken back from its stand-in (mirrors app/features/clock/model.py
 * take_back: real time, a tenth of the bank and at least 30 s; turn-based, a fresh turn). */
export function backSeconds(clock, tc, seat) {
  if (clock.kind === "turn") return clock.turn_seconds;
  const bank = (tc && tc.bank_seconds) || 0;
  return Math.max(Math.round((clock.remaining[seat] || 0) / 1000), 30, Math.round(bank / 10));
}

/**
 * The game page's clock panel. opts: {seat: () => seat|null, playerName(seat),
 * sendRaw(frame), takeBack(): Promise, onTimeout?(words)}. Call update(doc, info,
 * {snapshot}) on every document. A seat running out of time (a stand-in took it, or the game
 * ended on it) is told once, in words, through onTimeout (the shell toasts it and chimes).
 */
export class ClockPanel {
  constructor(opts) {
    this.opts = opts;
    this.offset = 0; // server time - local time, learnt from fresh documents
    this.clock = null;
    this.el = h("section", { class: "panel clock-panel", "data-testid": "clock", "aria-labelledby": "clock-h", hidden: true });
    // What the clock asks this seat (more time for another player? your seat back?): the
    // shell keeps it in the page's asks dock, always in view (style.css, "The asks dock").
    this.question = h("div", { class: "clock-question", "data-testid": "clock-question", hidden: true });
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
    this.tellTimeouts(doc, clock);
    if (!clock) {
      this.el.hidden = true;
      this.question.hidden = true;
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
        h("span", { class: "clock-name" }, seat === me ? t("shell.you_suffix", { name: this.opts.playerName(seat) }) : this.opts.playerName(seat)), time,
      ]);
      return { seat, row, time };
    });
    this.rows = rows;
    const actions = h("div", { class: "clock-actions" });
    const asks = h("div", { class: "clock-actions" });
    if (me !== null && c.stand_ins.includes(me) && this.live) {
      // Say what taking the seat back gives: a player found 0:30 on the clock and no word why.
      const secs = backSeconds(c, this.info?.settings?.time_control, me);
      const time = span(secs);
      asks.appendChild(h("p", { class: "clock-note" }, t("clock.ran_out")));
      asks.appendChild(h("p", { class: "clock-note small", "data-testid": "take-back-gives" },
        t(c.kind === "turn" ? "clock.back_turn" : "clock.back_realtime", { time })));
      asks.appendChild(h("button", { class: "btn btn-primary btn-small", "data-testid": "take-back", onclick: (ev) => {
        ev.target.disabled = true;
        this.opts.takeBack().then(
          () => toast(live(() => t("clock.back_done", { time: span(secs) })), "info", 6000),
          () => { ev.target.disabled = false; });
      } }, t("clock.take_back")));
    }
    const ext = c.extension || { used: [], ask: null };
    if (c.kind === "turn" && this.live) {
      const ask = ext.ask;
      if (ask) {
        const asker = this.opts.playerName(ask.seat);
        const yes = Object.values(ask.votes || {}).filter(Boolean).length;
        actions.appendChild(h("p", { class: "clock-note", "data-testid": "time-ask" }, t("clock.asks", { name: asker, yes })));
        if (me !== null && me !== ask.seat && !(String(me) in (ask.votes || {})) && !c.stand_ins.includes(me)) {
          asks.appendChild(h("p", { class: "clock-note" }, t("clock.asks", { name: asker, yes })));
          asks.appendChild(h("button", { class: "btn btn-small", "data-testid": "grant-time", onclick: () => this.opts.sendRaw({ type: "clock", op: "grant" }) }, t("clock.grant")));
          asks.appendChild(h("button", { class: "btn btn-small btn-ghost", "data-testid": "refuse-time", onclick: () => this.opts.sendRaw({ type: "clock", op: "refuse" }) }, t("clock.refuse")));
        }
      } else if (me !== null && c.running.includes(me) && !ext.used.includes(me)) {
        actions.appendChild(h("button", { class: "btn btn-small", "data-testid": "ask-time", onclick: () => this.opts.sendRaw({ type: "clock", op: "ask" }) }, t("clock.ask", { span: span(c.turn_seconds) })));
      }
      if (ext.last) {
        const who = this.opts.playerName(ext.last.seat);
        actions.appendChild(h("p", { class: "clock-note muted small" }, ext.last.granted ? t("clock.granted", { name: who }) : t("clock.refused", { name: who })));
      }
    }
    const rest = restParts({ clock: c, me, live: this.live, settings: this.info?.settings, name: this.opts.playerName,
      send: (frame) => this.opts.sendRaw(frame), offset: this.offset });
    actions.append(...rest.actions);
    asks.append(...rest.asks);
    const words = describeTime(this.info && this.info.settings);
    this.el.replaceChildren(
      h("h3", { class: "panel-title", id: "clock-h" }, t("clock.title")),
      h("p", { class: "muted small", "data-testid": "clock-words" }, words),
      h("ol", { class: "clock-list" }, rows.map((r) => r.row)),
      actions,
    );
    this.el.hidden = false;
    this.question.replaceChildren(...(asks.childNodes.length ? [asks] : []));
    this.question.hidden = !asks.childNodes.length;
    this.tick();
  }

  /** A seat ran out of time since the last document: say so once (not on the page's first
   * document, which may come long after). */
  tellTimeouts(doc, clock) {
    const before = this.clock;
    const wasOn = this.liveOnce;
    this.liveOnce = Boolean(doc && doc.status === "active" && !doc.outcome);
    if (!this.opts.onTimeout) return;
    const me = this.opts.seat();
    const name = (seat) => this.opts.playerName(seat);
    if (before && clock) {
      for (const seat of clock.stand_ins.filter((s) => !before.stand_ins.includes(s))) {
        this.opts.onTimeout(live(() => (seat === me ? t("clock.timeout_bot_you") : t("clock.timeout_bot", { name: name(seat) }))));
      }
    }
    const out = doc?.outcome?.detail?.timed_out;
    if (wasOn && Array.isArray(out) && out.length) {
      this.opts.onTimeout(live(() => t("clock.timeout_end", { names: listText(out.map(name)) })));
    }
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
      const away = holidayText(c, seat, this.offset);
      if (standIn) text = t("clock.stand_in");
      else if (away) text = away;
      else if (c.kind === "realtime") text = clockText(left);
      else if (running) {
        const at = new Date(c.deadlines[seat] - this.offset);
        // The deadline in the viewer's language and time zone (Intl), and what is left.
        const when = dateText(at.getTime(), { weekday: "short", hour: "2-digit", minute: "2-digit" });
        text = t("clock.until", { when, left: leftWords(left) });
        const rel = relativeTime(c.deadlines[seat] - this.offset); // "in 5 hours", on hover
        if (time.title !== rel) time.title = rel;
      } else text = t("clock.waiting");
      if (time.textContent !== text) time.textContent = text;
      row.classList.toggle("running", running);
      const low = running && (left < Math.min(30000, full) || left < full / 10);
      row.classList.toggle("low", low);
      row.classList.toggle("out", standIn || (running && left <= 0));
      row.dataset.running = running ? "1" : "0";
    }
  }
}
