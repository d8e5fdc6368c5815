// The rematch box of the game-over panel: one click per player ("Rematch"), who accepted
// so far (live, from `rematch` frames), a decline, and - once every player accepted and the
// new table started - the new table opens for everyone who accepted (docs/client.md). A
// declined rematch can be offered again (the server sets up a new table for it).

import { api } from "/static/api.js";
import { clear, h, toast } from "/static/dom.js";
import { listText, t } from "/static/i18n.js";
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

  /**
   * A `rematch` frame (or this browser's own answer). Two clicks at once can reach this page
   * in either order (the other player's frame before this player's own answer, say): the
   * state with the higher `rev` is the newer one, and an older one changes nothing here.
   */
  update(state) {
    if (!this.state || !(state.rev < this.state.rev)) this.state = state;
    this.draw();
    // Checked with whichever state is kept: an own answer that came after the "started"
    // frame brings the seat (saved by accept) this page needs to open the new table.
    const st = this.state;
    if (st.started && this.accepted(this.seat) && getSeat(st.game_id)) {
      this.navigate(`/game/${encodeURIComponent(st.game_id)}`);
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
      this.update({ game_id: got.game_id, accepted: got.accepted, declined: got.declined, started: got.started, rev: got.rev });
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
      const you = st.declined.includes(this.seat);
      const who = listText(st.declined.filter((s) => s !== this.seat).map((s) => this.nameOf(s)));
      const line = you && st.declined.length === 1 ? t("rematch.you_declined")
        : you ? t("rematch.you_and_declined", { names: who }) : t("rematch.declined", { names: who });
      this.el.appendChild(h("p", { class: "muted", "data-testid": "rematch-status" }, line));
      if (play) {
        this.el.appendChild(h("button", {
          type: "button", class: "btn", "data-testid": "rematch-offer", disabled: this.busy,
          onclick: () => this.accept(),
        }, t("rematch.offer_again")));
      }
      return;
    }
    if (!st) {
      if (play) {
        this.el.appendChild(h("button", {
          type: "button", class: "btn btn-primary", "data-testid": "rematch-offer", disabled: this.busy,
          onclick: () => this.accept(),
        }, t("rematch.rematch")));
      }
      return;
    }
    const mine = this.accepted(this.seat);
    let line;
    if (st.started) line = t("rematch.started");
    else if (mine) line = t("rematch.you_asked");
    else line = t("rematch.wants", { names: listText(st.accepted.map((s) => this.nameOf(s))), count: st.accepted.length });
    this.el.appendChild(h("p", { class: "rematch-line", "data-testid": "rematch-status" }, line));
    if (play && !st.started && !mine) {
      this.el.appendChild(h("button", {
        type: "button", class: "btn btn-primary", "data-testid": "rematch-accept", disabled: this.busy,
        onclick: () => this.accept(),
      }, t("rematch.rematch")));
    }
    if (play && !st.started) {
      this.el.appendChild(h("button", {
        type: "button", class: "btn btn-ghost", "data-testid": "rematch-decline", disabled: this.busy,
        onclick: () => this.decline(),
      }, t("rematch.decline")));
    }
    if (st.started && mine && getSeat(st.game_id)) {
      this.el.appendChild(h("a", { class: "btn btn-primary", href: `/game/${encodeURIComponent(st.game_id)}`, "data-link": true, "data-testid": "rematch-open" }, t("rematch.open")));
    }
    this.el.appendChild(h("ul", { class: "rematch-seats", "aria-label": t("rematch.who") }, this.players.map((p) =>
      h("li", { "data-testid": `rematch-seat-${p.seat}` }, [
        p.seat === this.seat ? t("rematch.you_label") : t("rematch.name_label", { name: this.nameOf(p.seat) }),
        this.accepted(p.seat) ? h("span", { class: "yes" }, p.bot ? t("rematch.bot_comes") : t("rematch.accepted")) : h("span", { class: "muted" }, t("clock.waiting")),
      ]))));
  }
}
