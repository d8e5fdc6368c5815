// Take-backs on the game page: the Undo button (when the server's document says this seat
// may take back: doc.takeback = {own, ask}), and the consent request other players answer.
// The rules are the server's (app/takeback.py); this only asks and shows the answers.

import { add, clear, h, toast } from "/static/dom.js";

export class TakebackPanel {
  constructor(sock, nameOf) {
    this.sock = sock;
    this.nameOf = nameOf;
    this.el = h("div", { class: "takeback", "data-testid": "takeback" });
    this.request = null; // the open request frame
    this.timer = null;
    this.me = null;
    this.offer = null;
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
      toast(err.message || "The take-back was refused.");
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
      if (frame.outcome !== "granted") toast(frame.reason, "info", 4000);
    }
    this.draw();
  }

  draw() {
    clear(this.el);
    const req = this.request;
    if (req) {
      const waitingForMe = this.me !== null && (req.waiting || []).includes(this.me);
      const who = req.waiting.map((s) => this.nameOf(s)).join(", ");
      add(this.el, h("div", { class: "takeback-request", role: "alert", "data-testid": "takeback-request" }, [
        h("p", null, req.text),
        waitingForMe
          ? h("div", { class: "form-actions" }, [
              h("button", { type: "button", class: "btn btn-primary btn-small", "data-testid": "takeback-agree",
                onclick: () => this.sock.answerTakeback(req.request, true) }, "Agree"),
              h("button", { type: "button", class: "btn btn-ghost btn-small", "data-testid": "takeback-refuse",
                onclick: () => this.sock.answerTakeback(req.request, false) }, "Refuse"),
            ])
          : h("p", { class: "muted small" }, `Waiting for ${who}…`),
      ]));
      return;
    }
    const offer = this.offer;
    if (!offer) return;
    if (offer.own) {
      add(this.el, h("button", { type: "button", class: "btn btn-small", "data-testid": "undo",
        title: "Take back your last move of this turn", onclick: () => this.ask(1) }, "Undo"));
    } else if (offer.ask) {
      add(this.el, h("button", { type: "button", class: "btn btn-small btn-ghost", "data-testid": "ask-takeback",
        title: "The other players are asked to agree", onclick: () => this.ask(offer.ask) },
      offer.ask === 1 ? "Ask to take back your move" : `Ask to take back your move (${offer.ask} moves)`));
    }
  }
}
