// Move confirmation: with it on, a chosen move is first shown on the board (the renderer's
// preview(doc, action) hook draws it) and only sent on Confirm; Cancel forgets it. A player's
// own choice, kept in this browser; on by default on touch screens, where a stray tap is easy.

import { h, humanize } from "/static/dom.js";
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

/** A move in words for the bar ("Move: to c7"), from its fields. */
export function describeAction(action) {
  const parts = Object.entries(action || {})
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${humanize(k)} ${Array.isArray(v) ? v.join(", ") : typeof v === "object" && v ? JSON.stringify(v) : v}`);
  return `${humanize(action?.type || "move")}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

/**
 * The confirm bar of the game page. ask(action) resolves true on Confirm, false on Cancel
 * (or when the board moved on first: dismiss()).
 */
export class ConfirmBar {
  constructor() {
    this.text = h("span", { class: "confirm-text", "data-testid": "confirm-text" });
    this.yes = h("button", { type: "button", class: "btn btn-primary", "data-testid": "confirm-move" }, msg("confirm.confirm"));
    this.no = h("button", { type: "button", class: "btn btn-ghost", "data-testid": "cancel-move" }, msg("confirm.cancel"));
    this.el = h("div", { class: "confirm-bar", role: "group", "aria-label": msg("confirm.label"), "data-testid": "confirm-bar", hidden: true },
      [this.text, h("span", { class: "confirm-buttons" }, [this.no, this.yes])]);
    this.yes.addEventListener("click", () => this.settle(true));
    this.no.addEventListener("click", () => this.settle(false));
    this.resolve = null;
  }

  ask(action) {
    this.dismiss();
    this.action = action;
    this.text.textContent = describeAction(action);
    this.el.hidden = false;
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.yes.focus({ preventScroll: true });
    });
  }

  /** A new language: the move's words again (its field names are the engine's). */
  relabel() {
    if (this.resolve) this.text.textContent = describeAction(this.action);
  }

  get open() {
    return this.resolve !== null;
  }

  settle(ok) {
    const resolve = this.resolve;
    this.resolve = null;
    this.el.hidden = true;
    resolve?.(ok);
  }

  dismiss() {
    if (this.resolve) this.settle(false);
  }
}
