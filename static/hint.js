// Beginners' hints (app/http/hints.py): on a table whose host turned them on, a player's
// "Show me a good move" asks the normal bot, which decides from this seat's own view; the
// answer is named in one line with its reason (`why`, a message of the game's catalogue that
// the game's bot words from the same view: engines/<game>/bot/why.py), both worded at draw
// time so a language switch rewords them, and drawn on the board like a move waiting for Confirm
// (the renderer's preview), until the next version. Everyone at the table, spectators
// included, reads that hints are on.

import { api } from "/static/api.js";
import { h } from "/static/dom.js";
import { describeAction } from "/static/actionwords.js";
import { t } from "/static/i18n.js";

export class HintPanel {
  /** game: the kind; canAsk(): whether this viewer may ask now; show(action|null): draw it. */
  constructor({ gameId, game, credential, describe, canAsk, show }) {
    Object.assign(this, { gameId, game, credential, describe, canAsk, show });
    this.said = null; // () => the line shown, worded at draw time
    this.note = h("p", { class: "muted small hint-on", "data-testid": "hints-on" });
    this.button = h("button", { type: "button", class: "btn btn-small", "data-testid": "hint-button", onclick: () => this.ask() });
    this.line = h("p", { class: "hint-line", "data-testid": "hint-text", "aria-live": "polite" });
    this.el = h("section", { class: "hint-panel", "data-testid": "hints" }, [this.note, this.button, this.line]);
    this.draw();
  }

  async ask() {
    this.said = () => t("hint.asking");
    this.draw();
    try {
      const { action, why } = await api("POST", `/games/${encodeURIComponent(this.gameId)}/hint`, { credential: this.credential });
      // textContent below: the reason's parameters (place names) are never parsed as HTML.
      this.said = () => t("hint.move", {
        move: describeAction(this.game, action, this.describe),
        why: t(why.key, why.params || {}),
      });
      this.show(action);
    } catch (err) {
      this.said = () => err.message;
    }
    this.draw();
  }

  /** A new version: the hint was for the position before it. */
  update() {
    if (!this.said) return;
    this.said = null;
    this.show(null);
    this.draw();
  }

  draw() {
    this.note.textContent = t("hint.on");
    this.button.textContent = t("hint.button");
    this.button.hidden = !this.credential;
    this.button.disabled = !this.canAsk();
    this.line.textContent = this.said ? this.said() : "";
    this.line.hidden = !this.said;
  }
}
