// The game header's "Next game" button and its key, N: to the table where it is this
// browser's turn next (the nearest clock deadline first, then the longest wait; see
// minefeed.js), kept live by the My games feed. Disabled, with a tooltip saying why, when no
// other table waits. A link to My games sits beside it. The key never fires while the player
// types (chat, inputs) or holds a modifier, nor over an open dialog.

import { h } from "/static/dom.js";
import { msg, onLang, t } from "/static/i18n.js";
import { MineFeed, turnsInOrder } from "/static/minefeed.js";

/** Whether a key press belongs to something the player is typing into. */
function typing(target) {
  if (!target || typeof target.closest !== "function") return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable=''], [contenteditable=true]"));
}

export class NextGame {
  /** gameId: the table shown (never "next"); navigate(path): the router's. */
  constructor(gameId, navigate) {
    this.gameId = gameId;
    this.navigate = navigate;
    this.turns = [];
    this.button = h("button", { type: "button", class: "btn btn-small next-game", "data-testid": "next-game",
      "aria-keyshortcuts": "N", disabled: true, onclick: () => this.go() }, msg("mine.next"));
    this.el = h("div", { class: "next-game-box" }, [
      this.button,
      h("a", { href: "/my", "data-link": true, class: "btn btn-small btn-ghost", "data-testid": "my-games-link" }, msg("mine.link")),
    ]);
    this.draw();
    this.onKey = (e) => {
      if (e.key !== "n" && e.key !== "N") return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.defaultPrevented) return;
      if (typing(e.target) || document.querySelector("dialog[open]")) return;
      e.preventDefault();
      this.go();
    };
    document.addEventListener("keydown", this.onKey);
    this.feed = new MineFeed((feed) => {
      this.turns = turnsInOrder(feed.list(), this.gameId);
      this.draw();
    });
    this.feed.start().catch(() => {}); // without the list the button stays disabled
    this.offLang = onLang(() => this.draw()); // the tooltip in the new language
  }

  draw() {
    const some = this.turns.length > 0;
    this.button.disabled = !some;
    this.button.title = some ? t("mine.next_title") : t("mine.next_none");
    this.button.dataset.target = some ? this.turns[0].game_id : "";
  }

  go() {
    const next = this.turns[0];
    if (next) this.navigate(`/game/${encodeURIComponent(next.game_id)}`);
  }

  destroy() {
    this.offLang();
    document.removeEventListener("keydown", this.onKey);
    this.feed.close();
  }
}
