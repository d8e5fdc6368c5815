// Actions in words (static/actionwords.js): the generic action panel and the confirm bar show
// an action's type, fields and values in the viewer's language, never the engine's field
// names, and a game without words still shows its engine's names.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { actionWord, describeAction, fieldTitle, valueWord } from "../../static/actionwords.js";
import { fixedSummary } from "../../static/templates-fallback.js";
import { provide, setLang } from "../../static/i18n.js";

const read = (rel) => JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8"));
for (const lang of ["en", "id", "ms"]) {
  provide(lang, { ...read(`../../static/i18n/${lang}.json`), ...read(`../../engines/indonesia/i18n/${lang}.json`) });
}

const sign = { type: "place", cell: "0,4", direction: "N" };

test("the confirm bar's move reads in each language", async () => {
  const said = {};
  for (const lang of ["en", "id", "ms"]) {
    await setLang(lang, { remember: false });
    said[lang] = describeAction("tuk-tuk-taxi", sign);
  }
  await setLang("en", { remember: false });
  assert.deepEqual(said, {
    en: "Place the sign: square 0,4, direction north",
    id: "Pasang rambu: petak 0,4, arah utara",
    ms: "Letakkan papan tanda: petak 0,4, arah utara",
  });
});

test("values are the engine's terms, the board's places, yes or no", async () => {
  await setLang("ms", { remember: false });
  assert.equal(describeAction("indonesia", { type: "research", track: "hull", player: 1 }),
    "Naikkan penyelidikan: bidang penyelidikan Badan kapal, untuk pemain 1");
  assert.equal(valueWord("indonesia", "sea", 128), "Laut Riau");
  const describe = (ref) => (ref.area === 50 ? "Aceh A" : null);
  assert.equal(describeAction("indonesia", { type: "expand", area: 50 }, describe), "Luaskan: kawasan Aceh A");
  assert.equal(valueWord("kaki-lima", "accept", false), "tidak");
  await setLang("id", { remember: false });
  assert.equal(fixedSummary({ type: "answer_clearing", accept: true, card: { $choice: ["L10"] } }, "kaki-lima"),
    "setuju ya");
  assert.equal(fieldTitle("jakarta-traffic", "x"), "Kolom");
  assert.equal(actionWord("race", "advance"), "Maju");
  await setLang("en", { remember: false });
});

test("a game without words keeps its engine's names, humanized", () => {
  assert.equal(describeAction("new-game", { type: "move_taxi", to_cell: 3 }), "Move taxi: to cell 3");
  assert.equal(describeAction("new-game", {}), "Move");
  assert.equal(fixedSummary({ type: "x", spot: null }, "new-game"), "spot none");
});
