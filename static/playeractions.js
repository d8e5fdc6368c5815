// The player's actions under the players list: the host's "Let a bot play for ..." buttons
// (for a player who left or is gone from the table), the "Confirm each move" choice, and
// "Leave the table" (two clicks: the first one asks "Really leave?"). Nothing for a spectator
// or once the game is over.

import { api } from "/static/api.js";
import { clear, h, toast } from "/static/dom.js";
import { msg, t } from "/static/i18n.js";
import { confirmToggle } from "/static/confirm.js";

/** How long "Really leave?" waits for the second click. */
const ARMED_MS = 4000;

export class PlayerActions {
  /**
   * gameId; watching (a spectator's page); players (the shell's live list); nameOf(seat);
   * onBot(): a seat was handed to a bot (the shell asks for the table again);
   * onLeft(): the server let this player go (the shell turns the page into a goodbye).
   */
  constructor({ gameId, watching, players, nameOf, onBot, onLeft }) {
    Object.assign(this, { gameId, watching, players, nameOf, onBot, onLeft });
    this.el = h("div", { class: "player-actions" });
    // True from the second click until the server answered: the socket's closing is then
    // the goodbye, not an error.
    this.leaving = false;
    // "Really leave?" is kept here, not on the button: a frame may redraw the button between
    // the two clicks.
    this.armedUntil = 0;
    this.timer = null;
  }

  /** Redraw for this viewer's `seat` (null: none) and `credential` on the document `doc`. */
  draw({ doc, seat, credential }) {
    clear(this.el);
    const finished = doc && (doc.outcome || doc.status === "finished");
    if (this.watching || finished) return;
    const me = this.players.find((p) => p.seat === seat);
    if (me && me.host) {
      for (const p of this.players) {
        // A player who left, or who is gone from the table, can be replaced by a bot
        // (the server refuses while that player is still connected).
        if (!p.bot && p.seat !== seat && (p.left || !p.connected)) this.el.appendChild(this.botButton(p.seat, credential));
      }
    }
    if (me && !me.left) this.el.appendChild(confirmToggle());
    if (me && !me.left) this.el.appendChild(this.leaveButton(credential));
  }

  botButton(seat, credential) {
    return h("button", {
      type: "button", class: "btn btn-small", "data-testid": `hand-bot-${seat}`,
      onclick: async (e) => {
        e.currentTarget.disabled = true;
        try {
          await api("POST", `/games/${encodeURIComponent(this.gameId)}/seats/${seat}/bot`, { credential });
          toast(t("game.bot_plays_for", { name: this.nameOf(seat) }), "info", 3000);
          this.onBot();
        } catch (err) {
          toast(err.message);
          e.currentTarget.disabled = false;
        }
      },
    }, t("game.hand_to_bot", { name: this.nameOf(seat) }));
  }

  leaveButton(credential) {
    const armed = () => Date.now() < this.armedUntil;
    const btn = h("button", { type: "button", class: `btn btn-small btn-ghost${armed() ? " btn-danger" : ""}`, "data-testid": "leave" },
      armed() ? t("game.leave_really") : t("game.leave"));
    btn.addEventListener("click", async () => {
      if (!armed()) {
        this.armedUntil = Date.now() + ARMED_MS;
        btn.textContent = t("game.leave_really");
        btn.classList.add("btn-danger");
        clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          this.armedUntil = 0;
          btn.textContent = t("game.leave");
          btn.classList.remove("btn-danger");
        }, ARMED_MS);
        return;
      }
      this.armedUntil = 0;
      btn.disabled = true;
      this.leaving = true;
      try {
        await api("POST", `/games/${encodeURIComponent(this.gameId)}/leave`, { credential });
        toast(msg("game.left_toast"), "info", 4000);
        this.onLeft();
      } catch (err) {
        this.leaving = false;
        toast(err.message);
        btn.disabled = false;
      }
    });
    return btn;
  }
}
