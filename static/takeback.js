// Take-backs on the game page: the Undo button (when the server's document says this seat
// may take back: doc.takeback = {own, ask}), and the consent request other players answer.
// The rules are the server's (app/takeback.py); this only asks and shows the answers.
// A request this seat must answer is drawn in `question`, which the shell keeps in the page's
// asks dock (always in view: style.css, "The asks dock"); the rest stays in `el`, in the page.

import { add, clear, h, toast } from "/static/dom.js";
import { errorText, live, t } from "/static/i18n.js";

export class TakebackPanel {
  constructor(sock, nameOf) {
    this.sock = sock;
    this.nameOf = nameOf;
    this.el = h("div", { class: "takeback", "data-testid": "takeback" });
    this.question = h("div", { class: "takeback-question", "data-testid": "takeback-question", hidden: true });
    this.request = null; // the open request frame
    this.timer = null;
    this.me = null;
    this.offer = null;
    // The players a message names: by name, and "Ana (you)" for this page's own seat.
    this.named = (s) => (s === this.me ? t("shell.you_suffix", { name: this.nameOf(s) }) : this.nameOf(s));
  }

  /** Redraw from the seat's document. */
  update(doc, seat) {
    this.me = seat;
    this.offer = doc && !doc.outcome ? doc.takeback || null : null;
    this.draw();
  }

  async ask(count) {
    try {
      await this.sock.sendTakeback(count);
    } catch (err) {
      toast(err.message || t("takeback.refused"));
    }
  }

  onFrame(frame) {
    if (frame.type === "takeback_request") {
      this.request = frame;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => { this.request = null; this.draw(); }, (frame.seconds || 60) * 1000);
    } else if (frame.type === "takeback_closed") {
      if (this.request && this.request.request === frame.request) this.request = null;
      clearTimeout(this.timer);
      if (frame.outcome !== "granted") toast(live(() => errorText(frame, "", this.named)), "info", 4000);
    }
    this.draw();
  }

  draw() {
    clear(this.el);
    clear(this.question);
    this.question.hidden = true;
    const req = this.request;
    if (req) {
      const waitingForMe = this.me !== null && (req.waiting || []).includes(this.me);
      const who = req.waiting.map((s) => this.nameOf(s)).join(", ");
      // The question to answer goes to the dock; "waiting for ..." stays in the page.
      const host = waitingForMe ? this.question : this.el;
      host.hidden = false;
      add(host, h("div", { class: "takeback-request", role: "alert", "data-testid": "takeback-request" }, [
        h("p", null, errorText({ ...req, reason: req.text }, "", this.named)),
        waitingForMe
          ? h("div", { class: "form-actions" }, [
              h("button", { type: "button", class: "btn btn-primary btn-small", "data-testid": "takeback-agree",
                onclick: () => this.sock.answerTakeback(req.request, true) }, t("takeback.agree")),
              h("button", { type: "button", class: "btn btn-ghost btn-small", "data-testid": "takeback-refuse",
                onclick: () => this.sock.answerTakeback(req.request, false) }, t("clock.refuse")),
            ])
          : h("p", { class: "muted small" }, t("takeback.waiting_for", { names: who })),
      ]));
      return;
    }
    const offer = this.offer;
    if (!offer) return;
    if (offer.own) {
      add(this.el, h("button", { type: "button", class: "btn btn-small", "data-testid": "undo",
        title: t("takeback.undo_title"), onclick: () => this.ask(1) }, t("takeback.undo")));
    } else if (offer.ask) {
      add(this.el, h("button", { type: "button", class: "btn btn-small btn-ghost", "data-testid": "ask-takeback",
        title: t("takeback.ask_title"), onclick: () => this.ask(offer.ask) },
      t("takeback.ask", { n: offer.ask })));
    }
  }
}
