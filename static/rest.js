// Holidays (turn-based tables) and breaks (real time) on the game page's clock panel
// (docs/clocks.md, "Holidays and breaks"). The server decides; this draws doc.clock's
// `holiday` (seat -> until, server ms), `holiday_used` (seconds per seat), `paused` ({by,
// since} or null) and a break asked for (extension.ask with what: "pause"), and sends the
// `clock` frame's holiday / back / pause / grant / refuse / resume.

import { h } from "/static/dom.js";
import { dateText, t } from "/static/i18n.js";

const DAY = 86400;
const WHEN = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };

/** Whole days of holiday a seat may still take at this table. */
export function holidayDaysLeft(clock, settings, seat) {
  const allowance = Number(settings?.holiday_days ?? 7);
  const used = Number(clock.holiday_used?.[String(seat)] || 0);
  return Math.max(0, Math.floor((allowance * DAY - used) / DAY + 1e-9));
}

/** A seat's row on holiday: "on holiday until Tue 12 Mar, 10:00" (else null). */
export function holidayText(clock, seat, offset = 0) {
  const until = clock.holiday?.[String(seat)];
  return until ? t("clock.holiday_until", { when: dateText(until - offset, WHEN) }) : null;
}

/**
 * What the panel shows and the dock asks about holidays and breaks. opts: {clock, me (seat
 * or null), live, settings, name(seat), send(frame), offset}. Returns {actions, asks}: nodes
 * for the panel and for the asks dock.
 */
export function restParts({ clock: c, me, live, settings, name, send, offset = 0 }) {
  const actions = [];
  const asks = [];
  if (!live) return { actions, asks };
  const seated = me !== null && !(c.stand_ins || []).includes(me);
  if (c.kind === "turn" && seated) {
    const until = c.holiday?.[String(me)];
    if (until) {
      asks.push(h("p", { class: "clock-note", "data-testid": "holiday-you" }, t("clock.holiday_you", { when: dateText(until - offset, WHEN) })));
      asks.push(h("button", { type: "button", class: "btn btn-small btn-primary", "data-testid": "holiday-back", onclick: () => send({ type: "clock", op: "back" }) }, t("clock.holiday_back")));
    } else {
      const left = holidayDaysLeft(c, settings, me);
      if (left > 0) {
        const days = h("select", { class: "holiday-days", "data-testid": "holiday-days", "aria-label": t("clock.holiday_days") },
          Array.from({ length: Math.min(left, 30) }, (_, i) => h("option", { value: String(i + 1) }, t("clock.span.day", { n: i + 1 }))));
        actions.push(h("div", { class: "holiday-row" }, [
          h("p", { class: "clock-note small muted", "data-testid": "holiday-left" }, t("clock.holiday_left", { n: left })),
          days,
          h("button", { type: "button", class: "btn btn-small", "data-testid": "holiday-take",
            onclick: () => send({ type: "clock", op: "holiday", days: Number(days.value) }) }, t("clock.holiday_take")),
        ]));
      }
    }
  }
  if (c.kind !== "realtime") return { actions, asks };
  const ext = c.extension || {};
  if (c.paused) {
    const note = t("clock.paused", { name: name(c.paused.by) });
    (seated ? asks : actions).push(h("p", { class: "clock-note", "data-testid": "paused" }, note));
    if (seated) asks.push(h("button", { type: "button", class: "btn btn-small btn-primary", "data-testid": "pause-resume", onclick: () => send({ type: "clock", op: "resume" }) }, t("clock.resume")));
    return { actions, asks };
  }
  const ask = ext.ask;
  if (ask && ask.what === "pause") {
    const yes = Object.values(ask.votes || {}).filter(Boolean).length;
    const words = t("clock.pause_asks", { name: name(ask.seat), yes });
    actions.push(h("p", { class: "clock-note", "data-testid": "pause-ask" }, words));
    if (seated && me !== ask.seat && !(String(me) in (ask.votes || {}))) {
      asks.push(h("p", { class: "clock-note" }, words));
      asks.push(h("button", { type: "button", class: "btn btn-small", "data-testid": "pause-grant", onclick: () => send({ type: "clock", op: "grant" }) }, t("clock.pause_grant")));
      asks.push(h("button", { type: "button", class: "btn btn-small btn-ghost", "data-testid": "pause-refuse", onclick: () => send({ type: "clock", op: "refuse" }) }, t("clock.pause_refuse")));
    }
  } else if (!ask && seated) {
    actions.push(h("button", { type: "button", class: "btn btn-small", "data-testid": "ask-pause", onclick: () => send({ type: "clock", op: "pause" }) }, t("clock.pause_ask")));
  }
  if (ext.last && ext.last.what === "pause" && !ext.last.granted) {
    actions.push(h("p", { class: "clock-note muted small" }, t("clock.pause_refused", { name: name(ext.last.seat) })));
  }
  return { actions, asks };
}
