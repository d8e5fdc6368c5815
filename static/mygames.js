// /my: My games. Every game this browser holds a seat in, grouped "Your turn", "Waiting"
// and "Finished", each with the opponents, the clock left, the last move (worded in the
// viewer's language) and a link; live over the feed (static/minefeed.js). Credentials that
// no longer hold a seat are offered to be forgotten. Player names are text nodes (escaped).

import { leftWords } from "/static/clock.js";
import { clear, h, toast } from "/static/dom.js";
import { lineText } from "/static/gamelog.js";
import { dateText, listText, msg, onLang, setTitle, t } from "/static/i18n.js";
import { MineFeed, turnsInOrder } from "/static/minefeed.js";
import { gameName } from "/static/options.js";
import { forgetSeat, signedIn, syncSeats } from "/static/store.js";

const GROUPS = ["your_turn", "waiting", "finished"];
// Clocks left are worded again this often (a real-time bank runs down on screen).
const REDRAW_MS = 15000;

function nameOf(game, seat) {
  const p = game.players.find((x) => x.seat === seat);
  if (!p) return t("game.seat_n", { n: Number(seat) + 1 });
  return p.name || (p.bot ? t("seats.bot_n", { n: seat + 1 }) : t("game.seat_n", { n: seat + 1 }));
}

/** The clock as the row says it: whose holiday, a pause, or the time left. */
function clockWords(game, now) {
  const c = game.clock;
  if (!c) return null;
  if (c.holiday_until) return t("mine.holiday", { time: dateText(c.holiday_until, { weekday: "short", hour: "2-digit", minute: "2-digit" }) });
  if (c.paused) return t("mine.paused");
  if (c.running && c.deadline) {
    const left = leftWords(c.deadline - now);
    return c.kind === "turn"
      ? t("mine.until", { left, time: dateText(c.deadline, { weekday: "short", hour: "2-digit", minute: "2-digit" }) })
      : left;
  }
  return c.kind === "realtime" ? leftWords(c.left) : null;
}

function gameRow(game, now) {
  const href = game.status === "lobby" ? `/lobby/${encodeURIComponent(game.game_id)}` : `/game/${encodeURIComponent(game.game_id)}`;
  const others = game.players.filter((p) => p.seat !== game.seat).map((p) => nameOf(game, p.seat));
  const bits = [];
  const clock = game.group !== "finished" ? clockWords(game, now) : null;
  if (game.status === "lobby") bits.push(h("span", { class: "pill" }, t("mine.lobby")));
  if (clock) bits.push(h("span", { class: "pill mine-clock", "data-testid": "mine-clock" }, clock));
  if (game.group === "finished" && game.rank) bits.push(h("span", { class: "pill" }, t("mine.rank", { rank: game.rank })));
  for (const p of game.players) {
    if (p.seat === game.seat || !p.holiday_until) continue;
    bits.push(h("span", { class: "pill", "data-testid": "mine-away" },
      t("mine.away", { name: nameOf(game, p.seat), time: dateText(p.holiday_until, { weekday: "short", hour: "2-digit", minute: "2-digit" }) })));
  }
  const last = game.last ? lineText(game.last, (seat) => nameOf(game, seat)) : t("mine.no_move");
  return h("li", { class: `row-item mine-row${game.group === "your_turn" ? " waiting-you" : ""}`, "data-testid": `mine-${game.game_id}`, "data-group": game.group }, [
    h("a", { href, "data-link": true, class: "row-link mine-link" }, [
      h("strong", null, gameName(game.game, game.game_name)),
      h("span", { class: "muted" }, others.length ? t("mine.with", { names: listText(others) }) : ""),
      h("span", { class: "mine-last", "data-testid": "mine-last" }, last),
    ]),
    h("div", { class: "mine-bits" }, bits),
  ]);
}

export async function render(root, { navigate }) {
  setTitle(msg("mine.page_title"));
  const head = h("h1", null, msg("mine.title"));
  const next = h("button", { type: "button", class: "btn btn-primary", "data-testid": "mine-next" }, msg("mine.next"));
  const body = h("div", { class: "mine-groups", "data-testid": "mine-groups", "aria-live": "polite" }, [h("p", { class: "muted" }, msg("shell.loading"))]);
  const staleBox = h("div", { class: "mine-stale", hidden: true });
  root.appendChild(h("section", { class: "card mine-page" }, [
    h("div", { class: "mine-head" }, [head, next]),
    staleBox, body,
  ]));
  let feed = null;

  const draw = () => {
    if (!feed) return;
    const now = Date.now();
    const games = feed.list();
    const turns = turnsInOrder(games);
    next.disabled = !turns.length;
    next.title = turns.length ? t("mine.next_title") : t("mine.next_none");
    next.onclick = () => turns.length && navigate(`/game/${encodeURIComponent(turns[0].game_id)}`);
    clear(body);
    if (!games.length && !feed.stale.length) {
      body.appendChild(h("p", { class: "muted", "data-testid": "mine-empty" }, [
        t("mine.none"), " ", h("a", { href: "/", "data-link": true }, t("shell.home_link")),
      ]));
    }
    for (const group of GROUPS) {
      const rows = group === "your_turn" ? turns : games.filter((g) => g.group === group)
        .sort((a, b) => (b.turn_since || 0) - (a.turn_since || 0));
      if (!games.length) break;
      body.appendChild(h("section", { class: "mine-group", "data-testid": `mine-group-${group}`, "aria-labelledby": `mine-h-${group}` }, [
        h("h2", { id: `mine-h-${group}` }, [t(`mine.group.${group}`), " ", h("span", { class: "pill" }, String(rows.length))]),
        rows.length ? h("ul", { class: "your-list" }, rows.map((g) => gameRow(g, now))) : h("p", { class: "muted" }, t("mine.group_empty")),
      ]));
    }
    clear(staleBox);
    staleBox.hidden = !feed.stale.length;
    if (feed.stale.length) {
      staleBox.append(
        h("p", null, t("mine.stale", { n: feed.stale.length })),
        h("button", { type: "button", class: "btn btn-small btn-ghost", "data-testid": "mine-forget", onclick: () => {
          for (const id of feed.stale) forgetSeat(id);
          feed.stale = [];
          draw();
        } }, t("mine.forget")),
      );
    }
  };

  const offLang = onLang(draw);
  const timer = setInterval(draw, REDRAW_MS);
  feed = new MineFeed(draw);
  // Signed in: first bring the seats the account holds from other devices into this browser,
  // so My games lists every device's tables (a failed sync still lists this browser's).
  const synced = signedIn() ? syncSeats().catch(() => null) : Promise.resolve();
  synced.then(() => feed.start()).catch((err) => {
    clear(body).appendChild(h("p", { class: "error-text" }, err.words || err.message));
    toast(err.message);
  });
  return () => {
    offLang();
    clearInterval(timer);
    feed.close();
  };
}
