// Every game's client is one folder: an index.js the shell can load (createRenderer, and a
// stylesheet that exists), models that load without a DOM, and no module over 400 lines.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const GAMES = new URL("../../static/games/", import.meta.url);
const games = readdirSync(GAMES).filter((d) => statSync(new URL(d, GAMES)).isDirectory());

test("the four games have their folders", () => {
  for (const g of ["indonesia", "jakarta-traffic", "kaki-lima", "tuk-tuk-taxi"]) assert.ok(games.includes(g), g);
});

// One shape for every game (docs/client.md, "A renderer's modules"): the same role in the
// same file, so what is learnt in one folder holds in the others.
const ROLES = ["index.js", "model.js", "words.js", "board.js", "panels.js", "help.js", "i18n/en.json"];

for (const game of games) {
  test(`${game}: has the file of every role, and its model and words load without a DOM`, async () => {
    const dir = new URL(`${game}/`, GAMES);
    const missing = [...ROLES, `${game}.css`].filter((f) => !existsSync(new URL(f, dir)));
    assert.deepEqual(missing, []);
    for (const pure of ["model.js", "words.js"]) {
      const mod = await import(pathToFileURL(fileURLToPath(new URL(pure, dir))).href);
      assert.ok(Object.keys(mod).length > 0, `${game}/${pure} exports nothing`);
    }
  });

  test(`${game}: index.js exports createRenderer and links a stylesheet that exists`, async () => {
    const mod = await import(pathToFileURL(fileURLToPath(new URL(`${game}/index.js`, GAMES))).href);
    assert.equal(typeof mod.createRenderer, "function");
    assert.ok(mod.stylesheet, "a stylesheet URL");
    assert.ok(existsSync(fileURLToPath(mod.stylesheet)), mod.stylesheet);
  });

  test(`${game}: no module over 400 lines, no CSS inside the JavaScript`, () => {
    for (const f of readdirSync(new URL(`${game}/`, GAMES)).filter((n) => n.endsWith(".js"))) {
      const text = readFileSync(new URL(`${game}/${f}`, GAMES), "utf8");
      assert.ok(text.split("\n").length <= 400, `${game}/${f} has ${text.split("\n").length} lines`);
      assert.ok(!/h\("style"/.test(text), `${game}/${f} builds a <style> element`);
    }
  });
}
