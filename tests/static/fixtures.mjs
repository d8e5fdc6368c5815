// Loads the documents tests/static/make_fixtures.py saved from real engine play.
import { readFileSync } from "node:fs";

/** {game, data, docs: {kind: doc}} of one game. */
export function fixture(game) {
  return JSON.parse(readFileSync(new URL(`./fixtures/${game}.json`, import.meta.url), "utf8"));
}
