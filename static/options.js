// A table's options in words ("Simplified: off", "Board side: Asian"), from the game's
// options schema: each option's title and description, choices by their labels.

import { add, clear, h, humanize } from "/static/dom.js";
import { has, msg, t } from "/static/i18n.js";

let gamesPromise = null;

// A game's name and blurb are words (static/i18n.js): the game page needs the name before
// this module, which it imports after the board is drawn (issue 42).
export { gameBlurb, gameName, gameNameMsg } from "/static/i18n.js";

/**
 * An option's words: options.<game>.<field> (its title), options.<game>.<field>.help (its
 * description), options.<game>.<field>.<value> (a choice); else the schema's English.
 */
export function optionText(game, field, part, fallback) {
  const key = part ? `options.${game}.${field}.${part}` : `options.${game}.${field}`;
  return game && has(key) ? t(key) : fallback;
}

/** The options schema of a game kind (null when the server does not list it). */
export async function optionsSchema(api, kind) {
  gamesPromise ||= api("GET", "/games").catch((err) => {
    gamesPromise = null;
    throw err;
  });
  try {
    const games = await gamesPromise;
    return games.find((g) => g.id === kind)?.options_schema || null;
  } catch {
    return null;
  }
}

function field(schema, name, game) {
  let s = schema?.properties?.[name] || {};
  const top = s;
  const defs = schema?.$defs || schema?.definitions || {};
  if (s.$ref) s = { ...(defs[s.$ref.split("/").pop()] || {}), ...s };
  if (Array.isArray(s.allOf) && s.allOf.length === 1) s = { ...s.allOf[0], ...s };
  return { s, title: optionText(game, name, null, top.title || s.title),
    description: optionText(game, name, "help", top.description || s.description) };
}

/** A choice's label: a oneOf entry's title, an x-labels entry, or the value in words. */
export function choiceLabel(s, value, game = null, name = null) {
  if (game && name && has(`options.${game}.${name}.${value}`)) return t(`options.${game}.${name}.${value}`);
  const entry = Array.isArray(s.oneOf) ? s.oneOf.find((o) => o.const === value) : null;
  if (entry?.title) return entry.title;
  const labels = s["x-labels"] || s["x-enum-labels"];
  if (labels && typeof labels === "object" && labels[String(value)]) return labels[String(value)];
  return humanize(String(value));
}

/** One option's value in words. */
export function valueText(s, value, game = null, name = null) {
  if (typeof value === "boolean") return value ? t("options.on") : t("options.off");
  if (value === null || value === undefined) return t("options.none");
  if (Array.isArray(s.enum) || Array.isArray(s.oneOf)) return choiceLabel(s, value, game, name);
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText({}, v)).join(", ") : t("options.none");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${humanize(k)}: ${valueText({}, v)}`).join("; ");
  return String(value);
}

/** [{name, title, value, description}] for each option the table was opened with. */
export function describeOptions(schema, options, game = null) {
  return Object.entries(options || {}).map(([name, value]) => {
    const { s, title, description } = field(schema, name, game);
    return { name, title: title || humanize(name), value: valueText(s, value, game, name), description: description || "" };
  });
}

/** The options as a list of "Title: value" lines, each with its description; null if none. */
export function optionsList(schema, options, game = null) {
  const items = describeOptions(schema, options, game);
  if (!items.length) return null;
  return h(
    "ul",
    { class: "options-list", "data-testid": "options", "aria-label": msg("options.title") },
    items.map((o) =>
      h("li", { "data-testid": `option-${o.name}` }, [
        h("span", { class: "option-text" }, [h("strong", null, t("options.line_title", { title: o.title })), o.value]),
        o.description ? h("small", { class: "muted option-help" }, o.description) : null,
      ]),
    ),
  );
}

/** The game page's panel of the table's options in words (hidden for a table without any). */
export class OptionsPanel {
  /** api: static/api.js's api (the games' options schemas are asked once per page). */
  constructor(api) {
    this.api = api;
    this.el = h("section", { class: "panel options-panel", "aria-labelledby": "options-h", hidden: true });
  }

  /** Draw (or word again) `options` of a table of `game`; nothing once `closed()`. */
  async draw(game, options, closed = () => false) {
    if (!Object.keys(options || {}).length) return;
    const schema = await optionsSchema(this.api, game);
    if (closed()) return;
    add(clear(this.el), h("h3", { class: "panel-title", id: "options-h" }, t("game.options")),
      optionsList(schema, options, game));
    this.el.hidden = false;
  }
}
