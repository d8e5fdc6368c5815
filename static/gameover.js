// The game-over panel of the game page: who won (in words, "You win!" for the winner), the
// score table in rank order with every per-seat column of the outcome's detail (each row a
// card of "label value" lines on a phone), the detail's other notes, and the foot the shell
// gives it (the rematch box, the way home, "Download record").

import { add, clear, h, humanize, seatMark } from "/static/dom.js";
import { currentLang, has, listText, t } from "/static/i18n.js";

/** "2nd", "3rd", "11th": a rank as people say it (a row card on a phone shows it alone);
 * Intl.PluralRules' ordinal categories pick the language's form (game.rank.<category>). */
function ordinal(rank) {
  if (typeof rank !== "number") return "–";
  const cat = new Intl.PluralRules(currentLang(), { type: "ordinal" }).select(rank);
  return t(["one", "two", "few"].includes(cat) ? `game.rank.${cat}` : "game.rank.other", { rank });
}

/**
 * The table an outcome makes for these seats: `order` (seats by rank, then seat), `winners`
 * (rank 1), `cols` ([key, seat -> value] for each detail entry with one value per seat: a
 * list as long as the table or an object keyed by seat numbers) and `notes` (the other detail
 * entries, [key, value]). Pure.
 */
export function results(outcome, seats) {
  const ranks = outcome.ranks || [];
  const order = [...seats].sort((a, b) => (ranks[a] ?? 99) - (ranks[b] ?? 99) || a - b);
  const detail = outcome.detail && typeof outcome.detail === "object" ? outcome.detail : {};
  const cols = [];
  const notes = [];
  for (const [key, val] of Object.entries(detail)) {
    if (Array.isArray(val) && val.length === seats.length) cols.push([key, (s) => val[s]]);
    else if (val && typeof val === "object" && !Array.isArray(val) && Object.keys(val).every((k) => /^\d+$/.test(k))) {
      cols.push([key, (s) => val[String(s)]]);
    } else notes.push([key, val]);
  }
  return { order, winners: order.filter((s) => ranks[s] === 1), cols, notes };
}

/** Breakdowns arrive as plain data: lists read as "3, 2, 1", small objects as "key: value". */
function fmt(v) {
  if (v === undefined || v === null) return "–";
  if (Array.isArray(v)) return v.length ? v.map(fmt).join(", ") : t("options.none");
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, " ")}: ${fmt(x)}`).join("; ");
  return String(v);
}

/** A breakdown line's label in the page's language: the game's own word for it
 * (`<game>.over.<key>`, e.g. "kaki-lima.over.task VP"), else the key made readable (an
 * English key shown as-is read "Task vp" / "Hand steps" on a page in Bahasa Indonesia). */
export function detailLabel(game, key) {
  const own = `${game}.over.${key}`;
  return game && has(own) ? t(own) : humanize(key);
}

/** A note's value: the game's word for it (`<game>.over.<key>.<value>`) when it has one. */
function noteValue(game, key, value) {
  const own = `${game}.over.${key}.${value}`;
  return game && typeof value === "string" && has(own) ? t(own) : fmt(value);
}

export class GameOverPanel {
  /**
   * players: the shell's live list of seats; nameOf(seat); foot(): the elements under the
   * table, asked at each draw (the rematch box, links).
   */
  constructor({ game, players, nameOf, foot }) {
    this.game = game;
    this.players = players;
    this.nameOf = nameOf;
    this.foot = foot;
    this.el = h("section", { class: "panel gameover", "data-testid": "gameover", hidden: true });
  }

  /** Hidden while the document has no outcome; `seat` is this viewer's (null: a spectator). */
  draw(doc, seat) {
    const outcome = doc && doc.outcome;
    if (!outcome) {
      this.el.hidden = true;
      return;
    }
    clear(this.el);
    this.el.hidden = false;
    const ranks = outcome.ranks || [];
    const scores = outcome.scores || [];
    const { order, winners, cols, notes } = results(outcome, this.players.map((p) => p.seat));
    const cell = (label, value) =>
      h("td", { class: "num" }, [h("span", { class: "cell-label", "aria-hidden": "true" }, label), h("span", { class: "cell-value" }, value)]);
    const headline = winners.length
      ? winners.includes(seat)
        ? winners.length > 1 ? t("game.over.you_share") : t("game.over.you_win")
        : t("game.over.wins", { names: listText(winners.map((s) => this.nameOf(s))), count: winners.length })
      : t("game.turn.over");
    add(this.el,
      h("h2", null, headline),
      // On a phone each row becomes a card of "label value" lines (style.css), so every
      // column reads whole without scrolling sideways; the labels repeat the header cells.
      h("div", { class: "table-scroll", role: "region", "aria-label": t("game.over.scores"), tabindex: "0" }, [
        h("table", { class: "results" }, [
          h("thead", null, h("tr", null, [
            h("th", { scope: "col" }, t("game.over.rank")),
            h("th", { scope: "col" }, t("game.over.player")),
            h("th", { scope: "col", class: "num" }, t("game.over.score")),
            ...cols.map(([k]) => h("th", { scope: "col", class: "num" }, detailLabel(this.game, k))),
          ])),
          h("tbody", null, order.map((s) =>
            h("tr", { class: ranks[s] === 1 ? "winner" : "", "data-testid": `result-${s}` }, [
              h("td", { class: "rank-cell" }, ranks[s] === 1 ? h("span", { class: "badge badge-rank" }, ordinal(1)) : ordinal(ranks[s])),
              h("th", { scope: "row" }, [
                seatMark(s),
                h("span", { class: "name" }, this.nameOf(s)),
              ]),
              cell(t("game.over.score"), fmt(scores[s])),
              ...cols.map(([k, get]) => cell(detailLabel(this.game, k), fmt(get(s)))),
            ]),
          )),
        ]),
      ]),
      notes.length
        ? h("dl", { class: "notes" }, notes.flatMap(([k, v]) => [h("dt", null, detailLabel(this.game, k)), h("dd", null, noteValue(this.game, k, v))]))
        : null,
      h("div", { class: "form-actions" }, this.foot()),
    );
  }
}
