// The generic action panel: turns legal-action templates into buttons and inputs
// ($range -> number input bound to the range, $choice -> select), so every game stays
// playable even without (or beyond) its board renderer. Types, fields and values are worded
// by static/actionwords.js in the viewer's language.

import { actionWord, fieldTitle, fieldsText, valueWord } from "./actionwords.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { fixedPart, isOpen, isRange, openFields, rangeOf } from "./templates.js";

/** "row 2, column 3" for a template's fixed fields (everything but type and open fields). */
export function fixedSummary(tpl, game = "", describe = null) {
  const fixed = Object.fromEntries(Object.entries(tpl).filter(([k, v]) => k !== "type" && !isOpen(v)));
  return fieldsText(game, fixed, describe);
}

let uid = 0;

/** Inputs for a template's open fields; returns {el, read()} (read builds the concrete action). */
function fieldsFor(tpl, game, describe) {
  const readers = [];
  const el = h("div", { class: "fa-fields" });
  for (const [key, spec] of openFields(tpl)) {
    const id = `fa-${++uid}`;
    if (isRange(spec)) {
      const [lo, hi, step] = rangeOf(spec);
      const input = h("input", {
        id, type: "number", inputmode: "numeric", min: lo, max: hi, step, value: String(lo),
        "data-field": key, required: true,
      });
      el.appendChild(h("label", { for: id, class: "fa-field" }, [h("span", null, `${fieldTitle(game, key)} (${lo}–${hi})`), input]));
      readers.push(() => {
        const v = Number(input.value);
        if (input.value.trim() === "" || !Number.isInteger(v)) {
          throw new Error(t("fallback.whole_number", { field: fieldTitle(game, key) }));
        }
        // Range and step are the server's to judge: its answer is a sentence the player reads.
        return [key, v];
      });
    } else {
      const opts = spec.$choice;
      const select = h("select", { id, "data-field": key },
        opts.map((o, i) => h("option", { value: String(i) }, valueWord(game, key, o, describe))));
      el.appendChild(h("label", { for: id, class: "fa-field" }, [h("span", null, fieldTitle(game, key)), select]));
      readers.push(() => [key, opts[Number(select.value)]]);
    }
  }
  return {
    el,
    read() {
      const action = fixedPart(tpl);
      for (const r of readers) {
        const [k, v] = r();
        action[k] = v;
      }
      return action;
    },
  };
}

const MAX_BUTTONS = 12;

/**
 * Draw the templates into host. send(action) -> Promise. Groups templates by type:
 * a few fixed ones become buttons; many, or ones with open fields, get a variant select
 * plus inputs for the open fields. `game` (its id) picks the words; `describe(ref)` is the
 * board's word for a place, if it has one.
 */
export function renderFallback(host, templates, send, game = "", describe = null) {
  clear(host);
  if (!templates || !templates.length) {
    host.hidden = true;
    return;
  }
  host.hidden = false;
  host.appendChild(h("h3", { class: "panel-title" }, t("fallback.actions")));
  const groups = new Map();
  for (const t of templates) {
    const type = t.type ?? "action";
    if (!groups.has(type)) groups.set(type, []);
    groups.get(type).push(t);
  }
  let busy = false;
  const run = async (btn, build) => {
    if (busy) return;
    let action;
    try {
      action = build();
    } catch (err) {
      host.dispatchEvent(new CustomEvent("fallback-error", { detail: err.message, bubbles: true }));
      return;
    }
    busy = true;
    btn.disabled = true;
    try {
      await send(action);
    } catch {
      /* the shell shows the reason */
    } finally {
      busy = false;
      btn.disabled = false;
    }
  };
  for (const [type, list] of groups) {
    const title = actionWord(game, String(type));
    const group = h("div", { class: "fa-group", "data-type": String(type) });
    const simple = list.every((t) => openFields(t).length === 0);
    if (simple && list.length <= MAX_BUTTONS) {
      const row = h("div", { class: "fa-buttons" });
      for (const t of list) {
        const summary = fixedSummary(t, game, describe);
        const btn = h("button", { type: "button", class: "btn btn-action", "data-action": JSON.stringify(t) },
          summary ? `${title}: ${summary}` : title);
        btn.addEventListener("click", () => run(btn, () => ({ ...t })));
        row.appendChild(btn);
      }
      group.appendChild(row);
    } else if (list.length === 1) {
      const t = list[0];
      const fields = fieldsFor(t, game, describe);
      const summary = fixedSummary(t, game, describe);
      const btn = h("button", { type: "submit", class: "btn btn-action" }, title);
      const form = h("form", { class: "fa-form", novalidate: true }, [
        summary ? h("span", { class: "muted small" }, summary) : null, fields.el, btn,
      ]);
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        run(btn, () => fields.read());
      });
      group.appendChild(form);
    } else {
      const id = `fa-${++uid}`;
      const variant = h("select", { id, class: "fa-variant" },
        list.map((t, i) => h("option", { value: String(i) }, fixedSummary(t, game, describe) || `${title} ${i + 1}`)));
      const fieldsHost = h("div");
      let fields = null;
      const pick = () => {
        fields = fieldsFor(list[Number(variant.value)], game, describe);
        clear(fieldsHost).appendChild(fields.el);
      };
      variant.addEventListener("change", pick);
      pick();
      const btn = h("button", { type: "submit", class: "btn btn-action" }, title);
      const form = h("form", { class: "fa-form", novalidate: true }, [
        h("label", { for: id, class: "fa-field" }, [h("span", null, t("fallback.options", { title, n: list.length })), variant]),
        fieldsHost,
        btn,
      ]);
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        run(btn, () => fields.read());
      });
      group.appendChild(form);
    }
    host.appendChild(group);
  }
}
