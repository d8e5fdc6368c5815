// "Waiting for the game to start": the panel the game page shows in place of the board
// while the table has no game view yet.

import { add, clear, h } from "/static/dom.js";
import { t } from "/static/i18n.js";

export class WaitingPanel {
  constructor() {
    this.el = h("section", { class: "panel waiting", hidden: true });
  }

  /** Shown (and worded in the current language) until the game has started. */
  draw(started) {
    this.el.hidden = started;
    if (started) return;
    add(clear(this.el),
      h("h2", null, t("game.waiting_start")),
      h("p", { class: "muted" }, t("game.waiting_start_text")),
    );
  }
}
