// "You left the table": the notice the game page shows once this browser gave its seat up,
// with "Watch this table" when the table has a spectators' link, and the way home.

import { add, clear, h } from "/static/dom.js";
import { msg } from "/static/i18n.js";

export class LeftNotice {
  constructor() {
    this.el = h("section", { class: "panel left-notice", "data-testid": "left-notice", role: "status", hidden: true });
  }

  /** Show the notice; `watchUrl` is the table's spectators' link (null: it has none). */
  show(watchUrl) {
    const watch = watchUrl ? new URL(watchUrl, location.origin).pathname : null;
    add(clear(this.el),
      h("h2", null, msg("game.left_title")),
      h("p", null, watch ? msg("game.left_watch") : msg("game.left_no_watch")),
      h("div", { class: "form-actions" }, [
        watch
          ? h("a", { href: watch, "data-link": true, class: "btn btn-primary", "data-testid": "watch-instead" }, msg("game.watch_instead"))
          : null,
        h("a", { href: "/", "data-link": true, class: watch ? "btn btn-ghost" : "btn" }, msg("shell.home_link")),
      ]),
    );
    this.el.hidden = false;
  }
}
