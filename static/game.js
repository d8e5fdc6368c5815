// /game/{game_id} and /watch/{watch_id}: the game page shell. It wires the page's panels
// (each one a module: players.js, playeractions.js, leftnotice.js, gameover.js, waiting.js,
// chat.js, clock.js, takeback.js, rematch.js, since.js, notices.js, replay.js, ...) to the
// connection and reconnect (socket.js), and draws whose turn, the error toasts and the
// spectator banner itself. The board is the renderer static/games/<game>/index.js (contract:
// docs/client.md), with the generic template buttons as a fallback.
//
// Two steps (issue 42): the board, the players and the turn line are built at once, from
// modules the page preloads; the panels around them (LATER_PANELS) are imported after the
// board's first draw and put into the places kept for them, so a first visit fetches and
// runs only what the first paint needs. Until then the shell keeps what they would have
// been told (laterFrames) and tells them on arrival.

import { api } from "/static/api.js";
import { clear, h, playerColor, setText, svg, toast } from "/static/dom.js";
import { GameLog } from "/static/gamelog.js";
import { currentLang, errorText, gameName, listText, live, msg, onLang, setTitle, t } from "/static/i18n.js";
import { dropPicture, keepOnLeaving } from "/static/picture.js";
import { PlayersPanel } from "/static/players.js";
import { GameSocket } from "/static/socket.js";
import { forgetSeat, getSeat, saveSeat, signedIn } from "/static/store.js";
import { focusLost, keyboardPlay } from "/static/roving.js";

/**
 * The panels only some tables show, fetched only for those (issue 42: a watch link's first
 * visit asks for what a spectator sees, nothing more). A seat's page preloads its own
 * (app/main.py, SEAT_PANELS), so awaiting them costs it no round trip.
 */
async function tablePanels({ watching, lesson, hints }) {
  const none = Promise.resolve({});
  const [confirm, notices, since, keepcrew, nextgame, coach, hint] = await Promise.all([
    watching ? none : import("/static/confirm.js"), // a spectator makes no move to confirm
    watching ? none : import("/static/notices.js"),
    watching ? none : import("/static/since.js"),
    watching ? none : import("/static/keepcrew.js"),
    watching ? none : import("/static/nextgame.js"),
    lesson && !watching ? import("/static/coach.js") : none,
    hints ? import("/static/hint.js") : none,
  ]);
  return { ConfirmBar: confirm.ConfirmBar, confirmMoves: confirm.confirmMoves, moveError: confirm.moveError,
    TurnNotices: notices.TurnNotices, SincePanel: since.SincePanel, KeepCrew: keepcrew.KeepCrew,
    NextGame: nextgame.NextGame, Coach: coach.Coach, HintPanel: hint.HintPanel };
}

/**
 * The panels drawn after the board (app/main.py names the same modules, LATER_PANELS: the
 * service worker keeps them for offline use, the shell does not preload them). A seat's
 * own panels (its buttons, take-backs, "you left") only for a seat; the rest of them when
 * the table first needs them (GameShell.panel: the game-over panel once the game is over, the
 * "not started" panel before the start, the template buttons where the board does not take
 * a move itself): a spectator of a running game fetches none of those (issue 42).
 */
async function laterPanels({ watching }) {
  const none = Promise.resolve({});
  const [chat, replay, announce, options, playeractions, takeback, leftnotice] = await Promise.all([
    import("/static/chat.js"),
    import("/static/replay.js"),
    import("/static/announce.js"),
    import("/static/options.js"),
    watching ? none : import("/static/playeractions.js"),
    watching ? none : import("/static/takeback.js"),
    watching ? none : import("/static/leftnotice.js"),
  ]);
  // Their stylesheets before the panels: a panel put on the page before its sheet has
  // loaded shows its controls unstyled (a 16 px chat tab) until it arrives.
  await Promise.all([chat, replay].map((mod) => linkStylesheet(mod.STYLESHEET)));
  return { ChatPanel: chat.ChatPanel, ReplayBar: replay.ReplayBar, MoveAnnouncer: announce.MoveAnnouncer,
    OptionsPanel: options.OptionsPanel, PlayerActions: playeractions.PlayerActions,
    TakebackPanel: takeback.TakebackPanel, LeftNotice: leftnotice.LeftNotice };
}

/** Run `fn` once the page has painted: after the next frame, off that frame's task. */
function afterPaint(fn) {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/**
 * The watch page's table and spectator's snapshot, inline in the page's first answer
 * (app/http/firstpaint.py): read once, for the watch link the page was made for (a later
 * page of the router asks the server as before).
 */
function firstDocument(watch) {
  const el = document.getElementById("meja-first");
  if (!el) return null;
  el.remove();
  try {
    const first = JSON.parse(el.textContent);
    return first && first.watch === watch && first.info && first.snapshot?.type === "snapshot" ? first : null;
  } catch {
    return null;
  }
}

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
  let first = null;
  try {
    if (watching) {
      first = firstDocument(params[0]);
      info = first ? first.info : await api("GET", `/watch/${encodeURIComponent(params[0])}`);
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
  let panels;
  try {
    panels = await tablePanels({ watching, lesson: info.settings?.lesson, hints: info.settings?.hints });
  } catch (err) {
    console.error(err);
    errorCard(root, watching ? msg("game.cannot_watch") : msg("game.unavailable"), msg("shell.load_failed"));
    return;
  }
  return new GameShell(root, { watching, gameId, auth, info, seat, credential, navigate, panels,
    first: first?.snapshot || null }).start();
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
      former: Boolean(s.former),
    }));
    this.log = new GameLog((seat) => this.playerName(seat), {
      describe: (ref) => this.describeRef(ref),
      onRefs: (refs) => this.highlightRefs(refs),
      // Drawn once the board has drawn a position (drawBoard): the log names places the board's
      // way (renderer.describe), which needs it, and a first visit draws the log once, not twice.
      held: true,
    });
    // The later panels (null until they arrive), the places kept for their elements and
    // what they are to be told on arrival, in order.
    this.chat = this.rematch = this.replay = this.clock = this.howto = this.takeback = this.gameover = null;
    this.announcer = this.leftNotice = this.optionsPanel = this.actions = this.waiting = null;
    this.renderFallback = null;
    this.slots = {};
    this.laterFrames = [];
    this.beside = []; // what a move changes beside the board, drawn after the board (besideBoard)
    this.besideKeys = new Set(); // the keys of what is queued there
    this.build();
  }

  playerName(seat) {
    const p = this.players.find((x) => x.seat === seat);
    if (!p) return t("game.seat_n", { n: Number(seat) + 1 });
    if (p.former) return t("account.former_player"); // the player deleted their account
    return p.name || (p.bot ? t("seats.bot_n", { n: seat + 1 }) : t("game.seat_n", { n: seat + 1 }));
  }

  isHost() {
    const me = this.players.find((p) => p.seat === this.seat);
    return Boolean(me && me.host);
  }

  /** The panels the shell draws in the page's columns, each a module of its own. */
  buildPanels() {
    const nameOf = (seat) => this.playerName(seat);
    this.playersPanel = new PlayersPanel({ players: this.players, nameOf,
      below: [this.slot("actions"), this.notices ? this.notices.el : null, this.watching ? null : accountHint()] });
    // "Keep this crew" (static/keepcrew.js): for the table's players, not its spectators.
    this.keepCrew = this.watching ? null : new this.panels.KeepCrew(this.gameId, () => gameName(this.info.game, this.info.game_name || this.info.game));
  }

  build() {
    const info = this.info;
    const name = live(() => gameName(info.game, info.game_name || info.game));
    this.gameName = name;
    this.status = h("span", { class: "conn", "data-testid": "status", "data-state": "connecting" }, msg("game.conn.connecting"));
    this.turn = h("p", { class: "turn", "data-testid": "turn", "aria-live": "polite" }, msg("shell.loading"));
    this.boardRoot = h("div", { class: "board-root" });
    this.notice = h("div", { class: "board-notice", hidden: true });
    this.fallback = h("section", { class: "panel fallback-actions", "data-testid": "fallback-actions", hidden: true });
    this.fallback.addEventListener("fallback-error", (e) => toast(e.detail));
    this.rawView = h("details", { class: "raw-view", hidden: true }, [h("summary", null, msg("game.raw")), h("pre")]);
    this.notices = this.watching ? null : new this.panels.TurnNotices({ gameName: name, gameId: this.gameId });
    this.since = this.watching ? null : new this.panels.SincePanel((seat) => this.playerName(seat), this.log.list, {
      describe: (ref) => this.describeRef(ref),
      onRefs: () => this.highlightRefs(null),
    });
    this.confirmBar = this.watching ? null : new this.panels.ConfirmBar(info.game, (ref) => this.describeRef(ref));
    // The board is the page's main content for a keyboard: a skip link jumps over the head.
    this.boardWrap = h("div", { class: "board-wrap", id: "board", tabindex: "-1" }, [this.boardRoot]);
    const skip = h("a", { class: "skip-link", href: "#board", "data-testid": "skip-to-board", onclick: (e) => {
      e.preventDefault(); // the router would take the click; the hash is this page's own
      this.boardWrap.focus({ preventScroll: true });
      this.boardWrap.scrollIntoView({ block: "start" });
    } }, t("game.skip_to_board"));
    // A lesson's table (docs/lessons.md): the coach speaks from the asks dock.
    this.coach = info.settings?.lesson && !this.watching
      ? new this.panels.Coach({ gameId: this.gameId, lesson: info.settings.lesson, seat: this.seat, navigate: this.navigate,
        describe: (ref) => this.describeRef(ref), highlight: (refs) => this.highlightRefs(refs),
        onWire: () => Boolean(this.onWire) })
      : null;
    // Beginners' hints, when the host turned them on: everyone reads that they are on.
    this.hints = info.settings?.hints
      ? new this.panels.HintPanel({ gameId: this.gameId, game: info.game, credential: this.watching ? null : this.credential,
        describe: (ref) => this.describeRef(ref), canAsk: () => Boolean(this.myTurn()) && !this.replay?.active,
        show: (action) => this.preview(action) })
      : null;
    this.nextGame = this.watching ? null : new this.panels.NextGame(this.gameId, this.navigate);
    this.buildPanels();
    this.buildDock();
    this.keepBoardFocus();

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
        this.slot("announcer"),
        h("div", { class: "game-head" }, [
          // The rules version is the record's and the help's word, not the head's (jargon there).
          h("div", { class: "game-title" }, [h("h1", null, name), this.status]),
          this.turn,
          // The head's buttons keep their places from the first paint (stand-ins, greyed until
          // their panels are here): nothing comes in above the board and pushes it down.
          this.standIn("chat-jump", "chat-jump", "chat.jump"),
          this.howtoButton(),
          this.standIn("replay-opener", "", "replay.open", true), // shown once the game runs
          this.nextGame ? this.nextGame.el : null,
        ]),
        h("div", { class: "game-grid" }, [
          // Nothing that comes and goes mid-turn sits above the board (it would push the board
          // down under a finger): the take-back row keeps its space, what asks the player
          // something floats in the dock, "since your last turn" comes below the board.
          h("div", { class: "board-col" }, [this.slot("left-notice"), this.slot("gameover"), this.slot("waiting"), this.notice, this.slot("replay"), this.boardWrap, this.slot("takeback"), this.hints ? this.hints.el : null, this.since ? this.since.el : null, this.fallback, this.rawView]),
          h("aside", { class: "side-col" }, [
            this.slot("clock"),
            this.playersPanel.el,
            this.slot("chat"),
            this.slot("options"),
            this.log.el,
            this.slot("replay-log"),
          ]),
        ]),
        this.dock,
      ]),
    );
    this.drawPlayers();
    this.drawExtra();
  }

  /**
   * The asks dock: whatever asks this player something (a take-back to agree to, more time
   * to grant, the seat to take back, the move waiting for Confirm), fixed at the foot of the
   * window so it is always in view, wherever the page is scrolled. Its height is published as
   * --ask-dock-h: the page keeps that much room below its end and toasts float above it, so
   * nothing covers a question (style.css, "The asks dock").
   */
  buildDock() {
    this.dock = h("div", { class: "ask-dock", "data-testid": "ask-dock" },
      [this.coach ? this.coach.el : null, this.slot("takeback-question"), this.slot("clock-question"), this.confirmBar?.el ?? null]);
    const publish = () => {
      if (this.closed) return;
      const box = this.dock.getBoundingClientRect();
      const covered = box.height ? Math.ceil(window.innerHeight - box.top) : 0; // with its gap below
      document.documentElement.style.setProperty("--ask-dock-h", `${covered}px`);
    };
    this.dockSize = typeof ResizeObserver === "function" ? new ResizeObserver(publish) : null;
    this.dockSize?.observe(this.dock);
  }

  /** A place kept in the page for a later panel's element (fill puts it there). */
  slot(name) {
    this.slots[name] = document.createComment(name);
    return this.slots[name];
  }

  /** A greyed button in the place (and of the size) of a later panel's head button. */
  standIn(name, cls, key, hidden = false) {
    this.slots[name] = h("button", { type: "button", class: `btn btn-small btn-ghost ${cls}`, disabled: true, hidden }, msg(key));
    return this.slots[name];
  }

  fill(name, el) {
    this.slots[name]?.replaceWith(el);
    delete this.slots[name];
  }

  /** `fn` now if the later panels are here, else as soon as they are (in arrival order). */
  whenLater(fn) {
    if (this.laterReady) fn();
    else this.laterFrames.push(fn);
  }

  /**
   * The panels around the board, built once it is drawn (issue 42): chat, replay, rematch,
   * take-back, clock, game over, how to play and the fallback buttons. Each is told what
   * happened before it came: the current position, then the frames that were for it.
   */
  async buildLater() {
    let mods;
    try {
      mods = await laterPanels({ watching: this.watching });
    } catch (err) {
      console.error("panels unavailable", err); // the board and the players still work
      return;
    }
    if (this.closed) return;
    const nameOf = (seat) => this.playerName(seat);
    this.chat = new mods.ChatPanel({ gameId: this.gameId, seat: this.seat, nameOf,
      send: (frame) => Boolean(this.sock?.sendRaw(frame)) });
    this.replay = new mods.ReplayBar(this);
    this.announcer = new mods.MoveAnnouncer(nameOf, (ref) => this.describeRef(ref));
    this.optionsPanel = new mods.OptionsPanel(api);
    const places = { "chat-jump": this.chat.jump, "replay-opener": this.replay.opener, replay: this.replay.el,
      chat: this.chat.el, "replay-log": this.replay.log.el, announcer: this.announcer.el, options: this.optionsPanel.el };
    if (!this.watching) {
      this.takeback = new mods.TakebackPanel(this.sock, nameOf);
      this.leftNotice = new mods.LeftNotice();
      this.actions = new mods.PlayerActions({ gameId: this.gameId, watching: this.watching, players: this.players, nameOf,
        onBot: () => this.refreshInfoSoon(), onLeft: () => this.leftTable() });
      Object.assign(places, { takeback: this.takeback.el, "takeback-question": this.takeback.question,
        "left-notice": this.leftNotice.el, actions: this.actions.el });
    }
    for (const [name, el] of Object.entries(places)) this.fill(name, el);
    this.laterReady = true;
    if (this.sockOpen) this.chat.onOpen();
    this.drawOptions();
    this.drawExtra();
    if (this.hasLeft) this.leftNotice?.show(this.info.watch_url);
    if (this.doc) {
      this.drawWaiting(Boolean(this.doc.view));
      this.drawFallback();
      this.drawGameOver();
      this.replay.liveChanged();
      this.takeback?.update(this.doc, this.seat);
    }
    for (const fn of this.laterFrames.splice(0)) fn();
    this.openReplayLink();
    this.clockIfTimed();
  }

  /**
   * A panel the table needs only sometimes, fetched the first time it does (once): `load()`
   * imports its module(s) and builds it; `then()` runs when it is here (at once if it is).
   */
  panel(name, load, then = () => {}) {
    this.needed ||= {};
    if (!this.needed[name]) {
      this.needed[name] = load().catch((err) => {
        delete this.needed[name]; // asked again the next time it is needed
        console.error(`${name} unavailable`, err);
        throw err;
      });
    }
    this.needed[name].then(() => { if (!this.closed) then(); }, () => {});
  }

  /** The game-over panel and its rematch box (once the game is over, or a rematch is asked). */
  gameOverPanels(then) {
    this.panel("gameover", async () => {
      const [gameover, rematch] = await Promise.all([import("/static/gameover.js"), import("/static/rematch.js")]);
      if (this.closed) return;
      const nameOf = (seat) => this.playerName(seat);
      this.rematch = new rematch.RematchBox({ gameId: this.gameId, seat: this.seat, credential: this.credential,
        game: this.info.game, players: this.players, nameOf, navigate: this.navigate });
      this.gameover = new gameover.GameOverPanel({ game: this.info.game, players: this.players, nameOf, foot: () => [
        this.rematch.el, this.keepCrew ? this.keepCrew.el : null, h("a", { href: "/", "data-link": true, class: "btn" }, t("game.over.home")), this.replay.downloadButton(),
      ] });
      this.fill("gameover", this.gameover.el);
    }, then);
  }

  /**
   * The clock's panel, fetched only for a table with a clock (issue 42: most tables have
   * none, and its module and stylesheet were a tenth of a first visit's bytes).
   */
  async clockIfTimed() {
    const kind = this.info.settings?.time_control?.kind;
    if (this.clockAsked || !this.laterReady || !(this.doc?.clock || (kind && kind !== "none"))) return;
    this.clockAsked = true;
    let mod;
    try {
      mod = await import("/static/clock.js");
      await linkStylesheet(mod.STYLESHEET);
    } catch (err) {
      this.clockAsked = false; // asked again with the next document
      console.error("clock unavailable", err);
      return;
    }
    if (this.closed) return;
    this.clock = new mod.ClockPanel({
      seat: () => (this.watching || this.hasLeft ? null : this.seat),
      playerName: (seat) => this.playerName(seat),
      sendRaw: (frame) => this.sock?.sendRaw(frame),
      takeBack: () => api("POST", `/games/${encodeURIComponent(this.gameId)}/take-back`, { credential: this.credential })
        .then((info) => this.mergeInfo(info), (err) => { toast(err.message); throw err; }),
      // A timeout is news for everyone at the table: told in a toast, with the turn chime
      // for a player who turned the sound on.
      onTimeout: (words) => {
        toast(words, "info", 8000);
        if (this.notices?.sound) this.notices.play();
      },
    });
    this.fill("clock", this.clock.el);
    this.fill("clock-question", this.clock.question);
    if (this.doc) this.clock.update(this.doc, this.info, { snapshot: true });
  }

  /**
   * "How to play" in the head from the first paint; its dialog's module is fetched when it
   * is first tapped (a visit that never opens it never fetches it), then it is the dialog's
   * own button.
   */
  howtoButton() {
    const button = h("button", {
      type: "button", class: "btn btn-small btn-ghost howto-open", "data-testid": "how-to-play",
      "aria-haspopup": "dialog",
      onclick: async () => {
        if (button.disabled) return;
        button.disabled = true; // one fetch, however many taps
        try {
          const { HowToPlay } = await import("/static/howto.js");
          if (this.closed) return;
          this.howto = new HowToPlay({ game: this.info.game, gameName: this.gameName, context: () => ({
            seat: this.seat, players: this.players, options: this.info.options || {}, data: this.data || {},
            playerName: (seat) => this.playerName(seat), rulesVersion: this.info.rules_version,
          }) });
          const focused = document.activeElement === button;
          button.replaceWith(this.howto.button);
          if (focused) this.howto.button.focus();
          this.howto.open(this.howto.button);
        } catch (err) {
          button.disabled = false;
          toast(msg("shell.load_failed"));
          console.error("how to play unavailable", err);
        }
      },
    }, msg("howto.button"));
    return button;
  }

  /** A link may open the replay at a version (an imported record: ?replay=0), once the
   * board and the replay bar are both here. */
  openReplayLink() {
    if (this.replayLinkDone || !this.rendererReady || !this.replay || this.closed) return;
    this.replayLinkDone = true;
    const at = new URLSearchParams(location.search).get("replay");
    if (at !== null && /^\d+$/.test(at)) this.replay.go(Number(at));
  }

  drawOptions() {
    this.optionsPanel?.draw(this.info.game, this.info.options, () => this.closed);
  }

  async start() {
    this.path = location.pathname; // (at destroy the address is already the next page's)
    this.loadRenderer();
    this.sock = new GameSocket(this.gameId, this.auth, {
      onDoc: (d) => this.onDoc(d),
      onStatus: (s, detail) => this.onStatus(s, detail),
      onPresence: (f) => this.onPresence(f),
      onLobby: (lobby) => this.onLobby(lobby),
      onFatal: (reason, code) => this.onFatal(reason, code),
      onError: (reason) => toast(reason),
      onOpen: () => {
        this.sockOpen = true;
        this.chat?.onOpen();
      },
      onChat: (f) => this.whenLater(() => this.chat.onFrame(f)),
      onRematch: (f) => this.whenLater(() => this.gameOverPanels(() => this.rematch.update(f))),
      // Live words: a refusal on screen is worded again when the viewer switches language.
      // (Before the chat is here nothing was typed in it: a refusal then is not the chat's.)
      onRejected: (f) => this.chat?.onRejected(f) || toast(live(() => errorText(f))),
      onTakeback: (frame) => this.whenLater(() => this.takeback?.onFrame(frame)),
    });
    if (this.first) {
      // Drawn from the page's own answer; the hello then carries this version, and the
      // server answers "uptodate" (or a newer snapshot): nothing is drawn twice.
      const { doc, version, log } = this.first;
      this.sock.doc = doc;
      this.sock.version = version;
      this.onDoc({ doc, prev: null, version, log: log || [], snapshot: true });
    }
    this.sock.connect();
    this.offLang = onLang(() => this.relabel());
    // (Only a watch page carries its game to check a picture against: a seat's is not kept;
    // nor is a page whose board has drawn nothing yet.)
    if (this.watching) {
      this.offKeep = keepOnLeaving(this.root, this.path, () => (this.rendererDoc ? this.version : null));
    }
    return () => this.destroy();
  }

  /** A new language: word everything again in place (the socket and the board stay). */
  relabel() {
    if (this.closed) return;
    this.log.draw();
    this.since?.relabel();
    this.drawOptions();
    this.chat?.relabel();
    this.replay?.relabel();
    this.takeback?.draw();
    this.rematch?.draw();
    this.confirmBar?.relabel();
    this.coach?.draw();
    this.hints?.draw();
    this.drawExtra();
    if (this.statusState) this.onStatus(...this.statusState);
    if (!this.doc) return;
    this.drawTurn();
    this.drawPlayers();
    this.drawGameOver();
    if (!this.doc.view) this.drawBoard(); // the "waiting for the start" panel
    else if (!this.fallback.hidden && !this.replay?.active) this.drawFallback();
    if (this.clock?.clock) this.clock.draw();
    if (this.renderer && !this.rendererFailed && this.rendererDoc && !this.replay?.active) {
      try {
        this.renderer.update(this.rendererDoc, this.rendererDoc);
      } catch (err) {
        console.error("renderer relabel failed", err);
      }
      // The move waiting for Confirm stays drawn: the bar still names it.
      if (this.previewing) this.preview(this.previewing);
    }
  }

  destroy() {
    this.offKeep?.(); // left for another page of the app: this one's picture is kept
    this.closed = true;
    this.offLang?.();
    this.coach?.destroy();
    this.dockSize?.disconnect();
    document.documentElement.style.removeProperty("--ask-dock-h");
    this.offBoardFocus?.();
    this.howto?.destroy();
    this.skip?.remove();
    this.notices?.destroy();
    this.replay?.destroy();
    this.clock?.destroy();
    this.nextGame?.destroy();
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
      choosing: () => this.choosing(),
      besideBoard: (fn, key) => this.besideBoard(fn, key),
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
    } catch (err) {
      console.warn(`renderer for ${game} unavailable`, err);
      this.rendererFailed = true;
      this.renderer = null;
      dropPicture();
      clear(this.boardRoot);
      this.notice.hidden = false;
      setText(this.notice, this.watching ? msg("game.no_board_watch") : msg("game.no_board"));
    }
    this.rendererReady = true;
    if (this.doc) this.drawBoard();
    // Without a board the log names places its own way: nothing to wait for.
    if (!this.renderer || this.rendererFailed) this.log.release();
    this.since?.relabel();
    // The board is drawn (or will be, from the socket's first frame): now the rest.
    if (!this.closed) afterPaint(() => this.buildLater());
    this.openReplayLink();
  }

  /**
   * A renderer's move (ctx.send). With move confirmation on, it is shown on the board and
   * named in the confirm bar first, and sent on Confirm. A newer move takes its place (the
   * player tapped elsewhere): the older promise rejects with err.code "replaced" and leaves
   * the board and the bar to the newer one, so both always show the same move. While a move
   * the player chose is on its way to the server, further taps are refused with err.code
   * "busy": no double send. A move the player did not choose ({confirm: false}: an automatic
   * pass, sent while the patch that answers the last move is being drawn) is not held up.
   */
  async send(action, { confirm = true } = {}) {
    const { moveError, confirmMoves } = this.panels;
    if (!moveError) throw new Error("a spectator makes no moves");
    const chosen = confirm !== false;
    if (chosen && this.onWire) throw moveError("busy");
    // A lesson holds back a legal move that is not the step's, and says why.
    if (chosen && this.coach?.judge(action)) throw moveError("coached", t("coach.held_back"));
    if (confirm && !this.watching && confirmMoves()) {
      this.previewing = action;
      this.preview(action);
      // "replaced" passes straight through: the newer move owns the preview now.
      const ok = await this.confirmBar.ask(action);
      if (this.previewing === action) {
        this.previewing = null;
        this.preview(null);
      }
      if (!ok) throw moveError("cancelled", t("game.cancelled"));
      if (this.onWire) throw moveError("busy");
    }
    this.notices?.acted();
    this.since?.clear();
    if (chosen) this.onWire = true;
    this.coach?.markSoon();
    try {
      const answer = await this.sock.sendAction(action);
      this.coach?.accepted(action);
      return answer;
    } catch (err) {
      this.coach?.refused(err);
      const said = live(() => {
        const words = err.message || t("game.not_accepted");
        return err.code === "stale" ? t("game.stale", { reason: words }) : words;
      });
      toast(said);
      throw err;
    } finally {
      if (chosen) this.onWire = false;
      this.coach?.markSoon();
    }
  }

  /**
   * The player began another choice on the board (ctx.choosing: a first tap that opens a
   * direction or a selection): a move waiting for Confirm is withdrawn ("replaced"), so the
   * bar never names a move the board no longer shows.
   */
  choosing() {
    if (!this.confirmBar?.open) return;
    this.previewing = null;
    this.confirmBar.withdraw();
    this.preview(null);
  }

  /**
   * Keyboard play keeps its place after a move (issue 37): remember whether the focus was
   * last on the board (or the confirm bar of its move), and after Confirm or Cancel put it
   * back on the board.
   */
  keepBoardFocus() {
    this.boardHadFocus = false;
    const onFocus = (e) => {
      this.boardHadFocus = this.boardWrap.contains(e.target) || Boolean(this.confirmBar?.el.contains(e.target));
    };
    document.addEventListener("focusin", onFocus);
    this.confirmBar?.el.addEventListener("click", () => setTimeout(() => this.returnFocusToBoard()));
    this.offBoardFocus = () => document.removeEventListener("focusin", onFocus);
  }

  /**
   * A keyboard player's focus that fell to <body> (the focused target was redrawn away, the
   * confirm bar closed) goes back to the board: to the element the renderer marks
   * `data-board-focus` (its current target), else to the board itself. Never taken from a
   * text field or a dialog, and a pointer player's focus is left alone.
   */
  returnFocusToBoard() {
    if (!this.boardHadFocus || !keyboardPlay() || !focusLost(this.boardRoot) || document.querySelector("dialog[open]")) return;
    const stop = this.boardRoot.querySelector("[data-board-focus]");
    (stop || this.boardWrap).focus({ preventScroll: true });
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
    dropPicture();
    // Leaving ends this browser's seat, so the server closes its connection: that is the
    // goodbye, not an error.
    if (this.actions?.leaving && code === 4401) {
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
      const seen = { name: s.name, bot: s.bot, bot_level: s.bot_level, connected: s.connected, left: s.left, host: s.host, former: Boolean(s.former) };
      if (p) Object.assign(p, seen);
      else this.players.push({ seat: s.seat, ...seen });
    }
    if (!this.watching && !this.hasLeft && typeof info.you === "number") {
      this.seat = info.you;
      if (this.chat) this.chat.seat = info.you;
      if (this.rematch) this.rematch.seat = info.you;
      saveSeat(this.gameId, { seat: info.you });
    }
    this.drawPlayers();
    this.drawExtra();
    if (this.doc) {
      this.drawTurn();
      this.clock?.update(this.doc, this.info, { snapshot: true });
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
    // A move waiting for Confirm was chosen on the board as it was: a new version voids it
    // (and so does a hint: it was for the position before).
    if (version !== this.version) {
      this.confirmBar?.dismiss();
      this.hints?.update();
    }
    this.doc = doc;
    this.version = version;
    // A snapshot draws everything at once; a move draws its board first, then the log's
    // list, the players and "since your last turn" (besideBoard). The log's lines are
    // known at once: a board draws its last moves from them.
    if (snapshot) this.flushBeside();
    const later = snapshot ? null : (fn) => this.besideBoard(fn);
    this.log.add(log, { replace: snapshot && Array.isArray(log) && log.length > 0, later });
    this.whenLater(() => this.announcer.update({ log, snapshot }));
    const beside = () => {
      this.since?.update({ log, snapshot }, this.seat);
      this.drawPlayers();
    };
    if (later) later(beside);
    else beside();
    if (snapshot && !this.watching) this.refreshInfoSoon();
    this.drawTurn();
    this.drawGameOver();
    this.drawBoard();
    this.drawExtra();
    this.replay?.liveChanged();
    const opener = this.slots["replay-opener"];
    if (opener) opener.hidden = !doc?.view || Boolean(doc.outcome || doc.status === "finished"); // as the bar's own
    this.clock?.update(doc, this.info, { snapshot });
    if (!this.clock) this.clockIfTimed();
    this.takeback?.update(this.watching ? null : doc, this.seat);
    this.coach?.update(doc);
    this.hints?.draw();
  }

  /**
   * `fn` (the log, the players, "since your last turn") in a task of its own once the board's
   * frame is painted, in order with the moves before: a move's board is on the screen
   * without waiting for them, and no one task holds the page for both (issue 42: a move's
   * task at 4x CPU went over 50 ms). A hidden page has no frames: it runs after this task.
   * With a `key`, a second call before the first has run is dropped: `fn` draws what is
   * current when it runs, so one draw serves every move since.
   */
  besideBoard(fn, key = null) {
    if (key !== null) {
      if (this.besideKeys.has(key)) return;
      this.besideKeys.add(key);
    }
    this.beside.push(fn);
    if (this.beside.length > 1) return;
    const flush = () => this.flushBeside();
    if (document.hidden) setTimeout(flush, 0);
    else afterPaint(flush);
  }

  /** Whatever besideBoard holds, now. */
  flushBeside() {
    const queued = this.beside;
    this.beside = [];
    this.besideKeys.clear();
    if (this.closed) return;
    for (const fn of queued) fn();
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
    } else if (this.replay?.active && this.replay.board?.view) {
      // The head speaks of the position the board shows, not of the live game behind it.
      const board = this.replay.board;
      const waiting = awaited(board);
      const at = { at: this.replay.at ?? 0, latest: this.replay.latest };
      text = waiting.length && !board.outcome
        ? t("game.turn.replay_waiting", { ...at, names: this.names(waiting) })
        : t("game.turn.replay", at);
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
    // Written only when it changed: a move that leaves the line alone does not lay it out again.
    if (this.turn.textContent !== String(text)) this.turn.textContent = text;
    this.turn.classList.toggle("mine", Boolean(this.myTurn()) && !this.replay?.active);
    if (this.notices) this.notices.update(this.myTurn());
    else setTitle(msg("game.page_title", { game: String(this.gameName) }));
  }

  /** Players' names as a list in the current language ("Ana, Budi and Citra"). */
  names(seats) {
    return listText(seats.map((s) => this.playerName(s)));
  }

  drawPlayers() {
    this.playersPanel.draw({ doc: this.doc, awaited: awaited(this.doc), seat: this.seat, spectators: this.spectators });
  }

  drawExtra() {
    this.actions?.draw({ doc: this.doc, seat: this.seat, credential: this.credential });
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
    this.leftNotice?.show(this.info.watch_url);
    this.drawPlayers();
    this.drawExtra();
  }

  drawGameOver() {
    const over = Boolean(this.doc && (this.doc.outcome || this.doc.status === "finished"));
    if (this.gameover) this.gameover.draw(this.doc, this.seat);
    else if (over && this.laterReady) this.gameOverPanels(() => this.gameover.draw(this.doc, this.seat));
  }

  /** "Waiting for the game to start" until it has (its module fetched only if it is needed). */
  drawWaiting(started) {
    if (this.waiting) this.waiting.draw(started);
    else if (!started && this.laterReady) {
      this.panel("waiting", async () => {
        const { WaitingPanel } = await import("/static/waiting.js");
        this.waiting = new WaitingPanel();
        this.fill("waiting", this.waiting.el);
      }, () => this.waiting.draw(Boolean(this.doc?.view)));
    }
  }

  drawBoard() {
    const doc = this.doc;
    const started = Boolean(doc && doc.view);
    this.drawWaiting(started);
    if (!started) {
      dropPicture();
      this.fallback.hidden = true;
      if (this.log.held) this.log.release();
      return;
    }
    if (!this.rendererReady) return; // loadRenderer draws when the module arrives
    if (this.replay?.active) return; // the replay holds the board; the live doc waits
    const full = { ...doc, version: this.version };
    // The picture of the page as it was left (static/picture.js) goes once the live board
    // has painted the current position over it.
    if (!this.rendererDoc) afterPaint(dropPicture);
    if (this.renderer && !this.rendererFailed) {
      try {
        this.renderer.update(full, this.rendererDoc);
        this.returnFocusToBoard();
        this.notice.hidden = true;
        if (!this.rendererDoc && this.since?.refs) this.highlightRefs(null);
      } catch (err) {
        console.error("renderer update failed", err);
        this.notice.hidden = false;
        setText(this.notice, msg("game.board_failed"));
      }
    }
    // The board knows the position now, so the log can name its places: the log's list (40
    // lines and more) follows the board's first frame instead of delaying it (issue 42: ~20 ms
    // of the board's first paint at 4x).
    if (this.log.held) this.besideBoard(() => { if (this.log.held) this.log.release(); }, "log-release");
    this.rendererDoc = full;
    this.drawFallback();
    if (!this.renderer || this.rendererFailed) {
      this.rawView.hidden = false;
      this.rawView.querySelector("pre").textContent = JSON.stringify(doc.view, null, 2);
    }
  }

  /** The template buttons, where the board does not take every move itself (drawn once
   * their module is here: buildLater calls this again). */
  drawFallback() {
    const doc = this.doc;
    if (!doc || !doc.view) return;
    const handlesAll = this.renderer && !this.rendererFailed && this.boardRoot.dataset.handlesAll === "1" && this.notice.hidden;
    if (handlesAll) {
      this.fallback.hidden = true;
    } else if (this.renderFallback && !this.replay?.active) {
      this.renderFallback(this.fallback, doc.outcome ? [] : doc.legal || [], (a) => this.send(a), this.info.game, (ref) => this.describeRef(ref));
    } else if (!this.renderFallback && this.laterReady) { // (during a replay: drawn after it)
      this.panel("fallback", async () => {
        this.renderFallback = (await import("/static/templates-fallback.js")).renderFallback;
      }, () => this.drawFallback());
    }
  }
}

/** The side panel's way to the optional account: keep this seat on every device. */
function accountHint() {
  const kept = signedIn();
  return h("p", { class: "account-hint muted small" }, [
    h("a", { href: "/account", "data-link": true, "data-testid": "game-account-link" },
      msg(kept ? "account.game_kept" : "account.game_keep")),
  ]);
}
