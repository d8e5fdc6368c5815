// The rematch box of the game-over panel: one click per player ("Rematch"), who accepted
// so far (live, from `rematch` frames), a decline, and - once every player accepted and the
// new table started - the new table opens for everyone who accepted (docs/client.md).

import { api } from "/static/api.js";
import { clear, h, toast } from "/static/dom.js";
import { getSeat, saveSeat } from "/static/store.js";

export class RematchBox {
  /**
   * gameId, seat (null: a spectator), credential, game (the kind), players (live list of
   * {seat, name, bot, left}), nameOf(seat), navigate(path).
   */
  constructor(opts) {
    Object.assign(this, opts);
    this.state = null;
    this.busy = false;
    this.el = h("div", { class: "rematch", "data-testid": "rematch" });
    this.draw();
  }

  canPlay() {
    const me = this.players.find((p) => p.seat === this.seat);
    return this.seat !== null && this.seat !== undefined && this.credential && me && !me.left;
  }

  accepted(seat) {
    return Boolean(this.state && this.state.accepted.includes(seat));
  }

  /** A `rematch` frame (or this browser's own answer). */
  update(state) {
    this.state = state;
    this.draw();
    if (state.started && this.accepted(this.seat) && getSeat(state.game_id)) {
      this.navigate(`/game/${encodeURIComponent(state.game_id)}`);
    }
  }

  async accept() {
    this.busy = true;
    this.draw();
    try {
      const got = await api("POST", `/games/${encodeURIComponent(this.gameId)}/rematch`, { credential: this.credential });
      const me = this.players.find((p) => p.seat === this.seat);
      // The new seat is kept exactly as a joined seat is (static/join.js).
      saveSeat(got.game_id, { credential: got.credential, seat: got.seat, game: this.game, name: me?.name || "" });
      this.busy = false;
      this.update({ game_id: got.game_id, accepted: got.accepted, declined: got.declined, started: got.started });
    } catch (err) {
      this.busy = false;
      toast(err.message);
      this.draw();
    }
  }

  async decline() {
    this.busy = true;
    this.draw();
    try {
      this.update(await api("POST", `/games/${encodeURIComponent(this.gameId)}/rematch/decline`, { credential: this.credential }));
    } catch (err) {
      toast(err.message);
    }
    this.busy = false;
    this.draw();
  }

  draw() {
    clear(this.el);
    const st = this.state;
    const play = this.canPlay();
    if (st && st.declined.length) {
      const who = st.declined.map((s) => (s === this.seat ? "You" : this.nameOf(s))).join(" and ");
      this.el.appendChild(h("p", { class: "muted", "data-testid": "rematch-status" }, `${who} declined the rematch.`));
      return;
    }
    if (!st) {
      if (play) {
        this.el.appendChild(h("button", {
          type: "button", class: "btn btn-primary", "data-testid": "rematch-offer", disabled: this.busy,
          onclick: () => this.accept(),
        }, "Rematch"));
      }
      return;
    }
    const mine = this.accepted(this.seat);
    let line;
    if (st.started) line = "The rematch has started.";
    else if (mine) line = "You asked for a rematch; waiting for the others.";
    else line = `${st.accepted.map((s) => this.nameOf(s)).join(" and ")} ${st.accepted.length > 1 ? "want" : "wants"} a rematch.`;
    this.el.appendChild(h("p", { class: "rematch-line", "data-testid": "rematch-status" }, line));
    if (play && !st.started && !mine) {
      this.el.appendChild(h("button", {
        type: "button", class: "btn btn-primary", "data-testid": "rematch-accept", disabled: this.busy,
        onclick: () => this.accept(),
      }, "Rematch"));
    }
    if (play && !st.started) {
      this.el.appendChild(h("button", {
        type: "button", class: "btn btn-ghost", "data-testid": "rematch-decline", disabled: this.busy,
        onclick: () => this.decline(),
      }, "Decline"));
    }
    if (st.started && mine && getSeat(st.game_id)) {
      this.el.appendChild(h("a", { class: "btn btn-primary", href: `/game/${encodeURIComponent(st.game_id)}`, "data-link": true, "data-testid": "rematch-open" }, "Open the new table"));
    }
    this.el.appendChild(h("ul", { class: "rematch-seats", "aria-label": "Who accepted" }, this.players.map((p) =>
      h("li", { "data-testid": `rematch-seat-${p.seat}` }, [
        `${p.seat === this.seat ? "You" : this.nameOf(p.seat)}: `,
        this.accepted(p.seat) ? h("span", { class: "yes" }, p.bot ? "comes along (bot)" : "accepted") : h("span", { class: "muted" }, "waiting"),
      ]))));
  }
}
