// A read-only list of a lobby's seats (join page, watch page before the start).

import { h, seatMark } from "/static/dom.js";

// "Bot (hard)": a bot seat's badge names its level (seats from before levels: no level).
export function botBadge(s) {
  return s.bot_level ? `Bot (${s.bot_level})` : "Bot";
}

export function seatLabel(s) {
  if (s.bot) return s.name || `Bot ${s.seat + 1}`;
  return s.name || "Open seat";
}

export function seatList(info) {
  return h(
    "ol",
    { class: "seat-list compact" },
    (info.seats || []).map((s) =>
      h("li", { class: `seat-row${s.name || s.bot ? "" : " empty"}` }, [
        seatMark(s.seat),
        h("span", { class: "name" }, seatLabel(s)),
        s.host ? h("span", { class: "badge badge-host" }, "host") : null,
        s.bot ? h("span", { class: "badge badge-bot" }, botBadge(s)) : null,
      ]),
    ),
  );
}
