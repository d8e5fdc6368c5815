// static/i18n.js formats every case engines/messages.py formats, the same way
// (tests/engines/messages_cases.json), and picks a first visit's language from the browser's.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { format, formatParts, listText, preferredLang, provide, t } from "../../static/i18n.js";

const CASES = JSON.parse(readFileSync(new URL("../engines/messages_cases.json", import.meta.url), "utf8"));

for (const c of CASES) {
  test(`formats ${c.pattern.slice(0, 40)} (${c.lang})`, () => {
    assert.equal(format(c.pattern, c.params, c.lang), c.expected);
  });
}

test("a bad pattern throws, as the server's does", () => {
  for (const bad of ["{", "}", "{n, plural, one {x}}", "{n, frobnicate}", "'{unclosed"]) {
    assert.throws(() => format(bad, {}, "en"), Error, bad);
  }
});

test("object parameters go through the caller's place function (names stay nodes)", () => {
  const parts = formatParts("{p} drove to {c}", { p: { seat: 0 }, c: { cell: "1,2" } }, "en", (v) => ({ node: v }));
  assert.deepEqual(parts, [{ node: { seat: 0 } }, " drove to ", { node: { cell: "1,2" } }]);
});

test("the browser's languages choose the first visit's language", () => {
  assert.equal(preferredLang(["id-ID", "en"]), "id");
  assert.equal(preferredLang(["ms-MY"]), "ms");
  assert.equal(preferredLang(["in"]), "id");
  assert.equal(preferredLang(["fr-FR", "ms"]), "ms");
  assert.equal(preferredLang(["fr-FR"]), "en");
  assert.equal(preferredLang([]), "en");
});

test("t falls back to English, then to the key", () => {
  provide("en", { "x.hello": "Hello {name}", "x.only_en": "Only English" });
  provide("id", { "x.hello": "Halo {name}" });
  assert.equal(t("x.hello", { name: "Budi" }, "id"), "Halo Budi");
  assert.equal(t("x.only_en", {}, "id"), "Only English");
  assert.equal(t("x.nowhere", {}, "id"), "x.nowhere");
});

test("whole numbers and their plural forms read as Intl reads them, in every language here", () => {
  // static/i18n.js words small whole numbers without a formatter (a phone's first paint):
  // the result must be Intl's own, so the shortcut can never show another number.
  const pattern = "{n, number} {n, plural, one {point} other {points}}";
  for (const lang of ["en", "id", "ms"]) {
    const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
    const plural = new Intl.PluralRules(lang);
    for (const n of [0, 1, 2, 5, 21, 101, 999, 1000, 1234, 2.5, -1]) {
      const form = plural.select(n) === "one" ? "point" : "points";
      assert.equal(format(pattern, { n }, lang), `${number.format(n)} ${form}`, `${lang} ${n}`);
    }
  }
});

test("a list of names reads as Intl reads it, one name as itself", () => {
  const intl = new Intl.ListFormat("en", { type: "conjunction" });
  for (const names of [["Ana"], ["Ana", "Budi"], ["Ana", "Budi", "Citra"]]) {
    assert.equal(listText(names), intl.format(names));
  }
});
