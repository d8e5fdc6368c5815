// The game WebSocket: hello, snapshot/patch bookkeeping, version-gap detection (-> sync),
// actions with ids and promises, presence/lobby frames, keep-alive pings and automatic
// reconnect with exponential backoff.

import { applyPatch } from "/static/jsonpatch.js";
import { ApiError } from "/static/api.js";
import { randomId } from "/static/dom.js";
import { errorText, msg, t } from "/static/i18n.js";

const FATAL_CODES = new Set([4401, 4403, 4404]);
const PING_EVERY_MS = 20000;
const SILENCE_LIMIT_MS = 50000;
const MAX_BACKOFF_MS = 30000;

export class GameSocket {
  /**
   * gameId: the game; auth: {credential} or {watch}.
   * handlers: {onDoc({doc, prev, version, log, snapshot}), onStatus(state, detail),
   *            onPresence(frame), onLobby(lobby), onFatal(reason, code), onError(reason),
   *            onOpen() after each hello, onChat(frame), onRematch(frame),
   *            onRejected(frame) for a refusal that answers no action of this socket}
   */
  constructor(gameId, auth, handlers = {}) {
    this.gameId = gameId;
    this.auth = auth;
    this.handlers = handlers;
    this.doc = null;
    this.version = null;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.fatal = false;
    this.pending = new Map();
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastHeard = 0;
    this.state = "idle";
    this.onOnline = () => this.reconnectNow();
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    };
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  url() {
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${window.location.host}/ws/${encodeURIComponent(this.gameId)}`;
  }

  setStatus(state, detail) {
    this.state = state;
    this.handlers.onStatus?.(state, detail);
  }

  connect() {
    if (this.stopped || this.fatal) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.setStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.lastHeard = Date.now();
      const hello = { type: "hello", ...this.auth };
      if (this.version !== null && this.doc !== null) hello.version = this.version;
      ws.send(JSON.stringify(hello));
      this.handlers.onOpen?.();
      this.startPing();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.lastHeard = Date.now();
      let frame;
      try {
        frame = JSON.parse(ev.data);
      } catch {
        return;
      }
      this.handleFrame(frame);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopPing();
      this.failPending(msg("socket.dropped"));
      if (FATAL_CODES.has(ev.code)) {
        this.fatal = true;
        this.setStatus("closed", ev.reason || "");
        this.handlers.onFatal?.(ev.reason || "", ev.code);
        return;
      }
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      /* onclose follows and handles the retry */
    };
  }

  scheduleReconnect() {
    if (this.stopped || this.fatal) return;
    const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt);
    const delay = Math.round(base / 2 + Math.random() * (base / 2));
    this.attempt += 1;
    this.setStatus("offline", delay);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnect immediately when the network comes back (if currently waiting to retry). */
  reconnectNow() {
    if (this.stopped || this.fatal || this.ws) return;
    this.connect();
  }

  startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (!this.ws) return;
      if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        // No answer to our pings: the connection is dead even if the browser has not noticed.
        const ws = this.ws;
        this.ws = null;
        try {
          ws.close();
        } catch {
          /* already closed */
        }
        this.failPending(msg("socket.dropped"));
        this.scheduleReconnect();
        return;
      }
      this.sendRaw({ type: "ping" });
    }, PING_EVERY_MS);
  }

  stopPing() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  sendRaw(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  markLive() {
    this.attempt = 0;
    if (this.state !== "live") this.setStatus("live");
  }

  handleFrame(frame) {
    switch (frame.type) {
      case "snapshot": {
        const prev = this.doc;
        this.syncing = 0;
        this.doc = frame.doc;
        this.version = frame.version;
        this.markLive();
        this.handlers.onDoc?.({
          doc: this.doc,
          prev,
          version: this.version,
          log: frame.log || [],
          snapshot: true,
        });
        break;
      }
      case "uptodate":
        this.version = frame.version;
        this.markLive();
        break;
      case "patch":
        this.handlePatch(frame);
        // The sender's own patch carries the acceptance of its action.
        if (frame.accepted) this.handleFrame({ type: "accepted", id: frame.accepted, version: frame.version });
        break;
      case "accepted":
      case "rejected": {
        const p = this.pending.get(frame.id);
        if (!p) {
          if (frame.type === "rejected") this.handlers.onRejected?.(frame);
          break;
        }
        this.pending.delete(frame.id);
        if (frame.type === "accepted") p.resolve(frame);
        else {
          // The refusal's words in the viewer's language (its key), else its English reason;
          // key/params also on the error itself, for a board that shows it in place.
          const err = new ApiError(frame.reason || frame.key ? frame : msg("socket.not_accepted"), null);
          err.key = frame.key;
          err.params = frame.params;
          p.reject(err);
        }
        break;
      }
      case "presence":
        this.handlers.onPresence?.(frame);
        break;
      case "lobby":
        this.handlers.onLobby?.(frame.lobby);
        break;
      case "chat":
        this.handlers.onChat?.(frame);
        break;
      case "rematch":
        this.handlers.onRematch?.(frame);
        break;
      case "error":
        if (frame.fatal) {
          this.fatal = true;
          this.handlers.onFatal?.(errorText(frame, t("socket.refused")), null);
          this.setStatus("closed", frame.reason);
        } else {
          this.handlers.onError?.(errorText(frame, t("socket.error")));
        }
        break;
      case "takeback_request":
      case "takeback_closed": {
        // A consent request that ends without the take-back answers the asker's own request.
        const p = frame.type === "takeback_closed" && frame.outcome !== "granted" ? this.pending.get(frame.id) : null;
        if (p) {
          this.pending.delete(frame.id);
          p.reject(new ApiError(frame, null));
        }
        this.handlers.onTakeback?.(frame);
        break;
      }
      case "pong":
      default:
        break;
    }
  }

  handlePatch(frame) {
    if (this.doc === null || this.version === null) {
      this.requestSync();
      return;
    }
    if (typeof frame.version === "number" && frame.version <= this.version) return; // old news
    if (frame.from !== this.version) {
      // A gap: we missed at least one patch. Ask for a fresh snapshot.
      this.requestSync();
      return;
    }
    let next;
    try {
      next = applyPatch(this.doc, frame.ops || []);
    } catch (err) {
      console.warn("patch failed, resyncing", err);
      this.requestSync();
      return;
    }
    const prev = this.doc;
    this.doc = next;
    this.version = frame.version;
    this.handlers.onDoc?.({
      doc: next,
      prev,
      version: this.version,
      log: frame.log || [],
      snapshot: false,
    });
  }

  requestSync() {
    if (this.syncing && Date.now() - this.syncing < 3000) return;
    this.syncing = Date.now();
    this.sendRaw({ type: "sync" });
  }

  /** Send an action; resolves on "accepted", rejects with Error(reason) on "rejected". */
  sendAction(action) {
    return new Promise((resolve, reject) => {
      const id = randomId();
      const frame = { type: "action", id, version: this.version, action };
      if (!this.sendRaw(frame)) {
        reject(new ApiError(msg("socket.offline_move"), 0));
        return;
      }
      this.pending.set(id, { resolve, reject });
    });
  }

  /** Ask to take back the latest ``count`` actions (app/takeback.py decides). */
  sendTakeback(count) {
    return new Promise((resolve, reject) => {
      const id = randomId();
      if (!this.sendRaw({ type: "takeback", id, version: this.version, count })) {
        reject(new ApiError(msg("socket.offline"), 0));
        return;
      }
      this.pending.set(id, { resolve, reject });
    });
  }

  /** Agree to (or refuse) another player's take-back request. */
  answerTakeback(request, accept) {
    this.sendRaw({ type: "takeback_answer", request, accept });
  }

  failPending(reason) {
    for (const p of this.pending.values()) p.reject(new ApiError(reason, 0));
    this.pending.clear();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.stopPing();
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.failPending(msg("socket.left_page"));
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      try {
        ws.close(1000);
      } catch {
        /* ignore */
      }
    }
  }
}
