// /player/{account id}: a player's history - games per title, wins, average place and the
// last 20 results with links to their replays. Shown only to whom the player allows (their
// crews' members by default; the account page sets it); anyone else reads the server's
// sentence saying so.

import { api } from "/static/api.js";
import { add, clear, h } from "/static/dom.js";
import { resultsList, titlesTable } from "/static/crewviews.js";
import { live, msg, setTitle, t } from "/static/i18n.js";

export async function render(root, { params }) {
  setTitle(live(() => t("crews.player_title")));
  const card = h("section", { class: "card narrow", "data-testid": "player-page" }, h("p", { class: "muted" }, msg("shell.loading")));
  root.appendChild(card);
  let doc;
  try {
    doc = await api("GET", `/players/${encodeURIComponent(params[0])}/history`);
  } catch (err) {
    add(clear(card), h("h1", null, msg("crews.player_title")),
      h("p", { class: "error-text", role: "alert", "data-testid": "player-error" }, err.words || err.message));
    return;
  }
  const name = doc.name ?? t("account.former_player");
  setTitle(live(() => `${name} · Meja`));
  add(clear(card),
    h("h1", { class: "name" }, name),
    h("p", { "data-testid": "player-totals" }, live(() => t("crews.totals", { games: doc.games, wins: doc.wins }))),
    h("h2", null, msg("crews.by_title")),
    titlesTable(doc.titles, "player-titles"),
    h("h2", null, msg("crews.last_results")),
    resultsList(doc.last));
}
