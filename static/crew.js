// /crew/{id}: a crew's page, for its members. Who is in it (the owner may remove, anyone may
// leave), its invite link, "New table with the crew" and the crew's open tables, its history
// (records per title, the last 20 games with replay links, head-to-head) and its league
// (opt-in: the owner switches it on and picks the rule for abandoned and clock-ended games).

import { api } from "/static/api.js";
import { absoluteUrl, add, clear, h, onceButton, toast } from "/static/dom.js";
import { crewGames, headToHead, leagueTable, titlesTable } from "/static/crewviews.js";
import { currentLang, live, msg, setTitle, t } from "/static/i18n.js";
import { gameNameMsg } from "/static/options.js";
import { saveSeat } from "/static/store.js";

export async function render(root, { params, navigate }) {
  const crewId = params[0];
  const page = h("div", { class: "crew-page", "data-testid": "crew-page" }, h("p", { class: "card muted" }, msg("shell.loading")));
  root.appendChild(page);
  const draw = async () => {
    let crew;
    try {
      crew = await api("GET", `/crews/${encodeURIComponent(crewId)}`);
    } catch (err) {
      add(clear(page), h("section", { class: "card narrow" }, [
        h("h1", null, msg("crews.title")),
        h("p", { class: "error-text", role: "alert", "data-testid": "crew-error" }, err.words || err.message),
        h("a", { href: err.status === 401 ? "/account" : "/crews", "data-link": true, class: "btn" },
          err.status === 401 ? msg("crews.sign_in") : msg("crews.your_crews")),
      ]));
      return;
    }
    setTitle(live(() => `${crew.name} · Meja`));
    const names = new Map(crew.members.map((m) => [m.account_id, m.name]));
    const nameOf = (id) => (names.get(id) ?? t("account.former_player"));
    const [history, league, games] = await Promise.all([
      api("GET", `/crews/${encodeURIComponent(crewId)}/history`).catch(() => null),
      api("GET", `/crews/${encodeURIComponent(crewId)}/league`).catch(() => null),
      api("GET", "/games").catch(() => []),
    ]);
    add(clear(page),
      membersCard(crew, draw, navigate),
      tablesCard(crew, games, navigate),
      history ? historyCard(history, nameOf) : null,
      league ? leagueCard(crew, league, draw) : null);
  };
  await draw();
}

function membersCard(crew, redraw, navigate) {
  const owner = crew.owner_id === crew.you;
  const link = absoluteUrl(crew.invite_url);
  const linkBox = h("input", { type: "text", readonly: true, value: link, class: "invite-input", "data-testid": "crew-invite-link", "aria-label": t("crews.invite_link") });
  return h("section", { class: "card" }, [
    h("h1", { "data-testid": "crew-name" }, crew.name),
    h("h2", null, msg("crews.members")),
    h("ul", { class: "your-list", "data-testid": "crew-members" }, crew.members.map((m) => h("li", { class: "row-item" }, [
      h("a", { href: `/player/${encodeURIComponent(m.account_id)}`, "data-link": true, class: "row-link" }, [
        h("strong", { class: "name" }, m.name ?? t("account.former_player")),
        m.owner ? [" ", h("span", { class: "pill" }, msg("crews.owner"))] : null,
        m.account_id === crew.you ? [" ", h("span", { class: "muted small" }, msg("crews.you"))] : null,
      ]),
      owner && m.account_id !== crew.you
        ? onceButton({ class: "btn btn-small btn-danger", "data-testid": "crew-remove" }, msg("crews.remove"), async () => {
            await api("DELETE", `/crews/${encodeURIComponent(crew.crew_id)}/members/${encodeURIComponent(m.account_id)}`);
            await redraw();
          })
        : null,
    ]))),
    h("h2", null, msg("crews.invite_link")),
    h("p", { class: "muted small" }, msg("crews.invite_help")),
    h("div", { class: "invite-row" }, [
      linkBox,
      onceButton({ class: "btn btn-small" }, msg("crews.copy"), async () => {
        await navigator.clipboard.writeText(link);
        toast(t("crews.copied"), "info");
      }),
    ]),
    h("div", { class: "form-actions" }, onceButton({ class: "btn btn-ghost", "data-testid": "crew-leave" }, msg("crews.leave"), async () => {
      await api("POST", `/crews/${encodeURIComponent(crew.crew_id)}/leave`);
      navigate("/crews");
    })),
  ]);
}

function tablesCard(crew, games, navigate) {
  const listed = games.filter((g) => g.min_players !== undefined);
  const select = h("select", { id: "crew-game", "data-testid": "crew-table-game" },
    listed.map((g) => h("option", { value: g.id }, gameNameMsg(g.id, g.name))));
  const seats = h("input", { id: "crew-seats", type: "number", min: "1", max: "8", "data-testid": "crew-table-seats" });
  const fit = () => {
    const g = listed.find((x) => x.id === select.value);
    if (!g) return;
    seats.min = String(g.min_players);
    seats.max = String(g.max_players);
    const want = Math.min(g.max_players, Math.max(g.min_players, crew.members.length));
    seats.value = String(want);
  };
  select.addEventListener("change", fit);
  fit();
  const open = crew.tables.length
    ? h("ul", { class: "your-list", "data-testid": "crew-tables" }, crew.tables.map((tb) => h("li", { class: "row-item" }, [
        h("a", { href: tb.invite_url, "data-link": true, class: "row-link" }, [
          h("strong", null, gameNameMsg(tb.game, tb.game_name)), " ",
          h("span", { class: "muted" }, live(() => t("crews.seats_taken", { taken: tb.taken, seats: tb.seats }))),
        ]),
        h("span", { class: `pill pill-${tb.status}` }, msg(`home.status.${tb.status}`)),
      ])))
    : h("p", { class: "muted", "data-testid": "crew-tables" }, msg("crews.no_tables"));
  return h("section", { class: "card" }, [
    h("h2", null, msg("crews.tables")),
    open,
    h("div", { class: "field-row" }, [
      h("div", { class: "field" }, [h("label", { for: "crew-game" }, msg("crews.game")), select]),
      h("div", { class: "field" }, [h("label", { for: "crew-seats" }, msg("crews.seats")), seats]),
    ]),
    onceButton({ class: "btn btn-primary", "data-testid": "crew-new-table" }, msg("crews.new_table"), async () => {
      const made = await api("POST", `/crews/${encodeURIComponent(crew.crew_id)}/tables`, {
        body: { game: select.value, seats: Number(seats.value), lang: currentLang() } });
      const lobby = made.lobby;
      saveSeat(lobby.game_id, { credential: lobby.credential, seat: lobby.seat, game: select.value,
        invite_id: lobby.invite_url.split("/").pop() });
      toast(t("crews.told", { count: made.told }), "info");
      navigate(`/lobby/${encodeURIComponent(lobby.game_id)}`);
    }),
    h("p", { class: "muted small" }, msg("crews.new_table_help")),
  ]);
}

function historyCard(history, nameOf) {
  return h("section", { class: "card", "data-testid": "crew-history" }, [
    h("h2", null, msg("crews.history")),
    ...history.members.map((m) => h("details", { class: "crew-member-record" }, [
      h("summary", null, live(() => t("crews.record", { name: m.name ?? t("account.former_player"), games: m.games, wins: m.wins }))),
      titlesTable(m.titles, `record-${m.account_id}`),
    ])),
    h("h3", null, msg("crews.head_to_head")),
    headToHead(history.head_to_head, nameOf),
    h("h3", null, msg("crews.last_games")),
    crewGames(history.last),
  ]);
}

function leagueCard(crew, league, redraw) {
  const owner = crew.owner_id === crew.you;
  const titles = Object.entries(league.titles);
  const on = h("input", { type: "checkbox", id: "league-on", "data-testid": "league-on", checked: league.on });
  const rule = h("select", { id: "league-rule", "data-testid": "league-rule" }, ["loss", "skip"].map((r) =>
    h("option", { value: r, selected: league.rule === r }, msg(`crews.rule.${r}`))));
  return h("section", { class: "card", "data-testid": "crew-league" }, [
    h("h2", null, msg("crews.league")),
    h("p", { class: "muted small" }, msg("crews.league_help")),
    league.on ? h("p", { class: "small" }, msg(`crews.rule_is.${league.rule}`)) : null,
    owner ? h("div", { class: "league-settings" }, [
      h("div", { class: "field-check" }, h("label", { for: "league-on" }, [on, msg("crews.league_switch")])),
      h("div", { class: "field" }, [h("label", { for: "league-rule" }, msg("crews.rule")), rule]),
      onceButton({ class: "btn", "data-testid": "league-save" }, msg("crews.league_save"), async () => {
        await api("PUT", `/crews/${encodeURIComponent(crew.crew_id)}/league`, { body: { on: on.checked, rule: rule.value } });
        await redraw();
      }),
    ]) : null,
    !league.on
      ? h("p", { class: "muted", "data-testid": "league-off" }, msg(owner ? "crews.league_off_owner" : "crews.league_off"))
      : titles.length
        ? titles.map(([game, rows]) => leagueTable(game, rows))
        : h("p", { class: "muted", "data-testid": "league-empty" }, msg("crews.league_empty")),
  ]);
}
