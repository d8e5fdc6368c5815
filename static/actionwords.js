// Actions in words, for the parts of the page that show an action from its JSON (the
// generic action panel, the confirm bar): the engine's action types, field names and some
// values are words of the catalogues, in the viewer's language -
//   fallback.action.<game>.<type>          "Place the sign"
//   fallback.field.<game>.<field>          "square"
//   fallback.value.<game>.<field>.<value>  "north" (a direction "N")
// and a value may also be the engine's own term named after its field (indonesia.track.hull,
// indonesia.sea.128) or the board's word for a place (the renderer's describe({field: v})).
// A game without those keys (a new one) still shows its engine's names, humanized.
// No DOM here, so the words are testable under Node.

// Relative imports (the same modules as /static/...): Node's tests load this file too.
import { humanize } from "./dom.js";
import { has, t } from "./i18n.js";

/** The words of an action type ("Place the sign"). */
export function actionWord(game, type) {
  const key = `fallback.action.${game}.${type}`;
  return has(key) ? t(key) : humanize(type);
}

/** The words of a field, in lower case as it reads inside a sentence ("square"). */
export function fieldWord(game, field) {
  const key = `fallback.field.${game}.${field}`;
  return has(key) ? t(key) : humanize(field).toLowerCase();
}

/** The words of a field's name at the start of a label ("Square"). */
export function fieldTitle(game, field) {
  const word = fieldWord(game, field);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function placeWord(describe, field, value) {
  if (!describe) return null;
  try {
    const said = describe({ [field]: value });
    return typeof said === "string" && said ? said : null;
  } catch {
    return null; // a board that cannot name it: the value as it is
  }
}

/** The words of one value of a field ("north", "Hull", "yes", a place's name). */
export function valueWord(game, field, value, describe = null) {
  if (value === null || value === undefined) return t("options.none");
  if (Array.isArray(value)) return value.map((v) => valueWord(game, field, v, describe)).join(", ");
  if (typeof value === "boolean") return t(value ? "fallback.yes" : "fallback.no");
  if (typeof value === "object") return JSON.stringify(value);
  const own = `fallback.value.${game}.${field}.${value}`;
  if (has(own)) return t(own);
  const term = `${game}.${field}.${value}`;
  if (has(term)) return t(term);
  return placeWord(describe, field, value) ?? String(value);
}

/** "square 0,4, direction north": the fields of an action (or a template's fixed ones). */
export function fieldsText(game, fields, describe = null) {
  return Object.entries(fields)
    .map(([k, v]) => t("fallback.pair", { field: fieldWord(game, k), value: valueWord(game, k, v, describe) }))
    .join(", ");
}

/** A move in words for the confirm bar ("Place the sign: square 0,4, direction north"). */
export function describeAction(game, action, describe = null) {
  const { type, ...fields } = action || {};
  const title = type === undefined ? t("fallback.move") : actionWord(game, type);
  const rest = fieldsText(game, fields, describe);
  return rest ? t("fallback.described", { action: title, fields: rest }) : title;
}
