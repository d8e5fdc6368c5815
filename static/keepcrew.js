// "Keep this crew" on a finished table's game-over panel: one click makes the table's
// players who have accounts a crew (the others join by the crew's invite link) and shows
// the way to its page. Offered to a signed-in player only; a guest sees how to get one.

import { api } from "/static/api.js";
import { add, clear, h } from "/static/dom.js";
import { msg, t } from "/static/i18n.js";
import { signedIn } from "/static/store.js";

export class KeepCrew {
  /** gameId: the finished game; gameName(): its name in the page's language. */
  constructor(gameId, gameName) {
    this.gameId = gameId;
    this.gameName = gameName;
    this.el = h("div", { class: "keep-crew", "data-testid": "keep-crew" });
    this.draw();
  }

  draw() {
    if (!signedIn()) {
      add(clear(this.el), h("a", { href: "/account", "data-link": true, class: "muted small" }, msg("crews.keep_needs_account")));
      return;
    }
    const btn = h("button", { type: "button", class: "btn", "data-testid": "keep-crew-button" }, msg("crews.keep"));
    const said = h("p", { class: "error-text small", role: "alert", hidden: true });
    btn.addEventListener("click", async () => {
      btn.disabled = true;
      try {
        const crew = await api("POST", `/crews/from-table/${encodeURIComponent(this.gameId)}`, {
          body: { name: t("crews.default_name", { game: String(this.gameName()) }).slice(0, 40) } });
        add(clear(this.el), h("a", { href: `/crew/${encodeURIComponent(crew.crew_id)}`, "data-link": true, class: "btn btn-primary", "data-testid": "keep-crew-open" },
          msg("crews.kept", { name: crew.name })));
      } catch (err) {
        said.hidden = false;
        said.replaceChildren(document.createTextNode(err.message));
        btn.disabled = false;
      }
    });
    add(clear(this.el), btn, said);
  }
}
