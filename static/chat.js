// The table's chat panel on the game page: the players' table chat, the spectators' chat
// (players opt in to read it), quick phrases, hiding another player's messages, and the
// server's refusals shown in the box. Every name and text goes into the page as a text node
// (h() children / textContent), so markup a player types stays the characters it is.
// Protocol: docs/protocol.md (`chat`, `chat_follow` out; `chat`, `rejected` in).

import { clear, h, playerColor, randomId, setText, staticUrl } from "/static/dom.js";
import { dateText, errorText, live, msg, relativeTime, t } from "/static/i18n.js";
import { MAX_NAME, cleanName, nameLength } from "/static/names.js";
import { lastName } from "/static/store.js";

/** The server's limit (app/chat.py MAX_TEXT), counted in characters like names. */
export const MAX_TEXT = 500;
// Sent as the words of the sender's language (the others read what was sent, like typed text).
export const QUICK_PHRASES = ["good_game", "your_turn", "one_moment", "well_played", "oops"];
const phrase = (p) => t(`chat.phrase.${p}`);
const HIDDEN_KEY = "meja.chat.hidden";
const FOLLOW_KEY = "meja.chat.follow";
const MAX_SHOWN = 300;
export const STYLESHEET = staticUrl("/static/chat.css");

/** The message as the server will store it (app/chat.py clean_text). */
export function cleanText(raw) {
  return String(raw ?? "").replace(/[\x00-\x1f\x7f]/g, " ").trim();
}

/** Why the server would refuse this text, in a sentence; null when it is fine. */
export function textProblem(raw) {
  const text = cleanText(raw);
  if (!text) return t("chat.empty_message");
  const n = [...text].length;
  if (n > MAX_TEXT) return t("chat.too_long", { max: MAX_TEXT, n });
  return null;
}

function readJson(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Whose messages this browser hides in a game: "seat:1" (a player), "name:Citra" (a watcher). */
function hiddenIn(gameId) {
  const all = readJson(HIDDEN_KEY);
  return new Set(Array.isArray(all[gameId]) ? all[gameId] : []);
}

function saveHidden(gameId, keys) {
  const all = readJson(HIDDEN_KEY);
  all[gameId] = [...keys];
  localStorage.setItem(HIDDEN_KEY, JSON.stringify(all));
}

const authorKey = (m) => (m.seat === null || m.seat === undefined ? `name:${m.name}` : `seat:${m.seat}`);

function linkStylesheet() {
  if (document.querySelector(`link[href="${STYLESHEET}"]`)) return;
  document.head.appendChild(h("link", { rel: "stylesheet", href: STYLESHEET }));
}

export class ChatPanel {
  /**
   * gameId; seat (null for a spectator); send(frame) -> bool (false when offline);
   * nameOf(seat) for the current names of the seats.
   */
  constructor({ gameId, seat, send, nameOf }) {
    linkStylesheet();
    this.gameId = gameId;
    this.seat = seat;
    this.sendFrame = send;
    this.nameOf = nameOf;
    this.messages = new Map();
    this.shown = new Set();
    this.hidden = hiddenIn(gameId);
    this.sent = new Map();
    this.unread = 0;
    this.follow = this.isPlayer() && Boolean(readJson(FOLLOW_KEY)[gameId]);
    this.open = window.matchMedia("(min-width: 960px)").matches;
    this.build();
  }

  isPlayer() {
    return this.seat !== null && this.seat !== undefined;
  }

  channel() {
    return this.isPlayer() ? "table" : "spectators";
  }

  build() {
    this.badge = h("span", { class: "chat-unread", "data-testid": "chat-unread", hidden: true });
    this.toggle = h("button", {
      type: "button", class: "chat-toggle", "aria-expanded": String(this.open), "aria-controls": "chat-body",
      "data-testid": "chat-toggle", onclick: () => this.setOpen(!this.open),
    }, [h("span", { class: "panel-title" }, this.isPlayer() ? msg("chat.table") : msg("chat.spectators")), this.badge]);
    this.list = h("ol", { class: "chat-list", "data-testid": "chat-list", "aria-live": "polite", "aria-label": msg("chat.messages") });
    this.empty = h("p", { class: "muted small chat-empty" }, this.isPlayer()
      ? msg("chat.table_empty")
      : msg("chat.spectators_empty"));
    this.status = h("p", { class: "chat-status error-text", "data-testid": "chat-status", role: "alert", hidden: true });
    this.input = h("input", {
      type: "text", class: "chat-input", "data-testid": "chat-input", "aria-label": msg("chat.message"),
      placeholder: msg("chat.placeholder"), autocomplete: "off", enterkeyhint: "send",
    });
    this.counter = h("span", { class: "chat-counter muted small", "aria-live": "off" });
    this.input.addEventListener("input", () => this.drawCounter());
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.isComposing) {
        e.preventDefault();
        this.submit();
      }
    });
    const form = h("div", { class: "chat-form" }, [
      this.input,
      h("button", { type: "button", class: "btn btn-small btn-primary", "data-testid": "chat-send", onclick: () => this.submit() }, msg("chat.send")),
    ]);
    const phrases = h("div", { class: "chat-phrases", role: "group", "aria-label": msg("chat.quick_phrases") },
      QUICK_PHRASES.map((p) => h("button", {
        type: "button", class: "btn btn-small btn-ghost chat-phrase", "data-testid": "chat-phrase",
        onclick: () => this.say(phrase(p)),
      }, msg(`chat.phrase.${p}`))));
    const extras = [];
    if (this.isPlayer()) {
      this.followBox = h("input", { type: "checkbox", id: "chat-follow", "data-testid": "chat-follow", checked: this.follow });
      this.followBox.addEventListener("change", () => this.setFollow(this.followBox.checked));
      extras.push(h("label", { class: "chat-follow small", for: "chat-follow" }, [this.followBox, msg("chat.follow")]));
    } else {
      this.nameInput = h("input", {
        type: "text", class: "chat-name-input", "data-testid": "chat-name", "aria-label": msg("chat.your_name_label"),
        // No maxlength: it counts UTF-16 units and would cut an emoji in half; the name is
        // counted in characters (static/names.js) when a message is sent.
        placeholder: msg("chat.spectator"), value: lastName(),
      });
      extras.push(h("label", { class: "chat-follow chat-your-name small", "data-testid": "chat-name-label" }, [h("span", null, msg("chat.your_name")), this.nameInput]));
    }
    this.body = h("div", { class: "chat-body", id: "chat-body", hidden: !this.open }, [
      this.empty, this.list, this.status, form, h("div", { class: "chat-meta" }, [this.counter, ...extras]), phrases,
    ]);
    this.el = h("section", { class: "panel chat-panel", "data-testid": "chat" }, [this.toggle, this.body]);
    // On a phone the panel sits below the board: a button in the page's head (never over
    // the board) opens it and brings it into view, and counts what is unread.
    this.jumpBadge = h("span", { class: "chat-unread", hidden: true });
    this.jump = h("button", {
      type: "button", class: "btn btn-small btn-ghost chat-jump", "data-testid": "chat-jump",
      onclick: () => {
        this.setOpen(true);
        this.el.scrollIntoView({ block: "start", behavior: "smooth" });
        this.input.focus({ preventScroll: true });
      },
    }, [msg("chat.jump"), this.jumpBadge]);
    this.drawCounter();
  }

  /** Word the messages' own controls again in a new language (the rest follows by itself). */
  relabel() {
    this.drawUnread();
    this.draw();
  }

  setOpen(open) {
    this.open = open;
    this.body.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      this.unread = 0;
      this.drawUnread();
      this.list.scrollTop = this.list.scrollHeight;
    }
  }

  drawUnread() {
    for (const badge of [this.badge, this.jumpBadge]) {
      badge.hidden = this.unread === 0;
      badge.textContent = this.unread ? t("chat.unread", { n: this.unread }) : "";
    }
  }

  drawCounter() {
    const n = [...cleanText(this.input.value)].length;
    this.counter.textContent = n ? `${n}/${MAX_TEXT}` : "";
    const over = n > MAX_TEXT;
    this.counter.classList.toggle("over", over);
    // Too long is said while typing, before anything is sent (as names are).
    if (over) this.showStatus(textProblem(this.input.value));
    else if (this.lengthShown) this.showStatus(null);
    this.lengthShown = over;
  }

  showStatus(text) {
    this.status.hidden = !text;
    setText(this.status, text || "");
  }

  submit() {
    const problem = textProblem(this.input.value);
    if (problem) {
      this.showStatus(problem);
      this.input.focus();
      return;
    }
    if (this.say(this.input.value, true)) this.input.value = "";
    this.drawCounter();
  }

  /** Send one message; false (and a sentence in the box) when it could not be sent. */
  say(text, typed = false) {
    const id = `chat-${randomId()}`;
    const frame = { type: "chat", id, channel: this.channel(), text: cleanText(text) };
    if (!this.isPlayer()) {
      const name = cleanName(this.nameInput.value);
      if (nameLength(name) > MAX_NAME) {
        this.showStatus(t("chat.name_too_long", { max: MAX_NAME, n: nameLength(name) }));
        return false;
      }
      if (name) frame.name = name;
    }
    if (!this.sendFrame(frame)) {
      this.showStatus(msg("chat.offline"));
      return false;
    }
    this.sent.set(id, typed ? text : "");
    if (this.sent.size > 20) this.sent.delete(this.sent.keys().next().value);
    this.showStatus(null);
    return true;
  }

  setFollow(on) {
    this.follow = on;
    const all = readJson(FOLLOW_KEY);
    if (on) all[this.gameId] = true;
    else delete all[this.gameId];
    localStorage.setItem(FOLLOW_KEY, JSON.stringify(all));
    this.sendFrame({ type: "chat_follow", spectators: on });
    this.draw();
  }

  /** The connection (re)opened: the server forgot this connection's opt-in. */
  onOpen() {
    if (this.follow) this.sendFrame({ type: "chat_follow", spectators: true });
  }

  /** A `chat` frame: new messages, or the recent ones after a (re)connect or an opt-in. */
  onFrame(frame) {
    let fresh = 0;
    for (const m of frame.messages || []) {
      if (!this.messages.has(m.id)) fresh += 1;
      this.messages.set(m.id, m);
    }
    while (this.messages.size > MAX_SHOWN) this.messages.delete(Math.min(...this.messages.keys()));
    if (!frame.history && !this.open) {
      this.unread += fresh;
      this.drawUnread();
    }
    this.draw();
  }

  /** A `rejected` frame for one of this panel's messages: its sentence in the box, the
   * text back in the input so nothing typed is lost. */
  onRejected(frame) {
    if (!String(frame.id || "").startsWith("chat-")) return false;
    const text = this.sent.get(frame.id);
    this.sent.delete(frame.id);
    if (text && !this.input.value) this.input.value = text;
    this.drawCounter();
    this.showStatus(live(() => errorText(frame, t("chat.not_sent"))));
    if (!this.open) this.setOpen(true);
    return true;
  }

  setHidden(m, hide) {
    const key = authorKey(m);
    if (hide) this.hidden.add(key);
    else this.hidden.delete(key);
    saveHidden(this.gameId, this.hidden);
    for (const other of this.messages.values()) if (authorKey(other) === key) this.shown.delete(other.id);
    this.draw();
  }

  speaker(m) {
    if (m.seat === null || m.seat === undefined) return t("chat.watcher", { name: m.name });
    return m.name || this.nameOf(m.seat);
  }

  draw() {
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    clear(this.list);
    const visible = [...this.messages.values()]
      .filter((m) => m.channel !== "spectators" || !this.isPlayer() || this.follow)
      .sort((a, b) => a.id - b.id);
    this.empty.hidden = visible.length > 0;
    for (const m of visible) this.list.appendChild(this.line(m));
    if (atBottom || visible.length < 8) this.list.scrollTop = this.list.scrollHeight;
  }

  line(m) {
    const mine = this.isPlayer() ? m.seat === this.seat && m.channel === "table" : false;
    const who = this.speaker(m);
    const hiddenAuthor = !mine && this.hidden.has(authorKey(m));
    const cls = `chat-msg${mine ? " mine" : ""}${m.channel === "spectators" ? " from-spectator" : ""}`;
    const attrs = { class: cls, "data-testid": "chat-msg", "data-id": String(m.id), style: m.seat !== null && m.seat !== undefined ? { "--seat-color": playerColor(m.seat) } : null };
    if (hiddenAuthor && !this.shown.has(m.id)) {
      return h("li", { ...attrs, class: `${cls} is-hidden` }, [
        h("span", { class: "muted small", "data-testid": "chat-hidden" }, t("chat.hidden")),
        h("button", { type: "button", class: "chat-link", "data-testid": "chat-show", onclick: () => { this.shown.add(m.id); this.draw(); } }, t("chat.show")),
      ]);
    }
    const time = new Date(m.at);
    return h("li", attrs, [
      h("span", { class: "chat-aside" }, [
        Number.isNaN(time.getTime()) ? null : h("time", { class: "chat-time muted", datetime: m.at,
          // "3 minutes ago" in the viewer's language, as of the moment it is pointed at.
          onmouseenter: (e) => { e.currentTarget.title = relativeTime(time.getTime()); } }, dateText(time.getTime(), { hour: "2-digit", minute: "2-digit" })),
        mine ? null : h("button", {
          type: "button", class: "chat-link", "data-testid": hiddenAuthor ? "chat-unhide" : "chat-hide",
          title: hiddenAuthor ? t("chat.unhide_title", { name: who }) : t("chat.hide_title", { name: who }),
          onclick: () => this.setHidden(m, !hiddenAuthor),
        }, hiddenAuthor ? t("chat.unhide") : t("chat.hide")),
      ]),
      h("span", { class: "chat-name", "data-testid": "chat-name" }, who),
      " ",
      h("span", { class: "chat-text", "data-testid": "chat-text" }, m.text),
    ]);
  }
}
