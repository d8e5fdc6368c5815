// Renders a pydantic JSON schema (a game's options_schema) as form fields:
// booleans -> checkboxes, enums -> selects, ints -> number inputs with min/max, strings -> text.

import { h, humanize } from "/static/dom.js";
import { live, t } from "/static/i18n.js";
import { choiceLabel, optionText } from "/static/options.js";

function resolve(schema, root) {
  let s = schema || {};
  for (let guard = 0; guard < 8; guard++) {
    if (s.$ref) {
      const name = s.$ref.split("/").pop();
      const defs = root.$defs || root.definitions || {};
      s = { ...(defs[name] || {}), ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref")) };
    } else if (Array.isArray(s.allOf) && s.allOf.length === 1) {
      const { allOf, ...rest } = s;
      s = { ...resolve(allOf[0], root), ...rest };
    } else if (Array.isArray(s.anyOf)) {
      // Optional[X] is anyOf [X, null]: edit X.
      const { anyOf, ...rest } = s;
      const nonNull = anyOf.filter((x) => x.type !== "null");
      if (nonNull.length === 1) s = { ...resolve(nonNull[0], root), ...rest, nullable: true };
      else break;
    } else break;
  }
  return s;
}

function fieldKind(s) {
  if (Array.isArray(s.enum)) return "enum";
  if (s.const !== undefined) return "const";
  if (s.type === "boolean") return "boolean";
  if (s.type === "integer") return "integer";
  if (s.type === "number") return "number";
  if (s.type === "string") return "string";
  return "json";
}

/**
 * Build the option fields of a schema into `host`. Returns {read(): options, fields}.
 * Every field has data-testid="opt-<name>".
 */
export function buildOptionsForm(schema, host, game = null) {
  const props = (schema && schema.properties) || {};
  const readers = [];
  for (const [name, raw] of Object.entries(props)) {
    const s = resolve(raw, schema);
    const kind = fieldKind(s);
    const id = `opt-${name}`;
    // Worded by field name in the shell's catalogue (options.<game>.<field>), else the schema's.
    const title = live(() => optionText(game, name, null, raw.title || s.title || humanize(name)));
    const descText = raw.description || s.description;
    const desc = descText ? live(() => optionText(game, name, "help", descText)) : null;
    const def = raw.default !== undefined ? raw.default : s.default;
    const descEl = desc ? h("small", { class: "field-help", id: `${id}-help` }, desc) : null;
    const common = { id, name, "data-testid": id, "aria-describedby": desc ? `${id}-help` : null };
    if (kind === "const") {
      readers.push(() => [name, s.const]);
      continue;
    }
    if (kind === "boolean") {
      const input = h("input", { ...common, type: "checkbox", checked: def === true });
      host.appendChild(
        h("div", { class: "field field-check" }, [
          h("label", { for: id }, [input, h("span", null, title)]),
          descEl,
        ]),
      );
      readers.push(() => [name, input.checked]);
    } else if (kind === "enum") {
      const select = h(
        "select",
        common,
        s.enum.map((v, i) =>
          h("option", { value: String(i), selected: def !== undefined && v === def }, live(() => choiceLabel(s, v, game, name))),
        ),
      );
      host.appendChild(h("div", { class: "field" }, [h("label", { for: id }, title), select, descEl]));
      readers.push(() => [name, s.enum[Number(select.value)]]);
    } else if (kind === "integer" || kind === "number") {
      let min = s.minimum;
      let max = s.maximum;
      if (s.exclusiveMinimum !== undefined) min = kind === "integer" ? s.exclusiveMinimum + 1 : s.exclusiveMinimum;
      if (s.exclusiveMaximum !== undefined) max = kind === "integer" ? s.exclusiveMaximum - 1 : s.exclusiveMaximum;
      const input = h("input", {
        ...common,
        type: "number",
        inputmode: kind === "integer" ? "numeric" : "decimal",
        min,
        max,
        step: kind === "integer" ? (s.multipleOf || 1) : "any",
        value: def !== undefined && def !== null ? String(def) : "",
        required: !s.nullable && def === undefined,
      });
      const label = min !== undefined && max !== undefined ? live(() => t("form.range", { title: String(title), min, max })) : title;
      host.appendChild(
        h("div", { class: "field" }, [h("label", { for: id }, label), input, descEl]),
      );
      readers.push(() => {
        if (input.value === "") return [name, s.nullable ? null : undefined];
        const v = kind === "integer" ? parseInt(input.value, 10) : parseFloat(input.value);
        return [name, v];
      });
    } else if (kind === "string") {
      const input = h("input", { ...common, type: "text", value: def ?? "", maxlength: s.maxLength });
      host.appendChild(h("div", { class: "field" }, [h("label", { for: id }, title), input, descEl]));
      readers.push(() => [name, input.value]);
    } else {
      // Anything richer (lists, objects): a JSON text box, so the option stays settable.
      const input = h("textarea", { ...common, rows: 2 }, def !== undefined ? JSON.stringify(def) : "");
      host.appendChild(
        h("div", { class: "field" }, [h("label", { for: id }, live(() => t("form.json", { title: String(title) }))), input, descEl]),
      );
      readers.push(() => {
        if (!input.value.trim()) return [name, undefined];
        try {
          return [name, JSON.parse(input.value)];
        } catch {
          throw new Error(t("form.bad_json", { title: String(title) }));
        }
      });
    }
  }
  return {
    count: readers.length,
    read() {
      const out = {};
      for (const r of readers) {
        const [k, v] = r();
        if (v !== undefined) out[k] = v;
      }
      return out;
    },
  };
}
