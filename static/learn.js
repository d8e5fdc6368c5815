// Lessons (docs/lessons.md): the list of every title's lessons (the /learn page), starting
// one (a real table with the lesson's seed and bots, POST /api/lessons/<game>/<id>), and the
// learner's progress, kept in this browser (localStorage "meja.learn": the lessons done and
// the lesson under way, for "Continue") and, when signed in, in the account too (POST
// /api/account/lessons: each side gets the union, so a second device shows the ticks).

import { api } from "/static/api.js";
import { add, clear, h, toast } from "/static/dom.js";
import { currentLang, live, msg, onLang, setTitle, t } from "/static/i18n.js";
import { gameName } from "/static/options.js";
import { fromWire, mergeProgress, toWire } from "/static/learnprogress.js";
import { lastName, saveSeat, setSignedIn, signedIn } from "/static/store.js";

const KEY = "meja.learn";

/** The learner's progress: {done: {"<game>/<id>": when (ms)}, current: {lesson, gameId, at} |
 * null} (static/learnprogress.js). */
export function progress() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "{}");
    return { done: p.done && typeof p.done === "object" ? p.done : {}, current: p.current || null };
  } catch {
    return { done: {}, current: null };
  }
}

function store(p) {
  localStorage.setItem(KEY, JSON.stringify(p));
}

/** A lesson is done: ticked in the list, no longer the one to continue (and, signed in,
 * in the account at once). */
export function markDone(lesson) {
  const p = progress();
  p.done[lesson] = Date.now();
  if (p.current && p.current.lesson === lesson) p.current = null;
  store(p);
  syncLessons().catch(() => {});
}

let syncing = null;
/**
 * Signed in: send this browser's progress to the account and keep the union (lessons done
 * on another device are ticked here too). Resolves with the progress either way; a guest's
 * is only this browser's.
 */
export function syncLessons() {
  if (!signedIn()) return Promise.resolve(progress());
  // One request at a time; a call meanwhile waits for it and sends again (it may carry a
  // lesson finished since).
  const run = async () => {
    const resp = await fetch("/api/account/lessons", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(toWire(progress())),
    });
    if (resp.status === 401) {
      setSignedIn(false); // signed out elsewhere, or the account was deleted
      return progress();
    }
    if (!resp.ok) throw new Error(`account lessons: ${resp.status}`);
    const merged = mergeProgress(progress(), fromWire(await resp.json()));
    store(merged);
    return merged;
  };
  const next = (syncing || Promise.resolve()).catch(() => {}).then(run);
  syncing = next.finally(() => { if (syncing === next) syncing = null; });
  return next;
}

/** A lesson's words in the viewer's language (every lesson text is {en, id, ms}). */
export function lessonText(words) {
  if (!words) return "";
  return words[currentLang()] || words.en || "";
}

let listPromise = null;
/** Every lesson of every title, as cards (fetched once a page load). */
export function lessonList() {
  if (!listPromise) listPromise = api("GET", "/lessons").catch((err) => { listPromise = null; throw err; });
  return listPromise;
}

/** Open a lesson's table and go to it (the seat is stored like a created lobby's). */
export async function startLesson(game, id, navigate) {
  const res = await api("POST", `/lessons/${encodeURIComponent(game)}/${encodeURIComponent(id)}`, {
    body: { name: lastName() || t("learn.you"), lang: currentLang() },
  });
  saveSeat(res.game_id, { credential: res.credential, seat: res.seat ?? 0, game, lesson: `${game}/${id}` });
  const p = progress();
  p.current = { lesson: `${game}/${id}`, gameId: res.game_id, at: Date.now() };
  store(p);
  syncLessons().catch(() => {}); // another device may continue it (its seat follows too)
  navigate(`/game/${encodeURIComponent(res.game_id)}`);
}

/** A button that starts a lesson ("Learn Kaki Lima"). */
export function startButton(card, navigate, label, attrs = {}) {
  const button = h("button", { type: "button", class: "btn", "data-testid": `learn-${card.game}-${card.id}`, ...attrs, onclick: async () => {
    button.disabled = true;
    try {
      await startLesson(card.game, card.id, navigate);
    } catch (err) {
      toast(err.message);
      button.disabled = false;
    }
  } }, label);
  return button;
}

/** The home page's card: "Learn <game>" for each title with a guided game, and Continue. */
export function learnCard(navigate) {
  const body = h("div", { class: "learn-buttons" }, h("p", { class: "muted" }, msg("shell.loading")));
  const section = h("section", { class: "card learn-card", "aria-labelledby": "learn-h", "data-testid": "learn-card" }, [
    h("h2", { id: "learn-h" }, msg("learn.heading")),
    h("p", { class: "muted" }, msg("learn.intro")),
    body,
  ]);
  const synced = syncLessons().catch(() => progress()); // the account's "Continue" too
  lessonList().then(async (cards) => {
    const buttons = cards.filter((c) => c.kind === "guided").map((c) =>
      startButton(c, navigate, live(() => t("learn.learn_game", { game: String(gameName(c.game, c.game)) }))));
    await synced;
    add(clear(body), continueLink(), ...buttons, h("a", { href: "/learn", "data-link": true, class: "btn btn-ghost", "data-testid": "learn-all" }, msg("learn.all")));
  }, (err) => add(clear(body), h("p", { class: "error-text" }, err.words || err.message)));
  return section;
}

function continueLink() {
  const current = progress().current;
  if (!current) return null;
  return h("a", { href: `/game/${encodeURIComponent(current.gameId)}`, "data-link": true, class: "btn btn-primary", "data-testid": "learn-continue" },
    msg("learn.continue"));
}

/** The /learn page: every title's lessons, the guided game first, done ones ticked. */
export async function render(root, { navigate, params = [] }) {
  const first = params[0] || null; // /learn/<game>: that title's lessons come first
  setTitle(msg("learn.page_title"));
  const list = h("div", { class: "learn-list" }, h("p", { class: "muted" }, msg("shell.loading")));
  const cont = h("div", { class: "learn-continue" }, continueLink());
  root.appendChild(h("section", { class: "card learn-page" }, [
    h("h1", null, msg("learn.heading")), h("p", null, msg("learn.intro")), cont, list]));
  let cards = [];
  let drawn = false;
  const draw = () => {
    if (!cards.length) return;
    drawn = true;
    add(clear(cont), continueLink());
    const done = progress().done;
    const byGame = new Map();
    for (const c of [...cards].sort((a, b) => (b.game === first) - (a.game === first))) byGame.set(c.game, [...(byGame.get(c.game) || []), c]);
    add(clear(list), ...[...byGame].map(([game, lessons]) => h("section", { class: "learn-game", "data-game": game }, [
      h("h2", null, gameName(game, game)),
      h("ul", { class: "learn-lessons" }, lessons.map((c) => {
        const key = `${c.game}/${c.id}`;
        return h("li", { class: "learn-lesson", "data-lesson": key, "data-done": done[key] ? "1" : "0" }, [
          h("div", null, [
            h("strong", null, lessonText(c.title)),
            done[key] ? h("span", { class: "learn-done", "data-testid": "learn-done" }, ` ✓ ${t("learn.done")}`) : null,
            h("p", { class: "muted small" }, `${lessonText(c.summary)} (${t("learn.minutes", { n: c.minutes })})`),
          ]),
          startButton(c, navigate, c.kind === "guided" ? t("learn.start_guided") : t("learn.start")),
        ]);
      })),
    ])));
  };
  const off = onLang(draw);
  // Signed in: the account's ticks (lessons finished on another device) join this browser's.
  syncLessons().then(() => { if (drawn) draw(); }, () => {});
  try {
    cards = await lessonList();
    draw();
  } catch (err) {
    add(clear(list), h("p", { class: "error-text" }, err.words || err.message));
  }
  return () => off();
}
