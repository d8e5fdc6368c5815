// Display names, checked in the page exactly as the server checks them (app/store.py
// clean_name): control characters become spaces, runs of spaces collapse, and the length is
// counted in characters (code points), so an emoji counts once in the page and on the server.
// A `maxlength` attribute counts UTF-16 units and would cut the 21st emoji in half.

import { h, setText } from "/static/dom.js";
import { live, t } from "/static/i18n.js";

/** The server's limit (app/store.py MAX_NAME). */
export const MAX_NAME = 40;

/** The name as the server will store it. */
export function cleanName(raw) {
  return String(raw ?? "").replace(/[\x00-\x1f\x7f]/g, " ").split(/\s+/).filter(Boolean).join(" ");
}

/** Characters (code points) of a string, as Python's len() counts them. */
export function nameLength(name) {
  return [...name].length;
}

/** Why the server would refuse this name, in a sentence; null when it is fine. */
export function nameProblem(raw) {
  const name = cleanName(raw);
  if (!name) return t("names.empty");
  const n = nameLength(name);
  if (n > MAX_NAME) return t("names.too_long", { max: MAX_NAME, n });
  return null;
}

/**
 * A name text box with its own message line: the message appears as soon as the name is too
 * long (before anything is sent) and `check()` returns the cleaned name or null.
 */
export function nameField({ id, testid, label, value, placeholder }) {
  const message = h("p", { class: "error-text field-help", id: `${id}-error`, "data-testid": `${testid}-error`, role: "alert", hidden: true });
  const input = h("input", {
    id,
    type: "text",
    "data-testid": testid,
    required: true,
    autocomplete: "nickname",
    value,
    placeholder,
    "aria-describedby": `${id}-error`,
  });
  const show = (problem) => {
    // Worded again after a language switch (for the name as it is then).
    setText(message, problem ? live(() => nameProblem(input.value) || problem) : "");
    message.hidden = !problem;
    input.setAttribute("aria-invalid", problem ? "true" : "false");
  };
  input.addEventListener("input", () => {
    const problem = nameProblem(input.value);
    // An empty box while typing is not worth a warning yet; an over-long one is.
    show(problem && cleanName(input.value) ? problem : null);
  });
  const el = h("div", { class: "field" }, [h("label", { for: id }, label), input, message]);
  return {
    el,
    input,
    check() {
      const problem = nameProblem(input.value);
      show(problem);
      if (problem) {
        input.focus();
        return null;
      }
      return cleanName(input.value);
    },
  };
}
