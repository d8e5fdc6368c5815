// The players panel of the game page: every seat with its mark and name, "(you)", the bot's
// level, who left, whose turn it is, the rank and score once the game is over, and whether
// each player is online; then how many watch. Below the list sit the panels the shell puts
// there (the player's actions, the turn notices).

import { h, playerColor, seatMark } from "/static/dom.js";
import { currentLang, msg, t } from "/static/i18n.js";
import { memo, morphChildren } from "/static/morph.js";
import { botBadge } from "/static/seats.js";

export class PlayersPanel {
  /**
   * players: the shell's live list of {seat, name, bot, bot_level, connected, left, host};
   * nameOf(seat); below: elements shown under the list (null entries are skipped).
   */
  constructor({ players, nameOf, below = [] }) {
    this.players = players;
    this.nameOf = nameOf;
    this.rows = new Map(); // seat -> its row's memo (static/morph.js)
    this.list = h("ol", { class: "players", "aria-label": msg("game.players") });
    this.el = h("section", { class: "panel players-panel", "aria-labelledby": "players-h" }, [
      h("h3", { class: "panel-title", id: "players-h" }, msg("game.players")),
      this.list,
      ...below,
    ]);
  }

  /**
   * Redraw from the document (null before the first one): `awaited` are the seats the game
   * waits for, `seat` this viewer's (null for a spectator), `spectators` how many watch.
   */
  draw({ doc, awaited, seat, spectators }) {
    const outcome = doc && doc.outcome;
    const toAct = new Set(awaited);
    // Most moves change none of what this list shows (a game's turn passes within a seat,
    // nobody joins or leaves): then it is not even drawn off the page (issue 42).
    const sig = JSON.stringify([currentLang(), this.players, this.players.map((p) => this.nameOf(p.seat)),
      outcome ? [outcome.scores ?? null, outcome.ranks ?? null] : null, [...toAct], seat, spectators]);
    if (sig === this.sig) return;
    this.sig = sig;
    // Drawn off the page; a move writes only the seats it changed (static/morph.js, issue 42).
    const list = this.list.cloneNode(false);
    const lang = currentLang();
    for (const p of this.players) {
      const score = outcome && Array.isArray(outcome.scores) ? outcome.scores[p.seat] : undefined;
      const rank = outcome && Array.isArray(outcome.ranks) ? outcome.ranks[p.seat] : undefined;
      const acting = !outcome && toAct.has(p.seat);
      // The turn passing changes two rows: the others are left on the page as they are.
      const rowSig = JSON.stringify([lang, p, this.nameOf(p.seat), score ?? null, rank ?? null, acting, p.seat === seat]);
      if (!this.rows.has(p.seat)) this.rows.set(p.seat, {});
      list.appendChild(memo(this.rows.get(p.seat), rowSig, () =>
        h("li", {
          class: `player${acting ? " acting" : ""}${p.seat === seat ? " me" : ""}${p.left ? " left" : ""}`,
          "data-testid": `player-${p.seat}`,
          style: { "--seat-color": playerColor(p.seat) },
        }, [
          seatMark(p.seat),
          h("span", { class: "player-name" }, [
            h("span", { class: "name" }, this.nameOf(p.seat)),
            p.seat === seat ? h("span", { class: "muted small" }, t("shell.you_mark")) : null,
          ]),
          p.bot ? h("span", { class: "badge badge-bot", "data-testid": `bot-level-${p.seat}` }, botBadge(p)) : null,
          p.left && !p.bot ? h("span", { class: "badge badge-left" }, t("game.left_badge")) : null,
          acting ? h("span", { class: "badge badge-turn", title: t("game.to_act_title") }, t("game.to_act")) : null,
          rank !== undefined ? h("span", { class: "badge badge-rank" }, `#${rank}`) : null,
          score !== undefined ? h("span", { class: "score" }, String(score)) : null,
          !p.bot
            ? h("span", { class: `dot ${p.connected ? "on" : "off"}`, role: "img", title: p.connected ? t("shell.online") : t("shell.offline"), "aria-label": p.connected ? t("shell.online") : t("shell.offline") })
            : null,
        ]), { inPlace: true }));
    }
    if (spectators > 0) {
      list.appendChild(
        h("li", { class: "player spectators muted small" }, t("game.spectators", { n: spectators })),
      );
    }
    morphChildren(this.list, list);
  }
}
