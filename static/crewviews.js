// What the crew page and a player's page draw alike: who someone is (a name, "a former
// player", a bot of a game and level), a record per title, the last results with their
// replay links, the head-to-head table and a league table. Pure DOM builders over the
// documents of /api/crews/... and /api/players/... (docs/crews.md).

import { h } from "/static/dom.js";
import { currentLang, dateText, live, msg, t } from "/static/i18n.js";
import { gameNameMsg } from "/static/options.js";

/** A person or bot as a page names them (player-typed names are text, never markup). */
export function whoText(who) {
  if (who.bot) return t("crews.bot", { level: t(`seats.level.${who.bot.level}`) });
  return who.name ?? t("account.former_player");
}

/** A place as people say it ("1st"): reuses the game-over panel's ordinal words. */
function placeText(place) {
  const cat = new Intl.PluralRules(currentLang(), { type: "ordinal" }).select(place);
  return t(["one", "two", "few"].includes(cat) ? `game.rank.${cat}` : "game.rank.other", { rank: place });
}

/** A number cell; on a phone, where rows become cards, it shows its column's label too. */
function num(label, value) {
  return h("td", { class: "num" }, [h("span", { class: "cell-label", "aria-hidden": "true" }, label), h("span", { class: "cell-value" }, value)]);
}

const when = (iso) => live(() => dateText(Date.parse(iso), { dateStyle: "medium" }));

/** A table of records per title: title, games, wins, average place. */
export function titlesTable(titles, testid) {
  const rows = Object.entries(titles);
  if (!rows.length) return h("p", { class: "muted", "data-testid": testid }, msg("crews.no_games"));
  return h("div", { class: "table-scroll" }, h("table", { class: "results crew-table", "data-testid": testid }, [
    h("thead", null, h("tr", null, [
      h("th", { scope: "col" }, msg("crews.col.game")), h("th", { scope: "col", class: "num" }, msg("crews.col.games")),
      h("th", { scope: "col", class: "num" }, msg("crews.col.wins")), h("th", { scope: "col", class: "num" }, msg("crews.col.average")),
    ])),
    h("tbody", null, rows.map(([game, r]) => h("tr", null, [
      h("th", { scope: "row" }, gameNameMsg(game, game)), num(msg("crews.col.games"), String(r.games)),
      num(msg("crews.col.wins"), String(r.wins)), num(msg("crews.col.average"), r.average_place.toFixed(2)),
    ]))),
  ]));
}

/** One finished game as a line: the game, when, everyone's place, its replay link. */
function gameLine(game, table, extra) {
  const places = table.map((p) => `${p.place}. ${whoText({ name: p.name, bot: null })}`).join(" · ");
  return h("li", { class: "row-item crew-result", "data-testid": `result-${game.game_id}` }, [
    h("div", { class: "crew-result-text" }, [
      h("strong", null, gameNameMsg(game.game, game.game)), " ", h("span", { class: "muted small" }, when(game.finished_at)),
      extra ? h("div", null, extra) : null,
      h("div", { class: "muted small crew-places" }, places),
    ]),
    h("a", { href: game.replay_url, "data-link": true, class: "btn btn-small", "data-testid": "replay-link" }, msg("crews.replay")),
  ]);
}

/** A player's last results (their place first). */
export function resultsList(last) {
  if (!last.length) return h("p", { class: "muted" }, msg("crews.no_games"));
  return h("ul", { class: "your-list", "data-testid": "last-results" }, last.map((r) =>
    gameLine(r, r.table, h("span", { class: r.won ? "pill pill-active" : "pill" },
      r.won ? msg("crews.won") : live(() => t("crews.placed", { place: placeText(r.place), players: r.players }))))));
}

/** A crew's last games (everyone's place). */
export function crewGames(last) {
  if (!last.length) return h("p", { class: "muted", "data-testid": "last-results" }, msg("crews.no_games"));
  return h("ul", { class: "your-list", "data-testid": "last-results" }, last.map((g) =>
    gameLine(g, g.table, null)));
}

/** The head-to-head table: for each pair, games together and who placed ahead how often. */
export function headToHead(pairs, nameOf) {
  const played = pairs.filter((p) => p.games > 0);
  if (!played.length) return h("p", { class: "muted", "data-testid": "head-to-head" }, msg("crews.no_pairs"));
  return h("div", { class: "table-scroll" }, h("table", { class: "results crew-table", "data-testid": "head-to-head" }, [
    h("thead", null, h("tr", null, [
      h("th", { scope: "col" }, msg("crews.col.pair")), h("th", { scope: "col", class: "num" }, msg("crews.col.games")),
      h("th", { scope: "col", class: "num" }, msg("crews.col.ahead")), h("th", { scope: "col", class: "num" }, msg("crews.col.level")),
    ])),
    h("tbody", null, played.map((p) => h("tr", { "data-testid": "pair" }, [
      h("th", { scope: "row" }, live(() => t("crews.pair", { a: nameOf(p.a), b: nameOf(p.b) }))),
      num(msg("crews.col.games"), String(p.games)),
      num(msg("crews.col.ahead"), `${p.a_ahead} – ${p.b_ahead}`),
      num(msg("crews.col.level"), String(p.level)),
    ]))),
  ]));
}

/** One title's league table: place, who, the conservative rating, games rated. */
export function leagueTable(game, rows) {
  return h("div", { class: "table-scroll" }, [
    h("h3", null, gameNameMsg(game, game)),
    h("table", { class: "results crew-table", "data-testid": `league-${game}` }, [
      h("thead", null, h("tr", null, [
        h("th", { scope: "col" }, msg("crews.col.player")),
        h("th", { scope: "col", class: "num" }, msg("crews.col.rating")), h("th", { scope: "col", class: "num" }, msg("crews.col.games")),
      ])),
      h("tbody", null, rows.map((r, i) => h("tr", { "data-testid": "league-row" }, [
        h("th", { scope: "row" }, [`${i + 1}. `, live(() => whoText(r))]),
        num(msg("crews.col.rating"), r.rating.toFixed(1)),
        num(msg("crews.col.games"), String(r.games)),
      ]))),
    ]),
  ]);
}
