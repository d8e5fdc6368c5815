// Languages: English, Bahasa Indonesia, Bahasa Melayu. One catalogue per language (a game's
// page first gets that game's share of it: widen), merged by
// the server from every file that speaks (GET /i18n/<lang>.json: the shell's
// static/i18n/<lang>.json, each board's static/games/<game>/i18n/, each engine's
// engines/<game>/i18n/, the server's app/i18n/). Messages use the ICU MessageFormat subset of
// engines/messages.py (same cases: tests/engines/messages_cases.json), with
// Intl.PluralRules and Intl.NumberFormat doing the language's plurals and digits; no library,
// because there is no build step and the subset is all the catalogues need.
//
//   t(key, params)          -> string in the current language (English, then the key, if missing)
//   parts(key, params, refs) -> [string | Node]: for log lines, where a {"seat": n} parameter
//                              becomes the player's name (a text node) and a board reference
//                              becomes whatever refs.place(ref) draws
//   setLang(code)           -> switches every open view at once ("meja:lang" event), remembered
//   langSwitch()            -> the <select> every page puts in its head

export const LANGS = [
  { code: "en", name: "English" },
  { code: "id", name: "Bahasa Indonesia" },
  { code: "ms", name: "Bahasa Melayu" },
];
const CODES = LANGS.map((l) => l.code);
const STORE_KEY = "meja.lang";

const catalogues = new Map(); // code -> {key: pattern}
let current = "en";

/** The language a first visit gets: the browser's first Indonesian/Malay/English preference. */
export function preferredLang(list = globalThis.navigator?.languages || [globalThis.navigator?.language || "en"]) {
  for (const tag of list) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (base === "in") return "id"; // an old Java/Android tag for Indonesian
    if (base === "zsm") return "ms";
    if (CODES.includes(base)) return base;
  }
  return "en";
}

function stored() {
  try {
    const v = globalThis.localStorage?.getItem(STORE_KEY);
    return CODES.includes(v) ? v : null;
  } catch {
    return null;
  }
}

const loading = new Map(); // code -> the fetch on its way (English is asked for twice at first)

// A game's page gets that game's share of each catalogue first (the import map names
// /i18n/<lang>/<game>.json for /i18n/<lang>.json there): the whole one, which the map names
// /i18n/all/<lang>.json, once the page goes elsewhere (widen).
let whole = false;

/**
 * Where a language's catalogue is fetched from: the shell's import map names its current
 * version (/i18n/en.json?v=...), which the browser keeps for good, so a second visit asks
 * nothing; the plain URL (revalidated each time) where the map or import.meta.resolve is
 * missing (Node tests, old browsers).
 */
function catalogueUrl(code, all = whole) {
  const plain = `/i18n/${code}.json`;
  try {
    if (!import.meta.resolve) return plain;
    const url = all ? import.meta.resolve(`/i18n/all/${code}.json`) : import.meta.resolve(plain);
    // No map entry for the whole one (Node tests, an old shell): the plain URL is it.
    return all && new URL(url, "http://x").pathname.startsWith("/i18n/all/") ? plain : url;
  } catch {
    return plain;
  }
}

/**
 * Every game's words from now on: the router calls this before any page but the one the
 * shell was made for (another game's page, the lobby, the home page). Re-fetches the
 * languages already loaded when the page had only a share of them.
 */
export async function widen() {
  if (whole) return;
  whole = true;
  // The share stays in use until the whole one is in (it is a part of it).
  const codes = [...catalogues.keys()].filter((code) => catalogueUrl(code, false) !== catalogueUrl(code, true));
  await Promise.all(codes.map((code) => load(code, true)));
}

async function load(code, again = false) {
  if (catalogues.has(code) && !again) return catalogues.get(code);
  if (!loading.has(code)) {
    loading.set(code, (async () => {
      const resp = await fetch(catalogueUrl(code), { credentials: "same-origin" });
      if (!resp.ok) throw new Error(`catalogue ${code}: ${resp.status}`);
      const cat = await resp.json();
      catalogues.set(code, cat);
      return cat;
    })().finally(() => loading.delete(code)));
  }
  return loading.get(code);
}

/** Use these catalogues without fetching (Node tests, and pages that embed them). */
export function provide(code, catalogue) {
  catalogues.set(code, catalogue);
}

export function currentLang() {
  return current;
}

/** Switch language: loads its catalogue, updates <html lang>, tells every listener. */
export async function setLang(code, { remember = true } = {}) {
  if (!CODES.includes(code)) code = "en";
  await Promise.all([load("en"), load(code)]);
  current = code;
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORE_KEY, code);
    } catch {
      /* private mode: the choice lasts for this page */
    }
  }
  if (globalThis.document) document.documentElement.lang = code;
  globalThis.dispatchEvent?.(new CustomEvent("meja:lang", { detail: { lang: code } }));
  return code;
}

/** Resolves once the first catalogue is in (pages await it before their first draw). */
export const ready = globalThis.fetch && globalThis.document
  ? setLang(stored() || preferredLang(), { remember: false }).catch((err) => {
    console.warn("catalogue unavailable, showing message keys", err);
  })
  : Promise.resolve();

/** Call fn(lang) after every switch; returns the function that stops listening. */
export function onLang(fn) {
  const handler = (ev) => fn(ev.detail.lang);
  globalThis.addEventListener?.("meja:lang", handler);
  return () => globalThis.removeEventListener?.("meja:lang", handler);
}

/** Whether a key is known in English (every key starts there). */
export function has(key) {
  return Boolean(catalogues.get("en")?.[key] ?? catalogues.get(current)?.[key]);
}

function patternOf(key, lang = current) {
  return catalogues.get(lang)?.[key] ?? catalogues.get("en")?.[key];
}

// ---- the ICU subset (mirror of engines/messages.py) ----

const parsed = new Map();

function parsePattern(src) {
  let i = 0;
  const word = () => {
    while (i < src.length && /\s/.test(src[i])) i++;
    const start = i;
    while (i < src.length && !",{} \t\n".includes(src[i])) i++;
    const w = src.slice(start, i);
    while (i < src.length && /\s/.test(src[i])) i++;
    return w;
  };
  const argument = (depth) => {
    i++; // "{"
    const name = word();
    if (!name) throw new Error("empty argument");
    if (src[i] === "}") {
      i++;
      return { t: "arg", name };
    }
    if (src[i] !== ",") throw new Error(`bad argument ${name}`);
    i++;
    const kind = word();
    if (kind === "number") {
      if (src[i] !== "}") throw new Error("number takes no style here");
      i++;
      return { t: "number", name };
    }
    if (kind !== "plural" && kind !== "select") throw new Error(`unknown argument type ${kind}`);
    if (src[i] !== ",") throw new Error(`${kind} needs its cases`);
    i++;
    const cases = {};
    for (;;) {
      const sel = word();
      if (!sel) break;
      if (src[i] !== "{") throw new Error(`case ${sel} needs a message`);
      i++;
      cases[sel] = seq(depth + 1);
      if (src[i] !== "}") throw new Error("unclosed case");
      i++;
    }
    if (src[i] !== "}") throw new Error("unclosed argument");
    i++;
    if (!("other" in cases)) throw new Error(`${kind} needs an 'other' case`);
    return { t: kind, name, cases };
  };
  const seq = (depth) => {
    const out = [];
    let buf = "";
    const flush = () => {
      if (buf) out.push(buf);
      buf = "";
    };
    while (i < src.length) {
      const c = src[i];
      if (c === "'") {
        const nxt = src[i + 1] ?? "";
        if (nxt === "'") {
          buf += "'";
          i += 2;
        } else if ("{}#".includes(nxt) && nxt) {
          const end = src.indexOf("'", i + 1);
          if (end < 0) throw new Error("unclosed quote");
          buf += src.slice(i + 1, end);
          i = end + 1;
        } else {
          buf += "'";
          i++;
        }
      } else if (c === "{") {
        flush();
        out.push(argument(depth));
      } else if (c === "}") {
        if (depth === 0) throw new Error("unmatched }");
        break;
      } else if (c === "#" && depth > 0) {
        flush();
        out.push({ t: "#" });
        i++;
      } else {
        buf += c;
        i++;
      }
    }
    flush();
    return out;
  };
  const parts = seq(0);
  if (i !== src.length) throw new Error("unmatched }");
  return parts;
}

function parse(pattern) {
  let p = parsed.get(pattern);
  if (!p) {
    p = parsePattern(pattern);
    parsed.set(pattern, p);
  }
  return p;
}

// Making an Intl formatter costs far more than using one (it loads the language's data), and
// a move's redraw formats hundreds of numbers: one formatter per language, kept.
const numberFormats = new Map(); // lang -> Intl.NumberFormat
const pluralRules = new Map(); // lang -> Intl.PluralRules

function numberText(n, lang) {
  if (typeof n !== "number") return String(n);
  // A whole number under 1,000 reads the same in every language here: the page's first
  // draw (scores, money, counts) needs no formatter, whose making loads the language's
  // number data, a long task on a phone (issue 42).
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  let fmt = numberFormats.get(lang);
  if (!fmt) {
    fmt = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
    numberFormats.set(lang, fmt);
  }
  return fmt.format(n);
}

// Whole numbers' (from 0) plural forms in the languages here (CLDR): Indonesian and Malay have one
// form, English "one" for 1. Anything else asks Intl (made once per language, see above).
const WHOLE_PLURALS = { en: (n) => (n === 1 ? "one" : "other"), id: () => "other", ms: () => "other" };

function pluralCategory(lang, n) {
  if (Number.isInteger(n) && n >= 0 && WHOLE_PLURALS[lang]) return WHOLE_PLURALS[lang](n);
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/**
 * Format a pattern into parts. `place(value)` turns an object parameter into a string or a
 * Node (a seat's name, a translated term, a board reference); strings stay strings.
 */
export function formatParts(pattern, params = {}, lang = current, place = null) {
  const placeValue = place || ((v) => plainValue(v, lang));
  const walk = (parts, hashValue) => {
    const out = [];
    for (const part of parts) {
      if (typeof part === "string") out.push(part);
      else if (part.t === "#") out.push(hashValue !== undefined ? numberText(hashValue, lang) : "#");
      else if (part.t === "arg" || part.t === "number") {
        if (!(part.name in params)) out.push(`{${part.name}}`);
        else if (part.t === "number") out.push(numberText(params[part.name], lang));
        else {
          const v = params[part.name];
          out.push(v !== null && typeof v === "object" ? placeValue(v) : String(v));
        }
      } else if (part.t === "plural") {
        const raw = params[part.name];
        const n = typeof raw === "number" ? raw : 0;
        const c = part.cases[`=${n}`] || part.cases[pluralCategory(lang, n)] || part.cases.other;
        out.push(...walk(c, n));
      } else {
        const v = params[part.name];
        out.push(...walk(part.cases[String(v)] || part.cases.other, hashValue));
      }
    }
    return out;
  };
  return walk(parse(pattern), undefined);
}

function plainValue(v, lang) {
  if ("seat" in v) return `Player ${Number(v.seat) + 1}`;
  if ("term" in v) return t(String(v.term), v.params || {}, lang);
  if ("label" in v) return String(v.label);
  return Object.values(v).join(", ");
}

/** A pattern formatted to one string (object parameters in words). */
export function format(pattern, params = {}, lang = current) {
  return formatParts(pattern, params, lang, (v) => plainValue(v, lang)).join("");
}

/** The message of `key` in the current language, as a string. */
export function t(key, params = {}, lang = current) {
  const pattern = patternOf(key, lang);
  if (pattern === undefined) return key;
  try {
    return format(pattern, params, lang);
  } catch (err) {
    console.warn(`bad message ${key}`, err);
    return key;
  }
}

/**
 * The message of `key` as parts for the DOM: `place(value)` draws each object parameter
 * (a seat's name span, a board reference); a missing key gives `fallback` (an old line's text).
 */
export function parts(key, params = {}, place = null, fallback = null) {
  const pattern = patternOf(key);
  if (pattern === undefined) return [fallback ?? key];
  try {
    return formatParts(pattern, params, current, place);
  } catch (err) {
    console.warn(`bad message ${key}`, err);
    return [fallback ?? key];
  }
}

/**
 * A server error (HTTP `{detail, key, params}` or a frame `{reason, key, params}`) in words;
 * `nameOf(seat)`, where given, names the players its parameters point at.
 */
export function errorText(body, fallback = "", nameOf = null) {
  const said = (body && (body.reason || (typeof body.detail === "string" ? body.detail : ""))) || fallback;
  if (!body || typeof body.key !== "string" || !has(body.key)) return said;
  if (!nameOf) return t(body.key, body.params || {});
  // A {"seat": n} parameter is a player: their name on a game page, not "Player n".
  const place = (v) => ("seat" in v ? nameOf(Number(v.seat)) : plainValue(v, current));
  return parts(body.key, body.params || {}, place, said).join("");
}

/** The language switch: a labelled <select>, switching at once, remembered. */
export function langSwitch() {
  const doc = globalThis.document;
  const label = doc.createElement("label");
  label.className = "lang-switch";
  const text = doc.createElement("span");
  text.className = "visually-hidden";
  const select = doc.createElement("select");
  select.dataset.testid = "lang";
  for (const l of LANGS) {
    const opt = doc.createElement("option");
    opt.value = l.code;
    opt.textContent = l.name;
    opt.lang = l.code;
    select.append(opt);
  }
  const sync = () => {
    select.value = current;
    text.textContent = t("shell.language");
    select.setAttribute("aria-label", t("shell.language"));
  };
  select.addEventListener("change", () => setLang(select.value));
  onLang(sync);
  sync();
  label.append(text, select);
  return label;
}

// ---- words that follow the language (the shell's pages) ----
// A page builds its DOM once and keeps what the user typed, so a switch cannot redraw it:
// instead h() (static/dom.js) binds every Msg it is given, as a child or an attribute, and
// each switch rewords the bound text nodes and attributes in place. A binding whose node was
// changed by the page since (a different text written over it) is left alone.

/** A message worded when shown: `String(m)` gives the current language's words. */
export class Msg {
  constructor(fn) {
    this.fn = fn;
  }

  toString() {
    return this.fn();
  }
}

/** `t(key, params)` as a Msg: the page shows it, and rewords it after a switch. */
export function msg(key, params = {}) {
  return new Msg(() => t(key, params));
}

/** Any words computed at show time (a join of names, a server error) as a Msg. */
export function live(fn) {
  return new Msg(() => String(fn()));
}

/** A game's name in the current language (games.<id>.name), else the server's. */
export function gameName(id, fallback) {
  return has(`games.${id}.name`) ? t(`games.${id}.name`) : String(fallback || id || "");
}

/** A game's one-line blurb in the current language, else the server's English one. */
export function gameBlurb(id, fallback) {
  return has(`games.${id}.blurb`) ? t(`games.${id}.blurb`) : String(fallback || "");
}

/** gameName as a Msg (reworded after a switch). */
export const gameNameMsg = (id, fallback) => live(() => gameName(id, fallback));

const bindings = new Set(); // {ref: WeakRef(node), attr, m, last}
const MAX_BINDINGS = 4000;

function bind(node, attr, m, last) {
  if (bindings.size > MAX_BINDINGS) {
    for (const b of bindings) {
      const n = b.ref.deref();
      if (!n || !n.isConnected) bindings.delete(b);
    }
  }
  bindings.add({ ref: new WeakRef(node), attr, m, last });
}

/** A text node showing `m`, reworded after each switch (h() calls this for a Msg child). */
export function textOf(m) {
  const words = String(m);
  const node = globalThis.document.createTextNode(words);
  bind(node, null, m, words);
  return node;
}

/** Set attribute `name` of `el` to `m`, reworded after each switch. */
export function bindAttr(el, name, m) {
  const words = String(m);
  el.setAttribute(name, words);
  bind(el, name, m, words);
}

let title = null;

/** The tab title (a Msg or a string), reworded after each switch. */
export function setTitle(m) {
  title = m instanceof Msg ? m : null;
  if (globalThis.document) document.title = String(m);
}

function reword() {
  for (const b of bindings) {
    const node = b.ref.deref();
    if (!node) {
      bindings.delete(b);
      continue;
    }
    const now = b.attr ? node.getAttribute(b.attr) : node.data;
    if (now !== b.last) {
      bindings.delete(b); // the page wrote something else there since
      continue;
    }
    const words = String(b.m);
    if (b.attr) node.setAttribute(b.attr, words);
    else node.data = words;
    b.last = words;
  }
  if (title && globalThis.document) document.title = String(title);
}
globalThis.addEventListener?.("meja:lang", reword);

/** The text of static HTML marked `data-i18n="key"` (and `data-i18n-<attr>="key"`), kept worded. */
export function wordPage(root = globalThis.document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.replaceChildren(textOf(msg(el.dataset.i18n)));
  }
  for (const el of root.querySelectorAll("*")) {
    for (const a of [...el.attributes]) {
      if (a.name.startsWith("data-i18n-")) bindAttr(el, a.name.slice(10), msg(a.value));
    }
  }
}

const relativeFormats = new Map(); // lang -> Intl.RelativeTimeFormat (made once: see numberFormats)

/** Relative times ("3 minutes ago", "in 2 hours") in the current language (Intl). */
export function relativeTime(ms, now = Date.now()) {
  const diff = (ms - now) / 1000;
  const abs = Math.abs(diff);
  let fmt = relativeFormats.get(current);
  if (!fmt) {
    fmt = new Intl.RelativeTimeFormat(current, { numeric: "auto" });
    relativeFormats.set(current, fmt);
  }
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (abs >= size) return fmt.format(Math.round(diff / size), unit);
  }
  return fmt.format(Math.round(diff), "second");
}

/** A date and time in the current language (Intl.DateTimeFormat options). */
export function dateText(ms, opts) {
  return new Intl.DateTimeFormat(current, opts).format(new Date(ms));
}

/** "Ana", "Ana and Budi", "Ana, Budi and Citra" in the current language (Intl.ListFormat). */
export function listText(items) {
  // One name is itself ("Waiting for Ana", every turn line): no formatter to make.
  if (items.length === 1) return String(items[0]);
  try {
    let fmt = listFormats.get(current);
    if (!fmt) {
      fmt = new Intl.ListFormat(current, { type: "conjunction" });
      listFormats.set(current, fmt);
    }
    return fmt.format(items);
  } catch {
    return items.join(", ");
  }
}

const listFormats = new Map(); // lang -> Intl.ListFormat (made once: see numberFormats)
