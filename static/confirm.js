// Move confirmation: with it on, a chosen move is first shown on the board (the renderer's
// preview(doc, action) hook draws it) and only sent on Confirm; Cancel forgets it. A player's
// own choice, kept in this browser; on by default on touch screens, where a stray tap is easy.

import { describeAction } from "/static/actionwords.js";
import { h } from "/static/dom.js";
import { msg } from "/static/i18n.js";

const KEY = "meja.confirmMoves";

/** Whether this browser confirms moves (the player's choice, else on for touch screens). */
export function confirmMoves() {
  let saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    /* private mode: the default */
  }
  if (saved === "on") return true;
  if (saved === "off") return false;
  return Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
}

export function setConfirmMoves(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    /* not kept, still applies to this page */
  }
}

/** The checkbox of the players panel. */
export function confirmToggle(onChange) {
  const box = h("input", { type: "checkbox", checked: confirmMoves(), "data-testid": "confirm-toggle" });
  box.addEventListener("change", () => {
    setConfirmMoves(box.checked);
    onChange?.(box.checked);
  });
  return h("label", { class: "confirm-toggle small" }, [box, h("span", null, msg("confirm.toggle"))]);
}

/** An Error with a `code` the renderers can tell apart ("cancelled", "replaced", "busy"). */
export function moveError(code, words) {
  const err = new Error(words || code);
  err.code = code;
  return err;
}

/**
 * The confirm bar of the game page. ask(action) resolves true on Confirm, false on Cancel
 * (or when the board moved on first: dismiss()), and rejects with err.code "replaced" when
 * another ask() (a new tap) or withdraw() (a new choice begun on the board) takes its place:
 * the bar only ever names the one move the board shows. The move is worded by
 * static/actionwords.js: `game` (its id) picks the words, `describe(ref)` names places.
 */
export class ConfirmBar {
  constructor(game = "", describe = null) {
    this.game = game;
    this.describe = describe;
    this.text = h("span", { class: "confirm-text", "data-testid": "confirm-text" });
    this.yes = h("button", { type: "button", class: "btn btn-primary", "data-testid": "confirm-move" }, msg("confirm.confirm"));
    this.no = h("button", { type: "button", class: "btn btn-ghost", "data-testid": "cancel-move" }, msg("confirm.cancel"));
    this.el = h("div", { class: "confirm-bar", role: "group", "aria-label": msg("confirm.label"), "data-testid": "confirm-bar", hidden: true },
      [this.text, h("span", { class: "confirm-buttons" }, [this.no, this.yes])]);
    this.yes.addEventListener("click", () => this.settle(true));
    this.no.addEventListener("click", () => this.settle(false));
    this.waiting = null; // {resolve, reject} of the move the bar names
    this.action = null;
  }

  ask(action) {
    this.withdraw();
    this.action = action;
    this.text.textContent = this.words(action);
    this.el.hidden = false;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.yes.focus({ preventScroll: true });
    });
  }

  /** Another choice takes the waiting move's place: its ask() rejects with "replaced". */
  withdraw() {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    this.el.hidden = true;
    waiting.reject(moveError("replaced"));
  }

  /** The move in words ("Place the sign: square 0,4"). */
  words(action) {
    return describeAction(this.game, action, this.describe);
  }

  /** A new language: the move's words again. */
  relabel() {
    if (this.waiting) this.text.textContent = this.words(this.action);
  }

  get open() {
    return this.waiting !== null;
  }

  settle(ok) {
    const waiting = this.waiting;
    this.waiting = null;
    this.el.hidden = true;
    waiting?.resolve(ok);
  }

  dismiss() {
    if (this.waiting) this.settle(false);
  }
}
