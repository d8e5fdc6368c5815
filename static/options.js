// A table's options in words ("Simplified: off", "Board side: Asian"), from the game's
// options schema: each option's title and description, choices by their labels.

import { h, humanize } from "/static/dom.js";

let gamesPromise = null;

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

function field(schema, name) {
  let s = schema?.properties?.[name] || {};
  const top = s;
  const defs = schema?.$defs || schema?.definitions || {};
  if (s.$ref) s = { ...(defs[s.$ref.split("/").pop()] || {}), ...s };
  if (Array.isArray(s.allOf) && s.allOf.length === 1) s = { ...s.allOf[0], ...s };
  return { s, title: top.title || s.title, description: top.description || s.description };
}

/** A choice's label: a oneOf entry's title, an x-labels entry, or the value in words. */
export function choiceLabel(s, value) {
  const entry = Array.isArray(s.oneOf) ? s.oneOf.find((o) => o.const === value) : null;
  if (entry?.title) return entry.title;
  const labels = s["x-labels"] || s["x-enum-labels"];
  if (labels && typeof labels === "object" && labels[String(value)]) return labels[String(value)];
  return humanize(String(value));
}

/** One option's value in words. */
export function valueText(s, value) {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (value === null || value === undefined) return "none";
  if (Array.isArray(s.enum) || Array.isArray(s.oneOf)) return choiceLabel(s, value);
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText({}, v)).join(", ") : "none";
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${humanize(k)}: ${valueText({}, v)}`).join("; ");
  return String(value);
}

/** [{name, title, value, description}] for each option the table was opened with. */
export function describeOptions(schema, options) {
  return Object.entries(options || {}).map(([name, value]) => {
    const { s, title, description } = field(schema, name);
    return { name, title: title || humanize(name), value: valueText(s, value), description: description || "" };
  });
}

/** The options as a list of "Title: value" lines, each with its description; null if none. */
export function optionsList(schema, options) {
  const items = describeOptions(schema, options);
  if (!items.length) return null;
  return h(
    "ul",
    { class: "options-list", "data-testid": "options", "aria-label": "Game options" },
    items.map((o) =>
      h("li", { "data-testid": `option-${o.name}` }, [
        h("span", { class: "option-text" }, [h("strong", null, `${o.title}: `), o.value]),
        o.description ? h("small", { class: "muted option-help" }, o.description) : null,
      ]),
    ),
  );
}
