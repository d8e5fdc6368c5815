// A read-only list of a lobby's seats (join page, watch page before the start).

import { h, seatMark } from "/static/dom.js";
import { live, msg, t } from "/static/i18n.js";

// "Bot (hard)": a bot seat's badge names its level (seats from before levels: no level).
export function botBadge(s) {
  return s.bot_level ? t("seats.bot_level", { level: ["easy", "normal", "hard"].includes(s.bot_level) ? t(`seats.level.${s.bot_level}`) : s.bot_level }) : t("seats.bot");
}

export function seatLabel(s) {
  if (s.bot) return s.name || t("seats.bot_n", { n: s.seat + 1 });
  return s.name || t("seats.open");
}

export function seatList(info) {
  return h(
    "ol",
    { class: "seat-list compact" },
    (info.seats || []).map((s) =>
      h("li", { class: `seat-row${s.name || s.bot ? "" : " empty"}` }, [
        seatMark(s.seat),
        h("span", { class: "name" }, live(() => seatLabel(s))),
        s.host ? h("span", { class: "badge badge-host" }, msg("seats.host")) : null,
        s.bot ? h("span", { class: "badge badge-bot" }, live(() => botBadge(s))) : null,
      ]),
    ),
  );
}
