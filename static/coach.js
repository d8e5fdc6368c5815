// The coach of a lesson's table (docs/lessons.md): a panel in the asks dock (the foot of the
// window, so it never covers the board: the page keeps its height free below its end) that
// says, step by step, what the rule is, what to do and why; marks the step's targets on the
// page (`data-coach-target`, the last of the step's selectors that is on the page, so a
// two-tap move marks its second tap once the first was made) and outlines the step's log
// references on the board; and judges each move the player makes before it is sent: the
// step's move goes through, another legal move is held back with the coach's "try ...", a
// move the rules refuse goes to the server, whose refusal is shown in words with the "try".
// Everything is worded from the script at draw time, so a language switch rewords it.

import { api } from "/static/api.js";
import { h } from "/static/dom.js";
import { describeAction } from "/static/actionwords.js";
import { onLang, t } from "/static/i18n.js";
import { markDone, lessonList, lessonText, progress, startButton, syncLessons } from "/static/learn.js";
import { allows } from "/static/templates.js";

const STEP_KEY = (gameId) => `meja.lesson.${gameId}`;

/** Is `sent` the move a step expects? (engines/lessons.py `matches`.) */
export function matches(expected, sent) {
  for (const [k, v] of Object.entries(expected)) {
    if (JSON.stringify(sent[k]) !== JSON.stringify(v)) return false;
  }
  return Object.entries(sent).every(([k, v]) => k in expected || !v);
}

export class Coach {
  /**
   * lesson: "<game>/<id>"; seat: the learner's seat; describe(ref): the board's words for a
   * place; highlight(refs): the board's outline of log references; navigate: the router's.
   */
  constructor({ gameId, lesson, seat, describe, highlight, navigate, onWire = () => false }) {
    Object.assign(this, { gameId, lesson, seat, describe, highlight, navigate, onWire });
    [this.game, this.id] = lesson.split("/");
    this.script = null;
    this.doc = null;
    this.feedback = null; // () => words of the last wrong move's explanation
    this.index = Number(localStorage.getItem(STEP_KEY(gameId)) || 0);
    this.title = h("strong", { class: "coach-title", "data-testid": "coach-title" });
    this.count = h("span", { class: "coach-count muted small", "data-testid": "coach-count" });
    this.text = h("p", { class: "coach-text", "data-testid": "coach-text", "aria-live": "polite" });
    this.note = h("p", { class: "coach-feedback", "data-testid": "coach-feedback", role: "alert", hidden: true });
    this.next = h("button", { type: "button", class: "btn btn-primary btn-small", "data-testid": "coach-next", hidden: true,
      onclick: () => this.advance() });
    this.foot = h("div", { class: "coach-foot" });
    this.el = h("section", { class: "coach", "data-testid": "coach", "aria-label": t("coach.label") },
      [h("div", { class: "coach-head" }, [this.title, this.count]), this.text, this.note, h("div", { class: "coach-actions" }, [this.next, this.foot])]);
    this.observer = typeof MutationObserver === "function" ? new MutationObserver(() => this.markSoon()) : null;
    this.offLang = onLang(() => this.draw());
    this.load();
  }

  async load() {
    try {
      this.script = await api("GET", `/lessons/${encodeURIComponent(this.game)}/${encodeURIComponent(this.id)}`);
    } catch (err) {
      this.text.textContent = err.message;
      return;
    }
    await this.resync();
    this.observer?.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class"] });
    this.draw();
  }

  /**
   * Where the game says the lesson is: after as many of the script's moves as the learner's
   * seat has made (the table's history). A step kept in this browser that agrees with that
   * stays (a step read since); otherwise (another device, cleared storage) the game wins.
   */
  async resync() {
    let made;
    try {
      const history = await api("GET", `/games/${encodeURIComponent(this.gameId)}/history`, { gameId: this.gameId });
      // A prepared position's own moves (the lesson's prelude) are not the script's.
      made = history.events.filter((e) => e.seat === this.seat && !e.taken_back).length - (this.script.prelude_moves || 0);
      made = Math.max(0, made);
    } catch {
      return; // keep the browser's own step
    }
    const steps = this.script.steps;
    const acting = steps.map((st, i) => (st.action ? i : -1)).filter((i) => i >= 0);
    const from = made === 0 ? 0 : made > acting.length ? steps.length : acting[made - 1] + 1;
    const upto = made < acting.length ? acting[made] : steps.length;
    if (this.index < from || this.index > upto) {
      this.index = from;
      localStorage.setItem(STEP_KEY(this.gameId), String(this.index));
      if (this.finished) markDone(this.lesson);
    }
  }

  get step() {
    return this.script && this.index < this.script.steps.length ? this.script.steps[this.index] : null;
  }

  get finished() {
    return Boolean(this.script) && this.index >= this.script.steps.length;
  }

  myTurn() {
    const doc = this.doc;
    return Boolean(doc && doc.view && !doc.outcome && (doc.awaited || doc.to_act || []).includes(this.seat));
  }

  /** A new document from the game: redraw (whose turn it is decides what the coach says). */
  update(doc) {
    this.doc = doc;
    this.draw();
  }

  /** The player's move, before it is sent: null to send it, else why it is held back. */
  judge(action) {
    const step = this.step;
    if (!step || !step.action || matches(step.action, action)) return null;
    if (this.doc && !allows(this.doc.legal || [], action)) return null; // the engine says why
    const move = describeAction(this.game, action, this.describe);
    this.explain(() => t("coach.not_this", { move }));
    return "coached";
  }

  /** The server refused the move: its reason in words, and the coach's advice. */
  refused(err) {
    if (!this.step || !err || ["busy", "cancelled", "replaced", "coached"].includes(err.code)) return;
    this.explain(() => t("coach.refused", { reason: err.message }));
  }

  explain(first) {
    const step = this.step;
    this.feedback = () => [first(), step && step.try ? lessonText(step.try) : ""].filter(Boolean).join(" ");
    this.draw();
  }

  /** The step's move was accepted: on to the next step. */
  accepted(action) {
    const step = this.step;
    if (step && step.action && matches(step.action, action)) this.advance();
  }

  advance() {
    if (!this.script || this.finished) return;
    this.index += 1;
    this.feedback = null;
    localStorage.setItem(STEP_KEY(this.gameId), String(this.index));
    if (this.finished) markDone(this.lesson);
    this.draw();
    // At once, not at the next frame: the document this step waits on has been drawn (a
    // move's patch comes before its answer), and the last step's marks must not linger.
    this.mark(true);
  }

  draw() {
    this.el.setAttribute("aria-label", t("coach.label"));
    if (!this.script) return;
    const total = this.script.steps.length;
    this.title.textContent = lessonText(this.script.title);
    this.count.textContent = this.finished ? t("coach.finished") : t("coach.step", { n: this.index + 1, total });
    this.next.textContent = t("coach.next");
    const step = this.step;
    this.el.dataset.step = String(this.index);
    // The foot is built again only when it changes (the lesson ends, the language
    // switches): the game goes on after the last step, and a foot rebuilt at every bot's
    // move swapped the links under a finger between press and release, losing the tap.
    const footKey = step ? "" : `done|${t("coach.lessons")}|${t("coach.close")}`;
    if (footKey !== this.footKey) {
      this.footKey = footKey;
      this.foot.replaceChildren();
      if (!step) {
        this.foot.append(h("a", { href: "/learn", "data-link": true, class: "btn btn-small", "data-testid": "coach-lessons" }, t("coach.lessons")),
          // The game goes on: the learner may put the coach away and play on.
          h("button", { type: "button", class: "btn btn-small btn-ghost", "data-testid": "coach-close", onclick: () => { this.el.hidden = true; } }, t("coach.close")));
        this.nextLesson();
      }
    }
    if (!step) {
      this.text.textContent = lessonText(this.script.done);
      this.next.hidden = true;
    } else if (step.action && !this.myTurn()) {
      this.text.textContent = t("coach.wait");
      this.next.hidden = true;
    } else {
      this.text.textContent = lessonText(step.say);
      this.next.hidden = Boolean(step.action);
    }
    this.el.dataset.waiting = step && step.action && !this.myTurn() ? "1" : "0";
    this.note.hidden = !this.feedback;
    this.note.textContent = this.feedback ? this.feedback() : "";
    this.markSoon();
  }

  /** After the last step: the title's next lesson not done yet - on this device or, signed
   * in, on any of the account's (else simply the next one), if there is one. */
  nextLesson() {
    const synced = syncLessons().catch(() => progress());
    Promise.all([lessonList(), synced]).then(([cards, p]) => {
      const mine = cards.filter((c) => c.game === this.game);
      const at = mine.findIndex((c) => c.id === this.id);
      const after = at >= 0 ? mine.slice(at + 1) : [];
      const next = after.find((c) => !p.done[`${c.game}/${c.id}`]) || after[0] || null;
      if (next && this.finished && !this.foot.querySelector("[data-testid=coach-next-lesson]")) {
        this.foot.append(startButton(next, this.navigate, t("coach.next_lesson", { title: lessonText(next.title) }),
          { "data-testid": "coach-next-lesson", class: "btn btn-small btn-primary" }));
      }
    }, () => {});
  }

  markSoon(scroll = false) {
    if (this.marking) return;
    this.marking = true;
    requestAnimationFrame(() => {
      this.marking = false;
      this.mark(scroll);
    });
  }

  /** Mark what the step asks to tap now (and the confirm bar's Confirm once it asks). */
  mark(scroll) {
    this.observer?.disconnect();
    try {
      const step = this.step;
      // The outline first: a board whose highlight() redraws it (Jakarta Traffic's) would
      // otherwise drop the marks set on the elements it replaced.
      const refs = step && step.refs && step.refs.length ? step.refs : null;
      if (JSON.stringify(refs) !== this.refsShown) {
        this.refsShown = JSON.stringify(refs);
        this.highlight(refs);
      }
      for (const el of document.querySelectorAll("[data-coach-target]")) el.removeAttribute("data-coach-target");
      const now = [];
      // Nothing is marked while a move is on its way: what the board shows is about to change.
      if (step && step.action && this.myTurn() && !this.onWire()) {
        for (const selector of step.targets || []) {
          const found = [...document.querySelectorAll(selector)];
          if (found.length) now.splice(0, now.length, ...found);
        }
        const confirm = document.querySelector('[data-testid="confirm-bar"]:not([hidden]) [data-testid="confirm-move"]');
        if (confirm) now.splice(0, now.length, confirm);
      }
      for (const el of now) el.setAttribute("data-coach-target", "");
      const key = `${this.index}:${now.length}`;
      if (now.length && (scroll || key !== this.scrolled)) {
        this.scrolled = key;
        now[0].scrollIntoView?.({ block: "center", inline: "center" });
      }
    } finally {
      this.observer?.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class"] });
    }
  }

  destroy() {
    this.observer?.disconnect();
    this.offLang?.();
    for (const el of document.querySelectorAll("[data-coach-target]")) el.removeAttribute("data-coach-target");
  }
}
