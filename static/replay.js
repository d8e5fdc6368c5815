// The replay bar of the game page: scrub a finished game (or the past of a live one) with
// first / previous / play / next / last, a slider, and a click on a log line. The server
// computes each version's document for this viewer (GET /api/games/{id}/replay?at=k), so a
// replay shows only what this seat (or a spectator) could see then; the game's own renderer
// draws it. While replaying, the live document keeps arriving; leaving shows it again.
// Also: "Download record" for the game-over panel (GET /api/games/{id}/record).

import { ApiError, api, unreachable } from "/static/api.js";
import { h, setText, staticUrl, toast } from "/static/dom.js";
import { msg, t } from "/static/i18n.js";
import { GameLog } from "/static/gamelog.js";

/** Milliseconds between two versions while playing. */
const STEP_MS = 900;
/** Versions kept in the browser (each one is a whole document). */
const MAX_DOCS = 200;

export const STYLESHEET = staticUrl("/static/replay.css");

/** One of the media player's drawn icons (replay.css draws it, in the button's text colour).
 * A CSS mask, not an inline <svg>: the page's first <svg> stays the board's. */
function mediaIcon(name) {
  return h("span", { class: "replay-glyph", "data-icon": name });
}
if (![...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === STYLESHEET)) {
  document.head.appendChild(h("link", { rel: "stylesheet", href: STYLESHEET }));
}

export class ReplayBar {
  constructor(shell) {
    this.shell = shell;
    this.active = false;
    this.at = null;
    this.latest = 0;
    this.docs = new Map();
    this.lines = new Map();
    this.logUpTo = 0;
    this.loading = null;
    this.timer = null;
    this.log = new GameLog((seat) => shell.playerName(seat));
    this.log.el.hidden = true;
    this.log.el.classList.add("replay-log");
    setText(this.log.el.querySelector(".panel-title"), msg("replay.log"));
    this.log.list.setAttribute("data-testid", "replay-log");
    this.log.list.addEventListener("click", (e) => this.onLogClick(e));
    shell.log.list.addEventListener("click", (e) => this.onLogClick(e));

    // The media player's icons, each with its word under it: ⏮ ‹ ▶/⏸ › ⏭ (a lone ▶ would be
    // read as "play" by some and "next" by others). All are drawn, not typed: without a symbol
    // font (Debian's Chromium) ⏮ ⏸ ⏭ showed as empty boxes, and as coloured emoji on phones.
    const btn = (testid, label, short, icon, onclick) =>
      h("button", { type: "button", class: "btn btn-small replay-btn", "data-testid": testid, "aria-label": msg(label), title: msg(label), onclick }, [
        h("span", { class: "replay-icon", "aria-hidden": "true" }, mediaIcon(icon)),
        h("span", { class: "replay-word", "aria-hidden": "true" }, msg(short)),
      ]);
    this.first = btn("replay-first", "replay.first", "replay.first_short", "first", () => this.go(0));
    this.prev = btn("replay-prev", "replay.prev", "replay.prev_short", "prev", () => this.go((this.at ?? this.latest) - 1));
    this.play = btn("replay-play", "replay.play", "replay.play", "play", () => this.togglePlay());
    this.next = btn("replay-next", "replay.next", "replay.next_short", "next", () => this.go((this.at ?? this.latest) + 1));
    this.last = btn("replay-last", "replay.last", "replay.last_short", "last", () => this.go(this.latest));
    this.slider = h("input", { type: "range", min: "0", max: "0", value: "0", class: "replay-slider", "data-testid": "replay-slider", "aria-label": msg("replay.move") });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.position = h("span", { class: "replay-position", "data-testid": "replay-position", "aria-live": "polite" }, "");
    this.exit = h("button", { type: "button", class: "btn btn-small btn-primary", "data-testid": "replay-exit", onclick: () => this.close() }, msg("replay.back"));
    this.el = h("section", { class: "panel replay-bar", "data-testid": "replay-bar", "aria-label": msg("replay.label"), hidden: true }, [
      h("div", { class: "replay-controls" }, [this.first, this.prev, this.play, this.next, this.last, this.position]),
      this.slider,
      h("div", { class: "replay-foot" }, [this.exit]),
    ]);
    this.opener = h("button", { type: "button", class: "btn btn-small btn-ghost", "data-testid": "replay-open", hidden: true, onclick: () => this.go(Math.max(0, (this.shell.version || 0) - 1)) }, msg("replay.open"));
  }

  /** The shell got a document: the game moved on (or just loaded). */
  liveChanged() {
    const v = this.shell.version || 0;
    this.latest = Math.max(this.latest, v);
    const started = Boolean(this.shell.doc && this.shell.doc.view);
    const finished = Boolean(this.shell.doc && (this.shell.doc.outcome || this.shell.doc.status === "finished"));
    // A finished game shows the bar at once; a live one behind "Look back".
    this.el.hidden = !(this.active || (finished && v > 0));
    // Shown (greyed while there is nothing to look back at) for the whole live game, so its
    // first appearance never reflows the page head above the board.
    this.opener.hidden = !started || finished || this.active;
    this.opener.disabled = v === 0;
    changeText(this.exit, finished ? t("replay.back_end") : t("replay.back_live"));
    this.finished = finished;
    this.drawControls();
  }

  /** A new language: the bar's changing words and the replay's log again. */
  relabel() {
    this.liveChanged();
    this.log.draw();
  }

  auth() {
    return this.shell.watching ? { query: { watch: this.shell.auth.watch } } : { credential: this.shell.credential };
  }

  onLogClick(e) {
    const li = e.target.closest?.("li[data-seq]");
    if (!li || li.dataset.seq === "") return;
    this.go(Number(li.dataset.seq));
  }

  async go(k) {
    if (!Number.isInteger(k)) return;
    k = Math.max(0, this.latest ? Math.min(k, this.latest) : k);
    const token = (this.goToken = (this.goToken || 0) + 1);
    let found = this.docs.get(k);
    if (!found) {
      try {
        found = await this.fetch(k);
      } catch (err) {
        this.pause();
        toast(err.message);
        return;
      }
    }
    if (token !== this.goToken || this.shell.closed) return;
    this.enter();
    this.at = k;
    this.draw(found);
  }

  async fetch(k) {
    const after = Math.min(this.logUpTo, k);
    const opts = this.auth();
    opts.query = { ...(opts.query || {}), at: String(k), log_after: String(after) };
    const got = await api("GET", `/games/${encodeURIComponent(this.shell.gameId)}/replay`, opts);
    for (const line of got.log || []) {
      this.lines.set(`${line.seq}|${line.private ? 1 : 0}|${line.key ? line.key + JSON.stringify(line.params || {}) : line.text}`, line);
    }
    this.logUpTo = Math.max(this.logUpTo, k);
    this.latest = Math.max(this.latest, got.latest);
    if (this.docs.size >= MAX_DOCS) this.docs.delete(this.docs.keys().next().value);
    this.docs.set(k, got.doc);
    return got.doc;
  }

  enter() {
    if (this.active) return;
    this.active = true;
    this.shell.log.el.hidden = true;
    this.log.el.hidden = false;
    this.shell.fallback.hidden = true;
    this.shell.root.querySelector(".game-page")?.classList.add("replaying");
    this.liveChanged();
  }

  close() {
    this.pause();
    if (!this.active) return;
    this.active = false;
    this.at = null;
    this.log.el.hidden = true;
    this.shell.log.el.hidden = false;
    this.shell.root.querySelector(".game-page")?.classList.remove("replaying");
    this.liveChanged();
    this.shell.drawTurn(); // the live game's turn again
    this.shell.drawBoard();
  }

  draw(doc) {
    const shell = this.shell;
    const full = { ...doc, version: this.at };
    if (shell.renderer && !shell.rendererFailed) {
      try {
        shell.renderer.update(full, shell.rendererDoc);
      } catch (err) {
        console.error("renderer update failed in replay", err);
      }
    } else if (shell.rawView) {
      shell.rawView.hidden = false;
      shell.rawView.querySelector("pre").textContent = JSON.stringify(doc.view, null, 2);
    }
    shell.rendererDoc = full;
    this.board = full;
    const shown = [...this.lines.values()].filter((l) => l.seq <= this.at);
    this.log.add(shown, { replace: true });
    for (const li of this.log.list.querySelectorAll("li[data-seq]")) {
      li.classList.toggle("current", Number(li.dataset.seq) === this.at);
    }
    this.log.list.querySelector("li.current")?.scrollIntoView?.({ block: "nearest" });
    this.drawControls();
    shell.drawTurn(); // the head speaks of the position shown (game.js drawTurn)
  }

  drawControls() {
    const at = this.active ? this.at : this.latest;
    // Called at every move of a live game, mostly with the bar hidden and nothing but the
    // count changed: only what changed is written, so a move does not restyle the bar (issue 42).
    if (this.slider.max !== String(this.latest)) this.slider.max = String(this.latest);
    if (this.slider.value !== String(at ?? 0)) this.slider.value = String(at ?? 0);
    changeText(this.position, this.active ? t("replay.position", { at, latest: this.latest }) : t("replay.moves", { n: this.latest }));
    const mark = this.active ? String(at) : "";
    if (this.el.dataset.at !== mark) this.el.dataset.at = mark;
    this.first.disabled = this.prev.disabled = this.active && at <= 0;
    this.next.disabled = this.last.disabled = this.active && at >= this.latest;
    // "Back to the end" of a finished game only where the end is not what is shown.
    this.exit.hidden = Boolean(this.finished) && !(this.active && at < this.latest);
    const [icon, word] = this.play.children;
    const playing = Boolean(this.timer);
    if (this.iconShows !== playing || !icon.firstChild) {
      icon.replaceChildren(mediaIcon(playing ? "pause" : "play"));
      this.iconShows = playing;
    }
    const said = playing ? t("replay.pause") : t("replay.play");
    changeText(word, said);
    if (this.play.getAttribute("aria-label") !== said) this.play.setAttribute("aria-label", said);
    if (this.play.getAttribute("title") !== said) this.play.setAttribute("title", said);
  }

  togglePlay() {
    if (this.timer) {
      this.pause();
      return;
    }
    const start = this.active && this.at < this.latest ? this.at : 0;
    this.timer = setInterval(async () => {
      if (!this.active || this.at >= this.latest) {
        this.pause();
        return;
      }
      await this.go(this.at + 1);
    }, STEP_MS);
    this.go(start);
  }

  pause() {
    if (this.timer) this.goToken = (this.goToken || 0) + 1; // a step still on its way is dropped
    clearInterval(this.timer);
    this.timer = null;
    this.drawControls();
  }

  destroy() {
    this.pause();
  }

  /** The game-over panel's "Download record" button. */
  downloadButton() {
    return h("button", { type: "button", class: "btn", "data-testid": "download-record", onclick: () => this.download() }, t("replay.download"));
  }

  async download() {
    try {
      const { query, credential } = this.auth();
      const headers = credential ? { Authorization: `Bearer ${credential}` } : {};
      const qs = query ? `?${new URLSearchParams(query)}` : "";
      // The server's bytes as they are: JSON.parse would round the 63-bit seed.
      const text = await rawJson("GET", `/api/games/${encodeURIComponent(this.shell.gameId)}/record${qs}`, headers);
      const blob = new Blob([text], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const a = h("a", { href: url, download: `meja-${this.shell.info.game}-${this.shell.gameId}.json`, hidden: true });
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast(err.message);
    }
  }
}

/** A request whose JSON answer is returned as text; refusals throw ApiError(detail). */
async function rawJson(method, url, headers, body) {
  let resp;
  try {
    resp = await fetch(url, { method, headers: { Accept: "application/json", ...headers }, body });
  } catch {
    throw unreachable();
  }
  const text = await resp.text();
  if (!resp.ok) {
    let body = {};
    try {
      body = JSON.parse(text) || {};
    } catch {
      /* not JSON */
    }
    throw new ApiError(body, resp.status);
  }
  return text;
}

/** The fields every record file has (app/records.py's GameRecord, without defaults). */
const RECORD_FIELDS = ["game", "rules_version", "seed", "seats", "actions", "outcome"];

/** Why `parsed` is not a Meja game record a player could import, in words, or null. */
export function recordShapeRefusal(parsed) {
  const isObject = parsed !== null && typeof parsed === "object" && !Array.isArray(parsed);
  if (!isObject || (parsed.format !== undefined && parsed.format !== "meja-record")
      || (parsed.format === undefined && !RECORD_FIELDS.every((f) => f in parsed))) {
    return t("replay.not_a_record");
  }
  const missing = RECORD_FIELDS.filter((f) => !(f in parsed));
  return missing.length ? t("replay.record_incomplete", { count: missing.length }) : null;
}

/** The home page's import card: a file picker and a drop zone for a game record. */
export function importCard(navigate) {
  const input = h("input", { type: "file", accept: "application/json,.json", id: "record-file", "data-testid": "record-file", class: "visually-hidden" });
  const status = h("p", { class: "muted small", "data-testid": "record-status", "aria-live": "polite" }, "");
  const zone = h("label", { for: "record-file", class: "drop-zone", "data-testid": "record-drop" }, [
    h("strong", null, msg("replay.drop")),
    h("span", { class: "muted" }, msg("replay.choose")),
  ]);
  const send = async (file) => {
    if (!file) return;
    status.textContent = t("replay.checking", { file: file.name });
    const text = await file.text();
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      status.textContent = "";
      toast(msg("replay.not_json"));
      return;
    }
    // Said in words before the server's field-by-field check, which names fields a player
    // never sees: another JSON file is "not a Meja record", a cut one names what it lacks.
    const refusal = recordShapeRefusal(parsed);
    if (refusal) {
      status.textContent = "";
      toast(refusal);
      return;
    }
    try {
      // The file's own text: parsing and re-encoding it would round the 63-bit seed.
      const made = JSON.parse(await rawJson("POST", "/api/records", { "Content-Type": "application/json" }, text));
      status.textContent = "";
      navigate(`${made.watch_url}?replay=0`);
    } catch (err) {
      status.textContent = "";
      toast(err.message);
    }
  };
  input.addEventListener("change", () => send(input.files && input.files[0]));
  zone.addEventListener("dragover", (e) => {
    e.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    send(e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0]);
  });
  return h("section", { class: "card import-card", "aria-labelledby": "import-h" }, [
    h("h2", { id: "import-h" }, msg("replay.import")),
    h("p", { class: "muted" }, msg("replay.import_text")),
    zone,
    input,
    status,
  ]);
}

/** Write `words` into `el` only when its text differs (a write lays the element out again). */
function changeText(el, words) {
  const text = String(words);
  if (el.textContent !== text) el.textContent = text;
}
