// /game/{game_id} and /watch/{watch_id}: the game page shell. Connection and reconnect,
// players and scores, whose turn, the log, error toasts, the spectator banner, the game-over
// panel, your-turn notices (static/notices.js), "since your last turn" (static/since.js), and the board renderer static/games/<game>/index.js
// (contract: docs/client.md), with the generic template buttons as a fallback.

import { api } from "/static/api.js";
import { ClockPanel } from "/static/clock.js";
import { add, clear, h, humanize, playerColor, seatMark, setText, svg, toast } from "/static/dom.js";
import { ChatPanel } from "/static/chat.js";
import { ConfirmBar, confirmMoves, confirmToggle } from "/static/confirm.js";
import { MoveAnnouncer } from "/static/announce.js";
import { GameLog } from "/static/gamelog.js";
import { HowToPlay } from "/static/howto.js";
import { currentLang, errorText, live, msg, onLang, setTitle, t } from "/static/i18n.js";
import { gameName, optionsList, optionsSchema } from "/static/options.js";
import { RematchBox } from "/static/rematch.js";
import { TurnNotices } from "/static/notices.js";
import { SincePanel } from "/static/since.js";
import { ReplayBar } from "/static/replay.js";
import { botBadge } from "/static/seats.js";
import { GameSocket } from "/static/socket.js";
import { forgetSeat, getSeat, saveSeat } from "/static/store.js";
import { TakebackPanel } from "/static/takeback.js";
import { renderFallback } from "/static/templates-fallback.js";

/** Seats the game waits for ("your turn"); seats that merely may act are in to_act only. */
const awaited = (doc) => (doc && (doc.awaited || doc.to_act)) || [];

// The connection in words: game.conn.<state> (offline says when it retries).
const CONN_STATES = ["connecting", "reconnecting", "live", "closed"];

function errorCard(root, title, message, extra) {
  clear(root).appendChild(
    h("section", { class: "card narrow" }, [
      h("h1", null, title),
      h("p", { class: "error-text", "data-testid": "error" }, message),
      extra || null,
      h("a", { href: "/", "data-link": true, class: "btn" }, msg("shell.home_link")),
    ]),
  );
}

export async function render(root, { name, params, navigate }) {
  const watching = name === "watch";
  let gameId;
  let auth;
  let info;
  let seat = null;
  let credential = null;
  try {
    if (watching) {
      info = await api("GET", `/watch/${encodeURIComponent(params[0])}`);
      gameId = info.game_id;
      auth = { watch: params[0] };
    } else {
      gameId = params[0];
      const mine = getSeat(gameId);
      if (!mine) {
        errorCard(root, msg("game.no_seat"), msg("game.no_seat_text"));
        return;
      }
      credential = mine.credential;
      auth = { credential };
      info = await api("GET", `/games/${encodeURIComponent(gameId)}`, { credential });
      seat = typeof info.you === "number" ? info.you : mine.seat;
      if (info.status === "lobby") {
        navigate(`/lobby/${encodeURIComponent(gameId)}`, { replace: true });
        return;
      }
    }
  } catch (err) {
    const extra = !watching && (err.status === 401 || err.status === 403)
      ? h("button", { type: "button", class: "btn btn-ghost", onclick: () => { forgetSeat(gameId); navigate("/"); } }, msg("home.forget_game"))
      : null;
    errorCard(root, watching ? msg("game.cannot_watch") : msg("game.unavailable"), err.words || err.message, extra);
    return;
  }
  return new GameShell(root, { watching, gameId, auth, info, seat, credential, navigate }).start();
}

/** "2nd", "3rd", "11th": a rank as people say it (a row card on a phone shows it alone);
 * Intl.PluralRules' ordinal categories pick the language's form (game.rank.<category>). */
function ordinal(rank) {
  if (typeof rank !== "number") return "–";
  const cat = new Intl.PluralRules(currentLang(), { type: "ordinal" }).select(rank);
  return t(["one", "two", "few"].includes(cat) ? `game.rank.${cat}` : "game.rank.other", { rank });
}

/** Link a renderer's stylesheet once; resolves when it has loaded (or failed: draw anyway). */
function linkStylesheet(href) {
  if ([...document.styleSheets].some((sheet) => sheet.href === href)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = h("link", { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.appendChild(link);
  });
}

/** "Ana", "Ana and Budi", "Ana, Budi and Citra" in the current language (Intl.ListFormat). */
function listText(items) {
  try {
    return new Intl.ListFormat(currentLang(), { type: "conjunction" }).format(items);
  } catch {
    return items.join(", ");
  }
}

class GameShell {
  constructor(root, opts) {
    Object.assign(this, opts);
    this.root = root;
    this.doc = null;
    this.version = null;
    this.rendererDoc = null;
    this.renderer = null;
    this.rendererFailed = false;
    this.spectators = 0;
    this.closed = false;
    this.lobbyFrames = 0; // lobby frames seen: an answer asked before one of them is older
    this.players = (this.info.seats || []).map((s) => ({
      seat: s.seat, name: s.name, bot: s.bot, bot_level: s.bot_level, connected: s.connected, left: s.left, host: s.host,
    }));
    this.log = new GameLog((seat) => this.playerName(seat), {
      describe: (ref) => this.describeRef(ref),
      onRefs: (refs) => this.highlightRefs(refs),
    });
    this.chat = new ChatPanel({ gameId: this.gameId, seat: this.seat, nameOf: (s) => this.playerName(s),
      send: (frame) => Boolean(this.sock?.sendRaw(frame)) });
    this.rematch = new RematchBox({ gameId: this.gameId, seat: this.seat, credential: this.credential,
      game: this.info.game, players: this.players, nameOf: (s) => this.playerName(s), navigate: this.navigate });
    this.build();
  }

  playerName(seat) {
    const p = this.players.find((x) => x.seat === seat);
    if (!p) return t("game.seat_n", { n: Number(seat) + 1 });
    return p.name || (p.bot ? t("seats.bot_n", { n: seat + 1 }) : t("game.seat_n", { n: seat + 1 }));
  }

  isHost() {
    const me = this.players.find((p) => p.seat === this.seat);
    return Boolean(me && me.host);
  }

  build() {
    const info = this.info;
    const name = live(() => gameName(info.game, info.game_name || info.game));
    this.gameName = name;
    this.status = h("span", { class: "conn", "data-testid": "status", "data-state": "connecting" }, msg("game.conn.connecting"));
    this.turn = h("p", { class: "turn", "data-testid": "turn", "aria-live": "polite" }, msg("shell.loading"));
    this.playersList = h("ol", { class: "players", "aria-label": msg("game.players") });
    this.gameover = h("section", { class: "panel gameover", "data-testid": "gameover", hidden: true });
    this.leftNotice = h("section", { class: "panel left-notice", "data-testid": "left-notice", role: "status", hidden: true });
    this.boardRoot = h("div", { class: "board-root" });
    this.notice = h("div", { class: "board-notice", hidden: true });
    this.fallback = h("section", { class: "panel fallback-actions", "data-testid": "fallback-actions", hidden: true });
    this.fallback.addEventListener("fallback-error", (e) => toast(e.detail));
    this.rawView = h("details", { class: "raw-view", hidden: true }, [h("summary", null, msg("game.raw")), h("pre")]);
    this.waiting = h("section", { class: "panel waiting", hidden: true });
    this.extra = h("div", { class: "player-actions" });
    this.optionsPanel = h("section", { class: "panel options-panel", "aria-labelledby": "options-h", hidden: true });
    this.notices = this.watching ? null : new TurnNotices({ gameName: name, gameId: this.gameId });
    this.since = this.watching ? null : new SincePanel((seat) => this.playerName(seat), this.log.list, {
      describe: (ref) => this.describeRef(ref),
      onRefs: () => this.highlightRefs(null),
    });
    this.replay = new ReplayBar(this);
    this.clock = new ClockPanel({
      seat: () => (this.watching || this.hasLeft ? null : this.seat),
      playerName: (seat) => this.playerName(seat),
      sendRaw: (frame) => this.sock?.sendRaw(frame),
      takeBack: () => api("POST", `/games/${encodeURIComponent(this.gameId)}/take-back`, { credential: this.credential })
        .then((info) => this.mergeInfo(info), (err) => { toast(err.message); throw err; }),
    });
    this.confirmBar = new ConfirmBar(info.game, (ref) => this.describeRef(ref));
    this.announcer = new MoveAnnouncer((seat) => this.playerName(seat), (ref) => this.describeRef(ref));
    this.howto = new HowToPlay({ game: info.game, gameName: name, context: () => ({
      seat: this.seat, players: this.players, options: this.info.options || {}, data: this.data || {},
      playerName: (seat) => this.playerName(seat),
    }) });
    // The board is the page's main content for a keyboard: a skip link jumps over the head.
    this.boardWrap = h("div", { class: "board-wrap", id: "board", tabindex: "-1" }, [this.boardRoot]);
    const skip = h("a", { class: "skip-link", href: "#board", "data-testid": "skip-to-board", onclick: (e) => {
      e.preventDefault(); // the router would take the click; the hash is this page's own
      this.boardWrap.focus({ preventScroll: true });
      this.boardWrap.scrollIntoView({ block: "start" });
    } }, t("game.skip_to_board"));
    this.takeback = new TakebackPanel(null, (seat) => this.playerName(seat));

    const banner = this.watching
      ? h("div", { class: "spectator-banner", "data-testid": "spectator-banner", role: "status" }, [
          h("strong", null, msg("game.watching")),
          h("span", null, msg("game.watching_text")),
        ])
      : null;
    // The skip link is the page's first Tab stop, before the top bar.
    this.skip = skip;
    document.body.prepend(skip);
    this.root.appendChild(
      h("div", { class: `game-page${this.watching ? " watching" : ""}` }, [
        banner,
        this.announcer.el,
        h("div", { class: "game-head" }, [
          h("div", { class: "game-title" }, [h("h1", null, name), this.status,
            // A game keeps the rules it started with, even after the server's rules change.
            h("span", { class: "rules-version", "data-testid": "rules-version" }, msg("game.rules_version", { version: info.rules_version ?? "?" }))]),
          this.turn,
          this.chat.jump,
          this.howto.button,
          this.replay.opener,
        ]),
        h("div", { class: "game-grid" }, [
          // Nothing that comes and goes mid-turn sits above the board (it would push the board
          // down under a finger): the take-back row keeps its space, the confirm bar floats,
          // "since your last turn" comes below the board.
          h("div", { class: "board-col" }, [this.leftNotice, this.gameover, this.waiting, this.notice, this.replay.el, this.boardWrap, this.confirmBar.el, this.takeback.el, this.since ? this.since.el : null, this.fallback, this.rawView]),
          h("aside", { class: "side-col" }, [
            this.clock.el,
            h("section", { class: "panel players-panel", "aria-labelledby": "players-h" }, [
              h("h3", { class: "panel-title", id: "players-h" }, msg("game.players")),
              this.playersList,
              this.extra,
              this.notices ? this.notices.el : null,
            ]),
            this.chat.el,
            this.optionsPanel,
            this.log.el,
            this.replay.log.el,
          ]),
        ]),
      ]),
    );
    this.drawPlayers();
    this.drawExtra();
  }

  async drawOptions() {
    if (!Object.keys(this.info.options || {}).length) return;
    const schema = await optionsSchema(api, this.info.game);
    if (this.closed) return;
    add(clear(this.optionsPanel), h("h3", { class: "panel-title", id: "options-h" }, t("game.options")),
      optionsList(schema, this.info.options, this.info.game));
    this.optionsPanel.hidden = false;
  }

  async start() {
    this.loadRenderer();
    this.drawOptions();
    this.sock = new GameSocket(this.gameId, this.auth, {
      onDoc: (d) => this.onDoc(d),
      onStatus: (s, detail) => this.onStatus(s, detail),
      onPresence: (f) => this.onPresence(f),
      onLobby: (lobby) => this.onLobby(lobby),
      onFatal: (reason, code) => this.onFatal(reason, code),
      onError: (reason) => toast(reason),
      onOpen: () => this.chat.onOpen(),
      onChat: (f) => this.chat.onFrame(f),
      onRematch: (f) => this.rematch.update(f),
      // Live words: a refusal on screen is worded again when the viewer switches language.
      onRejected: (f) => this.chat.onRejected(f) || toast(live(() => errorText(f))),
      onTakeback: (frame) => this.takeback.onFrame(frame),
    });
    this.takeback.sock = this.sock;
    this.sock.connect();
    this.offLang = onLang(() => this.relabel());
    return () => this.destroy();
  }

  /** A new language: word everything again in place (the socket and the board stay). */
  relabel() {
    if (this.closed) return;
    this.log.draw();
    this.since?.relabel();
    this.drawOptions();
    this.chat.relabel();
    this.replay.relabel();
    this.takeback.draw();
    this.rematch.draw();
    this.confirmBar.relabel();
    this.drawExtra();
    if (this.statusState) this.onStatus(...this.statusState);
    if (!this.doc) return;
    this.drawTurn();
    this.drawPlayers();
    this.drawGameOver();
    if (!this.doc.view) this.drawBoard(); // the "waiting for the start" panel
    else if (!this.fallback.hidden && !this.replay.active) renderFallback(this.fallback, this.doc.outcome ? [] : this.doc.legal || [], (a) => this.send(a), this.info.game, (ref) => this.describeRef(ref));
    if (this.clock.clock) this.clock.draw();
    if (this.renderer && !this.rendererFailed && this.rendererDoc && !this.replay.active) {
      try {
        this.renderer.update(this.rendererDoc, this.rendererDoc);
      } catch (err) {
        console.error("renderer relabel failed", err);
      }
    }
  }

  destroy() {
    this.closed = true;
    this.offLang?.();
    this.howto.destroy();
    this.skip?.remove();
    this.notices?.destroy();
    this.replay.destroy();
    this.clock?.destroy();
    this.sock?.close();
    clearTimeout(this.refreshTimer);
    try {
      this.renderer?.destroy?.();
    } catch (err) {
      console.error(err);
    }
  }

  /** The board's word for a place a log line names (the renderer's optional describe). */
  describeRef(ref) {
    try {
      return this.renderer?.describe?.(ref) ?? null;
    } catch (err) {
      console.error(err);
      return null;
    }
  }

  /**
   * Highlight on the board what a log line names; null falls back to the moves "since your
   * last turn" while that panel is open (the renderer's optional highlight).
   */
  highlightRefs(refs) {
    try {
      this.renderer?.highlight?.(refs || this.since?.refs || null);
    } catch (err) {
      console.error(err);
    }
  }

  ctx() {
    return {
      t,
      lang: () => currentLang(),
      lines: () => this.log.sorted().map(([, line]) => line),
      seat: this.seat,
      players: this.players,
      options: this.info.options || {},
      send: (action, opts) => this.send(action, opts),
      svg,
      h,
      playerColor,
      playerName: (seat) => this.playerName(seat),
    };
  }

  async loadRenderer() {
    const game = this.info.game;
    try {
      const kind = encodeURIComponent(game);
      // The module and the game's static data (once per game kind, cacheable) in parallel.
      const [mod, data] = await Promise.all([
        import(`/static/games/${kind}/index.js`),
        api("GET", `/game-kinds/${kind}/data`),
      ]);
      if (typeof mod.createRenderer !== "function") throw new Error("no createRenderer export");
      if (mod.stylesheet) await linkStylesheet(mod.stylesheet);
      if (this.closed) return;
      this.data = data;
      this.renderer = mod.createRenderer(this.boardRoot, { ...this.ctx(), data });
      // Lines drawn before the board loaded name places its own way (renderer.describe).
      this.log.draw();
      this.since?.relabel();
    } catch (err) {
      console.warn(`renderer for ${game} unavailable`, err);
      this.rendererFailed = true;
      this.renderer = null;
      clear(this.boardRoot);
      this.notice.hidden = false;
      setText(this.notice, this.watching ? msg("game.no_board_watch") : msg("game.no_board"));
    }
    this.rendererReady = true;
    if (this.doc) this.drawBoard();
    // A link may open the replay at a version (an imported record: ?replay=0).
    const at = new URLSearchParams(location.search).get("replay");
    if (at !== null && /^\d+$/.test(at) && !this.closed) this.replay.go(Number(at));
  }

  /** A renderer's move: with move confirmation on, previewed first and sent on Confirm. */
  async send(action, { confirm = true } = {}) {
    if (confirm && !this.watching && confirmMoves()) {
      this.previewing = action;
      this.preview(action);
      const ok = await this.confirmBar.ask(action);
      this.previewing = null;
      this.preview(null);
      if (!ok) {
        const err = new Error(t("game.cancelled"));
        err.code = "cancelled";
        throw err;
      }
    }
    this.notices?.acted();
    this.since?.clear();
    return this.sock.sendAction(action).catch((err) => {
      const said = live(() => {
        const words = err.message || t("game.not_accepted");
        return err.code === "stale" ? t("game.stale", { reason: words }) : words;
      });
      toast(said);
      throw err;
    });
  }

  /** Ask the board to draw (or, with null, forget) the move waiting for Confirm. */
  preview(action) {
    if (!this.renderer || this.rendererFailed || typeof this.renderer.preview !== "function") return;
    try {
      this.renderer.preview({ ...this.doc, version: this.version }, action);
    } catch (err) {
      console.error("renderer preview failed", err);
    }
  }

  onStatus(state, detail) {
    this.statusState = [state, detail];
    let text = CONN_STATES.includes(state) ? t(`game.conn.${state}`) : state;
    if (state === "offline") {
      const secs = Math.max(1, Math.round((detail || 0) / 1000));
      text = t("game.conn.offline", { secs });
    }
    this.status.textContent = text;
    this.status.dataset.state = state;
  }

  onFatal(reason, code) {
    // Leaving ends this browser's seat, so the server closes its connection: that is the
    // goodbye, not an error.
    if (this.leaving && code === 4401) {
      this.leftTable();
      return;
    }
    let said = reason || msg("shell.closed_by_server");
    if (code === 4401) said = msg("game.fatal.seat_lost");
    if (code === 4403) said = msg("game.fatal.no_spectators");
    if (code === 4404) said = msg("game.fatal.gone");
    toast(said);
    this.fatalText = said;
    setText(this.turn, said);
  }

  onPresence(frame) {
    for (const p of frame.seats || []) {
      const player = this.players.find((x) => x.seat === p.seat);
      if (player) player.connected = p.connected;
    }
    if (typeof frame.spectators === "number") this.spectators = frame.spectators;
    this.drawPlayers();
    this.drawExtra();
    // Presence changes are when a player may have left: the host needs the `left` flags.
    if (!this.watching && this.isHost()) this.refreshInfoSoon();
  }

  onLobby(lobby) {
    if (!lobby) return;
    this.lobbyFrames += 1;
    this.mergeInfo(lobby);
  }

  mergeInfo(info) {
    this.info = { ...this.info, ...info };
    for (const s of info.seats || []) {
      const p = this.players.find((x) => x.seat === s.seat);
      const seen = { name: s.name, bot: s.bot, bot_level: s.bot_level, connected: s.connected, left: s.left, host: s.host };
      if (p) Object.assign(p, seen);
      else this.players.push({ seat: s.seat, ...seen });
    }
    if (!this.watching && !this.hasLeft && typeof info.you === "number") {
      this.seat = info.you;
      this.chat.seat = this.rematch.seat = info.you;
      saveSeat(this.gameId, { seat: info.you });
    }
    this.drawPlayers();
    this.drawExtra();
    if (this.doc) {
      this.drawTurn();
      this.clock.update(this.doc, this.info, { snapshot: true });
    }
  }

  refreshInfoSoon() {
    clearTimeout(this.refreshTimer);
    if (this.hasLeft) return;
    this.refreshTimer = setTimeout(async () => {
      try {
        const q = this.watching ? null : { credential: this.credential };
        if (!q) return;
        const framesBefore = this.lobbyFrames;
        const info = await api("GET", `/games/${encodeURIComponent(this.gameId)}`, q);
        if (this.closed) return;
        // A lobby frame that came while this was asked may be newer than the answer (a
        // seat handed to a bot just then): ask again rather than undo it.
        if (this.lobbyFrames !== framesBefore) this.refreshInfoSoon();
        else this.mergeInfo(info);
      } catch {
        /* keep what we have */
      }
    }, 400);
  }

  onDoc({ doc, version, log, snapshot }) {
    // A move waiting for Confirm was chosen on the board as it was: a new version voids it.
    if (version !== this.version) this.confirmBar.dismiss();
    this.doc = doc;
    this.version = version;
    this.log.add(log, { replace: snapshot && Array.isArray(log) && log.length > 0 });
    this.announcer.update({ log, snapshot });
    this.since?.update({ log, snapshot }, this.seat);
    if (snapshot && !this.watching) this.refreshInfoSoon();
    this.drawTurn();
    this.drawPlayers();
    this.drawGameOver();
    this.drawBoard();
    this.drawExtra();
    this.replay.liveChanged();
    this.clock.update(doc, this.info, { snapshot });
    this.takeback.update(this.watching ? null : doc, this.seat);
  }

  myTurn() {
    return this.seat !== null && this.doc && !this.doc.outcome && awaited(this.doc).includes(this.seat);
  }

  drawTurn() {
    const doc = this.doc;
    let text;
    const toAct = awaited(doc);
    if (this.hasLeft) {
      // A frame already on its way when this browser left must not bring back a turn line.
      text = t("lobby.left");
    } else if (this.fatalText) {
      text = String(this.fatalText);
    } else if (!doc || !doc.view) {
      text = t("game.turn.not_started");
    } else if (doc.outcome || doc.status === "finished") {
      text = t("game.turn.over");
    } else if (doc.status === "abandoned") {
      text = t("game.turn.abandoned");
    } else if (this.myTurn()) {
      const others = toAct.filter((s) => s !== this.seat);
      text = others.length ? t("game.turn.yours_with", { names: this.names(others) }) : t("game.turn.yours");
    } else if (toAct.length) {
      text = t("game.turn.waiting_for", { names: this.names(toAct) });
    } else {
      text = t("game.turn.waiting");
    }
    this.turn.textContent = text;
    this.turn.classList.toggle("mine", Boolean(this.myTurn()));
    if (this.notices) this.notices.update(this.myTurn());
    else setTitle(msg("game.page_title", { game: String(this.gameName) }));
  }

  /** Players' names as a list in the current language ("Ana, Budi and Citra"). */
  names(seats) {
    return listText(seats.map((s) => this.playerName(s)));
  }

  drawPlayers() {
    const doc = this.doc;
    const outcome = doc && doc.outcome;
    const toAct = new Set(awaited(doc));
    clear(this.playersList);
    for (const p of this.players) {
      const score = outcome && Array.isArray(outcome.scores) ? outcome.scores[p.seat] : undefined;
      const rank = outcome && Array.isArray(outcome.ranks) ? outcome.ranks[p.seat] : undefined;
      const acting = !outcome && toAct.has(p.seat);
      this.playersList.appendChild(
        h("li", {
          class: `player${acting ? " acting" : ""}${p.seat === this.seat ? " me" : ""}${p.left ? " left" : ""}`,
          "data-testid": `player-${p.seat}`,
          style: { "--seat-color": playerColor(p.seat) },
        }, [
          seatMark(p.seat),
          h("span", { class: "player-name" }, [
            h("span", { class: "name" }, this.playerName(p.seat)),
            p.seat === this.seat ? h("span", { class: "muted small" }, t("shell.you_mark")) : null,
          ]),
          p.bot ? h("span", { class: "badge badge-bot", "data-testid": `bot-level-${p.seat}` }, botBadge(p)) : null,
          p.left && !p.bot ? h("span", { class: "badge badge-left" }, t("game.left_badge")) : null,
          acting ? h("span", { class: "badge badge-turn", title: t("game.to_act_title") }, t("game.to_act")) : null,
          rank !== undefined ? h("span", { class: "badge badge-rank" }, `#${rank}`) : null,
          score !== undefined ? h("span", { class: "score" }, String(score)) : null,
          !p.bot
            ? h("span", { class: `dot ${p.connected ? "on" : "off"}`, role: "img", title: p.connected ? t("shell.online") : t("shell.offline"), "aria-label": p.connected ? t("shell.online") : t("shell.offline") })
            : null,
        ]),
      );
    }
    if (this.spectators > 0) {
      this.playersList.appendChild(
        h("li", { class: "player spectators muted small" }, t("game.spectators", { n: this.spectators })),
      );
    }
  }

  drawExtra() {
    clear(this.extra);
    const finished = this.doc && (this.doc.outcome || this.doc.status === "finished");
    if (this.watching || finished) return;
    if (this.isHost()) {
      for (const p of this.players) {
        // A player who left, or who is gone from the table, can be replaced by a bot
        // (the server refuses while that player is still connected).
        if (!p.bot && p.seat !== this.seat && (p.left || !p.connected)) {
          this.extra.appendChild(
            h("button", {
              type: "button", class: "btn btn-small", "data-testid": `hand-bot-${p.seat}`,
              onclick: async (e) => {
                e.currentTarget.disabled = true;
                try {
                  await api("POST", `/games/${encodeURIComponent(this.gameId)}/seats/${p.seat}/bot`, { credential: this.credential });
                  toast(t("game.bot_plays_for", { name: this.playerName(p.seat) }), "info", 3000);
                  this.refreshInfoSoon();
                } catch (err) {
                  toast(err.message);
                  e.currentTarget.disabled = false;
                }
              },
            }, t("game.hand_to_bot", { name: this.playerName(p.seat) })),
          );
        }
      }
    }
    const me = this.players.find((p) => p.seat === this.seat);
    if (me && !me.left) this.extra.appendChild(confirmToggle());
    if (me && !me.left) {
      // "Really leave?" is kept on the shell, not the button: a frame may redraw the button
      // between the two clicks.
      const armed = () => Date.now() < (this.leaveArmedUntil || 0);
      const btn = h("button", { type: "button", class: `btn btn-small btn-ghost${armed() ? " btn-danger" : ""}`, "data-testid": "leave" },
        armed() ? t("game.leave_really") : t("game.leave"));
      btn.addEventListener("click", async () => {
        if (!armed()) {
          this.leaveArmedUntil = Date.now() + 4000;
          btn.textContent = t("game.leave_really");
          btn.classList.add("btn-danger");
          clearTimeout(this.leaveTimer);
          this.leaveTimer = setTimeout(() => {
            this.leaveArmedUntil = 0;
            btn.textContent = t("game.leave");
            btn.classList.remove("btn-danger");
          }, 4000);
          return;
        }
        this.leaveArmedUntil = 0;
        btn.disabled = true;
        this.leaving = true;
        try {
          await api("POST", `/games/${encodeURIComponent(this.gameId)}/leave`, { credential: this.credential });
          toast(msg("game.left_toast"), "info", 4000);
          this.leftTable();
        } catch (err) {
          this.leaving = false;
          toast(err.message);
          btn.disabled = false;
        }
      });
      this.extra.appendChild(btn);
    }
  }

  /** This browser gave its seat up: it is no player any more, and may watch instead. */
  leftTable() {
    if (this.hasLeft) return;
    this.hasLeft = true;
    this.sock?.close();
    forgetSeat(this.gameId);
    this.seat = null;
    this.credential = null;
    setText(this.turn, msg("lobby.left"));
    this.turn.classList.remove("mine");
    this.notices?.destroy();
    this.since?.clear();
    setTitle(msg("game.page_title", { game: String(this.gameName) }));
    const watch = this.info.watch_url ? new URL(this.info.watch_url, location.origin).pathname : null;
    add(clear(this.leftNotice),
      h("h2", null, msg("game.left_title")),
      h("p", null, watch ? msg("game.left_watch") : msg("game.left_no_watch")),
      h("div", { class: "form-actions" }, [
        watch
          ? h("a", { href: watch, "data-link": true, class: "btn btn-primary", "data-testid": "watch-instead" }, msg("game.watch_instead"))
          : null,
        h("a", { href: "/", "data-link": true, class: watch ? "btn btn-ghost" : "btn" }, msg("shell.home_link")),
      ]),
    );
    this.leftNotice.hidden = false;
    this.drawPlayers();
    this.drawExtra();
  }

  drawGameOver() {
    const outcome = this.doc && this.doc.outcome;
    if (!outcome) {
      this.gameover.hidden = true;
      return;
    }
    clear(this.gameover);
    this.gameover.hidden = false;
    const n = this.players.length;
    const ranks = outcome.ranks || [];
    const scores = outcome.scores || [];
    const order = this.players.map((p) => p.seat).sort((a, b) => (ranks[a] ?? 99) - (ranks[b] ?? 99) || a - b);
    const detail = outcome.detail && typeof outcome.detail === "object" ? outcome.detail : {};
    const cols = [];
    const notes = [];
    for (const [key, val] of Object.entries(detail)) {
      if (Array.isArray(val) && val.length === n) cols.push([key, (s) => val[s]]);
      else if (val && typeof val === "object" && !Array.isArray(val) && Object.keys(val).every((k) => /^\d+$/.test(k))) {
        cols.push([key, (s) => val[String(s)]]);
      } else notes.push([key, val]);
    }
    // Breakdowns arrive as plain data: lists read as "3, 2, 1", small objects as "key: value".
    const fmt = (v) => {
      if (v === undefined || v === null) return "–";
      if (Array.isArray(v)) return v.length ? v.map(fmt).join(", ") : t("options.none");
      if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, " ")}: ${fmt(x)}`).join("; ");
      return String(v);
    };
    const cell = (label, value) =>
      h("td", { class: "num" }, [h("span", { class: "cell-label", "aria-hidden": "true" }, label), h("span", { class: "cell-value" }, value)]);
    const winners = order.filter((s) => ranks[s] === 1);
    const headline = winners.length
      ? winners.includes(this.seat)
        ? winners.length > 1 ? t("game.over.you_share") : t("game.over.you_win")
        : t("game.over.wins", { names: this.names(winners), count: winners.length })
      : t("game.turn.over");
    add(this.gameover, 
      h("h2", null, headline),
      // On a phone each row becomes a card of "label value" lines (style.css), so every
      // column reads whole without scrolling sideways; the labels repeat the header cells.
      h("div", { class: "table-scroll", role: "region", "aria-label": t("game.over.scores"), tabindex: "0" }, [
        h("table", { class: "results" }, [
          h("thead", null, h("tr", null, [
            h("th", { scope: "col" }, t("game.over.rank")),
            h("th", { scope: "col" }, t("game.over.player")),
            h("th", { scope: "col", class: "num" }, t("game.over.score")),
            ...cols.map(([k]) => h("th", { scope: "col", class: "num" }, humanize(k))),
          ])),
          h("tbody", null, order.map((s) =>
            h("tr", { class: ranks[s] === 1 ? "winner" : "", "data-testid": `result-${s}` }, [
              h("td", { class: "rank-cell" }, ranks[s] === 1 ? h("span", { class: "badge badge-rank" }, ordinal(1)) : ordinal(ranks[s])),
              h("th", { scope: "row" }, [
                seatMark(s),
                h("span", { class: "name" }, this.playerName(s)),
              ]),
              cell(t("game.over.score"), fmt(scores[s])),
              ...cols.map(([k, get]) => cell(humanize(k), fmt(get(s)))),
            ]),
          )),
        ]),
      ]),
      notes.length
        ? h("dl", { class: "notes" }, notes.flatMap(([k, v]) => [h("dt", null, k.replace(/_/g, " ")), h("dd", null, fmt(v))]))
        : null,
      h("div", { class: "form-actions" }, [this.rematch.el, h("a", { href: "/", "data-link": true, class: "btn" }, t("game.over.home")), this.replay.downloadButton()]),
    );
  }

  drawBoard() {
    const doc = this.doc;
    const started = Boolean(doc && doc.view);
    this.waiting.hidden = started;
    if (!started) {
      add(clear(this.waiting), 
        h("h2", null, t("game.waiting_start")),
        h("p", { class: "muted" }, t("game.waiting_start_text")),
      );
      this.fallback.hidden = true;
      return;
    }
    if (!this.rendererReady) return; // loadRenderer draws when the module arrives
    if (this.replay.active) return; // the replay holds the board; the live doc waits
    const full = { ...doc, version: this.version };
    if (this.renderer && !this.rendererFailed) {
      try {
        this.renderer.update(full, this.rendererDoc);
        this.notice.hidden = true;
        if (!this.rendererDoc && this.since?.refs) this.highlightRefs(null);
      } catch (err) {
        console.error("renderer update failed", err);
        this.notice.hidden = false;
        setText(this.notice, msg("game.board_failed"));
      }
    }
    this.rendererDoc = full;
    const handlesAll = this.renderer && !this.rendererFailed && this.boardRoot.dataset.handlesAll === "1" && this.notice.hidden;
    if (handlesAll) {
      this.fallback.hidden = true;
    } else {
      renderFallback(this.fallback, doc.outcome ? [] : doc.legal || [], (a) => this.send(a), this.info.game, (ref) => this.describeRef(ref));
    }
    if (!this.renderer || this.rendererFailed) {
      this.rawView.hidden = false;
      this.rawView.querySelector("pre").textContent = JSON.stringify(doc.view, null, 2);
    }
  }
}
