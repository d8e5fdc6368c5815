// "How to play": a button (game page and lobby) opening an accessible dialog whose body is
// the game module's optional export `howToPlay(ctx)` (static/games/<game>/index.js; see
// docs/client.md), or a short generic text for a module without one. The dialog is modal
// (the page behind is inert), keeps Tab and Shift+Tab inside, closes on Esc, on its Close
// button or a click on the backdrop, and gives the focus back to the button that opened it.

import { add, clear, h, playerColor, seatMark, svg } from "/static/dom.js";
import { currentLang, onLang, t } from "/static/i18n.js";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What a module's howToPlay(ctx) returned, as DOM nodes (a string becomes paragraphs). */
export function helpNodes(body) {
  if (body === undefined || body === null || body === false) return [];
  if (Array.isArray(body)) return body.flatMap(helpNodes);
  if (typeof Node !== "undefined" && body instanceof Node) return [body];
  return String(body).split(/\n\s*\n/).filter((p) => p.trim()).map((p) => h("p", null, p.trim()));
}

function genericHelp() {
  return [
    h("p", null, t("howto.generic_turn")),
    h("p", null, t("howto.generic_log")),
  ];
}

export class HowToPlay {
  /**
   * game: the game kind (its module is static/games/<game>/index.js); gameName: its name in
   * words; context(): extra fields of the ctx handed to howToPlay (options, data, seat...).
   */
  constructor({ game, gameName, context = () => ({}) }) {
    this.game = game;
    this.gameName = gameName;
    this.context = context;
    this.opener = null;
    this.button = h("button", {
      type: "button", class: "btn btn-small btn-ghost howto-open", "data-testid": "how-to-play",
      "aria-haspopup": "dialog", onclick: (e) => this.open(e.currentTarget),
    }, t("howto.button"));
    this.title = h("h2", { id: `howto-title-${game}`, class: "howto-title" });
    this.body = h("div", { class: "howto-body", "data-testid": "how-to-play-body" });
    this.closeBtn = h("button", { type: "button", class: "btn btn-small howto-close", "data-testid": "how-to-play-close", onclick: () => this.close() }, t("howto.close"));
    this.dialog = h("dialog", {
      class: "howto-dialog", "aria-labelledby": this.title.id, "data-testid": "how-to-play-dialog",
    }, [h("div", { class: "howto-head" }, [this.title, this.closeBtn]), this.body]);
    this.dialog.addEventListener("keydown", (e) => this.onKey(e));
    // Esc: the dialog's own cancel; close through ours so the focus goes back.
    this.dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      this.close();
    });
    this.dialog.addEventListener("click", (e) => {
      if (e.target === this.dialog) this.close(); // the backdrop
    });
    this.offLang = onLang(() => this.relabel());
  }

  relabel() {
    this.button.textContent = t("howto.button");
    this.closeBtn.textContent = t("howto.close");
    if (this.dialog.open) this.fill();
  }

  async module() {
    if (!this.modPromise) {
      this.modPromise = import(`/static/games/${encodeURIComponent(this.game)}/index.js`).catch((err) => {
        console.warn(`no module for ${this.game}`, err);
        return {};
      });
    }
    return this.modPromise;
  }

  async fill() {
    this.title.textContent = t("howto.title", { game: String(this.gameName) });
    const mod = await this.module();
    let nodes = [];
    if (typeof mod.howToPlay === "function") {
      try {
        const ctx = { t, lang: () => currentLang(), h, svg, playerColor, seatMark, ...this.context() };
        nodes = helpNodes(await mod.howToPlay(ctx));
      } catch (err) {
        console.error("howToPlay failed", err);
      }
    }
    add(clear(this.body), nodes.length ? nodes : genericHelp());
    // Reading is one way to learn; playing a guided game is another (static/learn.js).
    add(this.body, h("p", { class: "howto-learn" }, h("a", {
      href: `/learn/${encodeURIComponent(this.game)}`, "data-link": true, class: "btn btn-small", "data-testid": "how-to-play-learn",
      onclick: () => this.close(),
    }, t("learn.from_howto"))));
    // A game keeps the rules it started with, even after the server's rules change: said
    // here, under the rules, where a player who wonders finds it.
    const version = this.context().rulesVersion;
    if (version !== undefined && version !== null) {
      add(this.body, h("p", { class: "muted small howto-version", "data-testid": "rules-version" },
        t("howto.rules_version", { version: String(version) })));
    }
  }

  async open(opener) {
    this.opener = opener || document.activeElement;
    if (!this.dialog.isConnected) document.body.appendChild(this.dialog);
    if (!this.dialog.open) this.dialog.showModal();
    this.closeBtn.focus();
    await this.fill();
  }

  close() {
    if (this.dialog.open) this.dialog.close();
    const back = this.opener && this.opener.isConnected ? this.opener : this.button;
    this.opener = null;
    back?.focus?.();
  }

  /** Tab and Shift+Tab go round inside the dialog. */
  onKey(e) {
    if (e.key !== "Tab") return;
    const items = [...this.dialog.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || !this.dialog.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  destroy() {
    this.offLang?.();
    if (this.dialog.open) this.dialog.close();
    this.dialog.remove();
  }
}
