// My games, live: the summaries of every game this browser holds a seat in (POST /api/mine
// with the credentials of static/store.js), kept current by the feed socket /ws/mine/feed
// (a "mine" frame names the games that changed). Used by the My games page (mygames.js)
// and by the game page's Next game button.

import { api } from "/static/api.js";
import { allSeats, getSeat } from "/static/store.js";

const PING_EVERY_MS = 20000;
const MAX_BACKOFF_MS = 30000;
// The server reads at most this many seats; the newest ones matter most.
const MAX_SEATS = 100;

/** The browser's seats as the server wants them, newest first. */
export function seatCredentials() {
  const seats = allSeats();
  return Object.entries(seats)
    .filter(([, e]) => e && typeof e.credential === "string" && e.credential)
    .sort(([, a], [, b]) => (b.saved_at || 0) - (a.saved_at || 0))
    .slice(0, MAX_SEATS)
    .map(([game_id, e]) => ({ game_id, credential: e.credential }));
}

/**
 * The games where it is this browser's turn, the one to play next first: the nearest clock
 * deadline, then the one that has waited longest (turn_since).
 */
export function turnsInOrder(games, except = null) {
  const key = (g) => [g.clock && g.clock.deadline != null ? g.clock.deadline : Infinity, g.turn_since ?? Infinity];
  return games
    .filter((g) => g.group === "your_turn" && g.game_id !== except)
    .sort((a, b) => {
      const [da, ta] = key(a);
      const [db, tb] = key(b);
      return da !== db ? da - db : ta - tb;
    });
}

export class MineFeed {
  /** onChange(feed) after every answer; the summaries are feed.games (Map by game id). */
  constructor(onChange) {
    this.onChange = onChange;
    this.games = new Map();
    this.stale = [];
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.retry = null;
    this.ping = null;
  }

  list() {
    return [...this.games.values()];
  }

  /** The first list (REST), then the feed. */
  async start() {
    const seats = seatCredentials();
    if (seats.length) {
      const answer = await api("POST", "/mine", { body: { seats } });
      this.take(answer, true);
    } else {
      this.take({ games: [], stale: [] }, true);
    }
    this.connect();
    return this;
  }

  take(answer, all) {
    if (this.closed) return;
    if (all) this.games = new Map();
    for (const g of answer.games || []) this.games.set(g.game_id, g);
    for (const id of answer.stale || []) this.games.delete(id);
    // Forgotten meanwhile on this browser (another tab): not listed.
    for (const id of [...this.games.keys()]) if (!getSeat(id)) this.games.delete(id);
    if (all) this.stale = (answer.stale || []).filter((id) => getSeat(id));
    this.onChange(this);
  }

  connect() {
    if (this.closed) return;
    const seats = seatCredentials();
    if (!seats.length) return;
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${window.location.host}/ws/mine/feed`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      ws.send(JSON.stringify({ type: "follow", seats }));
      clearInterval(this.ping);
      this.ping = setInterval(() => ws.readyState === 1 && ws.send('{"type":"ping"}'), PING_EVERY_MS);
    });
    ws.addEventListener("message", (ev) => {
      let frame;
      try {
        frame = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (frame.type === "mine") this.take(frame, Boolean(frame.all));
    });
    ws.addEventListener("close", () => {
      clearInterval(this.ping);
      if (this.closed || this.ws !== ws) return;
      const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempt++);
      this.retry = setTimeout(() => this.connect(), wait);
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
