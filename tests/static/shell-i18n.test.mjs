// The shell's words (issue 16): every key the shell's modules name is in the English
// catalogue (the catalogue check finds unused keys, this finds missing ones, which would show
// as raw keys), server refusals are worded from their key or shown in their English
// sentence, a Msg follows the language, and times and plurals come from Intl.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { Msg, dateText, errorText, live, msg, provide, relativeTime, setLang, t } from "../../static/i18n.js";

const read = (rel) => JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8"));
const SHELL = { en: read("../../static/i18n/en.json"), id: read("../../static/i18n/id.json"), ms: read("../../static/i18n/ms.json") };
for (const [code, cat] of Object.entries(SHELL)) provide(code, cat);

const STATIC = new URL("../../static/", import.meta.url);
const sources = readdirSync(STATIC).filter((f) => f.endsWith(".js") || f.endsWith(".html"))
  .map((f) => [f, readFileSync(new URL(f, STATIC), "utf8")]);

test("every literal key the shell names is in the English catalogue", () => {
  const missing = [];
  const pattern = /(?:\bmsg|\bt|\bbtn\("[a-z-]+",)\(?\s*"([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)"|data-i18n(?:-[a-z-]+)?="([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)"/g;
  for (const [file, text] of sources) {
    for (const m of text.matchAll(pattern)) {
      const key = m[1] || m[2];
      // Keys of other catalogues (boards, engines, the server) are not the shell's.
      if (/^(api|mail|hook|base)\./.test(key)) continue;
      if (!(key in SHELL.en)) missing.push(`${file}: ${key}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("a refusal with a known key is worded in the language; without one its sentence shows", async () => {
  provide("en", { ...SHELL.en, "api.lobby_full": "All {seats} seats are taken." });
  provide("ms", { ...SHELL.ms, "api.lobby_full": "Kesemua {seats} kerusi sudah diisi." });
  await setLang("ms", { remember: false });
  assert.equal(errorText({ detail: "All 2 seats are taken.", key: "api.lobby_full", params: { seats: 2 } }),
    "Kesemua 2 kerusi sudah diisi.");
  // A key this page does not know yet (a newer server): the English sentence, not the key.
  assert.equal(errorText({ detail: "Something new.", key: "api.not_in_catalogue" }), "Something new.");
  assert.equal(errorText({ reason: "No route there.", code: "rule" }), "No route there.");
  assert.equal(errorText({}, "fallback"), "fallback");
  await setLang("en", { remember: false });
});

test("a Msg is worded again in whichever language is current when shown", async () => {
  const m = msg("game.turn.waiting_for", { names: "Budi" });
  assert.ok(m instanceof Msg);
  await setLang("id", { remember: false });
  assert.equal(String(m), "Menunggu Budi");
  await setLang("ms", { remember: false });
  assert.equal(`${live(() => t("game.turn.yours"))}`, "Giliran anda");
  await setLang("en", { remember: false });
  assert.equal(String(m), "Waiting for Budi");
});

test("plurals follow each language's rules", () => {
  assert.equal(t("clock.span.day", { n: 1 }, "en"), "1 day");
  assert.equal(t("clock.span.day", { n: 3 }, "en"), "3 days");
  assert.equal(t("clock.span.day", { n: 1 }, "id"), "1 hari");
  assert.equal(t("replay.moves", { n: 12 }, "ms"), "12 gerakan");
  assert.equal(t("takeback.ask", { n: 1 }, "en"), "Ask to take back your move");
  assert.equal(t("takeback.ask", { n: 3 }, "id"), "Minta membatalkan langkah Anda (3 langkah)");
});

test("relative times and dates come from Intl in the current language", async () => {
  const now = Date.UTC(2026, 0, 5, 12, 0, 0);
  assert.equal(relativeTime(now - 3 * 60000, now), "3 minutes ago");
  assert.equal(relativeTime(now + 2 * 3600000, now), "in 2 hours");
  await setLang("id", { remember: false });
  assert.equal(relativeTime(now - 3 * 60000, now), "3 menit yang lalu");
  assert.match(dateText(now, { weekday: "long", timeZone: "UTC" }), /Senin/);
  await setLang("ms", { remember: false });
  assert.equal(relativeTime(now - 3 * 60000, now), "3 minit lalu");
  assert.match(dateText(now, { weekday: "long", timeZone: "UTC" }), /Isnin/);
  await setLang("en", { remember: false });
});
